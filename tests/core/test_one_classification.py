"""The season classified once per run (issue 27 item 1): the engine, the records (game points,
TPR), the round facts of explain and the period standings read one classification; a standing
after an earlier round reads a prefix of it, not a classification of its own."""
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from keizer_xl.analysis.history import round_facts
from keizer_xl.app.standings import compute_period_standings, compute_standings
from keizer_xl.core import performance, scoring
from keizer_xl.core.competition import Competition
from keizer_xl.core.engine.grid import forget_rounds, season_rounds
from support.period_seasons import played_season

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))

import engine_dump

FIELDS = ("kind", "opponent", "white", "result", "code")


@pytest.fixture
def classified(monkeypatch):
    """The seasons scoring.classify is called for, in order (nothing kept from before)."""
    forget_rounds()
    calls = []
    real = scoring.classify
    monkeypatch.setattr(scoring, "classify",
                        lambda season, *a, **k: calls.append(season) or real(season, *a, **k))
    yield calls
    forget_rounds()


@pytest.mark.parametrize("after_round", [None, 8, 3])
def test_a_standings_run_classifies_the_season_once(classified, after_round):
    # a played season with two periods (rounds 1-5, 6-10): the season standing, both periods'
    # standings (each starts from the season ranking before it), every record, TPR and the
    # round facts explain shows, after the last round and after earlier ones
    season = played_season(14, 10, seed=5, periods="1, 6")
    view = Competition(season, after_round)
    report = compute_standings(season, after_round, view=view)
    for number in (1, 2) if view.round >= 6 else (1,):
        compute_period_standings(season, number, after_round, view=view)
    performance.records(season_rounds(season, view.round))
    facts = round_facts(season, view.round)
    assert report.standing.round == view.round
    assert len(facts) == len(season.players)
    # the season itself once; each period is a season of its own (its rounds renumbered)
    assert sum(1 for s in classified if s is season) == 1


def test_fewer_rounds_are_a_prefix_of_the_classification(classified):
    # late entrants, withdrawals (keep and remove), forfeits, absences: every column depends
    # on its round alone, so rounds 1..k of the wider classification are the classification
    # of rounds 1..k
    for raw in ({}, {"withdrawn": "remove"}):
        season = engine_dump.rich_season(12, 7, 3)
        season = replace(season, settings=engine_dump.settings(
            {"code X": "1/4", "code Y": "3 points", **raw}))
        wide = season_rounds(season, 7)
        for k in range(7):
            prefix = season_rounds(season, k)
            assert prefix is season_rounds(season, k)
            direct = scoring.classify(season, None, k)
            assert prefix.last == direct.last == k
            for name in FIELDS:
                assert np.array_equal(getattr(prefix, name), getattr(direct, name)), (raw, k)
        assert wide.last == 7
    # per season: one classification of 7 rounds, then the direct ones the test asked for
    assert len(classified) == 2 * (1 + 7)


def test_the_shared_classification_is_read_only(classified):
    season = replace(engine_dump.rich_season(8, 4, 1), settings=engine_dump.settings(
        {"code X": "1/4", "code Y": "3 points"}))
    rounds = season_rounds(season)
    for name in FIELDS:
        with pytest.raises(ValueError):
            getattr(rounds, name)[0, 0] = 0
