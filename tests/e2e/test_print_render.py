"""The engine sheets print on A4 (issue 9, item 5), checked in real LibreOffice renders.

The sample season (34 players, 22 rounds) and a simulated 60-player, 35-round season go through
``batch``; each workbook is converted to PDF once (``soffice --convert-to pdf``) and every page
is told apart by its header, which names the sheet (``Standings after round 22``).  Asserted:
the page setup written (orientation, fit or scale, repeated columns), landscape pages in the
PDF, the page count per sheet, and the smallest text size on the Standings pages >= 8 pt
(PyMuPDF: each text span's font size).  ``KEIZER_XL_TODAY`` fixes the date.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support.pdf import (FALLBACK_PT, MIN_PT, beyond_page, carlito, font_names, needs, smallest_text,
                         to_pdf)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"
KINDS = {"Standings": "Standings after", "History": "History after",
         "Crosstable": "Crosstable after", "Explain": "Explanation after",
         "Audit": "Pairing audit", "Compare": "Final ranking"}


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "KEIZER_XL_TODAY": "2026-03-01"}


def _batch(book: Path) -> Path:
    subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", "batch", "--quiet",
                    "--compare", str(book)], check=True, env=_env(), capture_output=True)
    return book.with_name(book.stem + ".keizer.xlsx")


def _pages(pdf: Path) -> dict[str, list[int]]:
    """Sheet -> its page numbers, by the sheet title in each page's header."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    n = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
    out: dict[str, list[int]] = {}
    for i in range(1, n + 1):
        text = subprocess.run(["pdftotext", "-f", str(i), "-l", str(i), str(pdf), "-"],
                              capture_output=True, text=True).stdout
        head = "\n".join(text.strip().splitlines()[:2])
        for sheet, words in KINDS.items():
            if words in head:
                out.setdefault(sheet, []).append(i)
                break
    return out


def _landscape(pdf: Path, page: int) -> bool:
    info = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)],
                          capture_output=True, text=True).stdout
    w, h = map(float, re.search(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info).groups())  # type: ignore[union-attr]
    return w > h


def _min_pt(pdf: Path) -> float:
    """MIN_PT where LibreOffice printed in Carlito (Calibri's metric twin), else FALLBACK_PT."""
    return MIN_PT if any("Carlito" in f for f in font_names(pdf)) else FALLBACK_PT


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("sample")
    shutil.copy(SAMPLE, d / "club-season.xlsx")
    out = _batch(d / "club-season.xlsx")
    return out, to_pdf(out)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book

    d = tmp_path_factory.mktemp("big")
    shutil.copy(SAMPLE, d / "big-season.xlsx")
    book = open_book(d / "big-season.xlsx")
    write_season(book, simulate_season(60, 35, seed=3))
    book.save()
    out = _batch(d / "big-season.xlsx")
    return out, to_pdf(out)


def _setup(xlsx: Path, sheet: str):
    import openpyxl

    return openpyxl.load_workbook(xlsx)[sheet]


@needs
def test_sample_season_prints_on_landscape_a4_at_8pt(sample: tuple[Path, Path]) -> None:
    xlsx, pdf = sample
    pages = _pages(pdf)
    assert set(pages) == set(KINDS), pages
    for sheet, numbers in pages.items():
        assert all(_landscape(pdf, i) for i in numbers), sheet
    ws = _setup(xlsx, "Standings")
    # 22 rounds do not fit one page wide at 75 %: Rank and Name repeat, the rounds follow
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.scale == 74
    # split by columns: printed from the header row on (row 3, repeated on every page), the
    # title in the page header: a repeated title row was cut at Name on the later pages
    assert ws.print_title_cols == "$A:$B" and ws.print_title_rows == "$3:$3"
    assert ws.print_area.startswith("'Standings'!$A$3:")
    assert ws.oddHeader.center.text.endswith("Standings after round 22 · 2026-03-01")
    assert len(pages["Standings"]) <= 3
    for sheet in ("Standings", "Crosstable", "Explain", "Audit", "Compare"):
        assert smallest_text(pdf, pages[sheet]) >= _min_pt(pdf), sheet
    # History: a round per column (issue 16 item 4): the grid, then the chart on a page of its own
    assert smallest_text(pdf, pages["History"][:1]) >= _min_pt(pdf)
    assert len(pages["History"]) <= 3, pages["History"]  # 34 rows may spill; the chart
    # Explain: 34 players' wrapped explanations, one page wide (was 18 of 38 pages for 15)
    ex = _setup(xlsx, "Explain")
    assert ex.page_setup.fitToWidth == 1 and ex["F4"].alignment.wrap_text
    assert len(pages["Explain"]) <= 40
    assert len(pages["Crosstable"]) <= 6 and len(pages["Audit"]) <= 3


