"""The ``keizer-xl`` command line: the only place that prints and sets exit codes.

Exit codes (WORKBOOK-CONTRACT.md): 0 success; 1 the workbook has problems (listed, nothing
written), the action was refused, or an unexpected error (logged, see
:mod:`keizer_xl.frontends.outcome`); 2 usage error.  Every outcome, the exceptions included,
goes through :func:`keizer_xl.frontends.outcome.describe`, so the command line says what the
buttons say; never a traceback unless ``KEIZER_XL_DEBUG=1``.  Every warning the workbook
client collected (``book.messages``: "seems to be open in Excel", ...) is printed, and output
never fails on a console that cannot encode a name (what cannot be encoded becomes ``?``).
"""
from __future__ import annotations

# Ctrl+C while the command line is still starting (the imports below, building the parser) is
# remembered and answered by main() like any other interrupt, never with a traceback (issue
# 16).  Set first, before any slow import; only in the installed `keizer-xl` script: a program
# importing this module keeps its own Ctrl+C.
import signal  # noqa: E402
import sys  # noqa: E402

_early_interrupts: list[int] = []


def _interrupted_early(signum: int, frame: object) -> None:
    _early_interrupts.append(signum)


if sys.argv and sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].lower().startswith(
        "keizer-xl") and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_early)

import argparse
import gc
import json
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Sequence, TextIO

if TYPE_CHECKING:
    from types import FrameType

    from keizer_xl.sheets.tables import Book

    from keizer_xl.actions import ActionRequest
    from keizer_xl.clients.xlsx import FileBook
    from keizer_xl.core.model import Season
    from keizer_xl.core.standings import History
    from keizer_xl.frontends.batch import BatchEvent

# Only what every command needs is imported here: `keizer-xl --help` loads no pandas, numpy,
# openpyxl or xlwings (issue 12, start-up); each command imports what it uses (the engine and
# numpy for standings / pair / check, openpyxl when a workbook is opened, pandas only where a
# DataFrame is really built: compare, export, batch).
from keizer_xl.errors import KeizerError, Message, SetupError, UsageError
from keizer_xl.i18n import N_, shown_translator as _tr
from keizer_xl.frontends.outcome import (EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, Outcome,
                                         debug_enabled, describe, write_log)



def _say(text: str) -> str:
    """A note or warning (a Message from the engine) in the language of the messages."""
    from keizer_xl.i18n import translate

    return translate(text, _tr())


