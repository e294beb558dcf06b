"""THE table of the command line's commands (issue 27): each command's name, its help, its
arguments, the function that runs it and the reports it returns.  ``keizer-xl``'s parser is
made from it (:func:`build_parser`), and :func:`keizer_xl.frontends.cli.main` runs the function
and shows its report through the one table of renderers (``frontends/render.py``).

Adding a command is a row here, its function (``(args) -> (report, Done)`` in a
``frontends/cli_*.py`` module, which calls the use case in ``app/``), its report type and that
type's row in ``render.renderers`` (docs/development.md, "Adding a command").

This module is read on every start, ``--help`` too: it imports nothing heavy, and names the
functions, report types and ``lo-run``'s choices as text (``module:name``), imported only when a
command runs (the choices: when ``lo-run``'s arguments are made); ``keizer-xl --help`` stays
below 0.15 s (tests/frontends/test_startup.py).
"""
from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from keizer_xl.errors import N_

__all__ = ["Arg", "Command", "COMMANDS", "arg", "build_parser", "command_named"]


@dataclass(frozen=True)
class Arg:
    """One argument as ``argparse.ArgumentParser.add_argument`` takes it; its choices may be
    named as ``choices_from="module:NAME"`` (imported when the parser is made, like the
    table's functions)."""

    names: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


def arg(*names: str, **options: Any) -> Arg:
    return Arg(names, options)


@dataclass(frozen=True)
class Command:
    """``name`` as typed, its ``help``, its ``args``; ``run`` the function
    (``"module:function"``) that returns ``(report, Done)``; ``reports`` the report types it may
    return (``"module:Type"``), each with its row in the table of renderers."""

    name: str
    help: str
    args: tuple[Arg, ...]
    run: str
    reports: tuple[str, ...]

    def function(self) -> Callable[[argparse.Namespace], tuple[object, Any]]:
        module, name = self.run.split(":")
        function: Callable[[argparse.Namespace], tuple[object, Any]] = getattr(
            importlib.import_module(module), name)
        return function

    def report_types(self) -> tuple[type, ...]:
        return tuple(getattr(importlib.import_module(module), name)
                     for module, name in (text.split(":") for text in self.reports))


_SEASON = "keizer_xl.frontends.cli_season"
_REPORTS = "keizer_xl.frontends.cli_reports"
_OFFICE = "keizer_xl.frontends.cli_office"
_ANSWER = "keizer_xl.app.macro_answer:MacroAnswer"
_SETUP = "keizer_xl.app.setup"
_BOOK = arg("book")
_TIMEOUT = arg("--timeout", type=float, default=180.0, metavar="SECONDS")

