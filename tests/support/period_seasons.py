"""Seasons with periods for the tests: played round by round with the engine's own pairing,
results from a seeded draw (deterministic), some absences."""
from __future__ import annotations

import random
from dataclasses import replace

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.pairing_round import plan_round

from support.helpers import settings

RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)


def played_season(n_players: int = 12, rounds: int = 9, seed: int = 1, absent_share: float = 0.15,
                  ratings: bool = True, **raw_settings: object) -> Season:
    rng = random.Random(seed)
    players = tuple(Player(f"P{i:02d}", rating=(2000 - 37 * i) if ratings else None)
                    for i in range(1, n_players + 1))
    season = Season(players=players, settings=settings(**raw_settings))
    for rnd in range(1, rounds + 1):
        absent = tuple(Absence(rnd, p.name, rng.choice("EEU")) for p in players
                       if rng.random() < absent_share)
        season = replace(season, absences=season.absences + absent)
        plan = plan_round(season, rnd, force=True)
        pairing = pair_round(plan.season, rnd, plan.ranking, plan.present)
        games = tuple(Game(rnd, b.white, b.black, rng.choice(RESULTS), b.board)
                      for b in pairing.boards)
        byes = (Bye(rnd, pairing.bye),) if pairing.bye else ()
        season = replace(season, games=season.games + games, byes=season.byes + byes)
    return season
