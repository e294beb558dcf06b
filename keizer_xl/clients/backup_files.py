"""The last :data:`KEEP_BACKUPS` versions of a workbook, kept in ``.keizer-backups/`` beside it
as ``<stem>.bak.YYYYMMDD-HHMMSS[-N]<suffix>``; older ones are removed.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import stat
from contextlib import suppress
from datetime import datetime
from pathlib import Path

from keizer_xl.clients import temp_files
from keizer_xl.clients.files import BACKUP_FOLDER

#: how many previous versions of one workbook are kept
KEEP_BACKUPS = 5


def _backup_re(target: Path) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(target.stem)}\.bak\.(\d{{8}}-\d{{6}})(?:-(\d+))?"
                      rf"{re.escape(target.suffix)}")


def backups(book: str | os.PathLike[str]) -> list[Path]:
    """The kept versions of ``book``, oldest first."""
    target = Path(book)
    folder = target.parent / BACKUP_FOLDER
    pattern = _backup_re(target)
    found: list[tuple[str, int, Path]] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        m = pattern.fullmatch(name)
        if m:
            found.append((m.group(1), int(m.group(2) or 1), folder / name))
    return [p for _, _, p in sorted(found)]


def keep_backup(target: Path, data: bytes | None = None) -> Path:
    """Keep the current ``target`` (or ``data``, its earlier bytes) as the newest backup and
    remove all but the newest :data:`KEEP_BACKUPS`.  Call it holding
    :func:`~keizer_xl.clients.file_locks.workbook_lock`."""
    folder = target.parent / BACKUP_FOLDER
    folder.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    source: Path | None = None
    if data is not None:
        with temp_files.temp_file(folder / target.name) as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        source = Path(fh.name)
        with suppress(OSError):
            os.chmod(source, stat.S_IMODE(target.stat().st_mode))
    # after the newest of this second: a number freed by pruning is never taken again, or the
    # new backup would sort before the older ones of the same second (and be pruned itself)
    pattern = _backup_re(target)
    first = 1 + max((int(m.group(2) or 1) for m in map(pattern.fullmatch, os.listdir(folder))
                     if m and m.group(1) == stamp), default=0)
    try:
        for n in range(first, first + 1000):
            dest = folder / (f"{target.stem}.bak.{stamp}{'' if n == 1 else f'-{n}'}{target.suffix}")
            if os.path.lexists(dest):
                continue
            try:
                if source is not None:
                    os.link(source, dest)
                else:
                    # the old version keeps its bytes under a second name; os.replace of the
                    # new version then gives the workbook's name a new file
                    os.link(target, dest)
            except FileExistsError:
                continue
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
                    raise
                # no hard links here (FAT, some network drives): copy, then rename exclusively
                # (the lock keeps other runs of this tool away)
                if source is None:
                    with temp_files.temp_file(folder / target.name) as fh:
                        pass
                    source = Path(fh.name)
                    shutil.copy2(target, source)
                os.replace(source, dest)
                source = None
            break
        else:  # pragma: no cover - a thousand runs in one second
            raise OSError(errno.EEXIST, "too many backups in one second")
    finally:
        if source is not None and os.path.lexists(source):
            os.unlink(source)
    for old in backups(target)[:-KEEP_BACKUPS]:
        with suppress(OSError):
            os.unlink(old)
    return dest
