"""A round robin's standings on every surface (issue 36): the Standings sheet's crosstable,
JSON, CSV, the HTML page read the same rows; the crosstable prints on one A4 page up to 16."""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess

import openpyxl
import pytest

from keizer_xl.clients import lo_run
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.crosstable_sheets import SELF
from tests.helpers import round_robin_book

SIX = ["Anna", "Bert", "Cor", "Dirk", "Eva", "Frank"]
SIXTEEN = ["Alexandra van der Berg", "Bert Jansen", "Cornelis de Vries", "Dirk Bakker",
           "Eva Visser", "Frank Smit", "Gerrit Mulder", "Hanna de Boer", "Ingrid Meijer",
           "Jan de Groot", "Karel Bos", "Lotte Vos", "Maarten Peters", "Nina Hendriks",
           "Otto van Leeuwen", "Paula Dekker"]


def _random(seed):
    rnd = random.Random(seed)
    choices = ["1-0"] * 4 + ["½-½"] * 3 + ["0-1"] * 3 + ["1-0F", "0-1F"]
    return lambda r, b: rnd.choice(choices)


def _table(ws):
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] in ("Rank", "Plaats"))
    body = []
    for r in rows[head + 1:]:
        if r[0] is None:
            break
        body.append(r)
    return rows[head], body


def test_the_standings_sheet_json_csv_and_html_show_the_same_rows(tmp_path, capsys):
    book = round_robin_book(tmp_path / "rr.xlsx", SIX, _random(1))
    assert main(["standings", str(book), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    head, body = _table(openpyxl.load_workbook(book)["Standings"])
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
    book = round_robin_book(tmp_path / "rr.xlsx", SIX, _random(2), settings=(
        ("round_robin", "all"), ("language", "nl"), ("tiebreak", "SB, BH")))
    assert main(["standings", str(book)]) == 0
    head, body = _table(openpyxl.load_workbook(book)["Stand"])
    assert head[:3] == ("Plaats", "Nr.", "Naam") and head[9:] == ("Punten", "SB", "BH")
    # the console's table has the tie-breaks too, with the decimal comma
    console = capsys.readouterr().out.splitlines()
    assert console[1].split()[-2:] == ["SB", "BH"]
    assert console[2].split()[-2:] == [str(v).replace(".", ",") for v in body[0][10:]]


SOFFICE = lo_run.find_soffice()


@pytest.mark.e2e
@pytest.mark.skipif(SOFFICE is None or shutil.which("pdftotext") is None,
                    reason="needs LibreOffice (soffice) and poppler-utils (pdftotext)")
def test_sixteen_players_print_on_one_a4_page_row_for_row(tmp_path, capsys):
    book = round_robin_book(tmp_path / "rr.xlsx", SIXTEEN, _random(4))
    assert main(["standings", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    _, body = _table(wb["Standings"])
    for name in wb.sheetnames:
        if name != "Standings":
            del wb[name]
    wb.save(tmp_path / "print.xlsx")
    subprocess.run([str(SOFFICE), f"-env:UserInstallation=file://{tmp_path}/profile",
                    "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path),
                    str(tmp_path / "print.xlsx")], check=True, capture_output=True, timeout=300)
    pdf = tmp_path / "print.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+1\n", info) and "(A4)" in info
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True).stdout
    printed = [line.split() for line in text.splitlines() if any(n in line for n in SIXTEEN)]
    # each printed line: rank, number, the name, 16 cells, points, DE?, WIN, SB, KS
    assert len(printed) == 16
    for words, row in zip(printed, body, strict=True):
        assert " ".join(words).startswith(f"{row[0]} {row[1]} {row[2]} ")
        assert " ".join(str(c) for c in row[3:19]) in " ".join(words)
        numbers = [f"{v:g}" for v in row[19:] if v is not None]  # points, tie-breaks
        assert words[-len(numbers):] == numbers


def test_the_trf_report_of_a_round_robin(tmp_path, capsys):
    # five players: each has one free round, no game and no points (0000 - Z)
    book = round_robin_book(tmp_path / "rr.xlsx", SIX[:5], _random(3))
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
