"""The command line's Excel and LibreOffice commands: ``excel-setup``, ``excel-config``,
``lo-install``, ``lo-buttons``, ``lo-run`` (issue 15: the commands grouped by what they own;
the shared plumbing is :mod:`keizer_xl.frontends.cli_common`)."""
from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from types import FrameType

    from keizer_xl.actions import ActionRequest

from keizer_xl.errors import KeizerError, Message, SetupError, UsageError
from keizer_xl.i18n import N_, shown_translator as _tr
from keizer_xl.frontends.cli_common import (_book_path, _held, _say, _show)  # noqa: F401
from keizer_xl.frontends.outcome import debug_enabled, describe_answer
from keizer_xl.frontends.shown import EXIT_OK


def _build_xlsm(path: Path, *, source: Path | None, force: bool, python: str | None,
                language: str = "en") -> int:
    """The button-ready workbook without Excel (keizer_xl.frontends.xlsm_build)."""
    from keizer_xl.frontends.xlsm_build import build_xlsm

    # SetupError / WorkbookFileError are mapped in main() like every error
    result = build_xlsm(path, source=source, force=force, python=python, language=language)
    for step in result.steps:
        print(f"  {step}", file=sys.stderr)
    print(f"Created {result.target}: open it in Excel, click Enable Content if asked, and use the "
          f"buttons on the sheet Start.")
    return EXIT_OK


def _refresh_xlsm(path: Path, *, python: str | None) -> int:
    """excel-setup BOOK.xlsm: the VBA modules of the installed xlwings and keizer-xl, and the
    config for this computer, written into the existing .xlsm without Excel."""
    from keizer_xl.frontends.xlsm_build import refresh_xlsm

    # SetupError / WorkbookFileError are mapped in main() like every error
    result = refresh_xlsm(path, python=python)
    for step in result.steps:
        print(f"  {step}", file=sys.stderr)
    print(f"Updated {result.target}: open it in Excel and click Enable Content if asked.")
    return EXIT_OK


def _excel_setup(path: Path, *, new: bool, force: bool, python: str | None) -> int:
    """--via-excel: Excel itself (COM / AppleScript) adds the macros and buttons."""
    from keizer_xl.clients.excel_setup import setup_workbook
    from keizer_xl.frontends.template import build_template

    # a SetupError is mapped in main() like every error: exit 1, or 2 when it is a usage error
    result = setup_workbook(path, new=new, force=force, python=python,
                            progress=lambda text: print(f"  {text}", file=sys.stderr),
                            make_seed=build_template)
    print(f"Created {result.target}: open it in Excel, click Enable Content if asked, and use the "
          f"buttons on the sheet Start.")
    return EXIT_OK


def cmd_excel_setup(args: argparse.Namespace) -> int:
    from keizer_xl.clients.excel_setup import export_vba

    if args.export_vba:
        try:  # a SetupError goes to main() like every error (outcome.py)
            files = export_vba(args.export_vba)
        except OSError as e:
            raise SetupError(Message("{path}: {why}", path=args.export_vba,
                                     why=e.strerror or str(e))) from None
        for f in files:
            print(f)
        return EXIT_OK
    if not args.book:
        raise UsageError("excel-setup needs a workbook (or --export-vba FOLDER)")
    path = Path(args.book)
    if not args.new:
        path = _book_path(args.book)
    if args.via_excel:
        return _excel_setup(path, new=args.new, force=args.force, python=args.python)
    if args.new:
        return _build_xlsm(path.with_suffix(".xlsm"), source=None, force=args.force,
                           python=args.python)
    if path.suffix.lower() == ".xlsm":  # after an upgrade: the modules and config renewed
        return _refresh_xlsm(path, python=args.python)
    if path.suffix.lower() != ".xlsx":  # a request that makes no sense: exit 2 (outcome.py)
        raise UsageError(Message("{name}: give the season workbook as .xlsx (the result is "
                                 "{stem}.xlsm beside it) or a button workbook (.xlsm) to renew "
                                 "its macros.", name=path.name, stem=path.stem))
    return _build_xlsm(path.with_suffix(".xlsm"), source=path, force=args.force,
                       python=args.python)


def cmd_excel_config(args: argparse.Namespace) -> int:
    from keizer_xl.clients.excel_setup import write_config

    path = _book_path(args.book)
    platform = args.platform
    if platform is None and not (sys.platform.startswith("win") or sys.platform == "darwin"):
        raise UsageError("say whose interpreter to set: --for win or --for mac (with --python PATH)")
    # SetupError: exit 1, or 2 for a usage error such as a missing --python (main, outcome.py)
    rows = write_config(path, python=args.python, platform=platform, pythonpath=args.pythonpath)
    for key, value in rows:
        print(f"{key}: {'' if value is None else value}")
    tr = _tr()
    print(tr("Wrote the sheet xlwings.conf of {path}", path=path), file=sys.stderr)
    return EXIT_OK


