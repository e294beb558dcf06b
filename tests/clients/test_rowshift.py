"""What hangs on the rows of an input table follows them (clients/xlsx/rowshift.py) and
docProps/app.xml lists the sheets (clients/xlsx/appprops.py): the XML edits on their own,
with the expected ranges worked out by hand as Excel gives them."""
from __future__ import annotations

from keizer_xl.clients.xlsx.appprops import with_worksheets
from keizer_xl.clients.xlsx.rowshift import (
    delete_mapper,
    grow_mapper,
    map_sqref,
    shift_names,
    shift_sheet,
)

# a table over A1:E36 (header row 1, data rows 2..36)
GROW = grow_mapper(1, 5, 2, 36, 44)
# rows 10, 11 and 40 deleted from a table over columns A..E
DELETE = delete_mapper(1, 5, [10, 11, 40])


def test_a_range_over_whole_columns_of_the_data_grows_with_the_table() -> None:
    assert map_sqref("E2:E36", GROW) == "E2:E44"
    assert map_sqref("A2:E36 G2:G36", GROW) == "A2:E44 G2:G36"  # G is not the table's
    assert map_sqref("A1:A36", GROW) == "A1:A44"                # with the header row
    assert map_sqref("E5:E36", GROW) == "E5:E36"                # not from the first data row
    assert map_sqref("E2:E30", GROW) == "E2:E30"                # not down to the last one
    assert map_sqref("H1:H5", GROW) == "H1:H5"


def test_deleted_rows_leave_a_range_and_those_below_move_up() -> None:
    # 2..36 loses 10 and 11: 2..34; 12..20 moves up by two: 10..18; 41..50 by three: 38..47
    assert map_sqref("E2:E36", DELETE) == "E2:E34"
    assert map_sqref("B12:C20", DELETE) == "B10:C18"
    assert map_sqref("A41:E50", DELETE) == "A38:E47"
    assert map_sqref("C10:C11", DELETE) == ""          # every row of it deleted
    assert map_sqref("C10:C12", DELETE) == "C10"       # one row left: a cell
    assert map_sqref("F2:F36 A2:G36", DELETE) == "F2:F36 A2:G36"  # outside or straddling: as is
    assert map_sqref("D40", DELETE) == ""


def test_the_sheet_xml_rules_and_validations_follow_and_empty_ones_go() -> None:
    xml = (b'<conditionalFormatting sqref="A2:E36"><cfRule type="expression" priority="1">'
           b"<formula>$E2=\"\"</formula></cfRule></conditionalFormatting>"
           b'<conditionalFormatting sqref="C10:C11"><cfRule type="expression" priority="2">'
           b"<formula>1</formula></cfRule></conditionalFormatting>"
           b'<dataValidations count="2"><dataValidation type="list" sqref="E2:E36">'
           b"<formula1>\"1-0,0-1\"</formula1></dataValidation>"
           b'<dataValidation type="whole" sqref="D10:D11"/></dataValidations>'
           b'<extLst><ext uri="{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1">'
           b'<x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1>'
           b"<xm:sqref>E12:E36</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>")
    out = shift_sheet(xml, DELETE)
    assert b'<conditionalFormatting sqref="A2:E34">' in out
    assert b"C10:C11" not in out and b"<formula>1</formula>" not in out
    assert b'<dataValidations count="1"><dataValidation type="list" sqref="E2:E34">' in out
    assert b"<xm:sqref>E10:E34</xm:sqref>" in out
    grown = shift_sheet(xml, GROW)
    assert b'sqref="A2:E44"' in grown and b'sqref="E2:E44"' in grown
    assert b"<xm:sqref>E12:E36</xm:sqref>" in grown  # not from the first data row


def test_defined_names_follow_deleted_rows_of_their_sheet_only() -> None:
    wb = (b"<definedNames><definedName name=\"Games\">Results!$A$2:$E$36</definedName>"
          b"<definedName name=\"Two\">'Results'!$A$10:$E$11,Results!$G$1</definedName>"
          b"<definedName name=\"Other\">Players!$A$2:$E$36</definedName>"
          b"<definedName name=\"Sum\">SUM(Results!$E$12:$E$20)&amp;\"x\"</definedName></definedNames>")
    out = shift_names(wb, "results", DELETE).decode()
    assert ">Results!$A$2:$E$34<" in out
    assert ">'Results'!#REF!,Results!$G$1<" in out
    assert ">Players!$A$2:$E$36<" in out
    assert ">SUM(Results!$E$10:$E$18)&amp;\"x\"<" in out


APP = (b'<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
       b'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
       b'<HeadingPairs><vt:vector size="4" baseType="variant"><vt:variant><vt:lpstr>Werkbladen</vt:lpstr>'
       b"</vt:variant><vt:variant><vt:i4>2</vt:i4></vt:variant><vt:variant><vt:lpstr>Benoemde bereiken"
       b"</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs>"
       b'<TitlesOfParts><vt:vector size="3" baseType="lpstr"><vt:lpstr>Info</vt:lpstr>'
       b"<vt:lpstr>Uitslagen</vt:lpstr><vt:lpstr>Clubnaam</vt:lpstr></vt:vector></TitlesOfParts></Properties>")


def test_app_xml_lists_an_added_sheet_after_the_worksheets_in_any_language() -> None:
    out = with_worksheets(APP, ["Info", "Uitslagen"], ["Info", "Uitslagen", "Stand & rang"]).decode()
    assert "<vt:i4>3</vt:i4>" in out and "<vt:i4>1</vt:i4>" in out
    assert ('<vt:vector size="4" baseType="lpstr"><vt:lpstr>Info</vt:lpstr><vt:lpstr>Uitslagen</vt:lpstr>'
            "<vt:lpstr>Stand &amp; rang</vt:lpstr><vt:lpstr>Clubnaam</vt:lpstr>") in out
    assert with_worksheets(APP, ["Info", "Uitslagen"], ["Info", "Uitslagen"]) == APP
    # not the sheets it lists (stale, or written by another program): left as it is
    assert with_worksheets(APP, ["Info", "Results"], ["Info", "Results", "Standings"]) == APP
    plain = b"<Properties><Application>Microsoft Excel Compatible / Openpyxl</Application></Properties>"
    assert with_worksheets(plain, ["A"], ["A", "B"]) == plain
