"""The season's end (issue 33 item 5): the ``last_round`` setting states it; without it the
highest round Attendance or Results knows (the template's 40 columns) is the end.  Each period
is running or finished: finished once its last round (the last period's: the season's end)
has results; ``min_games`` applies from the season's end."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.core.competition import Competition
from keizer_xl.core.periods import period_end, periods_of
from keizer_xl.core.rules import parse_setting
from keizer_xl.errors import SettingError
from keizer_xl.frontends.cli import main
from support.period_seasons import played_season
from support.season_books import write_book


def test_last_round_is_a_whole_round_number():
    assert parse_setting("last_round", "30") == ("last_round", 30)
    assert parse_setting("last_round", "") == ("last_round", None)
    for bad in ("0", "ten", "2.5"):
        with pytest.raises(SettingError):
            parse_setting("last_round", bad)


def _season(rounds: int, attendance: int, **raw: object):
    season = played_season(10, rounds, seed=33, periods="1, 4", **raw)
    return replace(season, attendance_rounds=tuple(range(1, attendance + 1)))


@pytest.mark.parametrize("rounds,attendance,last_round,finished", [
    (6, 40, None, False),   # the template's 40 columns: the season runs to round 40
    (6, 6, None, True),     # the round columns end at round 6: so does the season
    (6, 40, 6, True),       # last_round says it: round 6 has results, the period is over
    (6, 40, 8, False),      # two rounds to go
    (5, 40, 6, False),      # round 6 not played yet
])
def test_the_last_period_finishes_when_the_seasons_last_round_has_results(
        rounds, attendance, last_round, finished):
    season = _season(rounds, attendance, **({"last_round": last_round} if last_round else {}))
    assert season.season_end() == (last_round or attendance)
    first, last = periods_of(season.settings)
    assert period_end(season, first) == 3 and period_end(season, last) == season.season_end()
    assert Competition(season).part("", 1).finished  # rounds 1-3: round 3 has results
    assert Competition(season).part("", 2).finished is finished
    # the competition view (the Periods sheet's source) says the same, after each round
    view = Competition(season, rounds)
    assert [p.finished for p in view.parts()] == [True, finished]
    assert [p.finished for p in Competition(season, 2).parts()] == [False]


def test_min_games_applies_from_the_last_round_setting():
    season = _season(6, 40, min_games=6)
    assert Competition(season, 6).standing().unranked == ()  # round 40 is the end: not yet
    season = _season(6, 40, min_games=6, last_round=6)
    unranked = Competition(season, 6).standing().unranked
    games = Competition(season, 6).records(1, 6)
    assert unranked and all(games[n].games < 6 for n in unranked)


def test_the_periods_sheet_and_json_say_running_or_finished(tmp_path: Path, capsys):
    path = write_book(tmp_path / "s.xlsx", played_season(10, 5, seed=33, periods="1, 4"))

    def headings() -> list[str]:
        ws = openpyxl.load_workbook(path)["Periods"]
        return [str(r[0]) for r in ws.iter_rows(values_only=True)
                if r[0] and str(r[0]).startswith("Period ")]

    def last_json() -> bool:
        capsys.readouterr()
        assert main(["standings", str(path), "--period", "2", "--format", "json",
                     "--no-write"]) == 0
        rows = json.loads(capsys.readouterr().out)
        assert {r["finished"] for r in rows} == {rows[0]["finished"]}
        return bool(rows[0]["finished"])

    def set_last_round(value: int) -> None:
        wb = openpyxl.load_workbook(path)
        ws = wb["Settings"]
        row = next((r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "last_round"),
                   ws.max_row + 1)
        ws.cell(row, 1, "last_round")
        ws.cell(row, 2, value)
        wb.save(path)

    assert main(["standings", str(path)]) == 0
    # the template's Attendance has 40 round columns: without last_round the season runs on
    assert headings()[0].startswith("Period 1 (rounds 1-3, after round 3): period winner ")
    assert headings()[0].endswith("; finished")
    assert headings()[1].startswith("Period 2 (from round 4, after round 5): leader ")
    assert headings()[1].endswith("; running") and not last_json()
    set_last_round(5)  # the club states the end instead of deleting 35 columns
    assert main(["standings", str(path)]) == 0
    assert headings()[1].startswith("Period 2 (rounds 4-5, after round 5): period winner ")
    assert headings()[1].endswith("; finished") and last_json()
    set_last_round(7)
    assert main(["standings", str(path)]) == 0
    assert headings()[1].startswith("Period 2 (rounds 4-7, after round 5): leader ")
    assert headings()[1].endswith("; running") and not last_json()
    capsys.readouterr()
    assert main(["standings", str(path), "--period", "2", "--no-write"]) == 0
    assert "Period 2 after round 5; running" in capsys.readouterr().out
    set_last_round(5)
    assert main(["standings", str(path), "--period", "2", "--no-write"]) == 0
    assert "Period 2 after round 5; finished" in capsys.readouterr().out


def test_pair_refuses_a_round_after_the_last_round_setting(tmp_path: Path, capsys):
    """The club said the season ends with round 5: round 6 is not paired (exit 1, nothing
    written), said in the workbook's language; with last_round 6 it is paired."""
    path = write_book(tmp_path / "s.xlsx", played_season(10, 5, seed=33))
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    ws.cell(ws.max_row + 1, 1, "last_round")
    ws.cell(ws.max_row, 2, 5)
    wb.save(path)
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["pair", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the season ends with round 5 (the last_round setting); round 6 is not paired" in err
    assert path.read_bytes() == before
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    ws.cell(ws.max_row, 2, 6)
    wb.save(path)
    assert main(["pair", str(path)]) == 0
