"""The temporary files of a write (:mod:`keizer_xl.clients.atomic`, the one writer), named
``.~keizer-xl.<name>.<random>.tmp`` beside the workbook (a scratch folder likewise); a run
killed half-way (kill -9, power cut) leaves one behind, and the next write of that workbook,
holding the lock, removes it (nobody else can be writing it then).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from keizer_xl.clients.files import BACKUP_FOLDER, TEMP_PREFIX

#: temporary files and scratch folders this process is using: the clean-up of a killed
#: run's leftovers (:func:`remove_stale_temps`) must not take them away
live_temps: set[str] = set()


def temp_prefix(target: Path) -> str:
    """``.~keizer-xl.club.xlsx.``: how the temporary files (and folders) of ``target`` begin."""
    return f"{TEMP_PREFIX}{target.name}."


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold Ctrl+C and SIGTERM back for a few statements that must happen together (a
    temporary file created *and* remembered for clean-up; the file replaced *and* recorded as
    written): the signal is delivered right after, so an interrupted run never leaves a stray
    temporary file or misreports what it wrote.  POSIX only; elsewhere it does nothing."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    wanted = {signal.SIGINT, signal.SIGTERM}
    old = mask(signal.SIG_BLOCK, wanted)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


def temp_file(target: Path) -> IO[bytes]:
    """A new temporary file beside ``target`` (recognisable by its name; not deleted on close)."""
    return tempfile.NamedTemporaryFile(dir=target.parent, prefix=temp_prefix(target),
                                       suffix=".tmp", delete=False)


def _legacy_temp(target: Path) -> re.Pattern[str]:
    # the names of earlier versions: .~club.abcd1234.tmp and .~club.bak.xlsx.<pid>.<id>.tmp;
    # the view restore after a LibreOffice save: .~club.<pid>.views.tmp; the LibreOffice
    # profile's macro: .keizer_xl_lo.py.<pid>.tmp
    stem, name = re.escape(target.stem), re.escape(f"{target.stem}.bak{target.suffix}")
    full = re.escape(target.name)
    return re.compile(rf"\.~(?:{stem}\.[a-z0-9_]{{8}}|{name}\.\d+\.[0-9a-f]+|{stem}\.\d+\.views)\.tmp"
                      rf"|\.{full}\.\d+\.tmp")


def remove_stale_temps(target: Path) -> None:
    """Remove temporary files a killed run left beside ``target`` (and in its backup folder).

    Call it holding :func:`~keizer_xl.clients.file_locks.workbook_lock`: then no other run can
    be writing them."""
    prefix = temp_prefix(target)
    legacy = _legacy_temp(target)
    for folder in (target.parent, target.parent / BACKUP_FOLDER):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if (name.startswith(prefix) and name.endswith(".tmp")) or legacy.fullmatch(name):
                found = folder / name
                if os.path.realpath(found) in live_temps:  # this run's own (an import's draft beside it)
                    continue
                with suppress(OSError):
                    if found.is_dir() and not found.is_symlink():  # a scratch folder
                        shutil.rmtree(found)
                    else:
                        os.unlink(found)
