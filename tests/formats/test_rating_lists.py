"""The rating-list readers (issue 37, formats/): each kind recognised from its bytes and read as
its published layout says; FIDE's fast path equal to the XML parser over a whole list."""
from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from keizer_xl.core.player_match import gate_keys
from keizer_xl.errors import UsageError
from keizer_xl.formats import fide_list
from keizer_xl.formats.listed import Listed, Wanted
from keizer_xl.formats.rating_list import list_kind, open_list
from support.rating_list_files import P, fide_txt_header, write_csv, write_dbf, write_fide_txt, write_fide_xml

ALL = Wanted(everything=True)
PLAYERS = [
    P("1503014", "Carlsen, Magnus", "NOR", "M", "GM", 2830, 1990),
    P("4100018", "Müller, Jörg", "GER", "M", "", 1850, 1970),
    P("4100019", "Mueller, Joerg", "GER", "M", "", 0, 0),
    P("1000002", "Jansen, Anna", "NED", "F", "", 2100, 1995),
    P("14109603", "Иванов, Иван", "RUS", "M", "IM", 2450, 2000),
    P("1000004", "O'Brien & Sons, Pat", "IRL", "M", "", 1500, 1960),
]


def entries(path: Path, wanted: Wanted = ALL) -> list[Listed]:
    return list(open_list(path, wanted)[1])


def test_fide_txt_columns_come_from_its_header():
    cols = fide_list.txt_columns(fide_txt_header())
    assert cols["ID Number"] == (0, 15)
    assert cols["Name"] == (15, 76)
    assert cols["SRtng"] == (113, 119)
    assert cols["Flag"][0] == 158


@pytest.mark.parametrize("write", [write_fide_txt, write_fide_xml])
def test_fide_lists_read_every_field(tmp_path, write):
    path = write(tmp_path / "list", PLAYERS)
    got = entries(path)
    assert got[0] == Listed("Carlsen, Magnus", fide_id="1503014", rating=2830, federation="NOR",
                            birth="1990", sex="M", title="GM")
    assert got[2] == Listed("Mueller, Joerg", fide_id="4100019", federation="GER", sex="M")
    assert got[4].name == "Иванов, Иван" and got[4].rating == 2450 and got[4].title == "IM"
    assert got[5].name == "O'Brien & Sons, Pat"
    assert [e.fide_id for e in got] == [p.fide_id for p in PLAYERS]


@pytest.mark.parametrize("write", [write_fide_txt, write_fide_xml])
def test_fide_lists_yield_only_what_is_wanted(tmp_path, write):
    path = write(tmp_path / "list", PLAYERS)
    assert [e.fide_id for e in entries(path, Wanted(ids=frozenset({"1000002"})))] == ["1000002"]
    by_surname = entries(path, Wanted(names=gate_keys("Jörg Müller")))
    assert [e.fide_id for e in by_surname] == ["4100018", "4100019"]
    assert [e.fide_id for e in entries(path, Wanted(names=gate_keys("Ivan Ivanov")))] == ["14109603"]
    assert [e.fide_id for e in entries(path, Wanted(parts=("magnus",)))] == ["1503014"]
    assert entries(path, Wanted(names=gate_keys("No Body"))) == []


def test_fide_xml_fast_path_equals_the_parser(tmp_path, monkeypatch):
    """The byte test and ElementTree on the candidates give what iterparse gives over the whole
    file, also across chunk boundaries and with the fields in another order."""
    from defusedxml.ElementTree import iterparse

    many = [P(str(5000000 + i), f"Name{i % 37}, First{i}", "NED", "MF"[i % 2], "", 1000 + i, 1950 + i % 50)
            for i in range(500)]
    path = write_fide_xml(tmp_path / "list.xml", many + PLAYERS)
    text = path.read_text(encoding="utf-8").replace(
        "<player><fideid>1000002</fideid><name>Jansen, Anna</name>",
        "<player><name>Jansen, Anna</name><fideid>1000002</fideid>")
    path.write_text(text, encoding="utf-8")
    parsed = [fide_list.listed_from_xml(el) for _, el in iterparse(path) if el.tag == "player"]
    monkeypatch.setattr(fide_list, "_CHUNK", 777)
    assert entries(path) == parsed
    assert [e.fide_id for e in entries(path, Wanted(names=gate_keys("Anna Jansen")))] == ["1000002"]


def test_fide_txt_in_latin1(tmp_path):
    path = tmp_path / "old.txt"
    write_fide_txt(path, PLAYERS[:2])
    path.write_bytes(path.read_text(encoding="utf-8").encode("latin-1"))
    assert entries(path, Wanted(names=gate_keys("Jörg Müller")))[0].name == "Müller, Jörg"


def test_belgian_player_dbf(tmp_path):
    path = write_dbf(tmp_path / "Player.dbf", [
        ("MATRICULE", "N", 6), ("NOM", "C", 40), ("CLUB", "N", 4), ("ELO", "N", 4),
        ("NBPART", "N", 4), ("FIDE", "N", 9), ("DNAISS", "C", 10), ("SEXE", "C", 1)], [
        (12345, "Dupont, Jean", 601, 1850, 120, 205001, "1975-04-12", "M"),
        (23456, "Peeters, Els", 601, 1700, 40, 0, "", "F"),
        (34567, "Lefèvre, Zoé", 220, 0, 0, 0, "2010-01-01", "F")])
    kind = list_kind(path)
    assert kind.key == "kbsb"
    got = entries(path)
    assert got[0] == Listed("Dupont, Jean", fide_id="205001", national_id="12345", club="601",
                            rating=1850, birth="1975-04-12", sex="M")
    assert got[1].fide_id == "" and got[1].sex == "F"
    assert got[2].name == "Lefèvre, Zoé" and got[2].rating is None
    assert [e.national_id for e in entries(path, Wanted(club="601"))] == ["12345", "23456"]


