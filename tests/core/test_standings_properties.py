"""Hypothesis properties of the standings engine on random seasons."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from keizer_xl.core.model import Result
from keizer_xl.core.engine import compute_history

from support.reference import reference_history
from support.season_strategies import seasons
from support.loop import examples

FAST = hsettings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seasons())
def test_engine_agrees_with_the_naive_reference(season):
    """Every standing, also rounds that cycle (averaged over the cycle) or stop at max_passes."""
    hist = compute_history(season)
    k = season.last_round_with_results()
    ref = reference_history(season, k)
    for r in range(1, k + 1):
        order, totals, converged = ref[r - 1]
        st_r = hist.after(r)
        assert list(st_r.order) == order, f"round {r}"
        assert st_r.score == totals, f"round {r}"
        assert st_r.converged is converged, f"round {r}"


@FAST
@given(seasons(), st.randoms(use_true_random=False))
def test_row_order_of_results_never_changes_the_outcome(season, rnd):
    games = list(season.games)
    rnd.shuffle(games)
    absences = list(season.absences)
    rnd.shuffle(absences)
    shuffled = replace(season, games=tuple(games), absences=tuple(absences))
    a, b = compute_history(season), compute_history(shuffled)
    for x, y in zip(a.standings, b.standings, strict=True):
        assert x.order == y.order and x.score == y.score and x.value == y.value


@FAST
@given(seasons(methods=("converge",)))
def test_converge_always_terminates_within_max_passes(season):
    for st_r in compute_history(season).standings[1:]:
        assert 1 <= st_r.passes <= season.settings.max_passes
        assert st_r.converged or st_r.note


@FAST
@given(seasons(methods=("prev",)))
def test_prev_values_a_win_over_the_same_player_the_same_in_every_round(season):
    hist = compute_history(season)
    k = season.last_round_with_results()
    st_k = hist.after(k)
    wins: dict[tuple[str, str], set] = {}
    for g in season.games:
        if g.result is Result.WHITE_WINS and g.white in st_k.round_points:
            wins.setdefault((g.white, g.black), set()).add(st_k.round_points[g.white][g.round - 1])
    for pair, worth in wins.items():
        assert len(worth) == 1, pair


@FAST
@given(seasons())
def test_totals_are_own_value_plus_round_points(season):
    st_k = compute_history(season).last
    for name in st_k.order:
        assert st_k.score[name] == st_k.own_points[name] + sum(st_k.round_points[name])
