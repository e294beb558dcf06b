"""Saving a workbook (the spliced package, or openpyxl's for a new one) through the one atomic
writer, :mod:`keizer_xl.clients.atomic`; what goes wrong is worded here, for a workbook."""
from __future__ import annotations

import io
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

from keizer_xl.clients import atomic
from keizer_xl.clients.files import WorkbookFileError


def write_atomically(wb: Workbook | bytes, target: Path, label: str, *, backup: bool,
                      in_place: bool = False) -> None:
    """The workbook through :func:`atomic.replacing` (under its lock, refused when open
    elsewhere or read-only, zip check, backup in ``.keizer-backups/``, os.replace)."""
    folder = target.parent
    try:
        with atomic.replacing(target, backup=backup, zip_check=True, check=True,
                              in_place=in_place) as fh:
            _save_workbook(wb, fh)
    except WorkbookFileError:
        raise
    except PermissionError as exc:
        raise WorkbookFileError(
            f"{label} could not be written ({exc.strerror or exc}); if it is open in Excel, "
            f"close it and try again. The file is unchanged.") from exc
    except FileNotFoundError as exc:
        raise WorkbookFileError(f"{label} could not be written: the folder {folder} does not "
                                f"exist.") from exc
    except Exception as exc:
        if _no_space(exc):
            raise WorkbookFileError(
                f"{label} could not be written: there is no room for it (the disk is full, "
                f"or a quota or file size limit was reached). Make room (or copy the "
                f"workbook to another disk) and run again. The file is unchanged.") from exc
        raise WorkbookFileError(f"{label} could not be written ({type(exc).__name__}: {exc}). "
                                f"The file is unchanged.") from exc


def _save_workbook(wb: Workbook | bytes, fh: IO[bytes]) -> None:
    """openpyxl's ``Workbook.save`` into memory, then the bytes into the open temporary file.

    openpyxl's zip writer is never given the file: when saving fails half-way (a full disk,
    Ctrl+C) its unfinished zip objects are finalised later and would seek the closed file,
    printing 'ValueError: seek of closed file' (issue 11).  In memory they only touch the
    buffer, and the one write that can fail is the plain ``fh.write``.  A season workbook is a
    few MiB at most (the preflight caps it)."""
    if isinstance(wb, bytes):  # the spliced package (issue 25)
        fh.write(wb)
        return
    buffer = io.BytesIO()
    wb.save(buffer)
    fh.write(buffer.getbuffer())


def _no_space(exc: BaseException | None) -> bool:
    """True when ``exc`` (or what caused it) says the disk or the quota is full."""
    import errno

    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