def cmd_lo_install(args: argparse.Namespace) -> int:
    from keizer_xl.clients import lo_install

    macro, config = lo_install.install_macro(args.profile)
    print(f"Installed the LibreOffice macro {macro}")
    print(f"and its settings {config} (keizer-xl is loaded from: "
          f"{', '.join(json.loads(config.read_text(encoding='utf-8'))['paths'])})")
    soffice = lo_install.find_soffice()
    if soffice is None:
        print("note: LibreOffice was not found on this computer; the macro is ready for when it "
              "is installed.", file=sys.stderr)
        return EXIT_OK
    if args.no_check:
        return EXIT_OK
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
    print(f"Checked: LibreOffice's Python ({python}) loads keizer-xl. Restart LibreOffice if it "
          f"is running; then add the buttons with: keizer-xl lo-buttons BOOK.ods", file=sys.stderr)
    return EXIT_OK


def cmd_lo_buttons(args: argparse.Namespace) -> int:
    from keizer_xl.clients import lo_run

    path = _book_path(args.book)
    # LibreOfficeRunError: its own exit code (2 when LibreOffice is missing), mapped in main()
    with lo_run.Office() as office:
        answer = lo_run.add_buttons(path, ods=args.ods, sheet=args.sheet, office=office,
                                    timeout=args.timeout)
        saved = answer["saved_to"]
        found = lo_run.inspect_buttons(saved, office=office, timeout=args.timeout)
    bound = {b["name"] for b in found if b["macros"]}
    missing = [b["label"] for b in answer["buttons"] if b["name"] not in bound]
    if missing:
        raise lo_run.LibreOfficeRunError(Message("the buttons {buttons} did not survive saving "
                                                 "{path}", buttons=tuple(missing),
                                                 path=str(saved)))
    for b in answer["buttons"]:
        print(f"{b['label']:<18} -> {b['macro']}")
    print(f"Added {len(answer['buttons'])} buttons to the sheet {answer['sheet']} of {saved}. "
          f"They run the macro installed by `keizer-xl lo-install`.", file=sys.stderr)
    return EXIT_OK


def cmd_lo_run(args: argparse.Namespace) -> int:
    from keizer_xl.actions import ActionRequest

    request = ActionRequest(args.action, args.round, force=args.force, repair=args.repair,
                            language=getattr(args, "language", None), front="cli",
                            format=args.format, label=args.book)
    return _lo_run(_book_path(args.book), request, timeout=args.timeout)


def _note_language(path: Path) -> None:
    """Record the language of the workbook's sheet names (the macro, which reads it, did not
    run): LibreOffice's refusals of `lo-run` speak it too (issue 26)."""
    import re
    import zipfile

    from keizer_xl.i18n import record_book_language
    from keizer_xl.sheets import schema

    try:
        with zipfile.ZipFile(path) as z:
            if "content.xml" in z.namelist():  # .ods: <table:table table:name="Spelers" ...>
                text = z.read("content.xml").decode("utf-8", "replace")
                names = re.findall(r'<table:table [^>]*?table:name="([^"]*)"', text)
            else:  # .xlsx / .xlsm: <sheet name="Spelers" .../> in xl/workbook.xml
                text = z.read("xl/workbook.xml").decode("utf-8", "replace")
                names = re.findall(r'<sheet [^>]*?name="([^"]*)"', text)
    except (OSError, KeyError, zipfile.BadZipFile):
        return
    record_book_language(schema.language_of_sheets(names))


def _lo_run(path: Path, request: ActionRequest, timeout: float) -> int:
    """Run the macro in headless LibreOffice, worded for the command line (the request's
    front), and print its outcome like any other command's."""
    import signal

    from keizer_xl.clients import lo_run

    def stop(signum: int, frame: FrameType | None) -> NoReturn:  # SIGTERM: still clean up soffice (the finally blocks run)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except (ValueError, AttributeError):  # not the main thread, or no SIGTERM here
        previous = None
    try:  # LibreOfficeRunError: worded and its exit code decided in main() (outcome.py)
        answer = lo_run.run_macro(path, request, timeout=timeout)
    except lo_run.LibreOfficeRunError:
        _note_language(path)  # the refusal in the workbook's language, as every command's
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    outcome = describe_answer(answer)  # with what lo_run itself has to add
    code = _show(outcome)
    if outcome.detail and outcome.status == "error" and debug_enabled():
        print(outcome.detail, file=sys.stderr)
    return code
