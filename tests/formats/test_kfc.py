"""KeizerForClubs: preset ``kfc`` and importing a tournament database (.s3db), issue 17.

The databases are built here with sqlite3 in KeizerForClubs' own schema (the CREATE TABLE
statements of src/cSqliteInterface.cs, OpenTournament/CreateConfigTab), every player state and
result code included.  The expected Keizer points are worked by hand from KeizerForClubs'
rules (src/RankingCalculator.cs, docs/presets-kfc.md), the arithmetic written beside each.
"""
from __future__ import annotations

import sqlite3
from fractions import Fraction as F
from pathlib import Path

import pytest

from keizer_xl.core.model import Result
from keizer_xl.errors import SettingError, InputError
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import compute_history
from keizer_xl.core.values import place_values
from keizer_xl.formats.kfc import read_kfc

from support.kfc_files import CONFIG, PAIRINGS, PLAYERS, STORED, make_db


def totals(standing):
    return dict(standing.score)


# --------------------------------------------------------------------------- values

def test_ratio_top_value_rounds_half_to_even_in_kfc():
    # N = 8, ratio 3: (8 - 1) * 3 / 2 = 10.5; .NET Convert.ToInt32 rounds half to even -> 10
    s = build_settings([("preset", "kfc")])
    assert place_values(s, 8) == [10, 9, 8, 7, 6, 5, 4, 3]
    # the keizer preset's ratio 3 rounds half up: 11 (today's result, unchanged)
    up = build_settings([parse_setting("top_value", "ratio 3")])
    assert place_values(up, 8)[0] == 11
    # any ratio R > 1: N = 8, R = 2.5: 7 * 2.5 / 1.5 = 11.67 -> 12
    r = build_settings([parse_setting("preset", "kfc"), parse_setting("top_value", "ratio 2.5")])
    assert place_values(r, 8)[0] == 12
    # N = 6, R = 5: 5 * 5 / 4 = 6.25 -> 6
    r5 = build_settings([parse_setting("preset", "kfc"), parse_setting("top_value", "ratio=5")])
    assert place_values(r5, 6)[0] == 6


def test_wicker_normalisation_values():
    s = build_settings([parse_setting("preset", "kfc"),
                        parse_setting("value_normalisation", "wicker")])
    # N = 5: step (3 - 1) / 4 = 0.5 > 10^-1 -> one decimal: 3, 2.5, 2, 1.5, 1
    assert place_values(s, 5) == [3, F(5, 2), 2, F(3, 2), 1]
    # N = 8: step 2/7 = 0.2857 -> one decimal, half to even: 3, 2.714 -> 2.7, 2.429 -> 2.4,
    # 2.143 -> 2.1, 1.857 -> 1.9, 1.571 -> 1.6, 1.286 -> 1.3, 1
    assert place_values(s, 8) == [3, F(27, 10), F(24, 10), F(21, 10), F(19, 10), F(16, 10),
                                  F(13, 10), 1]
    # N = 30: step 2/29 = 0.069 -> two decimals
    assert place_values(s, 30)[1] == F(293, 100)  # 3 - 0.0690 = 2.931 -> 2.93
    # one player: the step is infinite in KeizerForClubs, no decimals: ratio 7/3 -> 2
    one = build_settings([parse_setting("preset", "kfc"), parse_setting("top_value", "ratio 7/3"),
                          parse_setting("value_normalisation", "wicker")])
    assert place_values(one, 1) == [2]
    # step 2/3 = 0.67 > 10^-1: one decimal: 2.333 -> 2.3, 1.667 -> 1.7, 1
    assert place_values(one, 3) == [F(23, 10), F(17, 10), 1]


@pytest.mark.parametrize("key, value, fragment", [
    ("top_value", "ratio 1", "more than 1"),
    ("top_value", "ratio 0.5", "more than 1"),
    ("value_rounding", "down", "half-up, half-even"),
    ("value_normalisation", "yes", "none, wicker"),
    ("own_value_fade", "-1", ">= 0"),
    ("own_value_fade", "1001", "between 0 and 1000"),
    ("absence_decay", "halve", "halving-eu"),
    ("withdrawn", "erase", "retroactive"),
    ("withdrawn_opponent_result", "maybe", "yes or no"),
])
def test_new_settings_are_checked(key, value, fragment):
    with pytest.raises(SettingError) as e:
        parse_setting(key, value)
    assert fragment in str(e.value)


