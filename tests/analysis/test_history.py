"""History, crosstable, explanation, audit and comparison tables (issue 5), without files."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from support.helpers import history_frame, season
from keizer_xl.analysis.audit import audit_lines, audit_season
from keizer_xl.analysis.compare import compare_methods
from keizer_xl.analysis.explain import PlayerNotFound, explain_all, explain_player, find_player
from keizer_xl.analysis.history import number_text, round_facts, signed_text
from keizer_xl.sheets.frames import (audit_frames, compare_frames, crosstable_frame, explain_frames,
                                     rank_progression)
from keizer_xl.core.model import Game
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.numbers import display
from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.core.engine import compute_history

KEIZER_PLAYERS = ["Jansen", "Pietersen", "Bakker", "Slager", "de Vries", "de Zeeuw", "de Jonge",
                  "de Oude", "de Wit", "de Bruin"]


@pytest.fixture(scope="module")
def keizer_1956():
    """KEIZER-RULES.md section 10: Keizer's own example, two rounds, top 50, step 1."""
    return season(KEIZER_PLAYERS, [
        [("Jansen", "Pietersen", "1-0"), ("Bakker", "Slager", "½-½"),
         ("de Vries", "de Zeeuw", "0-1"), ("de Jonge", "de Oude", "½-½"),
         ("de Wit", "de Bruin", "0-1")],
        [("de Zeeuw", "Jansen", "1-0"), ("de Bruin", "Bakker", "1-0"),
         ("Slager", "de Jonge", "½-½"), ("de Oude", "Pietersen", "0-1"),
         ("de Vries", "de Wit", "½-½")],
    ], top_value=50)


@pytest.fixture(scope="module")
def simulated():
    """A small season with every absence kind, a club code, a late entrant and a withdrawal."""
    settings = build_settings([parse_setting("code T", "1/2"), parse_setting("season", "Test")])
    return simulate_season(12, 6, settings, seed=7, late=1, withdrawn=1)


# --------------------------------------------------------------------------- History

def test_history_of_keizers_example_is_his_published_table(keizer_1956):
    frame = history_frame(compute_history(keizer_1956))
    assert list(frame.columns) == ["Round", "Rank", "Name", "Score", "Value"]
    assert len(frame) == 20
    r1 = frame[frame.Round == 1]
    assert list(r1.Name) == ["Jansen", "de Zeeuw", "de Bruin", "Bakker", "Slager", "de Jonge",
                             "de Oude", "Pietersen", "de Vries", "de Wit"]
    assert list(r1.Score) == [99, 91, 83, 71.5, 71, 65.5, 65, 49, 46, 42]
    assert list(r1.Rank) == list(range(1, 11))
    assert list(r1.Value) == list(range(50, 40, -1))
    r2 = frame[frame.Round == 2]
    assert list(zip(r2.Name, r2.Score, strict=True)) == [
        ("de Zeeuw", 141), ("de Bruin", 136), ("Jansen", 93), ("Slager", 92), ("de Jonge", 90),
        ("Pietersen", 87), ("Bakker", 70), ("de Oude", 66.5), ("de Vries", 62.5), ("de Wit", 62)]


@pytest.mark.parametrize("raw", [{}, {"recalculation": "converge"}, {"recalculation": "frozen"},
                                 {"tied_share_value": "yes", "top_value": "N"},
                                 {"withdrawn": "remove"}, {"preset": "knsb-sixths"}])
def test_history_rows_are_the_standings_after_each_round(simulated, raw):
    settings = build_settings([parse_setting(k, v) for k, v in
                               [("code T", "1/2"), *raw.items()]])
    s = replace(simulated, settings=settings)
    history = compute_history(s)
    frame = history_frame(history)
    last = s.last_round_with_results()
    assert sorted(set(frame.Round)) == list(range(1, last + 1))
    for k in range(1, last + 1):
        alone = compute_history(s, k).after(k)  # what `standings --after-round k` computes
        rows = frame[frame.Round == k]
        assert list(rows.Name) == list(alone.order)
        assert list(rows.Rank) == list(alone.places)
        assert list(rows.Score) == [display(alone.score[n]) for n in alone.order]
        assert list(rows.Value) == [display(alone.value[n]) for n in alone.order]


