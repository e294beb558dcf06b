"""Static checks of what Excel will run: the VBA module, its buttons and RunPython calls, the
xlwings version pin, the xlwings Lite snippet and the committed season template."""
from __future__ import annotations

import ast
import inspect
import re
import tomllib
import zipfile
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends import excel_buttons
import keizer_xl.excel
from keizer_xl.clients import excel_setup
from keizer_xl.clients import vba_files
from keizer_xl import lite  # the entry module main.py imports: its __all__ is the scripts
from keizer_xl.clients.excel_setup import BUTTON_MACROS
from keizer_xl.clients.vba_files import KEIZER_VBA
from keizer_xl.clients.xlsx.new_book import template_workbook
from keizer_xl.sheets.template_text import NewBook

ROOT = Path(__file__).resolve().parents[2]
VBA_FILE = ROOT / "macros" / "KeizerXL.bas"
TEMPLATE = ROOT / "templates" / "season-template.xlsx"


def procedures(source: str) -> dict[str, tuple[str, str]]:
    """Sub name -> (Public/Private, body) of a VBA module."""
    out = {}
    for m in re.finditer(r"^(Public |Private )?Sub (\w+)\(([^)]*)\)\s*$(.*?)^End Sub", source,
                         re.M | re.S):
        out[m.group(2)] = ((m.group(1) or "Public ").strip(), m.group(4))
    return out


# --------------------------------------------------------------------------- the VBA module


def test_the_shipped_module_is_the_one_excel_setup_imports():
    # both copies with Windows line endings: File > Import in the VBA editor needs CRLF
    package_copy = ROOT / "keizer_xl" / "macros" / "KeizerXL.bas"
    for path in (VBA_FILE, package_copy):
        data = path.read_bytes()
        assert data == KEIZER_VBA.replace("\n", "\r\n").encode("ascii"), path
        assert data.count(b"\n") == data.count(b"\r\n") > 0, path
    attributes = (ROOT / ".gitattributes").read_text(encoding="utf-8").splitlines()
    assert "*.bas -text diff" in attributes and "*.cls -text diff" in attributes
    assert KEIZER_VBA.splitlines()[0] == 'Attribute VB_Name = "KeizerXL"'
    KEIZER_VBA.encode("ascii")  # the VBA editor reads the file in the ANSI code page


def test_every_runpython_call_names_an_entry_point_of_keizer_xl_excel():
    subs = procedures(KEIZER_VBA)
    calls = re.findall(r'RunPython "([^"]*)"', KEIZER_VBA)
    assert len(calls) == len(excel_buttons.ENTRY_POINTS) == 6
    for command in calls:
        m = re.fullmatch(r"import keizer_xl\.excel as k; k\.(\w+)\(\)", command)
        assert m, command
        fn = getattr(keizer_xl.excel, m.group(1))  # the module the VBA line imports
        assert m.group(1) in excel_buttons.ENTRY_POINTS
        assert all(p.default is not inspect.Parameter.empty
                   for p in inspect.signature(fn).parameters.values())
    # one RunPython per public macro, and no other logic in them
    for _name, (scope, body) in subs.items():
        if "RunPython" in body:
            assert scope == "Public"
            assert [line.strip() for line in body.strip().splitlines()] == \
                [line for line in [f'RunPython "{c}"' for c in calls] if line in body]


def test_every_button_names_a_macro_of_the_module():
    subs = procedures(KEIZER_VBA)
    add = subs["AddKeizerButtons"][1]
    buttons = re.findall(r'AddKeizerButton sht, "(\w+)", "([^"]+)", (\d)', add)
    assert [b[0] for b in buttons] == list(BUTTON_MACROS)
    for macro, _caption, _slot in buttons:
        assert macro in subs and subs[macro][0] == "Public" and "RunPython" in subs[macro][1]
    assert "btn.OnAction = macroName" in subs["AddKeizerButton"][1]
    assert subs["AddKeizerButton"][0] == "Private"
    assert "ThisWorkbook.Worksheets(\"Start\")" in add and excel_setup.START_SHEET == "Start"
    # excel-setup runs exactly this macro
    assert f"{vba_files.VBA_MODULE}.AddKeizerButtons" in Path(excel_setup.__file__).read_text()


def test_the_vba_module_has_balanced_blocks():
    code = [line.split("'", 1)[0].strip() for line in KEIZER_VBA.splitlines()]
    assert sum(1 for c in code if re.match(r"(Public |Private )?Sub ", c)) == \
        sum(1 for c in code if c == "End Sub")
    assert sum(1 for c in code if c.startswith("For ")) == sum(1 for c in code if c.startswith("Next"))


