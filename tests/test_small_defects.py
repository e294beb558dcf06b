"""Issue 16, items 3 and 5: Dutch forfeits and the small defects a first season ran into, each
with a regression test that fails on the old behaviour."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer_xl.core.model import Result, parse_result
from keizer_xl.errors import ResultError
from keizer_xl.frontends.cli import main

from helpers import keizer_example_sheets, make_workbook


def cli(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


def standings_json(capsys, path: Path) -> dict[str, dict]:
    code, out = cli(capsys, "standings", path, "--no-write", "--format", "json")
    assert code == 0, out
    return {r["name"]: r for r in json.loads(out[out.index("["):out.rindex("]") + 1])}


# --------------------------------------------------------------------------- Dutch forfeits

@pytest.mark.parametrize("text, result", [
    ("1-0R", Result.WHITE_FORFEIT), ("0-1R", Result.BLACK_FORFEIT), ("0-0R", Result.DOUBLE_FORFEIT),
    ("1-0r", Result.WHITE_FORFEIT), ("0-1 reg", Result.BLACK_FORFEIT),
    ("1-0 reg", Result.WHITE_FORFEIT), ("0-0 reg", Result.DOUBLE_FORFEIT),
    ("1 - 0 reglementair", Result.WHITE_FORFEIT), ("0-1 Reg.", Result.BLACK_FORFEIT),
    ("1:0R", Result.WHITE_FORFEIT),
])
def test_dutch_forfeits_are_forfeits(text, result):
    assert parse_result(text) is result


@pytest.mark.parametrize("text, hint", [("reg", "1-0 reg, 0-1 reg or 0-0 reg"),
                                        ("reglementair", "1-0 reg, 0-1 reg or 0-0 reg"),
                                        ("reg 1-0", "1-0 reg"), ("0-1 reglem", "0-1 reg")])
def test_a_forfeit_written_otherwise_suggests_reg(text, hint):
    with pytest.raises(ResultError) as e:
        parse_result(text)
    assert e.value.params["hint"] == hint


def test_dutch_forfeits_score_as_forfeits_through_the_cli(tmp_path, capsys):
    # round 1 of Keizer's example with board 1 and board 3 forfeited, typed the Dutch way and
    # the contract's way: the same standings; typed as played games: other standings
    def book(name, board1, board3):
        sheets = keizer_example_sheets(with_round_2=False)
        sheets["Settings"].append(["language", "nl"])
        sheets["Results"][1][4], sheets["Results"][3][4] = board1, board3
        return make_workbook(tmp_path / name, sheets)

    dutch = standings_json(capsys, book("nl.xlsx", "1-0R", "0-1 reg"))
    contract = standings_json(capsys, book("f.xlsx", "1-0F", "0-1F"))
    played = standings_json(capsys, book("p.xlsx", "1-0", "0-1"))
    assert dutch == contract
    assert dutch != played
    code, out = cli(capsys, "check", book("reg.xlsx", "reg", "0-1"))
    assert code == 1 and "Results!E2" in out and "1-0 reg" in out, out