def test_wicker_needs_a_ratio():
    with pytest.raises(SettingError, match="ratio R"):
        build_settings([parse_setting("top_value", "100"),
                        parse_setting("value_normalisation", "wicker")])


# --------------------------------------------------------------------------- import

def test_import_reads_players_games_byes_and_absences(tmp_path):
    imported = read_kfc(make_db(tmp_path / "t.s3db"))
    season = imported.season
    assert imported.source == "kfc"
    assert dict(imported.settings_rows)["preset"] == "kfc"
    names = {p.name: p for p in season.players}
    # start order: rating descending (KeizerForClubs' first ranking)
    assert [names[n].start for n in ("Anna", "Bert", "Carl", "Dirk", "Eva", "Finn")] == [
        1, 2, 3, 4, 5, 6]
    assert names["Dirk"].withdrawn_round == 2  # retired: his last row was round 1
    assert names["Finn"].withdrawn_round is None  # state 6 (excused) is no withdrawal
    games = {(g.round, g.white, g.black): g.result for g in season.games}
    assert games == {(1, "Anna", "Bert"): Result.WHITE_WINS, (1, "Carl", "Dirk"): Result.WHITE_WINS,
                     (1, "Eva", "Finn"): Result.DRAW, (2, "Anna", "Eva"): Result.BLACK_WINS,
                     (2, "Bert", "Carl"): Result.DRAW, (3, "Carl", "Anna"): Result.BLACK_FORFEIT}
    assert [(b.round, b.player) for b in season.byes] == [(3, "Eva")]
    assert sorted((a.round, a.player, a.code) for a in season.absences) == [
        (2, "Finn", "E"), (3, "Bert", "C"), (3, "Finn", "U")]
    assert season.games[0].origin.startswith("Pairing row ")


def test_every_result_and_state_code_is_read(tmp_path):
    players = [(1, "A", 1500, 0), (2, "B", 1500, None), (3, "C", 1400, 2), (4, "D", 1300, 5),
               (5, "E", 1200, 7), (6, "F", 1100, 8), (7, "G", 1000, 10), (8, "H", 900, 11),
               (9, "I", 800, 1), (10, "J", 700, 9)]
    pairings = [(1, 1, 1, 2, 1), (1, 2, 3, 4, 2), (1, 3, 5, 6, 3), (1, 4, 7, 8, 8),
                (1, 5, 9, 10, 9), (2, 1, 1, 2, 10), (2, 2, 3, 4, 11), (2, 3, 5, 6, -1),
                (2, 4, 7, -1, 4), (2, 5, 8, -1, 5), (2, 6, 9, -1, 6), (2, 7, 10, -1, 7)]
    season = read_kfc(make_db(tmp_path / "all.s3db", players, pairings)).season
    results = sorted((g.round, g.white, g.result.value) for g in season.games)
    assert results == [(1, "A", "1-0"), (1, "C", "½-½"), (1, "E", "0-1"), (1, "G", "1-0F"),
                       (1, "I", "0-1F"), (2, "A", "0-0F"), (2, "C", "adj"), (2, "E", "")]
    assert [(b.round, b.player) for b in season.byes] == [(2, "G")]
    assert sorted((a.player, a.code) for a in season.absences) == [("H", "C"), ("I", "E"),
                                                                   ("J", "U")]
    assert season.player("J").withdrawn_round == 3
    # states 0, NULL, 2, 5, 7, 8, 10, 11 are no withdrawal: they stay in KeizerForClubs' N
    assert [p.name for p in season.players if p.withdrawn_round] == ["J"]


def test_late_entrant_and_a_round_without_a_row(tmp_path):
    players = [*PLAYERS, (7, "Gina", 1550, 1)]
    # Gina joins in round 2 (no row in round 1) and has no row in round 3
    pairings = [p for p in PAIRINGS if p[0] != 2 or p[2] != 6] + [(2, 3, 6, 7, 1)]
    imported = read_kfc(make_db(tmp_path / "late.s3db", players, pairings))
    gina = imported.season.player("Gina")
    assert gina.joined == 2
    assert [(a.round, a.code) for a in imported.season.absences if a.player == "Gina"] == [
        (3, "X")]
    assert ("code X", "0") in imported.settings_rows
    assert any("Gina" in n for n in imported.notes)