__all__ = ["main", "build_parser", "UsageError", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE"]

#: the workbooks this run opened: (path, book, the file's signature when it was opened), so
#: their warnings are printed and a failure can say truthfully whether the file was written
_OPENED: list[tuple[Path, object, tuple[int, int] | None]] = []

#: what a command holds until it ends: the workbook's lock, a converted copy of an .ods
_held = ExitStack()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own usage errors: exit 2 with the usage line
        self.print_usage(sys.stderr)
        print(f"keizer-xl: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _book_path(text: str, must_exist: bool = True) -> Path:
    path = Path(text)
    if must_exist and not path.exists():
        raise UsageError(Message("{path}: no such file", path=text))
    if must_exist and path.is_dir():
        raise UsageError(Message("{path} is a folder, not a workbook", path=text))
    if must_exist and not path.is_file():  # a pipe (FIFO), a device, a socket: reading it hangs
        raise UsageError(Message("{path} is not a regular file (a pipe, a device or a socket), "
                                 "not a workbook", path=text))
    return path


def _open(path: Path) -> FileBook:
    from keizer_xl.clients import ods
    from keizer_xl.clients.xlsx import open_book

    if ods.is_ods(path):  # read a converted copy; the .ods itself is written only by LibreOffice
        book = open_book(_held.enter_context(ods.xlsx_copy(path)))
        book.label = str(path)
    else:
        book = open_book(path)
    _OPENED.append((path, book, _signature(path)))
    return book


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _written() -> bool:
    """Whether a workbook this run opened has changed on disk since (it was written)."""
    return any(_signature(path) != before for path, _, before in _OPENED)


def _print_messages(printed: set[str]) -> None:
    """The warnings and notes the workbook clients collected (each once)."""
    for _, book, _ in _OPENED:
        for message in getattr(book, "messages", ()):
            if message not in printed:
                printed.add(message)
                print(f"warning: {_say(message)}", file=sys.stderr)


def _open_book_arg(text: str, write: bool) -> tuple[Path, FileBook]:
    """(path, book) for a BOOK argument; when the command will write, take the workbook's lock
    for the whole read-modify-write (another run waits or is told it is busy), refuse a file
    that is open in Excel or LibreOffice or read-only, and refuse up front a file whose save
    would drop what openpyxl cannot keep."""
    from keizer_xl.clients import files

    path = _book_path(text)
    if write:
        try:
            files.check_can_write(path)  # first: a read-only folder gets no lock file either
            _held.enter_context(files.workbook_lock(path))
            files.check_can_write(path)  # again, holding the lock
        except files.WorkbookFileError:
            _learn_language(path)  # the refusal is shown in the workbook's language
            raise
    book = _open(path)
    if write:
        _refuse_unsafe(book)
    return path, book


def _learn_language(path: Path) -> None:
    """Read the workbook (read-only) only to learn its language, for a refusal that comes
    before it is read (open in Excel, read-only, busy): the reader records the language
    (the sheet names, then the ``language`` setting) even when the season has problems."""
    from keizer_xl.errors import KeizerError
    from keizer_xl.i18n import seen_book_language
    from keizer_xl.sheets.read import read_season

    if seen_book_language() is not None:
        return
    try:
        read_season(_open(path))
    except (KeizerError, OSError):  # unreadable: the refusal stays in the default language
        pass


def _refuse_unsafe(book: FileBook) -> None:
    from keizer_xl.clients.xlsx import WorkbookFileError
    from keizer_xl.sheets.read import OWNED_SHEETS

    lost = book.unsafe_to_write(set(OWNED_SHEETS))
    if lost:
        # the parts lost are named as openpyxl's inspection found them (English)
        raise WorkbookFileError(Message(
            "{name}: writing would drop what this file writer cannot keep: {lost}. Nothing was "
            "written. Use --no-write / --dry-run, or the LibreOffice (keizer-xl lo-run) or Excel "
            "buttons, which keep them.", name=book.path.name, lost="; ".join(lost)))


# --------------------------------------------------------------------------- commands

def cmd_new(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.template import build_template

    path = _book_path(args.book, must_exist=False)
    if path.exists() and not args.force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)", path=str(path),
                                 flag="--force"))
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise UsageError(Message("{path}: the season workbook must end in .xlsx", path=str(path)))
    language = getattr(args, "language", None) or "en"
    if path.suffix.lower() == ".xlsm":  # the button-ready workbook, built without Excel
        if getattr(args, "via_excel", False):
            return _excel_setup(path, new=True, force=args.force, python=None)
        return _build_xlsm(path, source=None, force=args.force, python=None, language=language)
    build_template(path, language=language)
    tr = _tr()
    print(tr("Created {path}: fill in {players}, then mark absences and pair round 1.",
                path=path, players=_sheet("Players", language)))
    return EXIT_OK


def cmd_new_season(args: argparse.Namespace) -> int:
    """Issue 18: next season's workbook (frontends/new_season.py)."""
    from keizer_xl.frontends.new_season import new_season

    old = _book_path(args.old)
    new = Path(args.new)
    plan = new_season(old, new, start=args.start, language=args.language, force=args.force)
    tr = _tr()
    print(tr("Created {path}: {count} players, Start from {old}'s {order} after round {round}",
             path=str(new), count=len(plan.players), old=old.name, round=plan.final_round,
             order=tr("final ranking") if args.start == "ranking" else tr("rating order")))
    if plan.new_season:
        print(tr("Season: {season}", season=plan.new_season))
    if plan.left_out:
        print(tr("Left out (withdrawn): {names}", names=", ".join(plan.left_out)))
    return EXIT_OK


def _ods_write(args: argparse.Namespace, action: str) -> int:
    """standings / pair on an .ods: the LibreOffice buttons' macro, as `lo-run` runs it."""
    from keizer_xl.actions import ActionRequest

    if getattr(args, "format", "table") == "csv":
        raise UsageError("--format csv with an .ods workbook: add --no-write, or use table/json")
    request = ActionRequest(action, args.after_round if action == "standings" else args.round,
                            force=getattr(args, "force", False),
                            repair=getattr(args, "repair", False),
                            language=getattr(args, "language", None), front="cli",
                            format=args.format, label=args.book)
    return _lo_run(_book_path(args.book), request, timeout=180.0)


def _done(path: Path, book: Book, written: bool, fmt: str = "table",
          category: str | None = None) -> Any:
    """How a command's report came about (render.Done): the path as typed, the sheets'
    language; the client's messages are printed at the end by _print_messages."""
    from keizer_xl.frontends.render import Done

    return Done(book=str(path), sheets_lang=_book_lang(book), written=written, format=fmt,
                category=category)


