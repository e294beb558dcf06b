"""Small builders shared by the tests: seasons, settings, workbooks, digests."""
from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, parse_result
from keizer_xl.clients import files
from keizer_xl.core.rules import build_settings, parse_setting


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


def history_frame(history):
    """Rank, Score and Value of every player after every round, a row each: the long table the
    History sheet's grid and the rank chart are checked against."""
    import pandas as pd

    from keizer_xl.core.numbers import display

    rows = [(st.round, place, name, display(st.score[name]), display(st.value[name]))
            for st in history.standings[1:] for place, name in zip(st.places, st.order, strict=True)]
    return pd.DataFrame(rows, columns=["Round", "Rank", "Name", "Score", "Value"])


def scores(standing):
    return [(n, standing.score[n]) for n in standing.order]


#: the workbooks made so far in this process, by the text of their sheets: openpyxl builds
#: each one once (the inner loop's time, issue 38 item 5)
_MADE: dict[str, bytes] = {}


def make_workbook(path, sheets):
    """A real .xlsx with ``sheets`` = {name: [header row, data rows...]} (plain openpyxl)."""
    import io

    import openpyxl

    key = repr(sheets)
    if key not in _MADE:
        wb = openpyxl.Workbook()
        wb.remove(wb.active)
        for name, rows in sheets.items():
            ws = wb.create_sheet(name)
            for row in rows:
                ws.append(list(row))
        buffer = io.BytesIO()
        wb.save(buffer)
        _MADE[key] = buffer.getvalue()
    Path(path).write_bytes(_MADE[key])
    return path


KEIZER_NAMES = ["Jansen", "Pietersen", "Bakker", "Slager", "de Vries", "de Zeeuw", "de Jonge",
                "de Oude", "de Wit", "de Bruin"]


def keizer_example_sheets(with_round_2=True):
    """Keizer's 1956 example (KEIZER-RULES.md section 10) as the contract's four sheets."""
    results = [["Round", "Board", "White", "Black", "Result"],
               [1, 1, "Jansen", "Pietersen", "1-0"], [1, 2, "Bakker", "Slager", "½-½"],
               [1, 3, "de Vries", "de Zeeuw", "0-1"], [1, 4, "de Jonge", "de Oude", "½-½"],
               [1, 5, "de Wit", "de Bruin", "0-1"]]
    if with_round_2:
        results += [[2, 1, "de Zeeuw", "Jansen", "1-0"], [2, 2, "de Bruin", "Bakker", "1-0"],
                    [2, 3, "Slager", "de Jonge", "½-½"], [2, 4, "de Oude", "Pietersen", "0-1"],
                    [2, 5, "de Vries", "de Wit", "½-½"]]
    return {
        "Settings": [["Setting", "Value"], ["top_value", 50]],
        "Players": [["Name", "Rating"]] + [[n, None] for n in KEIZER_NAMES],
        "Attendance": [["Name", "R1", "R2", "R3"]] + [[n, None, None, None] for n in KEIZER_NAMES],
        "Results": results,
    }


def trf_games(line: str) -> tuple[int, Fraction]:
    """(games over the board, game points) of one TRF ``001`` player line, read from its round
    entries (columns 92 on, 10 characters each: opponent, colour, result): a game has an
    opponent; 1/0/= over the board, +/- a forfeit (a point, no game over the board)."""
    import re
    from fractions import Fraction

    games, points = 0, Fraction(0)
    for opponent, _, result in re.findall(r"(\d{4}) ([wb-]) (\S)", line[91:]):
        if int(opponent) == 0:
            continue  # a bye or an absence: no game
        if result in "10=WLD":
            games += 1
        points += {"1": Fraction(1), "W": Fraction(1), "+": Fraction(1), "=": Fraction(1, 2),
                   "D": Fraction(1, 2)}.get(result, Fraction(0))
    return games, points