def test_late_start_rows_score_as_unexcused(tmp_path):
    # newest KeizerForClubs: a player added after round 1 gets a LateStart row (code 12) for it
    players = [*PLAYERS, (7, "Gina", 1550, 1)]
    pairings = [(1, 4, 7, -1, 12)] + [p for p in PAIRINGS if p[0] != 2 or p[2] != 6] + [
        (2, 3, 6, 7, 1), (3, 5, 7, -1, 6)]
    imported = read_kfc(make_db(tmp_path / "ls.s3db", players, pairings))
    assert imported.season.player("Gina").joined == 1
    assert ("code S", "5%") in imported.settings_rows
    r1 = compute_history(imported.season).after(1)
    # N = 6 (Dirk retired): top = 5 x 3/2 = 7.5 -> 8; start Anna 8, Bert 7, Carl 6, Eva 5,
    # Gina 4 (1550), Finn 3; Gina: LateStart 5 % of 4 = 0.2 + own 4 = 4.2
    assert r1.score["Gina"] == F(21, 5)


# --------------------------------------------------------------------------- KeizerForClubs' points

def test_standings_reproduce_keizerforclubs(tmp_path):
    """The tournament of PAIRINGS, worked by hand with KeizerForClubs' rules.

    N = 5 players who are not retired (Dirk is): top = round(4 * 3 / 2) = 6, values 6..2.
    Start (rating): Anna 6, Bert 5, Carl 4, (Dirk retired: no value), Eva 3, Finn 2.
    """
    season = read_kfc(make_db(tmp_path / "t.s3db")).season
    hist = compute_history(season)
    # after round 1, valued with the start values, plus the own value:
    #   Anna: win over Bert 5 + own 6 = 11
    #   Carl: win over the retired Dirk: own 4 x 75 % x 1 = 3, + own 4 = 7
    #   Bert: loss 0 + own 5 = 5;  Eva: draw with Finn 2/2 = 1 + own 3 = 4
    #   Finn: draw with Eva 3/2 = 1.5 + own 2 = 3.5;  Dirk: left every ranking
    r1 = hist.after(1)
    assert totals(r1) == {"Anna": 11, "Carl": 7, "Bert": 5, "Eva": 4, "Finn": F(7, 2)}
    assert r1.order == ("Anna", "Carl", "Bert", "Eva", "Finn")
    # after round 2, rounds 1-2 valued with V1 = Anna 6, Carl 5, Bert 4, Eva 3, Finn 2:
    #   Carl: own 5 x 3/4 = 3.75 (retired Dirk) + draw with Bert 4/2 = 2 + own 5 = 10.75
    #   Anna: win over Bert 4 + loss 0 + own 6 = 10
    #   Eva: draw with Finn 2/2 = 1 + win over Anna 6 + own 3 = 10 (tie with Anna: rating)
    #   Bert: loss 0 + draw with Carl 5/2 = 2.5 + own 4 = 6.5
    #   Finn: draw with Eva 3/2 = 1.5 + excused 35 % of 2 = 0.7 + own 2 = 4.2
    r2 = hist.after(2)
    assert totals(r2) == {"Carl": F(43, 4), "Anna": 10, "Eva": 10, "Bert": F(13, 2),
                          "Finn": F(21, 5)}
    assert r2.order == ("Carl", "Anna", "Eva", "Bert", "Finn")
    # after round 3 with V2 = Carl 6, Anna 5, Eva 4, Bert 3, Finn 2:
    #   Anna: win over Bert 3 + 0 + forfeit win over Carl 6 (full value) + own 5 = 14
    #   Carl: own 6 x 3/4 = 4.5 + draw with Bert 3/2 = 1.5 + forfeit loss 0 + own 6 = 12
    #   Eva: 2/2 = 1 + win over Anna 5 + bye 50 % of 4 = 2 + own 4 = 12 (tie: Carl's rating)
    #   Bert: 0 + draw with Carl 6/2 = 3 + club game 70 % of 3 = 2.1 + own 3 = 8.1
    #   Finn: draw with Eva 4/2 = 2 + excused 0.7 + unexcused 5 % of 2 = 0.1 + own 2 = 4.8
    r3 = hist.after(3)
    assert totals(r3) == {"Anna": 14, "Carl": 12, "Eva": 12, "Bert": F(81, 10),
                          "Finn": F(24, 5)}
    assert r3.order == ("Anna", "Carl", "Eva", "Bert", "Finn")


