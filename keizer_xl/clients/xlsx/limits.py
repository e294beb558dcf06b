"""The limits of the preflight and the kinds of workbook file (issue 11): what a season workbook
may hold before anything parses it (:mod:`.safety`, :mod:`.inspector`)."""
from __future__ import annotations

KiB = 1024
MiB = 1024 * KiB


#: Limits of the preflight.  A real club workbook is far below all of them.
MAX_FILE_SIZE = 256 * MiB            # the .xlsx file itself
MAX_TOTAL_UNCOMPRESSED = 256 * MiB   # sum of the uncompressed sizes of all zip members
MAX_COMPRESSION_RATIO = 100          # refused for a member that is also bigger than ...
RATIO_CHECK_MIN_SIZE = 4 * MiB       # ... this when uncompressed
MAX_MEMBERS = 10_000
MAX_ROWS = 100_000                   # a worksheet's <dimension ref> may not reach further down
MAX_COLUMNS = 2_000                  # ... or further right
DIMENSION_PEEK = 16 * KiB            # <dimension> sits at the very start of the sheet XML
# A sheet without a <dimension> record is judged by its size: a 150-player season's largest
# sheet is about 0.3 MiB of XML; 48 MiB is some 500,000 cells, far beyond any club season.
MAX_SHEET_BYTES = 48 * MiB

EXCEL_SUFFIXES = (".xlsx", ".xlsm")
MACRO_SUFFIXES = (".xlsm",)

CT_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
CT_XLSM = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
CT_XLTX = "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml"
CT_XLTM = "application/vnd.ms-excel.template.macroEnabled.main+xml"
WORKBOOK_TYPES = (CT_XLSX, CT_XLSM, CT_XLTX, CT_XLTM)
MACRO_TYPES = (CT_XLSM, CT_XLTM)

NOT_EXCEL = "is not an Excel .xlsx/.xlsm workbook"
