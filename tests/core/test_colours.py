"""Colour rules of KEIZER-RULES.md section 6 (keizer_xl.core.colours), tie-break chains by hand."""
from __future__ import annotations

import hashlib

import pytest

from keizer_xl.core.colours import choose_colours, colour_history, limit_problems, rule_choice, seeded_draw
from keizer_xl.core.model import Bye, Game, Player, Result, Season
from keizer_xl.core.rules import build_settings


def settings(**kw):
    return build_settings(list(kw.items()))


def choice(rule, ha, hb, *, season="S", rnd=5):
    """(white, black) for a (higher-ranked) vs b with histories given as strings like 'WWB'."""
    return rule_choice("a", "b", tuple(ha), tuple(hb), settings(colours=rule, season=season), rnd)


A_WHITE = ("a", "b")
B_WHITE = ("b", "a")


# --------------------------------------------------------------------------- history

def test_history_counts_only_over_the_board_games_with_a_result_in_round_order():
    season = Season(
        players=tuple(Player(n) for n in "ABCD"),
        games=(
            Game(3, "A", "B", Result.WHITE_WINS),
            Game(1, "B", "A", Result.DRAW),
            Game(2, "A", "C", Result.WHITE_FORFEIT),  # forfeit: no colour played
            Game(4, "D", "A", Result.PENDING),  # not played (yet)
            Game(5, "C", "A", Result.ADJOURNED),  # started over the board: counts
            Game(6, "A", "D", Result.BLACK_WINS),  # round 6 is not before round 6
        ),
        byes=(Bye(2, "D"),),
    )
    h = colour_history(season, 6)
    assert h["A"] == ("B", "W", "B")
    assert h["B"] == ("W", "B")
    assert h["C"] == ("W",)
    assert "D" not in h


# --------------------------------------------------------------------------- keizer

def test_keizer_lower_white_share_gets_white():
    assert choice("keizer", "WW", "B") == B_WHITE
    assert choice("keizer", "B", "WW") == A_WHITE
    # 2/3 against 1: exact shares, not counts (a had more Whites but a lower share)
    assert choice("keizer", "WWB", "W") == A_WHITE


def test_keizer_no_games_counts_as_fifty_percent():
    assert choice("keizer", "", "W") == A_WHITE
    assert choice("keizer", "", "B") == B_WHITE
    # 50 % against 50 %, a has no last game: the higher-ranked gets White
    assert choice("keizer", "", "WB") == A_WHITE
    assert choice("keizer", "BW", "") == A_WHITE


def test_keizer_equal_share_different_last_colours_swap():
    assert choice("keizer", "WB", "BW") == A_WHITE  # a had Black last
    assert choice("keizer", "BW", "WB") == B_WHITE  # b had Black last
    assert choice("keizer", "BWBW", "WB") == B_WHITE


def test_keizer_equal_share_same_last_colour_higher_ranked_white():
    assert choice("keizer", "WB", "WB") == A_WHITE
    assert choice("keizer", "", "") == A_WHITE
    assert choice("keizer", "BW", "WBBW") == A_WHITE


# --------------------------------------------------------------------------- lower-white

def test_lower_white_fewer_white_minus_black_gets_white():
    assert choice("lower-white", "WW", "W") == B_WHITE
    assert choice("lower-white", "B", "") == A_WHITE
    # counts, not shares: a 3 W 2 B (+1) against b 1 W 0 B (+1) is equal
    assert choice("lower-white", "WWWBB", "W") == B_WHITE
    assert choice("lower-white", "WWWBB", "WW") == A_WHITE


def test_lower_white_equal_lower_ranked_gets_white():
    assert choice("lower-white", "", "") == B_WHITE
    assert choice("lower-white", "WB", "BW") == B_WHITE


# --------------------------------------------------------------------------- balance

