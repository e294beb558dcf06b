"""The button-ready season workbook (.xlsm), built without Excel.

``keizer-xl new club.xlsm`` and ``keizer-xl excel-setup club.xlsx`` (which makes ``club.xlsm``
beside it) write the whole workbook with Python libraries; Excel is not needed, so neither is
its "Trust access to the VBA project object model" option:

1. the sheets: a ``Start`` sheet first (what the buttons do), the season sheets (the template of
   :mod:`keizer_xl.clients.xlsx.new_book`, or the user's own ``.xlsx``) and an ``xlwings.conf``
   sheet naming this computer's Python (:func:`keizer_xl.clients.xlwings_conf.config_entries`:
   no key without a value), written by the file client (every other part as it was);
2. three Form Control buttons on ``Start`` bound to ``KeizerXL.PairNextRound``,
   ``KeizerXL.UpdateStandings`` and ``KeizerXL.CheckWorkbook``: the legacy VML drawing that
   XlsxWriter's ``insert_button(macro=...)`` writes, made by XlsxWriter for a sheet of the same
   column width and put into that package (the file client makes no buttons);
3. the VBA project, by pyOpenVBA (pure Python, MIT): the installed xlwings' own ``xlwings.bas``
   and ``Dictionary.cls`` (a class module) and ``KeizerXL.bas``
   (:data:`~keizer_xl.clients.vba_files.KEIZER_VBA`), so the VBA always matches the xlwings
   that runs;
4. the project without a performance cache, in the form [MS-OVBA] 2.3.4.1 prescribes for
   writers and that xlwings' own ``quickstart_standalone.xlsm`` has: ``_VBA_PROJECT`` is the 7
   bytes ``CC 61 FF FF 00 01 00`` (version 0xFFFF) and every module's source starts at offset 0,
   so Excel compiles the modules from source on first open, as for every xlwings quickstart.
5. on a Mac, xlwings' AppleScript is installed as ``xlwings runpython install`` does.

The file is made on the user's computer, never downloaded (Office blocks macros in files that
carry the "Mark of the Web").  The result is written to a temporary file beside the target and
moved into place only when complete.  ``--via-excel`` keeps the older route that drives Excel
(:func:`keizer_xl.clients.excel_setup.setup_workbook`).
"""
from __future__ import annotations

import io
import os
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

from keizer_xl.clients import (atomic, backup_files, excel_setup, file_locks, files, vba_files,
                               xlwings_conf)
from keizer_xl.clients.xlsx.package import Package
from keizer_xl.errors import Message, SetupError

#: ``_VBA_PROJECT`` without a performance cache, byte for byte as in xlwings' quickstart.
VBA_PROJECT_STREAM = bytes.fromhex("cc61ffff000100")
#: The buttons sit in this row of the Start sheet (0-based, XlsxWriter's numbering: row 4).
BUTTON_CELL = (3, 0)
_BUTTON_SIZE = (170, 40)    # pixels
_BUTTON_STEP = 180          # pixels from one button's left edge to the next

_MACRO_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
_PLAIN_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
_VML_TYPE = "application/vnd.openxmlformats-officedocument.vmlDrawing"
_VML_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing"
_R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#: Elements that come after <legacyDrawing> in a worksheet (ECMA-376 CT_Worksheet order).
_AFTER_LEGACY = ("legacyDrawingHF", "drawingHF", "picture", "oleObjects", "controls",
                 "webPublishItems", "tableParts", "extLst")


# --------------------------------------------------------------------------- the VBA


def vba_sources() -> list[tuple[str, str, bool]]:
    """(module name, source, is a class) of the project, xlwings' files from the installed
    package (:func:`~keizer_xl.clients.vba_files.xlwings_vba` checks their version)."""
    out = [(name, vba_files.read_vba(src), src.suffix == ".cls")
           for name, src in vba_files.xlwings_vba()]
    out.append((vba_files.VBA_MODULE, vba_files.to_crlf(vba_files.KEIZER_VBA), False))
    return out