def _show(out: Outcome) -> int:
    """Print an outcome as every command does: ``out`` on standard output, ``lines`` on
    standard error (a refusal's first line after ``keizer-xl: ``); its exit code."""
    for line in out.out:
        print(line)
    for i, line in enumerate(out.lines):
        prefix = "keizer-xl: " if i == 0 and out.status in ("refused", "usage", "error") else ""
        print(prefix + line, file=sys.stderr)
    return out.exit_code


def cmd_standings(args: argparse.Namespace) -> int:
    from keizer_xl.clients import ods

    write = not args.no_write
    if write and ods.is_ods(args.book):
        if getattr(args, "period", None) is not None:
            raise UsageError("--period with an .ods workbook: add --no-write")
        return _ods_write(args, "standings")
    path, book = _open_book_arg(args.book, write)
    from keizer_xl import actions  # the engine (numpy) only once the workbook is open
    if getattr(args, "period", None) is not None:  # issue 18: one period's standing
        if args.format == "csv":
            raise UsageError("--period with --format csv: use table or json")
        period = actions.update_period_standings(book, args.period, args.after_round,
                                                 write=write)
        return _show(describe(period, "cli", done=_done(path, book, write, args.format)))
    report = actions.update_standings(book, args.after_round, write=write, group=args.group)
    if args.category is not None:  # an unknown category is refused before anything is shown
        from keizer_xl.frontends.render import category_rows

        category_rows(report, args.category)
    return _show(describe(report, "cli", done=_done(path, book, write, args.format,
                                                    args.category)))


def _sheet(canonical: str, lang: str | None) -> str:
    from keizer_xl.sheets import schema

    return schema.sheet_name(canonical, lang or "en")


def _book_lang(book: Book) -> str:
    """The workbook's own language (its sheet names and `language` setting, as read)."""
    from keizer_xl.i18n import seen_book_language
    from keizer_xl.sheets import schema

    return seen_book_language() or schema.language_of_sheets(book.sheet_names())


def cmd_check(args: argparse.Namespace) -> int:
    path = _book_path(args.book)
    book = _open(path)
    from keizer_xl import actions
    report = actions.check_report(book)
    return _show(describe(report, "cli", done=_done(path, book, False)))


def cmd_pair(args: argparse.Namespace) -> int:
    from keizer_xl.clients import ods

    write = not args.dry_run
    if write and ods.is_ods(args.book):
        return _ods_write(args, "pair")
    path, book = _open_book_arg(args.book, write)
    from keizer_xl import actions
    report = actions.pair_next_round(book, args.round, write=write, force=args.force,
                                     repair=args.repair, group=args.group)
    return _show(describe(report, "cli", done=_done(path, book, write, args.format)))


# --------------------------------------------------------------------------- batch and history

def _bar(fraction: float, width: int = 20) -> str:
    filled = max(0, min(width, int(fraction * width + 1e-9)))
    return "[" + "#" * filled + "-" * (width - filled) + "]"


class _BatchProgress:
    """Plain-text progress on stderr: on a terminal one status line redrawn in place (overall bar
    and one bar per workbook being worked on); otherwise a line whenever a bar grows."""

    def __init__(self, stream: TextIO, tty: bool) -> None:
        self.stream, self.tty = stream, tty
        self.active: dict[int, tuple[str, float, str]] = {}
        self.shown: dict[int, int] = {}
        self.width = 0
        self.text = ""

    def __call__(self, event: BatchEvent) -> None:
        label = Path(event.job.label).name
        if event.kind == "done":
            self.active.pop(event.job.index, None)
            r = event.result
            assert r is not None  # a done event carries its result
            state = f"ok ({r.seconds:.1f} s)" if r.ok else f"FAILED: {r.problems[0] if r.problems else ''}"
            self._line(f"{label} {_bar(1.0 if r.ok else event.fraction)} {state}")
            self._line(f"overall {_bar(event.finished / event.total)} {event.finished}/{event.total}")
            return
        self.active[event.job.index] = (label, event.fraction, event.stage)
        if self.tty:
            self._status(event)
            return
        filled = int(event.fraction * 10)
        if self.shown.get(event.job.index) != filled:
            self.shown[event.job.index] = filled
            self._line(f"{label} {_bar(event.fraction)} {event.fraction:4.0%} {event.stage}")

    def _line(self, text: str) -> None:
        if self.tty:
            self.stream.write("\r" + " " * self.width + "\r")
            self.width, self.text = 0, ""
        self.stream.write(text + "\n")
        self.stream.flush()

    def _status(self, event: BatchEvent) -> None:
        import shutil

        overall = (event.finished + sum(f for _, f, _ in self.active.values())) / event.total
        parts = [f"overall {_bar(overall, 10)} {event.finished}/{event.total}"]
        parts += [f"{lab} {_bar(frac, 10)} {stage}" for lab, frac, stage in self.active.values()]
        text = " | ".join(parts)[: max(20, shutil.get_terminal_size().columns - 1)]
        if text == self.text:
            return
        self.text = text
        self.stream.write("\r" + text + " " * max(0, self.width - len(text)))
        self.width = len(text)
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def _print_table(rows: list[list[Any]], headers: list[str], right: set[int] | frozenset[int] = frozenset()) -> None:
    cells = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def fmt(row: list[str]) -> str:
        return "  ".join(v.rjust(w) if i in right else v.ljust(w)
                         for i, (v, w) in enumerate(zip(row, widths))).rstrip()

    print(fmt(headers))
    for row in cells:
        print(fmt(row))


