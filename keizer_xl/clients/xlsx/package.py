"""A workbook file as its zip package: the parts as stored, the sheet list, the relationships
and content types, and a new package with some parts changed and every other part exactly as
it was (issue 25).  The preflight (:mod:`.safety`) has checked the archive first.
"""
from __future__ import annotations

import io
import itertools
import posixpath
import re
import zipfile
from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Iterable, Mapping, Set

from keizer_xl.clients.xlsx.limits import WORKBOOK_TYPES

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_REL_NS = "http://purl.oclc.org/ooxml/officeDocument/relationships"  # strict OOXML's
REL_WORKSHEET = REL_NS + "/worksheet"
REL_STYLES = REL_NS + "/styles"
REL_SHARED_STRINGS = REL_NS + "/sharedStrings"
REL_CALC_CHAIN = REL_NS + "/calcChain"
REL_TABLE = REL_NS + "/table"
CT_WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CT_STYLES = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
RELS_HEAD = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">')


# an XML attribute, with either quote; the name may carry a prefix (r:id)
_ATTR = re.compile(rb"""([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


_REFERENCE = re.compile(r"&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|(amp|lt|gt|quot|apos));")
_PREDEFINED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _resolve(m: re.Match[str]) -> str:
    if m.group(1):
        return chr(int(m.group(1), 16))
    if m.group(2):
        return chr(int(m.group(2)))
    return _PREDEFINED[m.group(3)]


def unescape(text: str) -> str:
    """``text`` with its references resolved as XML resolves them: the five predefined
    entities and character references by their code point (``&#x96;`` is U+0096; HTML's
    Windows-1252 reading, ``html.unescape``, makes it a dash, issue 34)."""
    if "&" not in text:
        return text
    return _REFERENCE.sub(_resolve, text)


def same_type(found: str, wanted: str) -> bool:
    """A relationship type ``found`` is ``wanted`` (a transitional type), also in strict OOXML."""
    return found == wanted or (found.startswith(STRICT_REL_NS) and wanted.startswith(REL_NS)
                               and found[len(STRICT_REL_NS):] == wanted[len(REL_NS):])


def attributes(text: bytes) -> dict[str, str]:
    """The attributes of a start tag's inside (``r="B5" s="3"``), values unescaped."""
    out: dict[str, str] = {}
    for m in _ATTR.finditer(text):
        raw = m.group(2) if m.group(2) is not None else m.group(3)
        out[m.group(1).decode("ascii", "replace")] = unescape(raw.decode("utf-8"))
    return out


def local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


def attr(attrs: dict[str, str], name: str) -> str | None:
    """An attribute by its local name (``id`` finds ``r:id`` whatever the prefix)."""
    if name in attrs:
        return attrs[name]
    for key, value in attrs.items():
        if local(key) == name:
            return value
    return None


def escape(text: str, quote: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


def element_re(name: str, flags: int = re.S) -> re.Pattern[bytes]:
    """``<name ...>...</name>`` or ``<name .../>`` with any namespace prefix; group 1 is the
    start tag's attributes, group 2 the content (None when self-closing).  For elements that do
    not contain themselves."""
    n = name.encode()
    return re.compile(rb"<(?:[\w.-]+:)?" + n + rb"\b([^>]*?)(?:/>|>(.*?)</(?:[\w.-]+:)?" + n + rb"\s*>)",
                      flags)


_REL_RE = element_re("Relationship")
DTD_RE = re.compile(rb"<!DOCTYPE|<!ENTITY")


@dataclass
class Rel:
    """One relationship of a ``.rels`` part."""

    id: str
    type: str
    target: str | None      # the part it points to (None: external)


@dataclass
class SheetEntry:
    """One sheet of ``workbook.xml``: its name, id, relationship and part."""

    name: str
    sheet_id: int
    rid: str
    part: str | None
    kind: str               # worksheet | chartsheet | macrosheet | dialogsheet | other
    index: int              # position in the sheet list (localSheetId)


#: the kind of sheet each relationship type's last word names
_SHEET_KINDS = {"worksheet": "worksheet", "chartsheet": "chartsheet", "xlmacrosheet": "macrosheet",
                "xlintlmacrosheet": "macrosheet", "dialogsheet": "dialogsheet"}


def rels_path(part: str) -> str:
    return posixpath.join(posixpath.dirname(part), "_rels", posixpath.basename(part) + ".rels")


def target_part(part: str, rel: Mapping[str, str]) -> str | None:
    """The part a relationship of ``part`` (its attributes) points to; None when external."""
    target = rel.get("Target") or ""
    if (rel.get("TargetMode") or "").lower() == "external":
        return None
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(part), target))


def relative(from_part: str, to_part: str) -> str:
    """The Target of a relationship of ``from_part`` to ``to_part``."""
    return posixpath.relpath(to_part, posixpath.dirname(from_part) or ".")


