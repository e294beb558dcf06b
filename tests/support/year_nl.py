"""A Dutch year with groups A and B, periods 1 and 3, promotion and relegation, a late
entrant, a withdrawal, round dates and a forbidden pair, played through the command line
round by round (issue 23 item 3), and each group's block read off a sheet as a leader reads it."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl

from keizer_xl.frontends.cli import main

from support.helpers import make_workbook


A = ["Anna", "Bert", "Cees", "Dirk", "Eva", "Femke"]

B = ["Gijs", "Hans", "Ilse", "Joop", "Karin", "Lotte"]

HEADERS = ["Naam", "Rating", "Start", "Vanaf ronde", "Status", "Vereniging", "Groep",
           "Categorie", "Geslacht", "Geboortedatum", "Federatie", "KNSB-nummer", "FIDE-id",
           "Telefoon", "Lid sinds"]


def _players() -> list[list[object]]:
    rows = []
    for i, name in enumerate(A + B):
        rows.append([
            name, 2100 - 25 * i, i + 1,
            2 if name == "Lotte" else None,                 # a late entrant
            "teruggetrokken 4" if name == "Cees" else None,  # a withdrawal
            "SV Test" if i % 2 else "=HYPERLINK(\"x\")",    # text that looks like a formula
            "A" if name in A else "B",
            "Jeugd" if i % 3 == 0 else ("Dames" if name in ("Eva", "Ilse") else None),
            "w" if name in ("Anna", "Eva", "Femke", "Ilse", "Karin", "Lotte") else "m",
            dt.datetime(1990 + i, 1 + i % 12, 1 + i),
            "NED", 7000000 + i, str(1000 + i),
            f"06-{i:08d}", 2000 + i])
    return rows


def _result(rnd: int, board: int) -> str:
    """A fixed, varied result per board (no draw of chance in a golden year)."""
    return ("1-0", "0-1", "½-½", "1-0", "0-1")[(rnd * 3 + board) % 5]


def played_year(tmp_path: Path, extra_settings: tuple[tuple[str, object], ...] = ()) -> Path:
    path = tmp_path / "oud.xlsx"
    make_workbook(path, {
        "Instellingen": [["Instelling", "Waarde"], ["season", "2025-2026"], ["club", "SV Test"],
                         ["periods", "1, 3"], ["promote", 1], ["relegate", 1],
                         ["round_dates", "2025-09-04, 2025-09-11, 2025-09-18, 2025-09-25"],
                         ["forbidden R4", "Anna vs Bert"], *map(list, extra_settings)],
        "Spelers": [HEADERS, *_players()],
        "Aanwezigheid": [["Naam", "R1", "R2", "R3", "R4"]] + [[n, None, None, None, None]
                                                             for n in A + B],
        "Uitslagen": [["Ronde", "Bord", "Wit", "Zwart", "Uitslag"]]})
    for rnd in range(1, 5):
        assert main(["pair", str(path)]) == 0
        wb = openpyxl.load_workbook(path)
        for row in wb["Uitslagen"].iter_rows(min_row=2):
            if row[0].value == rnd and row[3].value:
                row[4].value = _result(rnd, row[1].value)
        wb.save(path)
    assert main(["standings", str(path)]) == 0
    return path


def group_blocks(ws) -> dict[str, list[tuple]]:
    """Each group's rows on a sheet of one titled block per group (``Groep A``: its header row,
    then its rows up to the first row that is not a player's), read as a leader reads them;
    category blocks (``Groep A · Categorie ...``) are not groups."""
    blocks: dict[str, list[tuple]] = {}
    current: list[tuple] | None = None
    header = False
    for row in ws.iter_rows(values_only=True):
        first = row[0] if row else None
        if isinstance(first, str) and first.startswith("Groep ") and "·" not in first:
            current, header = blocks.setdefault(first[6:], []), False
        elif current is not None and not header:
            header = any(v in ("Naam", "Ronde") for v in row)
        elif current is not None and row and any(v is not None for v in row[1:]):
            current.append(row)
        else:
            current = None
    return blocks
