"""Drive a running LibreOffice over a UNO pipe (run with the Python that has ``uno``).

Executed as a script by :mod:`keizer_xl.clients.lo_run` with LibreOffice's Python (it imports
nothing from keizer_xl, pandas or numpy): one JSON request on stdin (``command``: ``run``,
``buttons``, ``inspect-buttons``, ``ping``, ``terminate``: :data:`COMMANDS`), one
JSON answer line on stdout (``{"ok": false, "error": ...}`` on any failure).  Starting, timing
and killing soffice are the caller's job; this only connects, opens the document hidden, does
the one thing and closes it.
"""
from __future__ import annotations  # the annotations stay text: any Python 3 with uno runs it

import json
import os
import sys
import time
import traceback
from typing import Any
from collections.abc import Callable, Iterator
import contextlib

SCRIPT_URL = "vnd.sun.star.script:keizer_xl_lo.py${function}?language=Python&location=user"
FORM_NAME = "KeizerXL"
FILTERS = {".ods": "calc8", ".xlsx": "Calc MS Excel 2007 XML", ".xlsm": "Calc MS Excel 2007 VBA XML",
           ".pdf": "calc_pdf_Export"}


class DriverError(Exception):
    pass


def _answer(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def _prop(name: str, value: Any) -> Any:
    from com.sun.star.beans import PropertyValue

    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe: str, timeout: float) -> tuple[Any, Any]:
    import uno
    from com.sun.star.connection import NoConnectException

    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + timeout
    while True:
        try:
            ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            break
        except NoConnectException:
            if time.monotonic() > deadline:
                raise DriverError(f"LibreOffice did not answer within {timeout:.0f} s") from None
            time.sleep(0.05)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    return ctx, desktop


def load(desktop: Any, path: str) -> tuple[Any, str]:
    import uno

    url = uno.systemPathToFileUrl(os.path.abspath(path))
    props = (_prop("Hidden", True), _prop("ReadOnly", False))
    try:
        doc = desktop.loadComponentFromURL(url, "_blank", 0, props)
    except Exception as exc:
        raise DriverError(f"LibreOffice could not open {path}: "
                          f"{getattr(exc, 'Message', '') or exc}") from None
    if doc is None:
        raise DriverError(f"LibreOffice could not open {path}")
    if not doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        doc.close(True)
        raise DriverError(f"{path} is not a spreadsheet")
    return doc, url


@contextlib.contextmanager
def opened(req: dict[str, Any]) -> Iterator[tuple[Any, str]]:
    """The request's ``book`` opened hidden in the LibreOffice on its pipe (and its URL);
    closed afterwards, whatever happens."""
    _ctx, desktop = connect(req["pipe"], req.get("connect_timeout", 30))
    doc, url = load(desktop, req["book"])
    try:
        yield doc, url
    finally:
        try:
            doc.close(True)
        except Exception:
            with contextlib.suppress(Exception):
                doc.dispose()


def cmd_run(req: dict[str, Any]) -> dict[str, Any]:
    function = req["function"]  # one of the macro's (lo_run.FUNCTIONS)
    with opened(req) as (doc, url):
        with contextlib.suppress(Exception):  # make it the current document, as a click in LibreOffice would
            doc.getCurrentController().getFrame().activate()
        options = dict(req.get("options") or {})
        options.setdefault("url", url)
        options.setdefault("headless", True)
        script = doc.getScriptProvider().getScript(SCRIPT_URL.format(function=function))
        result = script.invoke((json.dumps(options),), (), ())
        value = result[0] if isinstance(result, tuple) else result
        try:
            outcome = json.loads(value) if isinstance(value, str) else None
        except ValueError:
            outcome = None
        if outcome is None:
            raise DriverError(f"the macro {function} returned no outcome ({value!r:.200})")
        return {"ok": True, "outcome": outcome}


def _button_sheet(doc: Any, wanted: str | None) -> Any:
    """The sheet asked for (made as the first sheet if missing), else Start, else the first."""
    sheets = doc.Sheets
    names = list(sheets.ElementNames)
    for name in ([wanted] if wanted else []) + ["Start"]:
        for candidate in names:
            if candidate.casefold() == name.casefold():
                return sheets.getByName(candidate)
    if wanted:
        sheets.insertNewByName(wanted, 0)
        return sheets.getByName(wanted)
    return sheets.getByIndex(0)


def _text_right_edge(sheet: Any) -> int:
    """Where the text of the sheet's first rows ends (1/100 mm), so buttons do not cover it."""
    columns = sheet.Columns
    whole = sheet.getCellRangeByPosition(0, 0, columns.Count - 1, sheet.Rows.Count - 1)
    if not whole.queryContentCells(23).getRangeAddresses():  # an empty sheet
        return 0
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    last_col = min(cursor.RangeAddress.EndColumn, 50)
    x = 0
    for c in range(last_col + 1):
        x += columns.getByIndex(c).Width
    # text that overflows the last used column: its optimal width says how far it reaches
    probe = columns.getByIndex(last_col)
    width = probe.Width
    try:
        probe.OptimalWidth = True
        reach = probe.Width
    finally:
        probe.Width = width
    return int(x - width + max(width, reach))


