"""Everything around writing a season workbook file that is not about its content.

* An exclusive lock (the ``filelock`` library) for a whole read-modify-write, in a hidden file
  beside the workbook (``.~keizer-xl.club.xlsx.lock``): two runs on one workbook (two ``pair``
  at once, a button and the command line) never both write; the second one is told the
  workbook is busy.
* Refusing to write a workbook that is open in Excel (``~$club.xlsx``) or LibreOffice
  (``.~lock.club.xlsx#``), that is read-only, or whose folder is read-only.
* Temporary files of a write (:mod:`keizer_xl.clients.atomic`, the one writer) are named
  ``.~keizer-xl.<name>.<random>.tmp`` beside the workbook (a scratch folder likewise);
  a run killed half-way (kill -9, power cut) leaves one behind, and the next write of that
  workbook, holding the lock, removes it (nobody else can be writing it then).
* The last :data:`KEEP_BACKUPS` versions are kept in ``.keizer-backups/`` beside the workbook as
  ``<stem>.bak.YYYYMMDD-HHMMSS[-N]<suffix>``; older ones are removed.

Every refusal is a :class:`WorkbookFileError` whose message is meant for the user and names no
cell (the file as a whole is the problem).
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import time
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import IO
from collections.abc import Iterator

from filelock import FileLock, Timeout

from keizer_xl.errors import N_, ClientError, Message

__all__ = [
    "WorkbookFileError",
    "BACKUP_FOLDER",
    "KEEP_BACKUPS",
    "lock_path",
    "workbook_lock",
    "open_elsewhere",
    "check_can_write",
    "temp_file",
    "remove_stale_temps",
    "temp_prefix",
    "signals_deferred",
    "keep_backup",
    "backups",
    "written",
    "inputs",
    "protect_input",
    "same_file",
    "refuse_unsafe_target",
    "output_lock",
    "file_kind",
    "no_print_only_hint",
    "live_temps",
]

#: the hidden folder beside a workbook that keeps its previous versions
BACKUP_FOLDER = ".keizer-backups"
#: how many previous versions of one workbook are kept
KEEP_BACKUPS = 5
#: seconds a run waits for another run on the same workbook before it says "busy"
LOCK_TIMEOUT = 10.0

_TEMP_PREFIX = ".~keizer-xl."


class WorkbookFileError(ClientError):
    """A workbook file that cannot be read or written; the message is meant for the user."""


#: files this process has replaced (so an interrupted command can say truthfully what it wrote)
written: list[Path] = []

_locks: dict[str, FileLock] = {}

#: the files this run reads as its input (import's SOURCE, the workbook ``export`` and
#: ``new-season`` read, every workbook a command opens): the one writer refuses to put a
#: file over any of them (issue 22) unless the write says it rewrites its input in place
#: (the workbook save of the weekly commands)
inputs: list[Path] = []

#: temporary files and scratch folders this process is using: the clean-up of a killed
#: run's leftovers (:func:`remove_stale_temps`) must not take them away
live_temps: set[str] = set()


def protect_input(path: str | os.PathLike[str]) -> None:
    """Remember ``path`` as an input of this run (see :data:`inputs`)."""
    inputs.append(Path(path))


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` are one file: the same device and inode (any path spelling,
    ``./x``, a symlink, a hard link, another case on a case-insensitive disk), or, when one
    cannot be looked at, the same real path compared as the system compares names."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        pass
    try:
        return (os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b)))
    except (OSError, ValueError):
        return False


#: the first bytes that tell what a file is (a zip archive: .xlsx/.xlsm/.ods; a SQLite
#: database: KeizerForClubs' .s3db; an OLE2 compound file: an old .xls)
_MAGIC = ((b"PK\x03\x04", "zip"), (b"PK\x05\x06", "zip"), (b"SQLite format 3\x00", "sqlite"),
          (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ole2"))
_KIND_WORDS = {"zip": N_("a workbook (zip archive)"), "sqlite": N_("a database (SQLite)"),
               "ole2": N_("an Office file (.xls/.doc)"), "text": N_("a text file")}


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """What the regular file ``path`` holds, by its first bytes: ``zip``, ``sqlite``, ``ole2``
    or ``text`` (anything else); None when it is empty or missing."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError:
        return None
    if not head:
        return None
    return next((kind for magic, kind in _MAGIC if head.startswith(magic)), "text")