def parse_xml(xml: bytes, what: str = "") -> Element:
    """A part's tree, built in C; ValueError for XML that is not well-formed (the preflight
    found every part well-formed: an edit's).  Not defusedxml's parser, which is ElementTree's
    pure-Python one (3x slower on a season's sheets): a part with a document type or an entity
    declaration never gets here (the preflight and ``Package.read`` refuse it)."""
    from xml.etree.ElementTree import ParseError, fromstring

    try:
        return fromstring(xml)  # noqa: S314 - declarations refused before (see above)
    except ParseError as exc:
        raise ValueError((f"{what} is " if what else "") + f"not well-formed XML ({exc})") from exc


class Package:
    """The parts of a workbook file as stored; changed parts are kept apart until written."""

    def __init__(self, data: bytes, label: str = "the workbook"):
        self.label = label
        self._zf = zipfile.ZipFile(io.BytesIO(data))
        self.infos = self._zf.infolist()
        self.names = {i.filename for i in self.infos}
        self._cache: dict[str, bytes] = {}
        self._utf16: dict[str, bytes] = {}  # parts stored as UTF-16, as stored (read as UTF-8)
        #: parts of ``data`` the preflight's scan unpacked already: taken instead of unpacking
        #: them again, and checked as any part read here
        self.unpacked: dict[str, bytes] = {}
        self.changed: dict[str, bytes] = {}
        self.removed: set[str] = set()
        self.workbook, self.workbook_type = self._workbook_part()
        self.sheets = self._sheets() if self.has(self.workbook) else []

    # -- reading ------------------------------------------------------------------------------
    def read(self, name: str) -> bytes:
        if name in self.changed:
            return self.changed[name]
        data = self._cache.get(name)
        if data is None:
            data = self.unpacked.pop(name, None)
            if data is None:
                data = self._zf.read(name)
            if data[:2] in _UTF16_STARTS:  # (Excel on Windows Phone): read as UTF-8, kept as stored
                self._utf16[name] = data
                data = _as_utf8(data)
            # the preflight looked at the first bytes of every part; a declaration pushed
            # further (behind a long comment) is found here, before anything parses the part
            if DTD_RE.search(data):
                from keizer_xl.clients.files import WorkbookFileError

                raise WorkbookFileError(
                    f"{self.label} contains XML entity declarations in {name}, which Excel never "
                    f"writes (an 'XML bomb'); refused for safety.")
            self._cache[name] = data
        return data

    def has(self, name: str) -> bool:
        return (name in self.names or name in self.changed) and name not in self.removed

    def rels(self, part: str) -> list[Rel]:
        path = rels_path(part)
        if not self.has(path):
            return []
        return [Rel(a.get("Id", ""), a.get("Type", ""), target_part(part, a))
                for a in (attributes(m.group(1)) for m in _REL_RE.finditer(self.read(path)))]

    def related(self, part: str, rel_type: str) -> list[str]:
        return [r.target for r in self.rels(part) if same_type(r.type, rel_type) and r.target]

    def workbook_related(self, rel_type: str) -> bytes | None:
        """The workbook's part of ``rel_type`` (its styles, its shared strings), or None."""
        part = next(iter(self.related(self.workbook, rel_type)), None)
        return self.read(part) if part and self.has(part) else None

    def _workbook_part(self) -> tuple[str, str | None]:
        """The workbook part and its content type (None: the package holds no workbook)."""
        types = self.read("[Content_Types].xml")
        for m in element_re("Override").finditer(types):
            a = attributes(m.group(1))
            if a.get("ContentType") in WORKBOOK_TYPES:
                part = a.get("PartName", "").lstrip("/")
                if part in self.names:
                    return part, a["ContentType"]
        for m in element_re("Default").finditer(types):  # some writers declare the xml default
            a = attributes(m.group(1))
            if a.get("Extension", "").lower() == "xml" and a.get("ContentType") in WORKBOOK_TYPES \
                    and "xl/workbook.xml" in self.names:
                return "xl/workbook.xml", a["ContentType"]
        return "xl/workbook.xml", None

    def _sheets(self) -> list[SheetEntry]:
        rels = {r.id: r for r in self.rels(self.workbook)}
        out: list[SheetEntry] = []
        for m in element_re("sheet").finditer(self.read(self.workbook)):
            a = attributes(m.group(1))
            rid = attr(a, "id") or ""
            rel = rels.get(rid)
            kind = _SHEET_KINDS.get(rel.type.rsplit("/", 1)[-1].lower() if rel else "", "other")
            part = rel.target if rel is not None and rel.target in self.names else None
            out.append(SheetEntry(a.get("name", ""), int(a.get("sheetId", "0") or 0), rid, part,
                                  kind, len(out)))
        return out

    def date1904(self) -> bool:
        """Whether the workbook counts dates from 1904, read by the XML parser (a comment is
        no ``<workbookPr>``); any value but false, f, 0 or none is true, as openpyxl reads it."""
        root = parse_xml(self.read(self.workbook), self.workbook)
        ns = root.tag[:root.tag.index("}") + 1] if root.tag.startswith("{") else ""
        pr = root.find(ns + "workbookPr")
        return pr is not None and pr.get("date1904", "") not in ("", "false", "f", "0")

    # -- changing -----------------------------------------------------------------------------
    def write(self, name: str, data: bytes) -> None:
        self.changed[name] = data
        self.removed.discard(name)

    def remove(self, name: str) -> None:
        self.removed.add(name)
        self.changed.pop(name, None)

    def add_override(self, part: str, content_type: str) -> None:
        self.write("[Content_Types].xml", insert_before_close(self.read("[Content_Types].xml"), "Types", [
            f'<Override PartName="/{escape(part, True)}" ContentType="{content_type}"/>'.encode()]))

    def add_relationship(self, part: str, rel_type: str, target: str,
                         taken: Set[str] = frozenset()) -> str:
        """A new relationship of ``part`` (Target ``target`` as written), under a free id
        (none of ``taken`` either): returned."""
        path = rels_path(part)
        ids = {r.id for r in self.rels(part)} | taken
        rid = next(f"rId{n}" for n in itertools.count(1) if f"rId{n}" not in ids)
        element = f'<Relationship Id="{rid}" Type="{rel_type}" Target="{escape(target, True)}"/>'.encode()
        if self.has(path):
            self.write(path, insert_before_close(self.read(path), "Relationships", [element]))
        else:
            self.write(path, RELS_HEAD.encode() + element + b"</Relationships>")
        return rid

    def new_name(self, pattern: str) -> str:
        """The first free part name ``pattern % n`` (n = 1, 2, ...)."""
        n = 1
        while self.has(pattern % n) or (pattern % n) in self.names:
            n += 1
        return pattern % n

    def to_bytes(self) -> bytes:
        """The package with the changed parts in place (the others exactly as they were), in
        the original order, new parts at the end."""
        out = io.BytesIO()
        zf = zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED)
        try:
            written: set[str] = set()
            for info in self.infos:
                name = info.filename
                if name in self.removed:
                    continue
                data = self.changed.get(name)
                if data is None:
                    data = self.read(name)
                    data = self._utf16.get(name, data)  # a UTF-16 part as stored
                _put(zf, name, data, info)
                written.add(name)
            for name, data in self.changed.items():
                if name not in written:
                    _put(zf, name, data, None)
            zf.close()
        except BaseException:
            # interrupted (Ctrl-C, SIGTERM) while a part was being written: the buffer is
            # dropped unfinished.  Closing it then raised zipfile's "open writing handle"
            # ValueError in place of the interrupt, and again, as a traceback, when the
            # ZipFile was collected (seen by test_file_safety's signal test, issue 25)
            zf.fp = None
            raise
        return out.getvalue()