def uno_python_without_script_provider(folder):
    """A stand-in for LibreOffice's Python that answers every macro call with the raw UNO
    error LibreOffice gives when its Python script provider is not installed; its path."""
    import stat

    raw = ("RuntimeException: ... com.sun.star.script.provider.XScriptProvider! at "
           "./include/com/sun/star/uno/Reference.hxx:105")
    fake = folder / "fake-uno-python"
    fake.write_text("#!/bin/sh\ncat >/dev/null\necho '" + '{"ok": false, "error": "'
                    + raw + '"}' + "'\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


def lo_missing() -> str | None:
    """Why the LibreOffice tests cannot run here (None: they can): soffice, or a Python with
    LibreOffice's uno module (python3-uno), missing."""
    from keizer_xl.clients import lo_run

    soffice = lo_run.find_soffice()
    if soffice is None:
        return "LibreOffice (soffice) is not installed"
    if lo_run.find_uno_python(soffice) is None:
        return "no Python with LibreOffice's uno module (python3-uno) is installed"
    return None


def round_robin_book(path, names, result=lambda r, b: "1-0", settings=(("round_robin", "all"),),
                     cycles=1):
    """A season workbook of one round robin of ``names`` (Start order) with every round of its
    Berger table typed in Results, ``result(round, board)`` each game's (None: blank)."""
    from keizer_xl.core.round_robin import RoundRobin

    rows = [["Round", "Board", "White", "Black", "Result"]]
    if cycles == 2:
        settings = (*settings, ("round_robin_cycles", 2))
    for r, pairs in enumerate(RoundRobin("", tuple(names), cycles=cycles).table(), 1):
        for b, (w, bl) in enumerate(((w, bl) for w, bl in pairs if bl), 1):
            rows.append([r, b, w, bl, result(r, b)])
    make_workbook(path, {"Players": [["Name", "Start"]] + [[n, i] for i, n in enumerate(names, 1)],
                         "Results": rows, "Settings": [["Setting", "Value"], *settings]})
    return path


def berger_reference(n: int, r: int) -> set[tuple[int, int]]:
    """Round r of FIDE's Berger table (C.05 Annex 1) for n players as (white, black) pairing
    numbers, by an arithmetic of its own (not the engine's): with N even (a dummy n + 1 for an
    odd n) and M = N - 1, players i, j < N meet when i + j = r + 1 (mod M), White to the one
    with i - j even (mod M); N meets the i with 2i = r + 1 (mod M), N White in even rounds."""
    big = n + n % 2
    m = big - 1
    out = set()
    for i in range(1, big):
        for j in range(1, big):
            if i != j and (i + j - r - 1) % m == 0 and (i - j) % m % 2 == 0:
                out.add((i, j))
        if (2 * i - r - 1) % m == 0:
            out.add((big, i) if r % 2 == 0 else (i, big))
    return out


def marks_season(**settings: str) -> Season:
    """Six players over two rounds: a late entrant (Eva, round 2), a withdrawal (Frits, before
    round 2), Dirk absent excused then unexcused; the title and mark tests' season."""
    players = (Player("Anna", 2000), Player("Bram", 1900), Player("Cor", 1800),
               Player("Dirk", 1700), Player("Eva", 1600, joined=2),
               Player("Frits", 1500, withdrawn_round=2))
    games = (Game(1, "Anna", "Bram", Result.WHITE_WINS, board=1),
             Game(1, "Cor", "Frits", Result.DRAW, board=2),
             Game(2, "Anna", "Cor", Result.WHITE_WINS, board=1),
             Game(2, "Eva", "Bram", Result.BLACK_WINS, board=2))
    absences = (Absence(1, "Dirk", "E"), Absence(2, "Dirk", "U"))
    return Season(players=players, games=games,
                  absences=absences,
                  settings=build_settings([parse_setting(k, v) for k, v in settings.items()]))


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def stray(folder: Path) -> list[str]:
    """Files in ``folder`` (and its backups folder) that a finished run should not leave."""
    names = [p.name for p in folder.iterdir()]
    if (folder / files.BACKUP_FOLDER).is_dir():
        names += [p.name for p in (folder / files.BACKUP_FOLDER).iterdir()]
    return sorted(n for n in names if n.endswith(".tmp"))


def random_results(seed):
    """``result(round, board)`` for :func:`round_robin_book`: wins, draws, losses and forfeits
    drawn by ``seed``."""
    import random

    rnd = random.Random(seed)
    choices = ["1-0"] * 4 + ["½-½"] * 3 + ["0-1"] * 3 + ["1-0F", "0-1F"]
    return lambda r, b: rnd.choice(choices)


def crosstable_rows(ws):
    """A round robin's Standings block on ``ws``: its header row and the rows below it."""
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] in ("Rank", "Plaats"))
    body = []
    for r in rows[head + 1:]:
        if r[0] is None:
            break
        body.append(r)
    return rows[head], body
