"""The workbook's ``styles.xml``: which cell styles show dates (for reading), and the engine's
styles appended at the end of each list, so that no index a club's sheet uses changes; a style
an earlier run added is found again, so the file does not grow run after run (issue 25).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from keizer_xl.clients.xlsx.package import element_re, escape, parse_xml, prefix_of

if TYPE_CHECKING:
    from keizer_xl.sheets.layout import Style

# Excel's built-in number formats as openpyxl reads them (the ids a file may use without
# declaring them); ids not listed are not dates to openpyxl either
BUILTIN_FORMATS = {
    0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%",
    11: "0.00E+00", 12: "# ?/?", 13: "# ??/??", 14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm",
    17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss",
    22: "m/d/yy h:mm", 37: "#,##0_);(#,##0)", 38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)", 40: "#,##0.00_);[Red](#,##0.00)", 45: "mm:ss",
    46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
}
_BUILTIN_IDS = {code: i for i, code in BUILTIN_FORMATS.items()}
# what openpyxl ignores when it decides whether a format shows a date: quoted text and
# bracketed codes other than elapsed hours, minutes and seconds
_STRIP = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
_DATE_LETTER = re.compile(r"(?<![_\\])[dmhysDMHYS]")
_ELAPSED = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)

DATE_FORMATS = {"datetime": "yyyy-mm-dd h:mm:ss", "date": "yyyy-mm-dd", "time": "h:mm:ss",
                "timedelta": "[hh]:mm:ss"}


def is_date_format(code: str | None) -> bool:
    if code is None:
        return False
    return _DATE_LETTER.search(_STRIP.sub("", code.split(";")[0])) is not None


def is_timedelta_format(code: str | None) -> bool:
    return code is not None and _ELAPSED.search(code.split(";")[0]) is not None


class StyleSheet:
    """``styles.xml`` read for its date styles, with the engine's formats added on demand."""

    def __init__(self, xml: bytes | None):
        self.xml = xml if xml is not None else _EMPTY
        if b"<!--" in self.xml:  # a comment's tags are no styles: the lists' places as XML counts them
            self.xml = re.sub(rb"<!--.*?-->", b"", self.xml, flags=re.S)
        self._kids: dict[tuple[str, str], list[bytes]] = {}  # the children of a list, read once
        self.prefix = prefix_of(self.xml, "styleSheet")
        self.formats, self.xf_formats = _read(self.xml)
        self._added: dict[tuple[str, float, Style], int] = {}
        self.changed = xml is None

    # -- reading ------------------------------------------------------------------------------
    def _container(self, name: str) -> re.Match[bytes] | None:
        return element_re(name).search(self.xml)

    def _children(self, container: str, child: str) -> list[bytes]:
        known = self._kids.get((container, child))
        if known is not None:
            return list(known)
        m = self._container(container)
        if m is None or m.group(2) is None:
            return []
        found = self._kids[(container, child)] = [c.group(0) for c in element_re(child).finditer(m.group(2))]
        return list(found)

    def date_styles(self) -> tuple[frozenset[int], frozenset[int]]:
        """(the cell styles that show a date or time, those that show a duration)."""
        dates = {i for i, f in enumerate(self.xf_formats) if is_date_format(self.formats.get(f))}
        spans = {i for i, f in enumerate(self.xf_formats) if is_timedelta_format(self.formats.get(f))}
        return frozenset(dates), frozenset(spans)

    # -- adding -------------------------------------------------------------------------------
    def index(self, font_name: str, size: float, fmt: Style) -> int:
        """The ``cellXfs`` index of a cell written by the engine in ``fmt`` and the font
        ``font_name`` of ``size``: found among the styles, or added at the end."""
        found = self._added.get((font_name, size, fmt))
        if found is not None:
            return found
        p = self.prefix.decode()
        font = (f"<{p}font>" + (f"<{p}b/>" if fmt.bold else "") + f'<{p}sz val="{_num(size)}"/>'
                f'<{p}name val="{escape(font_name, True)}"/></{p}font>')
        font_id = self._find_or_add("fonts", "font", font.encode())
        fill_id = 0
        if fmt.fill:
            fill = (f'<{p}fill><{p}patternFill patternType="solid"><{p}fgColor rgb="00{fmt.fill.upper()}"/>'
                    f'<{p}bgColor indexed="64"/></{p}patternFill></{p}fill>')
            fill_id = self._find_or_add("fills", "fill", fill.encode())
        border_id = 0
        if fmt.border_bottom:
            border = (f"<{p}border><{p}left/><{p}right/><{p}top/>"
                      f'<{p}bottom style="thin"><{p}color indexed="64"/></{p}bottom>'
                      f"<{p}diagonal/></{p}border>")
            border_id = self._find_or_add("borders", "border", border.encode())
        num_id = self._number_format_id(fmt.number_format) if fmt.number_format else 0
        align = ""
        if fmt.align or fmt.wrap or fmt.top:
            align = (f"<{p}alignment" + (f' horizontal="{fmt.align}"' if fmt.align else "")
                     + (' vertical="top"' if fmt.top else "") + (' wrapText="1"' if fmt.wrap else "") + "/>")
        xf = (f'<{p}xf numFmtId="{num_id}" fontId="{font_id}" fillId="{fill_id}" borderId="{border_id}" '
              f'xfId="0" applyNumberFormat="{int(bool(num_id))}" applyFont="1" '
              f'applyFill="{int(bool(fill_id))}" applyBorder="{int(bool(border_id))}"'
              + (f' applyAlignment="1">{align}</{p}xf>' if align else "/>"))
        index = self._find_or_add("cellXfs", "xf", xf.encode())
        self._added[(font_name, size, fmt)] = index
        return index

    def with_number_format(self, index: int, code: str) -> int:
        """The ``cellXfs`` index of style ``index`` showing number format ``code`` instead."""
        children = self._children("cellXfs", "xf")
        if not 0 <= index < len(children):
            index = 0
        num_id = self._number_format_id(code)
        xf = (
            children[index] if children else b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        )
        xf = re.sub(rb"""\s(?:numFmtId|applyNumberFormat)\s*=\s*["'][^"']*["']""", b"", xf)
        xf = re.sub(
            rb"^(<(?:[\w.-]+:)?xf\b)",
            lambda m: m.group(1) + b' numFmtId="%d" applyNumberFormat="1"' % num_id,
            xf,
            count=1,
        )
        found = self._find_or_add("cellXfs", "xf", xf)
        self.xf_formats[found] = num_id
        return found

    def _number_format_id(self, code: str) -> int:
        if code in _BUILTIN_IDS:
            return _BUILTIN_IDS[code]
        for i, known in self.formats.items():
            if known == code and i >= 164:
                return i
        new = max([163, *self.formats]) + 1
        p = self.prefix
        element = b"<" + p + b'numFmt numFmtId="%d" formatCode="' % new + \
            escape(code, True).encode() + b'"/>'
        found = self._container("numFmts")
        if found is not None and found.group(2) is None:  # <numFmts count="0"/>
            self.xml = self.xml[:found.start()] + b"<" + p + b'numFmts count="0"></' + p + b"numFmts>" + \
                self.xml[found.end():]
        elif found is None:  # numFmts is the stylesheet's first child
            m = re.search(rb"<" + re.escape(p) + rb"styleSheet\b[^>]*>", self.xml)
            assert m is not None
            self.xml = self.xml[:m.end()] + b"<" + p + b'numFmts count="0"></' + p + b"numFmts>" + \
                self.xml[m.end():]
        self._append("numFmts", "numFmt", element)
        self.formats[new] = code
        return new

    def _find_or_add(self, container: str, child: str, element: bytes) -> int:
        children = self._children(container, child)
        for i, existing in enumerate(children):
            if existing == element:
                return i
        self._append(container, child, element)
        if container == "cellXfs":
            self.xf_formats.append(0)
        return len(children)

    def _append(self, container: str, child: str, element: bytes) -> None:
        m = self._container(container)
        if m is None or m.group(2) is None:
            raise ValueError(f"styles.xml has no <{container}> list")
        known = self._kids.get((container, child))
        # the list's children as read once and kept with every append (the same finditer);
        # counted again only when not read yet (issue 25: 44 appends of a first Standings
        # each scanned its whole list)
        count = (len(known) if known is not None else len(element_re(child).findall(m.group(2)))) + 1
        start = self.xml.find(b">", m.start()) + 1
        tag = re.sub(rb"""\scount\s*=\s*["']\d*["']""", b"", self.xml[m.start():start - 1])
        tag += b' count="%d">' % count
        end = m.start() + len(m.group(0))
        close = self.xml.rfind(b"</", m.start(), end)
        self.xml = self.xml[:m.start()] + tag + self.xml[start:close] + element + self.xml[close:]
        if known is not None:
            known.append(element)
        self.changed = True


def _read(xml: bytes) -> tuple[dict[int, str], list[int]]:
    """(number format codes by id, each cell style's number format id), read by the XML
    parser (issue 34): built-in formats as openpyxl knows them, then the workbook's own."""
    root = parse_xml(xml, "styles.xml")
    ns = root.tag[:root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    formats = dict(BUILTIN_FORMATS)
    for numfmt in root.iterfind(f"{ns}numFmts/{ns}numFmt"):
        try:
            formats[int(numfmt.get("numFmtId", ""))] = numfmt.get("formatCode", "")
        except ValueError:
            continue
    xf_formats = []
    for xf in root.iterfind(f"{ns}cellXfs/{ns}xf"):
        try:
            xf_formats.append(int(xf.get("numFmtId", "0") or 0))
        except ValueError:
            xf_formats.append(0)
    return formats, xf_formats


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


_EMPTY = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
          b'<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
          b'<fills count="2"><fill><patternFill patternType="none"/></fill>'
          b'<fill><patternFill patternType="gray125"/></fill></fills>'
          b'<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
          b'<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
          b'<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
          b'<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
          b"</styleSheet>")
