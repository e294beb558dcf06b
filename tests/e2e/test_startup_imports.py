"""Start-up of `standings` and `pair` (issue 25, speed): what every run imports.

A module a run does not use is imported where it is used, not at the top of a module every
run loads (the timings are in benchmarks/bench_cli.py and docs/engine-and-speed.md; no test
here is timed).  Each case runs the command line in a fresh interpreter on a copy of the
sample season and lists which of the modules below it loaded; and the parser, which gets the
arguments of only the command the command line names, answers every command line as the
parser of all the commands does.
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"

#: what neither command needs: the macro answer and the table of button actions (the
#: buttons' and lo-run's), the renderers' JSON (--format json), difflib (a misspelt or
#: look-alike name), html's table of entities (a text with a character reference: the sample
#: has none), pandas, openpyxl, and Babel (a Dutch, German or French workbook's messages and
#: dates come from the compiled catalogs: keizer_xl/i18n, sheets/titles.py)
NOT_FOR_EITHER = ("keizer_xl.app.macro_answer", "keizer_xl.app.button_actions", "json", "difflib",
                  "html", "pandas", "openpyxl", "babel")
#: the row shifter (rows moved: pair only) and the pairing
NOT_FOR_STANDINGS = ("keizer_xl.clients.xlsx.rowshift", "keizer_xl.app.pair")
WATCHED = NOT_FOR_EITHER + NOT_FOR_STANDINGS

# the modules watched are listed before the probe imports anything to print them
_PROBE = f"""
import sys
from keizer_xl.frontends.cli import main
code = main(sys.argv[1:])
loaded = sorted(set({WATCHED!r}) & set(sys.modules))
sys.stderr.write('\\n' + repr((code, loaded)) + '\\n')
"""


def loaded(*argv: str | Path) -> tuple[int, list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    out = subprocess.run([sys.executable, "-c", _PROBE, *map(str, argv)], capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120)
    code, modules = ast.literal_eval(out.stderr.strip().splitlines()[-1])
    return code, modules


def test_standings_imports_none_of_what_it_does_not_use(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    assert loaded("standings", book) == (0, [])


def test_pair_imports_none_of_what_it_does_not_use(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    # the new round's rows are inserted into Results: the row shifter is pair's own
    assert loaded("pair", book, "--force") == (0, ["keizer_xl.app.pair",
                                                   "keizer_xl.clients.xlsx.rowshift"])


def _dutch_book(path: Path) -> Path:
    from keizer_xl.app.write_season import write_season
    from keizer_xl.analysis.simulate import simulate_season
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.clients.xlsx.new_book import build_template

    build_template(path, rounds=8, language="nl")
    book = open_book(path)
    write_season(book, simulate_season(12, 5, seed=3))
    book.save()
    return path


def test_a_dutch_workbook_is_worked_on_without_babel(tmp_path: Path) -> None:
    """The Dutch messages, sheet titles and dates come from the compiled catalog: Babel's
    import and its .po reader were some 45 ms of every Dutch command, its dates 13 (issue 25)."""
    book = _dutch_book(tmp_path / "club.xlsx")
    for argv in (["standings", book], ["pair", book, "--force"]):
        code, modules = loaded(*argv)
        assert code == 0 and "babel" not in modules, (argv, modules)
    assert "Stand na ronde 5" in str(openpyxl.load_workbook(book)["Stand"]["A1"].value)


def test_what_is_deferred_is_still_there_when_asked_for(tmp_path: Path) -> None:
    """--format json prints JSON (json is imported then): the deferred import works."""
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    code, mods = loaded("standings", book, "--no-write", "--format", "json")
    assert code == 0 and "json" in mods


# ---------------------------------------------------------------------------------- the parser

def _parse(words: list[str], only_named: bool) -> tuple[object, str, str, dict[str, object]]:
    """What ``keizer-xl WORDS`` parses to or prints (exit code, stdout, stderr), with the
    parser of the named commands (as main() builds it) or of all of them."""
    from keizer_xl.frontends import cli
    from keizer_xl.frontends.cli_common import (argparse_language, language_before_reading,
                                                language_given)

    first = language_given(words) or language_before_reading(words)
    out, err = io.StringIO(), io.StringIO()
    code: object = None
    parsed: dict[str, object] = {}
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            with argparse_language(first):
                parser = cli.build_parser(first, words if only_named else None)
                parsed = vars(parser.parse_args(words))
        except SystemExit as e:
            code = e.code
    return code, out.getvalue(), err.getvalue(), parsed


def _command_lines() -> list[list[str]]:
    lines = [[], ["-h"], ["--help"], ["nope"], ["-1"], ["--bogus"], ["--", "standings", "a.xlsx"],
             ["-h", "standings"], ["standings", "a.xlsx", "pair"],
             ["pair", "a.xlsx", "--language", "nl", "--round", "z"]]
    for c in COMMANDS:
        lines += [[c.name], [c.name, "--help"], [c.name, "a.xlsx"], [c.name, "a.xlsx", "--bogus"],
                  [c.name, "a", "b", "c", "d"], ["--bogus", c.name, "a.xlsx"],
                  [c.name, "--language", "de", "--help"], [c.name, "--language", "fr"],
                  [c.name, "--round", "x", "a.xlsx"]]
    return lines


@pytest.mark.parametrize("words", _command_lines(), ids=" ".join)
def test_the_parser_of_the_named_command_answers_as_the_whole_parser(words: list[str]) -> None:
    whole = _parse(words, only_named=False)
    assert _parse(words, only_named=True) == whole
    assert whole[1] or whole[2] or whole[3]  # it printed or parsed something to compare


def test_the_parser_of_one_command_lists_all_and_has_only_its_arguments() -> None:
    from keizer_xl.frontends.cli import build_parser

    parser = build_parser(None, ["standings", "club.xlsx"])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == [c.name for c in COMMANDS]
    assert {p.prog for p in sub.choices.values() if len(p._actions) > 1} == {"keizer-xl standings"}


# ------------------------------------------------------------------------ the cycle collector

_COLLECTOR_PROBE = """
import gc, sys
sys.argv[0] = "keizer-xl"  # the installed script's process
from keizer_xl.frontends import cli, cli_reports
seen = [gc.isenabled()]
real = cli_reports.cmd_batch

