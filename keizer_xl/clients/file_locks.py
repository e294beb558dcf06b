"""The locks of the files keizer-xl writes: an exclusive lock (``filelock``) for a whole
read-modify-write in ``.~keizer-xl.club.xlsx.lock`` beside the workbook, so two runs never both
write it (the second is told it is busy); a report gets the same lock, removed afterwards.
"""
from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from filelock import FileLock, Timeout

from keizer_xl.clients.files import TEMP_PREFIX, WorkbookFileError
from keizer_xl.errors import Message

#: seconds a run waits for another run on the same workbook before it says "busy"
LOCK_TIMEOUT = 10.0

_locks: dict[str, FileLock] = {}


def lock_path(book: str | os.PathLike[str]) -> Path:
    """``club.xlsx`` -> ``.~keizer-xl.club.xlsx.lock`` beside it."""
    p = Path(book)
    return p.with_name(f"{TEMP_PREFIX}{p.name}.lock")


def _lock_timeout() -> float:
    text = os.environ.get("KEIZER_XL_LOCK_TIMEOUT")
    if text:
        try:
            value = float(text)
        except ValueError:
            return LOCK_TIMEOUT
        if 0 <= value <= 3600:
            return value
    return LOCK_TIMEOUT


@contextmanager
def workbook_lock(book: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock of ``book`` (re-entrant within this process).

    Raises :class:`WorkbookFileError` when another run holds it for longer than ``timeout``
    seconds, or when the lock file cannot be made (a read-only folder)."""
    target = Path(os.path.realpath(book))
    lp = lock_path(target)
    key = str(lp)
    lock = _locks.get(key)
    if lock is None:
        # thread_local=False: one lock per workbook per process, whichever thread takes it
        lock = FileLock(str(lp), thread_local=False)
        _locks[key] = lock
    wait = _lock_timeout() if timeout is None else timeout
    try:
        lock.acquire(timeout=wait)
    except Timeout:
        raise _busy(Path(book).name) from None
    except OSError as exc:
        raise _no_lock_file(Path(book).name, target.parent, exc) from exc
    try:
        yield
    finally:
        lock.release()


def _busy(name: str) -> WorkbookFileError:
    return WorkbookFileError(Message(
        "{name} is busy: another keizer-xl run (a command or a button) is working on it. "
        "Wait until it has finished and run this again; nothing was written.", name=name))


def _no_lock_file(name: str, folder: Path, exc: OSError) -> WorkbookFileError:
    return WorkbookFileError(Message(
        "{name} cannot be written: no file can be made in its folder {folder} ({reason}). "
        "Copy the workbook to a folder you can write to; nothing was written.",
        name=name, folder=str(folder), reason=str(exc.strerror or exc)))


#: the report locks this process holds (re-entrant, like :func:`workbook_lock`)
_outputs_held: set[str] = set()


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        with suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def output_lock(target: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """The lock of a report (``export``'s files, a macro file): as :func:`workbook_lock`, but
    the lock file is removed when the write is done (issue 26).  Safe against a concurrent
    writer: the holder removes it while still holding the lock, and a run that then gets the
    lock on the removed file sees the name no longer leads to it (``os.path.samestat``) and
    tries again (lock-and-verify).  On Windows the holder lets go first, then removes it."""
    real = Path(os.path.realpath(target))
    lp = lock_path(real)
    key = str(lp)
    if key in _outputs_held:
        yield
        return
    wait = _lock_timeout() if timeout is None else timeout
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as exc:
            raise _no_lock_file(real.name, real.parent, exc) from exc
        try:
            if _try_lock(fd):
                try:
                    current = os.path.samestat(os.fstat(fd), os.stat(lp))
                except FileNotFoundError:
                    current = False
                if current:
                    break
                _unlock(fd)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        if time.monotonic() >= deadline:
            raise _busy(Path(target).name)
        time.sleep(0.05)
    _outputs_held.add(key)
    try:
        yield
    finally:
        _outputs_held.discard(key)
        if sys.platform != "win32":
            with suppress(OSError):
                os.unlink(lp)  # still held: see above
        _unlock(fd)
        os.close(fd)
        if sys.platform == "win32":  # pragma: no cover - fails while another run has it open
            with suppress(OSError):
                os.unlink(lp)
