"""Timings of keizer_xl.core.pairing.pair_round on synthetic seasons.

Run: ``python benchmarks/bench_pairing.py``.  Prints one line per scenario: the best and the
worst of a few runs, and what the pairing had to do (notes = rematches relaxed etc.).
The target (KEIZER-RULES.md section 5, "without exponential blow-up"): well under 1 s for
150 present players, also with a dense history.
"""
from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from keizer_xl.core.model import Bye, Game, Player, Result, Season
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.rules import build_settings

RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def simulated_season(
    n: int, rounds: int, settings: dict, attendance: float, seed: int
) -> tuple[Season, list[str]]:
    """A season of ``rounds`` rounds paired by pair_round itself, with a drifting ranking."""
    rng = random.Random(seed)
    players = names(n)
    strength = {p: rng.random() for p in players}
    season = Season(players=tuple(Player(p) for p in players),
                    settings=build_settings(list(settings.items())))
    games: list[Game] = []
    byes: list[Bye] = []
    for rnd in range(1, rounds + 1):
        # a noisy ranking: the strong drift up, as in a real season
        ranking = sorted(players, key=lambda p: -(strength[p] + rng.random() * 0.3))
        present = [p for p in players if rng.random() < attendance]
        if len(present) < 2:
            continue
        season = Season(season.players, tuple(games), tuple(byes), settings=season.settings)
        pairing = pair_round(season, rnd, ranking, present)
        for b in pairing.boards:
            games.append(Game(rnd, b.white, b.black, rng.choice(RESULTS), b.board))
        if pairing.bye:
            byes.append(Bye(rnd, pairing.bye))
    season = Season(season.players, tuple(games), tuple(byes), settings=season.settings)
    ranking = sorted(players, key=lambda p: -strength[p])
    return season, ranking


def round_robin_season(n: int, rounds: int, settings: dict) -> tuple[Season, list[str]]:
    """``rounds`` rounds of a circle-method round robin (n even): most pairs have met."""
    players = names(n)
    rng = random.Random(7)
    order = players[:]
    rng.shuffle(order)  # so that round-robin pairs are not ranking neighbours
    games = []
    fixed, rest = order[0], order[1:]
    for rnd in range(1, rounds + 1):
        circle = [fixed, *rest]
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            games.append(Game(rnd, a, b, Result.DRAW))
        rest = rest[-1:] + rest[:-1]
    season = Season(tuple(Player(p) for p in players), tuple(games),
                    settings=build_settings(list(settings.items())))
    return season, players


def sparse_allowed_season(n: int, extra: float, seed: int) -> tuple[Season, list[str]]:
    """Adversarial for the walk: every pair has met except two random perfect matchings and a
    few random pairs, so most nearest candidates fail the feasibility test."""
    rng = random.Random(seed)
    players = names(n)
    allowed = set()
    for _ in range(2):
        order = players[:]
        rng.shuffle(order)
        allowed |= {frozenset(order[i:i + 2]) for i in range(0, n - 1, 2)}
    games = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if frozenset((a, b)) not in allowed and rng.random() >= extra:
                games.append(Game(1 + len(games) % 100, a, b, Result.DRAW))
    ranking = players[:]
    rng.shuffle(ranking)
    return Season(tuple(Player(p) for p in players), tuple(games), settings=build_settings()), ranking


def measure(
    label: str, season: Season, rnd: int, ranking: list[str], present: list[str], repeat: int = 3
) -> None:
    times = []
    pairing = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        pairing = pair_round(season, rnd, ranking, present)
        times.append(time.perf_counter() - t0)
    assert pairing is not None
    rematches = sum(1 for n in pairing.notes if n.startswith("Rematch"))
    print(f"{label:<58} players {len(present):>3}  best {min(times) * 1000:7.1f} ms  "
          f"worst {max(times) * 1000:7.1f} ms  boards {len(pairing.boards):>3}  "
          f"rematch notes {rematches:>3}  notes {len(pairing.notes):>3}")


def main() -> None:
    t0 = time.perf_counter()
    season, ranking = simulated_season(150, 34, {}, attendance=0.85, seed=1)
    built = time.perf_counter() - t0
    print(f"(simulating 34 rounds with pair_round took {built:.2f} s)")
    measure("150 players, round 35, rematch never", season, 35, ranking, ranking)
    measure("149 players (bye), round 35, rematch never", season, 35, ranking, ranking[:149])

    season, ranking = simulated_season(150, 34, {"pairing": "geel", "colours": "geel"},
                                       attendance=0.85, seed=2)
    measure("150 players, round 35, geel, rematch never", season, 35, ranking, ranking)

    season, ranking = round_robin_season(150, 140, {})
    measure("dense: 140 of 149 round-robin rounds played, never", season, 141, ranking, ranking)
    measure("dense: same, 149 present (bye)", season, 141, ranking, ranking[:149])
    season, ranking = round_robin_season(150, 140, {"pairing": "geel"})
    measure("dense: same, geel pairing", season, 141, ranking, ranking)

    season, ranking = round_robin_season(150, 149, {})
    measure("complete round robin played, never (all rematches)", season, 150, ranking, ranking)
    measure("complete round robin played, 149 present", season, 150, ranking, ranking[:149])

    season, ranking = round_robin_season(150, 149, {"rematch_gap": 2})
    measure("complete round robin played, rematch_gap 2", season, 150, ranking, ranking)

    for seed in (1, 2):
        season, ranking = sparse_allowed_season(150, 0.01, seed)
        measure(f"sparse: allowed = 2 perfect matchings + 1 % (seed {seed})", season, 101,
                ranking, ranking)
    season, ranking = sparse_allowed_season(150, 0.01, 3)
    measure("sparse: same, 149 present (bye)", season, 101, ranking, ranking[:149])

    season, ranking = simulated_season(30, 60, {"rematch_gap": 3}, attendance=0.9, seed=3)
    measure("30 players, 60 rounds, rematch_gap 3", season, 61, ranking, ranking)
    season, ranking = simulated_season(12, 40, {"rematch_gap": 1, "max_meetings": 3},
                                       attendance=0.9, seed=4)
    measure("12 players, 40 rounds, gap 1, max_meetings 3 (relaxing)", season, 41, ranking, ranking)


if __name__ == "__main__":
    main()
