"""keizer-xl excel-config (real files, openpyxl) and excel-setup (Excel through a recording
stand-in of xlwings: Excel itself is not on this machine)."""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from support import excel_fake
from support.excel_fake import FakeBook, FakeComApi
from keizer_xl.clients import backup_files
from keizer_xl.clients import excel_setup
from keizer_xl.clients import excel_vba
from keizer_xl.clients import vba_files
from keizer_xl.frontends.cli import main
from keizer_xl.clients.excel_setup import setup_workbook
from keizer_xl.clients.vba_files import KEIZER_VBA
from keizer_xl.clients.xlwings_conf import CONFIG_SHEET, config_entries, write_config
from keizer_xl.errors import SetupError
from keizer_xl.clients.xlsx.new_book import build_template

ROOT = Path(__file__).resolve().parents[2]
XLWINGS = vba_files.xlwings_package_dir()
VERSION = vba_files.installed_xlwings_version()


def conf_rows(path: Path) -> list[list]:
    ws = openpyxl.load_workbook(path)[CONFIG_SHEET]
    return [[c.value for c in row][:2] for row in ws.iter_rows()]


# --------------------------------------------------------------------------- xlwings.conf


def test_config_entries_one_block_each_key_once():
    rows = config_entries(python="C:\\Py\\python.exe", platform="win", pythonpath=None,
                          existing=[("Interpreter_Mac", "/opt/py"), ("interpreter_win", "old"),
                                    ("INTERPRETER_WIN", "dup"), ("LICENSE_KEY", "k"),
                                    (None, "orphan")])
    keys = [k.casefold() for k, _ in rows]
    assert len(keys) == len(set(keys))
    got = dict(rows)
    assert got["interpreter_win"] == "C:\\Py\\python.exe"     # the key keeps the user's spelling
    assert got["Interpreter_Mac"] == "/opt/py"                # the other computer's stays
    assert got["LICENSE_KEY"] == "k"
    assert got["ADD_WORKBOOK_TO_PYTHONPATH"] == "false"
    assert all(v not in (None, "") for v in got.values())     # no key without a value


def test_a_config_written_on_windows_has_no_empty_mac_interpreter():
    """xlwings takes a key found on the sheet even when it is empty: an empty Interpreter_Mac
    would beat the Mac user's own ~/.xlwings/xlwings.conf and run plain `python`."""
    rows = dict(config_entries(python="C:\\Py\\python.exe", platform="win", pythonpath=None))
    assert rows == {"Interpreter_Win": "C:\\Py\\python.exe", "ADD_WORKBOOK_TO_PYTHONPATH": "false",
                    "Show Console": False}
    rows = dict(config_entries(python="/usr/bin/python3", platform="any", pythonpath="",
                               existing=[("PYTHONPATH", ""), ("Conda Env", " ")]))
    assert rows == {"Interpreter": "/usr/bin/python3", "ADD_WORKBOOK_TO_PYTHONPATH": "false",
                    "Show Console": False}
    with pytest.raises(SetupError):
        config_entries(python="x", platform="linux")


def test_excel_config_adds_the_sheet_and_keeps_everything_else(tmp_path):
    book = tmp_path / "my club 2025.xlsx"
    build_template(book)
    before = openpyxl.load_workbook(book)
    rows = write_config(book, python="C:\\Program Files\\Python311\\python.exe", platform="win",
                        pythonpath="")
    after = openpyxl.load_workbook(book)
    assert after.sheetnames == [*before.sheetnames, CONFIG_SHEET]
    for name in before.sheetnames:
        a, b = before[name], after[name]
        assert [[c.value for c in r] for r in a.iter_rows()] == [[c.value for c in r] for r in b.iter_rows()]
        assert dict(a.tables.items()) == dict(b.tables.items())
        assert [(str(d.sqref), d.formula1) for d in a.data_validations.dataValidation] == \
               [(str(d.sqref), d.formula1) for d in b.data_validations.dataValidation]
    got = conf_rows(book)
    assert got[0] == ["Interpreter_Win", "C:\\Program Files\\Python311\\python.exe"]
    assert all(k for k, _ in got) and [k for k, _ in got] == [k for k, _ in rows]
    assert len(backup_files.backups(tmp_path / "my club 2025.xlsx")) == 1  # saved like every file write


