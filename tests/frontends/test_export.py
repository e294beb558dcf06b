"""Publishing: the HTML page and the standings CSV, both read back (issue 5)."""
from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pandas as pd
import pytest

from support.helpers import season
from keizer_xl.frontends.cli import main
from keizer_xl.app.export_files import (csv_escape, csv_unescape, latest_pairing, page_html,
                              rank_chart_svg, standings_csv)
from keizer_xl.sheets.frames import crosstable_frame
from keizer_xl.core.numbers import display
from keizer_xl.core.engine import compute_history
from support.season_books import write_book

NASTY = ["<script>alert(1)</script>", '=HYPERLINK("http://evil.example","click")', "Zoë & Co",
         "'t Hart", "-Min", "@sum", "Plain \"Quote\"", "Bob"]


@pytest.fixture(scope="module")
def nasty():
    """Two played rounds and round 3 paired without results, with names that must stay text."""
    a, b, c, d, e, f, g, h = NASTY
    return season(NASTY, [
        [(a, b, "1-0"), (c, d, "½-½"), (e, f, "0-1"), (g, h, "1-0")],
        [(b, c, "0-1"), (d, a, "1-0"), (f, g, "½-½"), (h, e, "0-1F")],
        [(a, c, ""), (d, f, ""), (b, h, ""), (g, e, "")],
    ], season="<b>Club</b> & Season")


class Tables(HTMLParser):
    """Every <table id=...> as a list of rows of cell texts; all other text too."""

    def __init__(self):
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.current = None
        self.cell = None
        self.row = None
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if tag == "table" and "id" in attrs:
            self.current = self.tables.setdefault(attrs["id"], [])
        elif tag == "tr" and self.current is not None:
            self.row = []
            self.current.append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell))
            self.cell = None
        elif tag == "table":
            self.current = None
            self.row = None

    def handle_data(self, data):
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def parse(page: str) -> Tables:
    p = Tables()
    p.feed(page)
    p.close()
    return p


def test_html_round_trip(nasty):
    history = compute_history(nasty)
    page = page_html(nasty, "club")
    parsed = parse(page)
    st = history.last
    rows = parsed.tables["standings"]
    assert rows[0] == ["Rank", "Name", "Points", "Value", "Games", "W", "D", "L", "Game points"]
    body = rows[1:]
    assert [r[1] for r in body] == list(st.order)  # names come back exactly, as text
    assert [int(r[0]) for r in body] == list(st.places)
    assert [float(r[2]) for r in body] == [display(st.score[n]) for n in st.order]
    assert [float(r[3]) for r in body] == [display(st.value[n]) for n in st.order]
    assert [[int(x) for x in r[4:8]] for r in body] == [
        [st.games[n], st.wins[n], st.draws[n], st.losses[n]] for n in st.order]
    # game points (issue 23): a win 1, a draw 1/2, counted here over the raw games
    from keizer_xl.core.model import Result, ScoreKind

    points = dict.fromkeys(st.order, 0.0)
    for g in nasty.games:
        if g.result is Result.ADJOURNED:  # not decided: no game points
            continue
        for name, white in ((g.white, True), (g.black, False)):
            kind = g.result.score(white)
            points[name] += {ScoreKind.WIN: 1.0, ScoreKind.FORFEIT_WIN: 1.0,
                             ScoreKind.DRAW: 0.5}.get(kind, 0.0)
    assert [float(r[8]) for r in body] == [points[n] for n in st.order]
    # the open round 3, as in Results
    pairing = parsed.tables["pairing"][1:]
    open_round = latest_pairing(nasty)
    assert open_round.round == 3
    assert [(r[1], r[2]) for r in pairing] == [(w, b) for _, w, b in open_round.boards]
    # the crosstable, cell by cell
    cross = crosstable_frame(nasty, history)
    got = parsed.tables["crosstable"]
    assert got[0] == [str(c) for c in cross.columns]
    assert got[1:] == [["" if v is None else str(v) for v in row]
                       for row in cross.itertuples(index=False, name=None)]


def test_html_escapes_every_user_string(nasty):
    page = page_html(nasty, "club")
    assert "<script>" not in page and "<b>Club</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<title>&lt;b&gt;Club&lt;/b&gt; &amp; Season</title>" in page
    parsed = parse(page)
    assert "script" not in parsed.tags and "b" not in parsed.tags
    assert not re.search(r"<(link|img|iframe|object)\b|\bsrc=|https?://(?!evil)", page.replace(
        "http://www.w3.org/2000/svg", ""))  # self-contained: no external assets, no script
    assert '<meta name="viewport"' in page and "@media (max-width" in page


def test_svg_chart_puts_rank_one_on_top(nasty):
    history = compute_history(nasty)
    svg = rank_chart_svg(history)
    lines = re.findall(r'<polyline[^>]*points="([^"]+)"><title>([^<]*)</title>', svg)
    assert len(lines) == 8
    assert all("<" not in title for _, title in lines)  # names escaped inside the SVG
    last_y = {title: float(points.split()[-1].split(",")[1]) for points, title in lines}
    ys = [last_y[t] for _, t in lines]
    assert ys == sorted(ys)  # final ranking order = top to bottom


def test_csv_round_trip(nasty):
    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import season_parts

    history = compute_history(nasty)
    text = standings_csv(season_parts(Competition(nasty)))
    frame = pd.read_csv(io.StringIO(text), keep_default_na=False)
    st = history.last
    assert list(frame.columns[:10]) == ["Group", "Rank", "Name", "Score", "Value", "Prev value",
                                        "Games", "W", "D", "L"]
    assert list(frame.columns[-2:]) == ["Game points", "TPR"]
    assert [csv_unescape(n) for n in frame.Name] == list(st.order)
    assert list(frame.Score) == [display(st.score[n]) for n in st.order]
    assert list(frame.Rank) == list(st.places)
    assert list(frame.R1) == [display(st.round_points[n][0]) for n in st.order]
    # formula-looking names are protected, harmless ones untouched
    raw = dict(zip([csv_unescape(n) for n in frame.Name], frame.Name, strict=True))
    assert raw['=HYPERLINK("http://evil.example","click")'].startswith("'=")
    assert raw["-Min"] == "'-Min" and raw["@sum"] == "'@sum"
    assert raw["'t Hart"] == "'t Hart" and raw["Bob"] == "Bob"


@pytest.mark.parametrize("text", ["=1+1", "'=1", "''+x", "'t Hart", "plain", "", "-", "\tx"])
def test_csv_escape_is_reversible(text):
    assert csv_unescape(csv_escape(text)) == text
    assert not re.match(r"[=+\-@\t\r]", csv_escape(text))


def test_export_command_writes_both_files(tmp_path, nasty, capsys):
    book = write_book(tmp_path / "club.xlsx", nasty)
    assert main(["export", str(book), "--html", "--csv"]) == 0
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    assert parse(page).tables["standings"][1][1] == compute_history(nasty).last.order[0]
    frame = pd.read_csv(tmp_path / "club.csv", keep_default_na=False)  # BOM and all
    assert list(frame.columns[:2]) == ["Group", "Rank"]  # one layout with or without groups
    assert [csv_unescape(n) for n in frame.Name] == list(compute_history(nasty).last.order)
    assert main(["export", str(book), "--csv", "--out", "-"]) == 0
    assert capsys.readouterr().out.startswith("Group,Rank,Name,Score")
    assert main(["export", str(book)]) == 2
    assert main(["export", str(book), "--html", "--csv", "--out", str(tmp_path / "x")]) == 2
