"""Small builders for test seasons (no files)."""
from __future__ import annotations

from fractions import Fraction as F

from keizer_xl.model import Absence, Bye, Game, Player, Result, Season, parse_result
from keizer_xl.rules import build_settings, parse_setting


def settings(**raw):
    """Settings from raw sheet text, e.g. settings(top_value=50, absence_excused='1/3')."""
    return build_settings([parse_setting(k, v) for k, v in raw.items()])


def season(players, rounds=(), absences=(), **raw_settings):
    """players: names (start order) or Player objects.
    rounds: list of lists of (white, black, result-text) or ("bye", name).
    absences: (round, name, code) triples."""
    ps = tuple(p if isinstance(p, Player) else Player(p) for p in players)
    games, byes = [], []
    for r, games_of_round in enumerate(rounds, start=1):
        for item in games_of_round:
            if item[0] == "bye":
                byes.append(Bye(r, item[1]))
            else:
                w, b, res = item
                games.append(Game(r, w, b, parse_result(res)))
    return Season(players=ps, games=tuple(games), byes=tuple(byes),
                  absences=tuple(Absence(r, n, c) for r, n, c in absences),
                  settings=settings(**raw_settings))


def scores(standing):
    return [(n, standing.score[n]) for n in standing.order]