def test_excel_config_updates_an_existing_sheet(tmp_path):
    book = tmp_path / "club.xlsx"
    build_template(book)
    wb = openpyxl.load_workbook(book)
    ws = wb.create_sheet(CONFIG_SHEET, 1)
    for row in (["Interpreter_Mac", "/usr/local/bin/python3"], ["Conda Env", "club"],
                ["interpreter_mac", "dup"], [None, None], ["After a gap", "ignored"]):
        ws.append(row)
    wb.save(book)
    write_config(book, python="/Users/me/venv/bin/python", platform="mac", pythonpath="/src")
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames.index(CONFIG_SHEET) == 1
    got = dict(conf_rows(book))
    assert got["Interpreter_Mac"] == "/Users/me/venv/bin/python"
    assert got["Conda Env"] == "club" and got["PYTHONPATH"] == "/src"
    assert "interpreter_mac" not in got and "After a gap" not in got
    assert "Interpreter_Win" not in got  # no empty key: it would beat the user's own config


def test_excel_config_keeps_the_vba_project_of_an_xlsm(tmp_path):
    book = tmp_path / "standalone.xlsm"
    shutil.copy(XLWINGS / "quickstart_standalone.xlsm", book)
    vba = zipfile.ZipFile(book).read("xl/vbaProject.bin")
    write_config(book, python="C:\\py\\python.exe", platform="win", pythonpath="")
    assert zipfile.ZipFile(book).read("xl/vbaProject.bin") == vba
    assert "_xlwings.conf" in openpyxl.load_workbook(book, keep_vba=True).sheetnames