def test_stored_points_are_compared(tmp_path):
    imported = read_kfc(make_db(tmp_path / "s.s3db", sums=STORED))
    assert "The Keizer points KeizerForClubs stored after round 3 agree for all 5 players" in (
        imported.notes)
    wrong = read_kfc(make_db(tmp_path / "w.s3db", sums={**STORED, 6: 4.9}))
    assert ("KeizerForClubs stored other Keizer points after round 3: Finn 4.90 (here 4.80)"
            in wrong.notes)


def test_a_stale_standings_cache_is_reported(tmp_path):
    # the standing after round 2 is Carl, Anna, Eva, Bert, Finn; a cache stored before Dirk
    # retired lists him too: KeizerForClubs reuses it for round 3 (RankingCalculator.cs)
    stale = read_kfc(make_db(tmp_path / "c.s3db",
                             cache={2: ["Carl", "Anna", "Eva", "Dirk", "Bert", "Finn"]}))
    assert any("reused its stored standing after round 2 (table tStand_2)" in n
               for n in stale.notes)
    fresh = read_kfc(make_db(tmp_path / "f.s3db", cache={2: ["Carl", "Anna", "Eva", "Bert", "Finn"]}))
    assert not any("reused" in n for n in fresh.notes)


def test_decay_bonus_halves_excused_and_unexcused(tmp_path):
    config = dict(CONFIG, **{"OPTION.DecayBonus": 1})
    imported = read_kfc(make_db(tmp_path / "d.s3db", config=config))
    assert ("absence_decay", "halving-eu") in imported.settings_rows
    r3 = compute_history(imported.season).after(3)
    # Finn: excused in round 2 (the first absence: 35 % of 2 = 0.7), unexcused in round 3 (the
    # second: 5 % of 2, halved = 0.05): 2 + 0.7 + 0.05 + own 2 = 4.75 (4.8 without DecayBonus)
    assert r3.score["Finn"] == F(475, 100)
    assert r3.score["Anna"] == 14


def test_own_value_fade(tmp_path):
    config = dict(CONFIG, **{"OPTION.DecayPrevRound": 1})
    imported = read_kfc(make_db(tmp_path / "f.s3db", config=config))
    assert ("own_value_fade", "5") in imported.settings_rows
    hist = compute_history(imported.season)
    # after round 1 the own value counts 4/5: Anna 5 + 6 x 4/5 = 9.8, Carl 3 + 3.2 = 6.2,
    # Bert 0 + 4 = 4, Eva 1 + 2.4 = 3.4, Finn 1.5 + 1.6 = 3.1 (same order: V1 as before)
    assert totals(hist.after(1)) == {"Anna": F(49, 5), "Carl": F(31, 5), "Bert": 4,
                                     "Eva": F(17, 5), "Finn": F(31, 10)}
    # after round 2, 3/5: Eva 1 + 6 + 1.8 = 8.8, Carl 3.75 + 2 + 3 = 8.75, Anna 4 + 3.6 = 7.6,
    # Bert 2.5 + 2.4 = 4.9, Finn 1.5 + 0.7 + 1.2 = 3.4: the own value no longer keeps Anna 2nd
    r2 = hist.after(2)
    assert totals(r2) == {"Eva": F(44, 5), "Carl": F(35, 4), "Anna": F(38, 5), "Bert": F(49, 10),
                          "Finn": F(17, 5)}
    assert r2.order == ("Eva", "Carl", "Anna", "Bert", "Finn")
    # from round 5 on nothing: 5 rounds give (5 - 5) / 5 = 0 (checked on the settings alone)
    fade = build_settings([parse_setting("preset", "kfc"), parse_setting("own_value_fade", "5")])
    assert fade.own_value_fade == 5