def cmd_batch(args: argparse.Namespace) -> int:
    import time

    from keizer_xl.frontends import batch

    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be 1 or more")
    options = batch.BatchOptions(out_dir=Path(args.out) if args.out else None,
                                 in_place=args.in_place,
                                 jobs=args.jobs or batch.default_jobs(), compare=args.compare)
    if options.out_dir is not None and options.out_dir.exists() and not options.out_dir.is_dir():
        raise UsageError(f"{options.out_dir} is a file, not a folder")
    try:
        jobs = batch.plan_jobs(args.paths, options)
    except batch.BatchError as e:
        raise UsageError(str(e)) from None
    progress = None
    if not args.quiet:
        progress = _BatchProgress(sys.stderr, sys.stderr.isatty())
    from keizer_xl.i18n import translate, translator

    # many workbooks, maybe in several languages: English unless --language says otherwise
    tr = translator(getattr(args, "language", None))
    t0 = time.perf_counter()
    try:
        results = batch.run_batch(jobs, options, progress)
    except KeyboardInterrupt as exc:
        print("keizer-xl: " + tr("batch interrupted; the workbooks finished so far were "
                                 "written, the others are unchanged."), file=sys.stderr)
        return describe(exc, "cli", written=True).exit_code
    finally:
        if progress is not None:
            progress.close()
    seconds = time.perf_counter() - t0
    languages = {r.language for r in results if r.ok and r.language}
    if getattr(args, "language", None) is None and len(languages) == 1:
        tr = translator(languages.pop())  # the workbooks' one language (issue 16)
    failed = [r for r in results if not r.ok]
    done = len(results) - len(failed)
    summary = tr(N_("Recomputed {done} of {n} workbook in {seconds} s") if len(results) == 1
                 else N_("Recomputed {done} of {n} workbooks in {seconds} s"), done=done,
                 n=len(results), seconds=f"{seconds:.1f}")
    print(summary + (tr("; {n} failed", n=len(failed)) if failed else "") + ".")
    rows = []
    for r in results:
        rows.append([r.job.label, tr("ok") if r.ok else tr("FAILED"),
                     r.players if r.ok else "-", r.rounds if r.ok else "-",
                     r.audit_rounds_differing if r.ok else "-", f"{r.seconds:.1f}",
                     str(r.job.output) if r.ok else "-"])
    _print_table(rows, [tr(h) for h in (N_("Workbook"), N_("Result"), N_("Players"),
                                        N_("Rounds"), N_("Audit diffs"), N_("Seconds"),
                                        N_("Output"))], right={2, 3, 4, 5})
    if failed:
        print("\n" + tr("Failed (nothing was written for these):"))
        for r in failed:
            print(f"  {r.job.label}")
            for p in r.problems:
                print(f"    {p}")
            if r.problem_count > len(r.problems):
                print("    " + tr("... and {n} more ({command})",
                                  n=r.problem_count - len(r.problems),
                                  command=f"keizer-xl check {r.job.label}"))
    noted = [r for r in results if r.ok and r.notes]
    for r in noted:
        for note in r.notes:
            print(tr("note: {note}", note=f"{r.job.label}: {translate(note, tr)}"),
                  file=sys.stderr)
    from keizer_xl.frontends.render import BatchReport

    return describe(BatchReport(len(results), len(failed)), "cli").exit_code


def _season_and_history(path: Path, book: FileBook | None = None) -> tuple[Season, History]:
    from keizer_xl.sheets.read import read_season
    from keizer_xl.core.standings import compute_history

    season = read_season(book if book is not None else _open(path))
    return season, compute_history(season)