def test_balance_furthest_from_zero_comes_back():
    assert choice("balance", "WW", "B") == B_WHITE  # +2 vs -1: a gets Black
    assert choice("balance", "WW", "W") == B_WHITE  # +2 vs +1: a gets Black, b pays
    assert choice("balance", "BB", "W") == A_WHITE
    assert choice("balance", "BB", "B") == A_WHITE  # -2 vs -1: a gets White
    assert choice("balance", "", "W") == A_WHITE  # 0 vs +1: b gets Black
    assert choice("balance", "WB", "B") == B_WHITE  # 0 vs -1: b gets White


def test_balance_equally_far_opposite_sides_both_come_back():
    assert choice("balance", "W", "B") == B_WHITE
    assert choice("balance", "BBW", "WWB") == A_WHITE


def test_balance_same_side_longer_run_switches():
    # both +1; a has WW at the end (run 2), b one W: a switches to Black
    assert choice("balance", "BWW", "WBW") == B_WHITE
    # both +1; b's run of 2 Whites is longer than a's single Black: b switches
    assert choice("balance", "WWB", "BWW") == A_WHITE
    # both 0; a has BB at the end, b one W
    assert choice("balance", "WWBB", "BW") == A_WHITE
    # both 0, a no games (run 0) and b run 1 White: b switches
    assert choice("balance", "", "BW") == A_WHITE


def test_balance_equal_runs_go_back_to_last_difference():
    # +1 both, runs 1 both; from the end: W/W, B/B, W/B -> a had W there, gets Black
    assert choice("balance", "BWWBW", "WWBBW") == B_WHITE
    assert choice("balance", "WWBBW", "BWWBW") == A_WHITE
    # aligned game by game from the end even with different lengths
    # a: B W, b: W B B W (both 0, runs 1): W/W, then B/B, then a has no more games: the
    # histories agree as far as they go, which counts as identical -> seeded draw
    expected = A_WHITE if seeded_draw("S", 5, "a", "b") else B_WHITE
    assert choice("balance", "BW", "WBBW") == expected


def test_balance_identical_histories_seeded_draw():
    results = set()
    for season in ("2024-2025", "2025-2026", "club", "X", "Y", "Z", "autumn", "spring"):
        got = choice("balance", "WB", "WB", season=season)
        want = A_WHITE if seeded_draw(season, 5, "a", "b") else B_WHITE
        assert got == want
        assert choice("balance", "WB", "WB", season=season) == got  # deterministic
        results.add(got)
    assert results == {A_WHITE, B_WHITE}  # it really is a draw, not a fixed side


def test_seeded_draw_is_sha256_of_season_round_names():
    for season, rnd in (("S", 1), ("2024", 7), ("club", 12)):
        digest = hashlib.sha256(f"{season}|{rnd}|Ann|Bob".encode()).digest()
        assert seeded_draw(season, rnd, "Ann", "Bob") == (digest[0] % 2 == 0)


# --------------------------------------------------------------------------- geel

def test_geel_most_extreme_share_closest_to_half():
    # a 1/1 White, b 0/1: a-b gives 2/2 and 0/2 (both 1/2 off), b-a gives 1/2 and 1/2
    assert choice("geel", "W", "B") == B_WHITE
    # a WWB, b WB: a White -> 3/4 (1/4 off); b White -> 2/3 and 2/4 (1/6 off)
    assert choice("geel", "WWB", "WB") == B_WHITE
    assert choice("geel", "WB", "WWB") == A_WHITE


def test_geel_equal_extremes_compare_the_other_share():
    # a none, b W: a-b -> 1/1 and 1/2 (1/2, 0); b-a -> 0/1 and 2/2 (1/2, 1/2)
    assert choice("geel", "", "W") == A_WHITE
    assert choice("geel", "", "B") == B_WHITE


def test_geel_uses_exact_fractions_then_alternation():
    # a none, b BW: a-b -> 1/1 and 1/3; b-a -> 0/1 and 2/3: exactly equal (1/2, 1/6); in
    # floats 1/3 and 2/3 are not equally far from 0.5 and noise would give b White.
    # Exact: a tie, so alternation: b had White last and gets Black.
    assert choice("geel", "", "BW") == A_WHITE
    assert choice("geel", "", "WB") == B_WHITE


