"""Start-up: a command imports only what it needs (issue 12, item 3).

`keizer-xl --help` and `keizer-xl COMMAND --help` load none of pandas, numpy, openpyxl, xlwings
or networkx; `standings`, `pair` and `check` (also when the workbook has problems) read and
write the workbook without pandas.  Each case runs the command line in a fresh interpreter and
lists the heavy packages it loaded (as tests/test_public_api.py does for `import keizer_xl`).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"
HEAVY = ("pandas", "numpy", "openpyxl", "xlwings", "networkx")

# run main() as the console script does, then report the heavy top-level packages loaded and
# the exit code on the last line of standard error (the command's own output comes before)
_PROBE = f"""
import json, sys
from keizer_xl.frontends.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as e:  # argparse's --help
    code = e.code
heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))
sys.stderr.write('\\n' + json.dumps({{'code': code, 'heavy': heavy}}) + '\\n')
"""


def loaded(*argv: str | Path) -> tuple[int, list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    out = subprocess.run([sys.executable, "-c", _PROBE, *map(str, argv)], capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120)
    last = json.loads(out.stderr.strip().splitlines()[-1])
    return last["code"], last["heavy"]


def test_help_loads_no_heavy_package() -> None:
    assert loaded("--help") == (0, [])


@pytest.mark.parametrize("command", ["standings", "pair", "check", "new", "batch", "explain",
                                     "export", "compare", "lo-run", "excel-setup"])
def test_a_commands_help_loads_no_heavy_package(command: str) -> None:
    assert loaded(command, "--help") == (0, [])


def test_a_usage_error_loads_no_heavy_package(tmp_path: Path) -> None:
    assert loaded("standings", tmp_path / "missing.xlsx") == (2, [])


def test_standings_and_pair_write_the_workbook_without_pandas(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    before = openpyxl.load_workbook(book)["Results"].max_row
    # issue 25: the file client reads and writes the workbook without openpyxl
    assert loaded("standings", book) == (0, ["numpy"])
    # the title line in row 1, the header row under it (issue 9: every engine sheet titled)
    assert openpyxl.load_workbook(book)["Standings"]["A3"].value == "Rank"
    assert loaded("pair", book, "--force") == (0, ["numpy"])
    assert openpyxl.load_workbook(book)["Results"].max_row > before  # the new round's games


def test_check_and_its_problem_report_need_no_pandas(tmp_path: Path) -> None:
    assert loaded("check", SAMPLE) == (0, ["numpy"])
    book = tmp_path / "bad.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    ws = wb["Results"]
    ws.cell(row=2, column=5, value="2-0")  # not a result: a problem with its cell
    wb.save(book)
    code, heavy = loaded("check", book)
    assert code == 1 and "pandas" not in heavy


def test_the_cycle_collector_is_paused_for_one_workbook_and_on_again_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A command on one workbook runs with the collector paused (openpyxl's objects live until
    the end anyway); main() leaves it on as it found it, also when the command fails."""
    import gc

    from keizer_xl.frontends import cli, cli_season

    seen: list[bool] = []
    real = cli_season.cmd_check

    def spy(args: object) -> object:
        seen.append(gc.isenabled())
        return real(args)

    monkeypatch.setattr(cli_season, "cmd_check", spy)
    book = tmp_path / "club.xlsx"
    shutil.copyfile(SAMPLE, book)
    assert gc.isenabled()
    assert cli.main(["check", str(book)]) == 0
    assert gc.isenabled()
    assert cli.main(["check", str(tmp_path / "missing.xlsx")]) == 2  # a failure: on again too
    assert seen == [False, False] and gc.isenabled()


def test_the_command_lines_languages_are_the_engines() -> None:
    # the parser takes them from the catalogs (core.rules is not imported for --help, issue 25)
    from keizer_xl.core.settings import LANGUAGES
    from keizer_xl.frontends.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and "standings" in a.choices)
    language = next(a for a in sub.choices["standings"]._actions if a.dest == "language")
    assert tuple(language.choices) == LANGUAGES