def cmd_explain(args: argparse.Namespace) -> int:
    from keizer_xl.analysis.explain import explain_player, find_player, group_context
    from keizer_xl.analysis.history import number_text
    from keizer_xl.sheets.read import read_season

    path = _book_path(args.book)
    season = read_season(_open(path))
    name = find_player(season, args.name)  # PlayerNotFound: refused, exit 1 (outcome.py)
    season, history, group_lines = group_context(season, name)  # groups: issue 18
    e = explain_player(season, history, name)
    if e.rank_now is not None:
        print(_say(Message("{name}: rank {rank} after round {round}, {points} Keizer points",
                           name=name, rank=e.rank_now, round=e.round,
                           points=number_text(e.score_now))))
    else:
        print(_say(Message("{name}: not in the ranking after round {round}", name=name,
                           round=e.round)))
    if e.results:
        print()
        _print_table([[ln.round, _say(ln.fact.describe()), number_text(ln.then), number_text(ln.now)]
                      for ln in e.results],
                     [_say(Message("Round")), _say(Message("Result")),
                      _say(Message("Worth then")), _say(Message("Worth now"))], right={0, 2, 3})
    print()
    for line in (*group_lines, *e.lines):
        print(_say(line))
    return EXIT_OK


def cmd_audit(args: argparse.Namespace) -> int:
    from keizer_xl.analysis.audit import audit_lines, audit_season

    path = _book_path(args.book)
    season, history = _season_and_history(path)
    audits = audit_season(season, history)
    from keizer_xl.i18n import shown_language

    for line in audit_lines(audits, shown_language()):
        print(line)
    same = sum(1 for a in audits if a.same)
    done = (Message("{same} of 1 round paired as the engine would have paired them (differences "
                    "are reported, not judged).", same=same) if len(audits) == 1 else
            Message("{same} of {count} rounds paired as the engine would have paired them "
                    "(differences are reported, not judged).", same=same, count=len(audits)))
    print(_say(done), file=sys.stderr)
    return EXIT_OK


def cmd_compare(args: argparse.Namespace) -> int:
    from keizer_xl.analysis.compare import compare_methods
    from keizer_xl.clients import ods
    from keizer_xl.sheets.report_sheets import compare_layout

    write = not args.no_write
    if write and ods.is_ods(args.book):
        print(_say(Message("note: the Compare sheet is not written into an .ods workbook "
                           "(LibreOffice's macro has no compare); the comparison is printed "
                           "only.")), file=sys.stderr)
        write = False
    path, book = _open_book_arg(args.book, write)
    from keizer_xl.sheets.read import read_season

    season = read_season(book)
    comparison = compare_methods(season)
    labels = [_say(v.label) for v in comparison.variants]
    rows = []
    for record in comparison.ranks:
        name, base, *rest = record
        marks = [("-" if r is None else f"{r}{'*' if r != base else ''}") for r in rest]
        rows.append([name, "-" if base is None else base, *marks])
    tr = _tr()
    print(tr("Final ranking after round {round} (* = differs from the season's own)",
             round=comparison.round))
    _print_table(rows, [tr("Name"), *labels], right=set(range(1, len(labels) + 1)))
    print()
    _print_table([[_say(s["Variant"]), s["Winner"], s["Players moved"], s["Largest move"],
                   _say(s["What"])]
                  for s in comparison.summary],
                 [tr("Variant"), tr("Winner"), tr("Moved"), tr("Largest"), tr("What")],
                 right={2, 3})
    for note in comparison.notes:
        print(f"note: {_say(note)}", file=sys.stderr)
    if write:
        from keizer_xl.sheets import schema
        from keizer_xl.sheets.read import workbook_language
        from keizer_xl.sheets.titles import run_context

        lang = workbook_language(book, season.settings)
        book.write_sheet(schema.sheet_name("Compare", lang),
                         compare_layout(comparison, run_context(season.settings, book), lang))
        book.save()
        print(tr("Wrote {sheet} to {path}", sheet=schema.sheet_name("Compare", lang), path=path),
              file=sys.stderr)
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.export import page_html, standings_csv

    if args.trf:  # the rating report (issue 17: frontends/cmd_import.py)
        from keizer_xl.frontends.cmd_import import cmd_export_trf

        code = cmd_export_trf(args, _book_path(args.book), _open(_book_path(args.book)))
        if code or not (args.html or args.csv):
            return code
    if not (args.html or args.csv):
        raise UsageError("say what to export: --html, --csv and/or --trf FILE")
    if args.html and args.csv and args.out and args.out != "-":
        raise UsageError("--out names one file: export --html and --csv separately")
    from keizer_xl.sheets.read import workbook_language

    path = _book_path(args.book)
    book = _open(path)
    season, history = _season_and_history(path, book)
    lang = args.language or workbook_language(book, season.settings)
    outputs = []
    if args.html:
        outputs.append((page_html(season, history, path.stem, lang), ".html", "utf-8"))
    if args.csv:
        separator = "\t" if args.csv_separator == "tab" else args.csv_separator
        if separator and separator == args.decimal:
            raise UsageError(f"--csv-separator and --decimal are both {separator!r}")
        # a BOM so that Excel opens the names (Zoë, Müller) as UTF-8
        outputs.append((standings_csv(history, lang, separator=separator, decimal=args.decimal,
                                      season=season), ".csv", "utf-8-sig"))
    for text, suffix, encoding in outputs:
        if args.out == "-":
            sys.stdout.write(text)
            continue
        target = Path(args.out) if args.out else path.with_suffix(suffix)
        if target.is_dir():
            target = target / (path.stem + suffix)
        from keizer_xl.clients import atomic, files

        open_there = files.open_elsewhere(target)  # e.g. club.csv open in Excel
        if open_there:
            raise files.WorkbookFileError(open_there)
        try:
            atomic.write_text(target, text, encoding)
        except OSError as e:
            raise files.WorkbookFileError(Message("{path} could not be written ({why})",
                                                  path=str(target),
                                                  why=e.strerror or str(e))) from None
        tr = _tr()
        print(tr("Wrote {path}", path=target), file=sys.stderr)
    return EXIT_OK


