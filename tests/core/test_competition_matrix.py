"""Proof by composition (issue 23 item 4): random seasons over {no groups, 2, 3 groups} x
{no periods, periods} x {no moves, promote/relegate} x {categories} x {min_games} x
{attendance_default absent} x {presets keizer, sevilla, kfc, chesspairing} x {late entrants,
withdrawals}, sampled with a seeded generator.

Everything the test compares against is built HERE from the season's raw data, never by the
competition view (core/competition.py):

* who is in which group in which round: the moves worked out by this test, each boundary's
  ranking taken from the independent reference (tests/support/reference.py) on the group's season as
  this test builds it;
* each part (group, period): the reference (tests/support/cp_reference.py for the chesspairing preset,
  whose start order is the rating order) on the part's raw games, renumbered here;
* each group's season standing: the reference on the group's season built here (a game
  against another group as a club code worth its result's share of the own value);
* each player's record: a count over the raw games.

The pairing that plays the seasons (the program's own, group by group) is checked never to
cross a group.  The fast subset runs on every test run; the larger sample is marked slow.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from support import cp_reference
from support.reference import reference_history

from keizer_xl.core.competition import Competition
from support.competition_cases import (PRESETS, Case, built_group_season, cases, oracle_groups,
                                       part_season, play, raw_record, raw_tpr, reference_order)
from support.loop import examples

# --------------------------------------------------------------------------- the checks

def check_case(case: Case) -> dict[str, int]:
    """Every check on one case; returns what it exercised (moves, games in another group)."""
    season = play(case)
    view = Competition(season)
    k = view.round
    assert k >= 1
    grouped = case.groups > 0
    # who is in which group in every round
    for rnd in range(1, k + 2):
        mine = oracle_groups(season, rnd)
        got = view.groups_in(rnd)
        assert got == mine, (rnd, got, mine)
    # each part (group, period) against the reference on its raw games
    groups = view.groups
    final = oracle_groups(season, max(k, 1))
    # a group's round: the season's, or its own last round with a result (built here)
    group_k = {g: min(k, built_group_season(season, {n for n, x in final.items() if x == g})
                      .last_round_with_results()) if grouped else k for g in groups}
    for p in view.played_periods():
        at_start = oracle_groups(season, p.first)
        for g in groups:
            upto = group_k[g] if p.last is None else min(group_k[g], p.last)
            if upto < p.first:
                continue
            members = {n for n, x in at_start.items() if x == g}
            part = view.part(g, p.number)
            if season.settings.start_ranking == "rating":
                sub = part_season(season, members, p.first, upto,
                                  sorted(members, key=lambda n: -(season.player(n).rating or 0)))
                order, scores = cp_reference.standing(sub, upto - p.first + 1,
                                                      cp_reference.CpOptions())
                assert list(part.keizer.order) == order, (case, g, p)
                assert all(part.keizer.score[n] == scores[n] for n in order), (case, g, p)
            else:
                base = built_group_season(season, members) if grouped else season
                before = p.first - 1
                start = reference_order(base, min(before, base.last_round_with_results())
                                         if before else 0)
                start += [n for n in (q.name for q in base.players) if n not in start]
                assert list(part.start_order)[:len(start)] == start, (case, g, p)
                sub = part_season(season, members, p.first, upto, start)
                ref_order, ref_totals, _ = reference_history(sub, upto - p.first + 1)[-1]
                assert list(part.keizer.order) == list(ref_order), (case, g, p)
                assert {n: part.keizer.score[n] for n in ref_order} == \
                    {n: Fraction(t) for n, t in ref_totals.items()}, (case, g, p)
            # the period's record: all his games of the period, counted on the raw games
            counted = raw_record(season, p.first, upto)
            for row in part.rows:
                assert row.games == counted[row.name][0], (case, g, p, row)
            if p.number == 1 and p.last is None and not case.moves:
                # period 1 = the whole season so far: the part IS the group's standing
                whole = view.standing(g).standing
                assert part.keizer.order == whole.order
                assert part.keizer.score == whole.score
    # each group's season standing against the reference on the group's season built here
    for g in groups:
        gs = view.standing(g)
        members = {n for n, x in final.items() if x == g}
        base = built_group_season(season, members) if grouped else season
        kk = min(k, base.last_round_with_results())
        assert gs.standing.round == kk
        moved_in = case.moves and any(m.target == g for m in view.moves)
        if season.settings.start_ranking == "rating":
            if not moved_in:  # chesspairing has no credit for another group's games
                order, scores = cp_reference.standing(base, kk, cp_reference.CpOptions())
                assert list(gs.standing.order) == order, (case, g)
        else:
            ref_order, ref_totals, _ = reference_history(base, kk)[-1]
            assert list(gs.standing.order) == list(ref_order), (case, g)
            assert gs.standing.score == {n: Fraction(t) for n, t in ref_totals.items()}
        # the record: ALL his games of the season, in whatever group he played them
        mine = raw_record(season, 1, kk)
        for name in gs.standing.order:
            assert gs.standing.games[name] == mine[name][0], (case, name)
            assert gs.records[name].game_points == mine[name][1], (case, name)
            assert gs.records[name].tpr == raw_tpr(season, name, kk), (case, name)
        # min_games on the final standings, from all his games
        if case.min_games and kk >= season.known_rounds():
            assert set(gs.unranked) == {n for n in gs.standing.order
                                        if mine[n][0] < case.min_games}
        # categories: filters of the group's ranking
        for c, names in gs.categories:
            assert set(names) == {n for n in members if c in season.player(n).categories}
    elsewhere = 0  # games a moved player played in his other group, credits in this one
    for m in view.moves:
        g = view.group_of(m.name, max(k, 1))
        elsewhere += sum(1 for a in view.standing(g).season.absences
                         if a.player == m.name and a.code.startswith("="))
    return {"moves": len(view.moves), "elsewhere": elsewhere}


FAST = cases(20, seed=23)
SLOW = cases(examples(300), seed=2323)  # a tenth in the inner loop (support/loop.py)


@pytest.mark.parametrize("case", FAST, ids=lambda c: f"{c.groups}g-{c.preset}-{c.seed}")
def test_random_seasons_compose(case: Case) -> None:
    check_case(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW, ids=lambda c: f"{c.groups}g-{c.preset}-{c.seed}")
def test_random_seasons_compose_large(case: Case) -> None:
    check_case(case)


def test_the_fast_sample_moves_players_who_keep_games_from_another_group() -> None:
    """Not vacuous: players moved, and their games in the other group counted."""
    seen = [check_case(c) for c in FAST if c.moves]
    assert sum(x["moves"] for x in seen) >= 4
    assert sum(x["elsewhere"] for x in seen) >= 4


def test_the_sample_covers_every_value_of_every_dimension() -> None:
    sample = FAST + SLOW
    assert {c.groups for c in FAST} == {0, 2, 3}
    assert {c.preset for c in FAST} == set(PRESETS)
    assert {c.moves for c in FAST} == {True, False}
    for field in ("periods", "categories", "absent_default", "late_and_withdrawn"):
        assert {getattr(c, field) for c in sample} == {True, False}, field
    assert {c.min_games for c in sample} == {0, 5}
