"""The engine's charts as DrawingML (issue 38): the parts openpyxl wrote for the same chart,
byte for byte, and a workbook with them that openpyxl reads back."""
from __future__ import annotations

import io
import zipfile

import openpyxl
import pandas as pd
from openpyxl.chart import LineChart, Reference, Series

from keizer_xl.clients.xlsx import open_book
from keizer_xl.clients.xlsx.chartxml import chart_xml, drawing_xml, row_breaks_xml
from keizer_xl.sheets.chart import Chart
from keizer_xl.sheets.layout import SheetStyle, sheet_layout

SHEET = "Verlauf's & Co"  # a quote and an ampersand in the references
CHART = Chart("line", "Platz nach jeder Runde (Top 2) <é>",
              (("Zoë \"Z\" & Co", (2, 2, 4)), ("Bob", (3, 2, 4))), categories=(1, 2, 4),
              anchor=(7, 3), size=(17, 10), x_title="Runde", y_title="Platz", y_bounds=(1, 5),
              y_step=1, y_reversed=True)


def _openpyxl_parts(chart: Chart) -> dict[str, bytes]:
    """The same chart drawn by openpyxl (as ``batch`` drew it before issue 38)."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = SHEET
    line = LineChart()
    line.title = chart.title
    line.x_axis.title, line.y_axis.title = chart.x_title, chart.y_title
    line.y_axis.scaling.orientation = "maxMin"
    assert chart.y_bounds is not None
    line.y_axis.scaling.min, line.y_axis.scaling.max = chart.y_bounds
    line.y_axis.majorUnit = chart.y_step
    line.x_axis.crosses = "max"
    line.x_axis.delete = line.y_axis.delete = False
    assert line.legend is not None
    line.legend.position = "r"
    line.width, line.height = chart.size
    for name, (row, first, last) in chart.series:
        series = Series(Reference(ws, min_col=first, max_col=last, min_row=row), title=name)
        series.smooth = False
        line.series.append(series)
    row, first, last = chart.categories
    line.set_categories(Reference(ws, min_col=first, max_col=last, min_row=row))
    ws.add_chart(line, "C7")
    ws.row_breaks.append(openpyxl.worksheet.pagebreak.Break(id=6))
    buffer = io.BytesIO()
    wb.save(buffer)
    with zipfile.ZipFile(buffer) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_the_chart_parts_are_openpyxls_byte_for_byte():
    parts = _openpyxl_parts(CHART)
    assert chart_xml(CHART, SHEET) == parts["xl/charts/chart1.xml"]
    assert drawing_xml([CHART]) == parts["xl/drawings/drawing1.xml"]
    assert row_breaks_xml([CHART]).decode() in parts["xl/worksheets/sheet1.xml"].decode()
    # without a reversed axis, bounds, step or axis titles: none of them written
    plain = Chart("line", "T", (("A", (2, 2, 4)),), (1, 2, 4), (7, 3), (17, 10))
    xml = chart_xml(plain, SHEET).decode()
    assert '<orientation val="minMax" />' in xml and "maxMin" not in xml
    assert all(t not in xml for t in ("<crosses", "<majorUnit", "<max ", "<min ", "Runde"))


def test_a_chart_on_an_engine_sheet_is_read_back(tmp_path):
    path = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Players"
    wb.save(path)
    book = open_book(path)
    book.write_sheet(SHEET, sheet_layout(pd.DataFrame({"R1": [1, 2], "R2": [2, 1]}), SheetStyle()))
    book.add_chart(SHEET, CHART)
    book.save()
    back = openpyxl.load_workbook(path)
    charts = back[SHEET]._charts
    assert len(charts) == 1 and len(charts[0].series) == 2
    assert charts[0].series[1].val.numRef.f == "'Verlauf''s & Co'!$B$3:$D$3"
    assert [b.id for b in back[SHEET].row_breaks.brk] == [6]
    # written again (the next run): the engine's old drawing replaced, not added to
    book = open_book(path)
    book.write_sheet(SHEET, sheet_layout(pd.DataFrame({"R1": [1]}), SheetStyle()))
    book.add_chart(SHEET, CHART)
    book.save()
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
    assert sum(n.startswith("xl/charts/") for n in names) == 1
    assert sum(n.startswith("xl/drawings/drawing") for n in names) == 1
    assert len(openpyxl.load_workbook(path)[SHEET]._charts) == 1
