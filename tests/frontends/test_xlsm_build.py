"""The button-ready .xlsm that `keizer-xl new club.xlsm` / `excel-setup club.xlsx` build without
Excel, checked statically (olevba, olefile, pyOpenVBA, the package XML) and by LibreOffice
reopening it (its buttons and their macros, and compiling KeizerXL.bas in VBA mode).

Real Excel has not opened these files here: docs/excel-release-checklist.md is that check."""
from __future__ import annotations

import re
import shutil
import tomllib
import zipfile
from pathlib import Path

import olefile
import openpyxl

from keizer_xl.clients import vba_files
from keizer_xl.clients.excel_setup import BUTTON_MACROS, button_captions
from keizer_xl.clients.vba_files import KEIZER_VBA
from keizer_xl.clients.xlwings_conf import CONFIG_SHEET
from keizer_xl.frontends.cli import main
from keizer_xl.clients.xlsm_build import VBA_PROJECT_STREAM, build_xlsm

from support.xlsm import built, vba_modules, vml_buttons

__all__ = ["built"]  # the fixture (support/xlsm.py)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "club-season.xlsx"


def _pinned_xlwings() -> str:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    (pin,) = [re.match(r"xlwings==([\d.]+)", d).group(1) for d in deps if d.startswith("xlwings")]
    return pin


def _project_bin(path: Path) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read("xl/vbaProject.bin")


def _public_subs(code: str) -> set[str]:
    return set(re.findall(r"(?im)^\s*Public\s+Sub\s+(\w+)\s*\(", code))


# --------------------------------------------------------------------------- the VBA project


def test_olevba_lists_the_three_modules_with_the_pinned_xlwings(built):
    modules = vba_modules(built)
    assert {"xlwings", "Dictionary", "KeizerXL"} <= set(modules)
    assert vba_files.bas_version(modules["xlwings"]) == _pinned_xlwings() == "0.37.8"
    assert modules["KeizerXL"].replace("\r\n", "\n").strip() == KEIZER_VBA.strip()
    # the rest are the document modules Excel itself would make: the workbook and each sheet
    sheets = openpyxl.load_workbook(built).sheetnames
    assert sorted(set(modules) - {"xlwings", "Dictionary", "KeizerXL"}) == \
        sorted(["ThisWorkbook"] + [f"Sheet{i}" for i in range(1, len(sheets) + 1)])


def test_dictionary_is_a_class_module(built):
    ole = olefile.OleFileIO(_project_bin(built))
    project = ole.openstream("PROJECT").read().decode("latin-1").splitlines()
    assert "Class=Dictionary" in project and "Module=xlwings" in project
    assert "Module=KeizerXL" in project
    code = vba_modules(built)["Dictionary"]
    assert 'Attribute VB_Base = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"' in code  # a class
    assert "VERSION 1.0 CLASS" not in code  # the .cls file header is not part of the stream


def test_no_performance_cache_as_in_xlwings_own_quickstart(built):
    ole = olefile.OleFileIO(_project_bin(built))
    ours = ole.openstream(["VBA", "_VBA_PROJECT"]).read()
    assert ours == VBA_PROJECT_STREAM == bytes([0xCC, 0x61, 0xFF, 0xFF, 0x00, 0x01, 0x00])
    quickstart = vba_files.xlwings_package_dir() / "quickstart_standalone.xlsm"
    theirs = olefile.OleFileIO(_project_bin(quickstart)).openstream(["VBA", "_VBA_PROJECT"]).read()
    assert ours == theirs  # version 0xFFFF: Excel compiles from source
    assert not [e for e in ole.listdir() if e[-1].startswith("__SRP_")]
    from pyopenvba import ExcelFile

    with ExcelFile(built) as book:
        assert {m.name: m.text_offset for m in book.vba_project().modules if m.text_offset}  == {}


# --------------------------------------------------------------------------- buttons and sheets


def test_three_buttons_on_start_each_bound_to_a_public_sub(built):
    buttons = vml_buttons(built)
    captions = button_captions("en")
    assert buttons == [(captions[m], f"KeizerXL.{m}") for m in BUTTON_MACROS]
    subs = _public_subs(vba_modules(built)["KeizerXL"])
    for _caption, macro in buttons:
        module, sub = macro.split(".")
        assert module == "KeizerXL" and sub in subs, macro
    wb = openpyxl.load_workbook(built)
    from keizer_xl.clients.xlsx.package import Package

    start_part = next(s.part for s in Package(built.read_bytes()).sheets if s.name == "Start")
    with zipfile.ZipFile(built) as z:
        assert "<legacyDrawing" in z.read(start_part).decode()
        types = z.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
    assert wb.sheetnames[0] == "Start" and wb.active.title == "Start"


