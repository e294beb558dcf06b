"""``display_order`` (issue 24): KeizerForClubs prints its standings in another order than the
ranking that sets its values; ``preset kfc`` shows the printed one, the ranking keeps
deciding values and pairings."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from keizer_xl.core.model import Game, Player, Result, Season
from keizer_xl.core.settings import DisplayOrder
from keizer_xl.errors import SettingError
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import compute_history

PLAYERS = tuple(Player(n, rating=r, start=i + 1)
                for i, (n, r) in enumerate([("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)]))


def season(*rows: tuple[str, str]) -> Season:
    games = (Game(1, "A", "D", Result.BLACK_WINS), Game(1, "B", "C", Result.DRAW))
    return Season(PLAYERS, games, settings=build_settings([parse_setting(k, v) for k, v in rows]),
                  attendance_rounds=(1,))


def test_the_issues_example_kfc_prints_d_b_a_c():
    # N = 4, ratio 3: top = (4 - 1) x 3 / 2 = 4.5 -> 4 (half to even); A 4, B 3, C 2, D 1.
    # Round 1 (prev, own value current): A loses to D: A 4 + 0 = 4, D 1 + 4 = 5;
    # B draws C: B 3 + 2/2 = 4, C 2 + 3/2 = 3.5.  A and B tie on 4: the ranking (KFC's
    # RankingCalculator: points, then rating) has A first; KFC's printed table (points to 2
    # decimals, then game points, then rating) has B first: B has 1/2 game point, A none.
    st = compute_history(season(("preset", "kfc"))).last
    assert st.score == {"D": F(5), "A": F(4), "B": F(4), "C": F(7, 2)}
    assert st.order == ("D", "A", "B", "C")  # the ranking: values come from it
    assert st.shown_order == ("D", "B", "A", "C")  # what KFC prints
    assert [(r.place, r.name, r.score) for r in st.rows] == [
        (1, "D", F(5)), (2, "B", F(4)), (3, "A", F(4)), (4, "C", F(7, 2))]
    # values follow the ranking, not the printed order: A (2nd) 3, B (3rd) 2
    assert st.value == {"D": F(4), "A": F(3), "B": F(2), "C": F(1)}


def test_display_order_is_a_setting_any_preset_can_use_and_kfc_can_switch_off():
    assert season(("preset", "kfc")).settings.display_order == DisplayOrder.POINTS_GAMES_RATING
    plain = compute_history(season(("preset", "kfc"), ("display_order", "ranking"))).last
    assert plain.shown_order == plain.order == ("D", "A", "B", "C")
    assert [r.name for r in plain.rows] == ["D", "A", "B", "C"]
    other = compute_history(season(("preset", "keizer"),
                                   ("display_order", "points-games-rating"))).last
    assert [r.name for r in other.rows] == list(other.shown_order)
    with pytest.raises(SettingError):
        parse_setting("display_order", "alphabetical")


def test_points_are_compared_to_two_decimals_then_game_points():
    # a loss bonus x V(D) = 1: with 1/100 A has 4.01, which KFC's printed table sees as more
    # than B's 4.00 (A stays first); with 1/300 A has 4.0033, rounded 4.00 like B: game points
    # decide, B first (B 1/2, A 0)
    st = compute_history(season(("preset", "kfc"), ("loss", "1/100"))).last
    assert st.score["A"] == F(401, 100) and st.shown_order[1:3] == ("A", "B")
    st = compute_history(season(("preset", "kfc"), ("loss", "1/300"))).last
    assert st.score["A"] == F(4) + F(1, 300)
    assert st.order[1:3] == ("A", "B") and st.shown_order[1:3] == ("B", "A")


def test_a_loss_may_be_worth_more_than_a_draw_as_keizerforclubs_allows():
    # KFC's loss bonus goes to 100 %; a draw stays 1/2
    for pct in ("51%", "75%", "100%"):
        assert build_settings([parse_setting("preset", "kfc"),
                               parse_setting("loss", pct)]).loss == F(int(pct[:-1]), 100)
    with pytest.raises(SettingError) as info:  # never more than a win
        build_settings([parse_setting("loss", "1.5")])
    assert "a win must be worth at least a draw and at least a loss" in str(info.value)
