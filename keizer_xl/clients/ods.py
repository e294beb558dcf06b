"""OpenDocument (.ods) season workbooks for the command line, through LibreOffice: a command
that only reads reads a temporary ``.xlsx`` copy headless LibreOffice converts (with a throw-away
profile, so a LibreOffice the user has open is not disturbed; the ``.ods`` is never touched); a
command that writes runs the buttons' macro (:func:`keizer_xl.clients.lo_run.run_macro`), which
saves the ``.ods`` in place.  Without LibreOffice: :class:`OdsUnavailable` (exit code 2).
"""
from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from collections.abc import Iterator

from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.errors import ClientError, Message

#: seconds LibreOffice may take to convert a season workbook
CONVERT_TIMEOUT = 180.0


class OdsUnavailable(ClientError):
    """An .ods workbook, but no LibreOffice to open it with (a usage error: exit code 2)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message, usage=True)


def is_ods(path: str | os.PathLike[str]) -> bool:
    return Path(path).suffix.lower() == ".ods"


def _soffice() -> str:
    from keizer_xl.clients.lo_install import find_soffice

    soffice = find_soffice()
    if soffice is None:
        raise OdsUnavailable(Message(
            "an .ods workbook needs LibreOffice, which was not found on this computer (install "
            "it from {url}, or set {variable} to its soffice program). Or save the workbook as "
            ".xlsx in LibreOffice (File > Save As > Excel 2007-365) and use that.",
            url="https://www.libreoffice.org", variable="KEIZER_XL_SOFFICE"))
    return soffice


@contextmanager
def xlsx_copy(book: str | os.PathLike[str], timeout: float = CONVERT_TIMEOUT) -> Iterator[Path]:
    """A temporary .xlsx copy of the .ods ``book``, converted by headless LibreOffice."""
    import subprocess  # here: every command imports this module to ask about .ods (start-up)

    from keizer_xl.clients.lo_install import find_uno_python, office_env

    source = Path(book).resolve()
    soffice = _soffice()
    work = Path(tempfile.mkdtemp(prefix="keizer-xl-ods-"))
    try:
        profile = (work / "profile").as_uri()
        out = work / "out"
        out.mkdir()
        # the copy gets a plain name: LibreOffice names its output after the input's stem
        linked = work / "book.ods"
        shutil.copyfile(source, linked)
        command = [soffice, f"-env:UserInstallation={profile}", "--headless", "--norestore",
                   "--nolockcheck", "--convert-to", "xlsx:Calc MS Excel 2007 XML",
                   "--outdir", str(out), str(linked)]
        try:
            done = subprocess.run(command, capture_output=True, timeout=timeout,
                                  env=office_env(find_uno_python(soffice)),
                                  start_new_session=True)
        except subprocess.TimeoutExpired:
            raise WorkbookFileError(f"{book}: LibreOffice did not convert it within "
                                    f"{timeout:.0f} s.") from None
        except OSError as exc:
            raise OdsUnavailable(f"LibreOffice ({soffice}) could not be started: {exc}") from exc
        result = out / "book.xlsx"
        if done.returncode != 0 or not result.is_file():
            detail = (done.stderr or done.stdout or b"").decode("utf-8", "replace").strip()
            raise WorkbookFileError(
                f"{book} could not be read by LibreOffice (is it a damaged .ods?)"
                + (f": {detail[:300]}" if detail else "."))
        yield result
    finally:
        shutil.rmtree(work, ignore_errors=True)
