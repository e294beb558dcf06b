"""Hypothesis properties of the standings engine on random seasons."""
from dataclasses import replace

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season, validate
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import compute_history

from reference import reference_history

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_FORFEIT,
           Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT, Result.ADJOURNED]


@st.composite
def seasons(draw, methods=("prev", "frozen", "converge")):
    n = draw(st.integers(2, 9))
    names = [f"P{i}" for i in range(n)]
    ratings = draw(st.lists(st.sampled_from([None, 1500, 1600, 1700]), min_size=n, max_size=n))
    rounds = draw(st.integers(1, 6))
    # Start for some players (a permutation of places), Joined and withdrawals for others
    starts = draw(st.permutations(range(1, n + 1)))
    has_start = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    joined = draw(st.lists(st.sampled_from([1, 1, 1, 2, 3]), min_size=n, max_size=n))
    left = draw(st.lists(st.sampled_from([None, None, None, 2, 3, 4]), min_size=n, max_size=n))
    players = []
    for i, nm in enumerate(names):
        j = min(joined[i], rounds)
        w = left[i] if left[i] is not None and left[i] > j else None
        if i < 2:  # two players stay all season, so every round can have a game
            j, w = 1, None
        players.append(Player(nm, rating=ratings[i], start=starts[i] if has_start[i] else None,
                              joined=j, withdrawn_round=w))
    players = tuple(players)
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        members = [p.name for p in players if p.is_member(r) and not p.is_withdrawn(r)]
        order = draw(st.permutations(members))
        absent = draw(st.integers(0, max(0, len(order) - 2)))
        present, away = list(order[absent:]), order[:absent]
        for name in away:
            absences.append(Absence(r, name, draw(st.sampled_from("EUC"))))
        if len(present) % 2:
            byes.append(Bye(r, present.pop()))
        for w, b in zip(present[::2], present[1::2], strict=True):
            games.append(Game(r, w, b, draw(st.sampled_from(RESULTS))))
    raw = {
        "recalculation": draw(st.sampled_from(methods)),
        "own_value": draw(st.sampled_from(["current", "start", "none"])),
        "top_value": draw(st.sampled_from(["1.5N", "N", "2N", "ratio 3", "50", "100"])),
        "tied_share_value": draw(st.sampled_from(["no", "yes"])),
        "loss": draw(st.sampled_from(["0", "1/6"])),
        "tiebreak": draw(st.sampled_from(["previous, rating, start", "rating, start", "name"])),
        "withdrawn": draw(st.sampled_from(["keep", "remove"])),
        "absence_max": draw(st.sampled_from(["none", "1", "2"])),
    }
    if draw(st.booleans()):
        raw["bottom_value"] = "1"
    if raw["recalculation"] == "converge":
        raw["max_passes"] = draw(st.sampled_from(["3", "50"]))
    s = build_settings([parse_setting(k, v) for k, v in raw.items()])
    # every round has at least one game, so every round counts as a round with results
    if not games or {g.round for g in games} != set(range(1, rounds + 1)):
        games = list(games) + [Game(r, names[0], names[1], Result.DRAW)
                                      for r in range(1, rounds + 1)
                                      if r not in {g.round for g in games}]
        busy = {(g.round, x) for g in games for x in (g.white, g.black)}
        absences = [a for a in absences if (a.round, a.player) not in busy]
        byes = [b for b in byes if (b.round, b.player) not in busy]
        # a player pulled into a filler game may have left his own opponent alone
        seen = {}
        clean = []
        for g in games:
            if (g.round, g.white) in seen or (g.round, g.black) in seen:
                continue
            seen[(g.round, g.white)] = seen[(g.round, g.black)] = True
            clean.append(g)
        games = clean
    season = Season(players=players, games=tuple(games), byes=tuple(byes),
                    absences=tuple(absences), settings=s)
    assert not validate(season)
    return season


FAST = hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
