"""The preflight of a workbook file: zip and XML safety, with :mod:`zipfile` alone.

Nothing is handed to openpyxl before this has checked that the file is an Excel workbook and not
a zip bomb, that no worksheet claims an absurd size and that no XML part declares entities.
Every refusal is a :class:`WorkbookFileError` whose message names the file and says what to do;
it comes in well under a second.  openpyxl silently drops some things when it rewrites a file
(charts, pictures, shapes, pivot tables, slicers, sparklines, Excel 2010+ extensions, ...); the
preflight lists them per sheet (:class:`Unsupported`).
"""
from __future__ import annotations

import io
import os
import posixpath
import re
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Sequence

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

from keizer_xl.clients import files
from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.errors import Message
from keizer_xl.sheets.read_names import OWNED_SHEETS as _SHEETS_OWNED, SHEET_ALIASES as _SHEET_ALIASES
from keizer_xl.sheets.tables import quote_sheet

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
# a cheap first look for _FAR_ROW_RE: an r attribute with six digits or more
_FAR_REF_RE = re.compile(rb"\br\s*=\s*[\"'][A-Za-z]{0,3}\d{6}")
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
            xml = info.filename.endswith((".xml", ".rels"))
            vml = info.filename.endswith(".vml")  # VML is not always well-formed XML
            prev = b""
            parser = _well_formed(self, info.filename) if xml else None
            try:
                with self.zf.open(info) as fh:
                    while True:
                        chunk = fh.read(MiB)
                        if not chunk:
                            break
                        if xml or vml:
                            self.no_declaration(info.filename, prev + chunk)
                            prev = chunk[-16:]
                        if parser is not None:
                            parser.feed(chunk)
                if parser is not None:
                    parser.feed(b"", final=True)
            except _UNPACK_ERRORS as exc:
                raise self.damaged(info.filename, exc) from exc

    def no_declaration(self, member: str, data: bytes) -> None:
        """No document type / entity declaration anywhere in an XML part (a long comment may
        push one past the peek of :meth:`check_declarations`); the file client parses the
        parts itself, so this is checked on every byte (issue 25)."""
        if _DTD_RE.search(data):
            raise self.refuse(
                f"contains an XML document type / entity declaration in {member}, which "
                f"Excel never writes (an 'XML bomb'); refused for safety.")

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
            if (name.endswith((".xml", ".rels", ".vml")) and info.file_size
                    and _DTD_RE.search(self.peek(name, XML_PEEK))):
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
        parser = _well_formed(self, sheet.part)
        try:
            with self.zf.open(sheet.part) as fh:
                while True:
                    chunk = fh.read(MiB)
                    if not chunk:
                        parser.feed(b"", final=True)
                        break
                    buf = prev + chunk
                    self.no_declaration(sheet.part, buf)
                    parser.feed(chunk)
                    # <row> elements, whatever <dimension> claims; a match lying wholly in
                    # ``prev`` was counted with the previous chunk
                    # (findall and literal prefilters: a 150-player Results sheet is 0.6 MB)
                    rows += len(_ROW_RE.findall(buf)) - len(_ROW_RE.findall(prev))
                    far = max((int(m.group(1)) for m in _FAR_ROW_RE.finditer(buf)), default=0) \
                        if _FAR_REF_RE.search(buf) else 0
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
                    dynamic = dynamic or (b"cm" in buf and bool(_DYNAMIC_ARRAY_RE.search(buf)))
                    rich = rich or (b"vm" in buf and bool(_RICH_VALUE_RE.search(buf)))
                    last = max(_EXTLST_RE.finditer(buf), key=lambda m: m.start(), default=None)
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
        objects = {
            m.decode("ascii", "replace") for m in re.findall(rb"ObjectType\s*=\s*[\"'](\w+)[\"']", xml)
        }
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


class _well_formed:
    """Feeds a part to expat, which only checks that it is well-formed XML (no handlers: fast);
    the file client reads the parts with regular expressions, so a broken part is refused here
    with its name rather than read as half a sheet (issue 25)."""

    def __init__(self, inspector: _Inspector, member: str):
        import xml.parsers.expat

        self.inspector = inspector
        self.member = member
        self.parser = xml.parsers.expat.ParserCreate()
        self.error = xml.parsers.expat.ExpatError

    def feed(self, data: bytes, final: bool = False) -> None:
        try:
            self.parser.Parse(data, final)
        except self.error as exc:
            sheet = self.inspector.sheet_of.get(self.member)
            if sheet:
                what = Message("the sheet {sheet} (part {part})", sheet=quote_sheet(sheet), part=self.member)
            else:
                what = Message("its part {part}", part=self.member)
            raise WorkbookFileError(Message(
                "{path} could not be read as an Excel workbook: {what} is not well-formed XML "
                "({error}). Open it in Excel or LibreOffice and save it again as .xlsx.",
                path=self.inspector.label, what=what, error=str(exc))) from exc


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
    return read_with_signature(p, label)[0]


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


def check_save(target: Path, label: str, signature: tuple[int, int], *,
               lost: Sequence[str]) -> None:
    """May the workbook read as ``target`` (with ``signature``: mtime, size) be written back?
    Not when the writer would drop ``lost`` (the way out is the front end's: hint
    ``keep_all``), nor when another program changed, moved or deleted the file after it was
    read (both writers, the spliced and the openpyxl one, ask this)."""
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


def check_copy_name(dest: Path, label: str, *, macro_enabled: bool) -> None:
    """A copy of the workbook ``label`` (``save_as``) keeps its kind: .xlsm when it holds
    macros, else .xlsx, and names a file, not a folder (both writers, the spliced and the
    openpyxl one, ask this)."""
    copy = str(dest)
    suffix = dest.suffix.lower()
    if suffix not in EXCEL_SUFFIXES:
        raise WorkbookFileError(f"{copy}: the copy must be named .xlsx or .xlsm.")
    if macro_enabled and suffix != ".xlsm":
        raise WorkbookFileError(f"{copy}: {label} contains macros, so the copy must be "
                                f"named .xlsm.")
    if not macro_enabled and suffix == ".xlsm":
        raise WorkbookFileError(f"{copy}: {label} has no macros, so the copy must be "
                                f"named .xlsx.")
    if dest.is_dir():
        raise WorkbookFileError(f"{copy} is a folder; give a file name for the copy.")


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
    # the same English text as _NOT_EXCEL, with a catalog id (the hint translated too)
    raise WorkbookFileError(Message("{path} is not an Excel .xlsx/.xlsm workbook ({hint}).",
                                    path=label, hint=hint))


def caused_by_defusedxml(exc: BaseException | None) -> bool:
    """True when defusedxml refused an XML part (openpyxl wraps the error in a ValueError)."""
    from defusedxml import DefusedXmlException

    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, DefusedXmlException):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