COMMANDS: tuple[Command, ...] = (
    Command("new", N_("create a season workbook from the template (.xlsm: with buttons)"), (
        _BOOK,
        arg("--force", action="store_true", help=N_("overwrite an existing file")),
        arg("--via-excel", action="store_true",
            help=N_(".xlsm only: let Excel (Windows, macOS) add the macros and buttons")),
    ), f"{_SEASON}:cmd_new", (f"{_SETUP}:TemplateReport", f"{_SETUP}:XlsmReport")),
    Command("new-season", N_("next season's workbook: the same settings, every Players column, "
            "each player in the group he ended in, Start = each group's final table"), (
                arg("old"), arg("new"),
                arg("--start", choices=("ranking", "rating"), default="ranking"),
                arg("--force", action="store_true", help=N_("overwrite an existing NEW")),
            ), f"{_SEASON}:cmd_new_season", ("keizer_xl.app.new_season:NewSeasonReport",)),
    Command("standings", N_("compute the standings and write the Standings sheet"), (
        _BOOK,
        arg("--after-round", type=int, metavar="N"),
        arg("--format", choices=("table", "json", "csv"), default="table"),
        arg("--no-write", action="store_true", help=N_("print only, leave the workbook alone")),
        arg("--period", type=int, metavar="N",
            help=N_("print period N's standing (the periods setting)")),
        arg("--group", metavar="G", help=N_("only group G's standings (docs/groups.md)")),
        arg("--category", metavar="C", help=N_("only category C, ranked within it")),
    ), f"{_SEASON}:cmd_standings", ("keizer_xl.app.standings:StandingsReport",
                                    "keizer_xl.app.standings:PeriodReport", _ANSWER)),
    Command("check", N_("report every problem in the workbook, with sheet and cell"), (_BOOK,),
            f"{_SEASON}:cmd_check", ("keizer_xl.app.check:CheckReport",)),
    Command("pair", N_("pair the next round into Pairings and Results"), (
        _BOOK,
        arg("--round", type=int, metavar="N", help=N_("pair round N (default: the next)")),
        arg("--dry-run", action="store_true", help=N_("print the pairing, write nothing")),
        arg("--group", metavar="G", help=N_("pair only group G (docs/groups.md)")),
        arg("--format", choices=("table", "json"), default="table"),
        arg("--force", action="store_true",
            help=N_("pair even though the previous round still lacks results")),
        arg("--repair", action="store_true",
            help=N_("pair an already paired round again (late arrivals); boards whose Result is * "
                 "(started) are kept")),
    ), f"{_SEASON}:cmd_pair", ("keizer_xl.app.pair:PairingReport", _ANSWER)),
    Command("schedule", N_("every round of the round robins: results, postponed games"), (
        _BOOK, arg("--format", choices=("table", "json"), default="table"),
    ), f"{_SEASON}:cmd_schedule", ("keizer_xl.app.schedule:ScheduleReport",)),
    Command("players", N_("the Players sheet's ratings, ids, federation, birth, sex and title from a "
            "rating list; add players by name or a whole club"), (
                _BOOK,
                arg("--list", metavar="FILE",
                    help=N_("the rating list: FIDE's players list (TXT or XML), the Belgian "
                         "Player.dbf, the German DWZ export, the Dutch rating list, or a "
                         "CSV/xlsx with a Name column (default: the rating_list setting)")),
                arg("--club", metavar="NUMBER", help=N_("add every member of this club not yet "
                                                        "on the sheet")),
                arg("--add", nargs="+", metavar="NAME",
                    help=N_("add the player whose name holds NAME (part of a name will do)")),
                arg("--dry-run", action="store_true", help=N_("print the changes, write nothing")),
            ), f"{_SEASON}:cmd_players", ("keizer_xl.app.players:PlayersReport",)),
    Command("batch", N_("recompute whole seasons: workbooks and folders of them"), (
        arg("paths", nargs="+", metavar="BOOK_OR_FOLDER"),
        arg("--out", metavar="DIR",
            help=N_("write <stem>.keizer.xlsx here (default: next to each workbook)")),
        arg("--in-place", action="store_true",
            help=N_("update the workbooks themselves (the last five versions are kept in "
                 ".keizer-backups/)")),
        arg("--jobs", type=int, metavar="N", help=N_("workbooks at a time (default: min(2, CPUs))")),
        arg("--compare", action="store_true", help=N_("also write the Compare sheet")),
        arg("--quiet", action="store_true", help=N_("no progress bars")),
    ), f"{_REPORTS}:cmd_batch", ("keizer_xl.app.batch:BatchReport",)),
    Command("explain", N_("why a player stands where he stands"), (_BOOK, arg("name")),
            f"{_REPORTS}:cmd_explain", ("keizer_xl.app.explain:ExplainReport",)),
    Command("audit", N_("compare each recorded pairing with the engine's"), (_BOOK,),
            f"{_REPORTS}:cmd_audit", ("keizer_xl.app.audit:AuditReport",)),
    Command("compare", N_("the final ranking under other methods and presets"), (
        _BOOK, arg("--no-write", action="store_true", help=N_("print only, do not write Compare")),
    ), f"{_REPORTS}:cmd_compare", ("keizer_xl.app.compare:CompareReport",)),
    Command("export", N_("publish the season as one HTML page or the standings as CSV"), (
        _BOOK,
        arg("--html", action="store_true", help=N_("a self-contained page (default BOOK.html)")),
        arg("--csv", action="store_true", help=N_("the standings (default BOOK.csv)")),
        arg("--csv-separator", metavar="CHAR", choices=(",", ";", "tab"),
            help=N_("the CSV column separator (default: ';' for nl, de and fr, else ',')")),
        arg("--decimal", choices=(".", ","),
            help=N_("the CSV decimal sign (default: ',' for nl, de and fr, else '.')")),
        arg("--out", metavar="FILE", help=N_("where to write ('-' for standard output)")),
        arg("--trf", metavar="FILE",
            help=N_("the FIDE TRF-16 rating report ('-' for standard output)")),
        arg("--rounds", metavar="A-B", help=N_("--trf: only rounds A to B (the monthly batch)")),
        arg("--knsb", action="store_true", help=N_("--trf: the KNSB's flavour (forfeits left out)")),
        arg("--club-spelling", action="store_true",
            help=N_("--trf: names as the club writes them (accents; readers that count bytes then "
                 "misplace the columns) instead of FIDE's ASCII spelling")),
        arg("--strict", action="store_true",
            help=N_("--trf: refuse (write nothing) when the report cannot hold a value as it is (a "
                 "federation, id or birth date left blank, names the name field makes equal) "
                 "or lacks what a rating report needs")),
    ), f"{_REPORTS}:cmd_export", ("keizer_xl.app.export:ExportReport",
                                  "keizer_xl.app.export:PublishReport")),
    Command("import", N_("a new season workbook from a TRF file or a KeizerForClubs tournament "
            "(.s3db)"), (
                arg("source"), _BOOK,
                arg("--force", action="store_true",
                    help=N_("overwrite an existing BOOK (kept in .keizer-backups/)")),
                arg("--from", dest="program", choices=("auto", "fide", "chesspairing"),
                    default="auto",
                    help=N_("who wrote the TRF file, when the file cannot tell: chesspairing reads "
                         "U as an absence and F as the bye (default: auto)")),
            ), f"{_REPORTS}:cmd_import", ("keizer_xl.app.import_season:ImportReport",)),
    Command("excel-setup",
            N_("make a workbook button-ready for Excel (BOOK.xlsm beside BOOK.xlsx)"), (
                arg("book", nargs="?",
                    help=N_("the workbook (.xlsx); the result is BOOK.xlsm beside it")),
                arg("--new", action="store_true",
                    help=N_("create BOOK from the season template first")),
                arg("--force", action="store_true", help=N_("replace an existing .xlsm")),
                arg("--python", metavar="PATH",
                    help=N_("the Python the buttons run (default: this one)")),
                arg("--export-vba", metavar="FOLDER",
                    help=N_("only write the three VBA files to FOLDER, for importing them by hand")),
                arg("--via-excel", action="store_true",
                    help=N_("let Excel itself add the macros and buttons (Windows, macOS; needs "
                         "'Trust access to the VBA project object model')")),
            ), f"{_OFFICE}:cmd_excel_setup", (f"{_SETUP}:XlsmReport",
                                              f"{_SETUP}:VbaFilesReport")),
    Command("excel-config", N_("write the xlwings.conf sheet (which Python the buttons run)"), (
        _BOOK,
        arg("--python", metavar="PATH", help=N_("the interpreter (default: this one)")),
        arg("--for", dest="platform", choices=("win", "mac"),
            help=N_("whose interpreter to set (default: this computer's)")),
        arg("--pythonpath", metavar="DIRS",
            help=N_("folders to add to Python's path (default: only if needed)")),
    ), f"{_OFFICE}:cmd_excel_config", (f"{_SETUP}:ExcelConfigReport",)),
    Command("lo-install", N_("install the LibreOffice macro for this user"), (
        arg("--profile", metavar="DIR",
            help=N_("the LibreOffice user profile (default: ~/.config/libreoffice/4/user)")),
        arg("--no-check", action="store_true",
            help=N_("do not check that LibreOffice's Python loads keizer-xl")),
    ), f"{_OFFICE}:cmd_lo_install", (f"{_SETUP}:MacroInstallReport",)),
    Command("lo-buttons", N_("add the buttons to a workbook for LibreOffice (.ods)"), (
        _BOOK,
        arg("--ods", action="store_true",
            help=N_("for an .xlsx: write a copy BOOK.ods with the buttons (an Excel file cannot "
                 "keep LibreOffice buttons)")),
        arg("--sheet", metavar="NAME",
            help=N_("the sheet for the buttons (default: Start, else the first sheet)")),
        _TIMEOUT,
    ), f"{_OFFICE}:cmd_lo_buttons", (f"{_SETUP}:ButtonsReport",)),
    Command("lo-run", N_("run a button's macro on BOOK in headless LibreOffice"), (
        _BOOK,
        # the table of button actions' use cases, read when lo-run's arguments are made (~1 ms
        # of every other command, issue 25)
        arg("action", choices_from="keizer_xl.app.button_actions:USE_CASES"),
        arg("--round", "--after-round", dest="round", type=int, metavar="N",
            help=N_("pair: the round to pair; standings: after round N")),
        arg("--force", action="store_true",
            help=N_("pair even though the previous round still lacks results")),
        arg("--repair", action="store_true", help=N_("pair the last paired round again")),
        arg("--format", choices=("table", "json"), default="table"),
        arg("--timeout", type=float, default=180.0, metavar="SECONDS",
            help=N_("stop LibreOffice after this long (default 180)")),
    ), f"{_OFFICE}:cmd_lo_run", (_ANSWER,)),
)


