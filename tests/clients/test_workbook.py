"""The openpyxl file transport: preflight refusals, reading, writing, appending, saving."""
from __future__ import annotations

import os
import re
import stat
import zipfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table as XLTable, TableStyleInfo

from keizer_xl.clients import backup_files, xlsx as wbmod
from keizer_xl.sheets.layout import SheetStyle, sheet_layout
from keizer_xl.sheets.tables import Table
from keizer_xl.clients.xlsx import FileBook, open_book
from keizer_xl.clients.files import WorkbookFileError
from support.timing import within

XLSM_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


# --------------------------------------------------------------------------- helpers


def make_book(
    path: Path, sheets: dict[str, list[list]] | None = None, tables: dict[str, str] | None = None
) -> Path:
    """A workbook with plain rows per sheet; ``tables`` maps sheet -> Table ref."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    sheets = sheets or {"Players": [["Name", "Rating"], ["Ann", 1800], ["Bob", 1700]]}
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    for name, ref in (tables or {}).items():
        t = XLTable(displayName=f"tbl{name}", ref=ref)
        t.tableStyleInfo = TableStyleInfo(name="TableStyleMedium9", showRowStripes=True)
        wb[name].add_table(t)
    wb.save(path)
    return path


def rewrite_zip(src: Path, dst: Path, *, replace=None, add=None, remove=()) -> Path:
    """Copy a zip, replacing members (bytes, or a function of the old bytes) and adding new ones."""
    replace = replace or {}
    add = add or {}
    with zipfile.ZipFile(src) as zin:
        items = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    tmp = dst.with_name(dst.name + ".part")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items:
            if name in remove:
                continue
            if name in replace:
                new = replace[name]
                data = new(data) if callable(new) else new
            zout.writestr(name, data)
        for name, data in add.items():
            zout.writestr(name, data)
    os.replace(tmp, dst)
    return dst


def sheet_xml_name(path: Path, sheet: str) -> str:
    """The zip member of a sheet in a file openpyxl wrote (sheet1.xml, sheet2.xml, ... in order)."""
    with zipfile.ZipFile(path) as z:
        names = re.findall(r'<sheet [^>]*name="([^"]+)"', z.read("xl/workbook.xml").decode())
    return f"xl/worksheets/sheet{names.index(sheet) + 1}.xml"


def insert_before_end(xml: bytes, fragment: str) -> bytes:
    text = xml.decode()
    i = text.rindex("</worksheet>")
    return (text[:i] + fragment + text[i:]).encode()


def add_sheet_rel(path: Path, sheet_member: str, rel_type: str, target: str, rid: str = "rIdX") -> dict:
    """Replacement/add dict entries that give ``sheet_member`` one more relationship."""
    rels_name = sheet_member.replace("worksheets/", "worksheets/_rels/") + ".rels"
    with zipfile.ZipFile(path) as z:
        existing = z.read(rels_name).decode() if rels_name in z.namelist() else None
    rel = f'<Relationship Id="{rid}" Type="{rel_type}" Target="{target}"/>'
    if existing is None:
        content = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                   '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   f"{rel}</Relationships>")
    else:
        content = existing.replace("</Relationships>", rel + "</Relationships>")
    return {rels_name: content.encode()}


def content_types(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read("[Content_Types].xml").decode()


def member(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read(name)


def folder_listing(folder: Path) -> list[str]:
    """The files in ``folder``, without the (empty, hidden) lock files a write leaves:
    filelock keeps the lock's path on release, so that a waiting run is never fooled."""
    return sorted(p.name for p in folder.iterdir()
                  if not (p.name.startswith(".~keizer-xl.") and p.name.endswith(".lock")))


@pytest.fixture
def no_openpyxl(monkeypatch):
    """Fail if anything hands the file to openpyxl (the preflight must refuse first)."""
    def boom(*a, **k):
        raise AssertionError("openpyxl.load_workbook was called before the preflight refused")
    monkeypatch.setattr(openpyxl, "load_workbook", boom)


def refuse(path, match: str | None = None, seconds: float = 5.0) -> str:
    with within(seconds), pytest.raises(WorkbookFileError) as info:
        FileBook(path)
    msg = str(info.value)
    assert Path(path).name in msg
    if match:
        assert re.search(match, msg, re.I), msg
    return msg


# --------------------------------------------------------------------------- preflight


def test_csv_renamed_to_xlsx_is_refused(tmp_path, no_openpyxl):
    p = tmp_path / "club.xlsx"
    p.write_text("Name,Rating\nAnn,1800\n")
    msg = refuse(p, r"not an Excel \.xlsx/\.xlsm workbook")
    assert "CSV" in msg


def test_empty_file_is_refused(tmp_path, no_openpyxl):
    p = tmp_path / "club.xlsx"
    p.write_bytes(b"")
    refuse(p, "not an Excel .*empty")


def test_old_xls_renamed_is_refused(tmp_path, no_openpyxl):
    p = tmp_path / "club.xlsx"
    p.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600)
    refuse(p, r"not an Excel .*97-2003 \.xls")


def test_wrong_suffix_is_refused(tmp_path, no_openpyxl):
    p = make_book(tmp_path / "club.xlsx")
    for suffix, hint in ((".xls", "97-2003"), (".csv", "text file"), (".ods", "LibreOffice"), ("", "xlsx")):
        q = tmp_path / f"club{suffix}"
        q.write_bytes(p.read_bytes())
        refuse(q, hint)


def test_missing_file_and_folder(tmp_path, no_openpyxl):
    refuse(tmp_path / "nothing.xlsx", "does not exist")
    (tmp_path / "dir.xlsx").mkdir()
    refuse(tmp_path / "dir.xlsx", "folder")


