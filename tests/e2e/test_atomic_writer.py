"""The one atomic writer (issue 15, item 2): every path that writes a file goes through
``keizer_xl.clients.atomic``; a run killed during its write leaves at most a temporary file named
after the target, and the next run of the same path removes it.

Each path is run twice: once in a forked child that is killed (SIGKILL) at the moment it would
move the finished temporary file over the target, then normally in this process."""
from __future__ import annotations

import ast
import io
import os
import signal
import zipfile
from pathlib import Path
from collections.abc import Callable

import openpyxl
import pytest

from keizer_xl.clients import (atomic, backup_files, file_locks, files, lo_install, lo_views,
                               temp_files)
from keizer_xl.clients.xlsx import open_book
from keizer_xl.frontends.cli import main

from support.helpers import keizer_example_sheets, make_workbook

PKG = Path(__file__).resolve().parents[2] / "keizer_xl"


def killed_while_replacing(run: Callable[[], object]) -> None:
    """Run ``run`` in a forked child that kills itself with SIGKILL instead of os.replace: the
    state a power cut or kill -9 leaves after the new version was complete."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            def die(*_args: object, **_kw: object) -> None:
                os.kill(os.getpid(), signal.SIGKILL)

            os.replace = die  # type: ignore[assignment]
            file_locks._locks.clear()  # filelock refuses a lock object inherited across fork
            run()
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status


def leftovers(target: Path) -> list[str]:
    """What a killed write of ``target`` left: its temporary files (and scratch folders)."""
    prefix = temp_files.temp_prefix(target)
    found = [p.name for p in target.parent.iterdir() if p.name.startswith(prefix)
             and p.name.endswith(".tmp")]
    backups = target.parent / files.BACKUP_FOLDER
    if backups.is_dir():
        found += [p.name for p in backups.iterdir() if p.name.endswith(".tmp")]
    return sorted(found)


def ods_file(path: Path, settings: bytes | None) -> bytes:
    """A minimal .ods package (mimetype first and stored, as the format requires)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                   compress_type=zipfile.ZIP_STORED)
        z.writestr("content.xml", "<office:document-content/>")
        if settings is not None:
            z.writestr("settings.xml", settings)
    path.write_bytes(buffer.getvalue())
    return buffer.getvalue()


# --------------------------------------------------------------------------- every path


def _workbook(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    path = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())

    def save() -> None:
        book = open_book(path)
        book.set_cells("Players", {(2, 1): "Jansen"})  # a cell written: a plain rewrite
        book.save()
    return path, save


