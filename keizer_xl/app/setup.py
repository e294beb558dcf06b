"""The reports of the setup commands (issue 27): a new season workbook, the button-ready
``.xlsm`` and its macros, the ``xlwings.conf`` sheet, the LibreOffice macro and its buttons.
They only say what was done; the words are written once, in ``frontends/render_setup.py``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

@dataclass(frozen=True)
class TemplateReport:
    """``new BOOK.xlsx``: the season template written to ``path`` in ``language``."""

    path: str
    language: str


@dataclass(frozen=True)
class XlsmReport:
    """``new BOOK.xlsm`` / ``excel-setup``: the button-ready workbook ``target`` was created
    (``created``) or its macros and config renewed (``updated``); ``steps`` what was done."""

    target: str
    steps: tuple[str, ...]  # Messages (translated when shown)
    kind: Literal["created", "updated"] = "created"
    sheet: str = "Start"  # the sheet with the buttons


@dataclass(frozen=True)
class VbaFilesReport:
    """``excel-setup --export-vba FOLDER``: the VBA files written, for importing by hand."""

    files: tuple[str, ...]


@dataclass(frozen=True)
class ExcelConfigReport:
    """``excel-config``: the rows written to the ``xlwings.conf`` sheet of ``path``."""

    path: str
    rows: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class MacroInstallReport:
    """``lo-install``: the macro and its configuration installed, the folders keizer-xl is
    loaded from; ``soffice_found`` whether LibreOffice is installed; ``checked`` the Python of
    LibreOffice that was seen loading keizer-xl (None: not checked)."""

    macro: str
    config: str
    paths: tuple[str, ...]
    soffice_found: bool
    checked: str | None = None


@dataclass(frozen=True)
class ButtonsReport:
    """``lo-buttons``: the buttons (label, macro) on ``sheet`` of the workbook ``saved_to``."""

    buttons: tuple[tuple[str, str], ...]
    sheet: str
    saved_to: str