def test_zip_without_workbook_is_refused(tmp_path, no_openpyxl):
    p = tmp_path / "club.xlsx"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("word/document.xml", "<w/>")
        z.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
    refuse(p, "not an Excel .*Word")
    q = tmp_path / "season.xlsx"
    with zipfile.ZipFile(q, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", "<office/>")
    refuse(q, r"not an Excel .*\.ods")


def test_zip_bomb_member_ratio_is_refused(tmp_path, no_openpyxl):
    p = make_book(tmp_path / "plain.xlsx")
    bomb = rewrite_zip(p, tmp_path / "club.xlsx", add={"xl/media/zeros.bin": b"\0" * (20 * 1024 * 1024)})
    refuse(bomb, "zip bomb")


def test_total_uncompressed_limit(tmp_path, monkeypatch, no_openpyxl):
    p = make_book(tmp_path / "club.xlsx")
    monkeypatch.setattr(wbmod.inspector, "MAX_TOTAL_UNCOMPRESSED", 2000)
    refuse(p, "unpack to .*zip bomb")


def test_too_many_members(tmp_path, monkeypatch, no_openpyxl):
    p = make_book(tmp_path / "club.xlsx")
    monkeypatch.setattr(wbmod.inspector, "MAX_MEMBERS", 5)
    refuse(p, "parts")


@pytest.mark.parametrize("ref, what", [("A1:B200000", "200,000 rows"), ("A1:ZZZ5", "18,278 columns"),
                                       ("A1:XFD1048576", "1,048,576 rows")])
@pytest.mark.parametrize("sheet", ["Results", "Spieler", "Stand"])
def test_dimension_too_big_is_refused_naming_the_sheet(tmp_path, no_openpyxl, ref, what, sheet):
    p = make_book(tmp_path / "plain.xlsx", {"Info": [["x"]], sheet: [["Name"], ["Ann"]]})
    name = sheet_xml_name(p, sheet)
    bad = rewrite_zip(p, tmp_path / "club.xlsx", replace={
        name: lambda x: re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'.encode(), x)})
    msg = refuse(bad, sheet)
    assert what in msg


@pytest.mark.parametrize("ref", ["A1:XFD500", "A1:B200000", "A1:XFD1048576"])
def test_a_club_sheet_the_engine_never_reads_is_never_refused_for_its_size(tmp_path, no_openpyxl,
                                                                           ref):
    """A real 30-sheet workbook was refused because a club sheet styled out to column XFD
    (issue 34): the limits guard what the engine parses, and it never parses that sheet."""
    p = make_book(tmp_path / "plain.xlsx", {"Players": [["Name"], ["Ann"]],
                                            "Big Sheet": [["Name"], ["Ann"]]})
    name = sheet_xml_name(p, "Big Sheet")
    bad = rewrite_zip(p, tmp_path / "club.xlsx", replace={
        name: lambda x: re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="{ref}"'.encode(), x)
        .replace(b"</sheetData>", b'<row r="150000"><c r="XFD150000" s="0"/></row></sheetData>')})
    book = FileBook(bad)
    assert book.read_table("Players").rows == (("Ann",),)


BILLION_LAUGHS = (
    '<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)
    )
    + "]>"
)


def _bomb_sheet(prefix: str = "") -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        + prefix
        + BILLION_LAUGHS
        + '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        '<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>'
    ).encode()


def test_billion_laughs_in_a_sheet_is_refused_quickly(tmp_path):
    p = make_book(tmp_path / "plain.xlsx")
    bad = rewrite_zip(p, tmp_path / "club.xlsx", replace={"xl/worksheets/sheet1.xml": _bomb_sheet()})
    refuse(bad, "entity", seconds=3)


def test_billion_laughs_past_the_sniffed_prefix_is_stopped_by_defusedxml(tmp_path):
    # a long comment pushes the DOCTYPE far from the start: the preflight reads every byte
    # (still a WorkbookFileError, still quick), and openpyxl with defusedxml refuses it too
    assert openpyxl.DEFUSEDXML is True
    p = make_book(tmp_path / "plain.xlsx")
    sheet = _bomb_sheet("<!--" + "x" * 5000 + "-->")
    bad = rewrite_zip(p, tmp_path / "club.xlsx", replace={"xl/worksheets/sheet1.xml": sheet})
    refuse(bad, "entit", seconds=3)
    with within(3), pytest.raises(Exception) as info:
        openpyxl.load_workbook(bad)
    from defusedxml import DefusedXmlException
    chain, exc = [], info.value
    while exc is not None:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    assert any(isinstance(e, DefusedXmlException) for e in chain), chain


def test_damaged_sheet_xml_is_a_clear_error(tmp_path):
    p = make_book(tmp_path / "plain.xlsx")
    bad = rewrite_zip(
        p, tmp_path / "club.xlsx", replace={"xl/worksheets/sheet1.xml": b"<worksheet><sheetData>"}
    )
    refuse(bad, "could not be read")


# --------------------------------------------------------------------------- reading


def test_read_plain_sheet_trims_and_pads(tmp_path):
    p = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["  Name ", "Rating", None, 1])
    ws.append(["Ann", 1800])
    ws.append([None, None, None, None])
    ws.append(["Bob", None, None, "x"])
    ws["A9"].font = Font(bold=True)  # styled but empty: not data
    ws["H1"].fill = PatternFill("solid", fgColor="FF0000")
    ws["A7"] = "   "
    wb.save(p)
    t = FileBook(p).read_table("Players")
    assert isinstance(t, Table)
    assert t.headers == ("Name", "Rating", "", "1")
    assert t.rows == (("Ann", 1800, None, None), (None, None, None, None), ("Bob", None, None, "x"))
    assert (t.header_row, t.first_column) == (1, 1)
    assert t.cell(2, 3) == "Players!D4"


def test_read_header_only_and_empty_sheet(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name", "Rating"]], "Empty": []})
    book = FileBook(p)
    assert book.read_table("Players").rows == ()
    assert book.read_table("Players").headers == ("Name", "Rating")
    empty = book.read_table("Empty")
    assert empty.headers == () and empty.rows == ()


def test_sheet_names_order_missing_sheet_and_case(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"B": [["x"]], "A": [["y"]], "Results": [["Round"], [1]]})
    book = open_book(p)
    assert book.sheet_names() == ["B", "A", "Results"]
    with pytest.raises(KeyError):
        book.read_table("Nope")
    assert book.read_table("results").sheet == "Results"


def test_read_excel_table_not_at_a1(tmp_path):
    p = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws["A1"] = "Results of the season"          # a title above the table
    rows = [["Round", "White", "Black", "Result"], [1, "Ann", "Bob", "1-0"], [1, "Cy", "Dee", None],
            [None, None, None, None]]
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            ws.cell(row=3 + i, column=2 + j, value=v)
    ws["B9"] = "a remark far below"              # after a gap: not part of the table
    t = XLTable(displayName="tblRes", ref="B3:E6")
    ws.add_table(t)
    wb.save(p)
    table = FileBook(p).read_table("Results")
    assert table.headers == ("Round", "White", "Black", "Result")
    assert (table.header_row, table.first_column) == (3, 2)
    assert table.rows == ((1, "Ann", "Bob", "1-0"), (1, "Cy", "Dee", None))
    assert table.cell(1, 2) == "Results!D5"