_UTF16_STARTS = (b"\xff\xfe", b"\xfe\xff", b"<\x00", b"\x00<")


def _as_utf8(data: bytes) -> bytes:
    """An XML part written in UTF-16 (with or without its byte order mark) as UTF-8, its
    declaration saying so: every reader of the package (and the check for declarations) reads
    UTF-8 bytes."""
    boms = {b"\xff\xfe": "utf-16", b"\xfe\xff": "utf-16", b"<\x00": "utf-16-le"}
    encoding = boms.get(data[:2], "utf-16-be")
    text = data.decode(encoding).lstrip("\ufeff")
    text = re.sub(r"""^(<\?xml[^>]*?encoding\s*=\s*["'])[^"']*""", r"\g<1>UTF-8", text, count=1)
    return text.encode("utf-8")


def _put(zf: zipfile.ZipFile, name: str, data: bytes, like: zipfile.ZipInfo | None) -> None:
    info = zipfile.ZipInfo(name, date_time=like.date_time if like is not None else (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED if like is None or like.compress_type != zipfile.ZIP_STORED \
        else zipfile.ZIP_STORED
    info.external_attr = like.external_attr if like is not None else 0o600 << 16
    # level 1: a season's parts compress to within a few per cent of level 6, in a third of the time
    zf.writestr(info, data, compresslevel=1 if info.compress_type == zipfile.ZIP_DEFLATED else None)


def insert_before_close(xml: bytes, container: str, children: Iterable[bytes]) -> bytes:
    """``children`` added at the end of the first ``container`` element (which must exist and
    not be self-closing)."""
    m = re.search(rb"</((?:[\w.-]+:)?)" + container.encode() + rb"\s*>", xml)
    if m is None:
        raise ValueError(f"no </{container}>")
    return xml[:m.start()] + b"".join(children) + xml[m.start():]


def prefix_of(xml: bytes, root: str) -> bytes:
    """The namespace prefix (``b"x:"`` or ``b""``) of the root element ``root``."""
    m = re.search(rb"<([\w.-]+:)?" + root.encode() + rb"\b", xml)
    return (m.group(1) or b"") if m else b""
