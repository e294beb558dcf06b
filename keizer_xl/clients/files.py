"""Whether a file may be written, apart from its content: not when it is open in Excel
(``~$club.xlsx``) or LibreOffice (``.~lock.club.xlsx#``), read-only or in a read-only folder,
this run's own input, a folder, a pipe or a device, or a file of another kind; and what this run
read and wrote.  Every refusal is a :class:`WorkbookFileError` for the user, naming no cell.
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from keizer_xl.errors import N_, ClientError, Message

#: the hidden folder beside a workbook that keeps its previous versions
BACKUP_FOLDER = ".keizer-backups"

#: how the hidden files keizer-xl makes beside a workbook begin (its lock, its temporary files)
TEMP_PREFIX = ".~keizer-xl."


class WorkbookFileError(ClientError):
    """A workbook file that cannot be read or written; the message is meant for the user."""


#: files this process has replaced (so an interrupted command can say truthfully what it wrote)
written: list[Path] = []

#: the files this run reads as its input (import's SOURCE, the workbook ``export`` and
#: ``new-season`` read, every workbook a command opens): the one writer refuses to put a
#: file over any of them (issue 22) unless the write says it rewrites its input in place
#: (the workbook save of the weekly commands)
inputs: list[Path] = []


def protect_input(path: str | os.PathLike[str]) -> None:
    inputs.append(Path(path))


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` are one file: the same device and inode (any path spelling,
    ``./x``, a symlink, a hard link, another case on a case-insensitive disk), or, when one
    cannot be looked at, the same real path compared as the system compares names."""
    with suppress(OSError, ValueError):
        return os.path.samefile(a, b)
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