def test_rows_typed_directly_below_a_table_are_read(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Results": [["Round", "White"], [1, "Ann"], [2, "Bob"], [3, "Cy"],
                                                       [None, None], [None, "separate"]]},
                  tables={"Results": "A1:B2"})
    rows = FileBook(p).read_table("Results").rows
    assert rows == ((1, "Ann"), (2, "Bob"), (3, "Cy"))


def test_table_totals_row_is_not_data(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name", "Rating"], ["Ann", 1800], ["Total", 1800]]},
                  tables={"Players": "A1:B3"})
    wb = openpyxl.load_workbook(p)
    wb["Players"].tables["tblPlayers"].totalsRowCount = 1
    wb.save(p)
    assert FileBook(p).read_table("Players").rows == (("Ann", 1800),)


def _with_cached_values(p: Path) -> Path:
    """Give the formulas in sheet1 cached results, as Excel would have saved them."""
    def patch(xml: bytes) -> bytes:
        text = xml.decode()
        text = text.replace('<c r="B2"><f>1+1</f><v /></c>', '<c r="B2"><f>1+1</f><v>2</v></c>')
        text = text.replace(
            '<c r="C2"><f>"a"&amp;"b"</f><v /></c>', '<c r="C2" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>'
        )
        assert "<v>2</v>" in text and "<v>ab</v>" in text
        return text.encode()
    return rewrite_zip(p, p, replace={"xl/worksheets/sheet1.xml": patch})


def test_formulas_read_as_cached_values_text_stays_text(tmp_path):
    p = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["Name", "Rating", "Club", "Note"])
    ws.append(["Ann", "=1+1", '="a"&"b"', "=SUM(9)"])       # B2, C2 get cached values; D2 has none
    ws.append(["=HYPERLINK(\"x\")", 5, "c", "d"])
    ws["A3"].data_type = "s"                                 # text that starts with '='
    wb.save(p)
    _with_cached_values(p)
    book = FileBook(p)
    rows = book.read_table("Players").rows
    assert rows[0] == ("Ann", 2, "ab", "=SUM(9)")            # no cached value: the formula text
    assert rows[1][0] == '=HYPERLINK("x")'


def test_no_value_only_copy_without_formulas(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name"], ["=x"]]})
    wb = openpyxl.load_workbook(p)
    wb["Players"]["A2"].data_type = "s"
    wb.save(p)
    book = FileBook(p)
    assert book.read_table("Players").rows == (("=x",),)


# --------------------------------------------------------------------------- writing


def standings_frame():
    return pd.DataFrame({
        "Rank": [1, 2, 3, 4, 5],
        "Name": ['=HYPERLINK("http://evil")', "+31 club", "-dash", "@at", "Eve " + "x" * 80],
        "Score": [Fraction(592, 3), Decimal("150.50"), np.float64(99.25), float("nan"), None],
        "Games": [np.int64(3), 3, 2, 1, 0],
        "Big": [2 ** 60, 1, 1, 1, 1],
    })


def test_write_sheet_values_and_text_safety(tmp_path):
    p = make_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(standings_frame(), SheetStyle()))
    book.save()
    ws = openpyxl.load_workbook(p)["Standings"]
    assert [c.value for c in ws[1]] == ["Rank", "Name", "Score", "Games", "Big"]
    for row, text in zip(range(2, 6), ['=HYPERLINK("http://evil")', "+31 club", "-dash", "@at"], strict=True):
        cell = ws.cell(row=row, column=2)
        assert cell.value == text and cell.data_type == "s"
    assert ws["C2"].value == pytest.approx(592 / 3) and ws["C2"].data_type == "n"
    assert ws["C3"].value == 150.5 and ws["C4"].value == 99.25
    assert ws["C5"].value is None and ws["C6"].value is None
    assert ws["D2"].value == 3 and isinstance(ws["D2"].value, int)
    assert ws["E2"].value == str(2 ** 60)
    xml = member(p, "xl/worksheets/sheet2.xml").decode()
    assert "<f>" not in xml and "Fraction" not in xml and "Decimal" not in xml


def test_write_sheet_style_and_print_setup(tmp_path):
    p = make_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    style = SheetStyle(title="Standings after round 3 & 4", number_formats={"Score": "0.00"},
                       widths={"Rank": 6}, highlight_rows=3, landscape=True,
                       notes=("Compromise: one rematch", "=not a formula"),
                       blocks=(("Absent", pd.DataFrame({"Name": ["Cy"], "Code": ["E"]})),
                               ("Bye", pd.DataFrame({"Name": ["Dee"]}))))
    book.write_sheet("Standings", sheet_layout(standings_frame(), style))
    book.save()
    ws = openpyxl.load_workbook(p)["Standings"]
    assert ws["A1"].font.b and ws["A1"].fill.fill_type == "solid"
    assert ws["C2"].number_format == "0.00" and ws["C4"].number_format == "0.00"
    assert ws["A2"].number_format == "General"
    assert ws.column_dimensions["A"].width == 6
    assert ws.column_dimensions["B"].width == 50                     # auto width, capped
    assert 4 <= ws.column_dimensions["D"].width < 10
    assert ws.freeze_panes == "A2"
    fills = [ws.cell(row=r, column=1).fill.fgColor.rgb for r in (2, 3, 4)]
    assert len(set(fills)) == 3 and all(f.endswith(("FFD966", "D9D9D9", "F4B183")) for f in fills)
    assert ws["A5"].fill.fill_type is None and ws["E4"].fill.fill_type == "solid"
    assert int(ws.page_setup.paperSize) == 9  # A4
    assert ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1
    assert ws.page_setup.fitToHeight == 0
    assert ws.print_title_rows == "$1:$1"
    assert "Standings after round 3 && 4" in ws.oddHeader.center.text
    # table rows 2..6, empty row 7, notes 8-9, empty 10, block heading 11, header 12, data 13
    assert ws["A7"].value is None
    assert ws["A8"].value == "Compromise: one rematch"
    assert ws["A9"].value == "=not a formula" and ws["A9"].data_type == "s"
    assert ws["A10"].value is None
    assert ws["A11"].value == "Absent" and ws["A11"].font.b
    assert [ws["A12"].value, ws["B12"].value] == ["Name", "Code"] and ws["A12"].font.b
    assert [ws["A13"].value, ws["B13"].value] == ["Cy", "E"]
    assert ws["A15"].value == "Bye" and ws["A16"].value == "Name" and ws["A17"].value == "Dee"