def test_loss_bonus_and_a_loss_against_a_retired_player(tmp_path):
    # BONUS.Verlust 10 % ("toughness"): the loser earns 10 % of the winner's value
    pairings = [(1, 1, 1, 2, 1), (1, 2, 4, 3, 1), (1, 3, 5, 6, 2)]  # Dirk (retired) beats Carl
    config = dict(CONFIG, **{"BONUS.Verlust": 10})
    imported = read_kfc(make_db(tmp_path / "l.s3db", pairings=pairings, config=config))
    assert ("loss", "10%") in imported.settings_rows
    r1 = compute_history(imported.season).after(1)
    # Bert: loss to Anna: 10 % of 6 = 0.6 + own 5 = 5.6
    # Carl: loss to the retired Dirk: own 4 x 75 % x 10 % = 0.3 + own 4 = 4.3
    assert r1.score["Bert"] == F(56, 10)
    assert r1.score["Carl"] == F(43, 10)


def test_wicker_tournament(tmp_path):
    config = dict(CONFIG, **{"OPTION.WickerNormalization": 1})
    imported = read_kfc(make_db(tmp_path / "w.s3db", config=config))
    r1 = compute_history(imported.season).after(1)
    # values 3, 2.5, 2, 1.5, 1: Anna beats Bert 2.5 + own 3 = 5.5; Carl beats the retired
    # Dirk: own 2 x 3/4 = 1.5 + 2 = 3.5; Finn draws with Eva 1.5/2 = 0.75 + 1 = 1.75
    assert r1.score["Anna"] == F(11, 2)
    assert r1.score["Carl"] == F(7, 2)
    assert r1.score["Finn"] == F(7, 4)


def test_tournament_percentages_and_name_become_settings(tmp_path):
    config = {"BONUS.Freilos": 60, "BONUS.Excused": 40, "BONUS.Unexcused": 0,
              "BONUS.Clubgame": 80, "BONUS.Retired": 50, "OPTION.RatioFirst2Last": 1.7000000476837158,
              "OPTION.GameRepeat": 2}
    imported = read_kfc(make_db(tmp_path / "p.s3db", config=config,
                                texts={"OPTION.NiceName": "Winter 2025"}))
    rows = dict(imported.settings_rows)
    assert rows["bye"] == "60%" and rows["absence_excused"] == "40%"
    assert rows["absence_unexcused"] == "0%" and rows["absence_club"] == "80%"
    assert rows["withdrawn_opponent"] == "50%" and rows["loss"] == "0%"  # Verlust absent: 0
    assert rows["top_value"] == "ratio 1.7"  # the float32 KeizerForClubs reads
    assert rows["season"] == "Winter 2025"
    assert rows["rematch_gap"] == "2"  # "# rounds before pairings repeat"
    s = imported.season.settings
    assert (s.bye.fraction, s.withdrawn_opponent) == (F(3, 5), F(1, 2))
    # N = 5, ratio 1.7: 4 x 1.7 / 0.7 = 9.71 -> 10
    assert place_values(s, 5)[0] == 10


def test_imported_workbook_gives_the_same_standings(tmp_path):
    """Import -> a season workbook (template + write_season) -> read -> standings."""
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book
    from support.season_books import write_book

    imported = read_kfc(make_db(tmp_path / "t.s3db", config=dict(CONFIG, **{"OPTION.DecayBonus": 1})))
    book_path = write_book(tmp_path / "club.xlsx", imported.season)
    season = read_season(open_book(book_path))
    assert season.settings == imported.season.settings
    r3 = compute_history(season).after(3)
    assert r3.order == ("Anna", "Carl", "Eva", "Bert", "Finn")
    assert r3.score["Finn"] == F(475, 100)
    # the standings command's action writes the Standings sheet: the same numbers
    import openpyxl
    from keizer_xl.app.standings import StandingsRequest, run

    report = run(open_book(book_path), StandingsRequest())
    assert report.standing.order == r3.order
    ws = openpyxl.load_workbook(book_path, data_only=True)["Standings"]
    cells = [list(row) for row in ws.iter_rows(values_only=True)]
    by_name = {row[i]: row[i + 1] for row in cells for i in range(len(row) - 1)
               if row[i] in ("Anna", "Finn")}
    assert by_name == {"Anna": 14, "Finn": 4.75}


