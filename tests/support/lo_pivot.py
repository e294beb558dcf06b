"""Run under LibreOffice's Python (tests/clients/test_club_workbook.py): a pivot table (DataPilot) on
Clubinfo summing the Players' second column by name, the workbook saved as .xlsx."""
import sys
import os

import uno
from com.sun.star.beans import PropertyValue

pipe, src, dst = sys.argv[1:4]
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
hidden = PropertyValue()
hidden.Name, hidden.Value = "Hidden", True
doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(src), "_blank", 0, (hidden,))
try:
    players = doc.Sheets.getByName("Players")
    cursor = players.createCursor()
    cursor.gotoEndOfUsedArea(False)
    last = cursor.RangeAddress.EndRow
    source = players.getCellRangeByPosition(0, 0, 1, last).RangeAddress
    sheet = doc.Sheets.getByName("Clubinfo")
    tables = sheet.getDataPilotTables()
    desc = tables.createDataPilotDescriptor()
    desc.setSourceRange(source)
    fields = desc.getDataPilotFields()
    fields.getByIndex(0).Orientation = uno.Enum("com.sun.star.sheet.DataPilotFieldOrientation", "ROW")
    data = fields.getByIndex(1)
    data.Orientation = uno.Enum("com.sun.star.sheet.DataPilotFieldOrientation", "DATA")
    data.Function = uno.Enum("com.sun.star.sheet.GeneralFunction", "SUM")
    tables.insertNewByName("PivotPlayers", sheet.getCellRangeByName("H20").CellAddress, desc)
    f = PropertyValue()
    f.Name, f.Value = "FilterName", "Calc MS Excel 2007 XML"
    doc.storeToURL(uno.systemPathToFileUrl(dst), (f,))
finally:
    doc.close(True)
print("ok")
sys.stdout.flush()
os._exit(0)