def test_write_sheet_replaces_at_same_position_and_appends_new(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name"]], "standings": [["old"], ["junk"]],
                                           "Results": [["Round"]]})
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.write_sheet("Pairings", sheet_layout(pd.DataFrame({"Board": [1]}), SheetStyle(title="Round 2")))
    assert book.sheet_names() == ["Players", "Standings", "Results", "Pairings"]
    book.save()
    wb = openpyxl.load_workbook(p)
    assert wb.sheetnames == ["Players", "Standings", "Results", "Pairings"]
    assert wb["Standings"]["A1"].value == "Rank" and wb["Standings"]["A3"].value is None
    assert FileBook(p).read_table("Standings").rows == ((1,),)


def test_write_sheet_empty_frame_and_dates(tmp_path):
    from datetime import date
    p = make_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    book.write_sheet("History", sheet_layout(pd.DataFrame({"Round": [], "Date": []}), SheetStyle()))
    book.write_sheet(
        "Explain", sheet_layout(pd.DataFrame({"When": [date(2025, 9, 4)], "What": ["x\x01y"]}), SheetStyle())
    )
    book.save()
    wb = openpyxl.load_workbook(p)
    assert [c.value for c in wb["History"][1]] == ["Round", "Date"]
    assert wb["Explain"]["A2"].is_date and wb["Explain"]["B2"].value == "xy"


# --------------------------------------------------------------------------- appending


def test_append_rows_extends_table_copies_style_text_stays_text(tmp_path):
    p = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append(["Round", "Board", "White", "Black", "Result"])
    ws.append([1, 1, "Ann", "Bob", "1-0"])
    ws["A2"].number_format = "0"
    ws["E2"].number_format = "@"
    ws["C2"].font = Font(italic=True)
    t = XLTable(displayName="tblResults", ref="A1:E2")
    t._initialise_columns()
    ws.add_table(t)
    wb.save(p)
    book = FileBook(p)
    book.append_rows("Results", [
        {"ROUND": 2, " board ": 1, "White": "=cmd|' /C calc'!A0", "Black": "Ann", "Result": None},
        {"Round": 2, "Board": 2, "White": "Bob", "Black": None, "Result": "bye"},
    ])
    book.save()
    wb = openpyxl.load_workbook(p)
    ws = wb["Results"]
    table = ws.tables["tblResults"]
    assert table.ref == "A1:E4"
    assert table.autoFilter is None or table.autoFilter.ref == "A1:E4"
    assert ws["C3"].value == "=cmd|' /C calc'!A0" and ws["C3"].data_type == "s"
    assert ws["A3"].number_format == "0" and ws["E4"].number_format == "@"
    assert ws["C4"].font.i
    assert ws["E3"].value is None and ws["E4"].value == "bye"
    assert FileBook(p).read_table("Results").rows[1:] == (
        (2, 1, "=cmd|' /C calc'!A0", "Ann", None), (2, 2, "Bob", None, "bye"))


def test_append_rows_plain_sheet_below_last_value(tmp_path):
    p = make_book(
        tmp_path / "club.xlsx", {"Results": [["Round", "White"], [1, "Ann"], [None, None], [None, "Cy"]]}
    )
    wb = openpyxl.load_workbook(p)
    wb["Results"].auto_filter.ref = "A1:B4"
    wb.save(p)
    book = FileBook(p)
    book.append_rows("Results", [{"white": "Dee", "round": 2}])
    book.save()
    ws = openpyxl.load_workbook(p)["Results"]
    assert (ws["A5"].value, ws["B5"].value) == (2, "Dee")
    assert ws.auto_filter.ref == "A1:B5"


