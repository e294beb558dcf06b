"""The one atomic writer: every file keizer-xl writes goes through :func:`replacing`, in the
steps docs/safety.md lists (the target's lock; stale temporary files removed; a temporary file
beside the target, created with the signals held back; flushed, zip-checked when asked, given
the old file's permissions, the old version kept when asked; ``os.replace`` and the record in
:data:`files.written` together or neither).  Any failure removes the temporary file and leaves
the target as it was; errors are raised as they come, each caller words them for its file.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
import zipfile
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO
from collections.abc import Iterator

from keizer_xl.clients import backup_files, file_locks, files, temp_files

#: names that are workbooks whatever is written: locked with the workbook's lasting lock
_WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")


def _mode(target: Path) -> int | None:
    """The permissions the new file gets: the old file's, or what a new file would get."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    except OSError:
        return None


@contextmanager
def replacing(target: str | os.PathLike[str], *, backup: bool = False, zip_check: bool = False,
              check: bool = False, in_place: bool = False) -> Iterator[IO[bytes]]:
    """Write ``target`` atomically: the body writes to the yielded temporary file (its ``name``
    is its path, for writers that close it and write the path themselves); when the body ends
    without an exception it replaces ``target``, else it is removed.

    ``backup``: keep the old ``target`` in ``.keizer-backups/`` first.  ``zip_check``: refuse a
    result that is no complete zip archive.  ``check``: refuse a target open in Excel or
    LibreOffice or read-only (:func:`files.check_can_write`), before even the lock file is made.
    ``in_place``: the write rewrites this run's input on purpose (the weekly save).  Always
    refused here, so no caller can forget it: :func:`files.refuse_unsafe_target`.  A workbook
    is locked with :func:`file_locks.workbook_lock` (its lock file stays), a report with
    :func:`file_locks.output_lock` (removed afterwards, issue 26)."""
    path = Path(target)
    folder = path.parent
    kind = "zip" if zip_check else "text"
    files.refuse_unsafe_target(path, kind=kind, in_place=in_place)
    _folder_exists(folder)
    if check:
        files.check_can_write(path)  # first: a read-only folder gets no lock file either
    workbook = zip_check or path.suffix.lower() in _WORKBOOK_SUFFIXES
    with (file_locks.workbook_lock(path) if workbook else file_locks.output_lock(path)):
        files.refuse_unsafe_target(path, kind=kind, in_place=in_place)  # again, locked
        if check:
            files.check_can_write(path)
        temp_files.remove_stale_temps(path)
        mode = _mode(path)
        name: str | None = None
        try:
            with temp_files.signals_deferred():  # created and remembered for clean-up, or neither
                fh = temp_files.temp_file(path)
                name = fh.name
            with fh:
                yield fh
                synced = not fh.closed
                if synced:
                    fh.flush()
                    os.fsync(fh.fileno())
            if not synced:  # the body closed the file and wrote its path itself
                with open(name, "rb") as written:
                    os.fsync(written.fileno())
            if zip_check:
                with zipfile.ZipFile(name) as archive:
                    bad = archive.testzip()
                    if bad is not None:
                        raise OSError(f"the written part {bad} does not read back")
            if mode is not None:
                os.chmod(name, mode)
            if backup and path.exists():
                backup_files.keep_backup(path)
            with temp_files.signals_deferred():  # replaced and recorded as written, or neither
                os.replace(name, path)
                name = None
                files.written.append(path)
            _fsync_folder(folder)
        finally:
            if name is not None:
                with suppress(OSError):
                    os.unlink(name)


def write_bytes(target: str | os.PathLike[str], data: bytes, *, backup: bool = False,
                zip_check: bool = False, check: bool = False, in_place: bool = False) -> None:
    with replacing(target, backup=backup, zip_check=zip_check, check=check,
                   in_place=in_place) as fh:
        fh.write(data)


def write_text(target: str | os.PathLike[str], text: str) -> None:
    """``text`` (UTF-8) to ``target`` through :func:`replacing` (an export: the old file stays
    whole until the new one is complete)."""
    write_bytes(target, text.encode("utf-8"))


@contextmanager
def scratch_folder(target: str | os.PathLike[str]) -> Iterator[Path]:
    """A hidden folder beside ``target`` to prepare its new version in (tools that need a real
    file of their own, e.g. pyOpenVBA), removed afterwards.  Named like the temporary files of
    ``target``, so a killed run's folder is removed by the next write of ``target``; the new
    version then goes to ``target`` through :func:`replacing`.  Holds the target's lock."""
    path = Path(target)
    made: str | None = None
    _folder_exists(path.parent)
    # under the target's lock: the next run's clean-up must not take it away meanwhile
    with file_locks.workbook_lock(path):
        temp_files.remove_stale_temps(path)  # a killed run's draft (an import's: players' names)
        try:
            with temp_files.signals_deferred():  # created and remembered for clean-up, or neither
                made = tempfile.mkdtemp(dir=path.parent, prefix=temp_files.temp_prefix(path),
                                        suffix=".tmp")
                temp_files.live_temps.add(os.path.realpath(made))
            yield Path(made)
        finally:
            if made is not None:
                shutil.rmtree(made, ignore_errors=True)
                temp_files.live_temps.discard(os.path.realpath(made))


def _folder_exists(folder: Path) -> None:
    """A missing folder is an error (the lock would quietly make it, with its parents)."""
    if not os.path.isdir(folder or "."):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(folder))


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