# --------------------------------------------------------------------------- bad input

def _problems(path: Path) -> list[str]:
    with pytest.raises(InputError) as e:
        read_kfc(path)
    return [str(p) for p in e.value.problems]


def test_not_a_sqlite_file(tmp_path):
    path = tmp_path / "x.s3db"
    path.write_text("Name;Rating\nAnna;2000\n")
    assert "not a SQLite database" in _problems(path)[0]


def test_damaged_database(tmp_path):
    path = make_db(tmp_path / "d.s3db")
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # the header stays, every page is garbage
    path.write_bytes(bytes(data))
    assert "damaged" in _problems(path)[0]


def test_missing_tables(tmp_path):
    path = tmp_path / "empty.s3db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE Other (x INTEGER)")
    con.commit()
    con.close()
    problems = _problems(path)
    assert any("table Player is missing" in p for p in problems)
    assert any("table Pairing is missing" in p for p in problems)


def test_missing_file(tmp_path):
    assert "cannot read" in _problems(tmp_path / "nope.s3db")[0]


def test_unknown_codes_and_two_rows_in_a_round_are_all_reported(tmp_path):
    players = [*PLAYERS, (7, "Gina", 1550, 3)]  # state 3 does not exist
    pairings = [*PAIRINGS, (1, 4, 1, -1, 6),   # Anna already plays board 1 of round 1
                           (2, 4, 99, -1, 4),  # no player 99
                           (4, 1, 1, 2, 42),   # result 42 does not exist
                           (4, 2, 3, -1, 1)]   # 1-0 without an opponent
    problems = _problems(make_db(tmp_path / "bad.s3db", players, pairings))
    assert any(p.startswith("Player row 7:") and "unknown player state 3" in p for p in problems)
    assert any("Pairing row 11:" in p and "Anna is in two rows of round 1" in p for p in problems)
    assert any("Pairing row 12:" in p and "player id 99" in p for p in problems)
    assert any("Pairing row 13:" in p and "unknown result code 42" in p for p in problems)
    assert any("Pairing row 14:" in p and "needs an opponent" in p for p in problems)


def test_bad_ratio_names_the_config_row(tmp_path):
    config = dict(CONFIG, **{"OPTION.RatioFirst2Last": 1.0, "BONUS.Excused": 120})
    problems = _problems(make_db(tmp_path / "r.s3db", config=config))
    assert any(p.startswith("ConfigTab row BONUS.Excused:") for p in problems)
    assert any(p.startswith("ConfigTab row OPTION.RatioFirst2Last:") and "more than 1" in p
               for p in problems)


def test_withdrawn_retroactive_against_remove(tmp_path):
    from dataclasses import replace

    season = read_kfc(make_db(tmp_path / "t.s3db")).season
    # withdrawn remove: Dirk (withdrawn from round 2) is still in the ranking after round 1:
    # N = 6, top = 5 x 3/2 = 7.5 -> 8 (half to even), values Anna 8, Bert 7, Carl 6, Dirk 5,
    # Eva 4, Finn 3; Carl's win over Dirk is worth 5: 5 + own 6 = 11
    removed = replace(season, settings=replace(season.settings, withdrawn="remove"))
    r1 = compute_history(removed).after(1)
    assert "Dirk" in r1.order
    assert r1.score["Carl"] == 11
    # retroactive (KeizerForClubs): Dirk is in no ranking, Carl's win = own 4 x 3/4 + own 4 = 7
    r1 = compute_history(season).after(1)
    assert "Dirk" not in r1.order
    assert r1.score["Carl"] == 7
    # a draw with him: own 4 x 3/4 x 1/2 = 1.5 + own 4 = 5.5; without withdrawn_opponent_result
    # any result against him earns 3/4 of the own value: 3 + 4 = 7
    drawn = [(1, 2, 3, 4, 2) if p[:2] == (1, 2) else p for p in PAIRINGS]
    season = read_kfc(make_db(tmp_path / "d.s3db", pairings=drawn)).season
    assert compute_history(season).after(1).score["Carl"] == F(11, 2)
    flat = replace(season, settings=replace(season.settings, withdrawn_opponent_result=False))
    assert compute_history(flat).after(1).score["Carl"] == 7


