"""The rows of a sheet's ``<sheetData>`` found with bytes.find (clients/xlsx/rowspans.py, issue
25) are the matches the reader's regular expression finds, row for row; where a row is written
in a way the fast look does not take, it hands the sheet back to the expression (None), and a
sheet split either way writes back byte for byte."""
from __future__ import annotations

import re

import pytest

from keizer_xl.clients.xlsx.cellxml import SheetCells
from keizer_xl.clients.xlsx.rowspans import row_spans

# the reader's expression for rows written r first, copied here as the reference
REFERENCE = re.compile(rb'<row r="(\d+)"([^>]*?)(?:/>|>(.*?)</row>)', re.S)

HEAD = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<dimension ref="A1:B3"/><sheetData>')
TAIL = (b'</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" '
        b'footer="0.3"/></worksheet>')

TAKEN = [
    b"",
    b'<row r="1"/>',
    b'<row r="1" spans="1:2"/>',
    b'<row r="1"></row>',
    b'<row r="1" spans="1:2"><c r="A1" t="inlineStr"><is><t>Round</t></is></c><c r="B1"><v>1</v></c></row>',
    b'<row r="2" ht="30" customHeight="1"><c r="A2" s="3"><v>2.5</v></c></row><row r="3"/>',
    b'<row r="1" x="a/"><c r="A1"><v>1</v></c></row>',         # a "/" in an attribute value
    b'<row r="1" a="b"/ ><c r="A1"/></row>',                   # "/ >" does not close it
    b'<row r="7"><c r="A7" t="inlineStr"><is><t>&lt;row&gt;</t></is></c></row>',
    b'<row r="12"><c r="A12"/></row><row r="13"/><row r="14"><c r="A14"><f>SUM(A1:A2)</f><v>3</v></c></row>',
]
# between the rows and inside them, what no writer puts there (the split keeps the rows only)
ODD = [b'<row r="2"><c r="A2"/></row>\n<row r="3"/>', b'<row r="12">x</row>  <row r="13"/>']
HANDED_BACK = [
    b'<row r="1">',                  # no </row>
    b'<row  r="1"></row>',           # not r first
    b'<row spans="1:2" r="1"></row>',
    b'<rowx r="1"></rowx>',
    b'<row r="1"></row><row r="x2"></row>',
]


def _reference(xml: bytes, begin: int, stop: int) -> list[tuple[int, int, bytes, bytes, bytes | None]]:
    return [(m.start(), m.end(), m.group(1), m.group(2), m.group(3))
            for m in REFERENCE.finditer(xml, begin, stop)]


@pytest.mark.parametrize("rows", TAKEN + ODD + [b'<row r="1"><row r="2"></row></row>'])
def test_the_rows_found_are_the_expressions_matches(rows):
    xml = HEAD + rows + TAIL
    begin, stop = len(HEAD), len(HEAD) + len(rows)
    assert row_spans(xml, begin, stop) == _reference(xml, begin, stop)


@pytest.mark.parametrize("rows", HANDED_BACK)
def test_a_row_the_fast_look_does_not_take_goes_back_to_the_expression(rows):
    xml = HEAD + rows + TAIL
    assert row_spans(xml, len(HEAD), len(HEAD) + len(rows)) is None


@pytest.mark.parametrize("rows", TAKEN + HANDED_BACK[1:3] + HANDED_BACK[4:])
def test_a_sheet_split_into_rows_writes_back_byte_for_byte(rows):
    xml = HEAD + rows + TAIL
    assert SheetCells.parse(xml).to_bytes() == xml


def test_the_rows_carry_their_number_attributes_and_cells():
    xml = HEAD + b'<row r="2" ht="30" customHeight="1"><c r="A2"><v>7</v></c></row><row r="5"/>' + TAIL
    cells = SheetCells.parse(xml)
    assert sorted(cells.rows) == [2, 5]
    assert cells.rows[2].attrs == b' r="2" ht="30" customHeight="1"'
    assert cells.rows[5].attrs == b' r="5"'
    assert cells.cell(2, 1) is not None and cells.cell(2, 1).xml == b'<c r="A2"><v>7</v></c>'
    assert cells.rows[5].cells == {}
