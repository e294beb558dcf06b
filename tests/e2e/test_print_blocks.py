"""The printout a club pins up (issue 33, item 2), read back from a LibreOffice render.

A German year (tests/support/club_year_de.py: 28 players, groups A and B, periods, promotion and
relegation, categories Jugend, Senioren and Damen, a late entrant, a withdrawal, a forfeit, a
double forfeit, a long name) after ``standings``; the Rangliste and the Perioden converted to
PDF once.  For every block the sheet holds (group, category, period, the moves, the legend),
the rows ``pdftotext`` reads on each page under the block's heading are the sheet's rows,
player by player, in order, whole (a block is never split over pages, and never printed beside
another block's columns); no ``###``; nothing past the page's edge; 8 pt or more with Carlito;
a handful of pages, none holding only a legend.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from support.club_year_de import LONG, book_de
from support.pdf import FALLBACK_PT, MIN_PT, beyond_page, carlito, needs, smallest_text, to_pdf

RANK_NAME = ["Platz", "Name"]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    d = tmp_path_factory.mktemp("print33")
    book = book_de(d / "verein.xlsx")
    wb = openpyxl.load_workbook(book)
    for name in wb.sheetnames:
        if name not in ("Rangliste", "Perioden"):
            del wb[name]
    wb.save(d / "druck.xlsx")
    pdf = to_pdf(d / "druck.xlsx")
    n = int(re.search(r"Pages:\s+(\d+)", subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True).stdout).group(1))  # type: ignore[union-attr]
    pages = [subprocess.run(["pdftotext", "-layout", "-f", str(i), "-l", str(i), str(pdf), "-"],
                            capture_output=True, text=True).stdout for i in range(1, n + 1)]
    return book, pdf, pages


def _blocks(book: Path, sheet: str) -> dict[str, list[tuple[str, str, list[object]]]]:
    """heading -> the block's rows (rank, name, the other cells) as the sheet holds them."""
    rows = [[c.value for c in row] for row in openpyxl.load_workbook(book)[sheet].iter_rows()]
    out: dict[str, list[tuple[str, str, list[object]]]] = {}
    for i, row in enumerate(rows):
        if row[:2] == RANK_NAME and i > 0:
            heading = next(str(r[0]) for r in reversed(rows[:i]) if r and r[0])
            block = out.setdefault(heading, [])
            for line in rows[i + 1:]:
                if not line or line[1] in (None, ""):
                    break
                block.append((str(line[0]), str(line[1]), list(line[2:])))
    return out


def _printed(pages: list[str], heading: str) -> list[tuple[int, list[str], str]]:
    """Each place ``heading`` is printed: (page, the lines of its rows, its header line)."""
    out = []
    for number, text in enumerate(pages, 1):
        lines = text.splitlines()
        for i, line in enumerate(lines):
            if line.strip() != heading:
                continue
            body = lines[i + 1:]
            head = next(j for j, x in enumerate(body) if re.match(r"^\s*Platz\s+Name\b", x))
            rows = []
            for x in body[head + 1:]:
                if not re.match(r"^\s*(\d+|-)\s+\S", x):
                    break
                rows.append(x)
            out.append((number, rows, body[head]))
    return out


def _row(line: str, rank: str, name: str) -> str:
    """The rest of a printed row after its rank and name (the name whole, perhaps with the
    withdrawn mark), or fail."""
    m = re.match(rf"^\s*{re.escape(rank)}\s+{re.escape(name)}( \(zg\))?(\s+|$)", line)
    assert m, (rank, name, line)
    return line[m.end():]


@needs
@pytest.mark.slow
def test_every_block_prints_whole_its_rows_the_sheets_rows(printed) -> None:
    book, pdf, pages = printed
    rangliste = [i for i, t in enumerate(pages, 1) if "Rangliste nach Runde 18" in t]
    perioden = [i for i, t in enumerate(pages, 1) if "Perioden nach Runde 18" in t]
    assert len(rangliste) + len(perioden) == len(pages)
    assert 2 <= len(rangliste) <= 5, len(rangliste)
    assert 2 <= len(perioden) <= 4, len(perioden)
    every = list(range(1, len(pages) + 1))
    assert smallest_text(pdf, every) >= (MIN_PT if carlito(pdf) else FALLBACK_PT)
    assert not beyond_page(pdf, every), beyond_page(pdf, every)[:3]
    assert not any("###" in t for t in pages)
    for sheet, where in (("Rangliste", rangliste), ("Perioden", perioden)):
        blocks = _blocks(book, sheet)
        assert len(blocks) == (2 + 6 if sheet == "Rangliste" else 6), list(blocks)
        for heading, rows in blocks.items():
            seen = _printed(pages, heading)
            assert seen, (sheet, heading)
            for page, lines, header in seen:
                assert page in where, (heading, page)
                # the block whole under its heading and header row: the sheet's rows, in order
                assert len(lines) == len(rows), (heading, page, lines)
                for line, (rank, name, cells) in zip(lines, rows, strict=True):
                    rest = _row(line, rank, name).split()
                    if "Punkte" in header:  # Score, then Value (groups, periods) or Overall
                        assert rest[0] == f"{cells[0]:.2f}", (heading, line, cells)
                        assert rest[1] == str(cells[1]), (heading, line, cells)
                    if header.rstrip().endswith("TPR"):  # the groups' last page of columns
                        assert rest[-1] == str(cells[-1]), (heading, line, cells)
            if sheet == "Rangliste" and heading.startswith("Gruppe") and "·" not in heading:
                # a group's table: its round columns over two pages, each with Platz and Name
                assert len(seen) == 2 and "R1 " in seen[0][2] and "TPR" in seen[1][2], heading
            else:
                assert len(seen) == 1, (heading, [p for p, _, _ in seen])
    # the long name whole wherever it is printed
    assert all(LONG not in t.replace("\n", " ") or LONG in t for t in pages)
    assert sum(t.count(LONG) for t in pages) >= 6


@needs
@pytest.mark.slow
def test_moves_and_legend_whole_with_a_block_and_forfeits_marked(printed) -> None:
    book, _pdf_path, pages = printed
    rangliste = [t for t in pages if "Rangliste nach Runde 18" in t]
    moves = [t for t in rangliste if "Auf- und Abstieg" in t]
    assert len(moves) == 1
    sheet = [[c.value for c in row] for row in openpyxl.load_workbook(book)["Rangliste"].iter_rows()]
    at = next(i for i, r in enumerate(sheet) if r[0] == "Auf- und Abstieg")
    lines = [r[0] for r in sheet[at + 1:] if r[0]]
    told = [x for x in lines if " steigt ab Runde " in x]
    assert len(told) == 8
    flat = " ".join(moves[0].split())
    for line in told:  # every move whole, on one page (not cut at a repeated column)
        assert " ".join(line.split()) in flat, line
    # one legend, on the page of the moves (a block above it), never on a page of its own
    assert sum(t.count("Rundenspalten:") for t in pages) == 1 and "Rundenspalten:" in moves[0]
    for words in ("+ kampflos gewonnen", "- kampflos verloren", "-- beide kampflos verloren",
                  "zg zurückgezogen", "N noch nicht Mitglied"):
        assert words in flat, words
    # the forfeits' round cells carry their marks (the cell keeps its points)
    ws = openpyxl.load_workbook(book)["Rangliste"]
    formats = {c.number_format for row in ws.iter_rows() for c in row if c.value is not None}
    assert any(f.startswith('"+') for f in formats), formats  # won
    assert any(f.startswith(('"-";', '"- "')) for f in formats), formats  # lost
    assert any(f.startswith('"--') for f in formats), formats  # both lost
