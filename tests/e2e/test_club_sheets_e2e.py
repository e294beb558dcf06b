"""The club's marks through LibreOffice (issue 25): saved as .xlsx and .ods they survive."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from keizer_xl.frontends.cli import main

from support.club_sheets import REFUSED, season_book


def run(capsys, *argv: object) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice not installed")
def test_the_mark_survives_libreoffice_as_xlsx_and_ods(tmp_path, capsys):
    """Saved again by LibreOffice (as .xlsx and as .ods), the engine's sheets are still its own
    and a club's sheet still the club's."""
    book = season_book(tmp_path / "club.xlsx", "de", club_sheet="Verlauf")
    code, text = run(capsys, "standings", book)
    assert code == 0, text
    code, text = run(capsys, "pair", book, "--force")
    assert code == 0, text
    out = tmp_path / "lo"
    for fmt in ("xlsx", "ods"):
        subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp_path}/profile",
                        "--convert-to", fmt, "--outdir", str(out / fmt), str(book)],
                       check=True, capture_output=True, timeout=180)
    resaved = out / "xlsx" / "club.xlsx"
    for argv in (("standings",), ("pair", "--force")):
        code, text = run(capsys, argv[0], resaved, *argv[1:])
        assert code == 0, (argv, text)
    code, text = run(capsys, "batch", resaved, "--in-place")
    assert code == 1 and "Verlauf" in text and REFUSED["de"] in text, text
    ods = out / "ods" / "club.ods"  # written through LibreOffice: its Rangliste is its own
    code, text = run(capsys, "standings", ods)
    assert code == 0 and "ods" in text, text
