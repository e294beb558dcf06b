"""The preflight's look into a workbook zip, with :mod:`zipfile` and expat (nothing of
openpyxl): the workbook part and its sheets (as :class:`.package.Package` finds them, the file
book's own reading), the archive's sizes, a worksheet's declared and real extent, entity
declarations, parts that are not well-formed, and what openpyxl would drop
(:class:`Unsupported`).  :func:`.safety.preflight` runs it."""
from __future__ import annotations

import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from keizer_xl.clients import files
from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.errors import Message
from keizer_xl.clients.xlsx.cellxml import col_index
from keizer_xl.clients.xlsx.package import DTD_RE, Package, SheetEntry
from keizer_xl.clients.xlsx.limits import (
    DIMENSION_PEEK,
    MACRO_TYPES,
    MAX_COLUMNS,
    MAX_COMPRESSION_RATIO,
    MAX_MEMBERS,
    MAX_ROWS,
    MAX_SHEET_BYTES,
    MAX_TOTAL_UNCOMPRESSED,
    NOT_EXCEL,
    RATIO_CHECK_MIN_SIZE,
    MiB,
)
from keizer_xl.sheets.tables import quote_sheet

_ROW_RE = re.compile(rb"<(?:\w+:)?row[\s>/]")
# a row or cell reference at row 100,000 or beyond (six digits or more), wherever it sits
_FAR_ROW_RE = re.compile(rb"<(?:\w+:)?(?:row|c)\s[^>]*?\br\s*=\s*[\"'][A-Za-z]{0,3}(\d{6,})[\"']")
#: errors unpacking a zip member can raise: a flipped byte gives zlib.error, a bad CRC BadZipFile
_UNPACK_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, zlib.error,
                  NotImplementedError, RuntimeError, EOFError)
# a cheap first look for _FAR_ROW_RE: an r attribute with six digits or more
# (no \b before the r: three times faster, and a name ending in r only sends the sheet to the
# exact _FAR_ROW_RE)
_FAR_REF_RE = re.compile(rb"r\s*=\s*[\"'][A-Za-z]{0,3}\d{6}")
_DIMENSION_RE = re.compile(rb"<(?:\w+:)?dimension\s+ref\s*=\s*[\"']([^\"']*)[\"']")

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
class Preflight:
    """What the workbook holds that a save must keep or refuse: its type and its package."""

    workbook_type: str
    package: Package  # its worksheets' XML as the scan read them, read once (issue 25)

    @property
    def sheets(self) -> list[SheetEntry]:
        return self.package.sheets

    @property
    def macro_enabled(self) -> bool:
        return self.workbook_type in MACRO_TYPES