def test_excel_config_command(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    build_template(book)
    assert main(["excel-config", str(book), "--for", "win"]) == 2       # whose Python?
    assert "--python" in capsys.readouterr().err
    assert main(["excel-config", str(book), "--for", "win", "--python", "C:\\py.exe"]) == 0
    assert "Interpreter_Win: C:\\py.exe" in capsys.readouterr().out
    assert main(["excel-config", str(tmp_path / "nope.xlsx"), "--for", "mac",
                 "--python", "/p"]) == 2


# --------------------------------------------------------------------------- the VBA files


def test_export_vba_writes_the_three_files_for_a_manual_import(tmp_path):
    files = vba_files.export_vba(tmp_path / "vba")
    assert [f.name for f in files] == ["xlwings.bas", "Dictionary.cls", "KeizerXL.bas"]
    keizer = files[2].read_bytes()
    assert keizer.startswith(b'Attribute VB_Name = "KeizerXL"\r\n') and b"\n\n" not in keizer
    assert keizer.decode("cp1252").replace("\r\n", "\n") == KEIZER_VBA
    assert vba_files.bas_version(files[0].read_text(encoding="cp1252")) == VERSION


def test_new_xlsm_via_excel_needs_excel(tmp_path, capsys):
    assert main(["new", str(tmp_path / "club.xlsm"), "--via-excel"]) == 1
    assert "Windows or macOS" in capsys.readouterr().err
    assert not (tmp_path / "club.xlsm").exists()


# --------------------------------------------------------------------------- excel-setup


class FakeXw:
    """The xlwings module as excel-setup uses it: Book(path) opens a workbook in Excel."""

    def __init__(self, books: dict[str, FakeBook]):
        self.books = books
        self.opened: list[str] = []

    def Book(self, path=None):
        if path is None:  # a new, empty workbook (xw.Book())
            path = f"Book{len(self.opened) + 1}"
        self.opened.append(path)
        name = Path(path).name
        if name not in self.books:
            self.books[name] = FakeBook(name)
        return self.books[name]


def _excel_book(path: Path, *, trusted=True) -> FakeBook:
    book = FakeBook.from_file(path, name=path.name)
    book.api = FakeComApi(trusted=trusted)

    def add_buttons():
        names = [c.Name for c in book.api.components]
        if "KeizerXL" not in names:
            raise excel_fake.com_error("Cannot run the macro 'AddKeizerButtons'")
        book.buttons = list(excel_setup.BUTTON_MACROS)

    book.app.macros[f"'{book.name}'!KeizerXL.AddKeizerButtons"] = add_buttons
    return book


def test_setup_on_windows_imports_adds_buttons_configures_and_saves_as_xlsm(tmp_path):
    source = tmp_path / "Club season 2025.xlsx"
    build_template(source)
    book = _excel_book(source)
    book.api.components.items.append(excel_fake.FakeVBComponent("xlwings"))  # an old version
    xw = FakeXw({source.name: book})
    result = setup_workbook(source, xw=xw, platform="win", python="C:\\Py\\python.exe",
                            pythonpath="")
    target = tmp_path / "Club season 2025.xlsm"
    assert result.target == target and xw.opened == [str(source.absolute())]
    log = book.api.components.log
    assert log[0] == ("Remove", "xlwings")
    imported = [entry[2] for entry in log if entry[0] == "Import"]
    assert imported == ["xlwings", "Dictionary", "KeizerXL"]               # no xlwings1
    sources = {c.Name: c.source for c in book.api.components}
    assert vba_files.bas_version(sources["xlwings"]) == VERSION
    assert sources["KeizerXL"].replace("\r\n", "\n") == KEIZER_VBA
    assert next(s.name for s in book.sheets) == "Start" and book.buttons == ["PairNextRound",
                                                                           "UpdateStandings",
                                                                           "CheckWorkbook"]
    assert [s.name for s in book.sheets][-1] == CONFIG_SHEET
    conf = {row[0]: row[1] for row in book.grid(CONFIG_SHEET)}
    assert conf["Interpreter_Win"] == "C:\\Py\\python.exe"
    assert ("save", str(target)) in book.calls and book.saved == 1
    calls = [c[0] for c in book.calls]
    assert calls.index("macro") < calls.index("save")


def test_setup_again_replaces_the_modules(tmp_path):
    source = tmp_path / "club.xlsx"
    build_template(source)
    book = _excel_book(source)
    xw = FakeXw({source.name: book})
    setup_workbook(source, xw=xw, platform="win", python="C:\\py.exe", pythonpath="")
    (tmp_path / "club.xlsm").write_bytes(b"")  # the saved file (the stand-in writes none)
    with pytest.raises(SetupError, match="already exists"):
        setup_workbook(source, xw=xw, platform="win", python="C:\\py.exe", pythonpath="")
    setup_workbook(source, xw=xw, platform="win", python="C:\\py.exe", pythonpath="", force=True)
    names = [c.Name for c in book.api.components]
    assert sorted(n for n in names if n in ("xlwings", "Dictionary", "KeizerXL")) == \
        ["Dictionary", "KeizerXL", "xlwings"] and len(names) == len(set(names))
    conf = [row[0] for row in book.grid(CONFIG_SHEET)]
    assert len(conf) == len({k.casefold() for k in conf})


def test_setup_explains_the_trust_setting(tmp_path):
    source = tmp_path / "club.xlsx"
    build_template(source)
    book = _excel_book(source, trusted=False)
    with pytest.raises(SetupError, match="Trust access to the VBA project object model") as err:
        setup_workbook(source, xw=FakeXw({source.name: book}), platform="win", python="C:\\p.exe",
                       pythonpath="")
    assert "Trust Center" in str(err.value)
    assert book.saved == 0


def test_setup_new_creates_the_template_and_removes_the_seed(tmp_path):
    target = tmp_path / "Nieuw seizoen.xlsm"
    seed_name = "Nieuw seizoen (new).xlsx"

    class Xw(FakeXw):
        def Book(self, path):
            self.opened.append(path)
            book = _excel_book(Path(path))
            self.books[Path(path).name] = book
            return book

    xw = Xw({})
    result = setup_workbook(target, new=True, xw=xw, platform="win", python="C:\\p.exe",
                            pythonpath="")
    assert result.target == target
    assert Path(xw.opened[0]).name == seed_name
    book = xw.books[seed_name]
    assert [s.name for s in book.sheets] == ["Start", "Instructions", "Settings", "Players",
                                             "Attendance", "Results", CONFIG_SHEET]
    assert ("save", str(target)) in book.calls
    assert not (tmp_path / seed_name).exists()


def test_setup_on_a_mac_imports_through_the_xlwings_addin(tmp_path, monkeypatch):
    monkeypatch.setattr(excel_setup.Path, "home", classmethod(lambda cls: tmp_path / "home"))
    source = tmp_path / "club.xlsx"
    build_template(source)
    book = FakeBook.from_file(source, name=source.name)
    imported: list[str] = []
    addin = f"keizer-xl-xlwings-{VERSION}.xlam"
    scratch = FakeBook("Book3")
    scratch.app = book.app  # one Excel: the macros of every open workbook
    probe_answer = excel_vba.PROBE_ANSWER

    def import_into_active(path):
        imported.append((book.app.active.name, Path(path).name))
        if Path(path).stem == excel_vba.PROBE_MODULE:
            book.app.macros[f"'Book3'!{excel_vba.PROBE_MODULE}.{excel_vba.PROBE_MODULE}"] = \
                lambda: probe_answer

    book.app.macros[f"'{addin}'!Main.ImportXlwingsUdfsModule"] = import_into_active
    book.app.macros[f"'{book.name}'!KeizerXL.AddKeizerButtons"] = lambda: None
    xw = FakeXw({source.name: book, "Book3": scratch})
    setup_workbook(source, xw=xw, platform="mac", python="/Users/me/venv/bin/python",
                   pythonpath="")
    container = tmp_path / "home" / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "keizer-xl"
    # first the probe into the scratch workbook (the trust check), then the three modules
    assert imported == [("Book3", "KeizerXLProbe.bas"), (source.name, "xlwings.bas"),
                        (source.name, "Dictionary.cls"), (source.name, "KeizerXL.bas")]
    assert ("close", "Book3") in scratch.calls and scratch.saved == 0
    assert Path(xw.opened[1]) == container / addin
    assert ("close", addin) in xw.books[addin].calls
    assert not (container / addin).exists()  # the copy of the add-in is removed again
    script = tmp_path / "home" / "Library" / "Application Scripts" / "com.microsoft.Excel" / \
        f"xlwings-{VERSION}.applescript"
    assert script.is_file()
    conf = {row[0]: row[1] for row in book.grid(CONFIG_SHEET)}
    assert conf["Interpreter_Mac"] == "/Users/me/venv/bin/python"
    assert ("save", str(tmp_path / "club.xlsm")) in book.calls


def test_setup_refuses_what_cannot_work(tmp_path):
    ok = tmp_path / "club.xlsx"
    build_template(ok)
    with pytest.raises(SetupError, match="Windows or macOS"):
        setup_workbook(ok, xw=FakeXw({}), platform="linux")
    bad = tmp_path / "club's season.xlsx"
    build_template(bad)
    with pytest.raises(SetupError, match="rename the file"):
        setup_workbook(bad, xw=FakeXw({}), platform="win")
    macro = tmp_path / "club2.xlsm"
    macro.write_bytes(b"x")
    with pytest.raises(SetupError, match="already macro-enabled"):
        setup_workbook(macro, xw=FakeXw({}), platform="mac")
    with pytest.raises(SetupError, match="does not exist"):
        setup_workbook(tmp_path / "missing.xlsx", xw=FakeXw({}), platform="win")
    with pytest.raises(SetupError, match=r"\.xlsx or \.xlsm"):
        setup_workbook(tmp_path / "club.ods", xw=FakeXw({}), platform="win")


def test_setup_on_a_mac_checks_the_trust_setting_before_touching_the_workbook(tmp_path, monkeypatch):
    monkeypatch.setattr(excel_setup.Path, "home", classmethod(lambda cls: tmp_path / "home"))
    source = tmp_path / "club.xlsx"
    build_template(source)
    book = FakeBook.from_file(source, name=source.name)
    scratch = FakeBook("Book3")
    scratch.app = book.app
    imported: list[str] = []
    addin = f"keizer-xl-xlwings-{VERSION}.xlam"
    # without the trust setting Excel's import does nothing (and says nothing)
    book.app.macros[f"'{addin}'!Main.ImportXlwingsUdfsModule"] = lambda path: imported.append(path)
    xw = FakeXw({source.name: book, "Book3": scratch})
    with pytest.raises(SetupError, match="Trust access to the VBA project object model"):
        setup_workbook(source, xw=xw, platform="mac", python="/Users/me/venv/bin/python",
                       pythonpath="")
    assert [Path(p).name for p in imported] == ["KeizerXLProbe.bas"]   # nothing into club.xlsx
    assert book.saved == 0 and ("close", "Book3") in scratch.calls
    assert ("close", addin) in xw.books[addin].calls
