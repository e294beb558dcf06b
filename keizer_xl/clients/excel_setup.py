"""Make a season workbook button-ready for Excel (xlwings), on the volunteer's own computer.

The default route builds the ``.xlsm`` without Excel (:mod:`keizer_xl.frontends.xlsm_build`);
this module holds what both routes share (the VBA files, :data:`KEIZER_VBA`, the button
captions, the ``xlwings.conf`` rows, the Mac AppleScript) and the fallback route
``keizer-xl excel-setup BOOK [--new] --via-excel``, which drives Excel through xlwings
(Windows or macOS):

1. opens BOOK in Excel (``--new``: first creates it from the season template);
2. puts three VBA modules into the workbook's VBA project: ``xlwings`` (xlwings.bas) and
   ``Dictionary`` (Dictionary.cls), both taken from the installed xlwings package, so the VBA
   version always equals the Python version, and ``KeizerXL`` (:data:`KEIZER_VBA`, the same text as
   ``macros/KeizerXL.bas``);  on Windows through the VBA object model (``book.api.VBProject``),
   on macOS, where AppleScript has no way into the VBA project, by running the import macro of
   xlwings' own add-in (``ImportXlwingsUdfsModule``, which imports a file into the active
   workbook).  Both need "Trust access to the VBA project object model"; its absence is
   detected and explained (on macOS first on a scratch workbook, see ``_MacVBA.check_access``,
   before the user's workbook is touched; the copied add-in is closed and deleted afterwards);
3. adds a ``Start`` sheet and runs ``KeizerXL.AddKeizerButtons``, which puts the three Form
   Control buttons on it (OnAction = PairNextRound, UpdateStandings, CheckWorkbook);
4. writes the ``xlwings.conf`` sheet (which Python to run, see :func:`config_entries`);
5. saves the workbook as ``.xlsm`` next to BOOK (Excel writes it; names with spaces are fine).

The workbook is made on the user's machine, never downloaded: Office blocks macros in files
that carry the "Mark of the Web", and the VBA module must match the installed xlwings.

``keizer-xl excel-config BOOK`` rewrites only the ``xlwings.conf`` sheet, with openpyxl (no Excel
needed; see :func:`write_config`).

Everything that touches Excel goes through the ``xw`` argument (the xlwings module by default),
so the steps are tested with a stand-in that records the calls.
"""
from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from keizer_xl.clients import atomic
from keizer_xl.errors import Message, SetupError  # one error tree: errors.py

__all__ = ["KEIZER_VBA", "SetupResult", "setup_workbook", "write_config", "config_entries",
           "export_vba", "xlwings_package_dir", "bas_version", "CONFIG_SHEET", "START_SHEET",
           "BUTTON_MACROS", "BUTTON_CAPTIONS", "button_captions", "START_TEXT",
           "install_runpython_applescript"]

CONFIG_SHEET = "xlwings.conf"
START_SHEET = "Start"
VBA_MODULE = "KeizerXL"
#: The macros the three buttons run (KeizerXL.AddKeizerButtons), in button order.
BUTTON_MACROS = ("PairNextRound", "UpdateStandings", "CheckWorkbook")
#: The captions of the three buttons, by workbook language (the one place to translate them).
BUTTON_CAPTIONS: dict[str, dict[str, str]] = {
    "en": {"PairNextRound": "Pair next round", "UpdateStandings": "Update standings",
           "CheckWorkbook": "Check workbook"},
}


def button_captions(language: str = "en") -> dict[str, str]:
    """Macro name -> caption in ``language`` (English where there is no translation yet)."""
    return {**BUTTON_CAPTIONS["en"], **BUTTON_CAPTIONS.get(language, {})}

#: xlwings' own VBA files that the workbook needs: (component name, path in the xlwings package).
XLWINGS_VBA = (("xlwings", "xlwings.bas"), ("Dictionary", "addin/Dictionary.cls"))
#: xlwings' add-in, whose macro imports a VBA file into the active workbook (used on macOS).
XLWINGS_ADDIN = "addin/xlwings.xlam"
ADDIN_IMPORT_MACRO = "Main.ImportXlwingsUdfsModule"