def _replace_modules(path: Path) -> None:
    """Give the .xlsm at ``path`` the VBA project (pyOpenVBA) or put the installed xlwings'
    modules and KeizerXL into its project (adding the ones it lacks), every module rewritten
    and the performance cache dropped."""
    from pyopenvba import ExcelFile
    from pyopenvba.vba import VBAModuleKind

    with ExcelFile(path) as book:
        if not book.has_vba_project():
            book.add_vba_project()
        project = book.vba_project()
        present = {m.name.casefold(): m.name for m in project.modules}
        for name, source, is_class in vba_sources():
            if name.casefold() in present:
                book.set_module(present[name.casefold()], vba_files.to_crlf(source))
            else:
                project.add_module(name, vba_files.to_crlf(source),
                                   kind=VBAModuleKind.other if is_class else VBAModuleKind.standard)
        for module in list(project.modules):
            book.set_module(module.name, module.source)
        book.save(path)
    _drop_performance_cache(path)


def _drop_performance_cache(path: Path) -> None:
    from pyopenvba.cfb import CFB

    pkg = Package(path.read_bytes())
    cfb = CFB.from_bytes(pkg.read("xl/vbaProject.bin"))
    cfb.write_stream_in_storage("VBA", "_VBA_PROJECT", VBA_PROJECT_STREAM)
    pkg.write("xl/vbaProject.bin", cfb.to_bytes())
    path.write_bytes(pkg.to_bytes())


# --------------------------------------------------------------------------- the buttons


def vml_buttons(language: str = "en") -> bytes:
    """The VML drawing of the three buttons, as XlsxWriter writes it for a sheet whose column A
    is as wide as the Start sheet's."""
    import xlsxwriter

    out = io.BytesIO()
    wb = xlsxwriter.Workbook(out, {"in_memory": True})
    ws = wb.add_worksheet(excel_setup.START_SHEET)
    ws.set_column(0, 0, excel_setup.START_WIDTH)
    captions = excel_setup.button_captions(language)
    width, height = _BUTTON_SIZE
    # a caption on one line: "Apparier la ronde suivante" needs more than the English width
    # (about 8 pixels a character of 11 pt Calibri, and the margins)
    width = max(width, 8 * max(len(c) for c in captions.values()) + 24)
    step = _BUTTON_STEP - _BUTTON_SIZE[0] + width
    for slot, macro in enumerate(excel_setup.BUTTON_MACROS):
        ws.insert_button(*BUTTON_CELL, {"macro": f"{vba_files.VBA_MODULE}.{macro}",
                                        "caption": captions[macro], "width": width,
                                        "height": height, "x_offset": 6 + slot * step})
    wb.close()
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as z:
        vml: bytes = z.read("xl/drawings/vmlDrawing1.vml")
    return vml


def _own_shape_ids(vml: bytes, pkg: Package) -> bytes:
    """XlsxWriter numbers the buttons' shapes from block 1 (``o:idmap data="1"``, ids
    ``_x0000_s1025``...), as openpyxl numbers the drawing of a sheet's comments: shape ids must be
    unique in the workbook, so the buttons take the first block no other VML drawing uses."""
    taken = {int(n) for name in pkg.names if name.endswith(".vml")
             for found in re.findall(rb'idmap\b[^>]*\bdata="([\d,]+)"', pkg.read(name))
             for n in found.split(b",")}
    block = next(n for n in range(1, 1000) if n not in taken)
    text = vml.decode("utf-8")
    text = re.sub(r'(idmap\b[^>]*\bdata=")1(")', rf"\g<1>{block}\g<2>", text, count=1)
    shift = (block - 1) * 1024
    text = re.sub(r'id="_x0000_s(\d+)"', lambda m: f'id="_x0000_s{int(m.group(1)) + shift}"', text)
    return text.encode("utf-8")


def _add_buttons(pkg: Package, sheet: str, language: str) -> None:
    """The buttons' VML drawing on the Start sheet (the part ``sheet``); a new part goes last."""
    # named vmlDrawing<digit>.vml: the name openpyxl's keep_vba keeps when keizer-xl itself
    # later writes Standings into this .xlsm (openpyxl/writer/excel.py, ARC_VBA)
    vml = pkg.new_name("xl/drawings/vmlDrawing%d.vml")
    pkg.write(vml, _own_shape_ids(vml_buttons(language), pkg))
    rel_id = pkg.add_relationship(sheet, _VML_REL, "../drawings/" + vml.rsplit("/", 1)[1])
    xml = pkg.read(sheet).decode("utf-8")
    root = re.search(r"<(?:\w+:)?worksheet\b[^>]*>", xml)
    assert root is not None
    if f'xmlns:r="{_R_NS}"' not in root.group():
        tag = root.group()[:-1] + f' xmlns:r="{_R_NS}">'
        xml = xml[:root.start()] + tag + xml[root.end():]
    at = len(xml) - len("</worksheet>")
    for later in _AFTER_LEGACY:
        m = re.search(rf"<(?:\w+:)?{later}\b", xml)
        if m is not None:
            at = min(at, m.start())
    pkg.write(sheet, (xml[:at] + f'<legacyDrawing r:id="{rel_id}"/>' + xml[at:]).encode("utf-8"))
    types = pkg.read("[Content_Types].xml").decode("utf-8")
    types = types.replace(f'ContentType="{_PLAIN_MAIN}"', f'ContentType="{_MACRO_MAIN}"')
    if 'Extension="vml"' not in types:
        types = types.replace(
            "<Default ", f'<Default Extension="vml" ContentType="{_VML_TYPE}"/><Default ', 1
        )
    pkg.write("[Content_Types].xml", types.encode("utf-8"))