def test_append_rows_fills_the_empty_table_row_first(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Results": [["Round", "White"]]}, tables={"Results": "A1:B2"})
    book = FileBook(p)
    book.append_rows("Results", [{"Round": 1, "White": "Ann"}])
    book.save()
    assert openpyxl.load_workbook(p)["Results"].tables["tblResults"].ref == "A1:B2"
    book.append_rows("Results", [{"Round": 1, "White": "Bob"}])
    book.save()
    assert openpyxl.load_workbook(p)["Results"].tables["tblResults"].ref == "A1:B3"
    assert book.read_table("Results").rows == ((1, "Ann"), (1, "Bob"))


def test_append_rows_unknown_column(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Results": [["Round", "White"]]})
    book = FileBook(p)
    with pytest.raises(KeyError, match="Colour"):
        book.append_rows("Results", [{"Round": 1, "Colour": "w"}])
    book.append_rows("Results", [{"Round": 1, "Colour": None}])   # blank extras are ignored
    assert book.read_table("Results").rows == ((1, None),)
    with pytest.raises(KeyError):
        book.append_rows("Nope", [{"Round": 1}])


def test_append_rows_moves_a_totals_row_down(tmp_path):
    p = make_book(
        tmp_path / "club.xlsx",
        {"Players": [["Name", "Rating"], ["Ann", 1800], ["Total", "=SUBTOTAL(109,B2)"]]},
        tables={"Players": "A1:B3"},
    )
    wb = openpyxl.load_workbook(p)
    wb["Players"].tables["tblPlayers"].totalsRowCount = 1
    wb.save(p)
    book = FileBook(p)
    book.append_rows("Players", [{"Name": "Bob", "Rating": 1700}, {"Name": "Cy"}])
    book.save()
    ws = openpyxl.load_workbook(p)["Players"]
    assert ws.tables["tblPlayers"].ref == "A1:B5"
    assert [ws.cell(row=r, column=1).value for r in range(2, 6)] == ["Ann", "Bob", "Cy", "Total"]
    assert ws["B5"].value == "=SUBTOTAL(109,B2)"
    assert book.read_table("Players").rows == (("Ann", 1800), ("Bob", 1700), ("Cy", None))


def test_append_rows_refuses_merged_cells_in_the_way(tmp_path):
    p = make_book(
        tmp_path / "club.xlsx", {"Results": [["Round", "White"], [1, "Ann"]]}, tables={"Results": "A1:B2"}
    )
    wb = openpyxl.load_workbook(p)
    wb["Results"].merge_cells("A3:B3")
    wb.save(p)
    with pytest.raises(WorkbookFileError, match="merged"):
        FileBook(p).append_rows("Results", [{"Round": 2}])


def test_delete_rows_in_a_table(tmp_path):
    rows = [["Round", "White", "Black"], [1, "Ann", "Bob"], [2, "Cy", "Dee"], [2, "Eve", "Fay"],
            [3, "Gus", "=B5"]]
    p = make_book(tmp_path / "club.xlsx", {"Results": rows}, tables={"Results": "A1:C5"})
    wb = openpyxl.load_workbook(p)
    ws = wb["Results"]
    ws["E3"] = "note beside the table"
    ws["B4"].font = Font(italic=True)
    wb.save(p)
    book = FileBook(p)
    book.delete_rows("Results", [2, 1])
    assert book.read_table("Results").rows == ((1, "Ann", "Bob"), (3, "Gus", "=B3"))
    book.save()
    ws = openpyxl.load_workbook(p)["Results"]
    assert ws.tables["tblResults"].ref == "A1:C3"
    assert ws["C3"].value == "=B3" and ws["C3"].data_type == "f"          # translated
    assert ws["E3"].value == "note beside the table"                       # outside: not moved
    assert ws["A4"].value is None and ws["A5"].value is None
    assert not ws["B3"].font.i                                             # the style left with its row
    with pytest.raises(IndexError):
        FileBook(p).delete_rows("Results", [2])


def test_cached_results_follow_moved_formulas(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name", "Rating"], ["Zed", 5], ["Ann", "=1+1"]]},
                  tables={"Players": "A1:B3"})
    rewrite_zip(p, p, replace={"xl/worksheets/sheet1.xml": lambda x: x.replace(
        b'<c r="B3"><f>1+1</f><v /></c>', b'<c r="B3"><f>1+1</f><v>2</v></c>')})
    book = FileBook(p)
    assert book.read_table("Players").rows == (("Zed", 5), ("Ann", 2))
    book.delete_rows("Players", [0])
    assert book.read_table("Players").rows == (("Ann", 2),)
    book.append_rows("Players", [{"Name": "Bob", "Rating": 7}])
    assert book.read_table("Players").rows == (("Ann", 2), ("Bob", 7))


def test_delete_all_rows_keeps_one_empty_table_row(tmp_path):
    p = make_book(tmp_path / "club.xlsx", {"Results": [["Round", "White"], [1, "Ann"], [1, "Bob"]]},
                  tables={"Results": "A1:B3"})
    book = FileBook(p)
    book.delete_rows("Results", [0, 1])
    assert book.read_table("Results").rows == ()
    book.save()
    assert openpyxl.load_workbook(p)["Results"].tables["tblResults"].ref == "A1:B2"
    book.append_rows("Results", [{"Round": 2, "White": "Cy"}])
    assert book.read_table("Results").rows == ((2, "Cy"),)


def test_delete_rows_plain_sheet(tmp_path):
    p = make_book(
        tmp_path / "club.xlsx", {"Results": [["Round", "White"], [1, "Ann"], [2, "Bob"], [3, "Cy"]]}
    )
    book = FileBook(p)
    book.delete_rows("Results", [0])
    assert book.read_table("Results").rows == ((2, "Bob"), (3, "Cy"))
    book.delete_rows("Results", [])
    assert book.read_table("Results").rows == ((2, "Bob"), (3, "Cy"))


def test_messages(tmp_path):
    book = FileBook(make_book(tmp_path / "club.xlsx"))
    book.message("Round 3 paired")
    assert book.messages == ["Round 3 paired"]


# --------------------------------------------------------------------------- saving


def test_save_is_atomic_keeps_backup_and_mode(tmp_path):
    p = make_book(tmp_path / "club.xlsx")
    os.chmod(p, 0o640)
    original = p.read_bytes()
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    assert backup_files.backups(p)[-1].parent == tmp_path / ".keizer-backups"
    assert backup_files.backups(p)[-1].read_bytes() == original
    assert stat.S_IMODE(p.stat().st_mode) == 0o640
    # beside the workbook: the backups folder and the (hidden, empty) lock file of the write
    assert folder_listing(tmp_path) == [".keizer-backups", "club.xlsx"]
    assert (tmp_path / ".~keizer-xl.club.xlsx.lock").read_bytes() == b""
    # a second save keeps the previous version as a second backup (the last five are kept)
    second = p.read_bytes()
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [2]}), SheetStyle()))
    book.save()
    assert [b.read_bytes() for b in backup_files.backups(p)] == [original, second]
    assert FileBook(p).read_table("Standings").rows == ((2,),)


def test_failed_save_leaves_original_and_no_temp_files(tmp_path, monkeypatch):
    p = make_book(tmp_path / "club.xlsx")
    original = p.read_bytes()
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))

    def broken_save(wb, target):
        target.write(b"PK partial garbage")
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(wbmod.save, "_save_workbook", broken_save)
    with pytest.raises(WorkbookFileError, match=r"club\.xlsx.*unchanged"):
        book.save()
    assert p.read_bytes() == original
    assert folder_listing(tmp_path) == ["club.xlsx"]


def test_failed_replace_leaves_original(tmp_path, monkeypatch):
    p = make_book(tmp_path / "club.xlsx")
    original = p.read_bytes()
    book = FileBook(p)
    real_replace = os.replace

    def replace(src, dst):
        if Path(dst) == p:
            raise PermissionError(13, "Permission denied")
        return real_replace(src, dst)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(WorkbookFileError, match=r"club\.xlsx"):
        book.save()
    assert p.read_bytes() == original
    assert not [n for n in folder_listing(tmp_path) if n.endswith(".tmp")]


def test_save_refuses_when_file_changed_meanwhile(tmp_path):
    p = make_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    make_book(p, {"Players": [["Name"], ["Someone typed this"]]})
    st = p.stat()
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    with pytest.raises(WorkbookFileError, match="modified by another program"):
        book.save()
    assert FileBook(p).read_table("Players").rows == (("Someone typed this",),)
    book.save(force=True)


