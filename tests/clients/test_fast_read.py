"""The file client reads a workbook's values from the sheets' XML (issue 25): the same values
openpyxl reads, on workbooks made by openpyxl, XlsxWriter, LibreOffice and by hand (shared and
inline strings, rich text with phonetic runs, dates in both epochs, times, durations, booleans,
errors, formulas' cached results, Excel Tables)."""
from __future__ import annotations

import datetime as dt
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients.xlsx import FileBook
from support.reader_oracle import differences, sheet_values
from support.season_books import write_book
from support.openpyxl_book import openpyxl_book
from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.clients.xlsx.new_book import build_template

ROOT = Path(__file__).resolve().parents[2]


def _rewrite(path: Path, replace: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path) as zin:
        items = [(i.filename, zin.read(i)) for i in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items:
            zout.writestr(name, replace.get(name, data))
    path.write_bytes(buf.getvalue())
    return path


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr"])
def test_the_template_reads_as_openpyxl_reads_it(tmp_path, language):
    p = tmp_path / "t.xlsx"
    build_template(p, language=language)
    assert differences(p) == []


def test_the_sample_and_a_simulated_season_read_as_openpyxl_reads_them(tmp_path):
    assert differences(ROOT / "samples" / "club-season.xlsx") == []
    p = write_book(tmp_path / "s.xlsx", simulate_season(24, 6, seed=3, absence_rate=0.1))
    assert differences(p) == []
    values = sheet_values(p)
    assert sum(len(v) for v in values.values()) > 300


def test_every_kind_of_value(tmp_path):
    p = tmp_path / "v.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["Name", "Joined", "At", "Played", "Flag", "Rating", "Big", "Note"])
    ws.append(["Ann", dt.date(2024, 9, 1), dt.time(19, 45), dt.timedelta(hours=26, minutes=5), True,
               1834.5, 2 ** 40, "  spaced  "])
    ws.append(["Bob", dt.datetime(1900, 2, 27, 12, 0), dt.time(0, 0, 1), None, False, -3, 0.1, "a\nb"])
    ws["H2"].number_format = "@"
    ws.append(["=HYPERLINK(\"x\")", None, None, None, None, 1e-7, 1e21, "&<>\"'"])
    ws["A4"].data_type = "s"
    wb.save(p)
    assert differences(p) == []
    rows = FileBook(p).read_table("Players").rows
    assert rows[0][:5] == (
        "Ann",
        dt.datetime(2024, 9, 1),
        dt.time(19, 45),
        dt.timedelta(hours=26, minutes=5),
        True,
    )
    assert rows[2][0] == '=HYPERLINK("x")'  # text stays text


def test_1904_dates_rich_text_phonetic_runs_errors_and_cached_results(tmp_path):
    p = tmp_path / "h.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append(["Round", "White", "Black", "Result", "Date"])
    ws.append([1, "x", "y", "1-0", dt.date(2025, 1, 7)])
    wb.save(p)
    with zipfile.ZipFile(p) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
        workbook = zf.read("xl/workbook.xml").decode()
        rels = zf.read("xl/_rels/workbook.xml.rels").decode()
        types = zf.read("[Content_Types].xml").decode()
    # openpyxl writes inline strings; the shared strings part as Excel writes it, by hand
    rels = rels.replace("</Relationships>", '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/'
                        'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                        "</Relationships>")
    types = types.replace("</Types>", '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                          'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    sst = ('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/'
           'spreadsheetml/2006/main" count="2" uniqueCount="2"><si><r><rPr><b/></rPr><t>Ja</t></r>'
           '<r><t xml:space="preserve">n &amp; co</t></r><rPh sb="0" eb="1"><t>ヤン</t></rPh></si>'
           '<si><t>x005F_plain</t></si></sst>')
    sheet = sheet.replace('<c r="B2" t="s"><v>', '<c r="B2" t="s"><v>').replace(
        "</sheetData>",
        '<row r="3"><c r="A3"><v>2</v></c><c r="B3" t="s"><v>0</v></c><c r="C3" t="s"><v>1</v></c>'
        '<c r="D3" t="e"><v>#N/A</v></c><c r="E3" s="1"><v>100</v></c></row>'
        '<row r="4"><c r="A4"><f>1+2</f><v>3</v></c><c r="B4" t="str"><f>"p"&amp;"q"</f><v>pq</v></c>'
        '<c r="C4" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c>'
        '<c r="D4" t="b"><f>TRUE()</f><v>1</v></c><c r="E4" t="str"><f>""</f><v></v></c></row></sheetData>')
    workbook = (
        workbook.replace("<workbookPr ", "<workbookPr date1904=\"1\" ")
        if "<workbookPr " in workbook
        else workbook.replace("<bookViews>", '<workbookPr date1904="1"/><bookViews>')
    )
    _rewrite(p, {"xl/worksheets/sheet1.xml": sheet.encode(), "xl/workbook.xml": workbook.encode(),
                 "xl/_rels/workbook.xml.rels": rels.encode(), "[Content_Types].xml": types.encode()})
    with zipfile.ZipFile(p, "a") as zf:
        zf.writestr("xl/sharedStrings.xml", sst)
    assert differences(p) == []
    values = sheet_values(p)["Results"]
    assert values[(3, 2)] == "Jan & co" and values[(3, 3)] == "plain" and values[(3, 4)] == "#N/A"
    assert values[(3, 5)] == dt.datetime(1904, 4, 10)  # 1904 epoch: day 100
    assert values[(4, 3)] == "inline" and values[(4, 4)] is True


def test_excel_tables_with_and_without_headers_are_found_as_openpyxl_finds_them(tmp_path):
    from openpyxl.worksheet.table import Table as XLTable

    p = tmp_path / "t.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws["A1"] = "a note above"
    for r, row in enumerate((["Name", "Rating"], ["Ann", 1800], ["Bob", None], ["Cy", 1500]), start=3):
        for c, v in enumerate(row, start=2):
            ws.cell(row=r, column=c, value=v)
    ws.add_table(XLTable(displayName="tblPlayers", ref="B3:C6"))
    wb.save(p)
    fast = FileBook(p).read_table("Players")
    slow = openpyxl_book(p).read_table("Players")
    assert fast == slow
    assert fast.header_row == 3 and fast.first_column == 2
    assert fast.rows == (("Ann", 1800), ("Bob", None), ("Cy", 1500))


def test_a_sheet_with_a_namespace_prefix_is_read_and_appended_to(tmp_path):
    # some writers put the main namespace on a prefix (<x:worksheet>, <x:c>): the general
    # reader reads it, and rows appended carry the prefix too
    import re

    p = tmp_path / "x.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append(["Round", "White", "Black", "Result"])
    ws.append([1, "Ann", "Bob", "1-0"])
    wb.save(p)
    with zipfile.ZipFile(p) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml").decode()
    sheet = re.sub(r"<(/?)([A-Za-z]\w*)", r"<\1x:\2", sheet)
    sheet = sheet.replace('xmlns="http://schemas', 'xmlns:x="http://schemas', 1)
    _rewrite(p, {"xl/worksheets/sheet1.xml": sheet.encode()})
    assert differences(p) == []
    book = FileBook(p)
    assert book.read_table("Results").rows == ((1, "Ann", "Bob", "1-0"),)
    book.append_rows("Results", [{"Round": 2, "White": "Bob", "Black": "=Ann", "Result": None}])
    book.save()
    values = sheet_values(p)["Results"]
    assert [values[(3, c)] for c in (1, 2, 3)] == [2, "Bob", "=Ann"]
    assert FileBook(p).read_table("Results").rows[1] == (2, "Bob", "=Ann", None)


@pytest.mark.parametrize("ref", ["A1:ZZZZ9", "nonsense", ""])
def test_a_table_part_with_a_broken_ref_is_a_clear_refusal(tmp_path, ref):
    from openpyxl.worksheet.table import Table as XLTable

    from keizer_xl.clients.files import WorkbookFileError

    p = tmp_path / "t.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["Name", "Rating"])
    ws.append(["Ann", 1800])
    ws.add_table(XLTable(displayName="tblPlayers", ref="A1:B2"))
    wb.save(p)
    with zipfile.ZipFile(p) as zf:
        name = next(n for n in zf.namelist() if n.startswith("xl/tables/"))
        table = zf.read(name).decode().replace('ref="A1:B2"', f'ref="{ref}"', 1)
    _rewrite(p, {name: table.encode()})
    with pytest.raises(WorkbookFileError, match="could not be read"):
        FileBook(p).read_table("Players")


def test_the_oracle_of_a_test_run_can_fail(tmp_path, monkeypatch):
    # KEIZER_XL_READER_ORACLE=1 compares every read_table with openpyxl's: a wrong value fails
    import keizer_xl.clients.xlsx.book as bookmod
    from support.reader_oracle import install

    p = tmp_path / "o.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Players"
    wb.active.append(["Name", "Rating"])
    wb.active.append(["Ann", 1800])
    wb.save(p)
    install(monkeypatch)
    assert FileBook(p).read_table("Players").rows == (("Ann", 1800),)
    real = bookmod.sheet_values

    def wrong(xml, decoder):
        values = real(xml, decoder)
        values.shown[(2, 2)] = 1801
        return values
    monkeypatch.setattr(bookmod, "sheet_values", wrong)
    with pytest.raises(AssertionError):
        FileBook(p).read_table("Players")


def test_a_styles_part_without_its_lists_is_a_clear_refusal_and_nothing_is_written(tmp_path):
    from keizer_xl.clients.files import WorkbookFileError
    from keizer_xl.sheets.layout import SheetStyle, sheet_layout
    import pandas as pd

    p = tmp_path / "s.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Players"
    wb.active.append(["Name"])
    wb.save(p)
    with zipfile.ZipFile(p) as zf:
        styles = zf.read("xl/styles.xml").decode()
    import re
    styles = re.sub(r"<cellXfs.*?</cellXfs>", "", styles, flags=re.S)
    _rewrite(p, {"xl/styles.xml": styles.encode()})
    before = p.read_bytes()
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    with pytest.raises(WorkbookFileError, match="was not changed"):
        book.save()
    assert p.read_bytes() == before
