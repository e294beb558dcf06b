"""Issue 16, items 3 and 5: Dutch forfeits and the small defects a first season ran into, each
with a regression test that fails on the old behaviour."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer_xl.core.model import Result, parse_result
from keizer_xl.errors import ResultError
from keizer_xl.frontends.cli import main

from support.helpers import keizer_example_sheets, make_workbook


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


# --------------------------------------------------------------------------- open elsewhere

def test_libreoffice_lock_names_the_user_and_the_computer_the_right_way_round(tmp_path, capsys):
    # LibreOffice writes "Full Name,login,host,date,url;" (include/svl/lockfilecommon.hxx:
    # OOOUSERNAME, SYSUSERNAME, LOCALHOST, EDITTIME, USERURL); no full name set: the login
    from keizer_xl.clients import files

    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    lock = tmp_path / ".~lock.club.xlsx#"
    lock.write_bytes(b",root,vm,25.11.2026 10:12,file:///root/.config/libreoffice/4;")
    message = files.open_elsewhere(book)
    assert message is not None and "by root on the computer vm" in message, message
    lock.write_bytes(b"Ann de Wit,ann,clubpc,25.11.2026 10:12,file:///home/ann/.config/lo;")
    assert "by Ann de Wit on the computer clubpc" in files.open_elsewhere(book)
    code, out = cli(capsys, "standings", book, "--language", "nl")
    assert code == 1 and "door Ann de Wit op de computer clubpc" in out, out


# --------------------------------------------------------------------------- excel-config


# --------------------------------------------------------------------------- formulas cached as ""

def _formula_cached_empty(path: Path, sheet_name: str, cell: str, formula: str) -> None:
    """Replace ``cell`` of ``sheet_name`` by a formula whose stored text result is empty, as
    Excel and LibreOffice write =IF(...,"") (t="str", <v></v>); the rest of the file, and its
    calcPr, stay as the engine (openpyxl, fullCalcOnLoad) wrote them."""
    import re
    import zipfile

    import openpyxl

    with zipfile.ZipFile(path) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    index = openpyxl.load_workbook(path).sheetnames.index(sheet_name) + 1
    part = f"xl/worksheets/sheet{index}.xml"
    xml, n = re.subn(rf'<c r="{cell}"[^>]*?(?:/>|>.*?</c>)',
                     f'<c r="{cell}" t="str"><f>{formula}</f><v></v></c>', parts[part].decode())
    assert n == 1
    parts[part] = xml.encode()
    assert b'fullCalcOnLoad="1"' in parts["xl/workbook.xml"]  # as the engine leaves the file
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)


def test_a_formula_cached_as_the_empty_text_is_a_game_not_played(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Results"][10][4] = "placeholder"  # round 2, board 5: E11
    path = make_workbook(tmp_path / "formula.xlsx", sheets)
    _formula_cached_empty(path, "Results", "E11", 'IF(F11="","",F11)')
    code, out = cli(capsys, "check", path)
    assert code == 0, out
    assert "not stored" not in out and "open and save" not in out
    # read as not played: pairing round 3 names that board as lacking its result
    code, out = cli(capsys, "pair", path, "--dry-run")
    assert code == 1 and "board 5" in out and "Results!E11" in out, out


# --------------------------------------------------------------------------- a FIFO


# --------------------------------------------------------------------------- duplicate board

def test_a_duplicate_board_is_named_at_the_board_cells(tmp_path, capsys):
    sheets = keizer_example_sheets()
    sheets["Results"][2][1] = 1  # round 1, board 2 typed as board 1 (row 3)
    path = make_workbook(tmp_path / "boards.xlsx", sheets)
    code, out = cli(capsys, "check", path)
    assert code == 1
    line = next(x for x in out.splitlines() if "two games" in x)
    assert line.startswith("Results!B3:") and "(Results!B2)" in line, line
    assert "E2" not in line and "E3" not in line


# --------------------------------------------------------------------------- Ctrl+C


def test_ctrl_c_while_the_command_cleans_up_is_no_traceback(tmp_path, capsys):
    from keizer_xl.frontends import cli_common

    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())

    def interrupted() -> None:
        raise KeyboardInterrupt

    cli_common.HELD.callback(interrupted)  # runs when the command releases what it held
    try:
        code, out = cli(capsys, "check", book)
    except KeyboardInterrupt:
        pytest.fail("the interrupt escaped main(): a traceback for the user")
    assert code == 1 and "interrupted" in out, out