# --------------------------------------------------------------------------- the sheets


def _spliced(book: Any, *, python: str, platform: str | None, pythonpath: str | None,
             language: str) -> tuple[Package, str, list[tuple[str, Any]]]:
    """The workbook's package with the Start sheet (first, the active one) and the xlwings.conf
    sheet written by the file client, every other part as it was (issue 25); the Start sheet's
    part and the config rows."""
    book.write_sheet(excel_setup.START_SHEET, excel_setup.start_layout(language))
    rows = xlwings_conf.put_config(book, python=python, platform=platform, pythonpath=pythonpath)
    pkg = Package(book.spliced_bytes())
    start = next(s.part for s in pkg.sheets
                 if s.name == excel_setup.START_SHEET and s.part is not None)
    _start_first(pkg, start)
    return pkg, start, rows


def _start_first(pkg: Package, start_part: str) -> None:
    """The Start sheet moved to the front of the sheet list and made the one shown: the sheet
    positions of the defined names (``localSheetId``) follow, no other tab stays selected."""
    workbook = pkg.read(pkg.workbook).decode("utf-8")
    sheets = list(re.finditer(r"<(?:\w+:)?sheet\b[^>]*/>", workbook))
    k = next(
        i for i, m in enumerate(sheets)
        if re.search(rf'\bname="{re.escape(excel_setup.START_SHEET)}"', m.group())
    )
    start = sheets[k].group()
    workbook = workbook[:sheets[k].start()] + workbook[sheets[k].end():]
    first = re.search(r"<(?:\w+:)?sheet\b[^>]*/>", workbook)
    assert first is not None
    workbook = workbook[:first.start()] + start + workbook[first.start():]

    def moved(m: re.Match[str]) -> str:
        i = int(m.group(2))
        return f'{m.group(1)}"{0 if i == k else i + 1 if i < k else i}"'
    workbook = re.sub(r'(\blocalSheetId=)"(\d+)"', moved, workbook)
    workbook = re.sub(r'\s(?:activeTab|firstSheet)="\d+"', "", workbook)
    pkg.write(pkg.workbook, workbook.encode("utf-8"))
    for entry in pkg.sheets:
        if entry.part is None or entry.kind != "worksheet":
            continue
        xml = pkg.read(entry.part).decode("utf-8")
        view = re.search(r"<(?:\w+:)?sheetView\b[^>]*?(?=/?>)", xml)  # not its "/"
        if view is None:
            continue
        tag = re.sub(r'\stabSelected="[^"]*"', "", view.group())
        if entry.part == start_part:
            tag += ' tabSelected="1"'
        pkg.write(entry.part, (xml[:view.start()] + tag + xml[view.end():]).encode("utf-8"))


# --------------------------------------------------------------------------- the command


