"""Round robin printed as LibreOffice prints it (issue 36): the crosstable of 16 players and the
Schedule sheet each on one A4 page, read back with pdftotext row for row."""
from __future__ import annotations

import re
import shutil
import subprocess

import openpyxl
import pytest

from keizer_xl.clients import lo_run
from keizer_xl.frontends.cli import main
from support.helpers import crosstable_rows, make_workbook, random_results, round_robin_book

SOFFICE = lo_run.find_soffice()
SIXTEEN = ["Alexandra van der Berg", "Bert Jansen", "Cornelis de Vries", "Dirk Bakker",
           "Eva Visser", "Frank Smit", "Gerrit Mulder", "Hanna de Boer", "Ingrid Meijer",
           "Jan de Groot", "Karel Bos", "Lotte Vos", "Maarten Peters", "Nina Hendriks",
           "Otto van Leeuwen", "Paula Dekker"]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.e2e
@pytest.mark.skipif(SOFFICE is None or shutil.which("pdftotext") is None,
                    reason="needs LibreOffice (soffice) and poppler-utils (pdftotext)")
def test_sixteen_players_print_on_one_a4_page_row_for_row(tmp_path, capsys):
    book = round_robin_book(tmp_path / "rr.xlsx", SIXTEEN, random_results(4))
    assert main(["standings", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    _, body = crosstable_rows(wb["Standings"])
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


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None,
                    reason="needs LibreOffice (soffice) and poppler-utils (pdftotext)")
def test_the_schedule_sheet_prints_on_one_a4_page_as_libreoffice_renders_it(tmp_path, capsys):
    names = ["Anna de Groot", "Bert Jansen", "Cees van Dijk", "Dirk Bakker", "Eva Visser",
             "Femke de Boer"]
    path = make_workbook(tmp_path / "nl.xlsx", {
        "Instellingen": [["Instelling", "Waarde"], ["round_robin", "all"],
                         ["round_robin_cycles", 2]],
        "Spelers": [["Naam"], *[[n] for n in names]],
        "Aanwezigheid": [["Naam", "R1"], *[[n, "A" if n == "Bert Jansen" else None]
                                           for n in names]],
        "Uitslagen": [["Ronde", "Bord", "Wit", "Zwart", "Uitslag"]]})
    assert run(capsys, "pair", path)[0] == 0
    assert run(capsys, "pair", path)[0] == 0
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:
        if name != "Speelschema":
            del wb[name]
    only = tmp_path / "schedule.xlsx"
    wb.save(only)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path),
                    str(only)], check=True, capture_output=True, timeout=180)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "schedule.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert text.count("\f") == 1  # one page: 10 rounds x 3 boards
    assert "Speelschema round robin" in text and "Opmerking" in text
    assert "uitgesteld" in text  # Bert's game of round 1
    assert "Anna de Groot" in text and "pagina 1 van 1" in text
