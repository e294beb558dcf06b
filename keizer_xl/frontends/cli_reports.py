"""The command line's reports on a whole season: ``batch``, ``explain``, ``audit``,
``compare``, ``export`` (HTML, CSV, TRF) and ``import`` (issue 15: the commands grouped by what
they own; the shared plumbing is :mod:`keizer_xl.frontends.cli_common`)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from keizer_xl.frontends.batch import BatchEvent

from keizer_xl.errors import Message, UsageError
from keizer_xl.i18n import N_, shown_translator as _tr
from keizer_xl.frontends.cli_common import (_book_lang, _book_path, _done, _open,  # noqa: F401
                                            _open_book_arg, _print_table, _say,
                                            _season_and_history, _sheet, _show)
from keizer_xl.frontends.outcome import EXIT_OK, describe


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
    from keizer_xl.frontends.render_reports import BatchReport

    return describe(BatchReport(len(results), len(failed)), "cli").exit_code


def cmd_explain(args: argparse.Namespace) -> int:
    from keizer_xl.analysis.history import number_text
    from keizer_xl.app import explain

    path = _book_path(args.book)
    report = explain.run(_open(path), explain.ExplainRequest(args.name))
    e, group_lines, name = report.explanation, report.group_lines, report.explanation.name
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
    from keizer_xl.analysis.audit import audit_lines
    from keizer_xl.app import audit

    path = _book_path(args.book)
    report = audit.run(_open(path))
    audits = report.audits
    from keizer_xl.i18n import shown_language

    tr = _tr()
    for group, part in report.parts:  # with groups: each group's rounds under its name
        if group:
            print(tr("Group {group}", group=group))
        for line in audit_lines(list(part), shown_language()):
            print(line)
    same = sum(1 for a in audits if a.same)
    done = (Message("{same} of 1 round paired as the engine would have paired them (differences "
                    "are reported, not judged).", same=same) if len(audits) == 1 else
            Message("{same} of {count} rounds paired as the engine would have paired them "
                    "(differences are reported, not judged).", same=same, count=len(audits)))
    print(_say(done), file=sys.stderr)
    return EXIT_OK


def cmd_compare(args: argparse.Namespace) -> int:
    from keizer_xl.clients import ods
    from keizer_xl.sheets.report_sheets import compare_layout

    write = not args.no_write
    if write and ods.is_ods(args.book):
        print(_say(Message("note: the Compare sheet is not written into an .ods workbook "
                           "(LibreOffice's macro has no compare); the comparison is printed "
                           "only.")), file=sys.stderr)
        write = False
    path, book = _open_book_arg(args.book, write)
    from keizer_xl.app import compare

    report = compare.run(book)
    season = report.season
    tr = _tr()
    for group, comparison in report.parts:  # with groups: each group compared on its own
        if group:
            print(tr("Group {group}", group=group))
        labels = [_say(v.label) for v in comparison.variants]
        rows = []
        for record in comparison.ranks:
            name, base, *rest = record
            marks = [("-" if r is None else f"{r}{'*' if r != base else ''}") for r in rest]
            rows.append([name, "-" if base is None else base, *marks])
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
        context = run_context(season.settings, book)
        if len(report.parts) == 1:
            layout = compare_layout(report.parts[0][1], context, lang)
        else:  # one titled block per group
            from keizer_xl.sheets.layout import stack_layouts
            from keizer_xl.sheets.report_sheets import group_heading

            layout = stack_layouts((context.line("compare", report.parts[0][1].round, lang),),
                                   [(group_heading(g, lang), compare_layout(c, context, lang))
                                    for g, c in report.parts], landscape=True)
        book.write_sheet(schema.sheet_name("Compare", lang), layout)
        book.save()
        print(tr("Wrote {sheet} to {path}", sheet=schema.sheet_name("Compare", lang), path=path),
              file=sys.stderr)
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.export import page_html, standings_csv

    # --rounds and --knsb shape the rating report only: without --trf they say so (issue 26)
    for option, given in (("--rounds", args.rounds), ("--knsb", args.knsb)):
        if given and not args.trf:
            raise UsageError(Message("{option} is for the rating report: add --trf FILE (the "
                                     "TRF file to write)", option=option))
    if args.trf:  # the rating report (issue 17: frontends/cmd_import.py)
        from keizer_xl.frontends.cmd_import import cmd_export_trf

        code = cmd_export_trf(args, _book_path(args.book), _open(_book_path(args.book)))
        if code or not (args.html or args.csv):
            return code
    if not (args.html or args.csv):
        raise UsageError(Message("say what to export: --html, --csv and/or --trf FILE"))
    if args.html and args.csv and args.out and args.out != "-":
        raise UsageError(Message("--out names one file: export --html and --csv separately"))
    from keizer_xl.sheets.read import workbook_language

    from keizer_xl.app import export

    path = _book_path(args.book)
    book = _open(path)
    rows = export.run(book)  # the one competition view's rows (issue 23)
    season, history = rows.view.season, rows.blocks[0].history
    lang = args.language or workbook_language(book, season.settings)
    outputs = []
    if args.html:
        outputs.append((page_html(season, history, path.stem, lang, rows), ".html", "utf-8"))
    if args.csv:
        separator = "\t" if args.csv_separator == "tab" else args.csv_separator
        if separator and separator == args.decimal:
            raise UsageError(Message("--csv-separator and --decimal are both {separator!r}",
                                     separator=separator))
        # a BOM so that Excel opens the names (Zoë, Müller) as UTF-8
        outputs.append((standings_csv(history, lang, separator=separator, decimal=args.decimal,
                                      season=season, rows=rows), ".csv", "utf-8-sig"))
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
        try:  # check: a report the user made read-only is not replaced either
            with files.no_print_only_hint():
                atomic.write_bytes(target, text.encode(encoding), check=True)
        except OSError as e:
            raise files.WorkbookFileError(Message("{path} could not be written ({why})",
                                                  path=str(target),
                                                  why=e.strerror or str(e))) from None
        tr = _tr()
        print(tr("Wrote {path}", path=target), file=sys.stderr)
    from keizer_xl.frontends.cli_common import warn_read_while_open

    warn_read_while_open(path)  # read as last saved while open in Excel/LibreOffice (issue 26)
    return EXIT_OK


def _cmd_import(args: argparse.Namespace) -> int:
    from keizer_xl.frontends.cmd_import import cmd_import

    return cmd_import(args)
