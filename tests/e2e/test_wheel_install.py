"""The package as a volunteer installs it (issue 16 item 2): the built wheel holds the
templates, catalogs and macros, installs into a fresh virtual environment, and its
`keizer-xl` runs `new`, `pair` and `standings` from there, outside the source tree.

The venv is the README's recipe (`python3 -m venv ENV`, `ENV/bin/pip install WHEEL`): isolated,
without the system's or the developer's site-packages, so pip installs every dependency the
wheel declares from the package index (the machine's pip configuration, as a volunteer's would
be). The commands run with no PYTHONPATH, and the test proves the package imported, and its
dependencies, are the venv's copies, not the developer's editable checkout."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import openpyxl
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "-q", "-w", str(out), str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return next(out.glob("keizer_xl-*.whl"))


def test_the_wheel_holds_what_a_user_needs(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    # the season template is built by code (clients/xlsx/new_book.py): `new` works from the wheel
    for needed in ("keizer_xl/clients/xlsx/new_book.py", "keizer_xl/macros/KeizerXL.bas",
                   "keizer_xl/macros/keizer_xl_lo.py", "keizer_xl/py.typed",
                   "keizer_xl/i18n/locale/nl/LC_MESSAGES/keizer_xl.po",
                   "keizer_xl/i18n/locale/de/LC_MESSAGES/keizer_xl.po",
                   "keizer_xl/i18n/locale/nl/LC_MESSAGES/keizer_xl.mo",
                   "keizer_xl/i18n/locale/de/LC_MESSAGES/keizer_xl.mo",
                   "keizer_xl/i18n/locale/fr/LC_MESSAGES/keizer_xl.mo",
                   "keizer_xl/__main__.py"):
        assert needed in names, needed
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "License" in text and "MIT" in text
    assert "Requires-Dist: openpyxl" in text and "Requires-Dist: mypy" not in text.split(
        "Provides-Extra: dev")[0]
    assert any(n.endswith((".dist-info/licenses/LICENSE", ".dist-info/LICENSE"))
               for n in names)


@pytest.mark.slow  # ~25 s: pip fetches and installs pandas, numpy, openpyxl, ... into the venv
def test_a_fresh_venv_runs_new_pair_standings(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=True).create(env_dir)
    assert "include-system-site-packages = false" in (env_dir / "pyvenv.cfg").read_text()
    py = env_dir / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    # the developer's PYTHONPATH (a worktree) or user site would hide what the venv lacks
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "VIRTUAL_ENV")}
    clean["PYTHONNOUSERSITE"] = "1"
    done = subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)],
                          capture_output=True, text=True, cwd=tmp_path, env=clean)
    assert done.returncode == 0, done.stderr
    where = subprocess.run(
        [str(py), "-c", ("import sys, json, keizer_xl, pandas, openpyxl, xlwings;"
         "print(keizer_xl.__file__, pandas.__file__, openpyxl.__file__, xlwings.__file__);"
         "print(json.dumps([p for p in sys.path if 'site-packages' in p]))")],
        capture_output=True, text=True, cwd=tmp_path, env=clean)
    assert where.returncode == 0, where.stderr
    files, site = where.stdout.splitlines()
    # the wheel's copy and its dependencies from the venv, not the source tree or system site
    for file in files.split():
        assert Path(file).resolve().is_relative_to(env_dir.resolve()), (file, where.stdout)
    assert str(ROOT / "keizer_xl") not in files
    for entry in json.loads(site):
        assert Path(entry).resolve().is_relative_to(env_dir.resolve()), site
    exe = env_dir / ("Scripts/keizer-xl.exe" if sys.platform == "win32" else "bin/keizer-xl")
    book = tmp_path / "club.xlsx"

    def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(exe), *args], capture_output=True, text=True, cwd=tmp_path,
                              env={"PATH": str(exe.parent), "HOME": str(tmp_path),
                                   "PYTHONNOUSERSITE": "1", **(env or {})})

    assert run("new", str(book), "--language", "nl").returncode == 0
    wb = openpyxl.load_workbook(book)
    names = ["Anna", "Bert", "Carla", "Dirk"]
    for i, name in enumerate(names, start=2):
        wb["Spelers"].cell(i, 1, name)
        wb["Spelers"].cell(i, 2, 1800 - 10 * i)
    wb.save(book)
    paired = run("pair", str(book))
    assert paired.returncode == 0, paired.stderr
    assert "Anna" in paired.stdout and "Bert" in paired.stdout
    wb = openpyxl.load_workbook(book)
    ws = wb["Uitslagen"]
    header = [c.value for c in ws[1]]
    col = header.index("Uitslag") + 1
    for row in range(2, ws.max_row + 1):
        ws.cell(row, col, "1-0")
    wb.save(book)
    done = run("standings", str(book), env={"KEIZER_XL_TODAY": "2026-03-01"})
    assert done.returncode == 0, done.stderr
    assert "Stand" in openpyxl.load_workbook(book).sheetnames
    assert "Anna" in done.stdout
    # Dutch titles and dates from the compiled catalogs: Babel is a development tool only
    title = openpyxl.load_workbook(book)["Stand"]["A1"].value
    assert "Stand na ronde 1" in title and "1 maart 2026" in title, title
    assert subprocess.run([str(py), "-c", "import babel"], capture_output=True, env=clean,
                          cwd=tmp_path).returncode != 0
