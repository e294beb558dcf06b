"""THE table of the command line's commands (issue 27): each command's name, its help, its
arguments and the function that runs it.  ``keizer-xl``'s parser is made from it
(:func:`build_parser`), and :func:`keizer_xl.frontends.cli.main` runs the function and shows
its report through the one table of renderers (``frontends/render.py``).

Adding a command is a row here, its function (``(args) -> (report, Done)`` in a
``frontends/cli_*.py`` module, which calls the use case in ``app/``), its report type and that
type's row in ``render.renderers`` (docs/development.md, "Adding a command").

This module is read on every start, ``--help`` too: it imports nothing heavy.  A row holds its
function as a thunk (``lambda: cli_season.cmd_new``) on a :class:`Lazy` module, imported when
the command runs (``lo-run``'s choices: when its arguments are made); mypy checks the thunks
against the modules themselves.  ``keizer-xl --help`` stays below 0.15 s
(tests/frontends/test_startup.py).
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Sequence

from keizer_xl.errors import N_

class Lazy:
    """A module a table names without importing it: imported at the first use of one of its
    names; ``loaded_only``: never imported here, its names there only once something else
    imported it (a report's type: the report was made there, frontends/render.py)."""

    def __init__(self, name: str, loaded_only: bool = False) -> None:
        self.name, self.loaded_only = name, loaded_only

    def __getattr__(self, attr: str) -> Any:
        module = sys.modules[self.name] if self.loaded_only else importlib.import_module(self.name)
        return getattr(module, attr)


if TYPE_CHECKING:
    from keizer_xl.app import button_actions
    from keizer_xl.frontends import cli_office, cli_reports, cli_season, cmd_import
    from keizer_xl.frontends.shown import Done
else:
    button_actions = Lazy("keizer_xl.app.button_actions")
    cli_office, cli_reports, cli_season, cmd_import = (Lazy(f"keizer_xl.frontends.{m}") for m in (
        "cli_office", "cli_reports", "cli_season", "cmd_import"))


@dataclass(frozen=True)
class Arg:
    """One argument as ``argparse.ArgumentParser.add_argument`` takes it; its choices may be
    a thunk, ``choices_from=lambda: module.NAME`` (called when the parser is made)."""

    names: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


def arg(*names: str, **options: Any) -> Arg:
    return Arg(names, options)


#: a command's function: the parsed arguments -> (its report, how it came about)
Run = Callable[[argparse.Namespace], "tuple[object, Done]"]


@dataclass(frozen=True)
class Command:
    """``name`` as typed, its ``help``, its ``args``; ``run`` the thunk of the function that
    returns ``(report, Done)``, the report one the table of renderers shows."""

    name: str
    help: str
    args: tuple[Arg, ...]
    run: Callable[[], Run]


_BOOK = arg("book")
_TIMEOUT = arg("--timeout", type=float, default=180.0, metavar="SECONDS",
               help=N_("stop LibreOffice after this long (default 180)"))
_FORCE_PAIR = arg("--force", action="store_true",
                  help=N_("pair even though the previous round still lacks results"))

COMMANDS: tuple[Command, ...] = (
    Command("new", N_("create a season workbook from the template (.xlsm: with buttons)"), (
        _BOOK,
        arg("--force", action="store_true", help=N_("overwrite an existing file")),
        arg("--via-excel", action="store_true",
            help=N_(".xlsm only: let Excel (Windows, macOS) add the macros and buttons")),
    ), lambda: cli_season.cmd_new),
    Command("new-season", N_("next season's workbook: the same settings, every Players column, "
            "each player in the group he ended in, Start = each group's final table"), (
                arg("old"), arg("new"),
                arg("--start", choices=("ranking", "rating"), default="ranking"),
                arg("--force", action="store_true", help=N_("overwrite an existing NEW")),
            ), lambda: cli_season.cmd_new_season),
    Command("standings", N_("compute the standings and write the Standings sheet"), (
        _BOOK,
        arg("--after-round", type=int, metavar="N"),
        arg("--format", choices=("table", "json", "csv"), default="table"),
        arg("--no-write", action="store_true", help=N_("print only, leave the workbook alone")),
        arg("--period", type=int, metavar="N",
            help=N_("print period N's standing (the periods setting)")),
        arg("--group", metavar="G", help=N_("only group G's standings (docs/groups.md)")),
        arg("--category", metavar="C", help=N_("only category C, ranked within it")),
    ), lambda: cli_season.cmd_standings),
    Command("check", N_("report every problem in the workbook, with sheet and cell"), (_BOOK,),
            lambda: cli_season.cmd_check),
    Command("pair", N_("pair the next round into Pairings and Results"), (
        _BOOK,
        arg("--round", type=int, metavar="N", help=N_("pair round N (default: the next)")),
        arg("--dry-run", action="store_true", help=N_("print the pairing, write nothing")),
        arg("--group", metavar="G", help=N_("pair only group G (docs/groups.md)")),
        arg("--format", choices=("table", "json"), default="table"),
        _FORCE_PAIR,
        arg("--repair", action="store_true",
            help=N_("pair an already paired round again (late arrivals); boards whose Result is * "
                 "(started) are kept")),
    ), lambda: cli_season.cmd_pair),
    Command("schedule", N_("every round of the round robins: results, postponed games"), (
        _BOOK, arg("--format", choices=("table", "json"), default="table"),
    ), lambda: cli_season.cmd_schedule),
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
            ), lambda: cli_season.cmd_players),
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
    ), lambda: cli_reports.cmd_batch),
    Command("explain", N_("why a player stands where he stands"), (_BOOK, arg("name")),
            lambda: cli_reports.cmd_explain),
    Command("audit", N_("compare each recorded pairing with the engine's"), (_BOOK,),
            lambda: cli_reports.cmd_audit),
    Command("compare", N_("the final ranking under other methods and presets"), (
        _BOOK, arg("--no-write", action="store_true", help=N_("print only, do not write Compare")),
    ), lambda: cli_reports.cmd_compare),
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
    ), lambda: cli_reports.cmd_export),
    Command("import", N_("a new season workbook from a TRF file or a KeizerForClubs tournament "
            "(.s3db)"), (
                arg("source"), _BOOK,
                arg("--force", action="store_true",
                    help=N_("overwrite an existing BOOK (kept in .keizer-backups/)")),
                arg("--from", dest="program", choices=("auto", "fide", "chesspairing"),
                    default="auto",
                    help=N_("who wrote the TRF file, when the file cannot tell: chesspairing reads "
                         "U as an absence and F as the bye (default: auto)")),
            ), lambda: cmd_import.cmd_import),
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
            ), lambda: cli_office.cmd_excel_setup),
    Command("excel-config", N_("write the xlwings.conf sheet (which Python the buttons run)"), (
        _BOOK,
        arg("--python", metavar="PATH", help=N_("the interpreter (default: this one)")),
        arg("--for", dest="platform", choices=("win", "mac"),
            help=N_("whose interpreter to set (default: this computer's)")),
        arg("--pythonpath", metavar="DIRS",
            help=N_("folders to add to Python's path (default: only if needed)")),
    ), lambda: cli_office.cmd_excel_config),
    Command("lo-install", N_("install the LibreOffice macro for this user"), (
        arg("--profile", metavar="DIR",
            help=N_("the LibreOffice user profile (default: ~/.config/libreoffice/4/user)")),
        arg("--no-check", action="store_true",
            help=N_("do not check that LibreOffice's Python loads keizer-xl")),
    ), lambda: cli_office.cmd_lo_install),
    Command("lo-buttons", N_("add the buttons to a workbook for LibreOffice (.ods)"), (
        _BOOK,
        arg("--ods", action="store_true",
            help=N_("for an .xlsx: write a copy BOOK.ods with the buttons (an Excel file cannot "
                 "keep LibreOffice buttons)")),
        arg("--sheet", metavar="NAME",
            help=N_("the sheet for the buttons (default: Start, else the first sheet)")),
        _TIMEOUT,
    ), lambda: cli_office.cmd_lo_buttons),
    Command("lo-run", N_("run a button's macro on BOOK in headless LibreOffice"), (
        _BOOK,
        # the table of button actions' use cases, read when lo-run's arguments are made (~1 ms
        # of every other command, issue 25)
        arg("action", choices_from=lambda: button_actions.USE_CASES),
        arg("--round", "--after-round", dest="round", type=int, metavar="N",
            help=N_("pair: the round to pair; standings: after round N")),
        _FORCE_PAIR,
        arg("--repair", action="store_true", help=N_("pair the last paired round again")),
        arg("--format", choices=("table", "json"), default="table"),
        _TIMEOUT,
    ), lambda: cli_office.cmd_lo_run),
)


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
                options["choices"] = options.pop("choices_from")()
            p.add_argument(*a.names, **options)
        p.add_argument("--language", choices=languages, default=None,
                       help=tr(N_("the language of messages (default: the workbook's)")))
        p.set_defaults(command_row=command)
    return parser
