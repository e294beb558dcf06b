"""The file transport: a season workbook (.xlsx / .xlsm) on disk as a :class:`Book`
(:mod:`.book`), without openpyxl (issue 25); docs/architecture.md names each module's job.
The names other modules use are importable from here."""
from __future__ import annotations

from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.clients.xlsx.book import FileBook, open_book
from keizer_xl.clients.xlsx.safety import preflight

__all__ = ["FileBook", "open_book", "WorkbookFileError", "preflight"]