@needs
def test_60_players_35_rounds_print_readably(big: tuple[Path, Path]) -> None:
    xlsx, pdf = big
    pages = _pages(pdf)
    ws = _setup(xlsx, "Standings")
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.scale == 74
    assert ws.print_title_cols == "$A:$B"
    # 60 rows: two pages down; 35 round columns: three pages across, names repeated
    assert 2 <= len(pages["Standings"]) <= 8, pages["Standings"]
    assert smallest_text(pdf, pages["Standings"]) >= _min_pt(pdf)
    assert all(_landscape(pdf, i) for i in pages["Standings"])
    cross = _setup(xlsx, "Crosstable")
    assert cross.page_setup.scale == 74 and cross.print_title_cols == "$A:$B"
    assert smallest_text(pdf, pages["Crosstable"]) >= _min_pt(pdf)
    assert smallest_text(pdf, pages["Explain"] + pages["Audit"]) >= _min_pt(pdf)


def _club_season(path: Path, players: int, rounds: int, groups: bool = False,
                 lang: str = "nl") -> Path:
    """A Dutch season of ``players`` x ``rounds`` as `keizer-xl new` makes it, played by the
    simulator; with ``groups``: two groups (A the first half, each simulated on its own) and
    two categories (Jeugd every third player, Senioren the others) in a Groep and a Categorie
    column of the Players table; `standings` writes the Stand; the PDF holds only the Stand."""
    import dataclasses

    import openpyxl

    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.frontends.cli import main

    from keizer_xl.sheets import schema

    assert main(["new", str(path), "--language", lang]) == 0
    if groups:
        a = simulate_season(players - players // 2, rounds, seed=5)
        b = simulate_season(players // 2, rounds, seed=6)
        taken = {p.name for p in a.players}
        new = {}
        for p in b.players:
            name = p.name if p.name not in taken else f"{p.name} 2"
            taken.add(name)
            new[p.name] = name
        b = dataclasses.replace(
            b, players=tuple(dataclasses.replace(p, name=new[p.name]) for p in b.players),
            games=tuple(dataclasses.replace(g, white=new[g.white], black=new[g.black],
                                            board=(g.board or 0) + 20) for g in b.games),
            byes=tuple(dataclasses.replace(y, player=new[y.player]) for y in b.byes),
            absences=tuple(dataclasses.replace(x, player=new[x.player]) for x in b.absences))
        in_a = {p.name for p in a.players}
        everyone = tuple(dataclasses.replace(
            p, group="A" if p.name in in_a else "B",
            categories=("Jeugd",) if i % 3 == 0 else ("Senioren",))
            for i, p in enumerate(a.players + b.players))
        season = dataclasses.replace(a, players=everyone, games=a.games + b.games,
                                     byes=a.byes + b.byes, absences=a.absences + b.absences)
        wb = openpyxl.load_workbook(path)
        ws = wb[schema.sheet_name("Players", lang)]
        table = ws.tables["tblPlayers"]
        last = openpyxl.utils.get_column_letter(ws.max_column + 2)
        heads = (schema.header("Players", "group", lang), schema.header("Players", "category", lang))
        for head in heads:
            ws.cell(1, ws.max_column + 1, head)
        from openpyxl.worksheet.table import TableColumn

        for name in heads:
            table.tableColumns.append(TableColumn(id=len(table.tableColumns) + 1, name=name))
        table.ref = table.autoFilter.ref = f"A1:{last}{table.ref.split(':')[1].lstrip('ABCDEFGHIJ')}"
        wb.save(path)
    else:
        season = simulate_season(players, rounds, seed=5)
    book = open_book(path)
    write_season(book, season)
    book.save()
    assert main(["standings", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:
        if name != schema.sheet_name("Standings", lang):
            del wb[name]
    wb.save(path)
    return to_pdf(path)


@pytest.fixture(scope="module")
def club_sizes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("sizes")
    return {name: _club_season(d / f"{name}.xlsx", n, r, groups, lang)
            for name, n, r, groups, lang in (
                ("8x7", 8, 7, False, "nl"), ("10x5", 10, 5, False, "nl"),
                ("20x12", 20, 12, False, "nl"), ("17x12g", 17, 12, True, "nl"),
                ("20x12de", 20, 12, False, "de"), ("17x12gde", 17, 12, True, "de"),
                ("34x22", 34, 22, False, "nl"))}


def _page_texts(pdf: Path) -> list[str]:
    import pymupdf

    with pymupdf.open(pdf) as doc:
        return [page.get_text() for page in doc]


#: the words of the Stand in the two languages rendered
WORDS = {"nl": ("Stand na ronde", "Bordpunten", "Plaats", "Naam", "Groep", "Plaats algemeen",
                "Totaal"),
         "de": ("Rangliste nach Runde", "Brettpunkte", "Platz", "Name", "Gruppe",
                "Platz gesamt", "Gesamt\n")}


@needs
@pytest.mark.slow
def test_a_stand_of_up_to_20_players_and_12_rounds_prints_on_one_page(
        club_sizes: dict[str, Path]) -> None:
    """Issue 26: 8 x 7 and 10 x 5 put Game points and TPR alone on a second page; now each
    Stand up to 20 players and 12 rounds prints on one A4 landscape page, at 8 pt or more in
    the font the workbook names (Calibri; LibreOffice's metric twin Carlito).  A LibreOffice
    without Carlito falls back on DejaVu Sans, a quarter wider: the small ones still print at
    8 pt there, the 12-round ones on the same one page smaller (FALLBACK_PT, measured 6.6)."""
    for name in ("8x7", "10x5", "20x12", "20x12de"):
        pdf = club_sizes[name]
        texts = _page_texts(pdf)
        assert len(texts) == 1, (name, len(texts))
        assert _landscape(pdf, 1), name
        small = name in ("8x7", "10x5")
        assert smallest_text(pdf, [1]) >= (MIN_PT if carlito(pdf) or small else FALLBACK_PT), \
            (name, smallest_text(pdf, [1]), font_names(pdf))
        assert not beyond_page(pdf, [1]), (name, beyond_page(pdf, [1])[:3])
        title, points = WORDS["de" if name.endswith("de") else "nl"][:2]
        # the title once, every round and Game points and TPR on the page, no cell '###'
        assert texts[0].count(title) == 1, (name, texts[0][:300])
        assert re.search(rf"^{name} · {title} \d+ · \d+\.? \w+ \d{{4}}$", texts[0], re.M), name
        rounds = int(name.split("x")[1].rstrip("de"))
        assert points in texts[0] and "TPR" in texts[0] and f"R{rounds}\n" in texts[0], name
        assert "###" not in texts[0], name


@needs
@pytest.mark.slow
def test_a_stand_with_groups_and_categories_prints_the_groups_whole_on_the_first_page(
        club_sizes: dict[str, Path]) -> None:
    """17 players x 12 rounds in two groups with two categories (four category blocks): both
    group tables whole (every round, Game points, TPR) on the first page; the category blocks
    one under the other, each whole, on that page or the next (issue 33: side by side over the
    groups' columns they printed ###; docs/layout-and-print.md).  A category
    block heads the place in the whole ranking 'Plaats algemeen', not 'Totaal'."""
    for name in ("17x12g", "17x12gde"):
        pdf = club_sizes[name]
        lang = "de" if name.endswith("de") else "nl"
        title, points, rank, who, group, overall, total = WORDS[lang]
        texts = _page_texts(pdf)
        assert 1 <= len(texts) <= 2, (name, len(texts))
        assert all(_landscape(pdf, i) for i in range(1, len(texts) + 1)), name
        pages = list(range(1, len(texts) + 1))
        assert smallest_text(pdf, pages) >= (MIN_PT if carlito(pdf) else FALLBACK_PT), name
        assert not beyond_page(pdf, pages), (name, beyond_page(pdf, pages)[:3])
        first = texts[0]
        assert f"{group} A" in first and f"{group} B" in first, name
        assert first.count("R12\n") == 2 and first.count("TPR") == 2 and \
            first.count(points) == 2, name
        whole = "\n".join(texts)
        assert whole.count(title) == len(texts), name  # once on every page, whole
        assert len(re.findall(rf"^{name} · {title} 12 · \d+\.? \w+ \d{{4}}$", whole, re.M)) \
            == len(texts), name
        # four category blocks (two groups x two categories)
        assert len(re.findall(overall.replace(" ", r"\s+"), whole)) == 4, name
        assert not re.search(total, whole), name
        assert "###" not in whole, name
        # every page that holds a table holds its Rank and Name headers
        assert all(rank in t and who in t for t in texts), name


@needs
@pytest.mark.slow
def test_a_stand_of_34_players_and_22_rounds_splits_by_round_columns(
        club_sizes: dict[str, Path]) -> None:
    """Wider than one page at 74 %: the round columns shared over pages, Rank and Name (and
    the header row) repeated on each, no page holding only the last columns (Game points and
    TPR beside three or more round columns), 8 pt or more with Carlito and in the fallback."""
    pdf = club_sizes["34x22"]
    texts = _page_texts(pdf)
    pages = list(range(1, len(texts) + 1))
    assert 2 <= len(texts) <= 4, len(texts)
    assert all(_landscape(pdf, i) for i in pages)
    assert smallest_text(pdf, pages) >= MIN_PT, smallest_text(pdf, pages)
    assert not beyond_page(pdf, pages), beyond_page(pdf, pages)[:3]
    assert all("Plaats" in t and "Naam" in t for t in texts)
    # the title whole on every page, once (in the page header: a repeated title row was cut
    # at the Name column on the later pages, "34x22 · Stand na ronde 22 · 1 maa")
    whole = re.compile(r"^34x22 · Stand na ronde 22 · \d+ \w+ \d{4}$", re.M)
    assert all(len(whole.findall(t)) == 1 for t in texts), [t[:80] for t in texts]
    tables = [t for t in texts if "Quinten" in t or re.search(r"\bR\d+\n", t)]
    last = next(t for t in tables if "TPR" in t)
    assert len(re.findall(r"\bR\d+\n", last)) >= 3, last[:400]
    assert "R22\n" in last and "Bordpunten" in last
    assert "###" not in "".join(texts)


# --------------------------------------------------------------------------- every engine sheet


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """15 players, 4 rounds (issue 16 item 4: the History took 6 pages, Instructions 5)."""
    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book

    d = tmp_path_factory.mktemp("small")
    shutil.copy(SAMPLE, d / "small-season.xlsx")
    book = open_book(d / "small-season.xlsx")
    write_season(book, simulate_season(15, 4, seed=5))
    book.save()
    out = _batch(d / "small-season.xlsx")
    return out, to_pdf(out)


@needs
def test_15_players_4_rounds_every_sheet_prints_compactly(small: tuple[Path, Path]) -> None:
    _xlsx, pdf = small
    pages = _pages(pdf)
    assert set(pages) == set(KINDS), pages
    # every engine sheet: readable, nothing beyond the page, and few pages for a short season
    limits = {"Standings": 1, "History": 2, "Crosstable": 2, "Explain": 6, "Audit": 1,
              "Compare": 2}
    for sheet, numbers in pages.items():
        assert len(numbers) <= limits[sheet], (sheet, numbers)
        assert smallest_text(pdf, numbers) >= _min_pt(pdf), sheet
        assert not beyond_page(pdf, numbers), (sheet, beyond_page(pdf, numbers))


@needs
def test_60_players_35_rounds_nothing_runs_off_the_page(big: tuple[Path, Path]) -> None:
    _xlsx, pdf = big
    pages = _pages(pdf)
    for sheet, numbers in pages.items():
        assert not beyond_page(pdf, numbers), (sheet, beyond_page(pdf, numbers)[:5])
    # the grid's pages (the chart's page has its own small axis labels)
    import pymupdf

    with pymupdf.open(pdf) as doc:
        chart = [i for i in pages["History"]
                 if "Rank after each round (top" in doc[i - 1].get_text()]
    assert len(chart) == 1, chart
    grid = [i for i in pages["History"] if i not in chart]
    assert smallest_text(pdf, grid) >= _min_pt(pdf)
    # History: a round per column; 60 rows, 35 rounds: a handful of pages, not 81
    assert len(pages["History"]) <= 8, pages["History"]
