"""Proof by difference (issue 34): the file client's one reader (clients/xlsx/reader.py) against
openpyxl, value by value, on workbooks written byte by byte in every way valid XML and OOXML
allow (tests/support/crafted_books.py), on a season whose sheets are rewritten so, and through
tools/compare_reader.py, the same comparison over any folder of real workbooks."""
from __future__ import annotations

import datetime as dt
import re
import sys
import zipfile
from pathlib import Path

import pytest

from support.crafted_books import CASES, to_bytes, write
from support.reader_oracle import differences, sheet_values
from keizer_xl.clients.xlsx import FileBook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return {p.stem: p for p in write(tmp_path_factory.mktemp("crafted"))}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_crafted_workbook_reads_as_openpyxl_reads_it(corpus, case):
    path = corpus[case]
    assert any(sheet_values(path).values()), "openpyxl reads nothing: the case proves nothing"
    assert differences(path) == []


def _values(corpus: dict[str, Path], case: str, sheet: str = "Data") -> dict[tuple[int, int], object]:
    return FileBook(corpus[case]).cell_values(sheet)


def test_what_a_text_reader_got_wrong_is_read_as_the_xml_says(corpus):
    """The values themselves, not only openpyxl's agreement (issue 34's findings)."""
    spaced = _values(corpus, "attribute-whitespace")
    assert spaced == {(1, 1): "Name", (1, 2): "Rating", (2, 1): "Anna Berg", (2, 2): 1834.5, (2, 3): True}
    assert _values(corpus, "t-before-s")[(1, 2)] == dt.datetime(2009, 7, 11)
    cdata = _values(corpus, "cdata")
    assert (cdata[(1, 1)], cdata[(1, 2)], cdata[(1, 3)], cdata[(1, 4)]) == \
        ("Anna Berg", "Carl Dunn", "a <b>&amp; z", 42)
    refs = _values(corpus, "character-references")
    assert refs[(1, 1)] == "a\x96b" and refs[(1, 4)] == "\x96\x91\x96" and refs[(1, 3)] == "x\r\ny\tz"
    commented = _values(corpus, "comments-and-instructions-in-text")
    assert commented == {(1, 1): "Anna Berg", (1, 2): 12, (1, 3): "pq", (1, 4): "Carl Dunn"}
    assert _values(corpus, "cr-lf-in-text") == {(1, 1): "line one\nline two\nthree", (1, 2): "Dunn,\n Carl\n"}
    runs = _values(corpus, "rich-text-and-phonetic-runs")
    assert runs == {(1, 1): "Anna Berg", (1, 2): "山田", (1, 3): "Carl Dunn", (1, 4): "x000D_"}
    assert _values(corpus, "the-same-row-twice") == {(2, 1): 1, (2, 2): 20, (2, 3): 30}
    assert _values(corpus, "a-cell-naming-another-row") == {(1, 1): 1, (4, 2): 4, (1, 3): 5, (2, 1): 2}
    assert _values(corpus, "cells-and-rows-without-r") == {
        (1, 1): "Name", (1, 2): "Rating", (2, 1): "Anna Berg", (2, 2): 1834,
        (5, 2): 52, (5, 3): 53, (6, 1): 61}
    assert _values(corpus, "dates-1904")[(1, 3)] == dt.datetime(2024, 9, 3)  # 1462 days on
    assert _values(corpus, "dates-1900")[(1, 4)] == dt.datetime(2024, 9, 3)
    assert _values(corpus, "namespace-prefixes") == {(1, 1): "Carl Dunn", (1, 2): "Anna",
                                                     (1, 3): dt.datetime(2024, 9, 3)}
    assert _values(corpus, "strict") == {(1, 1): "Carl Dunn", (1, 2): dt.datetime(2024, 9, 3),
                                         (1, 3): "Anna", (1, 4): 1.5}
    assert _values(corpus, "merged-cells") == {(1, 1): 1, (2, 1): 3, (2, 2): "hidden", (3, 1): 5}
    assert _values(corpus, "styles-written-otherwise") == {
        (1, 1): dt.datetime(2024, 9, 3), (1, 2): 7, (1, 3): dt.datetime(2024, 9, 3, 12), (1, 4): 45538}
    assert _values(corpus, "hyperlink-on-an-empty-cell") == {(1, 1): "Anna"}
    assert _values(corpus, "utf-16") == {(1, 1): "Carl Dunn", (1, 2): dt.datetime(2024, 9, 3),
                                         (1, 3): "Zoë 山田"}
    assert FileBook(corpus["sheet-names"]).sheet_names() == ["Naam & \x96", "Zoë's"]