def spy(args):
    seen.append(gc.isenabled())
    return real(args)

cli_reports.cmd_batch = spy
code = cli.main(sys.argv[1:])
seen.append(gc.isenabled())
sys.stderr.write("\\n" + repr((code, seen)) + "\\n")
"""


def _collector(*argv: str | Path) -> tuple[int, list[bool]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    out = subprocess.run([sys.executable, "-c", _COLLECTOR_PROBE, *map(str, argv)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    code, seen = ast.literal_eval(out.stderr.strip().splitlines()[-1])
    return code, seen


def test_the_command_lines_process_starts_and_ends_with_the_collector_paused(
        tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    # paused from the import on; still paused when main() returns (the process ends)
    assert _collector("check", book) == (0, [False, False])


def test_batch_works_with_the_collector_on(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    code, seen = _collector("batch", book, "--out", tmp_path / "out")
    assert seen == [False, True, True], (code, seen)


# ------------------------------------------------------------------------ the exit

_EXIT_PROBE = """
import atexit, gc, sys
# registered before the command line's own handler, so it runs after it (last in, first out)
atexit.register(lambda: sys.stderr.write("\\nfrozen at exit: %d\\n" % gc.get_freeze_count()))
if sys.argv[1] == "script":
    sys.argv[0] = "keizer-xl"  # the installed script's process
from keizer_xl.frontends import cli
sys.exit(cli.main(sys.argv[2:]))
"""


@pytest.mark.parametrize("process, frozen", [("script", True), ("program", False)])
def test_the_command_lines_process_skips_the_collection_at_exit(tmp_path: Path, process: str,
                                                                frozen: bool) -> None:
    """The script's last exit handler freezes what the process holds, so Python's final
    collection does not walk it (some 20-30 ms of a small standings, issue 25); a program that
    imports the command line keeps its exit as it was.  The workbook is written whole first."""
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    out = subprocess.run([sys.executable, "-c", _EXIT_PROBE, process, "standings", str(book)],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    count = int(out.stderr.strip().splitlines()[-1].rsplit(":", 1)[1])
    assert (count > 0) is frozen, out.stderr
    standings = openpyxl.load_workbook(book)["Standings"]
    assert standings["A4"].value == 1 and standings["B4"].value  # the leader's row is there