def _cmd_import(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.cmd_import import cmd_import

    return cmd_import(args)


# --------------------------------------------------------------------------- Excel (xlwings)

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


# --------------------------------------------------------------------------- LibreOffice

def cmd_lo_install(args: argparse.Namespace) -> int:
    from keizer_xl.clients import lo_run

    macro, config = lo_run.install_macro(args.profile)
    print(f"Installed the LibreOffice macro {macro}")
    print(f"and its settings {config} (keizer-xl is loaded from: "
          f"{', '.join(json.loads(config.read_text(encoding='utf-8'))['paths'])})")
    soffice = lo_run.find_soffice()
    if soffice is None:
        print("note: LibreOffice was not found on this computer; the macro is ready for when it "
              "is installed.", file=sys.stderr)
        return EXIT_OK
    if args.no_check:
        return EXIT_OK
    python = lo_run.find_uno_python(soffice)
    if python is None:
        raise SetupError(Message("LibreOffice's Python-UNO bridge was not found (Debian/Ubuntu: "
                                 "apt-get install libreoffice-script-provider-python "
                                 "python3-uno); the buttons need it."))
    problem = lo_run.check_import(python, lo_run.import_paths())
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
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    outcome = Outcome.from_json(answer)
    code = _show(outcome)
    for message in answer.get("messages", []):  # what lo_run itself has to add
        print(f"warning: {_say(message)}", file=sys.stderr)
    if outcome.detail and outcome.status == "error" and debug_enabled():
        print(outcome.detail, file=sys.stderr)
    return code


# --------------------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="keizer-xl", description="Keizer-system club competitions in a workbook")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("new", help="create a season workbook from the template (.xlsm: with buttons)")
    p.add_argument("book")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.add_argument("--via-excel", action="store_true",
                   help=".xlsm only: let Excel (Windows, macOS) add the macros and buttons")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("new-season", help="next season's workbook: the same settings, the "
                       "players active at the end, Start = the final ranking")
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--start", choices=("ranking", "rating"), default="ranking")
    p.add_argument("--force", action="store_true", help="overwrite an existing NEW")
    p.set_defaults(func=cmd_new_season)

    p = sub.add_parser("standings", help="compute the standings and write the Standings sheet")
    p.add_argument("book")
    p.add_argument("--after-round", type=int, metavar="N")
    p.add_argument("--format", choices=("table", "json", "csv"), default="table")
    p.add_argument("--no-write", action="store_true", help="print only, leave the workbook alone")
    p.add_argument("--period", type=int, metavar="N",
                   help="print period N's standing (the periods setting)")
    p.add_argument("--group", metavar="G", help="only group G's standings (docs/groups.md)")
    p.add_argument("--category", metavar="C", help="only category C, ranked within it")
    p.set_defaults(func=cmd_standings)

    p = sub.add_parser("check", help="report every problem in the workbook, with sheet and cell")
    p.add_argument("book")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("pair", help="pair the next round into Pairings and Results")
    p.add_argument("book")
    p.add_argument("--round", type=int, metavar="N", help="pair round N (default: the next)")
    p.add_argument("--dry-run", action="store_true", help="print the pairing, write nothing")
    p.add_argument("--group", metavar="G", help="pair only group G (docs/groups.md)")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--force", action="store_true",
                   help="pair even though the previous round still lacks results")
    p.add_argument("--repair", action="store_true",
                   help="pair an already paired round again (late arrivals); boards whose "
                        "Result is * (started) are kept")
    p.set_defaults(func=cmd_pair)

    p = sub.add_parser("batch", help="recompute whole seasons: workbooks and folders of them")
    p.add_argument("paths", nargs="+", metavar="BOOK_OR_FOLDER")
    p.add_argument("--out", metavar="DIR", help="write <stem>.keizer.xlsx here (default: next to "
                                               "each workbook)")
    p.add_argument("--in-place", action="store_true",
                   help="update the workbooks themselves (the last five versions are kept in "
                        ".keizer-backups/)")
    p.add_argument("--jobs", type=int, metavar="N", help="workbooks at a time (default: min(2, CPUs))")
    p.add_argument("--compare", action="store_true", help="also write the Compare sheet")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=cmd_batch)

    p = sub.add_parser("explain", help="why a player stands where he stands")
    p.add_argument("book")
    p.add_argument("name")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("audit", help="compare each recorded pairing with the engine's")
    p.add_argument("book")
    p.set_defaults(func=cmd_audit)

    p = sub.add_parser("compare", help="the final ranking under other methods and presets")
    p.add_argument("book")
    p.add_argument("--no-write", action="store_true", help="print only, do not write Compare")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("export", help="publish the season as one HTML page or the standings as CSV")
    p.add_argument("book")
    p.add_argument("--html", action="store_true", help="a self-contained page (default BOOK.html)")
    p.add_argument("--csv", action="store_true", help="the standings (default BOOK.csv)")
    p.add_argument("--csv-separator", metavar="CHAR", choices=(",", ";", "tab"),
                   help="the CSV column separator (default: ';' for nl, de and fr, else ',')")
    p.add_argument("--decimal", choices=(".", ","),
                   help="the CSV decimal sign (default: ',' for nl, de and fr, else '.')")
    p.add_argument("--out", metavar="FILE", help="where to write ('-' for standard output)")
    p.add_argument("--trf", metavar="FILE", help="the FIDE TRF-16 rating report ('-' for "
                                                 "standard output)")
    p.add_argument("--rounds", metavar="A-B", help="--trf: only rounds A to B (the monthly batch)")
    p.add_argument("--knsb", action="store_true", help="--trf: the KNSB's flavour (forfeits left out)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", help="a new season workbook from a TRF file or a KeizerForClubs "
                                      "tournament (.s3db)")
    p.add_argument("source")
    p.add_argument("book")
    p.add_argument("--force", action="store_true", help="overwrite an existing BOOK (kept in "
                                                        ".keizer-backups/)")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser("excel-setup", help="make a workbook button-ready for Excel (BOOK.xlsm beside BOOK.xlsx)")
    p.add_argument("book", nargs="?", help="the workbook (.xlsx); the result is BOOK.xlsm beside it")
    p.add_argument("--new", action="store_true", help="create BOOK from the season template first")
    p.add_argument("--force", action="store_true", help="replace an existing .xlsm")
    p.add_argument("--python", metavar="PATH", help="the Python the buttons run (default: this one)")
    p.add_argument("--export-vba", metavar="FOLDER",
                   help="only write the three VBA files to FOLDER, for importing them by hand")
    p.add_argument("--via-excel", action="store_true",
                   help="let Excel itself add the macros and buttons (Windows, macOS; needs "
                        "'Trust access to the VBA project object model')")
    p.set_defaults(func=cmd_excel_setup)

    p = sub.add_parser("excel-config", help="write the xlwings.conf sheet (which Python the buttons run)")
    p.add_argument("book")
    p.add_argument("--python", metavar="PATH", help="the interpreter (default: this one)")
    p.add_argument("--for", dest="platform", choices=("win", "mac"),
                   help="whose interpreter to set (default: this computer's)")
    p.add_argument("--pythonpath", metavar="DIRS",
                   help="folders to add to Python's path (default: only if needed)")
    p.set_defaults(func=cmd_excel_config)

    p = sub.add_parser("lo-install", help="install the LibreOffice macro for this user")
    p.add_argument("--profile", metavar="DIR",
                   help="the LibreOffice user profile (default: ~/.config/libreoffice/4/user)")
    p.add_argument("--no-check", action="store_true",
                   help="do not check that LibreOffice's Python loads keizer-xl")
    p.set_defaults(func=cmd_lo_install)

    p = sub.add_parser("lo-buttons", help="add the buttons to a workbook for LibreOffice (.ods)")
    p.add_argument("book")
    p.add_argument("--ods", action="store_true",
                   help="for an .xlsx: write a copy BOOK.ods with the buttons (an Excel file "
                        "cannot keep LibreOffice buttons)")
    p.add_argument("--sheet", metavar="NAME", help="the sheet for the buttons (default: Start, "
                                                   "else the first sheet)")
    p.add_argument("--timeout", type=float, default=180.0, metavar="SECONDS")
    p.set_defaults(func=cmd_lo_buttons)

    p = sub.add_parser("lo-run", help="run a button's macro on BOOK in headless LibreOffice")
    p.add_argument("book")
    p.add_argument("action", choices=("pair", "standings", "check"))
    p.add_argument("--round", "--after-round", dest="round", type=int, metavar="N",
                   help="pair: the round to pair; standings: after round N")
    p.add_argument("--force", action="store_true",
                   help="pair even though the previous round still lacks results")
    p.add_argument("--repair", action="store_true", help="pair the last paired round again")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--timeout", type=float, default=180.0, metavar="SECONDS",
                   help="stop LibreOffice after this long (default 180)")
    p.set_defaults(func=cmd_lo_run)

    # every command: the language of messages (and of the template for `new`); the workbook's
    # own language (its `language` setting or sheet names) when not given
    from keizer_xl.core.rules import LANGUAGES
    for command in sub.choices.values():
        command.add_argument("--language", choices=LANGUAGES, default=None,
                             help="the language of messages (default: the workbook's)")
    return parser


