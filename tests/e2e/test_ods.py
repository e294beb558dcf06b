""".ods season workbooks with every command (issue 11): read through a copy that headless
LibreOffice converts, written by the LibreOffice macro (as `lo-run`).  LibreOffice is slow, so
one test runs the commands in a row on one workbook; without LibreOffice the message is tested."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from keizer_xl.clients import backup_files, lo_install, lo_run
from keizer_xl.frontends.cli import main

from support.helpers import keizer_example_sheets, make_workbook

SOFFICE = lo_run.find_soffice()
UNO = lo_run.find_uno_python(SOFFICE) if SOFFICE else None
needs_lo = pytest.mark.skipif(SOFFICE is None or UNO is None,
                              reason="LibreOffice (soffice and python3-uno) is not installed")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_without_libreoffice_an_ods_is_a_clear_usage_error(tmp_path, capsys, monkeypatch):
    book = tmp_path / "club.ods"
    with zipfile.ZipFile(book, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
    monkeypatch.setenv("KEIZER_XL_SOFFICE", str(tmp_path / "no-soffice-here"))
    monkeypatch.delenv(lo_run.CONNECT_ENV, raising=False)
    for argv in (["check"], ["standings", "--no-write"], ["pair", "--dry-run"], ["pair"],
                 ["standings"], ["explain", "X"], ["export", "--csv"]):
        code, _out, err = run(capsys, argv[0], book, *argv[1:])
        assert code == 2, (argv, err)
        assert "LibreOffice" in err and ("not found" in err or "was not found" in err), err
        assert "Traceback" not in err


def _to_ods(xlsx: Path) -> Path:
    profile = (xlsx.parent / "lo-profile").as_uri()
    subprocess.run([SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                    "--convert-to", "ods", "--outdir", str(xlsx.parent), str(xlsx)],
                   check=True, capture_output=True, timeout=180,
                   env=lo_install.office_env(UNO))
    return xlsx.with_suffix(".ods")


@needs_lo
def test_every_command_on_an_ods(tmp_path, capsys):
    xlsx = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    book = _to_ods(xlsx)
    xlsx.unlink()
    reference = make_workbook(tmp_path / "ref.xlsx", keizer_example_sheets())
    before = book.read_bytes()

    code, out, err = run(capsys, "check", book)
    assert code == 0 and "club.ods: no problems found" in err, err
    code, out, err = run(capsys, "standings", book, "--no-write", "--format", "json")
    assert code == 0, err
    assert json.loads(out) == json.loads(run(capsys, "standings", reference, "--no-write",
                                             "--format", "json")[1])
    code, dry, err = run(capsys, "pair", book, "--dry-run")
    assert code == 0, err
    assert dry == run(capsys, "pair", reference, "--dry-run")[1]
    code, out, err = run(capsys, "export", book, "--csv")
    # one CSV layout, with or without groups (issue 33): a Group column first
    csv_text = (tmp_path / "club.csv").read_text(encoding="utf-8-sig")
    assert code == 0 and csv_text.startswith("Group,Rank")
    assert book.read_bytes() == before  # reading never touches the .ods

    # writing: the LibreOffice macro, as `keizer-xl lo-run`; the old version is kept
    code, out, err = run(capsys, "pair", book)
    assert code == 0, err
    # the same lines as on an .xlsx (issue 15): the macro words them for the command line
    assert out == dry and f"Wrote Pairings for round 3 to {book} and added its games" in err
    assert [b.read_bytes() for b in backup_files.backups(book)] == [before]
    code, out, err = run(capsys, "pair", book, "--dry-run", "--force")
    assert code == 0 and out.startswith("Round 4"), (out, err)   # round 3 was written
    # open elsewhere: refused like an .xlsx
    (tmp_path / ".~lock.club.ods#").write_text("Ann,ann,clubpc,24.11.2026 20:01,x;")
    code, _, err = run(capsys, "standings", book)
    assert code == 1 and "open in LibreOffice by Ann" in err
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob("keizer-xl-ods-*"))
