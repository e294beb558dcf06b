"""Synthetic seasons for benchmarks: seeded, realistic attendance and rating-driven results."""
from __future__ import annotations

import random

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.rules import build_settings, parse_setting


def synthetic_season(n_players: int = 150, n_rounds: int = 35, seed: int = 1, **raw) -> Season:
    rng = random.Random(seed)
    players = tuple(Player(f"Player {i:03d}", rating=2200 - 5 * i) for i in range(n_players))
    games, byes, absences = [], [], []
    for r in range(1, n_rounds + 1):
        present = []
        for p in players:
            if rng.random() < 0.15:
                absences.append(Absence(r, p.name, rng.choice("EEEUC")))
            else:
                present.append(p)
        # neighbours in a noisy rating order meet, as a Keizer pairing roughly does
        present.sort(key=lambda p: -(p.rating + rng.gauss(0, 150)))
        if len(present) % 2:
            byes.append(Bye(r, present.pop().name))
        for a, b in zip(present[::2], present[1::2], strict=True):
            expected = 1 / (1 + 10 ** ((b.rating - a.rating) / 400))
            x = rng.random()
            res = Result.WHITE_WINS if x < expected - 0.1 else (
                Result.DRAW if x < expected + 0.1 else Result.BLACK_WINS)
            games.append(Game(r, a.name, b.name, res, board=len(games) + 1))
    settings = build_settings([parse_setting(k, v) for k, v in raw.items()])
    return Season(players=players, games=tuple(games), byes=tuple(byes),
                  absences=tuple(absences), settings=settings)
