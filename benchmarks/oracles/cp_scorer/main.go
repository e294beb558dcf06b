// A local oracle (not part of the product, not run in CI): reads seasons as JSON on stdin,
// scores each with gnutterts/chesspairing's Keizer scorer and writes the scores as JSON.
// Driven by benchmarks/oracle_chesspairing.py.
package main

import (
	"context"
	"encoding/json"
	"os"

	cp "github.com/gnutterts/chesspairing"
	"github.com/gnutterts/chesspairing/scoring/keizer"
)

type game struct {
	White, Black, Result string
	Forfeit              bool
}

type bye struct {
	Player string
	Type   int
}

type round struct {
	Games []game
	Byes  []bye
}

type player struct {
	Name           string
	Rating, Joined int
	WithdrawnAfter *int
}

type request struct {
	Players []player
	Rounds  []round
	Current int
	Options map[string]any
}

type score struct {
	Name  string
	Score float64
	Rank  int
}

func main() {
	var reqs []request
	if err := json.NewDecoder(os.Stdin).Decode(&reqs); err != nil {
		panic(err)
	}
	out := make([][]score, 0, len(reqs))
	for _, q := range reqs {
		st := &cp.TournamentState{CurrentRound: q.Current}
		for _, p := range q.Players {
			st.Players = append(st.Players, cp.PlayerEntry{ID: p.Name, DisplayName: p.Name,
				Rating: p.Rating, JoinedRound: p.Joined, WithdrawnAfterRound: p.WithdrawnAfter})
		}
		for i, r := range q.Rounds {
			rd := cp.RoundData{Number: i + 1}
			for _, g := range r.Games {
				rd.Games = append(rd.Games, cp.GameData{WhiteID: g.White, BlackID: g.Black,
					Result: cp.GameResult(g.Result), IsForfeit: g.Forfeit})
			}
			for _, b := range r.Byes {
				rd.Byes = append(rd.Byes, cp.ByeEntry{PlayerID: b.Player, Type: cp.ByeType(b.Type)})
			}
			st.Rounds = append(st.Rounds, rd)
		}
		scores, err := keizer.NewFromMap(q.Options).Score(context.Background(), st)
		if err != nil {
			panic(err)
		}
		row := make([]score, 0, len(scores))
		for _, s := range scores {
			row = append(row, score{s.PlayerID, s.Score, s.Rank})
		}
		out = append(out, row)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
