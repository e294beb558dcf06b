"""The command line's Excel and LibreOffice commands: ``excel-setup``, ``excel-config``,
``lo-install``, ``lo-buttons``, ``lo-run`` (issue 15: the commands grouped by what they own;
the shared plumbing is :mod:`keizer_xl.frontends.cli_common`).  Each returns its report
(``app/setup.py``, or the macro's answer), worded by ``frontends/render_setup.py``; only the
progress of ``--via-excel`` is written here, while Excel works."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from keizer_xl.app.setup import XlsmReport

from keizer_xl.errors import Message, SetupError, UsageError
from keizer_xl.frontends.cli_common import Shown, book_path_arg
from keizer_xl.frontends.shown import Done


def build_xlsm_report(path: Path, *, source: Path | None, force: bool, python: str | None,
                      language: str | None = None) -> XlsmReport:
    """The button-ready workbook without Excel (keizer_xl.clients.xlsm_build)."""
    from keizer_xl.app.setup import XlsmReport
    from keizer_xl.clients.excel_setup import START_SHEET
    from keizer_xl.clients.xlsm_build import build_xlsm

    # SetupError / WorkbookFileError are mapped in main() like every error
    result = build_xlsm(path, source=source, force=force, python=python, language=language)
    return XlsmReport(str(result.target), tuple(result.steps), sheet=START_SHEET)


def excel_setup_report(path: Path, *, new: bool, force: bool,
                       python: str | None) -> XlsmReport:
    """--via-excel: Excel itself (COM / AppleScript) adds the macros and buttons; its progress
    is written as it goes (standard error), the result is the report."""
    from keizer_xl.app.setup import XlsmReport
    from keizer_xl.clients.excel_setup import START_SHEET, setup_workbook

    # a SetupError is mapped in main() like every error: exit 1, or 2 when it is a usage error
    result = setup_workbook(path, new=new, force=force, python=python,
                            progress=lambda text: print(f"  {text}", file=sys.stderr))
    return XlsmReport(str(result.target), (), sheet=START_SHEET)


def cmd_excel_setup(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.setup import VbaFilesReport, XlsmReport
    from keizer_xl.clients.vba_files import export_vba

    if args.export_vba:
        try:  # a SetupError goes to main() like every error (outcome.py)
            files = export_vba(args.export_vba)
        except OSError as e:
            if Path(args.export_vba).exists() and not Path(args.export_vba).is_dir():
                raise SetupError(Message("{path} is a file, not a folder",
                                         path=args.export_vba)) from None
            raise SetupError(Message("{path}: {why}", path=args.export_vba,
                                     why=e.strerror or str(e))) from None
        return VbaFilesReport(tuple(map(str, files))), Done()
    if not args.book:
        raise UsageError(Message("excel-setup needs a workbook (or --export-vba FOLDER)"))
    path = Path(args.book) if args.new else book_path_arg(args.book)
    if args.via_excel:
        return excel_setup_report(path, new=args.new, force=args.force,
                                  python=args.python), Done()
    if args.new:
        return build_xlsm_report(path.with_suffix(".xlsm"), source=None, force=args.force,
                                 python=args.python), Done()
    if path.suffix.lower() == ".xlsm":  # after an upgrade: the modules and config renewed
        from keizer_xl.clients.xlsm_build import refresh_xlsm  # without Excel

        result = refresh_xlsm(path, python=args.python)
        return XlsmReport(str(result.target), tuple(result.steps), kind="updated"), Done()
    if path.suffix.lower() != ".xlsx":  # a request that makes no sense: exit 2 (outcome.py)
        raise UsageError(Message("{name}: give the season workbook as .xlsx (the result is "
                                 "{stem}.xlsm beside it) or a button workbook (.xlsm) to renew "
                                 "its macros.", name=path.name, stem=path.stem))
    return build_xlsm_report(path.with_suffix(".xlsm"), source=path, force=args.force,
                             python=args.python), Done()


def cmd_excel_config(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.setup import ExcelConfigReport
    from keizer_xl.clients.xlwings_conf import write_config

    path = book_path_arg(args.book)
    platform = args.platform
    if platform is None and not (sys.platform.startswith("win") or sys.platform == "darwin"):
        raise UsageError(Message("say whose interpreter to set: {options}",
                                 options="--for win | --for mac (--python PATH)"))
    # SetupError: exit 1, or 2 for a usage error such as a missing --python (main, outcome.py)
    rows = write_config(path, python=args.python, platform=platform, pythonpath=args.pythonpath)
    return ExcelConfigReport(str(path), tuple((key, None if value is None else str(value))
                                              for key, value in rows)), Done()


def cmd_lo_install(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.setup import MacroInstallReport
    from keizer_xl.clients import lo_install

    macro, config = lo_install.install_macro(args.profile)
    paths = tuple(json.loads(config.read_text(encoding="utf-8"))["paths"])
    soffice = lo_install.find_soffice()
    report = MacroInstallReport(str(macro), str(config), paths, soffice is not None)
    if soffice is None or args.no_check:
        return report, Done()
    python = lo_install.find_uno_python(soffice)
    if python is None:
        raise SetupError(Message("LibreOffice's Python-UNO bridge was not found (Debian/Ubuntu: "
                                 "apt-get install libreoffice-script-provider-python "
                                 "python3-uno); the buttons need it."))
    problem = lo_install.check_import(python, lo_install.import_paths())
    if problem:
        raise SetupError(Message("LibreOffice's Python ({python}) cannot load keizer-xl: "
                                 "{problem}. LibreOffice and keizer-xl must use the same Python "
                                 "version (e.g. both 3.11).", python=str(python),
                                 problem=problem))
    from dataclasses import replace

    return replace(report, checked=str(python)), Done()


def cmd_lo_buttons(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.setup import ButtonsReport
    from keizer_xl.clients import lo_run
    from keizer_xl.frontends.cli_common import book_language

    path = book_path_arg(args.book)
    language = book_language(path) or "en"  # the captions in the workbook's (issue 33)
    # LibreOfficeRunError: its own exit code (2 when LibreOffice is missing), mapped in main()
    with lo_run.Office() as office:
        answer = lo_run.add_buttons(path, ods=args.ods, sheet=args.sheet, office=office,
                                    timeout=args.timeout,
                                    language=language)
        saved = answer["saved_to"]
        found = lo_run.inspect_buttons(saved, office=office, timeout=args.timeout)
    bound = {b["name"] for b in found if b["macros"]}
    missing = [b["label"] for b in answer["buttons"] if b["name"] not in bound]
    if missing:
        raise lo_run.LibreOfficeRunError(Message("the buttons {buttons} did not survive saving "
                                                 "{path}", buttons=tuple(missing),
                                                 path=str(saved)))
    return ButtonsReport(tuple((b["label"], b["macro"]) for b in answer["buttons"]),
                         answer["sheet"], str(saved)), Done(lang=language)


def cmd_lo_run(args: argparse.Namespace) -> Shown:
    # lo-run's --round: the round to pair, or the standings after it
    return macro_run(args, args.action, args.round if args.action == "pair" else None,
                     args.round if args.action == "standings" else None, args.timeout)


def macro_run(args: argparse.Namespace, action: str, pair_round: int | None,
              after_round: int | None, timeout: float) -> Shown:
    """``action`` run on BOOK by the LibreOffice buttons' macro in headless LibreOffice
    (``lo-run``, and ``pair`` / ``standings`` on an ``.ods``), worded for the command line:
    its answer, which the command line shows like any other command's report."""
    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.app.workbook import Front
    from keizer_xl.clients import lo_run

    path = book_path_arg(args.book)
    request = ActionRequest(action, pair_round, after_round, force=getattr(args, "force", False),
                            repair=getattr(args, "repair", False),
                            language=args.language, front=Front.CLI,
                            format=args.format, label=args.book)
    # SIGTERM raises KeyboardInterrupt in main() (interrupts.handling), so soffice is still
    # cleaned up; LibreOfficeRunError: worded and its exit code decided in main() (outcome.py),
    # in the workbook's language, as every command's refusal
    return lo_run.run_macro(path, request, timeout=timeout), Done()
