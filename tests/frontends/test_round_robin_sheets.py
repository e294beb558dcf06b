"""A round robin's standings on every surface (issue 36): the Standings sheet's crosstable,
JSON, CSV, the HTML page read the same rows; the crosstable prints on one A4 page up to 16."""
from __future__ import annotations

import json
import re

import openpyxl

from keizer_xl.frontends.cli import main
from keizer_xl.sheets.crosstable_sheets import SELF
from support.helpers import crosstable_rows, random_results, round_robin_book

SIX = ["Anna", "Bert", "Cor", "Dirk", "Eva", "Frank"]
SIXTEEN = ["Alexandra van der Berg", "Bert Jansen", "Cornelis de Vries", "Dirk Bakker",
           "Eva Visser", "Frank Smit", "Gerrit Mulder", "Hanna de Boer", "Ingrid Meijer",
           "Jan de Groot", "Karel Bos", "Lotte Vos", "Maarten Peters", "Nina Hendriks",
           "Otto van Leeuwen", "Paula Dekker"]


def test_the_standings_sheet_json_csv_and_html_show_the_same_rows(tmp_path, capsys):
    book = round_robin_book(tmp_path / "rr.xlsx", SIX, random_results(1))
    assert main(["standings", str(book), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    head, body = crosstable_rows(openpyxl.load_workbook(book)["Standings"])
    assert head[:3] == ("Rank", "No.", "Name") and head[3:9] == tuple("123456")
    assert head[9:] == ("Points", "DE", "WIN", "SB", "KS")
    assert [(r[0], r[1], r[2], r[9]) for r in body] == [
        (j["rank"], j["number"], j["name"], j["score"]) for j in rows]
    assert [list(r[10:]) for r in body] == [list(j["tiebreaks"].values()) for j in rows]
    for r in body:  # a player's own cell, and each result mirrored in the opponent's row
        me = r[1]
        assert r[2 + me] == SELF
        for opp in body:
            mine, theirs = r[2 + opp[1]], opp[2 + me]
            flip = {"1": "0", "0": "1", "½": "½", "1F": "0F", "0F": "1F", SELF: SELF}
            assert theirs == flip[mine]
    # points are the results in the cells
    value = {"1": 1, "1F": 1, "½": 0.5, "0": 0, "0F": 0, SELF: 0}
    assert all(sum(value[c] for c in r[3:9]) == r[9] for r in body)
    assert main(["export", str(book), "--csv", "--out", "-"]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert [line.split(",")[2] for line in csv[1:]] == [j["name"] for j in rows]
    assert main(["export", str(book), "--html", "--out", str(tmp_path / "rr.html")]) == 0
    page = (tmp_path / "rr.html").read_text(encoding="utf-8")
    table = page[page.index('id="standings"'):page.index("</table>", page.index('id="standings"'))]
    assert [re.sub("<[^>]+>", "", n).strip() for n in re.findall(
        r'<td class="name">(.*?)</td>', table)] == [j["name"] for j in rows]
    assert "<th class=\"n\">SB</th>" in table and "Keizer" not in page.split("<footer>")[0]


def test_the_crosstable_in_dutch(tmp_path, capsys):
    book = round_robin_book(tmp_path / "rr.xlsx", SIX, random_results(2), settings=(
        ("round_robin", "all"), ("language", "nl"), ("tiebreak", "SB, BH")))
    assert main(["standings", str(book)]) == 0
    head, body = crosstable_rows(openpyxl.load_workbook(book)["Stand"])
    assert head[:3] == ("Plaats", "Nr.", "Naam") and head[9:] == ("Punten", "SB", "BH")
    # the console's table has the tie-breaks too, with the decimal comma
    console = capsys.readouterr().out.splitlines()
    assert console[1].split()[-2:] == ["SB", "BH"]
    assert console[2].split()[-2:] == [str(v).replace(".", ",") for v in body[0][10:]]


def test_the_trf_report_of_a_round_robin(tmp_path, capsys):
    # five players: each has one free round, no game and no points (0000 - Z)
    book = round_robin_book(tmp_path / "rr.xlsx", SIX[:5], random_results(3))
    assert main(["standings", str(book), "--format", "json"]) == 0
    rank = {j["name"]: j["rank"] for j in json.loads(capsys.readouterr().out)}
    assert main(["export", str(book), "--trf", str(tmp_path / "rr.trf")]) == 0
    lines = (tmp_path / "rr.trf").read_text(encoding="utf-8").splitlines()
    assert "092 Individual: Round robin" in lines
    players = [ln for ln in lines if ln.startswith("001")]
    assert len(players) == 5
    for ln in players:
        assert ln.count("0000 - Z") == 1
        name = ln[14:47].strip().split(", ")[::-1]
        assert int(ln[85:89]) == rank[" ".join(name)]
