"""The ``tiebreak`` setting takes FIDE's acronyms beside the Keizer tie-breaks (issue 36)."""
from __future__ import annotations

import pytest

from keizer_xl.core.rules import parse_setting
from keizer_xl.core.settings import Tiebreak
from keizer_xl.errors import SettingError
from keizer_xl.frontends.cli import main
from tests.helpers import make_workbook


def test_acronyms_in_order_any_case():
    _key, value = parse_setting("tiebreak", "de, Win, SB,ks, bh-c1")
    assert value == (Tiebreak.DE, Tiebreak.WIN, Tiebreak.SB, Tiebreak.KS, Tiebreak.BH_C1)
    assert [t.value.upper() for t in value] == ["DE", "WIN", "SB", "KS", "BH-C1"]
    assert all(t.fide for t in value) and not Tiebreak.PREVIOUS.fide
    with pytest.raises(SettingError, match="'xyz' is not a tie-break"):
        parse_setting("tiebreak", "DE, XYZ")


def test_unknown_acronym_names_the_settings_cell_in_the_workbooks_language(tmp_path, capsys):
    book = tmp_path / "rr.xlsx"
    make_workbook(book, {"Spelers": [["Naam"], ["Anna"], ["Bert"]],
                         "Instellingen": [["Instelling", "Waarde"], ["tiebreak", "DE, SBB"]]})
    assert main(["check", str(book)]) == 1
    out = capsys.readouterr()
    assert "Instellingen!B2: " in out.out + out.err
    assert "'sbb' is geen" in out.out + out.err
