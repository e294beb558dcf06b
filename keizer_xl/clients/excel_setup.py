"""Make a season workbook button-ready for Excel (xlwings), on the volunteer's own computer.

What both routes share besides the VBA files (:mod:`keizer_xl.clients.vba_files`) and the
``xlwings.conf`` rows (:mod:`keizer_xl.clients.xlwings_conf`): the button macros and captions,
the ``Start`` sheet's text; and the fallback route ``excel-setup BOOK --via-excel``, which
drives Excel through xlwings: open (or ``--new``: create) BOOK, import the ``xlwings``,
``Dictionary`` and ``KeizerXL`` VBA modules (:mod:`keizer_xl.clients.excel_vba`; the first two
from the installed xlwings, so the versions match), add the ``Start`` sheet and its buttons,
write ``xlwings.conf`` and save the ``.xlsm`` beside BOOK.  It is made on the user's machine,
never downloaded (Office blocks macros in files with the "Mark of the Web").  Everything that
touches Excel goes through the ``xw`` argument, so the steps are tested with a stand-in.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keizer_xl.clients.excel_vba import MacVBA, WindowsVBA
from keizer_xl.clients.vba_files import (VBA_MODULE, XLWINGS_VBA, export_vba,
                                         install_runpython_applescript)
from keizer_xl.clients.xlwings_conf import CONFIG_SHEET, put_config, pythonpath_for, this_platform
from keizer_xl.errors import N_, Message, SetupError  # one error tree: errors.py
from keizer_xl.i18n import translator
from keizer_xl.sheets.layout import Layout, PageSetup, Span, Style

START_SHEET = "Start"
#: Column A of the Start sheet, in characters (the buttons' row is as wide).
START_WIDTH = 110.0
#: The macros the three buttons run (KeizerXL.AddKeizerButtons), in button order.
BUTTON_MACROS = ("PairNextRound", "UpdateStandings", "CheckWorkbook")
#: The captions of the three buttons (catalog ids: each workbook language's words, issue 33;
#: the guides promise them: Nächste Runde paaren, Volgende ronde indelen, ...).
BUTTON_CAPTIONS: dict[str, str] = {
    "PairNextRound": N_("Pair next round"), "UpdateStandings": N_("Update standings"),
    "CheckWorkbook": N_("Check workbook"),
}


def button_captions(language: str = "en") -> dict[str, str]:
    tr = translator(language)
    return {macro: tr(caption) for macro, caption in BUTTON_CAPTIONS.items()}


@dataclass
class SetupResult:
    """Where the ``.xlsm`` was saved, the steps done and the xlwings.conf rows written, for
    the user (both routes: this one and :mod:`keizer_xl.clients.xlsm_build`)."""

    target: Path
    steps: list[str] = field(default_factory=list)
    config: list[tuple[str, Any]] = field(default_factory=list)


#: The Start sheet's lines (catalog ids; None: a row left free, the buttons sit in row 4).
START_TEXT: tuple[str | None, ...] = (
    N_("Keizer competition"),
    N_("Click a button: Python (keizer-xl) reads the sheets and writes {pairings} or "
       "{standings}. Nothing is saved until you save the workbook."),
    None,
    None,
    None,
    None,
    N_("{pair_button}: the pairing on the sheet {pairings}; the games are added to {results} "
       "with an empty result."),
    N_("{standings_button}: the sheet {standings} after the last round with results."),
    N_("{check_button}: every problem, with its sheet and cell."),
    N_("Late arrivals: Alt+F8 (Developer > Macros) > PairRoundAgain pairs the last round again "
       "and keeps the boards whose {result} is * (started)."),
    N_("Which Python runs is set on the sheet xlwings.conf (keizer-xl excel-config BOOK "
       "rewrites it)."),
)


def start_text(language: str = "en") -> tuple[str | None, ...]:
    """The Start sheet's lines in the workbook's ``language``: its words, its buttons' captions
    and its sheets' names (Paarungen, Ergebnisse, Rangliste in a German workbook)."""
    from keizer_xl.sheets import schema

    tr = translator(language)
    captions = button_captions(language)
    fields = {"pairings": schema.sheet_name("Pairings", language),
              "results": schema.sheet_name("Results", language),
              "standings": schema.sheet_name("Standings", language),
              "result": schema.header("Results", "result", language),
              "pair_button": captions["PairNextRound"],
              "standings_button": captions["UpdateStandings"],
              "check_button": captions["CheckWorkbook"]}
    return tuple(None if line is None else tr(line, **fields) for line in START_TEXT)


