"""Writing only what the engine owns into the club's own workbook (issue 25); the table of
what changes, part by part, is docs/club-workbook.md's.

The engine's sheets are written anew from their layouts (:mod:`.layoutxml`), keeping what the
club placed on their drawing layer (charts, pictures, comments, header pictures); an input
table's rows that the engine adds or deletes change with its ``<dimension>``, autofilter and
Table part; ``workbook.xml``, its relationships, the content types, ``styles.xml`` (appended
to, nothing renumbered) and ``docProps/app.xml`` follow; ``calcChain.xml`` goes.  Every other
part stays byte for byte.  Text is written as inline strings, never as a formula.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from keizer_xl.clients.xlsx.appprops import REL_APP, with_worksheets
from keizer_xl.clients.xlsx.cellxml import SheetCells
from keizer_xl.clients.xlsx.chartxml import chart_xml, drawing_xml, row_breaks_xml
from keizer_xl.clients.xlsx.layoutxml import print_area, print_titles, sheet_xml
from keizer_xl.clients.xlsx.package import (
    CT_STYLES,
    CT_WORKSHEET,
    REL_CALC_CHAIN,
    REL_NS,
    REL_STYLES,
    REL_WORKSHEET,
    RELS_HEAD,
    Package,
    SheetEntry,
    attr,
    attributes,
    element_re,
    escape,
    insert_before_close,
    prefix_of,
    relative,
    rels_path,
)
from keizer_xl.clients.xlsx.stylesheet import StyleSheet
from keizer_xl.sheets.chart import Chart
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.tables import column_letter

# rowshift (formulas and ranges moved with rows) only when rows were inserted or deleted
# (pair, withdrawals): ~2 ms of every standings run (issue 25)
if TYPE_CHECKING:
    from keizer_xl.clients.xlsx.rowshift import Mapper

#: the relationships of an engine sheet that stay when the engine rewrites its cells
KEPT_ON_ENGINE_SHEET = frozenset(REL_NS + "/" + t for t in
                                 ("drawing", "vmlDrawing", "comments", "image"))
KEPT_ON_ENGINE_SHEET |= {"http://schemas.microsoft.com/office/2017/10/relationships/threadedComment"}
#: the elements of an engine sheet that stay, in the order the schema wants them at its end
_KEPT_ELEMENTS = ("drawing", "legacyDrawing", "legacyDrawingHF", "picture")
_DROPPED_NAMES = ("_xlnm.Print_Titles", "_xlnm.Print_Area", "_xlnm._FilterDatabase")


@dataclass
class Edits:
    """What a book changed, to be spliced into its package on save."""

    layouts: dict[str, Layout] = field(default_factory=dict)      # engine sheet -> layout
    sheets: dict[str, SheetCells] = field(default_factory=dict)    # part -> edited cells
    tables: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # table part -> (ref, filter ref)
    filters: dict[str, str] = field(default_factory=dict)          # sheet part -> autofilter ref
    styles: StyleSheet | None = None               # styles.xml as read, or as an edit added to it
    charts: dict[str, list[Chart]] = field(default_factory=dict)  # engine sheet -> its charts (batch)
    #: rows deleted from a sheet: the defined names' references to it follow (rowshift)
    names: list[tuple[str, Mapper]] = field(default_factory=list)
    #: an Excel Table's columns renamed with their header cells: table part -> {index: name}
    columns: dict[str, dict[int, str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.layouts or self.sheets or self.tables or self.filters or self.columns)


def splice(pkg: Package, edits: Edits) -> bytes:
    """The package's bytes with ``edits`` in place (see the module docstring)."""
    styles_part = next(iter(pkg.related(pkg.workbook, REL_STYLES)), None)
    styles = edits.styles or StyleSheet(pkg.workbook_related(REL_STYLES))
    wb = _WorkbookXml(pkg)
    worksheets = [s.name for s in pkg.sheets if s.kind == "worksheet"]  # as read (rename changes them)
    for sheet, mapper in edits.names:
        from keizer_xl.clients.xlsx.rowshift import shift_names

        wb.xml = shift_names(wb.xml, sheet, mapper)
    date1904 = pkg.date1904()
    for part, cells in edits.sheets.items():
        xml = cells.to_bytes()
        last_r, last_c = cells.extent()
        xml = re.sub(rb"""(<(?:[\w.-]+:)?dimension\s+ref\s*=\s*)(["'])[^"']*\2""",
                     rb'\g<1>"' + f"A1:{column_letter(last_c)}{last_r}".encode() + b'"',
                     xml, count=1)
        if part in edits.filters:
            xml = _set_attr(xml, "autoFilter", "ref", edits.filters[part])
        pkg.write(part, xml)
    for part, ref in edits.filters.items():
        if part not in edits.sheets:
            pkg.write(part, _set_attr(pkg.read(part), "autoFilter", "ref", ref))
    for part, (ref, filter_ref) in edits.tables.items():
        xml = _set_attr(pkg.read(part), "table", "ref", ref)
        if filter_ref is not None:
            xml = _set_attr(xml, "autoFilter", "ref", filter_ref)
        pkg.write(part, xml)
    for part, names in edits.columns.items():
        pkg.write(part, _named_columns(pkg.read(part), names))
    for name, layout in edits.layouts.items():
        entry = wb.find(name)
        if entry is None or entry.part is None:
            entry = wb.add_sheet(name)
            own = edits.charts.get(name)
            keep, breaks = (_draw(pkg, entry.name, own, entry.part or "", set()) if own else (b"", b""))
            pkg.write(entry.part or "", sheet_xml(layout, styles, date1904=date1904, keep=keep,
                                                  breaks=breaks))
        else:
            if entry.name != name:  # 'standings' -> 'Standings': Excel's names ignore case
                wb.rename(entry, name)
            pkg.write(entry.part, _rewrite_engine_sheet(pkg, entry, layout, styles, date1904,
                                                        edits.charts.get(name, [])))
        wb.set_print_titles(entry, print_titles(entry.name, layout.page),
                            print_area(entry.name, layout))
    if styles.changed:
        if styles_part is None:
            styles_part = posixpath.join(posixpath.dirname(pkg.workbook), "styles.xml")
            wb.add_relationship(REL_STYLES, styles_part)
            pkg.add_override(styles_part, CT_STYLES)
        pkg.write(styles_part, styles.xml)
    wb.drop_calc_chain()
    wb.full_calc_on_load()
    wb.flush()
    app = next(iter(pkg.related("", REL_APP)), None)
    if app is not None and pkg.has(app):
        xml = pkg.read(app)
        new = with_worksheets(xml, worksheets, [s.name for s in wb.sheets if s.kind == "worksheet"])
        if new != xml:
            pkg.write(app, new)
    return pkg.to_bytes()


