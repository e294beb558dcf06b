"""Open an .xlsm in headless LibreOffice and report, as JSON, what LibreOffice makes of it: the
sheets, the form-control buttons on each sheet with the macro each is bound to, the VBA modules
it imported, and whether LibreOffice's Basic compiles a given module text in VBA-compatibility
mode.  Run with a Python that can ``import uno`` (Debian's python3 with python3-uno):

    python3 tests/support/lo_xlsm_probe.py SOFFICE BOOK.xlsm [MODULE-FILE ...]

Each MODULE-FILE is put into a new library ``KeizerCheck<n>`` of the document as module ``KeizerXL`` (with
``Option VBASupport 1`` and a probe function appended) and the probe is run: LibreOffice compiles
a module when one of its procedures is first called, so a syntax error makes the call fail.
soffice is started with a private profile and stopped (its process group killed) at the end.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def connect(pipe, proc):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + 90
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.time() > deadline or proc.poll() is not None:
                raise
            time.sleep(0.3)


def buttons(doc):
    out = []
    for sheet_index in range(doc.Sheets.Count):
        sheet = doc.Sheets.getByIndex(sheet_index)
        forms = sheet.DrawPage.Forms
        for f in range(forms.Count):
            form = forms.getByIndex(f)
            for i in range(form.Count):
                model = form.getByIndex(i)
                events = [{"listener": e.ListenerType, "method": e.EventMethod,
                           "type": e.ScriptType, "code": e.ScriptCode}
                          for e in form.getScriptEvents(i)]
                out.append({"sheet": sheet.Name, "label": getattr(model, "Label", None),
                            "kind": model.ShapeType if hasattr(model, "ShapeType") else
                            model.getImplementationName(), "events": events})
    return out


def compile_module(doc, text, number):
    # a library of its own for each text: LibreOffice keeps a compiled module by its name
    name = f"KeizerCheck{number}"
    lib = doc.BasicLibraries.createLibrary(name)
    body = "\n".join(line for line in text.replace("\r\n", "\n").split("\n")
                     if not line.startswith("Attribute "))
    if not re.search(r"(?im)^\s*Option\s+VBASupport\s+1", body):
        body = "Option VBASupport 1\n" + body
    body += "\nPublic Function KeizerProbe()\n    KeizerProbe = 42\nEnd Function\n"
    lib.insertByName("KeizerXL", body)
    provider = doc.getScriptProvider()
    script = provider.getScript(f"vnd.sun.star.script:{name}.KeizerXL.KeizerProbe"
                                "?language=Basic&location=document")
    try:
        result = script.invoke((), (), ())
    except Exception as exc:  # a runtime error arrives as a ScriptFrameworkErrorException
        return {"ok": False, "error": f"{type(exc).__name__}: {getattr(exc, 'Message', exc)}"}
    # a module that does not compile runs nothing: the call returns void instead of 42
    return {"ok": result[0] == 42, "result": result[0]}


def main(soffice, book, *modules):
    profile = Path(tempfile.mkdtemp(prefix="kxl-lo-"))
    pipe = f"kxl{uuid.uuid4().hex}"
    proc = subprocess.Popen([soffice, "--headless", "--invisible", "--nologo", "--norestore",
                             "--nodefault", f"-env:UserInstallation={profile.as_uri()}",
                             f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        ctx = connect(pipe, proc)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        # MacroExecutionMode 4 = ALWAYS_EXECUTE_NO_WARN: the probe may run (private profile)
        doc = desktop.loadComponentFromURL(Path(book).absolute().as_uri(), "_blank", 0,
                                           (prop("Hidden", True), prop("MacroExecutionMode", 4)))
        libs = doc.BasicLibraries
        modules_seen = []
        if libs.hasByName("VBAProject"):
            libs.loadLibrary("VBAProject")
            modules_seen = list(libs.getByName("VBAProject").getElementNames())
        report = {"sheets": list(doc.Sheets.ElementNames), "buttons": buttons(doc),
                  "vba_modules": sorted(modules_seen),
                  "vba_mode": bool(getattr(libs, "VBACompatibilityMode", False)),
                  "compile": [compile_module(doc, Path(m).read_bytes().decode("cp1252"), i)
                              for i, m in enumerate(modules, 1)]}
        doc.close(True)
        print(json.dumps(report))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


if __name__ == "__main__":
    main(*sys.argv[1:])