def test_save_as(tmp_path):
    p = make_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    copy = tmp_path / "out" / "copy.xlsx"
    copy.parent.mkdir()
    book.save_as(copy)
    assert folder_listing(copy.parent) == ["copy.xlsx"]
    assert FileBook(copy).read_table("Standings").rows == ((1,),)
    assert "Standings" not in openpyxl.load_workbook(p).sheetnames
    book.save_as(copy)
    assert folder_listing(copy.parent) == [".keizer-backups", "copy.xlsx"]
    assert len(backup_files.backups(copy)) == 1
    with pytest.raises(WorkbookFileError, match=r"\.xlsm"):
        book.save_as(tmp_path / "copy.xlsm")
    with pytest.raises(WorkbookFileError):
        book.save_as(tmp_path / "copy.csv")


def test_a_workbook_open_in_excel_or_libreoffice_is_not_written(tmp_path):
    # issue 11: a warning was not enough (the user's Ctrl+S in Excel then overwrote the run)
    p = make_book(tmp_path / "club.xlsx")
    original = p.read_bytes()
    book = FileBook(p)
    (tmp_path / "~$club.xlsx").write_bytes(b"\x03AnnPADDING")
    with pytest.raises(WorkbookFileError, match=r"open in Excel by Ann.*delete .*~\$club\.xlsx"):
        book.save()
    assert p.read_bytes() == original
    (tmp_path / "~$club.xlsx").unlink()
    (tmp_path / ".~lock.club.xlsx#").write_text("Ann de Wit,ann,clubpc,24.11.2026 20:01,file:///x;")
    with pytest.raises(WorkbookFileError, match="open in LibreOffice by Ann de Wit on the "
                                                "computer clubpc"):
        book.save()
    assert p.read_bytes() == original and backup_files.backups(p) == []


# --------------------------------------------------------------------------- what openpyxl would drop


def _book_with_chart(path: Path, sheet: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    for row in (["Name", "Rating"], ["Ann", 1800], ["Bob", 1700]):
        ws.append(row)
    st = wb.create_sheet("Standings")
    st.append(["Rank", "Score"])
    st.append([1, 10])
    target = wb[sheet]
    chart = BarChart()
    chart.add_data(Reference(target, min_col=2, min_row=1, max_row=2), titles_from_data=True)
    target.add_chart(chart, "E2")
    wb.save(path)
    return path


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def test_chart_on_a_user_sheet_is_kept(tmp_path):
    # issue 25: the file writer changes only what the engine owns, so the club's chart stays
    p = _book_with_chart(tmp_path / "club.xlsx", "Players")
    before = _parts(p)
    book = FileBook(p)
    assert book.unsafe_to_write() == []
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    after = _parts(p)
    for name in ("xl/charts/chart1.xml", "xl/drawings/drawing1.xml", "xl/worksheets/sheet1.xml",
                 "xl/worksheets/_rels/sheet1.xml.rels", "xl/drawings/_rels/drawing1.xml.rels"):
        assert after[name] == before[name], name


def test_a_save_that_would_lose_something_is_refused_with_its_hint(tmp_path):
    # a macro-enabled workbook named .xlsx (Excel does not open it): not written but on request
    p = make_book(tmp_path / "club.xlsx", {"Players": [["Name"], ["Ann"]]})
    parts = _parts(p)
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        b"application/vnd.ms-excel.sheet.macroEnabled.main+xml")
    with zipfile.ZipFile(p, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    original = p.read_bytes()
    book = FileBook(p)
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    with pytest.raises(WorkbookFileError) as info:
        book.save()
    msg = str(info.value)
    assert "club.xlsx" in msg and "rename it to .xlsm" in msg
    # the way out is a hint key the front end words (issue 15: clients name no flags)
    assert info.value.hint == "keep_all"
    from keizer_xl.frontends.outcome import describe
    assert "--no-write" in describe(info.value, "cli").text
    assert "--no-write" not in describe(info.value, "excel").text
    assert p.read_bytes() == original
    assert folder_listing(tmp_path) == ["club.xlsx"]
    book.save(force=True)
    assert p.read_bytes() != original


def test_chart_on_an_owned_sheet_stays_on_its_drawing_layer(tmp_path):
    # the engine rewrites the cells of Standings; the chart the club put there stays (issue 25)
    p = _book_with_chart(tmp_path / "club.xlsx", "Standings")
    before = _parts(p)
    book = FileBook(p)
    assert book.unsafe_to_write() == []
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    after = _parts(p)
    assert after["xl/charts/chart1.xml"] == before["xl/charts/chart1.xml"]
    assert after["xl/drawings/drawing1.xml"] == before["xl/drawings/drawing1.xml"]
    assert b"<drawing r:id=" in after["xl/worksheets/sheet2.xml"]
    assert openpyxl.load_workbook(p)["Standings"]["A1"].value == "Rank"


def test_chart_on_a_sheet_written_this_session_is_allowed(tmp_path):
    """A chart on a user's sheet that this session rewrites: the save goes through (the file
    writer keeps the workbook's parts in place), the sheet holds what was written, the other
    sheet is kept, and so is the chart."""
    p = _book_with_chart(tmp_path / "club.xlsx", "Players")
    book = FileBook(p)
    book.write_sheet("Players", sheet_layout(pd.DataFrame({"Name": ["x"]}), SheetStyle()))
    book.save()
    wb = openpyxl.load_workbook(p)
    assert [[c.value for c in row] for row in wb["Players"].iter_rows()] == [["Name"], ["x"]]
    assert [[c.value for c in row] for row in wb["Standings"].iter_rows()] == [
        ["Rank", "Score"], [1, 10]]


SHAPE_DRAWING = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
    '<xdr:twoCellAnchor><xdr:from><xdr:col>3</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row>'
    '<xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>5</xdr:col><xdr:colOff>0</xdr:colOff>'
    '<xdr:row>4</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>'
    '<xdr:sp macro="" textlink=""><xdr:nvSpPr><xdr:cNvPr id="2" name="Rectangle 1"/><xdr:cNvSpPr/>'
    '</xdr:nvSpPr><xdr:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:sp>'
    '<xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>'
)