def _export_html(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    return tmp_path / "club.html", lambda: main(["export", str(book), "--html"])


def _export_csv(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    return tmp_path / "club.csv", lambda: main(["export", str(book), "--csv"])


def _ods_settings(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    path = tmp_path / "club.ods"
    original = ods_file(path, b"<office:settings>ViewId</office:settings>")
    ods_file(path, None)  # as a headless save left it: without the view settings
    return path, lambda: lo_views.restore_ods_settings(path, original)


def _xlsx_views(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    path = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    original = path.read_bytes()
    return path, lambda: lo_views.restore_xlsx_views(path, original, ["Players"], {"Players": 1})


def _lo_macro(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    profile = tmp_path / "profile"
    folder = lo_install.scripts_folder(profile)
    return folder / lo_install.MACRO_NAME, lambda: lo_install.install_macro(profile)


def _export_vba(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    from keizer_xl.clients import vba_files

    folder = tmp_path / "vba"
    return folder / "xlwings.bas", lambda: vba_files.export_vba(folder)


def _build_xlsm(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    from keizer_xl.clients.xlsm_build import build_xlsm

    target = tmp_path / "club.xlsm"
    return target, lambda: build_xlsm(target, force=True, platform="win", python="python.exe",
                                      pythonpath="")


def _refresh_xlsm(tmp_path: Path) -> tuple[Path, Callable[[], object]]:
    from keizer_xl.clients.xlsm_build import build_xlsm, refresh_xlsm

    target = tmp_path / "club.xlsm"
    build_xlsm(target, platform="win", python="python.exe", pythonpath="")
    return target, lambda: refresh_xlsm(target, platform="win", python="python.exe",
                                        pythonpath="")


PATHS = {"workbook save": _workbook, "export html": _export_html, "export csv": _export_csv,
         "ods view settings": _ods_settings, "xlsx view settings": _xlsx_views,
         "LibreOffice macro": _lo_macro, "VBA files": _export_vba, "xlsm build": _build_xlsm,
         "xlsm refresh": _refresh_xlsm}


@pytest.mark.parametrize("name", list(PATHS))
def test_a_killed_write_is_cleaned_up_by_the_next_run(tmp_path, name):
    target, run = PATHS[name](tmp_path)
    before = target.read_bytes() if target.exists() else None
    killed_while_replacing(run)
    left = leftovers(target)
    assert left and all(n.startswith(temp_files.temp_prefix(target)) for n in left), left
    # the target is untouched: the old version (or still none)
    assert (target.read_bytes() if target.exists() else None) == before
    run()
    assert leftovers(target) == []
    assert target.exists()


def test_temporary_files_of_older_versions_are_cleaned_too(tmp_path):
    """Names the earlier writers used (lo_run's view restore and macro install)."""
    path = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    old = [tmp_path / f".~club.{4242}.views.tmp", tmp_path / f".club.xlsx.{4242}.tmp"]
    for p in old:
        p.write_bytes(b"half")
    keep = tmp_path / ".club-notes.tmp"  # not a name any writer used: left alone
    keep.write_bytes(b"mine")
    atomic.write_bytes(path, path.read_bytes(), zip_check=True)
    assert not any(p.exists() for p in old) and keep.exists()


def test_a_failing_writer_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "club.html"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic.replacing(target) as fh:
        fh.write(b"half a page")
        raise RuntimeError("the renderer failed")
    assert target.read_text() == "old" and leftovers(target) == []


def test_a_damaged_zip_is_refused(tmp_path):
    target = tmp_path / "club.xlsx"
    target.write_bytes(b"old")
    with pytest.raises(zipfile.BadZipFile):
        atomic.write_bytes(target, b"PK\x03\x04 not a whole archive", zip_check=True)
    assert target.read_bytes() == b"old" and leftovers(target) == []


def test_backups_and_permissions_are_kept(tmp_path):
    target = tmp_path / "club.xlsm"
    buffer = io.BytesIO()
    openpyxl.Workbook().save(buffer)
    target.write_bytes(b"the old version")
    os.chmod(target, 0o640)
    atomic.write_bytes(target, buffer.getvalue(), backup=True, zip_check=True)
    assert target.read_bytes() == buffer.getvalue()
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)
    (kept,) = backup_files.backups(target)
    assert kept.read_bytes() == b"the old version"


# --------------------------------------------------------------------------- one writer


def test_no_other_module_replaces_files_itself():
    """os.replace / os.rename and hand-made temporary files only in the writer (atomic.py),
    the backup rotation (backup_files.py) and the temporary files' maker (temp_files.py).  The
    LibreOffice macro file runs inside LibreOffice and writes only its answer to the command
    line (a temporary file in a temporary folder)."""
    allowed = {PKG / "clients" / "atomic.py", PKG / "clients" / "backup_files.py",
               PKG / "clients" / "temp_files.py", PKG / "macros" / "keizer_xl_lo.py"}
    banned = {("os", "replace"), ("os", "rename"), ("tempfile", "mkstemp"),
              ("tempfile", "NamedTemporaryFile")}
    found = []
    for path in sorted(PKG.rglob("*.py")):
        if path in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and (node.value.id, node.attr) in banned:
                found.append(f"{path.relative_to(PKG)}:{node.lineno} {node.value.id}.{node.attr}")
    assert found == []
    assert not hasattr(files, "write_text_atomically")  # the export's own writer is gone


def test_a_missing_folder_is_an_error_and_is_not_made(tmp_path, capsys):
    """The lock library would make the folder (and its parents) for its lock file."""
    book = make_workbook(tmp_path / "club.xlsx", keizer_example_sheets())
    with pytest.raises(FileNotFoundError):
        atomic.write_text(tmp_path / "web" / "club.html", "<html/>")
    assert main(["export", str(book), "--html", "--out", str(tmp_path / "web" / "x.html")]) == 1
    assert "could not be written" in capsys.readouterr().err
    assert not (tmp_path / "web").exists()
