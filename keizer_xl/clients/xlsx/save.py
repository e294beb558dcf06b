"""Saving a workbook's bytes (the spliced package) through the one atomic writer,
:mod:`keizer_xl.clients.atomic`; what goes wrong is worded here, for a workbook."""
from __future__ import annotations

from pathlib import Path
from typing import IO

from keizer_xl.clients import atomic
from keizer_xl.clients.files import WorkbookFileError


def write_atomically(data: bytes, target: Path, label: str, *, backup: bool,
                      in_place: bool = False) -> None:
    """The workbook through :func:`atomic.replacing` (under its lock, refused when open
    elsewhere or read-only, zip check, backup in ``.keizer-backups/``, os.replace)."""
    folder = target.parent
    try:
        with atomic.replacing(target, backup=backup, zip_check=True, check=True,
                              in_place=in_place) as fh:
            _save_workbook(data, fh)
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


def _save_workbook(data: bytes, fh: IO[bytes]) -> None:
    """The one write that can fail half-way (a full disk): the seam the tests of a failed or
    killed save replace."""
    fh.write(data)


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