def _named_columns(xml: bytes, names: dict[int, str]) -> bytes:
    """A table part with its ``index``-th ``<tableColumn>`` named ``names[index]``."""
    count = -1

    def rename(m: re.Match[bytes]) -> bytes:
        nonlocal count
        count += 1
        if count not in names:
            return m.group(0)
        return _set_attr(m.group(0), "tableColumn", "name", names[count])

    return re.sub(rb"<(?:[\w.-]+:)?tableColumn\b[^>]*>", rename, xml)


def _set_attr(xml: bytes, element: str, name: str, value: str) -> bytes:
    """The attribute ``name`` of the first ``element`` start tag set to ``value``."""
    pattern = re.compile(rb"(<(?:[\w.-]+:)?" + element.encode() + rb"\b[^>]*?\s" + name.encode()
                         + rb"\s*=\s*)([\"'])[^\"']*\2")
    return pattern.sub(lambda m: m.group(1) + b'"' + escape(value, True).encode() + b'"', xml, count=1)


def _rewrite_engine_sheet(pkg: Package, entry: SheetEntry, layout: Layout, styles: StyleSheet,
                          date1904: bool, own: list[Chart]) -> bytes:
    """An existing engine sheet's new XML: its tab state and drawing layer kept (module
    docstring); relationships to anything else removed with the parts only they used.  When
    the engine draws on the sheet itself (History's chart), its drawing replaces the old one
    (which was the engine's own from the previous run)."""
    assert entry.part is not None
    old = pkg.read(entry.part)
    view = re.search(rb"<(?:[\w.-]+:)?sheetView\b([^>]*)", old)
    selected = bool(view) and attributes(view.group(1)).get("tabSelected", "") in ("1", "true")  # type: ignore[union-attr]
    # each search only where its element's name occurs: a miss scanned the whole old sheet,
    # 0.4 ms of a 60 x 35 Standings each, five of them (issue 25)
    color = re.search(rb"<(?:[\w.-]+:)?tabColor\b[^>]*/>", old) if b"tabColor" in old else None
    kept_ids: set[str] = set()
    keep = b""
    for name in _KEPT_ELEMENTS:
        if name == "drawing" and own:
            continue
        m = (re.search(rb"<(?:[\w.-]+:)?" + name.encode() + rb"\b([^>]*?)/>", old)
             if name.encode() in old else None)
        if m is not None:
            rid = attr(attributes(m.group(1)), "id")
            if rid:
                kept_ids.add(rid)
                keep += b"<" + name.encode() + b' r:id="' + escape(rid, True).encode() + b'"/>'
    _prune_relationships(pkg, entry.part, kept_ids)
    breaks = b""
    if own:
        drawing, breaks = _draw(pkg, entry.name, own, entry.part, kept_ids)
        keep = drawing + keep  # <drawing> comes before <legacyDrawing> in the schema
    tab_color = re.sub(rb"^<[\w.-]+:", b"<", color.group(0)) if color else b""
    return sheet_xml(layout, styles, tab_selected=selected, tab_color=tab_color, keep=keep,
                     date1904=date1904, breaks=breaks)


