"""The file transport: a season workbook (.xlsx / .xlsm) on disk as a :class:`Book`.

One room per job (see also WORKBOOK-CONTRACT.md, docs/safety.md):

* :mod:`.safety`: the preflight, zip and XML safety with :mod:`zipfile` alone (zip bombs, absurd
  sheet sizes, entity declarations, parts that are not well-formed, what openpyxl would drop),
  with :mod:`.inspector` (the look into the zip) and :mod:`.limits`; the checks before a save;
* :mod:`.book`: :class:`FileBook` (reading values as a user sees them, writing sheets by their
  layout, appending and deleting rows), without openpyxl (issue 25);
* :mod:`.package` (the zip package: parts, relationships, content types), :mod:`.reader` (the
  one reader of values: a sheet's XML and shared strings parsed by expat), :mod:`.cellxml` (a
  sheet's cells as stored, edited), :mod:`.stylesheet` (``styles.xml``: date styles,
  the engine's styles appended), :mod:`.layoutxml` (an engine sheet's layout as worksheet XML),
  :mod:`.splice` (the new package: only what the engine owns changes), :mod:`.chartxml` (the
  engine's charts as DrawingML parts);
* :mod:`.save`: saving through the one atomic writer (:mod:`keizer_xl.clients.atomic`).

The names other modules use are importable from here as before.
"""
from __future__ import annotations

from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.clients.xlsx.book import FileBook, backup_path, open_book
from keizer_xl.clients.xlsx.inspector import Unsupported
from keizer_xl.clients.xlsx.limits import (
    EXCEL_SUFFIXES,
    MACRO_SUFFIXES,
    MAX_COLUMNS,
    MAX_FILE_SIZE,
    MAX_MEMBERS,
    MAX_ROWS,
    MAX_SHEET_BYTES,
    MAX_TOTAL_UNCOMPRESSED,
    XML_PEEK,
)
from keizer_xl.clients.xlsx.safety import OWNED_SHEETS, preflight

__all__ = [
    "FileBook",
    "open_book",
    "WorkbookFileError",
    "Unsupported",
    "OWNED_SHEETS",
    "backup_path",
    "preflight",
    # the preflight's limits (read them here; change them in .limits)
    "EXCEL_SUFFIXES",
    "MACRO_SUFFIXES",
    "MAX_COLUMNS",
    "MAX_FILE_SIZE",
    "MAX_MEMBERS",
    "MAX_ROWS",
    "MAX_SHEET_BYTES",
    "MAX_TOTAL_UNCOMPRESSED",
    "XML_PEEK",
]
