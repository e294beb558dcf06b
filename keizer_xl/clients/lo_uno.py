"""UNO's plumbing for the LibreOffice client: the lazy ``uno`` import, structs and enums, the
flag constants of the API, and property reads that tolerate an older LibreOffice or a document
without a view; :class:`LibreOfficeError`, the error every LibreOffice module raises.

``uno`` is imported lazily: importing this module needs nothing from LibreOffice.
"""
from __future__ import annotations

import contextlib
from typing import Any, cast

from keizer_xl.errors import ClientError

class LibreOfficeError(ClientError):
    """A workbook operation LibreOffice cannot do as asked; the message is meant for the user."""


# com.sun.star.sheet.CellFlags: VALUE | DATETIME | STRING | FORMULA; every flag (1..512)
CONTENT = 1 | 2 | 4 | 16
EVERYTHING = 1023
# com.sun.star.sheet.FormulaResult.ERROR
FORMULA_ERROR = 4
# com.sun.star.util.NumberFormat
NF_DATE, NF_TIME, NF_LOGICAL = 2, 4, 1024

BOLD = 150.0  # com.sun.star.awt.FontWeight.BOLD


def _uno() -> Any:
    import uno

    return uno


def uno_struct(name: str, **fields: Any) -> Any:
    """A new UNO struct ``name`` (``com.sun.star.awt.Size``) with ``fields`` set."""
    value = _uno().createUnoStruct(name)
    for key, val in fields.items():
        setattr(value, key, val)
    return value


def uno_enum(type_name: str, value: str) -> Any:
    return _uno().Enum(type_name, value)


def supports(obj: Any, service: str) -> bool:
    try:
        return bool(obj is not None and obj.supportsService(service))
    except Exception:
        return False


def doc_title(doc: Any) -> str:
    """The document's file name (or its title): how messages name the workbook."""
    with contextlib.suppress(Exception):  # no URL (a new document): its title below
        url = doc.getURL()
        if url:
            return cast(str, _uno().fileUrlToSystemPath(url).replace("\\", "/").rsplit("/", 1)[-1])
    try:
        return doc.Title or "the workbook"
    except Exception:
        return "the workbook"


def prop(obj: Any, name: str, default: Any) -> Any:
    try:
        return obj.getPropertyValue(name)
    except Exception:
        return default


def current_controller(doc: Any) -> Any:
    try:
        controller = doc.getCurrentController()
    except Exception:
        return None
    if controller is None or not hasattr(controller, "freezeAtPosition"):
        return None
    return controller


def thin_line() -> Any:
    """A thin solid black line (what Excel's "thin" border is)."""
    return uno_struct("com.sun.star.table.BorderLine2", Color=0, InnerLineWidth=0,
                      OuterLineWidth=26, LineDistance=0, LineStyle=0, LineWidth=26)


def range_address(sheet: int, c0: int, r0: int, c1: int, r1: int) -> Any:
    return uno_struct("com.sun.star.table.CellRangeAddress", Sheet=sheet, StartColumn=c0,
                      StartRow=r0, EndColumn=c1, EndRow=r1)


def unformatted(target: Any) -> bool:
    """True when the cells carry no format of their own (as far as a quick look tells)."""
    try:
        style = target.CellStyle
        number = target.NumberFormat
    except Exception:
        return True
    return style in ("Default", "") and number == 0
