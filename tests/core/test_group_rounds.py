"""Each player's group as the season ends (core/group_rounds.py, issue 23), hand-worked."""
from __future__ import annotations

from support.helpers import season as make_season

from keizer_xl.core.group_rounds import season_end_groups
from keizer_xl.core.model import Player

PLAYERS = [Player(n, rating=2000 - 10 * i, group=n[0].upper())
           for i, n in enumerate(["a1", "a2", "a3", "b1", "b2", "b3"])]
#: two rounds; in each group x1 beats x2 twice, x3 has the bye twice: ranking x1, x3, x2
ROUNDS = [[("a1", "a2", "1-0"), ("b1", "b2", "1-0"), ("bye", "a3"), ("bye", "b3")],
          [("a2", "a1", "0-1"), ("b2", "b1", "0-1"), ("bye", "a3"), ("bye", "b3")]]


def test_without_moves_at_the_end_everyone_ends_where_he_played():
    end = season_end_groups(make_season(PLAYERS, ROUNDS, promote=1, relegate=1,
                                        periods="1, 5"))
    assert end.moves == () and end.at_end == () and end.last == 2
    assert end.groups == {p.name: p.group for p in PLAYERS}


def test_promote_at_season_end_moves_the_best_of_b_up_and_the_worst_of_a_down():
    end = season_end_groups(make_season(PLAYERS, ROUNDS, promote=1, relegate=1,
                                        promote_at_season_end=True))
    # no periods: the season's end is the only boundary, round 3 (after the last round, 2)
    assert [(m.name, m.source, m.target, m.round, m.place, m.up) for m in end.at_end] == [
        ("b1", "B", "A", 3, 1, True), ("a2", "A", "B", 3, 3, False)]
    assert end.moves == end.at_end
    assert end.groups == {"a1": "A", "a2": "B", "a3": "A", "b1": "A", "b2": "B", "b3": "B"}


def test_a_boundary_right_after_the_last_round_counts_as_the_seasons_end():
    """periods 1, 3 in a two-round season: the moves at round 3 are decided by round 2."""
    end = season_end_groups(make_season(PLAYERS, ROUNDS, promote=1, relegate=1,
                                        periods="1, 3"))
    assert {(m.name, m.target) for m in end.at_end} == {("b1", "A"), ("a2", "B")}
    assert end.groups["b1"] == "A" and end.groups["a2"] == "B"
