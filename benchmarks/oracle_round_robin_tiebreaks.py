"""A local oracle, outside CI: chesspairing's tie-breakers against keizer-xl's FIDE tie-breaks
(core/tiebreaks.py) on random round robins, single and double, of 3-20 players.

    python benchmarks/oracle_round_robin_tiebreaks.py --chesspairing CP_EXE [--n 60] [--seed 1]

Each round robin is played through a workbook (its Berger table in Results, random results,
no forfeits: chesspairing leaves forfeits out of SB, DE and KS where C.07 Article 15.2 counts
them in a round robin), exported with ``keizer-xl export --trf`` and read back by ``CP_EXE
standings --roundrobin FILE --tiebreakers ... --json``.  Compared per player: game points, SB,
WIN (``win``), WON (``wins``), BPG (``black-games``), BWG (``black-wins``), BH (``buchholz``),
PS (``progressive``) and KS (``koya``; chesspairing's threshold is half the number of rounds,
C.07's half the maximum possible score: they differ for an odd field, where a player plays one
round fewer than there are rounds, so KS is compared for even fields only; so is BH:
chesspairing reads an odd field's free round, ``0000 - Z``, as an absence and adds a virtual
opponent with the player's own score, where in a round robin it is no round of his).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from keizer_xl.core import tiebreaks  # noqa: E402
from keizer_xl.core.competition import Competition  # noqa: E402
from keizer_xl.core.round_robin_standings import POINTS  # noqa: E402
from keizer_xl.frontends.cli import main  # noqa: E402
from keizer_xl.sheets.read import read_season  # noqa: E402
from keizer_xl.clients.xlsx.book import open_book  # noqa: E402
from tests.helpers import round_robin_book  # noqa: E402

IDS = {"SB": "sonneborn-berger", "WIN": "win", "WON": "wins", "BPG": "black-games",
       "BWG": "black-wins", "BH": "buchholz", "PS": "progressive", "KS": "koya"}


def ours(book: Path) -> dict[str, dict[str, Fraction]]:
    season = read_season(open_book(book))
    view = Competition(season)
    scored = view.round_robin_games("")
    t = tiebreaks.Tournament(view.round_robin("").players, tuple(
        tiebreaks.Game(g.round, g.white, g.black, *POINTS[g.result]) for g in scored.games))
    out = {"score": tiebreaks.score(t)}
    out.update((k, tiebreaks.TIEBREAKS[k](t)) for k in IDS)
    return out


def theirs(cp: str, trf: Path) -> dict[str, dict[str, float]]:
    run = subprocess.run([cp, "standings", "--roundrobin", str(trf), "--tiebreakers",
                          ",".join(IDS.values()), "--json"], capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(run.stderr)
    data = json.loads(run.stdout)["standings"]
    out: dict[str, dict[str, float]] = {"score": {}}
    back = {v: k for k, v in IDS.items()}
    for row in data:
        name = row["displayName"]
        out["score"][name] = row["score"]
        for tb in row["tieBreakers"]:
            out.setdefault(back[tb["id"]], {})[name] = tb["value"]
    return out


def main_(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chesspairing", required=True)
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)
    agree: dict[str, int] = {}
    differ: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.n):
            n, cycles = rnd.randint(3, 20), rnd.choice((1, 2))
            names = [f"Test Player{j:02d}" for j in range(1, n + 1)]
            book = round_robin_book(Path(tmp) / f"rr{i}.xlsx", names,
                                    lambda r, b: rnd.choice(("1-0", "0-1", "½-½")),
                                    cycles=cycles)
            trf = Path(tmp) / f"rr{i}.trf"
            assert main(["export", str(book), "--trf", str(trf)]) == 0
            mine, cps = ours(book), theirs(args.chesspairing, trf)
            for key, values in mine.items():
                if key in ("KS", "BH") and n % 2:
                    continue
                same = all(abs(float(values[p]) - cps[key][f"Player{p[-2:]}, Test"]) < 1e-9
                           for p in values)
                agree[key] = agree.get(key, 0) + same
                if not same:
                    differ.append(f"{n} players x{cycles}: {key}")
    print(json.dumps({"round_robins": args.n, "agree": agree, "differ": differ}, indent=1))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main_())
