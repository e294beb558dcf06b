"""The command line's reports on a whole season: ``batch``, ``explain``, ``audit``,
``compare`` and ``export`` (HTML, CSV; TRF and ``import``: frontends/cmd_import.py) (issue 15:
the commands grouped by what they own; the shared plumbing is
:mod:`keizer_xl.frontends.cli_common`).  Each returns its
report (issue 27), worded by ``frontends/render_reports.py``; only batch's progress bars are
written here, while it runs."""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from keizer_xl.frontends.batch import BatchEvent

from keizer_xl.app.workbook import BookRequest
from keizer_xl.errors import N_, ActionError, Message, UsageError
from keizer_xl.frontends.cli_common import (Shown, book_path_arg, is_ods, open_book_arg,
                                            open_workbook, system_language, warn_read_while_open,
                                            workbook_language, write_file, read_while_open)
from keizer_xl.frontends.shown import Done
from keizer_xl.i18n import translate, translator


def _bar(fraction: float, width: int = 20) -> str:
    filled = max(0, min(width, int(fraction * width + 1e-9)))
    return "[" + "#" * filled + "-" * (width - filled) + "]"


#: a batch's stages (frontends/batch.py, app/batch.py) as its progress lines word them
STAGES = {"open": N_("opening"), "read": N_("reading"), "standings": N_("standings"),
          "history": N_("history"), "crosstable": N_("crosstable"),
          "explain": N_("explanations"), "audit": N_("audit"), "compare": N_("comparison"),
          "save": N_("saving"), "done": N_("done"), "failed": N_("failed")}
_OVERALL = N_("overall")


class BatchProgress:
    """Plain-text progress on stderr: on a terminal one status line redrawn in place (overall bar
    and one bar per workbook being worked on); otherwise a line whenever a bar grows."""

    def __init__(self, stream: TextIO, tty: bool, tr: Any = None) -> None:
        self.stream, self.tty = stream, tty
        self.tr = tr or translator("en")
        self.active: dict[int, tuple[str, float, str]] = {}
        self.shown: dict[int, int] = {}
        self.width = 0
        self.text = ""

    def __call__(self, event: BatchEvent) -> None:
        label = Path(event.job.label).name
        if event.kind == "done":
            self.active.pop(event.job.index, None)
            r, tr = event.result, self.tr
            assert r is not None  # a done event carries its result
            state = (f"{tr('ok')} ({r.seconds:.1f} s)" if r.ok
                     else f"{tr('FAILED')}: {translate(r.problems[0], tr) if r.problems else ''}")
            self._line(f"{label} {_bar(1.0 if r.ok else event.fraction)} {state}")
            self._line(f"{tr(_OVERALL)} {_bar(event.finished / event.total)} "
                       f"{event.finished}/{event.total}")
            return
        stage = self.tr(STAGES.get(event.stage, event.stage))
        self.active[event.job.index] = (label, event.fraction, stage)
        if self.tty:
            self._status(event)
            return
        filled = int(event.fraction * 10)
        if self.shown.get(event.job.index) != filled:
            self.shown[event.job.index] = filled
            self._line(f"{label} {_bar(event.fraction)} {event.fraction:4.0%} {stage}")

    def _line(self, text: str) -> None:
        if self.tty:
            self.stream.write("\r" + " " * self.width + "\r")
            self.width, self.text = 0, ""
        self.stream.write(text + "\n")
        self.stream.flush()

    def _status(self, event: BatchEvent) -> None:
        import shutil

        overall = (event.finished + sum(f for _, f, _ in self.active.values())) / event.total
        parts = [f"{self.tr(_OVERALL)} {_bar(overall, 10)} {event.finished}/{event.total}"]
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


def _one_language(languages: Iterable[str]) -> str | None:
    """The language of a batch's reports: its workbooks' one language; when they differ, the
    system's (else English)."""
    found = set(languages)
    return found.pop() if len(found) == 1 else system_language()