def _stop(signum: int, frame: FrameType | None) -> NoReturn:  # SIGTERM as Ctrl+C: the finally blocks remove temporary files
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Ctrl+C while starting or cleaning up, outside _run (issue 16)
        return _fail(KeyboardInterrupt(), [])


def _main(argv: Sequence[str] | None) -> int:
    from keizer_xl.clients import files

    _safe_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    if signal.getsignal(signal.SIGINT) is _interrupted_early:  # started: Ctrl+C raises again
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if _early_interrupts:
        raise KeyboardInterrupt
    _OPENED.clear()
    files.written.clear()
    try:
        previous = signal.signal(signal.SIGTERM, _stop)
    except (ValueError, AttributeError, OSError):  # not the main thread, or no SIGTERM here
        previous = None
    try:
        return _run(args, list(sys.argv[1:] if argv is None else argv))
    finally:
        _held.close()  # the workbook's lock, converted .ods copies
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace, argv: list[str]) -> int:
    printed: set[str] = set()
    from keizer_xl.i18n import front_end_run

    scope = front_end_run(getattr(args, "language", None))
    scope.__enter__()
    paused = _pause_cycle_collector(args.command)
    try:
        code = args.func(args)
    except BrokenPipeError:  # e.g. `keizer-xl standings club.xlsx | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (Exception, KeyboardInterrupt) as exc:  # the one place that maps a failure to a code
        _print_messages(printed)
        return _fail(exc, argv)
    finally:
        scope.__exit__(None, None, None)
        if paused:
            gc.enable()
    _print_messages(printed)
    return int(code)


