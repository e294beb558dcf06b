"""The openpyxl file transport: a season workbook (.xlsx / .xlsm) on disk as a :class:`Book`.

What this module guarantees (see also WORKBOOK-CONTRACT.md):

* Nothing is handed to openpyxl before a preflight with :mod:`zipfile` alone has checked that
  the file is an Excel workbook and not a zip bomb, that no worksheet claims an absurd size and
  that no XML part declares entities.  Every refusal is a :class:`WorkbookFileError` whose
  message names the file and says what to do; it comes in well under a second.
* Reading yields the values a user sees: a formula cell gives its cached result (a second,
  value-only copy of the workbook is loaded lazily, only when a formula is actually read).
  Text that starts with ``=`` stays text, both when read and when written.
* Saving never damages the user's file: under the workbook's lock (:mod:`.files`), and only
  when it is not open in Excel or LibreOffice nor read-only, the new version is written to a
  temporary file in the same folder, checked, flushed to disk, the previous version is kept in
  ``.keizer-backups/`` (the last five) and the new file is moved over the old one atomically.
* openpyxl silently drops some things when it rewrites a file (charts, pictures, shapes,
  pivot tables, slicers, sparklines, Excel 2010+ extensions, ...).  The preflight lists them per
  sheet; :meth:`FileBook.unsafe_to_write` reports those on sheets the engine does not own and
  :meth:`FileBook.save` refuses to write while any are present (unless ``force=True``).
"""
from __future__ import annotations

import io
import zlib
import os
import posixpath
import re
import stat
import warnings
import zipfile
from copy import copy
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Iterable, Sequence, cast

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from openpyxl.workbook.workbook import Workbook


from keizer_xl.clients import atomic, files
from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.errors import ClientError, Message, MissingPartError
from keizer_xl.sheets.read import OWNED_SHEETS as _SHEETS_OWNED, SHEET_ALIASES as _SHEET_ALIASES
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.layout import Field, HeaderText, Layout, PageSetup, Style
from keizer_xl.sheets.tables import Table, column_letter, quote_sheet
from keizer_xl.sheets.region import Region, TableRef, find_region, plan_append, plan_delete

__all__ = [
    "FileBook",
    "open_book",
    "WorkbookFileError",
    "Unsupported",
    "OWNED_SHEETS",
    "backup_path",
    "preflight",
    "write_new_workbook",
]

KiB = 1024
MiB = 1024 * KiB

#: Sheets the engine writes; anything on them is replaced on every run anyway.
# the engine's own sheets: one list, kept by the table mapping (sheets.py)
OWNED_SHEETS = frozenset(_SHEETS_OWNED)

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
XML_PEEK = 4 * KiB                   # where a DOCTYPE / ENTITY declaration would be

EXCEL_SUFFIXES = (".xlsx", ".xlsm")
MACRO_SUFFIXES = (".xlsm",)

CT_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
CT_XLSM = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
CT_XLTX = "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml"
CT_XLTM = "application/vnd.ms-excel.template.macroEnabled.main+xml"
WORKBOOK_TYPES = (CT_XLSX, CT_XLSM, CT_XLTX, CT_XLTM)
MACRO_TYPES = (CT_XLSM, CT_XLTM)

# Worksheet extensions (<extLst><ext uri=...>) openpyxl removes, by uri (upper case).
_EXTENSION_KINDS = {
    "{78C0D931-6437-407D-A8EE-F0AAD7539E65}": "conditional formatting (Excel 2010+ extension, "
                                              "e.g. data bars or icon sets)",
    "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}": "data validation (Excel 2010+ extension, "
                                              "e.g. a dropdown list from another sheet)",
    "{05C60535-1F16-4FD2-B633-F4F36F0B64E0}": "sparklines",
    "{A8765BA9-456A-4DAB-B4F3-ACF838C121DE}": "slicer",
    "{3A4CF648-6AED-40F4-86FF-DC5316D8AED3}": "slicer",
    "{7E03D99C-DC04-49D9-9315-930204A7B6E9}": "timeline",
    "{FC87AEE6-9EDD-4A0A-B7FB-166176984837}": "protected ranges (Excel 2010+ extension)",
    "{F7C9EE02-42E1-4005-9D12-6889AFFD525C}": "Office add-in (web extension)",
}
# Extensions whose loss is harmless: 'ignored errors' (green triangles come back) and the
# per-rule id of a data bar (only meaningful together with the conditional formatting ext).
_HARMLESS_EXTENSIONS = {"{01252117-D84E-4E92-8308-4BE1C098FCBB}", "{B025F937-C7B1-47D3-B67F-A62EFF666E3E}"}

_ROW_RE = re.compile(rb"<(?:\w+:)?row[\s>/]")
# a row or cell reference at row 100,000 or beyond (six digits or more), wherever it sits
_FAR_ROW_RE = re.compile(rb"<(?:\w+:)?(?:row|c)\s[^>]*?\br\s*=\s*[\"'][A-Za-z]{0,3}(\d{6,})[\"']")
#: errors unpacking a zip member can raise: a flipped byte gives zlib.error, a bad CRC BadZipFile
_UNPACK_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, zlib.error,
                  NotImplementedError, RuntimeError, EOFError)
#: sheet names that must be worksheets: the engine's own and every input sheet's aliases
_TABLE_SHEET_NAMES = frozenset({s.casefold() for s in _SHEETS_OWNED} |
                               {a for aliases in _SHEET_ALIASES.values() for a in aliases} |
                               {s.casefold() for s in _SHEET_ALIASES})
_DIMENSION_RE = re.compile(rb"<(?:\w+:)?dimension\s+ref\s*=\s*[\"']([^\"']*)[\"']")
_EXTLST_RE = re.compile(rb"<(?:\w+:)?extLst[\s>/]")
_EXT_URI_RE = re.compile(rb"<(?:\w+:)?ext\b[^>]*?\suri\s*=\s*[\"'](\{[^\"']+\})[\"']")
_DYNAMIC_ARRAY_RE = re.compile(rb"<(?:\w+:)?c\s[^>]*?\bcm\s*=")
_RICH_VALUE_RE = re.compile(rb"<(?:\w+:)?c\s[^>]*?\bvm\s*=")
_DTD_RE = re.compile(rb"<!DOCTYPE|<!ENTITY")


@dataclass(frozen=True)
class Unsupported:
    """Something in the file that openpyxl would not write back; ``sheet`` None = workbook-wide."""

    sheet: str | None
    kind: str

    def __str__(self) -> str:
        if self.sheet is None:
            return f"{self.kind} (in the workbook)"
        return f"{self.kind} on sheet {quote_sheet(self.sheet)}"