def cmd_batch(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.batch import BatchReport
    from keizer_xl.frontends import batch

    if args.jobs is not None and args.jobs < 1:
        raise UsageError(Message("{option} must be 1 or more", option="--jobs"))
    options = batch.BatchOptions(out_dir=Path(args.out) if args.out else None,
                                 in_place=args.in_place,
                                 jobs=args.jobs or batch.default_jobs(), compare=args.compare,
                                 language=args.language)
    if options.out_dir is not None and options.out_dir.exists() and not options.out_dir.is_dir():
        raise UsageError(Message("{path} is a file, not a folder", path=str(options.out_dir)))
    jobs = batch.plan_jobs(args.paths, options)  # UsageError: the batch cannot start
    for job in jobs:  # read as last saved while open elsewhere (issue 26)
        warn_read_while_open(job.source, args.language)
    # the workbooks' one language (their sheet names; issue 26), else the system's, else
    # English; --language decides when given
    by_job = {job.index: workbook_language(job.source) or "en" for job in jobs}
    lang = getattr(args, "language", None) or _one_language(by_job.values())
    progress = None
    if not args.quiet:
        progress = BatchProgress(sys.stderr, sys.stderr.isatty(), translator(lang))
    t0 = time.perf_counter()
    try:
        results = batch.run_batch(jobs, options, progress)
    except KeyboardInterrupt:
        raise ActionError(Message("batch interrupted; the workbooks finished so far were "
                                  "written, the others are unchanged.")) from None
    finally:
        if progress is not None:
            progress.close()
    seconds = time.perf_counter() - t0
    if getattr(args, "language", None) is None:  # each read workbook's `language` setting
        lang = _one_language(r.language if r.ok and r.language else by_job[r.job.index]
                             for r in results)
    return BatchReport(tuple(results), seconds), Done(lang=lang or "en")


def cmd_explain(args: argparse.Namespace) -> Shown:
    from keizer_xl.app import explain

    path, book = open_book_arg(args.book, False, args.language)
    return (explain.run(book, explain.ExplainRequest(args.name, args.language)),
            Done(book=str(path)))


def cmd_audit(args: argparse.Namespace) -> Shown:
    from keizer_xl.app import audit

    path, book = open_book_arg(args.book, False, args.language)
    return audit.run(book, BookRequest(args.language)), Done(book=str(path))


def cmd_compare(args: argparse.Namespace) -> Shown:
    write = not args.no_write
    notes: tuple[str, ...] = ()
    if write and is_ods(args.book):
        notes = (Message("the Compare sheet is not written into an .ods workbook (LibreOffice's "
                         "macro has no compare); the comparison is printed only."),)
        write = False
    path, book = open_book_arg(args.book, write, args.language)
    from keizer_xl.app import compare

    report = compare.run(book, compare.CompareRequest(write, args.language))
    return replace(report, notes=notes), Done(book=str(path))


def cmd_export(args: argparse.Namespace) -> Shown:
    from keizer_xl.app.export import PublishReport
    from keizer_xl.app.export_files import PublishRequest, publish

    # --rounds and --knsb shape the rating report only: without --trf they say so (issue 26)
    for option, given in (("--rounds", args.rounds), ("--knsb", args.knsb)):
        if given and not args.trf:
            raise UsageError(Message("{option} is for the rating report: add --trf FILE (the "
                                     "TRF file to write)", option=option))
    trf = None
    if args.trf:  # the rating report (issue 17: frontends/cmd_import.py)
        from keizer_xl.frontends.cmd_import import cmd_export_trf

        trf = cmd_export_trf(args, book_path_arg(args.book), open_workbook(book_path_arg(args.book)))
        if not (args.html or args.csv):
            return trf, Done()
    if not (args.html or args.csv):
        raise UsageError(Message("say what to export: --html, --csv and/or --trf FILE"))
    if args.html and args.csv and args.out and args.out != "-":
        raise UsageError(Message("--out names one file: export --html and --csv separately"))
    separator = "\t" if args.csv_separator == "tab" else args.csv_separator
    if args.csv and separator and separator == args.decimal:
        raise UsageError(Message("--csv-separator and --decimal are both {separator!r}",
                                 separator=separator))
    path = book_path_arg(args.book)
    outputs, lang = publish(open_workbook(path), PublishRequest(
        path.stem, args.html, args.csv, args.language, separator, args.decimal))
    written: list[str] = []
    text: list[str] = []
    for content, suffix, encoding in outputs:
        if args.out == "-":
            text.append(content)
            continue
        target = Path(args.out) if args.out else path.with_suffix(suffix)
        if target.is_dir():
            target = target / (path.stem + suffix)
        write_file(target, content.encode(encoding))
        written.append(str(target))
    open_there = read_while_open(path)  # read as last saved while open elsewhere (issue 26)
    if trf is not None and open_there:  # said once, with the rating report's warnings
        open_there = None
    return PublishReport(tuple(written), tuple(text), trf,
                         (open_there,) if open_there else (), lang), Done()