def _not_regular(mode: int) -> Message | None:
    if stat.S_ISDIR(mode):
        return Message("a folder")
    if stat.S_ISFIFO(mode):
        return Message("a pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message("a device")
    if stat.S_ISSOCK(mode):
        return Message("a socket")
    if not stat.S_ISREG(mode):
        return Message("not a regular file")
    return None


def refuse_unsafe_target(target: str | os.PathLike[str], *, kind: str,
                         in_place: bool = False) -> None:
    """Refuse (WorkbookFileError) to write ``target`` when it is one of this run's
    :data:`inputs` (unless ``in_place``: the write rewrites its own input on purpose), when it
    is not a regular file (a folder, a pipe, a device), or when it holds a file of another
    kind than the one written (``kind``: ``zip`` for a workbook, ``text`` for a report) when
    that file is a workbook, a database or an Office file:
    ``export club.xlsx --trf club.xlsx`` must not turn the season into a TRF file."""
    path = Path(target)
    if not in_place:
        for source in inputs:
            if same_file(path, source):
                raise WorkbookFileError(Message(
                    "{path} was not written: it is the file this command reads ({source}). "
                    "Give another name for what it writes; nothing was written.",
                    path=str(path), source=str(source)))
    try:
        st = os.stat(path)
    except OSError:
        return  # a new file (or one the write itself reports on)
    what = _not_regular(st.st_mode)
    if what is not None:
        raise WorkbookFileError(Message(
            "{path} was not written: it is {what}, not a file. Give a file name; nothing was "
            "written.", path=str(path), what=what))
    # a workbook, a database or an Office file is never replaced by something else; a text
    # file may be replaced by a workbook (``new --force`` over a stray file: it is backed up)
    there = file_kind(path)
    if there is not None and there != "text" and there != kind:
        raise WorkbookFileError(Message(
            "{path} was not written: it holds {there}, and what was to be written is {kind}. "
            "Give another name (or move that file away first); nothing was written.",
            path=str(path), there=Message(_KIND_WORDS[there]),
            kind=Message(_KIND_WORDS.get(kind, _KIND_WORDS["text"]))))


def lock_path(book: str | os.PathLike[str]) -> Path:
    """``club.xlsx`` -> ``.~keizer-xl.club.xlsx.lock`` beside it."""
    p = Path(book)
    return p.with_name(f"{_TEMP_PREFIX}{p.name}.lock")


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
        raise WorkbookFileError(Message(
            "{name} is busy: another keizer-xl run (a command or a button) is working on it. "
            "Wait until it has finished and run this again; nothing was written.",
            name=Path(book).name)) from None
    except OSError as exc:
        raise WorkbookFileError(Message(
            "{name} cannot be written: no file can be made in its folder {folder} ({reason}). "
            "Copy the workbook to a folder you can write to; nothing was written.",
            name=Path(book).name, folder=str(target.parent),
            reason=str(exc.strerror or exc))) from exc
    try:
        yield
    finally:
        lock.release()


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

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def output_lock(target: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """The exclusive lock of a report keizer-xl writes (``export``'s .html, .csv, .trf; a
    macro file): like :func:`workbook_lock` (the same hidden ``.~keizer-xl.NAME.lock`` beside
    it, the same wait and "busy" message), but the lock file is removed when the write is done,
    so a club folder does not fill with empty lock files (issue 26).

    Why removing it is safe against a concurrent writer: the holder removes the file while it
    still holds the lock; a run that was waiting on the removed file gets its lock and then
    sees that the name no longer leads to the file it locked (``os.path.samestat``), lets go
    and tries again on the new file, so two runs never both hold "the" lock (the classic
    lock-and-verify scheme).  On Windows an open file cannot be removed: the holder lets go
    first and removes the file only when no other run has it open."""
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
            raise WorkbookFileError(Message(
                "{name} cannot be written: no file can be made in its folder {folder} "
                "({reason}). Copy the workbook to a folder you can write to; nothing was "
                "written.", name=real.name, folder=str(real.parent),
                reason=str(exc.strerror or exc))) from exc
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
            raise WorkbookFileError(Message(
                "{name} is busy: another keizer-xl run (a command or a button) is working on "
                "it. Wait until it has finished and run this again; nothing was written.",
                name=Path(target).name))
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


# --------------------------------------------------------------------------- open elsewhere


def _excel_owner(path: Path) -> Path | None:
    """Excel's owner file: ``~$`` + the name, or for long names ``~$`` + the name without its
    first two characters."""
    for name in ("~$" + path.name, "~$" + path.name[2:]):
        candidate = path.with_name(name)
        if len(name) > 2 and candidate.is_file():
            return candidate
    return None


def _excel_user(owner: Path) -> str:
    """The user name Excel writes at the start of its owner file (a length byte, then text)."""
    try:
        data = owner.read_bytes()[:165]
    except OSError:
        return ""
    if not data:
        return ""
    n = data[0]
    if 0 < n <= 53 and len(data) > n:
        return data[1:1 + n].decode("cp1252", "replace").strip()
    return ""


def _libreoffice_user(lock: Path) -> tuple[str, str]:
    """(user, host) from LibreOffice's lock file, one entry ``Full Name,login,host,date,url;``
    (the order of LibreOffice's ``LockFileComponent``: OOOUSERNAME, SYSUSERNAME, LOCALHOST,
    EDITTIME, USERURL; include/svl/lockfilecommon.hxx).  The full name is empty when the user
    set none in LibreOffice: then the login names the user (``,root,vm,...``: root on vm)."""
    try:
        text = lock.read_bytes()[:4096].decode("utf-8", "replace")
    except OSError:
        return "", ""
    fields = text.split(";")[0].split(",")
    user = fields[0].strip() if fields else ""
    login = fields[1].strip() if len(fields) > 1 else ""
    host = fields[2].strip() if len(fields) > 2 else ""
    return (user or login), host


def open_elsewhere(book: str | os.PathLike[str]) -> Message | None:
    """A message when ``book`` seems to be open in Excel or LibreOffice, else None."""
    path = Path(book)
    lo_lock = path.with_name(f".~lock.{path.name}#")
    if lo_lock.is_file():
        user, host = _libreoffice_user(lo_lock)
        # "by Ann" and "on the computer pc-7" are optional parts, translated on their own
        return Message(
            "{name} is open in LibreOffice{who}{where} (the lock file {lock} is beside it). "
            "Close it there and run this again; if it is not open anywhere, the lock file is "
            "left over from a crash: delete {path} and run again. Nothing was written.",
            name=path.name, lock=lo_lock.name, path=str(lo_lock),
            who=Message(" by {user}", user=user) if user else "",
            where=Message(" on the computer {host}", host=host) if host else "")
    owner = _excel_owner(path)
    if owner is not None:
        user = _excel_user(owner)
        return Message(
            "{name} is open in Excel{who} (the owner file {owner} is beside it; it is hidden in "
            "Explorer). Close it in Excel and run this again; if it is not open anywhere, the "
            "file is left over from a crash: delete {path} and run again. Nothing was written.",
            name=path.name, owner=owner.name, path=str(owner),
            who=Message(" by {user}", user=user) if user else "")
    return None


def _read_only(mode: int) -> bool:
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def check_can_write(book: str | os.PathLike[str]) -> None:
    """Refuse (WorkbookFileError) to write ``book`` when it is open elsewhere, read-only, in a
    read-only folder or cannot be opened for writing (Windows: open in another program)."""
    path = Path(book)
    message = open_elsewhere(path)
    if message:
        raise WorkbookFileError(message)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fst = folder.stat()
    except OSError as exc:
        raise WorkbookFileError(Message(
            "{name} cannot be written: its folder {folder} cannot be read ({reason}).",
            name=path.name, folder=str(folder), reason=str(exc.strerror or exc))) from exc
    if _read_only(fst.st_mode) or not os.access(folder, os.W_OK | os.X_OK):
        raise WorkbookFileError(Message(
            "{name} cannot be written: its folder {folder} is read-only. Copy the workbook to a "
            "folder you can write to (or make the folder writable); nothing was written.",
            name=path.name, folder=str(folder)))
    try:
        st = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise WorkbookFileError(Message("{path} cannot be written ({reason}).", path=str(path),
                                        reason=str(exc.strerror or exc))) from exc
    # the mode bits, not os.access: an administrator may write anything, but a file the user
    # marked read-only is the user's wish (and Excel honours it too)
    if _read_only(st.st_mode) or not os.access(path, os.W_OK):
        raise WorkbookFileError(Message(  # the command line adds its flags (hint print_only)
            "{name} is read-only, so it was not changed. Remove the read-only mark (file "
            "properties, or chmod u+w) and run again.", name=path.name), hint="print_only")
    try:
        with open(path, "r+b"):
            pass
    except OSError as exc:
        if exc.errno == errno.EROFS:
            raise WorkbookFileError(Message(
                "{name} cannot be written: it is on a read-only disk. Copy it to a disk you can "
                "write to; nothing was written.", name=path.name)) from exc
        raise WorkbookFileError(Message(
            "{name} cannot be opened for writing ({reason}); it is probably open in another "
            "program. Close it there and run again; nothing was written.",
            name=path.name, reason=str(exc.strerror or exc))) from exc


@contextmanager
def no_print_only_hint() -> Iterator[None]:
    """For a command that writes a new file and has no print-only mode (``import``,
    ``new-season``): a read-only refusal must not suggest ``--no-write / --dry-run``."""
    try:
        yield
    except WorkbookFileError as exc:
        if exc.hint == "print_only":
            exc.hint = None
        raise


# --------------------------------------------------------------------------- temporary files


def temp_prefix(target: Path) -> str:
    """``.~keizer-xl.club.xlsx.``: how the temporary files (and folders) of ``target`` begin."""
    return f"{_TEMP_PREFIX}{target.name}."


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


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove temporary files a killed run left beside ``target`` (and in its backup folder).

    Call it holding :func:`workbook_lock`: then no other run can be writing them."""
    removed: list[Path] = []
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
                try:
                    if found.is_dir() and not found.is_symlink():  # a scratch folder
                        shutil.rmtree(found)
                    else:
                        os.unlink(found)
                    removed.append(found)
                except OSError:
                    pass
    return removed


# --------------------------------------------------------------------------- backups


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
    remove all but the newest :data:`KEEP_BACKUPS`.  Call it holding :func:`workbook_lock`."""
    folder = target.parent / BACKUP_FOLDER
    folder.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    source: Path | None = None
    if data is not None:
        with temp_file(folder / target.name) as fh:
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
                    with temp_file(folder / target.name) as fh:
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
