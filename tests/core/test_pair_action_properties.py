"""Properties of the pair action on simulated seasons (absences, late entrants, withdrawals)."""
import networkx as nx
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from keizer_xl.app.pair import plan_pairing
from keizer_xl.core.pairing import History, may_meet
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.analysis.simulate import simulate_season
from support.loop import examples


def present_by_the_contract(season, rnd):
    """Who plays round ``rnd``, worked out from the season's data alone (not by the engine's
    own ``present_players``, which would make the engine its own oracle; issue 15): a member
    from his Joined round on, not yet withdrawn, with no attendance code in that round
    (WORKBOOK-CONTRACT.md, Attendance: blank = present; KEIZER-RULES.md section 5)."""
    away = {a.player for a in season.absences if a.round == rnd}
    present = [p.name for p in season.players
               if p.joined <= rnd and (p.withdrawn_round is None or rnd < p.withdrawn_round)
               and p.name not in away]
    return present, away


def test_the_oracle_sees_an_absence_a_late_entrant_and_a_withdrawal():
    from keizer_xl.core.model import Absence, Player, Season

    season = Season(players=(Player("A"), Player("B", joined=3), Player("C", withdrawn_round=2),
                             Player("D")), absences=(Absence(2, "D", "E"),))
    assert present_by_the_contract(season, 2) == (["A"], {"D"})
    assert present_by_the_contract(season, 3)[0] == ["A", "B", "D"]


@hsettings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 24), rounds=st.integers(0, 8), seed=st.integers(0, 10_000),
       pairing=st.sampled_from(["keizer", "geel"]), gap=st.sampled_from(["never", "0", "2"]))
def test_pairing_covers_exactly_the_present_players(n, rounds, seed, pairing, gap):
    settings = build_settings([parse_setting("pairing", pairing), parse_setting("rematch_gap", gap)])
    season = simulate_season(n, rounds, settings, seed=seed, absence_rate=0.2,
                             late=1 if n > 3 else 0, withdrawn=1 if n > 4 else 0)
    rnd = season.known_rounds() + 1
    present, absent = present_by_the_contract(season, rnd)
    if len(present) < 2:
        return
    report = plan_pairing(season, rnd)
    p = report.pairing
    seated = [x for b in p.boards for x in (b.white, b.black)] + ([p.bye] if p.bye else [])
    assert sorted(seated) == sorted(present)  # every present player exactly once
    assert (p.bye is not None) == (len(present) % 2 == 1)  # at most one bye, only when odd
    assert not set(seated) & set(absent)
    for name in seated:  # never a player who has not joined or has withdrawn
        player = season.player(name)
        assert player.is_member(rnd) and not player.is_withdrawn(rnd)
    # a rematch only when no rematch-free complete pairing exists
    history = History.from_season(season, rnd)
    rematches = [b for b in p.boards if not may_meet(history, season.settings, b.white, b.black)]
    if rematches:
        g = nx.Graph()
        g.add_nodes_from(present)
        g.add_edges_from((a, b) for i, a in enumerate(present) for b in present[i + 1:]
                         if may_meet(history, season.settings, a, b))
        if len(present) % 2:
            g.add_edges_from(("*bye*", a) for a in present)
        size = len(nx.max_weight_matching(g, maxcardinality=True))
        assert 2 * size < len(present) + len(present) % 2
        assert len(p.notes) >= len(rematches)
