"""A German club's year for the print tests (issue 33): 28 players in groups A and B,
``periods 1, 7, 13``, ``promote 2`` / ``relegate 2``, categories Jugend, Senioren and Damen, a
late entrant, a withdrawal, a forfeit and a double forfeit, a long name, 18 evenings, paired
group by group with the program's own pairing (``app.pair.plan_pairing``), results from a
seeded draw; written into a German workbook as ``keizer-xl new --language de`` makes it, the
Players table widened by Gruppe and Kategorie (as tests/e2e/test_print_render.py's
``_club_season`` does), then ``standings``."""
from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season

from support.helpers import settings

LONG = "Dr. Günther Müller-Lüdenscheidt"
A = [LONG, "Lukas Hölzl", "Sören Groß", "Jürgen Weiß", "Käthe Schäfer", "Özlem Yılmaz",
     "Max Bauer", "Anna Vogel", "Paul Krüger", "Lena Fischer", "Tim Schröder", "Emma Wolf",
     "Felix Braun", "Mia Zimmermann"]
B = ["Jonas Hartmann", "Sophie König", "Leon Schulz", "Hannah Lange", "Ben Richter",
     "Clara Neumann", "Noah Schwarz", "Ida Hoffmann", "Elias Koch", "Marie Becker",
     "Karl-Heinz Vogt", "Greta Lorenz", "Finn Jung"]
LATE = "Moritz Frank"  # joins group B from round 5
GONE = "Tim Schröder"  # withdrawn from round 10
CATEGORY = {"Jürgen Weiß": ("Senioren",), "Käthe Schäfer": ("Senioren", "Damen"),
            "Özlem Yılmaz": ("Damen",), "Anna Vogel": ("Damen", "Jugend"),
            "Lena Fischer": ("Jugend", "Damen"), "Emma Wolf": ("Damen",),
            "Paul Krüger": ("Jugend",), LONG: ("Senioren",), "Felix Braun": ("Jugend",),
            "Sophie König": ("Damen",), "Hannah Lange": ("Damen", "Jugend"),
            "Clara Neumann": ("Damen",), "Ida Hoffmann": ("Damen", "Senioren"),
            "Ben Richter": ("Senioren",), "Karl-Heinz Vogt": ("Senioren",),
            "Finn Jung": ("Jugend",), LATE: ("Jugend",), "Greta Lorenz": ("Damen",)}
FORFEIT = (15, Result.WHITE_FORFEIT)  # round 15, the first board of group A: 1-0F
DOUBLE = (16, Result.DOUBLE_FORFEIT)  # round 16, the first board of group B: 0-0F
EVENINGS = 18
PLAYED = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS,
          Result.BLACK_WINS)


@functools.cache
def season_de(seed: int = 11, lang: str = "de", evenings: int = EVENINGS) -> Season:
    """The year as a Season, played evening by evening (``lang``: the language setting)."""
    from keizer_xl.app.pair import plan_pairing

    rng = random.Random(seed)
    players = tuple(
        Player(name, rating=2150 - 30 * i, group="A" if name in A else "B",
               categories=CATEGORY.get(name, ()),
               joined=5 if name == LATE else 1,
               withdrawn_round=10 if name == GONE else None)
        for i, name in enumerate([*A, *B, LATE]))
    season = Season(players=players, settings=settings(
        periods="1, 7, 13", promote=2, relegate=2, language=lang, club="SK Turm",
        season="2025-26"))
    for rnd in range(1, evenings + 1):
        absent = tuple(Absence(rnd, p.name, rng.choice("EEU")) for p in players
                       if rng.random() < 0.08 and p.name != GONE
                       and not (p.name == LATE and rnd < 5))
        season = replace(season, absences=season.absences + absent)
        report = plan_pairing(season, rnd, force=True)
        games = []
        for b in report.pairing.boards:
            result = rng.choice(PLAYED)
            for when, special in (FORFEIT, DOUBLE):
                first = min(x.board for x in report.pairing.boards
                            if (x.white in A) == (special is FORFEIT))
                if rnd == when and b.board == first:
                    result = special
            games.append(Game(rnd, b.white, b.black, result, b.board))
        byes = tuple(Bye(rnd, g.pairing.bye) for _, g in report.groups if g.pairing.bye)
        season = replace(season, games=season.games + tuple(games), byes=season.byes + byes)
    return season


def book_de(path: Path, seed: int = 11, lang: str = "de", evenings: int = EVENINGS) -> Path:
    """The year in a German workbook (``new --language de``, Gruppe and Kategorie columns),
    after ``standings``: Rangliste and Perioden written."""
    import openpyxl
    from openpyxl.worksheet.table import TableColumn

    from keizer_xl.app.write_season import write_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.frontends.cli import main
    from keizer_xl.sheets import schema

    assert main(["new", str(path), "--language", lang]) == 0
    wb = openpyxl.load_workbook(path)
    ws = wb[schema.sheet_name("Players", lang)]
    table = ws.tables["tblPlayers"]
    heads = (schema.header("Players", "group", lang), schema.header("Players", "category", lang))
    for head in heads:
        ws.cell(1, ws.max_column + 1, head)
        table.tableColumns.append(TableColumn(id=len(table.tableColumns) + 1, name=head))
    last = openpyxl.utils.get_column_letter(ws.max_column)
    table.ref = table.autoFilter.ref = f"A1:{last}{table.ref.split(':')[1].lstrip('ABCDEFGHIJ')}"
    wb.save(path)
    book = open_book(path)
    write_season(book, season_de(seed, lang, evenings))
    book.save()
    assert main(["standings", str(path)]) == 0
    return path