def _pause_cycle_collector(command: str) -> bool:
    """Pause Python's cycle collector while a command works on one workbook; True if paused.

    openpyxl builds some 100,000 linked objects for a season workbook and keeps them until the
    command ends, so every collection walks them for nothing: about 90 ms of `standings` on the
    150 x 35 season (issue 12, docs/engine-and-speed.md), with the same peak memory (what is freed is
    freed by reference counting as always).  Not for `batch`, which goes through many
    workbooks in one process."""
    if command == "batch" or not gc.isenabled():
        return False
    gc.disable()
    return True


def _fail(exc: BaseException, argv: list[str]) -> int:
    """Print a failure as outcome.describe words it for the command line; its exit code."""
    if isinstance(exc, KeyboardInterrupt):  # Ctrl+C or SIGTERM: say exactly what was written
        from keizer_xl.clients import files

        if files.written:
            print(f"keizer-xl: interrupted after writing {', '.join(map(str, files.written))} "
                  f"(complete; the previous version is in {files.BACKUP_FOLDER}).",
                  file=sys.stderr)
        else:
            print("keizer-xl: interrupted; nothing was written.", file=sys.stderr)
        return describe(exc, "cli", written=bool(files.written)).exit_code
    log = None
    expected = isinstance(exc, (KeizerError, KeyboardInterrupt))
    if not expected:
        log = write_log("keizer-xl " + " ".join(argv), exc)
    # problems: Sheet!Cell: message, one a line (capped), then the count; else the reason
    code = _show(describe(exc, "cli", written=_written(), log=log))
    if not expected and debug_enabled():
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    return code


def _safe_streams() -> None:
    """Never die printing a name the console cannot encode (an emoji on a cp1252 console, an
    accent under LANG=C): write what can be written and replace the rest with '?'."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # not a text wrapper (a test's buffer)
            pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