def _draw(pkg: Package, sheet: str, charts: list[Chart], part: str,
          kept_ids: set[str]) -> tuple[bytes, bytes]:
    """Write ``charts`` and their drawing into ``pkg`` for the sheet ``sheet`` (part ``part``):
    the ``<drawing>`` element and the ``<rowBreaks>`` for the sheet's XML."""
    drawing = pkg.new_name("xl/drawings/drawing%d.xml")
    chart_rels = []
    for i, chart in enumerate(charts, 1):
        target = pkg.new_name("xl/charts/chart%d.xml")
        pkg.write(target, chart_xml(chart, sheet))
        pkg.add_override(target, _CT_CHART)
        chart_rels.append(f'<Relationship Id="rId{i}" Type="{REL_NS}/chart" Target="/{target}"/>')
    pkg.write(drawing, drawing_xml(charts))
    pkg.add_override(drawing, _CT_DRAWING)
    pkg.write(rels_path(drawing), (RELS_HEAD + "".join(chart_rels) + "</Relationships>").encode())
    rid = pkg.add_relationship(part, REL_NS + "/drawing", "/" + drawing, kept_ids)
    return b'<drawing r:id="' + rid.encode() + b'"/>', row_breaks_xml(charts)


_CT_CHART = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
_CT_DRAWING = "application/vnd.openxmlformats-officedocument.drawing+xml"
def _prune_relationships(pkg: Package, part: str, kept_ids: set[str]) -> None:
    """Keep only the relationships of ``part`` the new sheet refers to (and the comments that
    go with its legacy drawing); remove the parts nothing else refers to any more."""
    path = rels_path(part)
    if not pkg.has(path):
        return
    rels = pkg.rels(part)
    keep = {r.id for r in rels if r.id in kept_ids or
            (r.type in KEPT_ON_ENGINE_SHEET and r.type.rsplit("/", 1)[-1] in ("comments", "threadedComment"))}
    gone = [r for r in rels if r.id not in keep]
    if not gone:
        return
    xml = pkg.read(path)
    for r in gone:
        xml = _without_relationship(xml, r.id)
    pkg.write(path, xml)
    for r in gone:
        if r.target and pkg.has(r.target) and not _still_referenced(pkg, r.target):
            _remove_part(pkg, r.target)


def _without_relationship(xml: bytes, rid: str) -> bytes:
    return re.sub(rb"<(?:[\w.-]+:)?Relationship\b[^>]*\sId\s*=\s*[\"']" + re.escape(rid.encode())
                  + rb"[\"'][^>]*?(?:/>|>.*?</(?:[\w.-]+:)?Relationship\s*>)", b"", xml, count=1,
                  flags=re.S)


def _after(xml: bytes, tags: tuple[bytes, ...]) -> int:
    """Where the last of the elements ``tags`` of ``workbook.xml`` ends (its sheets at least)."""
    ends = [m.end() for tag in tags for m in re.finditer(
        rb"</(?:[\w.-]+:)?" + tag + rb"\s*>|<(?:[\w.-]+:)?" + tag + rb"\b[^>]*/>", xml)]
    assert ends  # a workbook always lists its sheets
    return max(ends)


def _still_referenced(pkg: Package, target: str) -> bool:
    for name in sorted(pkg.names | set(pkg.changed)):
        if name.endswith(".rels") and pkg.has(name):
            source = posixpath.join(posixpath.dirname(posixpath.dirname(name)),
                                    posixpath.basename(name)[:-len(".rels")])
            if any(r.target == target for r in pkg.rels(source)):
                return True
    return False


def _remove_part(pkg: Package, part: str) -> None:
    """A part, its own relationships (and the parts only they used), its content type."""
    rels = pkg.rels(part)
    pkg.remove(part)
    if pkg.has(rels_path(part)):
        pkg.remove(rels_path(part))
    for r in rels:
        if r.target and pkg.has(r.target) and not _still_referenced(pkg, r.target):
            _remove_part(pkg, r.target)
    types = pkg.read("[Content_Types].xml")
    types = re.sub(rb"<(?:[\w.-]+:)?Override\b[^>]*PartName\s*=\s*[\"']/" + re.escape(part.encode())
                   + rb"[\"'][^>]*/>", b"", types, count=1)
    pkg.write("[Content_Types].xml", types)