def test_a_utf16_part_declaring_entities_is_refused_before_it_is_parsed(tmp_path):
    from support.crafted_books import UTF16_SOURCE, utf16

    from keizer_xl.clients.files import WorkbookFileError

    path = tmp_path / "bomb.xlsx"
    path.write_bytes(to_bytes(utf16(UTF16_SOURCE, dtd=True)))
    with pytest.raises(WorkbookFileError, match=r"entity declarations in xl/worksheets/sheet1\.xml"):
        FileBook(path).cell_values("Data")


def test_a_utf16_workbook_is_written_back_as_it_was_but_for_the_engine(tmp_path):
    from keizer_xl.sheets.layout import Layout

    path = tmp_path / "u.xlsx"
    path.write_bytes(to_bytes(CASES["utf-16"]))
    book = FileBook(path)
    book.write_sheet("Standings", Layout(grid=(("Anna",),)))
    book.save()
    with zipfile.ZipFile(path) as zf:
        assert zf.read("xl/worksheets/sheet1.xml") == CASES["utf-16"]["xl/worksheets/sheet1.xml"]
    assert FileBook(path).cell_values("Data")[(1, 1)] == "Carl Dunn"


def _as_a_stranger_writes_it(xml: bytes) -> bytes:
    """A sheet as valid XML other than Excel's: attributes reversed and spread over lines and
    tabs, texts as CDATA, comments between the rows, every element prefixed ``x:``."""
    def cell(m: re.Match[bytes]) -> bytes:
        attrs = re.findall(rb'(\w+)="([^"]*)"', m.group(1))
        return b"<c\n\t" + b"  \n ".join(k + b" = '" + v + b"'" for k, v in reversed(attrs)) + b"\t>"

    xml = re.sub(rb"<c ([^>]*[^/])>", cell, xml)
    xml = re.sub(rb"<t>([^<]*)</t>", rb"<t><![CDATA[\1]]></t>", xml)
    xml = xml.replace(b"</row>", b"</row><!-- a row -->")
    xml = re.sub(rb"<(/?)(?=[a-zA-Z])", rb"<\1x:", xml)
    return xml.replace(b"<x:worksheet xmlns=", b"<x:worksheet xmlns:x=", 1)


def test_a_season_written_as_a_stranger_writes_it_reads_the_same(tmp_path):
    from support.season_books import write_book

    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.sheets.read import read_season

    plain = write_book(tmp_path / "plain.xlsx", simulate_season(16, 5, seed=34, absence_rate=0.1))
    with zipfile.ZipFile(plain) as zf:
        files = {i.filename: zf.read(i) for i in zf.infolist()}
    for name in [n for n in files if n.startswith("xl/worksheets/sheet")]:
        files[name] = _as_a_stranger_writes_it(files[name])
        assert b"<x:c\n\t" in files[name] or b"<x:c " not in files[name]
    stranger = tmp_path / "stranger.xlsx"
    stranger.write_bytes(to_bytes(files))
    assert differences(stranger) == []
    assert read_season(FileBook(stranger)) == read_season(FileBook(plain))


def test_the_folder_comparison_reports_every_difference(tmp_path, monkeypatch, capsys):
    sys.path.insert(0, str(ROOT / "tools"))
    import compare_reader

    assert compare_reader.main(["--write-crafted", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out
    assert f"{len(CASES)} files: {len(CASES)} compared" in out and ", 0 with differences" in out

    import keizer_xl.clients.xlsx.book as bookmod

    real = bookmod.sheet_values

    def wrong(xml, decoder):
        values = real(xml, decoder)
        values.shown = {rc: (v + "!" if isinstance(v, str) else v) for rc, v in values.shown.items()}
        return values

    monkeypatch.setattr(bookmod, "sheet_values", wrong)
    assert compare_reader.main([str(tmp_path / "c" / "cdata.xlsx")]) == 1
    out = capsys.readouterr().out
    assert "Data!R1C1: openpyxl 'Anna Berg' != 'Anna Berg!'" in out and "1 with differences" in out