def backup_path(path: str | os.PathLike[str]) -> Path | None:
    """The newest kept version of ``path`` (in ``.keizer-backups/`` beside it), or None."""
    kept = files.backups(path)
    return kept[-1] if kept else None


def open_book(path: str | os.PathLike[str]) -> "FileBook":
    """Open a season workbook; raises :class:`WorkbookFileError` with a user-facing message."""
    return FileBook(path)


# --------------------------------------------------------------------------- preflight


@dataclass
class _SheetPart:
    name: str
    part: str | None      # zip member of the sheet XML
    kind: str             # worksheet | chartsheet | macrosheet | dialogsheet | other


@dataclass
class _Preflight:
    workbook_type: str
    sheets: list[_SheetPart] = field(default_factory=list)
    unsupported: list[Unsupported] = field(default_factory=list)

    @property
    def macro_enabled(self) -> bool:
        return self.workbook_type in MACRO_TYPES


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _attr(element: Element, local_name: str) -> str | None:
    for key, value in element.attrib.items():
        if _local(key) == local_name:
            return value
    return None


class _Inspector:
    """Checks a workbook zip with zipfile and defusedxml only (nothing of openpyxl)."""

    def __init__(self, label: str, zf: zipfile.ZipFile):
        self.label = label
        self.zf = zf
        self.names = set(zf.namelist())
        self.sheet_of: dict[str, str] = {}   # part -> sheet name, for messages

    # -- helpers ------------------------------------------------------------------------------
    def refuse(self, why: str) -> WorkbookFileError:
        return WorkbookFileError(f"{self.label} {why}")

    def damaged(self, member: str, exc: BaseException) -> WorkbookFileError:
        sheet = self.sheet_of.get(member)
        what = f"the sheet {quote_sheet(sheet)} (part {member})" if sheet else f"its part {member}"
        return self.refuse(
            f"is damaged: {what} cannot be unpacked ({type(exc).__name__}: {exc}). Open it in "
            f"Excel or LibreOffice, which may repair it, and save it again; or restore a "
            f"previous version from {files.BACKUP_FOLDER}. Nothing was read or written.")

    def check_members(self, done: set[str]) -> None:
        """Unpack every part not read yet, so that a damaged one is refused here (a flipped byte
        otherwise surfaces as a zlib error deep inside openpyxl)."""
        for info in self.zf.infolist():
            if info.filename in done or info.is_dir():
                continue
            try:
                with self.zf.open(info) as fh:
                    while fh.read(MiB):
                        pass
            except _UNPACK_ERRORS as exc:
                raise self.damaged(info.filename, exc) from exc

    def read(self, member: str) -> bytes:
        try:
            return self.zf.read(member)
        except _UNPACK_ERRORS as exc:
            raise self.damaged(member, exc) from exc

    def peek(self, member: str, size: int) -> bytes:
        try:
            with self.zf.open(member) as fh:
                return fh.read(size)
        except _UNPACK_ERRORS as exc:
            raise self.damaged(member, exc) from exc

    def xml(self, member: str) -> Element:
        from defusedxml import DefusedXmlException
        from defusedxml.ElementTree import ParseError, fromstring

        data = self.read(member)
        try:
            return fromstring(data)
        except DefusedXmlException as exc:
            raise self.refuse(f"contains XML entity declarations in {member}, which Excel never "
                              f"writes (an 'XML bomb'); refused for safety.") from exc
        except (ParseError, ValueError) as exc:
            raise self.refuse(f"is damaged: {member} is not well-formed XML ({exc}).") from exc

    def rels(self, part: str) -> list[tuple[str, str, str | None]]:
        """(Id, Type, target member or None for external targets) of ``part``'s relationships."""
        rels_path = posixpath.join(posixpath.dirname(part), "_rels", posixpath.basename(part) + ".rels")
        if rels_path not in self.names:
            return []
        out = []
        for rel in self.xml(rels_path):
            if _local(rel.tag) != "Relationship":
                continue
            target = rel.get("Target") or ""
            if (rel.get("TargetMode") or "").lower() == "external":
                resolved = None
            elif target.startswith("/"):
                resolved = target[1:]
            else:
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(part), target))
            out.append((rel.get("Id") or "", rel.get("Type") or "", resolved))
        return out

    # -- the checks ---------------------------------------------------------------------------
    def check_archive(self) -> None:
        infos = self.zf.infolist()
        if len(infos) > MAX_MEMBERS:
            raise self.refuse(f"holds {len(infos)} parts (more than {MAX_MEMBERS}); refused as a "
                              f"possible zip bomb.")
        if len(self.names) != len(infos):
            raise self.refuse("is damaged: its zip archive lists the same part twice.")
        total = 0
        for info in infos:
            if info.flag_bits & 0x1:
                raise self.refuse("is encrypted; remove the password in Excel "
                                  "(File > Info > Protect Workbook) and save it again.")
            total += info.file_size
            if info.file_size > RATIO_CHECK_MIN_SIZE and \
                    info.file_size > MAX_COMPRESSION_RATIO * max(info.compress_size, 1):
                raise self.refuse(
                    f"looks like a zip bomb: its part {info.filename} unpacks from "
                    f"{info.compress_size:,} to {info.file_size:,} bytes (ratio above "
                    f"{MAX_COMPRESSION_RATIO}); refused.")
        if total > MAX_TOTAL_UNCOMPRESSED:
            raise self.refuse(
                f"would unpack to {total / MiB:,.0f} MiB (limit {MAX_TOTAL_UNCOMPRESSED // MiB} MiB); "
                f"refused as a possible zip bomb. A season workbook is normally well under 10 MiB.")

    def check_declarations(self) -> None:
        """No XML part starts with a document type / entity declaration."""
        for info in self.zf.infolist():
            name = info.filename
            if name.endswith((".xml", ".rels", ".vml")) and info.file_size:
                if _DTD_RE.search(self.peek(name, XML_PEEK)):
                    raise self.refuse(
                        f"contains an XML document type / entity declaration in {name}, which "
                        f"Excel never writes (an 'XML bomb'); refused for safety.")

    def workbook_part(self) -> tuple[str, str]:
        if "[Content_Types].xml" not in self.names:
            raise self.refuse(_NOT_EXCEL + self._what_else())
        types = self.xml("[Content_Types].xml")
        defaults: dict[str, str] = {}
        for el in types:
            if _local(el.tag) == "Override":
                ctype = el.get("ContentType") or ""
                if ctype in WORKBOOK_TYPES:
                    part = (el.get("PartName") or "").lstrip("/")
                    if part in self.names:
                        return part, ctype
            elif _local(el.tag) == "Default":
                defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
        for ctype in WORKBOOK_TYPES:  # some writers declare the type as the xml default
            if defaults.get("xml") == ctype and "xl/workbook.xml" in self.names:
                return "xl/workbook.xml", ctype
        raise self.refuse(_NOT_EXCEL + self._what_else())

    def _what_else(self) -> str:
        if "mimetype" in self.names:
            kind = self.peek("mimetype", 200).decode("ascii", "replace").strip()
            if "spreadsheet" in kind:
                return (" (it is an OpenDocument .ods spreadsheet: in LibreOffice use "
                        "File > Save As > Excel 2007-365 (.xlsx)).")
            return f" (it is an OpenDocument file: {kind})."
        if any(n.startswith("word/") for n in self.names):
            return " (it is a Word document)."
        if any(n.startswith("ppt/") for n in self.names):
            return " (it is a PowerPoint presentation)."
        if "xl/workbook.bin" in self.names:
            return " (it is an Excel binary .xlsb workbook: save it as .xlsx or .xlsm in Excel)."
        return " (it is a zip archive without an Excel workbook in it)."

    def sheets(self, wb_part: str) -> list[_SheetPart]:
        root = self.xml(wb_part)
        rels = {rid: (rtype, target) for rid, rtype, target in self.rels(wb_part)}
        out: list[_SheetPart] = []
        for el in root.iter():
            if _local(el.tag) != "sheet":
                continue
            name = el.get("name") or ""
            rtype, target = rels.get(_attr(el, "id") or "", ("", None))
            suffix = rtype.rsplit("/", 1)[-1].lower()
            kind = {"worksheet": "worksheet", "chartsheet": "chartsheet",
                    "xlmacrosheet": "macrosheet", "xlintlmacrosheet": "macrosheet",
                    "dialogsheet": "dialogsheet"}.get(suffix, "other")
            out.append(_SheetPart(name, target if target in self.names else None, kind))
        return out

    def check_dimension(self, sheet: _SheetPart) -> None:
        assert sheet.part is not None  # preflight refuses a sheet whose part is missing first
        size = self.zf.getinfo(sheet.part).file_size
        if size > MAX_SHEET_BYTES:
            raise self.refuse(
                f"has a sheet {quote_sheet(sheet.name)} of {size / MiB:,.0f} MiB of cell data (the "
                f"limit is {MAX_SHEET_BYTES // MiB} MiB, far more than a season needs). Delete the "
                f"unused rows and columns and save again.")
        head = self.peek(sheet.part, DIMENSION_PEEK)
        m = _DIMENSION_RE.search(head)
        if not m:
            return
        ref = m.group(1).decode("ascii", "replace").replace("$", "")
        last = ref.split(":")[-1]
        mm = re.fullmatch(r"([A-Za-z]{0,3})(\d*)", last)
        if not mm:
            return
        letters, digits = mm.group(1).upper(), mm.group(2)
        col = 0
        for ch in letters:
            col = col * 26 + ord(ch) - 64
        rows = int(digits) if digits else 1_048_576
        cols = col if letters else 16_384
        if rows > MAX_ROWS or cols > MAX_COLUMNS:
            raise self.refuse(
                f"has a sheet {quote_sheet(sheet.name)} that spans {ref} ({rows:,} rows x {cols:,} "
                f"columns; the limit is {MAX_ROWS:,} rows x {MAX_COLUMNS:,} columns). Delete the unused "
                f"rows and columns below and right of the data (select them, right-click > Delete) "
                f"and save again.")

    def scan_sheet(self, sheet: _SheetPart, macro: bool) -> list[str]:
        """What openpyxl would drop from this worksheet."""
        assert sheet.part is not None  # preflight refuses a sheet whose part is missing first
        kinds: list[str] = []
        ext_tail: bytes | None = None
        dynamic = rich = False
        prev = b""
        rows = 0
        try:
            with self.zf.open(sheet.part) as fh:
                while True:
                    chunk = fh.read(MiB)
                    if not chunk:
                        break
                    buf = prev + chunk
                    # <row> elements, whatever <dimension> claims; a match lying wholly in
                    # ``prev`` was counted with the previous chunk
                    rows += sum(1 for m in _ROW_RE.finditer(buf) if m.end() > len(prev))
                    far = max((int(m.group(1)) for m in _FAR_ROW_RE.finditer(buf)), default=0)
                    if far > MAX_ROWS:
                        raise self.refuse(
                            f"has a sheet {quote_sheet(sheet.name)} with something in row "
                            f"{far:,} (the limit is {MAX_ROWS:,} rows; its declared size says "
                            f"less). Delete the unused rows below the data (select them, "
                            f"right-click > Delete) and save again.")
                    if rows > MAX_ROWS:
                        raise self.refuse(
                            f"has a sheet {quote_sheet(sheet.name)} with more than {MAX_ROWS:,} "
                            f"rows (a season needs a few thousand at most). Delete the unused "
                            f"rows below the data (select them, right-click > Delete) and save "
                            f"again.")
                    dynamic = dynamic or bool(_DYNAMIC_ARRAY_RE.search(buf))
                    rich = rich or bool(_RICH_VALUE_RE.search(buf))
                    last = None
                    for last in _EXTLST_RE.finditer(buf):
                        pass
                    if last is not None:
                        ext_tail = buf[last.start():]
                    elif ext_tail is not None:
                        ext_tail += chunk
                    prev = buf[-1024:]
        except _UNPACK_ERRORS as exc:
            raise self.damaged(sheet.part, exc) from exc
        if dynamic and "xl/metadata.xml" in self.names:
            kinds.append("dynamic array formulas (Excel 365), which would become single-cell formulas")
        if rich:
            kinds.append("pictures in cells or linked data types (Excel 365)")
        if ext_tail:
            for m in _EXT_URI_RE.finditer(ext_tail):
                uri = m.group(1).decode("ascii", "replace").upper()
                if uri in _HARMLESS_EXTENSIONS:
                    continue
                kinds.append(_EXTENSION_KINDS.get(uri, f"Excel extension {uri}"))
        for _rid, rtype, target in self.rels(sheet.part):
            kinds.extend(self.related(rtype, target, macro))
        return kinds

    def related(self, rtype: str, target: str | None, macro: bool) -> list[str]:
        suffix = rtype.rsplit("/", 1)[-1]
        if suffix == "drawing" and target in self.names:
            return self.drawing_kinds(target, macro)
        if suffix == "vmlDrawing" and target in self.names:
            return self.vml_kinds(target, macro)
        if suffix == "legacyDrawingHF" or suffix == "vmlDrawingHF":
            return ["picture in the page header or footer"]
        if suffix == "pivotTable":
            return ["pivot table"]
        if suffix in ("slicer", "slicerCache"):
            return ["slicer"]
        if suffix in ("timeline", "timelineCache"):
            return ["timeline"]
        if suffix == "threadedComment":
            return ["threaded comments (replies)"]
        if suffix in ("oleObject", "package"):
            return ["embedded object"]
        if suffix == "control":
            return ["ActiveX control"]
        if suffix == "ctrlProp":
            return [] if macro else ["form control (button)"]
        if suffix == "table" and target in self.names:
            kinds = []
            for _rid, t2, _target in self.rels(target):
                if t2.endswith("/queryTable"):
                    kinds.append("query table (external data)")
            return kinds
        if suffix == "webextension" or suffix == "webExtension":
            return ["Office add-in (web extension)"]
        return []

    def drawing_kinds(self, part: str, macro: bool) -> list[str]:
        xml = self.read(part)
        kinds: list[str] = []
        if re.search(rb"drawingml/2006/chart[\"']|drawing/2014/chartex[\"']", xml):
            kinds.append("chart")
        if re.search(rb"<(?:\w+:)?pic[\s>]", xml):
            kinds.append("picture")
        if re.search(rb"drawingml/2006/diagram[\"']", xml):
            kinds.append("SmartArt")
        shapes = len(re.findall(rb"<(?:\w+:)?(?:sp|cxnSp)[\s>]", xml))
        mirrors = len(re.findall(rb"<(?:\w+:)?compatExt\b", xml))  # mirrors of VML form controls
        if mirrors:
            if not macro:
                kinds.append("form control (button)")
            shapes = max(0, shapes - mirrors)
        if shapes:
            kinds.append("shape or text box")
        if re.search(rb"<(?:\w+:)?contentPart[\s>]", xml):
            kinds.append("ink drawing")
        if not kinds and re.search(rb"<(?:\w+:)?graphicFrame[\s>]", xml):
            kinds.append("drawing object")
        return kinds

    def vml_kinds(self, part: str, macro: bool) -> list[str]:
        xml = self.read(part)
        objects = {m.decode("ascii", "replace") for m in re.findall(rb"ObjectType\s*=\s*[\"'](\w+)[\"']", xml)}
        objects.discard("Note")  # comments: openpyxl keeps their text and draws new boxes
        if objects and not macro:  # in .xlsm openpyxl keeps the VML drawing as it is
            return ["form control (button)"]
        return []

    def workbook_wide(self) -> list[str]:
        kinds = []
        if "xl/connections.xml" in self.names:
            kinds.append("data connections (Power Query / external data)")
        if any(n.startswith("xl/model/") for n in self.names):
            kinds.append("data model (Power Pivot)")
        return kinds


