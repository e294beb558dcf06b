"""Simulated seasons (seeded): samples, benchmarks and end-to-end tests play them round by round.

Each round marks absences, pairs the present players with the real pairing engine from the real
standings, and draws results from the rating difference (Elo expectation with a draw band).
Pure: it returns a Season and touches no file.
"""
from __future__ import annotations

import random
from dataclasses import replace

from keizer_xl.core.engine import compute_history
from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.settings import Settings

FIRST = ["Anna", "Bram", "Carla", "Daan", "Eva", "Finn", "Gijs", "Hanna", "Ilse", "Jeroen",
         "Karin", "Lars", "Mila", "Niels", "Olga", "Pieter", "Quinten", "Roos", "Sander", "Tess",
         "Umut", "Vera", "Wouter", "Xander", "Yara", "Zoë", "Bart", "Lotte", "Koen", "Sanne",
         "Joost", "Fleur", "Ruud", "Marit", "Hugo", "Noor"]
LAST = ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder",
        "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker", "Brouwer",
        "de Wit", "Dijkstra", "Smits", "de Graaf", "van der Meer", "Kok", "Jacobs", "Vermeulen"]


def player_names(n: int, rng: random.Random) -> list[str]:
    names: list[str] = []
    while len(names) < n:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in names:
            names.append(name)
    return names


def simulate_season(n_players: int, n_rounds: int, settings: Settings | None = None, *,
                    seed: int = 1, absence_rate: float = 0.15, late: int = 1, withdrawn: int = 1,
                    pair_last_round: bool = False) -> Season:
    """A season with ``n_rounds`` played rounds (and, if asked, the next one paired); ``late``
    players join and ``withdrawn`` players withdraw mid-season; absences use every built-in
    code and each club code of ``settings``."""
    rng = random.Random(seed)
    settings = settings or Settings()
    names = player_names(n_players, rng)
    ratings = sorted((rng.randint(1100, 2300) for _ in names), reverse=True)
    players = []
    for i, (name, rating) in enumerate(zip(names, ratings, strict=True)):
        joined = rng.randint(2, max(2, n_rounds // 3)) if i >= n_players - late else 1
        players.append(Player(name, rating=rating, joined=joined, club="Schaakclub Oost"))
    for i in rng.sample(range(1, n_players - late), min(withdrawn, n_players - late - 1)):
        players[i] = replace(players[i], withdrawn_round=rng.randint(n_rounds // 2, n_rounds))
    season = Season(players=tuple(players), settings=settings)
    club_codes = [c for c, _ in settings.codes]
    strength = dict(zip(names, ratings, strict=True))  # each player's rating, as given to Player above
    rounds = n_rounds + (1 if pair_last_round else 0)
    for rnd in range(1, rounds + 1):
        absences = []
        for p in players:
            if not p.is_member(rnd):
                absences.append(Absence(rnd, p.name, "L"))  # as a leader marks them
                continue
            if p.is_withdrawn(rnd):
                continue
            if rng.random() < absence_rate:
                code = rng.choice(["E", "E", "E", "U", "C", *club_codes])
                absences.append(Absence(rnd, p.name, code))
        season = replace(season, absences=season.absences + tuple(absences))
        absent = {a.player for a in absences}
        present = [p.name for p in players
                   if p.is_member(rnd) and not p.is_withdrawn(rnd) and p.name not in absent]
        done = season.last_round_with_results()
        ranking = compute_history(season, done).after(done).order
        present = [n for n in ranking if n in set(present)]
        if len(present) < 2:
            continue
        pairing = pair_round(season, rnd, ranking, present)
        last = rnd == rounds and pair_last_round
        games = []
        for b in pairing.boards:
            result = Result.PENDING if last else _result(strength[b.white], strength[b.black], rng)
            games.append(Game(rnd, b.white, b.black, result, b.board))
        byes = (Bye(rnd, pairing.bye),) if pairing.bye else ()
        season = replace(season, games=season.games + tuple(games), byes=season.byes + byes)
    return season


def _result(white: int, black: int, rng: random.Random) -> Result:
    x = rng.random()
    if x < 0.02:
        return rng.choice([Result.WHITE_FORFEIT, Result.BLACK_FORFEIT])
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    y = rng.random()
    if y < expected - 0.12:
        return Result.WHITE_WINS
    if y < expected + 0.12:
        return Result.DRAW
    return Result.BLACK_WINS
