"""Types in the core (issue 15 item 4): setting choices as enums, the score kind as an enum,
errors that carry their kind instead of text parsed again."""
from __future__ import annotations

from dataclasses import fields

import pytest

from keizer_xl.core.settings import CHOICES, ColourRule, Recalculation, Settings
from keizer_xl.errors import SettingError
from keizer_xl.core.rules import build_settings, describe, parse_setting


def test_every_choice_setting_is_an_enum_and_parses_to_its_member():
    types = {f.name: f.type for f in fields(Settings)}
    for key, choice in CHOICES.items():
        assert types[key] == choice.__name__, key
        for member in choice:
            name, value = parse_setting(key, member.value.upper())
            assert name == key and value is member


def test_the_accepted_words_are_the_enum_values():
    with pytest.raises(SettingError) as info:
        parse_setting("recalculation", "sometimes")
    assert "'sometimes' is not one of prev, frozen, converge" in str(info.value)
    # aliases still map to a member
    assert parse_setting("recalculation", "convergence") == ("recalculation", Recalculation.CONVERGE)
    assert parse_setting("colours", "lower_white") == ("colours", ColourRule.LOWER_WHITE)


def test_a_member_compares_and_prints_as_its_word():
    s = build_settings([parse_setting("preset", "frozen-fixed")])
    assert s.recalculation is Recalculation.FROZEN  # a preset's word becomes the member
    assert s.recalculation == "frozen" and f"{s.recalculation}" == "frozen"
    shown = dict(describe(s))
    assert shown["recalculation"] == "frozen" and type(shown["recalculation"]) is str
    assert shown["colours"] == "keizer"


def test_each_score_kind_is_scored_by_its_own_setting():
    from fractions import Fraction as F

    from keizer_xl.core.model import Result, ScoreKind
    from keizer_xl.core.scoring import game_fraction

    # five different amounts, so a kind read from the wrong field shows
    s = build_settings([parse_setting(k, v) for k, v in (("win", "7/7"), ("draw", "4/7"),
                                                         ("loss", "1/7"), ("forfeit_win", "6/7"),
                                                         ("forfeit_loss", "0"))])
    expected = {ScoreKind.WIN: F(7, 7), ScoreKind.DRAW: F(4, 7), ScoreKind.LOSS: F(1, 7),
                ScoreKind.FORFEIT_WIN: F(6, 7), ScoreKind.FORFEIT_LOSS: F(0),
                ScoreKind.PENDING: F(4, 7)}  # no result yet: a draw (rules section 3)
    assert {k: game_fraction(s, k) for k in ScoreKind} == expected
    assert Result.WHITE_FORFEIT.score(False) is ScoreKind.FORFEIT_LOSS
    assert Result.BLACK_WINS.score(False) is ScoreKind.WIN
    assert Result.STARTED.score(True) is ScoreKind.PENDING


def test_decisions_read_the_error_type_not_its_text():
    from keizer_xl.errors import NotANumberError, UnknownSettingError

    with pytest.raises(UnknownSettingError):
        parse_setting("recalculaton", "prev")
    with pytest.raises(NotANumberError) as top:
        parse_setting("top_value", "lots")
    assert str(top.value) == "'lots' is not a number or one of N, 1.5N, 2N, ratio 3"
    # a number that is merely too large is said as it is, not as "not a number"
    with pytest.raises(SettingError) as large:
        parse_setting("top_value", "1e400")
    assert not isinstance(large.value, NotANumberError)
    assert "too large" in str(large.value)


def test_the_value_scale_check_names_its_setting():
    from dataclasses import replace
    from fractions import Fraction as F

    from keizer_xl.core.values import value_scale_check

    s = build_settings([parse_setting("top_value", 10)])
    key, why = value_scale_check(s, 12)  # 10 down to -1: the last two places are 0 or below
    assert key == "top_value" and "the last 2 of 12 places" in why
    key, why = value_scale_check(replace(s, bottom_value=F(20)), 12)
    assert key == "bottom_value" and why.startswith("bottom_value 20 is above top_value 10")


def test_an_excel_call_excel_does_not_offer_is_skipped_by_its_class(monkeypatch):
    import sys
    import types

    from keizer_xl.clients.excel import _optional

    class com_error(Exception):
        pass

    fake = types.ModuleType("pywintypes")
    fake.com_error = com_error
    monkeypatch.setitem(sys.modules, "pywintypes", fake)

    def refuse(exc: Exception) -> None:
        raise exc

    _optional(lambda: refuse(com_error("Unable to set the WrapText property")))
    _optional(lambda: refuse(NotImplementedError()))

    class OtherError(Exception):  # same module, not Excel's: a fault that must show
        pass

    with pytest.raises(OtherError):
        _optional(lambda: refuse(OtherError("com_error")))


def test_every_standings_table_is_built_from_the_one_row_model():
    from fractions import Fraction as F

    from keizer_xl.core.competition import Competition
    from keizer_xl.core.rows import HEAD, TAIL, season_part
    from keizer_xl.core.settings import LANGUAGES
    from keizer_xl.frontends.render_rows import part_rows
    from keizer_xl.sheets import schema
    from keizer_xl.sheets.frames import part_records
    from support.helpers import season

    # a column of the row model has a header in every language (a new one without it fails)
    for lang in LANGUAGES:
        assert len(schema.headers("Standings", lang, HEAD + TAIL)) == len(HEAD + TAIL)
    # values 4 3 2 1 (top_value 4); round 1: A beats B (3), C draws D (1/2 of 1), D gets 1
    s = season(["A", "B", "C", "D"], [[("A", "B", "1-0"), ("C", "D", "½-½")]], top_value=4)
    part = season_part(Competition(s).standing(""))
    sheet = part_records(part)
    assert sheet.columns == ("Rank", "Name", "Score", "Value", "Prev value", "Games", "W", "D",
                             "L", "R1", "Game points", "TPR")
    assert sheet.rows[0] == (1, "A", F(7), F(4), F(4), 1, 1, 0, 0, F(3), 1, None)
    first = part_rows([part])[0]
    assert list(first) == [*HEAD, "rounds", *TAIL]
    assert first == {"rank": 1, "name": "A", "score": 7, "value": 4, "prev_value": 4, "games": 1,
                     "w": 1, "d": 0, "l": 0, "rounds": [3], "game_points": 1, "tpr": None}


def test_tiebreaks_are_members_too():
    from keizer_xl.core.settings import Tiebreak

    assert parse_setting("tiebreak", "rating > name") == ("tiebreak", (Tiebreak.RATING,
                                                                       Tiebreak.NAME))
    assert Settings().tiebreak == (Tiebreak.PREVIOUS, Tiebreak.RATING, Tiebreak.START)
    assert dict(describe(Settings()))["tiebreak"] == "previous, rating, start"
    with pytest.raises(ValueError):
        Settings(tiebreak=("coin",))  # type: ignore[arg-type]