# --------------------------------------------------------------------------- xlwings versions


def _pins() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    deps = data["project"]["dependencies"] + data["project"]["optional-dependencies"]["dev"]
    pins = []
    for dep in deps:
        m = re.match(r"\s*xlwings\s*([^;]*)", dep)
        if m:
            pins.append(m.group(1).strip())
    return pins


def test_the_vba_xlwings_version_is_the_installed_and_the_pinned_one():
    xlwings = pytest.importorskip("xlwings")
    package = vba_files.xlwings_package_dir()
    bas = (package / "xlwings.bas").read_text(encoding="cp1252")
    assert vba_files.bas_version(bas) == xlwings.__version__
    assert f"xlwings64-{xlwings.__version__}.dll" in bas
    pins = _pins()
    assert pins == [f"=={xlwings.__version__}"] * 2, pins
    for rel in ("addin/Dictionary.cls", "addin/xlwings.xlam",
                f"xlwings-{xlwings.__version__}.applescript"):
        assert (package / rel).is_file(), rel


def test_the_xlwings_addin_has_the_import_macro_used_on_a_mac():
    olevba = pytest.importorskip("oletools.olevba")
    package = vba_files.xlwings_package_dir()
    parser = olevba.VBA_Parser(str(package / vba_files.XLWINGS_ADDIN))
    try:
        modules = {name: code for (_f, _s, name, code) in parser.extract_macros()}
    finally:
        parser.close()
    module, macro = vba_files.ADDIN_IMPORT_MACRO.split(".")
    code = modules[f"{module}.bas"]
    body = procedures(code.replace("\r\n", "\n"))[macro][1]
    assert "ActiveWorkbook.VBProject.VBComponents.Import tf" in body
    assert vba_files.bas_version(code) == vba_files.installed_xlwings_version()


# --------------------------------------------------------------------------- xlwings Lite


def test_the_lite_main_snippet_calls_the_lite_functions():
    tree = ast.parse((ROOT / "templates" / "xlwings_lite_main.py").read_text(encoding="utf-8"))
    scripts = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert {s.name for s in scripts} == set(lite.__all__)  # every action, nothing else
    for s in scripts:
        assert [ast.unparse(d) for d in s.decorator_list] == ["script"]
        assert [ast.unparse(a.annotation) for a in s.args.args] == ["xw.Book"]
        call = s.body[-1].value  # after the docstring
        assert ast.unparse(call.func) == f"lite.{s.name}" and s.name in lite.__all__


# --------------------------------------------------------------------------- the templates


def _describe(wb) -> dict:
    out = {"sheets": wb.sheetnames}
    for ws in wb.worksheets:
        out[ws.title] = {
            "cells": [[(c.value, c.number_format) for c in row] for row in ws.iter_rows()],
            "tables": {t.displayName: (t.ref, t.tableStyleInfo.name if t.tableStyleInfo else None)
                       for t in ws.tables.values()},
            "validations": sorted((dv.type, str(dv.sqref), dv.formula1, dv.errorStyle)
                                  for dv in ws.data_validations.dataValidation),
            "freeze": ws.freeze_panes,
            "widths": {k: d.width for k, d in ws.column_dimensions.items()},
        }
    return out


def test_the_committed_season_template_is_what_the_code_makes(tmp_path):
    fresh = tmp_path / "fresh.xlsx"
    template_workbook(NewBook()).save(fresh)
    committed = _describe(openpyxl.load_workbook(TEMPLATE))
    assert committed == _describe(openpyxl.load_workbook(fresh)), \
        "run: python templates/make_templates.py"


def test_the_season_template_has_tables_dropdowns_and_instructions():
    wb = openpyxl.load_workbook(TEMPLATE)
    assert wb.sheetnames[0] == "Instructions"
    for sheet in ("Settings", "Players", "Attendance", "Results"):
        assert wb[sheet].tables, sheet
    lists = {s: [dv.formula1 for dv in wb[s].data_validations.dataValidation]
             for s in ("Attendance", "Results")}
    assert any(f == '"E,U,C,L"' for f in lists["Attendance"])
    assert any(f.startswith('"1-0,0-1') for f in lists["Results"])
    assert "xl/vbaProject.bin" not in zipfile.ZipFile(TEMPLATE).namelist()


def test_no_macro_enabled_file_is_shipped():
    """Macro-enabled workbooks are made on the user's machine (templates/README.md)."""
    for folder in ("templates", "macros", "samples"):
        assert not list((ROOT / folder).glob("*.xls[mb]")), folder
    readme = (ROOT / "templates" / "README.md").read_text(encoding="utf-8")
    assert "excel-setup" in readme and "Mark of the Web" in readme