def test_rank_progression_follows_the_top_eight(simulated):
    history = compute_history(simulated)
    wide = rank_progression(history)
    frame = history_frame(history)
    top = list(history.last.order[:8])
    assert list(wide.columns) == ["After round", *top]
    for row in wide.itertuples(index=False, name=None):
        rnd, *ranks = row
        for name, rank in zip(top, ranks, strict=True):
            hit = frame[(frame.Round == rnd) & (frame.Name == name)]
            assert list(hit.Rank) == [rank]


# --------------------------------------------------------------------------- Crosstable

def test_crosstable_of_keizers_example(keizer_1956):
    cross = crosstable_frame(keizer_1956, compute_history(keizer_1956))
    assert list(cross.columns) == ["Rank", "Name", *map(str, range(1, 11))]
    assert list(cross.Name) == ["de Zeeuw", "de Bruin", "Jansen", "Slager", "de Jonge",
                                "Pietersen", "Bakker", "de Oude", "de Vries", "de Wit"]
    row = cross.set_index("Name")
    # Jansen (3rd) beat Pietersen (6th) with White: the rules' "now worth 43" (Pietersen's
    # place-8 value after round 1), and lost with Black to de Zeeuw (1st), worth 0
    assert row.loc["Jansen", "6"] == "W 1 (43)"
    assert row.loc["Jansen", "1"] == "B 0 (0)"
    assert row.loc["Pietersen", "3"] == "B 0 (0)"
    assert row.loc["Bakker", "4"] == "W ½ (23)"  # Slager, value 46 after round 1
    assert row.loc["Jansen", "3"] is None  # himself
    assert row.loc["Jansen", "Rank"] == 3
    filled = sum(v is not None for v in cross.iloc[:, 2:].to_numpy().ravel())
    assert filled == 20  # 10 games, two cells each


def test_crosstable_joins_rematches_and_marks_forfeits():
    s = season(["A", "B", "C", "D"], [
        [("A", "B", "1-0"), ("C", "D", "0-1F")],
        [("B", "A", "½-½"), ("D", "C", "adj")],
    ], rematch_gap=0)
    cross = crosstable_frame(s, compute_history(s)).set_index("Name")
    order = list(cross.index)
    col = {n: str(i) for i, n in enumerate(order, 1)}
    assert cross.loc["A", col["B"]].startswith("W 1 (")
    assert " / B ½ (" in cross.loc["A", col["B"]]
    assert cross.loc["D", col["C"]].split(" / ")[0].startswith("B 1F (")
    assert cross.loc["C", col["D"]].split(" / ")[1].startswith("B adj (")


def test_crosstable_is_consistent_with_the_latest_points(simulated):
    history = compute_history(simulated)
    cross = crosstable_frame(simulated, history).set_index("Name")
    col = {n: str(i) for i, n in enumerate(cross.index, 1) if n in history.last.order}
    pts = history.last.round_points
    for g in simulated.games:
        if g.round > history.last.round:
            continue
        for me, opp, colour in ((g.white, g.black, "W"), (g.black, g.white, "B")):
            if opp not in col or me not in pts:
                continue
            cell = cross.loc[me, col[opp]]
            assert f"{colour} " in cell
            assert f"({number_text(pts[me][g.round - 1])})" in cell


# --------------------------------------------------------------------------- Explain

def _drop_season():
    """Bram beats Anna in round 1; Anna then loses everything and sinks, so in round 3 Bram's
    win is worth 4 less, and although Bram wins again he drops three places."""
    return season(["Anna", "Bram", "Carla", "Daan", "Eva", "Finn", "Gijs", "Hanna"], [
        [("Anna", "Bram", "0-1"), ("Carla", "Daan", "0-1"), ("Eva", "Finn", "½-½"),
         ("Gijs", "Hanna", "½-½")],
        [("Bram", "Hanna", "0-1"), ("Anna", "Carla", "0-1"), ("Daan", "Eva", "0-1"),
         ("Finn", "Gijs", "1-0")],
        [("Anna", "Daan", "0-1"), ("Bram", "Gijs", "1-0"), ("Carla", "Eva", "1-0"),
         ("Finn", "Hanna", "1-0")],
    ])