def _keizer_vba() -> str:
    """The VBA module of the buttons: the real file ``keizer_xl/macros/KeizerXL.bas`` of the
    package (CRLF, as the VBA editor imports it), as text with plain newlines."""
    from importlib.resources import files

    return files("keizer_xl").joinpath("macros", "KeizerXL.bas").read_bytes() \
        .decode("ascii").replace("\r\n", "\n")


#: the KeizerXL module's source (one file in the package; macros/KeizerXL.bas is its copy)
KEIZER_VBA = _keizer_vba()

#: The scratch module that proves (on a Mac) that Excel lets the add-in import VBA.
PROBE_MODULE = "KeizerXLProbe"
PROBE_ANSWER = "keizer-xl can import"
PROBE_VBA = (f'Attribute VB_Name = "{PROBE_MODULE}"\n'
             f"Public Function {PROBE_MODULE}() As String\n"
             f'    {PROBE_MODULE} = "{PROBE_ANSWER}"\n'
             "End Function\n")

_TRUST_HELP = {
    "win": Message("Excel does not let programs change the VBA project yet. In Excel choose "
                   "File > Options > Trust Center > Trust Center Settings > Macro Settings, tick "
                   "'Trust access to the VBA project object model', click OK twice, and run this "
                   "command again. (You may untick it again afterwards; the buttons do not need "
                   "it.)"),
    "mac": Message("Excel does not let programs change the VBA project yet. In Excel choose "
                   "Excel > Preferences > Security, tick 'Trust access to the VBA project object "
                   "model', and run this command again. (You may untick it again afterwards; the "
                   "buttons do not need it.)"),
}




@dataclass
class SetupResult:
    target: Path
    steps: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- xlwings' files


def xlwings_package_dir() -> Path:
    """The folder of the installed xlwings package (found without importing it)."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or not spec.origin:
        raise SetupError(Message("xlwings is not installed for this Python. Install it with: "
                                 "{python} -m pip install \"keizer-xl[dev]\" (or pip install "
                                 "xlwings with the version keizer-xl pins).",
                                 python=Path(sys.executable).name))
    return Path(spec.origin).parent


def bas_version(text: str) -> str | None:
    """The version in an xlwings VBA module (``Public Const XLWINGS_VERSION As String = "..."``)."""
    m = re.search(r'XLWINGS_VERSION\s+As\s+String\s*=\s*"([^"]+)"', text)
    return m.group(1) if m else None


def installed_xlwings_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("xlwings")
    except PackageNotFoundError:
        raise SetupError(Message("xlwings is not installed for this Python.")) from None


def read_vba(path: Path) -> str:
    return path.read_bytes().decode("cp1252", errors="replace")


def export_vba(folder: str | os.PathLike[str]) -> list[Path]:
    """Write the three VBA files (Windows line endings) to ``folder`` for a manual import;
    checks that the xlwings module has the version of the installed xlwings."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    package = xlwings_package_dir()
    written = []
    for _name, rel in XLWINGS_VBA:
        src = package / rel
        if not src.is_file():
            raise SetupError(Message("{path} is missing: reinstall xlwings.", path=str(src)))
        dest = out / src.name
        atomic.write_bytes(dest, src.read_bytes())
        written.append(dest)
    found = bas_version(read_vba(package / "xlwings.bas"))
    installed = installed_xlwings_version()
    if found != installed:
        raise SetupError(Message("The xlwings VBA module says version {found}, but xlwings "
                                 "{installed} is installed; reinstall xlwings.", found=found,
                                 installed=installed))
    dest = out / f"{VBA_MODULE}.bas"
    atomic.write_bytes(dest, to_crlf(KEIZER_VBA).encode("cp1252"))
    written.append(dest)
    return written


def to_crlf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


# --------------------------------------------------------------------------- xlwings.conf


def _platform() -> str:
    if sys.platform.startswith("win"):
        return "win"
    if sys.platform == "darwin":
        return "mac"
    return sys.platform