class _WorkbookXml:
    """``xl/workbook.xml``, its relationships and the content types, changed as Excel would."""

    def __init__(self, pkg: Package):
        self.pkg = pkg
        self.xml = pkg.read(pkg.workbook)
        self.p = prefix_of(self.xml, "workbook")
        m = re.search(rb"xmlns:([\w.-]+)\s*=\s*[\"']" + re.escape(REL_NS.encode()) + rb"[\"']", self.xml)
        self.r = m.group(1) if m else None
        self.sheets = list(pkg.sheets)

    def find(self, name: str) -> SheetEntry | None:
        folded = name.casefold()
        return next((s for s in self.sheets if s.name.casefold() == folded and s.kind == "worksheet"), None)

    def add_relationship(self, rel_type: str, part: str) -> str:
        return self.pkg.add_relationship(self.pkg.workbook, rel_type, relative(self.pkg.workbook, part))

    def add_sheet(self, name: str) -> SheetEntry:
        part = self.pkg.new_name(
            posixpath.join(posixpath.dirname(self.pkg.workbook), "worksheets/sheet%d.xml")
        )
        rid = self.add_relationship(REL_WORKSHEET, part)
        self.pkg.add_override(part, CT_WORKSHEET)
        sheet_id = max((s.sheet_id for s in self.sheets), default=0) + 1
        p = self.p.decode()
        rattr = f'{self.r.decode()}:id="{rid}"' if self.r is not None else f'xmlns:r="{REL_NS}" r:id="{rid}"'
        element = f'<{p}sheet name="{escape(name, True)}" sheetId="{sheet_id}" {rattr}/>'.encode()
        self.xml = insert_before_close(self.xml, "sheets", [element])
        entry = SheetEntry(name, sheet_id, rid, part, "worksheet", len(self.sheets))
        self.sheets.append(entry)
        return entry

    def rename(self, entry: SheetEntry, name: str) -> None:
        m = list(element_re("sheet").finditer(self.xml))[entry.index]
        self.xml = self.xml[:m.start()] + _set_attr(m.group(0), "sheet", "name", name) + self.xml[m.end():]
        entry.name = name

    def set_print_titles(self, entry: SheetEntry, titles: str | None,
                         area: str | None = None) -> None:
        """The sheet's print titles and print area (its old ones dropped)."""
        local_id = str(entry.index)
        block = element_re("definedNames").search(self.xml)
        p = self.p.decode()
        new = b"".join((f'<{p}definedName name="{name}" localSheetId="{local_id}">'
                        f"{escape(value)}</{p}definedName>").encode()
                       for name, value in (("_xlnm.Print_Area", area),
                                           ("_xlnm.Print_Titles", titles)) if value)
        if block is None or block.group(2) is None:
            if not new:
                return
            names = b"<" + self.p + b"definedNames>" + new + b"</" + self.p + b"definedNames>"
            if block is not None:  # <definedNames/>
                self.xml = self.xml[:block.start()] + names + self.xml[block.end():]
                return
            after = _after(self.xml, (b"sheets", b"functionGroups", b"externalReferences"))
            self.xml = self.xml[:after] + names + self.xml[after:]
            return
        content = block.group(2)
        kept = []
        for m in element_re("definedName").finditer(content):
            a = attributes(m.group(1))
            if a.get("localSheetId") == local_id and a.get("name") in _DROPPED_NAMES:
                continue
            kept.append(m.group(0))
        start = self.xml.find(b">", block.start()) + 1
        close = self.xml.rfind(b"</", block.start(), block.end())
        body = b"".join(kept) + new
        if not body:  # an empty <definedNames> is not allowed
            self.xml = self.xml[:block.start()] + self.xml[block.end():]
        else:
            self.xml = self.xml[:start] + body + self.xml[close:]

    def drop_calc_chain(self) -> None:
        for r in self.pkg.rels(self.pkg.workbook):
            if r.type == REL_CALC_CHAIN:
                path = rels_path(self.pkg.workbook)
                self.pkg.write(path, _without_relationship(self.pkg.read(path), r.id))
                if r.target and self.pkg.has(r.target):
                    _remove_part(self.pkg, r.target)

    def full_calc_on_load(self) -> None:
        m = re.search(rb"<(?:[\w.-]+:)?calcPr\b([^>]*?)(/?>)", self.xml)
        if m is not None:
            inner = re.sub(rb"""\sfullCalcOnLoad\s*=\s*["'][^"']*["']""", b"", m.group(1))
            self.xml = (self.xml[:m.start(1)] + inner + b' fullCalcOnLoad="1"' + self.xml[m.end(1):])
            return
        after = _after(self.xml, (b"sheets", b"functionGroups", b"externalReferences", b"definedNames"))
        self.xml = self.xml[:after] + b"<" + self.p + b'calcPr fullCalcOnLoad="1"/>' + self.xml[after:]

    def flush(self) -> None:
        if self.xml != self.pkg.read(self.pkg.workbook):
            self.pkg.write(self.pkg.workbook, self.xml)
