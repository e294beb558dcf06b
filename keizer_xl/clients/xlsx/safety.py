"""The preflight of a workbook file (zip and XML safety, with :mod:`zipfile` alone) and the
checks before a save.  Every refusal is a :class:`WorkbookFileError` naming the file and what
to do.  What the engine does not own is never parsed for what it holds: the splice writer keeps
it byte for byte (issue 25)."""
from __future__ import annotations

import contextlib
import io
import os
import stat
import zipfile
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Protocol

from keizer_xl.clients import files
from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.clients.xlsx.inspector import Inspector, Preflight
from keizer_xl.clients.xlsx.package import SheetEntry
from keizer_xl.clients.xlsx.limits import EXCEL_SUFFIXES, MAX_FILE_SIZE, NOT_EXCEL, MiB
from keizer_xl.errors import Message
from keizer_xl.sheets.read_names import OWNED_SHEETS as _SHEETS_OWNED
from keizer_xl.sheets.read_names import SHEET_ALIASES as _SHEET_ALIASES
from keizer_xl.sheets.tables import quote_sheet

#: sheet names that must be worksheets, and whose size is limited: the engine's own and every
#: input sheet's aliases
_TABLE_SHEET_NAMES = frozenset({s.casefold() for s in _SHEETS_OWNED} |
                               {a for aliases in _SHEET_ALIASES.values() for a in aliases} |
                               {s.casefold() for s in _SHEET_ALIASES})


def _sniff(data: bytes) -> str:
    """Why bytes that are not a zip archive are not a workbook, for the message."""
    if not data:
        return " (the file is empty)."
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return (" (it is an old Excel 97-2003 .xls file or a password-protected workbook: open it in "
                "Excel or LibreOffice, remove any password and save it as .xlsx or .xlsm).")
    if data.startswith(b"%PDF"):
        return " (it is a PDF file)."
    head = data[:4096]
    if b"\x00" not in head:
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            text = head.decode("latin-1")
        if text.lstrip().lower().startswith(("<html", "<!doctype html")):
            return " (it is a web page (HTML); save it from Excel as .xlsx)."
        if text.lstrip().startswith("<?xml"):
            return " (it is an XML file, perhaps an Excel 2003 XML spreadsheet: save it as .xlsx)."
        return (" (it looks like a text or CSV file: open it in Excel or LibreOffice and save it as "
                ".xlsx).")
    return " (its content is not a zip archive; it may be damaged)."


