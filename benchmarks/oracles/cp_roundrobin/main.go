// The Go side of benchmarks/oracle_roundrobin.py (a local oracle, outside CI): random round
// robins paired by chesspairing's pairing/roundrobin, random results, chesspairing's standard
// scores and every tie-breaker of its tiebreaker package, as JSON on stdout.
//
//	cp_roundrobin -tables 200 -seed 1 [-forfeits 0.1]
//
// Players are P01..Pnn in pairing-number order (3 to 20 of them); a table is single or double
// (a double one with or without the swap of the first cycle's last two rounds).  An odd
// field's free round (the pairer's bye) is recorded for the scorer and the tie-breakers as no
// game and no bye: a round without points.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"sort"

	cp "github.com/gnutterts/chesspairing"
	"github.com/gnutterts/chesspairing/pairing/roundrobin"
	"github.com/gnutterts/chesspairing/scoring/standard"
	"github.com/gnutterts/chesspairing/tiebreaker"
)

type round struct {
	Round int         `json:"round"`
	Games [][3]string `json:"games"` // white, black, result, in board order
	Bye   string      `json:"bye"`
}

type table struct {
	Players   []string                      `json:"players"`
	Ratings   map[string]int                `json:"ratings"`
	Cycles    int                           `json:"cycles"`
	Swap      bool                          `json:"swap"`
	Rounds    []round                       `json:"rounds"`
	Scores    map[string]float64            `json:"scores"`
	Ranks     map[string]int                `json:"ranks"`
	Tiebreaks map[string]map[string]float64 `json:"tiebreaks"`
}

func result(rng *rand.Rand, forfeits float64) (cp.GameResult, bool) {
	if rng.Float64() < forfeits {
		if rng.Intn(2) == 0 {
			return cp.ResultForfeitWhiteWins, true
		}
		return cp.ResultForfeitBlackWins, true
	}
	switch x := rng.Intn(10); {
	case x < 4:
		return cp.ResultWhiteWins, false
	case x < 7:
		return cp.ResultDraw, false
	default:
		return cp.ResultBlackWins, false
	}
}

func one(ctx context.Context, rng *rand.Rand, forfeits float64) (table, error) {
	n := 3 + rng.Intn(18)
	cycles := 1 + rng.Intn(2)
	swap := cycles == 1 || rng.Intn(3) > 0
	t := table{Cycles: cycles, Swap: swap, Ratings: map[string]int{}, Scores: map[string]float64{},
		Ranks: map[string]int{}, Tiebreaks: map[string]map[string]float64{}}
	state := &cp.TournamentState{}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("P%02d", i)
		t.Players = append(t.Players, id)
		t.Ratings[id] = 1200 + rng.Intn(1200)
		state.Players = append(state.Players, cp.PlayerEntry{ID: id, DisplayName: id,
			Rating: t.Ratings[id]})
	}
	pairer := roundrobin.New(roundrobin.Options{Cycles: &cycles, SwapLastTwoRounds: &swap})
	total := (n + n%2 - 1) * cycles
	for r := 1; r <= total; r++ {
		state.CurrentRound = r
		got, err := pairer.Pair(ctx, state)
		if err != nil {
			return t, err
		}
		data := cp.RoundData{Number: r}
		out := round{Round: r, Games: [][3]string{}}
		for _, g := range got.Pairings {
			res, forfeit := result(rng, forfeits)
			data.Games = append(data.Games, cp.GameData{WhiteID: g.WhiteID, BlackID: g.BlackID,
				Result: res, IsForfeit: forfeit})
			out.Games = append(out.Games, [3]string{g.WhiteID, g.BlackID, string(res)})
		}
		for _, b := range got.Byes {
			out.Bye = b.PlayerID
		}
		state.Rounds = append(state.Rounds, data)
		t.Rounds = append(t.Rounds, out)
	}
	zero := 0.0
	scores, err := standard.New(standard.Options{PointBye: &zero}).Score(ctx, state)
	if err != nil {
		return t, err
	}
	for _, s := range scores {
		t.Scores[s.PlayerID] = s.Score
		t.Ranks[s.PlayerID] = s.Rank
	}
	ids := tiebreaker.All()
	sort.Strings(ids)
	for _, id := range ids {
		tb, err := tiebreaker.Get(id)
		if err != nil {
			return t, err
		}
		values, err := tb.Compute(ctx, state, scores)
		if err != nil {
			return t, err
		}
		t.Tiebreaks[id] = map[string]float64{}
		for _, v := range values {
			t.Tiebreaks[id][v.PlayerID] = v.Value
		}
	}
	return t, nil
}

func main() {
	tables := flag.Int("tables", 200, "how many round robins")
	seed := flag.Int64("seed", 1, "the random seed")
	forfeits := flag.Float64("forfeits", 0, "the share of games forfeited")
	flag.Parse()
	rng := rand.New(rand.NewSource(*seed))
	ctx := context.Background()
	out := make([]table, 0, *tables)
	for i := 0; i < *tables; i++ {
		t, err := one(ctx, rng, *forfeits)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out = append(out, t)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
