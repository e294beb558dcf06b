"""One outcome for every report (issue 15): the same action prints the same lines on every path.

A Dutch season (round 1 paired, board 2 without a result, Dirk excused for round 2 with the
Dutch letter ``A``) is copied three times and run through

* the command line on the ``.xlsx`` (the file client),
* ``keizer-xl lo-run`` on an ``.xlsx`` (the LibreOffice macro, worded for the command line),
* the command line on an ``.ods`` (``pair club.ods``: the macro again, through LibreOffice).

``standings`` and ``pair --force`` must print the same standard output and the same standard
error on all three (the path named in "... geschreven naar PATH" aside): the absence with the
club's letter (``Dirk (A)``, not the built-in ``E``), the note about the missing result as
``note:`` on standard error.  The macro behind a button (front ``libreoffice``) words its box
once for all boxes and carries the same notes.  Before issue 15 the ``.ods`` path printed
``Dirk (E)``, its notes on the other stream, and lost "paired again".
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.clients import lo_install, lo_run
from keizer_xl.sheets import schema

from support.languages import fill_results, run
from support.languages import dutch_or_german

SOFFICE = lo_run.find_soffice()
UNO = lo_run.find_uno_python(SOFFICE) if SOFFICE else None
needs_lo = pytest.mark.skipif(SOFFICE is None or UNO is None,
                              reason="LibreOffice (soffice and python3-uno) is not installed")

NOTE = "let op: Nog geen uitslag, geteld als remise zoals een afgebroken partij: Cor-Dirk (ronde 1)"


def _absent_in_round(book: Path, name: str, rnd: int, letter: str) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb[schema.sheet_name("Attendance", "nl")]
    header = [c.value for c in ws[1]]
    col = next(j for j, h in enumerate(header, 1) if str(h).strip().lstrip("Rr") == str(rnd))
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == name)
    ws.cell(row, col, letter)
    wb.save(book)


def _to_ods(xlsx: Path, out_dir: Path) -> Path:
    profile = (out_dir / "lo-profile").as_uri()
    subprocess.run([SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                    "--convert-to", "ods", "--outdir", str(out_dir), str(xlsx)],
                   check=True, capture_output=True, timeout=180, env=lo_install.office_env(UNO))
    return out_dir / (xlsx.stem + ".ods")


@pytest.fixture
def season(tmp_path, capsys) -> Path:
    base = dutch_or_german(tmp_path, capsys, "nl")   # Eva excused (A) in round 1
    code, _, err = run(capsys, "pair", base)
    assert code == 0, err
    fill_results(base, "nl", ["1:0"])                 # board 2 (Cor - Dirk): no result yet
    _absent_in_round(base, "Dirk", 2, "A")            # Dirk excused for round 2, Dutch letter
    return base


def _three(tmp_path: Path, base: Path) -> dict[str, tuple[Path, list[str]]]:
    """Each path: its workbook and the command before the action's own arguments."""
    file_book = tmp_path / "file" / "club.xlsx"
    lo_book = tmp_path / "lo" / "club.xlsx"
    ods_dir = tmp_path / "ods"
    for book in (file_book, lo_book):
        book.parent.mkdir()
        shutil.copyfile(base, book)
    ods_dir.mkdir()
    shutil.copyfile(base, ods_dir / "club.xlsx")
    ods_book = _to_ods(ods_dir / "club.xlsx", ods_dir)
    (ods_dir / "club.xlsx").unlink()
    return {"xlsx": (file_book, []), "lo-run": (lo_book, ["lo-run"]), "ods": (ods_book, [])}


def _run_action(capsys, how: str, book: Path, action: str, *args: str) -> tuple[int, str, str]:
    argv = (["lo-run", book, action, *args] if how == "lo-run" else [action, book, *args])
    code, out, err = run(capsys, *argv)
    return code, out.replace(str(book), "BOOK"), err.replace(str(book), "BOOK")


@needs_lo
def test_the_same_action_prints_the_same_lines_on_every_path(office, season, tmp_path, capsys):
    paths = _three(tmp_path, season)
    printed = {}
    for how, (book, _) in paths.items():
        standings = _run_action(capsys, how, book, "standings")
        pairing = _run_action(capsys, how, book, "pair", "--force")
        printed[how] = (standings, pairing)
        assert standings[0] == 0 and pairing[0] == 0, (how, standings, pairing)
    (_code, out, err), (_pcode, pout, perr) = printed["xlsx"]
    # the notes on standard error, once, in Dutch; the table on standard output
    assert out.splitlines()[0] == "Stand na ronde 1", out
    assert err.splitlines().count(NOTE) == 1 and NOTE not in out, err
    assert "Stand na ronde 1 geschreven naar BOOK" in err  # "{sheet} na ronde {round} ..."
    # the absence with the letter the club types (A: afgemeld), not the built-in E
    assert "Afwezig: Dirk (A)" in pout.splitlines(), pout
    assert pout.splitlines()[0] == "Ronde 2"
    assert "Indeling voor ronde 2 geschreven naar BOOK" in perr
    for how in ("lo-run", "ods"):
        assert printed[how] == printed["xlsx"], how


@needs_lo
def test_paired_again_is_said_on_every_path(office, tmp_path, capsys):
    """``pair --repair`` (round 1 again, no result typed yet): the heading says so on the
    .xlsx, through lo-run and on the .ods (the .ods path dropped it)."""
    base = dutch_or_german(tmp_path, capsys, "nl")
    assert run(capsys, "pair", base)[0] == 0
    paths = _three(tmp_path, base)
    seen = {}
    for how, (book, _) in paths.items():
        code, out, err = _run_action(capsys, how, book, "pair", "--round", "1", "--repair")
        assert code == 0, (how, err)
        seen[how] = (out, err)
        assert out.splitlines()[0] == "Ronde 1 (opnieuw ingedeeld)", (how, out)
    assert seen["lo-run"] == seen["ods"] == seen["xlsx"]


@needs_lo
def test_the_button_carries_the_same_notes_and_letters(office, season, tmp_path, capsys):
    """The macro behind a button (front libreoffice): the box wording shared with Excel, the
    same notes as the command line's, the refusal's exit code decided by describe."""
    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.frontends.shown import Outcome

    book = tmp_path / "button.xlsx"
    shutil.copyfile(season, book)
    cli_book = tmp_path / "cli.xlsx"
    shutil.copyfile(season, cli_book)
    box = Outcome.of_answer(lo_run.run_macro(book, ActionRequest("standings")))
    assert box.status == "ok" and box.exit_code == 0 and not box.out
    assert box.box_text.startswith("De stand na ronde 1 staat op het blad Stand."), box.box_text
    assert NOTE[len("let op: "):] in box.box_text and box.language == "nl"
    code, _, err = run(capsys, "standings", cli_book)
    assert code == 0 and err.splitlines().count(NOTE) == 1
    assert box.notes == (NOTE[len("let op: "):],)
    pair = Outcome.of_answer(lo_run.run_macro(book, ActionRequest("pair", force=True)))
    # four present (Dirk excused), two boards; the box counts the absent as Excel's does
    assert pair.box_text.startswith("Ronde 2 is ingedeeld: 2 borden, afwezig: 1. De indeling "
                                    "staat op het blad Indeling;"), pair.box_text
    assert pair.report["absent"] == {"Dirk": "E"}  # the JSON data keeps the built-in code
    again = Outcome.of_answer(lo_run.run_macro(book, ActionRequest("pair")))
    assert (again.status, again.exit_code, again.hint) == ("refused", 1, "force")