def start_layout(language: str) -> Layout:
    """The Start sheet: :func:`start_text`'s lines in column A, the first one bold."""
    return Layout(grid=tuple((line,) for line in start_text(language)),
                  spans=(Span(1, 1, 1, 1, Style(bold=True)),), widths=(START_WIDTH,),
                  freeze_rows=0, page=PageSetup(fit_width=None, repeat_rows=None,
                                                footer=((), (), ())))


def book_language(book: Any) -> str:
    """A season workbook's language: its ``language`` setting when it can be read, else the
    language of its sheet names (WORKBOOK-CONTRACT.md, Languages)."""
    from keizer_xl.errors import KeizerError
    from keizer_xl.sheets import schema
    from keizer_xl.sheets.read import read_season

    try:
        language = read_season(book).settings.language
    except KeizerError:
        language = None
    return language or schema.language_of_sheets(book.sheet_names())


_BAD_NAME_CHARS = "'=[]"


def check_book_name(path: Path) -> None:
    """Refuse a workbook name Excel's macros cannot call back (``'``, ``=``, ``[``, ``]``)."""
    bad = sorted({ch for ch in path.name if ch in _BAD_NAME_CHARS})
    if bad:
        raise SetupError(Message(
            "{name}: Excel's macros cannot call back a workbook whose name contains {chars}; "
            "rename the file (spaces are fine).", name=path.name,
            chars=" or ".join(repr(c) for c in bad)))


def check_new_target(target: Path, force: bool) -> None:
    """Refuse to make ``target`` over an existing file (unless ``force``) or in no folder."""
    if target.exists() and not force:
        raise SetupError(Message("{path} already exists", path=str(target)), hint="replace")
    if not target.parent.is_dir():
        raise SetupError(Message("the folder {path} does not exist.", path=str(target.parent)))


def _vba_folder(platform: str) -> Path:
    """Where Excel can read the VBA files: on macOS inside Excel's sandbox container."""
    if platform == "mac":
        folder = Path.home() / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "keizer-xl"
    else:
        folder = Path(tempfile.gettempdir()) / "keizer-xl-vba"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def setup_workbook(book_path: str | os.PathLike[str], *, new: bool = False, force: bool = False,
                   xw: Any = None, platform: str | None = None, python: str | None = None,
                   pythonpath: str | None = None,
                   progress: Callable[[str], None] | None = None) -> SetupResult:
    """Make BOOK button-ready (see the module docstring); returns where the .xlsm is (``new``:
    made from the season template, :mod:`keizer_xl.clients.xlsx.new_book`)."""
    platform = platform or this_platform()
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
        check_new_target(target, force)
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
    files = list(zip([n for n, _ in XLWINGS_VBA] + [VBA_MODULE], export_vba(folder), strict=True))
    seed = None
    if new:
        from keizer_xl.clients.xlsx.new_book import build_template

        seed = target.with_name(f"{target.stem} (new).xlsx")
        build_template(seed)
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
        vba = WindowsVBA(book) if platform == "win" else MacVBA(book, xw, folder)
        vba.check_access()
        for name, path in files:
            vba.replace(name, path)
        result.steps.append("VBA modules " + ", ".join(name for name, _ in files))
        say("imported the VBA modules " + ", ".join(name for name, _ in files))

        _start_sheet(book)
        book.macro(f"{VBA_MODULE}.AddKeizerButtons")()
        result.steps.append(f"buttons on the sheet {START_SHEET}")
        say(f"added the buttons on the sheet {START_SHEET}")

        from keizer_xl.clients.excel import XlwingsBook

        rows = put_config(XlwingsBook(book), python=python, platform=platform,
                          pythonpath=pythonpath)
        result.steps.append(f"{CONFIG_SHEET}: " + ", ".join(f"{k}={v}" for k, v in rows if v))
        say(f"wrote the sheet {CONFIG_SHEET}")

        if platform == "mac":
            install_runpython_applescript()
            result.steps.append("RunPython enabled for Excel (AppleScript file installed)")

        book.sheets[next(s.name for s in book.sheets
                         if s.name.casefold() == START_SHEET.casefold())].activate()
        book.save(str(target))
        say(f"saved {target}")
    finally:
        if isinstance(vba, MacVBA):
            problem = vba.close()
            if problem:
                result.steps.append(problem)
                say(problem)
        if seed is not None:
            with contextlib.suppress(OSError):
                seed.unlink()
    return result


def _start_sheet(book: Any) -> None:
    """The Start sheet first (made if missing), written as the file client writes it."""
    from keizer_xl.clients.excel import XlwingsBook
    from keizer_xl.sheets import schema

    language = schema.language_of_sheets(s.name for s in book.sheets)
    if all(s.name.casefold() != START_SHEET.casefold() for s in book.sheets):  # names ignore case
        book.sheets.add(name=START_SHEET, before=book.sheets[0])
    XlwingsBook(book).write_sheet(START_SHEET, start_layout(language))