DSB_HEADER = ["ZPS", "Mgl-Nr", "Status", "Spielername", "Geschlecht", "Spielberechtigung",
              "Geburtsjahr", "Letzte-Auswertung", "DWZ", "Index", "FIDE-Elo", "FIDE-Titel",
              "FIDE-ID", "FIDE-Land"]


def test_german_dwz_export(tmp_path):
    path = write_csv(tmp_path / "spieler.csv", [
        DSB_HEADER,
        ["C0327", "012", "A", "Müller,Jörg,Dr.", "M", "D", "1970", "202548", "1850", "87", "1901",
         "", "4100018", "GER"],
        ["C0327", "013", "A", "Schäfer,Anna", "W", "D", "1990", "202548", "1500", "12", "", "", "",
         ""]], encoding="cp1252")
    assert list_kind(path).key == "dsb"
    got = entries(path)
    assert got[0] == Listed("Müller,Jörg", fide_id="4100018", national_id="C0327-012",
                            club="C0327", rating=1850, federation="GER", birth="1970", sex="M")
    assert got[1].sex == "F" and got[1].fide_id == ""


def test_german_dwz_export_new_layout(tmp_path):
    path = write_csv(tmp_path / "spieler.csv", [
        ["ID", "VKZ", "Mgl_Nr", "Status", "Spielername", "Geschlecht", "Spielberechtigung",
         "Geburtsjahr", "Letzte_Auswertung", "DWZ", "Index", "FIDE_Elo", "FIDE_Titel", "FIDE_ID",
         "FIDE_Land"],
        ["1", "C0327", "12", "A", "Meier,Karl", "M", "D", "1960", "", "1700", "5", "", "", "", ""]],
        delimiter=",")
    assert list_kind(path).key == "dsb"
    assert entries(path)[0].national_id == "C0327-12"


def test_dutch_rating_list_csv_and_xlsx(tmp_path):
    rows = [["Relatienummer", "Naam", "Titel", "FED", "Rating", "Geboortejaar", "Geslacht",
             "FIDE-id", "Vereniging"],
            [8001234, "Vries, Jan de", "FM", "NED", 2250, 1980, "M", 1000001, "Utrecht"],
            [8001235, "Jansen, Anna", "", "NED", 1800, 1995, "V", "", "Utrecht"]]
    csv_path = write_csv(tmp_path / "knsb.csv", rows)
    book = Workbook()
    for row in rows:
        book.active.append(row)
    xlsx_path = tmp_path / "knsb.xlsx"
    book.save(xlsx_path)
    for path in (csv_path, xlsx_path):
        kind = list_kind(path)
        assert (kind.key, kind.national_column) == ("knsb", "knsb_id")
        got = entries(path)
        assert got[0] == Listed("Vries, Jan de", fide_id="1000001", national_id="8001234",
                                club="Utrecht", rating=2250, federation="NED", birth="1980",
                                sex="M", title="FM")
        assert got[1].sex == "F"


def test_a_clubs_own_list(tmp_path):
    path = write_csv(tmp_path / "leden.csv", [["Voornaam", "Achternaam", "Elo", "Geboortedatum"],
                                              ["Piet", "Puk", "1500", "02.03.1985"]], delimiter=",")
    assert list_kind(path).key == "club"
    assert entries(path) == [Listed("Puk, Piet", rating=1500, birth="1985-03-02")]


@pytest.mark.parametrize("content", [b"", b"hello world\n", b"a;b;c\n1;2;3\n", b"\x00\x01\x02" * 50,
                                     b"PK\x03\x04 not a workbook"])
def test_an_unknown_list_is_refused_with_what_was_expected(tmp_path, content):
    path = tmp_path / "list.dat"
    path.write_bytes(content)
    with pytest.raises(UsageError) as refused:
        list_kind(path)
    assert "expected FIDE's players list" in str(refused.value)


def test_dutch_rating_list_with_short_headers(tmp_path):
    path = write_csv(tmp_path / "ratinglijst.csv", [
        ["Relatie nr", "Naam", "FED", "Rating", "Geboren", "S", "FIDE-ID"],
        ["8001236", "Bakker, Noor", "NED", "1650", "12-05-2001", "V", ""]])
    assert list_kind(path).key == "knsb"
    assert entries(path) == [Listed("Bakker, Noor", national_id="8001236", rating=1650,
                                    federation="NED", birth="2001-05-12", sex="F")]


def test_fide_xml_as_published_with_line_breaks_and_indents(tmp_path):
    path = write_fide_xml(tmp_path / "list.xml", PLAYERS)
    text = path.read_text(encoding="utf-8").replace("><", ">\r\n  <")
    path.write_text(text, encoding="utf-8")
    assert [e.fide_id for e in entries(path, Wanted(names=gate_keys("Anna Jansen")))] == ["1000002"]
    assert [e.fide_id for e in entries(path, Wanted(ids=frozenset({"14109603"})))] == ["14109603"]
    assert len(entries(path)) == len(PLAYERS)