def test_rank_drop_after_a_win_is_explained_word_for_word():
    s = _drop_season()
    e = explain_player(s, compute_history(s), "Bram")
    assert e.text == (
        "Bram fell 3 places after round 3, from rank 2 to rank 5.\n"
        "Keizer points: 22 (unchanged).\n"
        "+5 for round 3: won with White against Gijs.\n"
        "-4 for round 1 (won with Black against Anna): worth 6 instead of 10 (after round 2), "
        "because Anna sank "
        "from value 10 to 6.\n"
        "-1 for the own value: 11 instead of 12.\n"
        "Overtaken by Finn (+11.5), Carla (+8) and Hanna (+3.5).")
    assert (e.rank_before, e.rank_now) == (2, 5)
    assert [(ln.round, ln.then, ln.now) for ln in e.results] == [
        (1, Fraction(12), Fraction(6)), (2, Fraction(0), Fraction(0)), (3, Fraction(5), Fraction(5))]


def test_explanation_of_an_absence_and_a_bye_word_for_word():
    s = season(["A", "B", "C", "D", "E"], [
        [("A", "B", "1-0"), ("C", "D", "0-1"), ("bye", "E")],
        [("B", "D", "1-0"), ("E", "C", "0-1")],
    ], absences=[(2, "A", "E")])
    h = compute_history(s)  # top 1.5N = 8 for 5 players
    assert explain_player(s, h, "A").text == (
        "A stayed at rank 1 after round 2.\n"
        "Keizer points: 16.67 (was 15, +1.67).\n"
        "+2.67 for round 2: absent, excused (E).\n"
        "-1 for round 1 (won with White against B): worth 6 instead of 7 (after round 1), "
        "because B sank from value 7 to 6.")
    bye = explain_player(s, h, "E")
    assert bye.text == (
        "E fell 1 place after round 2, from rank 4 to rank 5.\n"
        "Keizer points: 8.33 (was 6.67, +1.67).\n"
        "0 for round 2: lost with White against C.\n"
        "+0.67 for round 1 (bye): worth 3.33 instead of 2.67 (after round 1), "
        "because the own value rose.\n"
        "+1 for the own value: 5 instead of 4.\n"
        "Overtaken by C (+3).")
    assert bye.results[0].then == Fraction(2, 3) * 4  # 2/3 of his start value 4
    first = season(["A", "B"], [[("B", "A", "1-0")]])
    assert explain_player(first, compute_history(first), "B").lines[0] == \
        "B rose 1 place after round 1, from start rank 2 to rank 1."


def test_explanation_terms_add_up_exactly(simulated):
    for raw in ({}, {"recalculation": "converge"}, {"recalculation": "frozen"}, {"own_value": "start"}):
        settings = build_settings([parse_setting(k, v) for k, v in [("code T", "1/2"), *raw.items()]])
        s = replace(simulated, settings=settings)
        h = compute_history(s)
        k = h.last.round
        prev = h.after(k - 1)
        points = [st.round_points for st in h.standings]
        for e in explain_all(s, h):
            if e.rank_now is None:
                continue
            name = e.name
            new = points[k][name][k - 1]
            reval = sum((points[k][name][r] - points[k - 1][name][r] for r in range(k - 1)), Fraction(0))
            own = (h.last.score[name] - sum(points[k][name])) - (prev.score[name] - sum(points[k - 1][name]))
            assert new + reval + own == e.score_now - e.score_before
            # every non-zero term has its sentence
            stated = sum(1 for line in e.lines if " for round " in line or " for the own value" in line)
            terms = 1 + sum(1 for r in range(k - 1) if points[k][name][r] != points[k - 1][name][r]) \
                + (own != 0)
            assert stated == terms, e.text
            assert e.lines[0].startswith(name)


def test_explain_frames_cover_every_player_and_round(simulated):
    h = compute_history(simulated)
    summary, detail = explain_frames(simulated, h)
    assert list(summary.Name)[: len(h.last.order)] == list(h.last.order)
    assert len(summary) == len(simulated.players)
    facts = round_facts(simulated, h.last.round)
    assert len(detail) == sum(len(f) for f in facts.values())
    row = detail[(detail.Name == h.last.order[0]) & (detail.Round == h.last.round)].iloc[0]
    assert row["Worth now"] == row["Worth then"]  # the latest round: played = now


def test_find_player_forgives_case_and_suggests():
    s = _drop_season()
    assert find_player(s, "  bRAM ") == "Bram"
    with pytest.raises(PlayerNotFound, match="did you mean Bram"):
        find_player(s, "Brams")