def test_shape_on_a_user_sheet_is_kept(tmp_path):
    p = make_book(tmp_path / "plain.xlsx", {"Players": [["Name"], ["Ann"]]})
    sheet = "xl/worksheets/sheet1.xml"
    replace = {sheet: lambda x: insert_before_end(x, f'<drawing xmlns:r="{REL_NS}" r:id="rIdD"/>'),
               "[Content_Types].xml": lambda x: x.replace(
                   b"</Types>", b'<Override PartName="/xl/drawings/drawing1.xml" ContentType='
                                b'"application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>')}
    add = add_sheet_rel(p, sheet, f"{REL_NS}/drawing", "../drawings/drawing1.xml", "rIdD")
    add["xl/drawings/drawing1.xml"] = SHAPE_DRAWING.encode()
    bad = rewrite_zip(p, tmp_path / "club.xlsx", replace=replace, add=add)
    book = FileBook(bad)
    assert book.unsafe_to_write() == []
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    assert _parts(bad)["xl/drawings/drawing1.xml"] == SHAPE_DRAWING.encode()


def test_sparklines_are_kept(tmp_path):
    p = make_book(tmp_path / "plain.xlsx", {"Players": [["Name"], ["Ann"]]})
    ext = ('<extLst><ext uri="{05C60535-1F16-4fd2-B633-F4F36F0B64E0}" '
           'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
           '<x14:sparklineGroups/></ext></extLst>')
    bad = rewrite_zip(p, tmp_path / "club.xlsx",
                      replace={"xl/worksheets/sheet1.xml": lambda x: insert_before_end(x, ext)})
    before = _parts(bad)["xl/worksheets/sheet1.xml"]
    book = FileBook(bad)
    assert book.unsafe_to_write() == []
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    assert _parts(bad)["xl/worksheets/sheet1.xml"] == before  # the sparklines kept (issue 25)


VML_BUTTON = (
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
    'xmlns:x="urn:schemas-microsoft-com:office:excel">'
    '<v:shape id="_x0000_s1025" type="#_x0000_t201" style="position:absolute;width:100pt;height:30pt">'
    '<v:textbox><div>Pair</div></v:textbox>'
    '<x:ClientData ObjectType="Button"><x:Anchor>1, 0, 1, 0, 3, 0, 3, 0</x:Anchor>'
    '<x:FmlaMacro>[0]!PairRound</x:FmlaMacro></x:ClientData></v:shape></xml>'
)


def _with_button(src: Path, dst: Path, macro: bool) -> Path:
    sheet = "xl/worksheets/sheet1.xml"
    add = add_sheet_rel(src, sheet, f"{REL_NS}/vmlDrawing", "../drawings/vmlDrawing1.vml", "rIdV")
    add["xl/drawings/vmlDrawing1.vml"] = VML_BUTTON.encode()
    replace = {sheet: lambda x: insert_before_end(x, f'<legacyDrawing xmlns:r="{REL_NS}" r:id="rIdV"/>'),
               "[Content_Types].xml": lambda x: x.replace(
                   b"</Types>", b'<Default Extension="vml" ContentType='
                                b'"application/vnd.openxmlformats-officedocument.vmlDrawing"/></Types>')}
    return rewrite_zip(src, dst, replace=replace, add=add)


def test_form_button_and_comment_in_xlsx_are_kept(tmp_path):
    p = make_book(tmp_path / "plain.xlsx", {"Instructions": [["Read me"]], "Players": [["Name"], ["Ann"]]})
    wb = openpyxl.load_workbook(p)
    wb["Players"]["A2"].comment = Comment("strong player", "TD")
    wb.save(p)
    bad = _with_button(p, tmp_path / "club.xlsx", macro=False)
    assert FileBook(bad).unsafe_to_write() == []         # the file writer keeps it (issue 25)
    book = FileBook(p)
    book.save()
    assert openpyxl.load_workbook(p)["Players"]["A2"].comment.text == "strong player"


# --------------------------------------------------------------------------- round trip


def _rich_user_book(path: Path) -> Path:
    wb = openpyxl.Workbook()
    players = wb.active
    players.title = "Players"
    for row in (["Name", "Rating", "Club"], ["Ann", 1800, "A"], ["Bob", 1700, "B"]):
        players.append(row)
    t = XLTable(displayName="tblPlayers", ref="A1:C3")
    t.tableStyleInfo = TableStyleInfo(name="TableStyleMedium9", showRowStripes=True)
    players.add_table(t)

    old = wb.create_sheet("Standings")
    old.append(["stale"])

    notes = wb.create_sheet("Notes")
    notes["A1"] = "Header"
    notes["A1"].font = Font(bold=True, color="FF0000")
    notes["A1"].fill = PatternFill("solid", fgColor="FFFF00")
    notes["B1"] = 0.25
    notes["B1"].number_format = "0.0%"
    notes["B2"] = 2
    notes["B3"] = "=SUM(B1:B2)"
    notes.column_dimensions["A"].width = 33
    notes.merge_cells("A5:C6")
    notes["A5"] = "merged"
    notes.freeze_panes = "B2"
    dv = DataValidation(type="list", formula1='"yes,no"', allow_blank=True)
    dv.add("D1:D10")
    notes.add_data_validation(dv)
    notes.conditional_formatting.add("B1:B10", CellIsRule(operator="greaterThan", formula=["1"],
                                                          fill=PatternFill("solid", fgColor="00FF00")))
    notes.print_area = "A1:D10"
    wb.defined_names["Rate"] = DefinedName("Rate", attr_text="Notes!$B$1")
    notes.defined_names["Local"] = DefinedName("Local", attr_text="Notes!$B$2")

    secret = wb.create_sheet("Secret")
    secret["A1"] = "hidden"
    secret.sheet_state = "hidden"
    wb.save(path)
    return path


