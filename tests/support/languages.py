"""A season typed in a template of each language (issue 9), as the language tests build it:
the template, five players typed as a user types them, round 1 paired, results typed in the
language's words; the command line run in-process."""
from __future__ import annotations

import openpyxl

from keizer_xl.sheets import schema

from support.built import once
from support.cli import run

__all__ = ["run"]  # the command line in-process, for the language tests


PLAYERS = [("Anna", 1900), ("Bram", 1850), ("Cor", 1800), ("Dirk", 1750), ("Eva", 1700)]

# round 1: Eva absent (excused); round 2: Dirk absent (excused), in each language's letter
ROUND1 = {"en": ("E", None), "nl": ("A", None), "de": ("E", None), "fr": ("E", None)}


def sheet_rows(path, sheet):
    ws = openpyxl.load_workbook(path)[sheet]
    return [[c.value for c in row] for row in ws.iter_rows()]


def table_rows(path, sheet):
    """An engine sheet's table: its rows from the header on (the header is found by content:
    the first row with more than one value; above it the title line and a blank row)."""
    rows = sheet_rows(path, sheet)
    start = next(i for i, r in enumerate(rows) if sum(v is not None for v in r) > 1)
    return rows[start:]


def type_rows(path, kind, lang, rows):
    """Type rows below the header of ``kind``'s sheet as a user would (openpyxl, no helper)."""
    wb = openpyxl.load_workbook(path)
    ws = wb[schema.sheet_name(kind, lang)]
    first = 2
    while any(ws.cell(first, c).value not in (None, "") for c in range(1, 6)):
        first += 1
    for i, row in enumerate(rows):
        for j, value in enumerate(row, 1):
            if value is not None:
                ws.cell(first + i, j, value)
    wb.save(path)


def new_season(tmp_path, capsys, lang, absence_code):
    """The template in ``lang``, five players, Eva absent in round 1, round 1 paired and
    played with results typed in words of the language."""
    return once(("new_season", lang, absence_code), tmp_path / f"club-{lang}.xlsx",
                lambda: _new_season(tmp_path, capsys, lang, absence_code))


def _new_season(tmp_path, capsys, lang, absence_code):
    book = tmp_path / f"club-{lang}.xlsx"
    code, _, err = run(capsys, "new", book, "--language", lang)
    assert code == 0, err
    type_rows(book, "Players", lang, PLAYERS)
    type_rows(book, "Attendance", lang, [(n, absence_code if n == "Eva" else None)
                                         for n, _ in PLAYERS])
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    return book


def fill_results(book, lang, words):
    """Type ``words`` (one per board) in the Result column of round 1's rows."""
    wb = openpyxl.load_workbook(book)
    ws = wb[schema.sheet_name("Results", lang)]
    header = [c.value for c in ws[1]]
    col = header.index(schema.header("Results", "result", lang)) + 1
    for i, word in enumerate(words):
        ws.cell(2 + i, col, word)
    wb.save(book)


def dutch_or_german(tmp_path, capsys, lang):
    """The template in ``lang``, five players, Eva absent in round 1 (not yet paired)."""
    return once(("dutch_or_german", lang), tmp_path / f"club-{lang}.xlsx",
                lambda: _dutch_or_german(tmp_path, capsys, lang))


def _dutch_or_german(tmp_path, capsys, lang):
    book = tmp_path / f"club-{lang}.xlsx"
    assert run(capsys, "new", book, "--language", lang)[0] == 0
    type_rows(book, "Players", lang, PLAYERS)
    absent = {"nl": "A", "de": "E"}[lang]
    type_rows(book, "Attendance", lang, [(n, absent if n == "Eva" else None) for n, _ in PLAYERS])
    return book