def test_number_texts():
    assert number_text(Fraction(43)) == "43"
    assert number_text(Fraction(43, 2)) == "21.5"
    assert number_text(Fraction(43, 3)) == "14.33"
    assert signed_text(Fraction(-1, 3)) == "-0.33"
    assert signed_text(Fraction(0)) == "0"


# --------------------------------------------------------------------------- Audit

def test_audit_of_an_engine_paired_season_finds_nothing(simulated):
    audits = audit_season(simulated, compute_history(simulated))
    assert [a.round for a in audits] == simulated.paired_rounds()
    assert all(a.same and not a.colours for a in audits), audit_lines(audits)


def test_audit_reports_a_manually_altered_pairing(simulated):
    r = 4
    games = [g for g in simulated.games if g.round == r]
    g1, g2 = games[0], games[1]
    # the leader swapped two opponents and flipped the colours of a third board
    altered = [Game(r, g1.white, g2.black, g1.result, g1.board),
               Game(r, g2.white, g1.black, g2.result, g2.board),
               Game(r, games[2].black, games[2].white, games[2].result, games[2].board)]
    others = [g for g in simulated.games if not (g.round == r and g in games[:3])]
    s = replace(simulated, games=tuple(others + altered))
    audits = {a.round: a for a in audit_season(s, compute_history(s))}
    a = audits[r]
    assert not a.same and a.verdict_in("en") == "2 pairs differ, 1 colour differs"
    assert set(a.only_recorded) == {(g1.white, g2.black), (g2.white, g1.black)}
    assert set(a.only_engine) == {(g1.white, g1.black), (g2.white, g2.black)}
    assert a.colours == (((games[2].black, games[2].white), (games[2].white, games[2].black)),)
    summary, diff = audit_frames(list(audits.values()))
    assert list(diff[diff.Round == r].What) == ["pairs", "colours"]
    assert summary.set_index("Round").loc[r, "Different pairs"] == 2
    # earlier rounds are untouched
    assert all(audits[q].same for q in audits if q < r)


def test_audit_reports_a_different_bye():
    s = season(["A", "B", "C"], [[("A", "B", "1-0"), ("bye", "C")]])
    assert audit_season(s, compute_history(s))[0].same
    s2 = season(["A", "B", "C"], [[("A", "C", "1-0"), ("bye", "B")]])
    a = audit_season(s2, compute_history(s2))[0]
    assert (a.bye_recorded, a.bye_engine) == ("B", "C")
    assert "bye differs" in a.verdict_in("en")


# --------------------------------------------------------------------------- Compare

def test_compare_methods_and_presets(simulated):
    c = compare_methods(simulated)
    frame, summary = compare_frames(c)
    labels = ["Season", "prev", "frozen", "converge", "keizer", "sevilla", "knsb-sixths",
              "frozen-fixed"]
    assert list(frame.columns) == ["Name", *labels]
    h = compute_history(simulated)
    ranked = frame.iloc[: len(h.last.order)]
    assert list(ranked.Name) == list(h.last.order)
    assert list(ranked.Season) == list(h.last.places)
    assert list(ranked.prev) == list(ranked.Season)  # the season uses prev
    for label in labels:
        other = compute_history(replace(simulated, settings=c.variants[labels.index(label)].settings))
        place = dict(zip(other.last.order, other.last.places, strict=True))
        assert list(ranked[label]) == [place.get(n) for n in ranked.Name]
    assert c.variants[labels.index("frozen")].settings.recalculation == "frozen"
    assert c.variants[labels.index("sevilla")].settings.code_map == simulated.settings.code_map
    assert list(summary.Variant) == labels == [s["Variant"] for s in c.summary]


@pytest.mark.parametrize("raw", [{}, {"recalculation": "converge"}, {"withdrawn": "remove"}])
def test_round_column_is_a_column_of_round_points(simulated, raw):
    settings = build_settings([parse_setting(k, v) for k, v in [("code T", "1/2"), *raw.items()]])
    h = compute_history(replace(simulated, settings=settings))
    for st in h.standings:
        for r in range(1, st.round + 1):
            assert st.round_column(r) == {n: pts[r - 1] for n, pts in st.round_points.items()}