def preflight(path: str | os.PathLike[str], data: bytes | None = None) -> Preflight:
    """Check a workbook file before anything parses it; raise WorkbookFileError to refuse."""
    p = Path(path)
    label = str(path)
    if data is None:
        data = read_with_signature(p, label)[0]
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise WorkbookFileError(f"{label} {NOT_EXCEL}{_sniff(data)}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise WorkbookFileError(f"{label} {NOT_EXCEL} (its zip archive is damaged: {exc}).") from exc
    with zf:
        ins = Inspector(label, zf)
        ins.check_archive()
        pkg, workbook_type = ins.package(data)
        result = Preflight(workbook_type, pkg)
        _refuse_misplaced_sheets(ins, result.sheets)
        ins.sheet_of = {s.part: s.name for s in result.sheets if s.part}
        scanned: set[str] = set()
        for sheet in result.sheets:
            if sheet.part is None:
                raise ins.refuse(
                    f"is damaged: the content of its sheet {quote_sheet(sheet.name)} is missing "
                    f"from the file. Open it in Excel or LibreOffice, which may repair it, and "
                    f"save it again; or restore a previous version from {files.BACKUP_FOLDER}.")
            # the size limits guard what the engine parses: a club's own sheet it never reads
            # (styled out to column XFD, a long archive) is kept byte for byte, never refused
            # for its size (issue 34); the archive's limits bound its memory all the same
            ours = sheet.name.strip().casefold() in _TABLE_SHEET_NAMES
            if ours and sheet.kind in ("worksheet", "macrosheet", "dialogsheet"):
                ins.check_dimension(sheet)
            if sheet.kind == "worksheet":
                ins.scan_sheet(sheet, limits=ours)
                scanned.add(sheet.part)  # unpacked whole by the scan
        ins.check_members(scanned)
    return result


def _refuse_misplaced_sheets(ins: Inspector, sheets: list[SheetEntry]) -> None:
    """A chart sheet (or a macro or dialog sheet) named like an input or engine sheet: the engine
    would read nothing from it, or write a workbook that no longer opens (issue 11)."""
    kinds = {"chartsheet": "a chart sheet", "macrosheet": "an Excel 4.0 macro sheet",
             "dialogsheet": "an Excel 5.0 dialog sheet", "other": "not a worksheet"}
    bad = [s for s in sheets if s.kind != "worksheet" and
           s.name.strip().casefold() in _TABLE_SHEET_NAMES]
    if bad:
        listed = "; ".join(f"{quote_sheet(s.name)} is {kinds.get(s.kind, 'not a worksheet')}"
                           for s in bad)
        raise ins.refuse(
            f"cannot be used: {listed}, but that name belongs to a table keizer-xl reads or "
            f"writes. Rename that sheet (right-click its tab > Rename) or delete it, and run "
            f"again. Nothing was written.")


def read_with_signature(p: Path, label: str) -> tuple[bytes, tuple[int, int]]:
    """The file's bytes and its (mtime_ns, size), both from the same open file."""
    try:
        # a pipe (FIFO) or a device: opening it would wait for a writer forever (issue 16)
        mode = os.stat(p).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise WorkbookFileError(Message(
                "{path} is not a regular file (a pipe, a device or a socket), not a workbook",
                path=label))
        with open(p, "rb") as fh:
            st = os.fstat(fh.fileno())  # (open refuses a folder: IsADirectoryError)
            if st.st_size > MAX_FILE_SIZE:
                raise WorkbookFileError(
                    f"{label} is {st.st_size / MiB:,.0f} MiB (limit {MAX_FILE_SIZE // MiB} MiB); "
                    f"a season workbook is normally well under 10 MiB.")
            data = fh.read(MAX_FILE_SIZE + 1)
    except FileNotFoundError:
        raise WorkbookFileError(Message("{path} does not exist.", path=label)) from None
    except IsADirectoryError:
        raise WorkbookFileError(Message("{path} is a folder, not a workbook file.",
                                        path=label)) from None
    except PermissionError as exc:
        raise WorkbookFileError(Message("{path} cannot be read: permission denied.",
                                        path=label)) from exc
    except OSError as exc:
        raise WorkbookFileError(Message("{path} cannot be read: {reason}.", path=label,
                                        reason=str(exc.strerror or exc))) from exc
    return data, (st.st_mtime_ns, st.st_size)


def check_save(target: Path, label: str, signature: tuple[int, int], *,
               lost: Sequence[str]) -> None:
    """May the workbook read as ``target`` (with ``signature``: mtime, size) be written back?
    Not when the writer would drop ``lost`` (hint ``keep_all``), nor when another program
    changed, moved or deleted the file after it was read."""
    if lost:
        raise WorkbookFileError(Message(
            "{book} was not changed: saving it with this tool would remove {lost}.",
            book=label, lost="; ".join(lost)), hint="keep_all")
    try:
        st = target.stat()
    except FileNotFoundError:
        raise WorkbookFileError(f"{label} was not changed: it was moved or "
                                f"deleted after it was read.") from None
    if (st.st_mtime_ns, st.st_size) != signature:
        raise WorkbookFileError(
            f"{label} was not changed: it was modified by another program "
            f"after it was read. Run the command again.")


def written_path(p: Path) -> Path:
    """The file a write of ``p`` replaces: a symlink's target (the link stays a link), else ``p``."""
    return Path(os.path.realpath(p)) if p.is_symlink() else p


class CopySource(Protocol):
    """What :func:`save_copy` needs of a workbook writer (the file book; tests' openpyxl oracle)."""

    path: Path
    label: str
    macro_enabled: bool

    def message(self, text: str) -> None: ...

    def save(self, force: bool = False) -> None: ...


def save_copy(book: CopySource, path: str | os.PathLike[str], *, force: bool,
              lost: Callable[[], list[str]], write: Callable[[Path], None]) -> None:
    """``save_as(path)`` of ``book``: the workbook itself (by any path or link) is saved in
    place; else the copy keeps the book's kind (.xlsm with macros, else .xlsx) and names a file,
    the book is told what ``lost()`` names that the copy cannot hold, and ``write`` writes it."""
    dest = Path(path)
    itself = False
    with contextlib.suppress(OSError):  # a name that cannot be compared is not the workbook
        itself = dest.exists() and book.path.exists() and os.path.samefile(dest, book.path)
    if itself:
        book.save(force=force)
        return
    copy, label, suffix = str(dest), book.label, dest.suffix.lower()
    if suffix not in EXCEL_SUFFIXES:
        raise WorkbookFileError(f"{copy}: the copy must be named .xlsx or .xlsm.")
    if book.macro_enabled and suffix != ".xlsm":
        raise WorkbookFileError(f"{copy}: {label} contains macros, so the copy must be named .xlsm.")
    if not book.macro_enabled and suffix == ".xlsm":
        raise WorkbookFileError(f"{copy}: {label} has no macros, so the copy must be named .xlsx.")
    if dest.is_dir():
        raise WorkbookFileError(f"{copy} is a folder; give a file name for the copy.")
    missing = lost()
    if missing:
        book.message(Message("Not in the copy {copy} (the original {book} is unchanged): {lost}.",
                             copy=str(path), book=book.label, lost="; ".join(missing)))
    write(written_path(dest))


def check_suffix(p: Path, label: str) -> None:
    suffix = p.suffix.lower()
    if suffix in EXCEL_SUFFIXES:
        return
    hints = {
        ".xls": Message("it is an old Excel 97-2003 workbook: open it in Excel or LibreOffice "
                        "and save it as .xlsx"),
        ".xlsb": Message("it is an Excel binary workbook: save it as .xlsx or .xlsm in Excel"),
        ".ods": Message("it is a LibreOffice spreadsheet: use File > Save As > Excel 2007-365 "
                        "(.xlsx)"),
        ".csv": Message("it is a text file: open it in Excel or LibreOffice and save it as .xlsx"),
        ".xltx": Message("it is an Excel template: create a workbook from it and save that as "
                         ".xlsx"),
        ".xltm": Message("it is an Excel template: create a workbook from it and save that as "
                         ".xlsm"),
    }
    hint = hints.get(suffix, Message("the name must end in .xlsx or .xlsm"))
    # the same English text as NOT_EXCEL, with a catalog id (the hint translated too)
    raise WorkbookFileError(Message("{path} is not an Excel .xlsx/.xlsm workbook ({hint}).",
                                    path=label, hint=hint))
