"""The catalogs through the tools that ship them: msgfmt accepts them, the wheel holds them and a
fresh venv's keizer-xl speaks them."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from keizer_xl.i18n import CATALOG_LANGUAGES, po_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_msgfmt_accepts_the_catalogs(lang):
    done = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(po_path(lang))],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_catalogs_are_in_the_wheel(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    wheel = next(tmp_path.glob("keizer_xl-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in CATALOG_LANGUAGES:
        assert f"keizer_xl/i18n/locale/{lang}/LC_MESSAGES/keizer_xl.po" in names
        assert f"keizer_xl/i18n/locale/{lang}/LC_MESSAGES/keizer_xl.mo" in names
    assert "keizer_xl/sheets/schema.py" in names
    # installed from the wheel (not this tree), the catalogs translate
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (f"import keizer_xl.i18n as i; "
            f"assert str(i.LOCALE_DIR).startswith({str(target)!r}), i.LOCALE_DIR; "
            "print(i.translator('de')('Round {round}', round=2))")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Runde 2"