def command_named(name: str) -> Command:
    return next(c for c in COMMANDS if c.name == name)


def build_parser(parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser,
                 lang: str | None = None,
                 words: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``keizer-xl`` parser, one sub-command per row of :data:`COMMANDS`, its help in
    ``lang`` (the catalogs; English by default); every command takes ``--language`` (the
    language of the messages; of the template for ``new``).

    Given the command line's ``words``, only the commands named in them get their arguments:
    argparse runs the sub-command the first positional word names, exactly as typed (the main
    parser has no option but ``-h``), so that one is always complete; every command is still
    there with its help (``keizer-xl --help``, the list of choices in a usage error).  Adding
    the arguments of all 16 commands with their translated help was 3-5 ms of every run
    (issue 25)."""
    # the catalogs' languages and English (= core.rules.LANGUAGES, tests/frontends/
    # test_startup.py): core.rules is not imported for --help (its presets and Fractions)
    from keizer_xl.i18n import CATALOG_LANGUAGES, translator

    tr = translator(lang)
    languages = ("en", *CATALOG_LANGUAGES)
    parser = parser_class(prog="keizer-xl",
                          description=tr(N_("Keizer-system club competitions in a workbook")))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)
    sub.required = True
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=tr(command.help))
        if words is not None and command.name not in words:
            continue
        for a in command.args:
            options = dict(a.options)
            if "help" in options:
                options["help"] = tr(options["help"])
            if "choices_from" in options:
                module, name = options.pop("choices_from").split(":")
                options["choices"] = getattr(importlib.import_module(module), name)
            p.add_argument(*a.names, **options)
        p.add_argument("--language", choices=languages, default=None,
                       help=tr(N_("the language of messages (default: the workbook's)")))
        p.set_defaults(command_row=command)
    return parser