def cmd_buttons(req: dict[str, Any]) -> dict[str, Any]:
    import uno
    from com.sun.star.awt import Point, Size
    from com.sun.star.script import ScriptEventDescriptor

    with opened(req) as (doc, _url):
        sheet = _button_sheet(doc, req.get("sheet"))
        draw_page = sheet.DrawPage
        forms = draw_page.Forms
        # running it again replaces the buttons instead of adding more
        for i in range(draw_page.Count - 1, -1, -1):
            shape = draw_page.getByIndex(i)
            with contextlib.suppress(Exception):
                if shape.getControl().Name.startswith("KeizerXL"):
                    draw_page.remove(shape)
        if forms.hasByName(FORM_NAME):
            forms.removeByName(FORM_NAME)
        form = doc.createInstance("com.sun.star.form.component.Form")
        forms.insertByName(FORM_NAME, form)
        left = min(max(_text_right_edge(sheet) + 800, 1000), 40000)
        top = 500
        placed = []
        # (name, caption in the workbook's language (issue 33), macro function): lo_run's
        for i, (name, label, function) in enumerate(req["buttons"]):
            model = doc.createInstance("com.sun.star.form.component.CommandButton")
            model.Name = name
            model.Label = label
            model.HelpText = f"keizer-xl: {label.lower()} (LibreOffice macro {function})"
            shape = doc.createInstance("com.sun.star.drawing.ControlShape")
            pos = Point()
            pos.X, pos.Y = left, top + i * 1200
            size = Size()
            size.Width, size.Height = 5200, 950
            shape.setControl(model)
            form.insertByIndex(form.getCount(), model)
            draw_page.add(shape)
            shape.setPosition(pos)
            shape.setSize(size)
            event = ScriptEventDescriptor()
            event.ListenerType = "XActionListener"
            event.EventMethod = "actionPerformed"
            event.AddListenerParam = ""
            event.ScriptType = "Script"
            event.ScriptCode = SCRIPT_URL.format(function=function)
            form.registerScriptEvent(form.getCount() - 1, event)
            placed.append({"name": name, "label": label, "macro": event.ScriptCode})
        out = req.get("out")
        if out:
            ext = os.path.splitext(out)[1].lower()
            doc.storeToURL(uno.systemPathToFileUrl(os.path.abspath(out)),
                           (_prop("FilterName", FILTERS[ext]), _prop("Overwrite", True)))
        else:
            doc.store()
        return {"ok": True, "sheet": sheet.Name, "buttons": placed,
                "saved_to": out or req["book"]}


def cmd_inspect_buttons(req: dict[str, Any]) -> dict[str, Any]:
    """The buttons of a document with their bound macros (to check that saving kept them)."""
    with opened(req) as (doc, _url):
        found = []
        for s in range(doc.Sheets.Count):
            sheet = doc.Sheets.getByIndex(s)
            forms = sheet.DrawPage.Forms
            for f in range(forms.Count):
                form = forms.getByIndex(f)
                for c in range(form.Count):
                    model = form.getByIndex(c)
                    events = form.getScriptEvents(c)
                    found.append({"sheet": sheet.Name, "name": model.Name,
                                  "label": getattr(model, "Label", ""),
                                  "macros": [e.ScriptCode for e in events
                                             if e.EventMethod == "actionPerformed"]})
        return {"ok": True, "buttons": found}


def cmd_ping(req: dict[str, Any]) -> dict[str, Any]:
    connect(req["pipe"], req.get("connect_timeout", 30))
    return {"ok": True}


def cmd_terminate(req: dict[str, Any]) -> dict[str, Any]:
    try:
        _ctx, desktop = connect(req["pipe"], req.get("connect_timeout", 5))
    except DriverError:
        return {"ok": True}
    with contextlib.suppress(Exception):  # the bridge goes down with the office: that is the point
        desktop.terminate()
    return {"ok": True}


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "run": cmd_run, "buttons": cmd_buttons, "inspect-buttons": cmd_inspect_buttons,
    "ping": cmd_ping, "terminate": cmd_terminate}


def main() -> None:
    try:
        req = json.loads(sys.stdin.read() or "{}")
        command = COMMANDS.get(req.get("command"))
        if command is None:
            raise DriverError(f"unknown command {req.get('command')!r}")
        _answer(command(req))
    except DriverError as exc:
        _answer({"ok": False, "error": str(exc)})
    except Exception as exc:
        message = getattr(exc, "Message", "") or str(exc)
        _answer({"ok": False, "error": f"{type(exc).__name__}: {message}",
                 "detail": traceback.format_exc()})
    # leave without tearing the UNO bridge down politely: that can crash at interpreter exit
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