class Inspector:
    """Checks a workbook zip with zipfile and expat only (nothing of openpyxl)."""

    def __init__(self, label: str, zf: zipfile.ZipFile):
        self.label = label
        self.zf = zf
        self.names = set(zf.namelist())
        self.sheet_of: dict[str, str] = {}   # part -> sheet name, for messages
        self.unpacked: dict[str, bytes] = {}  # worksheet part -> its XML, as scan_sheet read it

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
            # VML is not always well-formed XML
            for _ in self._stream(info.filename, xml=xml, dtd=xml or info.filename.endswith(".vml")):
                pass

    def _stream(self, member: str, *, xml: bool, dtd: bool = True) -> Iterator[tuple[bytes, bytes]]:
        """``member`` unpacked a MiB at a time, as (the chunk after the last KiB of the one
        before, that KiB), each checked for declarations (``dtd``) and well-formed (``xml``)."""
        parser = WellFormed(self, member) if xml else None
        prev = b""
        try:
            with self.zf.open(member) as fh:
                while chunk := fh.read(MiB):
                    buf = prev + chunk
                    if dtd:
                        self.no_declaration(member, buf)
                    if parser is not None:
                        parser.feed(chunk)
                    yield buf, prev
                    prev = buf[-1024:]
            if parser is not None:
                parser.feed(b"", final=True)
        except _UNPACK_ERRORS as exc:
            raise self.damaged(member, exc) from exc

    def no_declaration(self, member: str, data: bytes) -> None:
        """No document type / entity declaration anywhere in an XML part (a long comment may
        push one far from the start); the file client parses the parts itself, so this is
        checked on every byte (issue 25), as :meth:`scan_sheet` and :meth:`check_members`
        read them."""
        if DTD_RE.search(data):
            raise self.refuse(
                f"contains an XML document type / entity declaration in {member}, which "
                f"Excel never writes (an 'XML bomb'); refused for safety.")

    def peek(self, member: str, size: int) -> bytes:
        try:
            with self.zf.open(member) as fh:
                return fh.read(size)
        except _UNPACK_ERRORS as exc:
            raise self.damaged(member, exc) from exc

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

    def package(self, data: bytes) -> tuple[Package, str]:
        """The workbook's package (its workbook part and sheets, as the file book reads them)
        and its workbook's content type; refused when it holds no Excel workbook."""
        if "[Content_Types].xml" not in self.names:
            raise self.refuse(NOT_EXCEL + self._what_else())
        try:
            pkg = Package(data, self.label)
        except _UNPACK_ERRORS as exc:  # what Package reads first: its parts' list and workbook
            raise self.damaged("[Content_Types].xml, the workbook or its relationships", exc) from exc
        if pkg.workbook_type is None:
            raise self.refuse(NOT_EXCEL + self._what_else())
        self.unpacked = pkg.unpacked  # what scan_sheet unpacks, the package takes
        return pkg, pkg.workbook_type

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

    def check_dimension(self, sheet: SheetEntry) -> None:
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
        letters, digits = mm.group(1), mm.group(2)
        rows = int(digits) if digits else 1_048_576
        cols = col_index(letters) if letters else 16_384
        if rows > MAX_ROWS or cols > MAX_COLUMNS:
            raise self.refuse(
                f"has a sheet {quote_sheet(sheet.name)} that spans {ref} ({rows:,} rows x {cols:,} "
                f"columns; the limit is {MAX_ROWS:,} rows x {MAX_COLUMNS:,} columns). Delete the unused "
                f"rows and columns below and right of the data (select them, right-click > Delete) "
                f"and save again.")

    def scan_sheet(self, sheet: SheetEntry, limits: bool = True) -> None:
        """A worksheet unpacked once and checked well-formed; with ``limits``, refused past
        ``MAX_ROWS`` (only for a sheet the engine reads or writes: issue 34)."""
        assert sheet.part is not None  # preflight refuses a sheet whose part is missing first
        rows = 0
        chunks: list[bytes] = []
        for buf, prev in self._stream(sheet.part, xml=True):
            chunks.append(buf[len(prev):])
            # <row> elements, whatever <dimension> claims; a match lying wholly in ``prev`` was
            # counted with the previous chunk
            # (findall and literal prefilters: a 150-player Results sheet is 0.6 MB)
            n = buf.count(b"<row")  # all "<row " and none prefixed: findall's count, in C (issue 25)
            rows += (n if n == buf.count(b"<row ") and b":row" not in buf else
                     len(_ROW_RE.findall(buf))) - len(_ROW_RE.findall(prev))
            far = max((int(m.group(1)) for m in _FAR_ROW_RE.finditer(buf)), default=0) \
                if _FAR_REF_RE.search(buf) else 0
            if limits and far > MAX_ROWS:
                raise self.refuse(
                    f"has a sheet {quote_sheet(sheet.name)} with something in row {far:,} (the "
                    f"limit is {MAX_ROWS:,} rows; its declared size says less). Delete the unused "
                    f"rows below the data (select them, right-click > Delete) and save again.")
            if limits and rows > MAX_ROWS:
                raise self.refuse(
                    f"has a sheet {quote_sheet(sheet.name)} with more than {MAX_ROWS:,} rows (a "
                    f"season needs a few thousand at most). Delete the unused rows below the data "
                    f"(select them, right-click > Delete) and save again.")
        self.unpacked[sheet.part] = chunks[0] if len(chunks) == 1 else b"".join(chunks)


class WellFormed:
    """Feeds a part to expat, which only checks that it is well-formed XML (no handlers: fast);
    a broken part is refused here with its name, before anything reads it (issue 25)."""

    def __init__(self, inspector: Inspector, member: str):
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