# --------------------------------------------------------------------------- the command line

def test_import_command_then_standings_give_keizerforclubs_own_points(tmp_path, capsys):
    """`keizer-xl import T.s3db club.xlsx` then `keizer-xl standings club.xlsx --format json`:
    the Keizer points KeizerForClubs stored (STORED, worked by hand above) for every player who
    is not retired, and the import says they agree."""
    import json

    from keizer_xl.frontends.cli import main

    db = make_db(tmp_path / "t.s3db", sums=STORED)
    book = tmp_path / "club.xlsx"
    assert main(["import", str(db), str(book), "--language", "nl"]) == 0
    out = capsys.readouterr()
    said = out.out + out.err
    assert "kloppen voor alle 5 spelers" in said  # in the workbook's language
    # good news is not prefixed with a warning word (issue 26), and the retired player is named
    line = next(x for x in said.splitlines() if "kloppen voor alle 5 spelers" in x)
    assert line.startswith("De Keizerpunten"), line
    assert ("Dirk is in KeizerForClubs teruggetrokken (Player-rij 4): gelezen als "
            "teruggetrokken vanaf ronde 2") in said, said
    assert main(["standings", str(book), "--format", "json", "--no-write"]) == 0
    rows = json.loads(capsys.readouterr().out)
    names = {1: "Anna", 2: "Bert", 3: "Carl", 5: "Eva", 6: "Finn"}
    assert {r["name"]: r["score"] for r in rows} == {names[i]: STORED[i] for i in names}
    # a second import onto the same workbook is refused without --force (usage, exit 2)
    assert main(["import", str(db), str(book)]) == 2


# --------------------------------------------------------------------------- issue 24

def test_state_12_preregistered_reads_as_any_player_not_retired(tmp_path):
    # KFC's newest PlayerState.PreRegistered (12): no rows yet, counted in N and ranked like an
    # available player (its calculation looks only at state 9); same standings as state 1
    pre = read_kfc(make_db(tmp_path / "pre.s3db", [*PLAYERS, (7, "Gina", 1550, 12)]))
    avail = read_kfc(make_db(tmp_path / "av.s3db", [*PLAYERS, (7, "Gina", 1550, 1)]))
    assert pre.season.player("Gina").withdrawn_round is None
    a, b = compute_history(pre.season).last, compute_history(avail.season).last
    assert a.order == b.order and a.score == b.score and "Gina" in a.order


@pytest.mark.parametrize("bonus", [50, 60, 100])
def test_every_loss_bonus_keizerforclubs_accepts_is_read(tmp_path, bonus):
    config = dict(CONFIG, **{"BONUS.Verlust": bonus})
    imported = read_kfc(make_db(tmp_path / "b.s3db", config=config))
    assert ("loss", f"{bonus}%") in imported.settings_rows
    assert imported.season.settings.loss == F(bonus, 100)
    # round 1: Anna beats Bert (start values Anna 6, Bert 5): Bert gets bonus % of 6 + own 5
    r1 = compute_history(imported.season).after(1)
    assert r1.score["Bert"] == F(5) + F(bonus, 100) * 6


def test_preset_kfc_shows_keizerforclubs_printed_order(tmp_path):
    season = read_kfc(make_db(tmp_path / "t.s3db")).season
    assert season.settings.display_order == "points-games-rating"


@pytest.mark.parametrize("table, column", [
    ("Player", "state"), ("Pairing", "Result"), ("ConfigTab", "CfgValue"), ("tStand_2", "line"),
    ("tStand_2", "id")])
def test_a_table_missing_a_column_is_named_with_the_column(tmp_path, table, column):
    """A KeizerForClubs table without one of the columns read was "the database is damaged: no
    such column" for the stored standings (issue 34); and ConfigTab's said each key it lacked."""
    path = make_db(tmp_path / "t.s3db", cache={2: ["Anna", "Eva", "Carl", "Bert", "Finn"]})
    con = sqlite3.connect(path)
    con.execute(f"ALTER TABLE {table} RENAME COLUMN {column} TO other")
    con.commit()
    con.close()
    assert _problems(path) == [f"{table}: column {column} is missing"]
