"""What of a printed text is English (issue 20): its words against an English word list, less
the names, paths, setting keys and words each language shares with English; a Dutch or German
season typed and paired as a club does, and its refusals."""
from __future__ import annotations

import re
from pathlib import Path

import openpyxl

from keizer_xl.core.rules import KNOWN_KEYS
from keizer_xl.core.presets import PRESETS
from keizer_xl.frontends.cli import main
from keizer_xl.sheets import schema


#: English words that are no Dutch or German words (``was``, ``bye``, ``in``, ``top``, ``rank``
#: and ``variant`` are, in one or the other, and stay out)
ENGLISH = {
    "after", "against", "and", "absent", "board", "boards", "colour", "excused", "unexcused",
    "every", "games", "left", "moved", "player", "players", "points", "round", "rounds", "season",
    "standings", "the", "this", "which", "with", "won", "lost", "drew", "worth", "winner",
    "largest", "previous", "explanation", "note", "warning", "wrote", "paired", "pairing",
    "pairings", "results", "member", "yet", "value", "values", "opponent", "white", "black",
    "period", "group", "category", "written", "problems", "problem", "found", "nothing", "refused",
    "because", "instead", "rose", "fell", "stayed", "places", "place", "overtaken", "passed",
    "counted"
}


#: words of the contract or of the settings that every language writes as they are
SHARED = {"nl": {"score", "problem"}, "de": {"problem", "problems"}}


NAMES = ["Anna Bos", "Bram de Wit", "Cor Visser", "Dirk Mulder", "Eva Smit", "Frits Bakker",
         "Gert Jansen", "Hans Peters", "Ilse Meijer", "Joost de Boer", "Karin Dekker",
         "Lars Vos"]


def english(text: str, lang: str) -> set[str]:
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"(?:[\w.~-]*/)+[\w.~-]+|[\w-]+\.(?:xlsx|xlsm|html|csv|trf|log)", " ", text)
    text = re.sub(r"keizer-xl \S+", " ", text)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    keys = {p for k in KNOWN_KEYS for p in k.split("_")} | set(PRESETS)
    return (words & ENGLISH) - SHARED.get(lang, set()) - keys


LETTERS = {"nl": ("A", "Z", "T"), "de": ("E", "U", "M")}


RESULTS = {"nl": ["1-0", "0-1", "remise", "1-0", "0-1R"], "de": ["1:0", "0:1", "remis", "1-0", "0-1F"]}


WITHDRAWN = {"nl": "teruggetrokken 3", "de": "zurückgezogen 3"}


def cli(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code in (0, 1), (argv, out, err)
    return out + "\n" + err


def column(ws, kind: str, key: str, lang: str) -> int:
    header = [c.value for c in ws[1]]
    return header.index(schema.header(kind, key, lang)) + 1


def season_in(tmp_path: Path, capsys, lang: str) -> tuple[Path, list[str]]:
    book = tmp_path / "club.xlsx"
    printed = [cli(capsys, "new", book, "--language", lang)]
    wb = openpyxl.load_workbook(book)
    ws = wb[schema.sheet_name("Players", lang)]
    for i, name in enumerate(NAMES, start=2):
        ws.cell(i, column(ws, "Players", "name", lang), name)
        ws.cell(i, column(ws, "Players", "rating", lang), 2000 - 20 * i)
    ws.cell(4, column(ws, "Players", "joined", lang), 2)            # a late entrant
    ws.cell(7, column(ws, "Players", "status", lang), WITHDRAWN[lang])  # a withdrawal
    wb.save(book)
    for rnd in range(1, 5):
        wb = openpyxl.load_workbook(book)
        ws = wb[schema.sheet_name("Attendance", lang)]
        header = [c.value for c in ws[1]]
        col = header.index(f"R{rnd}") + 1
        rows = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
        for name in NAMES:
            if name not in rows:
                rows[name] = max(rows.values(), default=1) + 1
                ws.cell(rows[name], 1, name)
        for k, name in enumerate(NAMES[8 + rnd % 3: 11 + rnd % 3][:2]):
            ws.cell(rows[name], col, LETTERS[lang][(rnd + k) % 3])
        wb.save(book)
        printed.append(cli(capsys, "pair", book))
        wb = openpyxl.load_workbook(book)
        ws = wb[schema.sheet_name("Results", lang)]
        col = column(ws, "Results", "result", lang)
        for i, r in enumerate(range(2, ws.max_row + 1)):
            if ws.cell(r, col).value is None and ws.cell(r, col - 1).value:
                ws.cell(r, col, RESULTS[lang][i % len(RESULTS[lang])])
        wb.save(book)
    return book, printed


#: more English words no Dutch or German refusal holds (argparse's, the refusals' own)
REFUSAL_WORDS = {
    "no", "such", "usage", "error", "arguments", "required", "invalid", "choice", "choose",
    "unrecognized", "exists", "overwrite", "say", "separately", "both", "cannot", "replace",
    "write", "first", "last", "file", "folder", "already", "must",
}


def refused(capsys, *argv) -> str:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as stop:  # argparse's usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code in (1, 2), (argv, code, out, err)  # a refusal or a usage error, never a crash
    return out + "\n" + err