def build_xlsm(target: str | os.PathLike[str], *, source: str | os.PathLike[str] | None = None,
               force: bool = False, python: str | None = None, platform: str | None = None,
               pythonpath: str | None = None, language: str | None = None,
               home: Path | None = None) -> excel_setup.SetupResult:
    """Write the button-ready workbook ``target`` (.xlsm) from ``source`` (an .xlsx; None: the
    season template).  ``platform`` says whose interpreter key to write ('win', 'mac'; default
    this computer's; elsewhere xlwings' generic ``Interpreter``).  ``language``: of the
    template, and of the Start sheet and the buttons (None: the source workbook's own, its
    ``language`` setting or its sheet names; English for the template)."""
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.clients.xlsx.new_book import new_book
    from keizer_xl.sheets.template_text import NewBook

    dest = Path(target).expanduser().absolute()
    if dest.suffix.lower() != ".xlsm":
        raise SetupError(Message("{name}: the button-ready workbook is an .xlsm.",
                                 name=dest.name))
    excel_setup.check_book_name(dest)
    excel_setup.check_new_target(dest, force)
    platform = platform or xlwings_conf.this_platform()
    python = python or sys.executable
    if pythonpath is None:
        pythonpath = xlwings_conf.pythonpath_for(python)
    result = excel_setup.SetupResult(dest)

    if source is None:
        language = language or "en"
        book = new_book(dest, NewBook(language))
        result.steps.append(Message("the season sheets from the template"))
    else:
        src = Path(source)
        if src.suffix.lower() != ".xlsx":
            raise SetupError(Message("{name}: give the season workbook as .xlsx (an .xlsm "
                                     "already has macros).", name=src.name), hint="via_excel")
        book = open_book(src)
        language = language or excel_setup.book_language(book)
        result.steps.append(Message("the sheets of {name}", name=src.name))
    # the file client adds the Start and xlwings.conf sheets: every other part as it was
    pkg, start, rows = _spliced(book, python=python, platform=platform, pythonpath=pythonpath,
                                language=language)
    result.config = rows
    _add_buttons(pkg, start, language)
    result.steps.append(Message("buttons on the sheet {sheet}", sheet=excel_setup.START_SHEET))

    # a file replaced with --force is kept as a backup
    _write_with_project(dest, pkg.to_bytes(), result, backup=dest.exists())
    result.steps.append(f"{xlwings_conf.CONFIG_SHEET}: " + ", ".join(f"{k}={v}" for k, v in rows))
    if platform == "mac" and (sys.platform == "darwin" or home is not None):
        script = vba_files.install_runpython_applescript(home)
        result.steps.append(Message("RunPython enabled for Excel ({script})", script=script))
    return result


def _write_with_project(target: Path, data: bytes, result: excel_setup.SetupResult, **how: bool) -> None:
    """``data`` given the VBA project in a scratch folder beside ``target`` (pyOpenVBA works on
    a file of its own), then written to ``target`` like every file (clients.atomic, ``how``)."""
    with atomic.scratch_folder(target) as scratch:
        work = scratch / target.name
        work.write_bytes(data)
        _replace_modules(work)
        result.steps.append(Message("VBA modules {modules}",
                                    modules=", ".join(n for n, _, _ in vba_sources())))
        atomic.write_bytes(target, work.read_bytes(), zip_check=True, **how)


def refresh_xlsm(path: str | os.PathLike[str], *, python: str | None = None,
                 platform: str | None = None, pythonpath: str | None = None) -> excel_setup.SetupResult:
    """An existing button workbook (.xlsm) gets the VBA modules of the installed xlwings and
    keizer-xl (after an upgrade) and an ``xlwings.conf`` for this computer, without Excel.  The
    old file is kept in ``.keizer-backups/`` (the last five, as for every write); everything
    else in the package is copied as it is (the file client writes the config sheet, pyOpenVBA
    only the project)."""
    from keizer_xl.clients.xlsx import open_book

    source = Path(path).expanduser().absolute()
    if source.suffix.lower() != ".xlsm" or not source.is_file():
        raise SetupError(Message("{path}: give an existing .xlsm.", path=str(source)))
    excel_setup.check_book_name(source)
    platform = platform or xlwings_conf.this_platform()
    python = python or sys.executable
    result = excel_setup.SetupResult(source)
    with file_locks.workbook_lock(source):
        files.check_can_write(source)
        book = open_book(source)
        result.config = xlwings_conf.put_config(book, python=python, platform=platform,
                                                pythonpath=pythonpath if pythonpath is not None
                                                else xlwings_conf.pythonpath_for(python))
        # the old one kept in .keizer-backups/; the workbook rebuilt with its buttons, on purpose
        _write_with_project(source, book.spliced_bytes(), result, backup=True, check=True,
                            in_place=True)
        backup = backup_files.backups(source)[-1]
        result.steps.append(Message("the old file kept as {path}",
                                    path=f"{files.BACKUP_FOLDER}/{backup.name}"))
    result.steps.append(f"{xlwings_conf.CONFIG_SHEET}: " + ", ".join(f"{k}={v}" for k, v in result.config))
    return result