def test_geel_alternation_with_both_histories():
    # a B, b W: the shares decide before alternation (a-b: 1/2 and 1/2; b-a: 2/2 and 0/2)
    assert choice("geel", "B", "W") == A_WHITE
    # a real tie: a WB, b BW -> a-b: 2/3, 1/3; b-a: 1/3, 2/3 -> tie; a had B last
    assert choice("geel", "WB", "BW") == A_WHITE
    assert choice("geel", "BW", "WB") == B_WHITE


def test_geel_full_tie_seeded_draw():
    outcomes = set()
    for season in ("a", "b", "c", "d", "e", "f", "g", "h"):
        want = A_WHITE if seeded_draw(season, 5, "a", "b") else B_WHITE
        assert choice("geel", "", "", season=season) == want
        assert choice("geel", "W", "W", season=season) == want  # same last colour: no help
        outcomes.add(want)
    assert outcomes == {A_WHITE, B_WHITE}


# --------------------------------------------------------------------------- limits

def test_limit_same_colour_in_row_swaps_when_the_other_way_is_fine():
    s = settings(colours="keizer", max_same_colour_in_row=2)
    # keizer: a (1/2) has a lower share than b (3/4) -> a White, but a had WW
    hist = {"a": tuple("BBWW"), "b": tuple("WWWB")}
    white, black, notes = choose_colours("a", "b", hist, s, 5)
    assert (white, black) == ("b", "a")
    assert len(notes) == 1 and "swapped" in notes[0] and "a would have White 3 times in a row" in notes[0]
    # without the limit the rule's choice stands, silently
    assert choose_colours("a", "b", hist, settings(colours="keizer"), 5) == ("a", "b", ())


def test_limit_broken_both_ways_keeps_rule_choice_with_note():
    s = settings(colours="keizer", max_same_colour_in_row=2)
    hist = {"a": tuple("BBWW"), "b": tuple("BWWW")}
    white, black, notes = choose_colours("a", "b", hist, s, 5)
    assert (white, black) == ("a", "b")
    assert len(notes) == 1 and notes[0].startswith("Colour limit broken: a - b")


def test_limit_colour_difference():
    s = settings(colours="keizer", max_colour_difference=2)
    # a 4 W 6 B (share 2/5, -2), b 1 W 2 B (1/3, -1): keizer gives b White, a Black -> a -3
    hist = {"a": tuple("WWWWBBBBBB"), "b": tuple("WBB")}
    assert rule_choice("a", "b", hist["a"], hist["b"], s, 5) == ("b", "a")
    white, black, notes = choose_colours("a", "b", hist, s, 5)
    assert (white, black) == ("a", "b")
    assert "colour difference of -3" in notes[0]
    # limit 0: every game breaks it, both ways: keep the rule's choice, say so
    s0 = settings(colours="keizer", max_colour_difference=0)
    white, black, notes = choose_colours("a", "b", {}, s0, 1)
    assert (white, black) == ("a", "b") and notes[0].startswith("Colour limit broken")


def test_limit_problems_lists_each_player():
    s = settings(max_same_colour_in_row=1, max_colour_difference=1)
    problems = limit_problems("x", "y", tuple("W"), tuple("BB"), s)
    assert problems == [
        "x would have White 2 times in a row (max_same_colour_in_row 1)",
        "x would have a colour difference of +2 (max_colour_difference 1)",
        "y would have Black 3 times in a row (max_same_colour_in_row 1)",
        "y would have a colour difference of -3 (max_colour_difference 1)",
    ]


def test_unknown_rule_is_an_error():
    from dataclasses import replace

    # the choice is a ColourRule: an unknown word is refused when the Settings are made
    with pytest.raises(ValueError, match="'random' is not a valid ColourRule"):
        replace(settings(), colours="random")
