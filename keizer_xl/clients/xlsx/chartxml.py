"""The engine's charts (:class:`~keizer_xl.sheets.chart.Chart`) as DrawingML parts: a chart
part (``xl/charts/chartN.xml``) per chart, the sheet's drawing part anchoring them, and the
row breaks that start a page at each chart.  Written as openpyxl wrote them before issue 38, so
a club's History chart is the same chart, byte for byte; :mod:`.splice` puts them in the
package."""
from __future__ import annotations

from collections.abc import Sequence

from keizer_xl.clients.xlsx.package import REL_NS, escape
from keizer_xl.sheets.chart import Chart, RowRange
from keizer_xl.sheets.tables import column_letter

_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
_EMU_PER_CM = 360000
_LINE = '<spPr><a:ln><a:prstDash val="solid" /></a:ln></spPr>'


def _rich(text: str) -> str:
    return ('<title><tx><rich><a:bodyPr /><a:p><a:pPr><a:defRPr /></a:pPr><a:r><a:t>'
            f"{escape(text)}</a:t></a:r></a:p></rich></tx></title>")


def _ref(sheet: str, cells: RowRange) -> str:
    row, first, last = cells
    quoted = "'" + sheet.replace("'", "''") + "'"
    return escape(f"{quoted}!${column_letter(first)}${row}:${column_letter(last)}${row}")


def chart_xml(chart: Chart, sheet: str) -> bytes:
    """The chart part of ``chart``, drawn on (and reading from) the sheet ``sheet``."""
    categories = f"<cat><numRef><f>{_ref(sheet, chart.categories)}</f></numRef></cat>"
    series = "".join(
        f'<ser><idx val="{i}" /><order val="{i}" /><tx><v>{escape(name)}</v></tx>{_LINE}'
        f'<marker><symbol val="none" />{_LINE}</marker>{categories}'
        f'<val><numRef><f>{_ref(sheet, values)}</f></numRef></val><smooth val="0" /></ser>'
        for i, (name, values) in enumerate(chart.series))
    bounds = (f'<max val="{chart.y_bounds[1]}" /><min val="{chart.y_bounds[0]}" />'
              if chart.y_bounds else "")
    orientation = "maxMin" if chart.y_reversed else "minMax"
    x_title = _rich(chart.x_title) if chart.x_title else ""
    y_title = _rich(chart.y_title) if chart.y_title else ""
    # a reversed y axis would put the x axis' labels on top: they cross at its maximum
    crosses = '<crosses val="max" />' if chart.y_reversed else ""
    step = f'<majorUnit val="{chart.y_step}" />' if chart.y_step else ""
    return (
        f'<chartSpace xmlns:a="{_A}" xmlns="{_C}"><chart>{_rich(chart.title)}<plotArea>'
        f'<lineChart><grouping val="standard" />{series}<axId val="10" /><axId val="100" />'
        '</lineChart><catAx><axId val="10" /><scaling><orientation val="minMax" /></scaling>'
        f'<delete val="0" /><axPos val="l" />{x_title}<majorTickMark val="none" />'
        f'<minorTickMark val="none" /><crossAx val="100" />{crosses}<lblOffset val="100" />'
        f'</catAx><valAx><axId val="100" /><scaling><orientation val="{orientation}" />{bounds}'
        f'</scaling><delete val="0" /><axPos val="l" /><majorGridlines />{y_title}'
        f'<majorTickMark val="none" /><minorTickMark val="none" /><crossAx val="10" />{step}'
        '</valAx></plotArea><legend><legendPos val="r" /></legend><plotVisOnly val="1" />'
        '<dispBlanksAs val="gap" /></chart></chartSpace>').encode()


def drawing_xml(charts: Sequence[Chart]) -> bytes:
    """The drawing part anchoring ``charts``; the i-th refers to its chart as ``rId{i+1}``."""
    anchors = "".join(
        f"<oneCellAnchor><from><col>{c.anchor[1] - 1}</col><colOff>0</colOff>"
        f"<row>{c.anchor[0] - 1}</row><rowOff>0</rowOff></from>"
        f'<ext cx="{c.size[0] * _EMU_PER_CM}" cy="{c.size[1] * _EMU_PER_CM}" /><graphicFrame>'
        f'<nvGraphicFramePr><cNvPr id="{i}" name="Chart {i}" /><cNvGraphicFramePr />'
        f'</nvGraphicFramePr><xfrm /><a:graphic><a:graphicData uri="{_C}">'
        f'<c:chart r:id="rId{i}" /></a:graphicData></a:graphic></graphicFrame><clientData />'
        "</oneCellAnchor>" for i, c in enumerate(charts, 1))
    return (f'<wsDr xmlns:a="{_A}" xmlns:c="{_C}" xmlns:r="{REL_NS}" xmlns="{_XDR}">'
            f"{anchors}</wsDr>").encode()


def row_breaks_xml(charts: Sequence[Chart]) -> bytes:
    """The sheet's ``<rowBreaks>``: a page starts at each chart's row."""
    rows = sorted({c.anchor[0] for c in charts})
    return (f'<rowBreaks count="{len(rows)}" manualBreakCount="{len(rows)}">'
            + "".join(f'<brk id="{r - 1}" min="0" max="16383" man="1" />' for r in rows)
            + "</rowBreaks>").encode("utf-8")