def config_entries(*, python: str | None = None, platform: str | None = None,
                   pythonpath: str | None = None,
                   existing: Sequence[tuple[Any, Any]] = ()) -> list[tuple[str, Any]]:
    """The rows of the xlwings.conf sheet (key in column A from A1 down, value in B).

    The interpreter of ``platform`` ('win' or 'mac') becomes ``python``; the other platform's
    interpreter and any other key already there are kept.  xlwings' VBA reads the keys from A1
    down to the first empty cell and refuses a key given twice, so the result is one block,
    each key once (case-insensitively).  ``ADD_WORKBOOK_TO_PYTHONPATH`` is false: keizer-xl is
    an installed package, and the workbook's folder (which may be a OneDrive URL) stays out of
    Python's path."""
    if platform not in ("win", "mac", "any"):
        raise SetupError(Message("the interpreter is set for Windows ('win'), macOS ('mac') or "
                                 "both ('any': xlwings' generic Interpreter key), not "
                                 "{platform!r}", platform=platform))
    rows: list[list[Any]] = []
    index: dict[str, int] = {}
    for key, value in existing:
        if key is None or not str(key).strip():
            continue
        folded = str(key).strip().casefold()
        if folded in index:
            continue  # xlwings would stop at a key given twice; the first one counted
        index[folded] = len(rows)
        rows.append([str(key).strip(), value])

    def put(key: str, value: Any, *, keep: bool = False) -> None:
        folded = key.casefold()
        if folded in index:
            if not keep:
                rows[index[folded]][1] = value
        else:
            index[folded] = len(rows)
            rows.append([key, value])

    if platform == "any":
        put("Interpreter", python)
    else:
        put("Interpreter_Win", python if platform == "win" else None, keep=platform != "win")
        put("Interpreter_Mac", python if platform == "mac" else None, keep=platform != "mac")
    put("PYTHONPATH", pythonpath or None, keep=pythonpath is None)
    put("ADD_WORKBOOK_TO_PYTHONPATH", "false")
    put("Show Console", False, keep=True)
    # No key without a value: xlwings' GetConfig takes a key found on the sheet even when its
    # value is empty, so an empty Interpreter_Mac written on Windows would beat the Mac user's
    # own ~/.xlwings/xlwings.conf and run plain `python` (missing on a standard Mac).
    return [(k, v) for k, v in rows if not _empty(v)]


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def pythonpath_for(python: str) -> str | None:
    """The folder to put on PYTHONPATH when ``python`` cannot import keizer_xl by itself
    (e.g. a source checkout that is not installed); None when it can."""
    package_parent = str(Path(__file__).resolve().parent.parent)
    if os.path.realpath(python) != os.path.realpath(sys.executable):
        return None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        probe = subprocess.run([python, "-c", "import keizer_xl"], cwd=str(Path.home()), env=env,
                               capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return package_parent
    return None if probe.returncode == 0 else package_parent


def write_config(book_path: str | os.PathLike[str], *, python: str | None = None,
                 platform: str | None = None, pythonpath: str | None = None) -> list[tuple[str, Any]]:
    """Write or update only the xlwings.conf sheet of a workbook file (openpyxl), keeping
    everything else; saved like every file write (atomically, with a backup).  Returns the rows."""
    from keizer_xl.clients.xlsx import open_book

    platform = platform or _platform()
    if python is None:
        if platform != _platform():
            raise SetupError(Message("give the path of the Python on the {system} computer",
                                     system="Windows" if platform == "win" else "Mac"),
                             usage=True, hint="python")
        python = sys.executable
    if pythonpath is None and platform == _platform():
        pythonpath = pythonpath_for(python)
    # through the file client, which writes only this sheet into the workbook (issue 25): the
    # club's charts, pictures and macros stay as they are
    from keizer_xl.sheets.layout import Layout, PageSetup

    book = open_book(book_path)
    existing: list[tuple[Any, Any]] = []
    found = next((n for n in book.sheet_names() if n.casefold() == CONFIG_SHEET.casefold()), None)
    if found is not None:  # Excel's sheet names ignore case
        cells = book.cell_values(found)
        row = 1
        while not (cells.get((row, 1)) is None or not str(cells[(row, 1)]).strip()):
            existing.append((cells[(row, 1)], cells.get((row, 2))))
            row += 1
    rows = config_entries(python=python, platform=platform, pythonpath=pythonpath, existing=existing)
    grid = tuple((str(key), value) for key, value in rows)
    book.write_sheet(CONFIG_SHEET, Layout(grid=grid, widths=(30, 70), freeze_rows=0,
                                          page=PageSetup(fit_width=None, repeat_rows=None,
                                                         footer=((), (), ()))))
    book.save()
    return rows


# --------------------------------------------------------------------------- Excel setup


START_TEXT = (
    "Keizer competition",
    ("Click a button: Python (keizer-xl) reads the sheets and writes Pairings or Standings. "
    "Nothing is saved until you save the workbook."),
    None,
    None,
    None,
    None,
    ("Pair next round: the pairing on the sheet Pairings; the games are added to Results with an "
    "empty result."),
    "Update standings: the sheet Standings after the last round with results.",
    "Check workbook: every problem, with its sheet and cell.",
    ("Late arrivals: Alt+F8 (Developer > Macros) > PairRoundAgain pairs the last round again and "
    "keeps the boards whose Result is * (started)."),
    "Which Python runs is set on the sheet xlwings.conf (keizer-xl excel-config BOOK rewrites it).",
)

_BAD_NAME_CHARS = "'=[]"


def check_book_name(path: Path) -> None:
    bad = sorted({ch for ch in path.name if ch in _BAD_NAME_CHARS})
    if bad:
        raise SetupError(Message(
            "{name}: Excel's macros cannot call back a workbook whose name contains {chars}; "
            "rename the file (spaces are fine).", name=path.name,
            chars=" or ".join(repr(c) for c in bad)))


def _vba_folder(platform: str) -> Path:
    """Where Excel can read the VBA files: on macOS inside Excel's sandbox container."""
    if platform == "mac":
        folder = Path.home() / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "keizer-xl"
    else:
        folder = Path(tempfile.gettempdir()) / "keizer-xl-vba"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _is_trust_error(exc: BaseException) -> bool:
    text = " ".join(str(a) for a in getattr(exc, "args", ())) + " " + str(exc)
    return "trust" in text.casefold() or "-2146827284" in text or "vertrauensw" in text.casefold() \
        or "vertrouw" in text.casefold()


class _WindowsVBA:
    """The VBA project through COM (Windows)."""

    def __init__(self, book: Any) -> None:  # an xlwings Book
        self.book = book
        self.components: Any = None  # the COM VBComponents collection, after check_access

    def check_access(self) -> None:
        try:
            self.components = self.book.api.VBProject.VBComponents
            _ = self.components.Count  # reading it raises when VBA project access is not trusted
        except Exception as exc:
            if _is_trust_error(exc) or type(exc).__name__ == "com_error":
                raise SetupError(Message("{help} (Excel said: {error})", help=_TRUST_HELP["win"],
                                         error=str(exc))) from exc
            raise

    def replace(self, name: str, path: Path) -> None:
        present = [c.Name for c in self.components]
        if name in present:
            self.components.Remove(self.components(name))
        self.components.Import(str(path))


class _MacVBA:
    """The VBA project through xlwings' add-in macro (macOS: AppleScript cannot reach it)."""

    def __init__(self, book: Any, xw: Any, folder: Path) -> None:
        self.book = book
        self.xw = xw
        self.folder = folder
        self.addin: Any = None
        self.addin_name = ""

    def check_access(self) -> None:
        """Open the add-in, then prove the trust setting on a scratch workbook before the user's
        workbook is touched: import a one-function probe module there and call it.  Without
        the setting Excel imports nothing (the add-in's macro gives no error), so the call
        fails or returns nothing, and we stop with the instructions."""
        src = xlwings_package_dir() / XLWINGS_ADDIN
        if not src.is_file():
            raise SetupError(Message("{path} is missing: reinstall xlwings.", path=str(src)))
        self.addin_name = f"keizer-xl-xlwings-{installed_xlwings_version()}.xlam"
        copy = self.folder / self.addin_name
        shutil.copyfile(src, copy)
        self.addin = self.xw.Book(str(copy))
        probe_file = self.folder / f"{PROBE_MODULE}.bas"
        probe_file.write_bytes(to_crlf(PROBE_VBA).encode("cp1252"))
        scratch = self.xw.Book()
        try:
            answer = None
            try:
                self._import(scratch, probe_file)
                answer = scratch.macro(f"{PROBE_MODULE}.{PROBE_MODULE}")()
            except Exception:
                answer = None
            if answer != PROBE_ANSWER:
                raise SetupError(_TRUST_HELP["mac"])
        finally:
            with contextlib.suppress(Exception):
                scratch.close()  # never saved: it only held the probe

    def _import(self, book: Any, path: Path) -> None:
        book.activate()  # the add-in's macro imports into the active workbook
        book.app.macro(f"'{self.addin_name}'!{ADDIN_IMPORT_MACRO}")(str(path))

    def replace(self, name: str, path: Path) -> None:
        try:
            self._import(self.book, path)
        except Exception as exc:
            if _is_trust_error(exc):
                raise SetupError(_TRUST_HELP["mac"]) from exc
            raise SetupError(Message(
                "Excel could not import {name} ({error}). Check Excel > Preferences > Security > "
                "'Trust access to the VBA project object model'", name=path.name, error=str(exc)),
                hint="vba_by_hand") from exc

    def close(self) -> str | None:
        """Close the copied add-in (it must not stay open in Excel) and delete the copy;
        returns what could not be done, for the user."""
        if self.addin is None:
            return None
        problem = None
        try:
            self.addin.close()
        except Exception as exc:
            problem = (f"Excel did not close the add-in {self.addin_name} ({exc}); close Excel "
                       f"before using the workbook.")
        with contextlib.suppress(OSError):
            (self.folder / self.addin_name).unlink()
        self.addin = None
        return problem


def setup_workbook(book_path: str | os.PathLike[str], *, new: bool = False, force: bool = False,
                   xw: Any = None, platform: str | None = None, python: str | None = None,
                   pythonpath: str | None = None,
                   progress: Callable[[str], None] | None = None,
                   make_seed: Callable[[Path], Any] | None = None) -> SetupResult:
    """Make BOOK button-ready (see the module docstring); returns where the .xlsm is.

    ``new`` needs ``make_seed(path)``, which writes the season template to ``path`` (.xlsx): the
    template belongs to the frontends (keizer_xl.frontends.template), which call this."""
    platform = platform or _platform()
    say = progress or (lambda _text: None)
    if platform not in ("win", "mac"):
        raise SetupError(Message("excel-setup needs Excel on Windows or macOS (xlwings drives "
                                 "it). On this computer use the command line (keizer-xl "
                                 "pair/standings BOOK) or LibreOffice; the .xlsx works the same "
                                 "there."))
    source = Path(book_path).expanduser().absolute()
    suffix = source.suffix.lower()
    if suffix not in (".xlsx", ".xlsm"):
        raise SetupError(Message("{name}: give an .xlsx or .xlsm workbook (the result is saved "
                                 "as .xlsm).", name=source.name))
    check_book_name(source)
    target = source.with_suffix(".xlsm")
    result = SetupResult(target)
    if new:
        if target.exists() and not force:
            raise SetupError(Message("{path} already exists", path=str(target)), hint="replace")
        if not target.parent.is_dir():
            raise SetupError(Message("the folder {path} does not exist.", path=str(target.parent)))
    else:
        if not source.is_file():
            raise SetupError(Message("{path} does not exist", path=str(source)), hint="create")
        if suffix == ".xlsm" and platform == "mac":
            raise SetupError(Message(
                "{name} is already macro-enabled. On a Mac excel-setup cannot replace VBA "
                "modules: start from the .xlsx (File > Save As > Excel Workbook (.xlsx) removes "
                "the macros), or run excel-setup on Windows", name=source.name),
                hint="vba_by_hand")
        if suffix == ".xlsx" and target.exists() and not force:
            raise SetupError(Message("{name} already exists next to {source}", name=target.name,
                                     source=source.name), hint="replace")
    if xw is None:
        try:
            import xlwings as xw
        except ImportError as exc:
            raise SetupError(Message("xlwings is not installed for this Python ({python}): pip "
                                     "install \"keizer-xl[dev]\" or the xlwings version pinned "
                                     "by keizer-xl.", python=sys.executable)) from exc

    python = python or sys.executable
    if pythonpath is None:
        pythonpath = pythonpath_for(python)
    folder = _vba_folder(platform)
    files = [(name, path) for name, path in zip([n for n, _ in XLWINGS_VBA] + [VBA_MODULE],
                                                export_vba(folder))]
    seed = None
    if new:
        if make_seed is None:
            raise SetupError(Message("a new workbook needs the season template (make_seed)"))
        seed = target.with_name(f"{target.stem} (new).xlsx")
        make_seed(seed)
        say(f"created the season template {seed.name}")
        open_path = seed
    else:
        open_path = source
    vba = None
    try:
        try:
            book = xw.Book(str(open_path))
        except Exception as exc:
            raise SetupError(Message("Excel could not open {name} ({error}). Is Excel installed? "
                                     "Close any dialog box in Excel and try again.",
                                     name=open_path.name, error=str(exc))) from exc
        say(f"opened {open_path.name} in Excel")
        vba = _WindowsVBA(book) if platform == "win" else _MacVBA(book, xw, folder)
        vba.check_access()
        for name, path in files:
            vba.replace(name, path)
        result.steps.append("VBA modules " + ", ".join(name for name, _ in files))
        say("imported the VBA modules " + ", ".join(name for name, _ in files))

        _start_sheet(book)
        book.macro(f"{VBA_MODULE}.AddKeizerButtons")()
        result.steps.append(f"buttons on the sheet {START_SHEET}")
        say(f"added the buttons on the sheet {START_SHEET}")

        rows = _write_config_xw(book, python=python, platform=platform, pythonpath=pythonpath)
        result.steps.append(f"{CONFIG_SHEET}: " + ", ".join(f"{k}={v}" for k, v in rows if v))
        say(f"wrote the sheet {CONFIG_SHEET}")

        if platform == "mac":
            _enable_runpython_mac()
            result.steps.append("RunPython enabled for Excel (AppleScript file installed)")

        book.sheets[next(s.name for s in book.sheets
                         if s.name.casefold() == START_SHEET.casefold())].activate()
        book.save(str(target))
        say(f"saved {target}")
    finally:
        if isinstance(vba, _MacVBA):
            problem = vba.close()
            if problem:
                result.steps.append(problem)
                say(problem)
        if seed is not None:
            with contextlib.suppress(OSError):
                seed.unlink()
    return result


def _start_sheet(book: Any) -> None:
    from keizer_xl.clients.excel import to_excel

    names = {s.name.casefold(): s.name for s in book.sheets}  # Excel's names ignore case
    if START_SHEET.casefold() in names:
        sheet = book.sheets[names[START_SHEET.casefold()]]
    else:
        sheet = book.sheets.add(name=START_SHEET, before=book.sheets[0])
    sheet.range((1, 1), (len(START_TEXT), 1)).value = [[to_excel(line)] for line in START_TEXT]
    sheet.range((1, 1)).font.bold = True


def _write_config_xw(book: Any, *, python: str, platform: str,
                     pythonpath: str | None) -> list[tuple[str, Any]]:
    from keizer_xl.clients.excel import from_excel, to_excel

    names = {s.name.casefold(): s.name for s in book.sheets}
    existing: list[tuple[Any, Any]] = []
    if CONFIG_SHEET.casefold() in names:
        sheet = book.sheets[names[CONFIG_SHEET.casefold()]]
        values = sheet.used_range.options(ndim=2).value or []
        used = sheet.used_range
        if (used.row, used.column) == (1, 1):
            for row in values:
                if not row or row[0] is None or not str(row[0]).strip():
                    break
                existing.append((row[0], from_excel(row[1]) if len(row) > 1 else None))
        sheet.clear()
    else:
        sheet = book.sheets.add(name=CONFIG_SHEET, after=book.sheets[len(book.sheets) - 1])
    rows = config_entries(python=python, platform=platform, pythonpath=pythonpath, existing=existing)
    sheet.range((1, 1), (len(rows), 2)).value = [[to_excel(k), to_excel(v)] for k, v in rows]
    return rows


def _enable_runpython_mac() -> None:
    install_runpython_applescript()


def install_runpython_applescript(home: Path | None = None) -> Path:
    """RunPython on macOS goes through an AppleScript file in Excel's script folder: copy the
    installed xlwings' ``xlwings-<version>.applescript`` there, as ``xlwings runpython install``
    does (xlwings/cli.py: ``~/Library/Application Scripts/com.microsoft.Excel``).  Returns the
    file written."""
    version = installed_xlwings_version()
    src = xlwings_package_dir() / f"xlwings-{version}.applescript"
    if not src.is_file():
        raise SetupError(Message("{path} is missing: reinstall xlwings.", path=str(src)))
    dest = (home or Path.home()) / "Library" / "Application Scripts" / "com.microsoft.Excel"
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / src.name
    atomic.write_bytes(target, src.read_bytes())
    return target