def test_excel_setup_keeps_the_users_sheets(tmp_path, capsys):
    source = tmp_path / "Club season.xlsx"
    shutil.copy(SAMPLE, source)
    assert main(["excel-setup", str(source)]) == 0
    target = tmp_path / "Club season.xlsm"
    before, after = openpyxl.load_workbook(SAMPLE), openpyxl.load_workbook(target)
    assert after.sheetnames == ["Start", *before.sheetnames, CONFIG_SHEET]
    for name in before.sheetnames:
        assert [[c.value for c in r] for r in before[name].iter_rows()] == \
            [[c.value for c in r] for r in after[name].iter_rows()], name
        assert sorted(before[name].tables) == sorted(after[name].tables)
    # the command line then works on the .xlsm and keeps its buttons and macros
    assert main(["standings", str(target)]) == 0
    assert vml_buttons(target) == [(button_captions()[m], f"KeizerXL.{m}") for m in BUTTON_MACROS]
    assert "KeizerXL" in vba_modules(target)
    # and refuses to replace the result without --force
    capsys.readouterr()
    assert main(["excel-setup", str(source)]) == 1
    assert "--force" in capsys.readouterr().err


def test_refusals_leave_nothing_behind(tmp_path, capsys):
    macro = tmp_path / "club.xlsm"
    assert main(["new", str(macro)]) == 0
    before = macro.read_bytes()
    assert main(["new", str(macro)]) == 2            # exists: --force, as for .xlsx
    assert main(["excel-setup", str(tmp_path / "club.ods")]) == 2
    assert macro.read_bytes() == before
    # no temporary files (the lock file of the one writer may stay, as beside every workbook)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["club.xlsm"]


def test_excel_setup_renews_the_modules_of_an_xlsm(tmp_path):
    """After an xlwings upgrade: the workbook's old xlwings module is replaced by the installed
    one, the data and buttons stay, the old file is kept as a backup."""
    from pyopenvba import ExcelFile

    macro = tmp_path / "club.xlsm"
    assert main(["new", str(macro)]) == 0
    with ExcelFile(macro) as book:  # make it look like a workbook of an older xlwings
        old = book.get_module("xlwings").replace('XLWINGS_VERSION As String = "0.37.8"',
                                                 'XLWINGS_VERSION As String = "0.30.0"')
        book.set_module("xlwings", old)
        book.save(macro)
    assert vba_files.bas_version(vba_modules(macro)["xlwings"]) == "0.30.0"
    wb = openpyxl.load_workbook(macro, keep_vba=True)
    wb["Players"]["A2"] = "Noor Bakker"
    wb.save(macro)
    assert main(["excel-setup", str(macro)]) == 0
    modules = vba_modules(macro)
    assert vba_files.bas_version(modules["xlwings"]) == "0.37.8"
    assert {"Dictionary", "KeizerXL"} <= set(modules)
    assert len([m for m in modules if m.casefold() == "xlwings"]) == 1
    assert openpyxl.load_workbook(macro)["Players"]["A2"].value == "Noor Bakker"
    assert vml_buttons(macro) == [(button_captions()[m], f"KeizerXL.{m}") for m in BUTTON_MACROS]
    ole = olefile.OleFileIO(_project_bin(macro))
    assert ole.openstream(["VBA", "_VBA_PROJECT"]).read() == VBA_PROJECT_STREAM
    # the old version is the newest backup (rotated like every write); nothing else is left
    from keizer_xl.clients import backup_files

    (backup,) = backup_files.backups(macro)
    assert vba_files.bas_version(vba_modules(backup)["xlwings"]) == "0.30.0"
    assert sorted(p.name for p in tmp_path.iterdir()
                  if not p.name.endswith(".lock")) == [".keizer-backups", "club.xlsm"]


def test_a_mac_build_installs_xlwings_applescript(tmp_path):
    home = tmp_path / "home"
    result = build_xlsm(tmp_path / "club.xlsm", platform="mac", python="/Users/me/venv/bin/python",
                        pythonpath="", home=home)
    version = vba_files.installed_xlwings_version()
    script = home / "Library" / "Application Scripts" / "com.microsoft.Excel" / \
        f"xlwings-{version}.applescript"
    assert script.read_bytes() == \
        (vba_files.xlwings_package_dir() / f"xlwings-{version}.applescript").read_bytes()
    assert dict(result.config) == {"Interpreter_Mac": "/Users/me/venv/bin/python",
                                   "ADD_WORKBOOK_TO_PYTHONPATH": "false", "Show Console": False}


# --------------------------------------------------------------------------- LibreOffice


def test_the_buttons_shape_ids_do_not_clash_with_a_comment_drawing(tmp_path):
    from openpyxl.comments import Comment

    source = tmp_path / "with comment.xlsx"
    wb = openpyxl.load_workbook(SAMPLE)
    wb["Players"]["A2"].comment = Comment("club champion", "arbiter")
    wb.save(source)
    build_xlsm(tmp_path / "with comment.xlsm", source=source, python="/usr/bin/python3",
               pythonpath="")
    ids: list[str] = []
    blocks: list[str] = []
    with zipfile.ZipFile(tmp_path / "with comment.xlsm") as z:
        vmls = [n for n in z.namelist() if n.endswith(".vml")]
        assert len(vmls) == 2  # the comment's drawing and the buttons'
        for name in vmls:
            text = z.read(name).decode("utf-8")
            ids += re.findall(r'\bid="(_x0000_s\d+)"', text)
            blocks += re.findall(r'idmap\b[^>]*\bdata="(\d+)"', text)
    assert len(ids) == len(set(ids)) == 4 and sorted(blocks) == ["1", "2"]
    assert openpyxl.load_workbook(tmp_path / "with comment.xlsm")["Players"]["A2"].comment.text == \
        "club champion"
