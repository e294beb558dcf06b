"""The VBA project of a workbook open in Excel, reached through Excel (``excel-setup
--via-excel``): on Windows through the VBA object model (``book.api.VBProject``), on macOS,
where AppleScript has no way into the VBA project, by running the import macro of xlwings' own
add-in (``ImportXlwingsUdfsModule``, which imports a file into the active workbook).  Both need
"Trust access to the VBA project object model"; its absence is detected and explained (on
macOS first on a scratch workbook, see :meth:`MacVBA.check_access`, before the user's workbook
is touched; the copied add-in is closed and deleted afterwards).
"""
from __future__ import annotations

import contextlib
import shutil
from pathlib import Path
from typing import Any

from keizer_xl.clients.vba_files import (ADDIN_IMPORT_MACRO, XLWINGS_ADDIN, to_crlf,
                                         installed_xlwings_version, xlwings_file)
from keizer_xl.errors import Message, SetupError  # one error tree: errors.py

#: The scratch module that proves (on a Mac) that Excel lets the add-in import VBA.
PROBE_MODULE = "KeizerXLProbe"
PROBE_ANSWER = "keizer-xl can import"
PROBE_VBA = (f'Attribute VB_Name = "{PROBE_MODULE}"\n'
             f"Public Function {PROBE_MODULE}() As String\n"
             f'    {PROBE_MODULE} = "{PROBE_ANSWER}"\n'
             "End Function\n")

_TRUST_HELP = {
    "win": Message("Excel does not let programs change the VBA project yet. In Excel choose "
                   "File > Options > Trust Center > Trust Center Settings > Macro Settings, tick "
                   "'Trust access to the VBA project object model', click OK twice, and run this "
                   "command again. (You may untick it again afterwards; the buttons do not need "
                   "it.)"),
    "mac": Message("Excel does not let programs change the VBA project yet. In Excel choose "
                   "Excel > Preferences > Security, tick 'Trust access to the VBA project object "
                   "model', and run this command again. (You may untick it again afterwards; the "
                   "buttons do not need it.)"),
}


def _is_trust_error(exc: BaseException) -> bool:
    text = " ".join(str(a) for a in getattr(exc, "args", ())) + " " + str(exc)
    return "trust" in text.casefold() or "-2146827284" in text or "vertrauensw" in text.casefold() \
        or "vertrouw" in text.casefold()


class WindowsVBA:
    """The VBA project through COM (Windows)."""

    def __init__(self, book: Any) -> None:  # an xlwings Book
        self.book = book
        self.components: Any = None  # the COM VBComponents collection, after check_access

    def check_access(self) -> None:
        try:
            self.components = self.book.api.VBProject.VBComponents
            _ = self.components.Count  # reading it raises when VBA project access is not trusted
        except Exception as exc:
            if _is_trust_error(exc) or type(exc).__name__ == "com_error":
                raise SetupError(Message("{help} (Excel said: {error})", help=_TRUST_HELP["win"],
                                         error=str(exc))) from exc
            raise

    def replace(self, name: str, path: Path) -> None:
        present = [c.Name for c in self.components]
        if name in present:
            self.components.Remove(self.components(name))
        self.components.Import(str(path))


class MacVBA:
    """The VBA project through xlwings' add-in macro (macOS: AppleScript cannot reach it)."""

    def __init__(self, book: Any, xw: Any, folder: Path) -> None:
        self.book = book
        self.xw = xw
        self.folder = folder
        self.addin: Any = None
        self.addin_name = ""

    def check_access(self) -> None:
        """Open the add-in, then prove the trust setting on a scratch workbook before the user's
        workbook is touched: import a one-function probe module there and call it.  Without
        the setting Excel imports nothing (the add-in's macro gives no error), so the call
        fails or returns nothing, and we stop with the instructions."""
        src = xlwings_file(XLWINGS_ADDIN)
        self.addin_name = f"keizer-xl-xlwings-{installed_xlwings_version()}.xlam"
        copy = self.folder / self.addin_name
        shutil.copyfile(src, copy)
        self.addin = self.xw.Book(str(copy))
        probe_file = self.folder / f"{PROBE_MODULE}.bas"
        probe_file.write_bytes(to_crlf(PROBE_VBA).encode("cp1252"))
        scratch = self.xw.Book()
        try:
            answer = None
            try:
                self._import(scratch, probe_file)
                answer = scratch.macro(f"{PROBE_MODULE}.{PROBE_MODULE}")()
            except Exception:
                answer = None
            if answer != PROBE_ANSWER:
                raise SetupError(_TRUST_HELP["mac"])
        finally:
            with contextlib.suppress(Exception):
                scratch.close()  # never saved: it only held the probe

    def _import(self, book: Any, path: Path) -> None:
        book.activate()  # the add-in's macro imports into the active workbook
        book.app.macro(f"'{self.addin_name}'!{ADDIN_IMPORT_MACRO}")(str(path))

    def replace(self, name: str, path: Path) -> None:
        try:
            self._import(self.book, path)
        except Exception as exc:
            if _is_trust_error(exc):
                raise SetupError(_TRUST_HELP["mac"]) from exc
            raise SetupError(Message(
                "Excel could not import {name} ({error}). Check Excel > Preferences > Security > "
                "'Trust access to the VBA project object model'", name=path.name, error=str(exc)),
                             hint="vba_by_hand") from exc

    def close(self) -> str | None:
        """Close the copied add-in (it must not stay open in Excel) and delete the copy;
        returns what could not be done, for the user."""
        if self.addin is None:
            return None
        problem = None
        try:
            self.addin.close()
        except Exception as exc:
            problem = (f"Excel did not close the add-in {self.addin_name} ({exc}); close Excel "
                       f"before using the workbook.")
        with contextlib.suppress(OSError):
            (self.folder / self.addin_name).unlink()
        self.addin = None
        return problem