def test_round_trip_keeps_what_the_user_owns(tmp_path):
    p = _rich_user_book(tmp_path / "club.xlsx")
    book = FileBook(p)
    assert book.unsafe_to_write() == []
    book.write_sheet(
        "Standings", sheet_layout(pd.DataFrame({"Rank": [1, 2], "Name": ["Ann", "Bob"]}), SheetStyle())
    )
    book.write_sheet("Pairings", sheet_layout(pd.DataFrame({"Board": [1]}), SheetStyle()))
    book.append_rows("Players", [{"name": "Cy", "rating": 1600}])
    book.save()

    wb = openpyxl.load_workbook(p)
    assert wb.sheetnames == ["Players", "Standings", "Notes", "Secret", "Pairings"]
    notes = wb["Notes"]
    assert notes["A1"].font.b and notes["A1"].font.color.rgb.endswith("FF0000")
    assert notes["A1"].fill.fgColor.rgb.endswith("FFFF00")
    assert notes["B1"].number_format == "0.0%"
    assert notes["B3"].value == "=SUM(B1:B2)" and notes["B3"].data_type == "f"
    assert notes.column_dimensions["A"].width == 33
    assert "A5:C6" in {str(r) for r in notes.merged_cells.ranges}
    assert notes.freeze_panes == "B2"
    dvs = notes.data_validations.dataValidation
    assert len(dvs) == 1 and dvs[0].formula1 == '"yes,no"' and str(dvs[0].sqref) == "D1:D10"
    cf = list(notes.conditional_formatting)
    assert len(cf) == 1 and str(cf[0].sqref) == "B1:B10"
    assert "Rate" in wb.defined_names and wb.defined_names["Rate"].attr_text == "Notes!$B$1"
    assert "Local" in notes.defined_names
    assert notes.print_area == "'Notes'!$A$1:$D$10" or "A$1:$D$10" in notes.print_area
    assert wb["Secret"].sheet_state == "hidden"
    players = wb["Players"]
    table = players.tables["tblPlayers"]
    assert table.ref == "A1:C4" and table.tableStyleInfo.name == "TableStyleMedium9"
    assert players["A4"].value == "Cy"
    assert wb["Standings"]["A1"].value == "Rank"


def _make_xlsm(path: Path, vba: bytes) -> Path:
    xlsx = make_book(path.with_suffix(".tmp.xlsx"), {"Instructions": [["Press the button"]],
                                                      "Players": [["Name"], ["Ann"]]})
    replace = {
        "[Content_Types].xml": lambda x: x.replace(
            b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", XLSM_TYPE.encode()
        ).replace(
            b"</Types>",
            b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
        ),
        "xl/_rels/workbook.xml.rels": lambda x: x.replace(
            b"</Relationships>",
            b'<Relationship Id="rIdVBA" '
            b'Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
            b'Target="vbaProject.bin"/></Relationships>',
        ),
    }
    rewrite_zip(xlsx, path, replace=replace, add={"xl/vbaProject.bin": vba})
    xlsx.unlink()
    return path


def test_xlsm_keeps_vba_and_macro_content_type(tmp_path):
    vba = b"\xd0\xcf\x11\xe0 dummy VBA project " + bytes(range(256))
    p = _make_xlsm(tmp_path / "club.xlsm", vba)
    book = FileBook(p)
    assert book.macro_enabled
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    assert member(p, "xl/vbaProject.bin") == vba
    types = content_types(p)
    assert XLSM_TYPE in types and "spreadsheetml.sheet.main+xml" not in types
    assert b"vbaProject" in member(p, "xl/_rels/workbook.xml.rels")
    assert backup_files.backups(p)[0].name.endswith(".xlsm")
    assert FileBook(p).read_table("Standings").rows == ((1,),)
    with pytest.raises(WorkbookFileError, match="macros"):
        book.save_as(tmp_path / "copy.xlsx")


def test_macro_workbook_named_xlsx_is_reported(tmp_path):
    p = _make_xlsm(tmp_path / "club.xlsm", b"dummy")
    wrong = tmp_path / "club.xlsx"
    p.rename(wrong)
    book = FileBook(wrong)
    assert not book.macro_enabled
    assert any("macros" in u and ".xlsm" in u for u in book.unsafe_to_write())


def test_xlsm_button_is_kept(tmp_path):
    p = _make_xlsm(tmp_path / "plain.xlsm", b"dummy")
    p = _with_button(p, tmp_path / "club.xlsm", macro=True)
    book = FileBook(p)
    assert book.unsafe_to_write() == []
    book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [1]}), SheetStyle()))
    book.save()
    with zipfile.ZipFile(p) as z:
        vml = [n for n in z.namelist() if n.endswith(".vml")]
        assert vml and b"PairRound" in z.read(vml[0])
        rels = z.read("xl/worksheets/_rels/sheet1.xml.rels")
        assert b"vmlDrawing" in rels and b"legacyDrawing" in z.read("xl/worksheets/sheet1.xml")


def test_template_like_book_survives_two_round_trips(tmp_path):
    p = _rich_user_book(tmp_path / "club.xlsx")
    for i in range(2):
        book = FileBook(p)
        book.write_sheet("Standings", sheet_layout(pd.DataFrame({"Rank": [i]}), SheetStyle()))
        book.save()
    wb = openpyxl.load_workbook(p)
    assert wb.sheetnames == ["Players", "Standings", "Notes", "Secret"]
    assert len(wb["Notes"].data_validations.dataValidation) == 1


def test_sheet_without_dimension_refused_by_size(tmp_path, monkeypatch):
    """A writer that omits <dimension> cannot smuggle a huge sheet past the row limit."""
    import re
    import zipfile

    import openpyxl

    from keizer_xl.clients import xlsx as wbmod

    src = tmp_path / "big.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    for i in range(2000):
        ws.append([i, i, f"Player {i}", f"Player {i + 1}", "1-0"])
    wb.save(src)
    stripped = tmp_path / "nodim.xlsx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename.startswith("xl/worksheets/sheet"):
                data = re.sub(rb"<dimension[^>]*/>", b"", data)
            zout.writestr(item, data)
    wbmod.open_book(stripped)  # fine at the real limit
    monkeypatch.setattr(wbmod.inspector, "MAX_SHEET_BYTES", 10_000)
    with within(2), pytest.raises(wbmod.WorkbookFileError, match=r"sheet Results of .* MiB of cell data"):
        wbmod.open_book(stripped)


def test_a_copy_keeps_the_workbooks_kind_and_names_a_file(tmp_path):
    """save_as: an .xlsx workbook is copied as .xlsx, never under a folder's name or another
    kind's."""
    from keizer_xl.clients.files import WorkbookFileError
    from keizer_xl.clients.xlsx import open_book

    src = tmp_path / "club.xlsx"
    src.write_bytes((Path(__file__).parents[2] / "samples" / "club-season.xlsx").read_bytes())
    book = open_book(src)
    (tmp_path / "folder.xlsx").mkdir()
    for name, says in (("copy.xlsm", "has no macros"), ("copy.ods", "must be named .xlsx"),
                       ("folder.xlsx", "is a folder")):
        with pytest.raises(WorkbookFileError, match=says):
            book.save_as(tmp_path / name)
    book.save_as(tmp_path / "copy.xlsx")
    assert openpyxl.load_workbook(tmp_path / "copy.xlsx").sheetnames == \
        openpyxl.load_workbook(src).sheetnames