_NOT_EXCEL = "is not an Excel .xlsx/.xlsm workbook"


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


def preflight(path: str | os.PathLike[str], data: bytes | None = None) -> _Preflight:
    """Check a workbook file before anything parses it; raise WorkbookFileError to refuse."""
    p = Path(path)
    label = str(path)
    if data is None:
        data = _read_file(p, label)
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise WorkbookFileError(f"{label} {_NOT_EXCEL}{_sniff(data)}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, NotImplementedError) as exc:
        raise WorkbookFileError(f"{label} {_NOT_EXCEL} (its zip archive is damaged: {exc}).") from exc
    with zf:
        ins = _Inspector(label, zf)
        ins.check_archive()
        wb_part, wb_type = ins.workbook_part()
        result = _Preflight(wb_type)
        result.sheets = ins.sheets(wb_part)
        macro = result.macro_enabled
        _refuse_misplaced_sheets(ins, result.sheets)
        ins.sheet_of = {s.part: s.name for s in result.sheets if s.part}
        ins.check_declarations()
        scanned: set[str] = set()
        for sheet in result.sheets:
            if sheet.part is None:
                raise ins.refuse(
                    f"is damaged: the content of its sheet {quote_sheet(sheet.name)} is missing "
                    f"from the file. Open it in Excel or LibreOffice, which may repair it, and "
                    f"save it again; or restore a previous version from {files.BACKUP_FOLDER}.")
            if sheet.kind in ("worksheet", "macrosheet", "dialogsheet"):
                ins.check_dimension(sheet)
            if sheet.kind == "worksheet":
                kinds = ins.scan_sheet(sheet, macro)
                scanned.add(sheet.part)  # unpacked whole by the scan
            elif sheet.kind == "chartsheet":
                kinds = ["chart sheet"]
            elif sheet.kind == "macrosheet":
                kinds = ["Excel 4.0 macro sheet"]
            elif sheet.kind == "dialogsheet":
                kinds = ["Excel 5.0 dialog sheet"]
            else:
                kinds = []
            seen: set[str] = set()
            for kind in kinds:
                if kind not in seen:
                    seen.add(kind)
                    result.unsupported.append(Unsupported(sheet.name, kind))
        result.unsupported.extend(Unsupported(None, kind) for kind in ins.workbook_wide())
        ins.check_members(scanned)
    return result


def _refuse_misplaced_sheets(ins: _Inspector, sheets: list[_SheetPart]) -> None:
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


def _read_file(p: Path, label: str) -> bytes:
    return _read_with_signature(p, label)[0]


def _read_with_signature(p: Path, label: str) -> tuple[bytes, tuple[int, int]]:
    """The file's bytes and its (mtime_ns, size), both from the same open file."""
    try:
        # a pipe (FIFO) or a device: opening it would wait for a writer forever (issue 16)
        mode = os.stat(p).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise WorkbookFileError(Message(
                "{path} is not a regular file (a pipe, a device or a socket), not a workbook",
                path=label))
        with open(p, "rb") as fh:
            st = os.fstat(fh.fileno())
            if stat.S_ISDIR(st.st_mode):
                raise IsADirectoryError(21, "is a directory")
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


def _check_suffix(p: Path, label: str) -> None:
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
    # the same English text as _NOT_EXCEL, with a catalog id (the hint translated too)
    raise WorkbookFileError(Message("{path} is not an Excel .xlsx/.xlsm workbook ({hint}).",
                                    path=label, hint=hint))


# --------------------------------------------------------------------------- cell values


def _convert(value: Any) -> tuple[Any, str] | None:
    """A Python value as (cell value, openpyxl data type); None for an empty cell.

    Data type "s" is forced for every string, so text starting with '=' never becomes a formula.
    Data type "setter" means: let openpyxl's value setter handle it (dates and times).
    """
    value = cell_value(value)
    if value is None:
        return None
    if isinstance(value, str):
        return value, "s"
    if isinstance(value, bool):
        return value, "b"
    if isinstance(value, (int, float)):
        return value, "n"
    return value, "setter"


def _store(ws: Any, row: int, column: int, converted: tuple[Any, str], style_array: Any = None) -> Any:
    """Create (or reuse) the cell at (row, column) and put a converted value in it."""
    from openpyxl.cell.cell import Cell

    cells = ws._cells
    cell = cells.get((row, column))
    if cell is None:
        cell = Cell(ws, row=row, column=column, style_array=copy(style_array) if style_array is not None else None)
        cells[(row, column)] = cell
    elif style_array is not None:
        cell._style = copy(style_array)
    value, data_type = converted
    if data_type == "setter":
        cell.value = value
    else:
        cell._value = value
        cell.data_type = data_type
    return cell


# --------------------------------------------------------------------------- the book


def _plain(cell: Any) -> Any:
    """A cell's value for the in-the-way check: merged cells are checked apart."""
    from openpyxl.cell.cell import MergedCell

    return None if cell is None or isinstance(cell, MergedCell) else cell.value


def _style_array(ws: Any, layout: Layout, style: Style | None) -> Any:
    """The openpyxl style of a written cell: the sheet font, and ``style`` (openpyxl shares
    equal styles, so the cells of a sheet get a handful of style arrays)."""
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    proto: Any = Cell(ws)  # type: ignore[call-arg]  # a cell with no place: openpyxl allows it, its stubs do not
    bold = bool(style and style.bold)
    proto.font = Font(name=layout.font, size=layout.font_size, bold=bold)
    if style is not None:
        if style.fill:
            proto.fill = PatternFill("solid", fgColor=style.fill)
        if style.border_bottom:
            proto.border = Border(bottom=Side(style="thin"))
        if style.number_format:
            proto.number_format = style.number_format
        if style.align or style.wrap or style.top:
            proto.alignment = Alignment(horizontal=style.align, wrap_text=style.wrap or None,
                                        vertical="top" if style.top else None)
    return proto._style


def _page_text(part: HeaderText) -> str:
    """A header or footer part in Excel's codes: '&' doubled, &P and &N for the page fields."""
    codes = {Field.PAGE: "&P", Field.PAGES: "&N"}
    return "".join(codes[p] if isinstance(p, Field) else p.replace("&", "&&") for p in part)


def _page_setup(ws: Any, page: PageSetup) -> None:
    from openpyxl.worksheet.properties import PageSetupProperties

    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if page.landscape else "portrait"
    if page.fit_width is not None:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        ws.page_setup.fitToWidth = page.fit_width
        ws.page_setup.fitToHeight = page.fit_height
    elif page.scale is not None:
        ws.page_setup.scale = page.scale
    if page.repeat_rows:
        ws.print_title_rows = f"{page.repeat_rows[0]}:{page.repeat_rows[1]}"
    if page.repeat_cols:
        ws.print_title_cols = (f"{column_letter(page.repeat_cols[0])}:"
                               f"{column_letter(page.repeat_cols[1])}")
    if page.col_breaks:
        from openpyxl.worksheet.pagebreak import Break, ColBreak

        ws.col_breaks = ColBreak()
        for col in page.col_breaks:
            ws.col_breaks.append(Break(id=col - 1))  # the break is after column id
    for parts, target in ((page.header, ws.oddHeader), (page.footer, ws.oddFooter)):
        for part, place in zip(parts, (target.left, target.center, target.right)):
            if part:
                place.text = _page_text(part)
                if parts is page.header and page.header_bold:
                    place.font = "-,Bold"


class FileBook:
    """A .xlsx / .xlsm workbook on disk, implementing the :class:`~keizer_xl.sheets.tables.Book` protocol."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.label = str(path)
        self.messages: list[str] = []
        _check_suffix(self.path, self.label)
        data, self._signature = _read_with_signature(self.path, self.label)
        self._data = data
        info = preflight(self.path, data)
        #: the sheet names as the file lists them: openpyxl renames a second 'results' to
        #: 'results1', so the sheet reader checks for ambiguous input sheets against this list
        #: (chart sheets named like an input sheet and missing parts preflight refused above)
        self.stored_sheets = [s.name for s in info.sheets]
        # saved as the name says: keep_vba for .xlsm (Excel refuses a macro file named .xlsx)
        self.macro_enabled = self.path.suffix.lower() in MACRO_SUFFIXES
        self.unsupported: list[Unsupported] = list(info.unsupported)
        if info.macro_enabled and not self.macro_enabled:
            self.unsupported.append(Unsupported(
                None, "macros (the file is macro-enabled but named .xlsx: rename it to .xlsm)"))
        self._written: set[str] = set()
        self._values_wb: Workbook | None = None
        self._calculated: bool | None = None  # see _cached_values_saved
        # formula cells moved by append_rows / delete_rows: sheet -> {(row, col) now: as loaded},
        # so a cached result is still looked up where Excel stored it
        self._moved: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
        # each sheet's region and table, found once per run (issue 12: scan each sheet once);
        # forgotten when this book changes the sheet (append_rows, delete_rows, write_sheet)
        self._regions: dict[str, Region] = {}
        self._tables: dict[str, Table] = {}
        self.wb = self._load(data_only=False)
        self.wb.template = False  # saved as a workbook, never as a template

    # -- loading ------------------------------------------------------------------------------
    def _load(self, *, data_only: bool) -> Workbook:
        import openpyxl

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                wb = openpyxl.load_workbook(io.BytesIO(self._data), data_only=data_only,
                                            keep_vba=self.macro_enabled and not data_only,
                                            keep_links=True, rich_text=False)
            except Exception as exc:  # openpyxl raises many kinds; the user needs one message
                name = type(exc).__name__
                if _caused_by_defusedxml(exc):
                    raise WorkbookFileError(
                        f"{self.label} contains XML entity declarations, which Excel never writes "
                        f"(an 'XML bomb'); refused for safety.") from exc
                raise WorkbookFileError(
                    f"{self.label} could not be read as an Excel workbook ({name}: {exc}). Open it in "
                    f"Excel or LibreOffice and save it again as .xlsx.") from exc
        if not data_only:
            self._note_warnings(caught)
        return wb

    _WARNING_KINDS = {"conditional formatting": "conditional formatting", "data validation": "data validation",
                      "sparkline": "sparklines", "slicer": "slicer", "protected range": "protected ranges",
                      "web extension": "web extension", "timeline": "timeline"}

    def _note_warnings(self, caught: Iterable[warnings.WarningMessage]) -> None:
        """openpyxl warns about parts it is going to drop; report any the preflight missed."""
        known = " | ".join(u.kind.lower() for u in self.unsupported)
        for w in caught:
            text = str(w.message)
            if "will be removed" not in text or text.startswith("Ignored Error"):
                continue
            lowered = text.lower()
            keyword = next((k for k in self._WARNING_KINDS if k in lowered), None)
            if keyword is not None and self._WARNING_KINDS[keyword] in known:
                continue
            kind = f"an Excel feature this tool cannot keep ({text})"
            if kind.lower() not in known:
                known += " | " + kind.lower()
                self.unsupported.append(Unsupported(None, kind))

    def _values(self) -> Workbook:
        """The workbook as last saved by Excel, formulas replaced by their cached results."""
        if self._values_wb is None:
            self._values_wb = self._load(data_only=True)
        return self._values_wb

    # -- sheets -------------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.wb.sheetnames)

    def _find(self, sheet: str) -> Any:
        if sheet in self.wb.sheetnames:
            return self.wb[sheet]
        folded = sheet.casefold()
        for ws in self.wb._sheets:  # type: ignore[attr-defined]  # every sheet, chart sheets too
            if ws.title.casefold() == folded:
                return ws
        return None

    def _worksheet(self, sheet: str) -> Any:
        ws = self._find(sheet)
        if ws is None:
            raise MissingPartError(f"{self.label} has no sheet {sheet!r} (sheets: {', '.join(self.wb.sheetnames)})")
        if not hasattr(ws, "_cells"):
            raise MissingPartError(f"{quote_sheet(ws.title)} in {self.label} is a chart sheet, not a table")
        return ws

    # -- reading ------------------------------------------------------------------------------
    @staticmethod
    def _table_ref(table: Any) -> TableRef:
        from openpyxl.utils.cell import range_boundaries

        # an Excel Table's ref is a whole range (A1:D10): no bound is None
        min_col, min_row, max_col, max_row = cast("tuple[int, int, int, int]", range_boundaries(table.ref))
        return TableRef(table.displayName, min_row, min_col, max_row, max_col,
                        headers=table.headerRowCount is None or table.headerRowCount > 0,
                        totals=table.totalsRowCount or 0)

    def _region(self, ws: Any) -> Region:
        region = self._regions.get(ws.title)
        if region is not None:
            return region
        table = self._input_table(ws) if ws.tables else None
        names = [col.name for col in table.tableColumns] if table is not None and table.tableColumns else []
        values = {rc: cell.value for rc, cell in ws._cells.items() if cell.value is not None}
        region = find_region(values, self._table_ref(table) if table is not None else None, names)
        self._regions[ws.title] = region
        return region

    def _changed(self, title: str) -> None:
        """``title`` was changed by this book: its region and table are found again."""
        self._regions.pop(title, None)
        self._tables.pop(title, None)

    @staticmethod
    def _input_table(ws: Any) -> Any:
        """The Excel Table to read: the one with the contract's headers (sheets.read.pick_table)."""
        from openpyxl.utils.cell import range_boundaries

        from keizer_xl.sheets.read import pick_table

        tables = list(ws.tables.values())
        if len(tables) == 1:
            return tables[0]
        header_lists = []
        for t in tables:
            min_col, min_row, max_col, _ = cast("tuple[int, int, int, int]", range_boundaries(t.ref))
            if t.headerRowCount == 0:
                header_lists.append([c.name for c in t.tableColumns] if t.tableColumns else [])
            else:
                header_lists.append([ws._cells[(min_row, c)].value if (min_row, c) in ws._cells
                                     else None for c in range(min_col, max_col + 1)])
        return tables[pick_table(ws.title, header_lists)]

    def read_table(self, sheet: str) -> Table:
        ws = self._worksheet(sheet)
        table = self._tables.get(ws.title)
        if table is None:
            table = self._tables[ws.title] = self._read_table(ws)
        return table

    def _read_table(self, ws: Any) -> Table:
        region = self._region(ws)
        first_col, width = region.first_column, region.width
        n = region.data_last - region.data_first + 1
        rows: list[list[Any]] = [[None] * width for _ in range(max(n, 0))]
        formulas: list[tuple[int, int, Any]] = []
        if n > 0:
            lo, hi = region.data_first, region.data_last
            last_col = first_col + width - 1
            for (r, c), cell in ws._cells.items():
                if lo <= r <= hi and first_col <= c <= last_col:
                    value = cell._value
                    if value is None:
                        continue
                    if cell.data_type == "f":
                        formulas.append((r, c, value))
                    else:
                        rows[r - lo][c - first_col] = value
            if formulas:
                values_ws = self._values_sheet(ws.title)
                moved = self._moved.get(ws.title, {})
                for r, c, formula in formulas:
                    cached = None
                    stored_text = False
                    if values_ws is not None:
                        vcell = values_ws._cells.get(moved.get((r, c), (r, c)))
                        cached = vcell.value if vcell is not None else None
                        # t="str": the program that saved the file calculated a text result,
                        # "" for =IF(F16="","",F16) (openpyxl never writes t on a formula cell)
                        stored_text = vcell is not None and vcell.data_type == "str"
                    if cached is None and not stored_text and not self._cached_values_saved():
                        # never calculated (saved by a program that does not compute, e.g.
                        # openpyxl): the formula's text, which the reader refuses with its cell,
                        # rather than guessing "empty"
                        cached = formula if isinstance(formula, str) else getattr(formula, "text", str(formula))
                    # else: Excel or LibreOffice stored an empty result (=IF(F16="","",F16) for a
                    # game not played yet): the cell is empty (issue 11)
                    rows[r - lo][c - first_col] = cached
        return Table(sheet=ws.title, headers=region.headers, rows=tuple(tuple(r) for r in rows),
                     header_row=region.header_row, first_column=first_col)

    def _cached_values_saved(self) -> bool:
        """Whether the file holds the results of its formulas as last calculated: Excel and
        LibreOffice store them; a writer that cannot calculate (openpyxl, this tool's own file
        client) marks the workbook ``fullCalcOnLoad`` and stores none."""
        if self._calculated is None:
            import zipfile

            self._calculated = True
            try:
                with zipfile.ZipFile(io.BytesIO(self._data)) as zf:
                    for info in zf.infolist():
                        name = info.filename.lower()
                        if name.endswith("workbook.xml") and "_rels" not in name and \
                                info.file_size < 8_000_000:
                            text = zf.read(info).decode("utf-8", "replace")
                            if re.search(r"<(?:\w+:)?calcPr\b[^>]*\bfullCalcOnLoad\s*=\s*[\"'](?:1|true)",
                                         text):
                                self._calculated = False
                            break
            except Exception:  # a damaged part (zlib.error, ...): trust no cached value
                self._calculated = False
        return self._calculated

    def _values_sheet(self, title: str) -> Any:
        values = self._values()
        if title in values.sheetnames:
            ws = values[title]
            return ws if hasattr(ws, "_cells") else None
        return None

    # -- writing an engine-owned sheet --------------------------------------------------------
    def write_sheet(self, sheet: str, layout: Layout) -> None:
        ws = self._fresh_sheet(sheet)
        cells, styles = layout.grid, layout.styles()
        arrays: dict[Style | None, Any] = {}
        for r, row in enumerate(cells, 1):
            for c, value in enumerate(row, 1):
                conv = _convert(value)
                style = styles.pop((r, c), None)
                if conv is not None or style is not None:
                    if style not in arrays:
                        arrays[style] = _style_array(ws, layout, style)
                    _store(ws, r, c, conv or (None, "n"), arrays[style])
        for (r, c), style in styles.items():  # styled cells beyond a row's values
            _store(ws, r, c, (None, "n"), _style_array(ws, layout, style))
        for j, width in enumerate(layout.widths, 1):
            ws.column_dimensions[column_letter(j)].width = width
        for r, height in layout.heights:
            ws.row_dimensions[r].height = height
        if layout.freeze_rows:
            ws.freeze_panes = f"A{layout.freeze_rows + 1}"
        _page_setup(ws, layout.page)

    def _fresh_sheet(self, sheet: str) -> Any:
        """An empty sheet in the place (and with the tab state) of the old one, if any."""
        existing = self._find(sheet)
        if existing is not None:
            index = self.wb.index(existing)
            selected = bool(getattr(existing, "sheet_view", None) and existing.sheet_view.tabSelected)
            tab_color = getattr(existing.sheet_properties, "tabColor", None)
            state = existing.sheet_state
            self.wb.remove(existing)
            ws = self.wb.create_sheet(sheet, index)
            ws.sheet_view.tabSelected = selected
            ws.sheet_properties.tabColor = tab_color
            ws.sheet_state = state
        else:
            ws = self.wb.create_sheet(sheet)
        self._written.add(ws.title)
        self._moved.pop(ws.title, None)
        self._changed(ws.title)
        return ws

    # -- appending to a user's table ----------------------------------------------------------
    def append_rows(self, sheet: str, rows: Sequence[dict[str, Any]]) -> None:
        from openpyxl.cell.cell import MergedCell

        rows = list(rows)
        if not rows:
            return
        ws = self._worksheet(sheet)
        region = self._region(ws)
        self._changed(ws.title)  # whatever happens below, the sheet is read afresh
        where, cells = quote_sheet(ws.title), ws._cells
        others = [self._table_ref(t) for t in ws.tables.values()]
        plan, problems = plan_append(region, rows, others, where, self.label)
        problems = problems or plan.in_the_way(region, lambda r, c: _plain(cells.get((r, c))),
                                               where, self.label)
        if problems:
            raise WorkbookFileError(problems[0])
        first_col, last_col = region.first_column, region.last_column
        for r in range(plan.start, plan.end + 1 + (region.totals if plan.shift else 0)):
            for c in range(first_col, last_col + 1):
                if isinstance(cells.get((r, c)), MergedCell):
                    raise WorkbookFileError(
                        f"Cannot add rows to {where} in {self.label}: cell {column_letter(c)}{r} "
                        f"below the table is part of merged cells; unmerge them first.")
        for r in range(plan.totals_at + region.totals - 1, plan.totals_at - 1, -1) if plan.shift else ():
            for c in range(first_col, last_col + 1):
                moved = cells.pop((r, c), None)
                if moved is not None:
                    moved.row = r + plan.shift
                    cells[(r + plan.shift, c)] = moved
                    self._note_move(ws.title, (r, c), (r + plan.shift, c))
        col_styles = self._column_styles(ws, first_col, last_col)
        for r, placed in enumerate(plan.rows, plan.start):
            for c in range(first_col, last_col + 1):
                existing = cells.get((r, c))
                style_array = None
                if existing is None or not existing.has_style:
                    above = cells.get((r - 1, c)) if r - 1 >= region.data_first else None
                    if above is not None and above.has_style:
                        style_array = above._style
                    elif col_styles.get(c) is not None:
                        style_array = col_styles[c]
                conv = _convert(placed.get(c - first_col))
                if conv is not None or style_array is not None:
                    _store(ws, r, c, conv or (None, "n"), style_array)
        self._resize(ws, region, plan.table_last, plan.data_end, grow_to=plan.end)

    def _resize(self, ws: Any, region: Region, last: int | None, data_end: int | None,
                grow_to: int | None = None, deleted: Sequence[int] = ()) -> None:
        """The Table (and its autofilter) or the sheet's autofilter after rows were added or
        deleted: a Table's ref ends at ``last``, its filter at ``data_end``."""
        from openpyxl.utils.cell import range_boundaries

        t = region.table
        if t is not None and last is not None:
            table = next(iter(ws.tables.values()))  # the region's Table: the first
            left, right = column_letter(t.min_col), column_letter(t.max_col)
            table.ref = f"{left}{t.min_row}:{right}{last}"
            if table.autoFilter is not None:
                table.autoFilter.ref = f"{left}{t.min_row}:{right}{data_end}"
        elif t is None and ws.auto_filter.ref:
            # an autofilter's ref is a whole range (A1:D10): no bound is None
            a_min_col, a_min_row, a_max_col, a_max_row = cast("tuple[int, int, int, int]",
                                                              range_boundaries(ws.auto_filter.ref))
            if a_min_row != region.header_row:
                return
            if grow_to is not None:
                a_max_row = max(a_max_row, grow_to)
            else:
                within = sum(1 for d in deleted if d <= a_max_row)
                a_max_row = max(a_max_row - within, a_min_row + 1)
            ws.auto_filter.ref = f"{column_letter(a_min_col)}{a_min_row}:{column_letter(a_max_col)}{a_max_row}"

    # -- deleting rows of a user's table ------------------------------------------------------
    def delete_rows(self, sheet: str, data_rows: Sequence[int]) -> None:
        """Delete data rows (0-based indices into ``read_table(sheet).rows``).

        As Excel's 'Delete Table Rows': the cells below move up within the table's columns only
        (a note to the right of the table stays where it is); formulas that move are translated;
        an Excel Table shrinks with them, keeping at least one (empty) data row.
        """
        from openpyxl.formula.translate import Translator

        ws = self._worksheet(sheet)
        region = self._region(ws)
        self._changed(ws.title)  # whatever happens below, the sheet is read afresh
        where = quote_sheet(ws.title)
        plan = plan_delete(region, data_rows, where, self.label)
        if not plan.doomed:
            return
        first_col, last_col = region.first_column, region.last_column
        top = plan.doomed[0]
        for merged in ws.merged_cells.ranges:
            if merged.max_row >= top and merged.min_col <= last_col and merged.max_col >= first_col:
                raise WorkbookFileError(
                    f"Cannot delete rows of {where} in {self.label}: the merged cells {merged.coord} "
                    f"are in the way; unmerge them first.")
        cells = ws._cells
        gone = set(plan.doomed)
        moving = sorted(((r, c) for (r, c) in cells
                         if r >= top and first_col <= c <= last_col), key=lambda rc: rc[0])
        for r, c in moving:
            cell = cells.pop((r, c))
            if r in gone:
                self._note_move(ws.title, (r, c), None)
                continue
            new_row = plan.new_row(r)
            if cell.data_type == "f" and isinstance(cell._value, str):
                try:
                    cell._value = Translator(cell._value, origin=f"{column_letter(c)}{r}") \
                        .translate_formula(f"{column_letter(c)}{new_row}")
                except Exception:  # an unusual formula: keep its text as it is
                    pass
            cell.row = new_row
            cells[(new_row, c)] = cell
            self._note_move(ws.title, (r, c), (new_row, c))
        last = plan.table_last
        self._resize(ws, region, last, last - region.totals if last is not None else None,
                     deleted=plan.doomed)

    def _note_move(self, title: str, old: tuple[int, int], new: tuple[int, int] | None) -> None:
        moved = self._moved.setdefault(title, {})
        origin = moved.pop(old, old)
        if new is not None:
            moved[new] = origin

    @staticmethod
    def _column_styles(ws: Any, first_col: int, last_col: int) -> dict[int, Any]:
        """Styles given to whole columns (<col style=...>), by column number."""
        from openpyxl.utils.cell import column_index_from_string

        out: dict[int, Any] = {}
        for dim in ws.column_dimensions.values():
            if not dim.has_style:
                continue
            lo = dim.min or column_index_from_string(dim.index)
            hi = dim.max or lo
            for c in range(max(lo, first_col), min(hi, last_col) + 1):
                out[c] = dim._style
        return out

    # -- messages -----------------------------------------------------------------------------
    def message(self, text: str) -> None:
        self.messages.append(str(text))

    # -- what would be lost -------------------------------------------------------------------
    def unsafe_to_write(self, owned_sheets: Iterable[str] = OWNED_SHEETS) -> list[str]:
        """What openpyxl would drop on sheets the engine does not own, one line each."""
        owned = {s.casefold() for s in owned_sheets}
        return [str(u) for u in self.unsupported
                if u.sheet is None or u.sheet.casefold() not in owned]

    # -- saving -------------------------------------------------------------------------------
    def save(self, force: bool = False) -> None:
        """Write the workbook back to its file: atomically, with a backup of the old version."""
        target = self._real_path(self.path)
        with files.workbook_lock(target):  # re-entrant: the command line holds it from the read
            if not force:
                lost = self.unsafe_to_write(OWNED_SHEETS | self._written)
                if lost:
                    raise WorkbookFileError(Message(  # the way out is the front end's (hint)
                        "{book} was not changed: saving it with this tool would remove {lost}.",
                        book=self.label, lost="; ".join(lost)), hint="keep_all")
                try:
                    st = target.stat()
                    if (st.st_mtime_ns, st.st_size) != self._signature:
                        raise WorkbookFileError(
                            f"{self.label} was not changed: it was modified by another program "
                            f"after it was read. Run the command again.")
                except FileNotFoundError:
                    raise WorkbookFileError(f"{self.label} was not changed: it was moved or "
                                            f"deleted after it was read.") from None
            _write_atomically(self.wb, target, self.label, backup=True)
            st = target.stat()
            self._signature = (st.st_mtime_ns, st.st_size)

    def save_as(self, path: str | os.PathLike[str], force: bool = False) -> None:
        """Write a copy to ``path`` (same atomic procedure; a replaced file is kept as backup)."""
        dest = Path(path)
        label = str(path)
        try:
            if dest.exists() and self.path.exists() and os.path.samefile(dest, self.path):
                self.save(force=force)
                return
        except OSError:
            pass
        suffix = dest.suffix.lower()
        if suffix not in EXCEL_SUFFIXES:
            raise WorkbookFileError(f"{label}: the copy must be named .xlsx or .xlsm.")
        if self.macro_enabled and suffix != ".xlsm":
            raise WorkbookFileError(f"{label}: {self.label} contains macros, so the copy must be "
                                    f"named .xlsm.")
        if not self.macro_enabled and suffix == ".xlsm":
            raise WorkbookFileError(f"{label}: {self.label} has no macros, so the copy must be "
                                    f"named .xlsx.")
        if dest.is_dir():
            raise WorkbookFileError(f"{label} is a folder; give a file name for the copy.")
        lost = self.unsafe_to_write(OWNED_SHEETS | self._written)
        if lost:
            self.message(f"Not in the copy {label} (the original {self.label} is unchanged): "
                         f"{'; '.join(lost)}.")
        target = self._real_path(dest)
        _write_atomically(self.wb, target, label, backup=target.exists())

    @staticmethod
    def _real_path(p: Path) -> Path:
        return Path(os.path.realpath(p)) if p.is_symlink() else p


def write_new_workbook(wb: Workbook, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Save an openpyxl Workbook to ``path`` atomically (used for new workbooks and templates)."""
    _write_atomically(wb, Path(path), str(path), backup=backup)


def _write_atomically(wb: Workbook, target: Path, label: str, *, backup: bool) -> None:
    """The workbook through the one writer (:func:`atomic.replacing`: under its lock, refused
    when open elsewhere or read-only, zip check, backup in ``.keizer-backups/``, os.replace);
    what goes wrong is worded here, for a workbook."""
    folder = target.parent
    try:
        with atomic.replacing(target, backup=backup, zip_check=True, check=True) as fh:
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


def _save_workbook(wb: Workbook, fh: IO[bytes]) -> None:
    """openpyxl's ``Workbook.save`` into memory, then the bytes into the open temporary file.

    openpyxl's zip writer is never given the file: when saving fails half-way (a full disk,
    Ctrl+C) its unfinished zip objects are finalised later and would seek the closed file,
    printing 'ValueError: seek of closed file' (issue 11).  In memory they only touch the
    buffer, and the one write that can fail is the plain ``fh.write``.  A season workbook is a
    few MiB at most (the preflight caps it)."""
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


def _caused_by_defusedxml(exc: BaseException | None) -> bool:
    """True when defusedxml refused an XML part (openpyxl wraps the error in a ValueError)."""
    from defusedxml import DefusedXmlException

    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, DefusedXmlException):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
