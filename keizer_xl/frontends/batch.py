"""Recompute whole seasons from workbook files, many at once (issue 5).  The file side.

``run_batch`` opens each workbook, writes the season sheets of the use case ``app/batch.py``
(and History's rank chart) to ``<stem>.keizer.xlsx`` beside it (``.xlsm`` stays ``.xlsm``),
into another folder, or into the workbook itself (with a backup).  One workbook per task of a
process pool: round k needs round k - 1, so the parallelism is across files; a workbook that
fails never stops the others.  Nothing prints here: progress goes to a callback as
:class:`BatchEvent`, results come back as :class:`WorkbookResult`.
"""
from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import queue as queue_module
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Callable, Iterable, Sequence

# a workbook's job, its result and the batch's report are the use case's values (app/batch.py),
# so that the renderers read them without importing this front end
from keizer_xl.app.batch import Job, Progress, WorkbookResult
from keizer_xl.errors import KeizerError, Message, UsageError
from keizer_xl.clients.files import BACKUP_FOLDER

if TYPE_CHECKING:
    from multiprocessing.queues import Queue

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
OUTPUT_TAG = ".keizer"  # <stem>.keizer.xlsx
MAX_PROBLEMS = 5  # problems kept per failed workbook for the summary


@dataclass(frozen=True)
class BatchOptions:
    out_dir: Path | None = None  # None: next to each input
    in_place: bool = False
    jobs: int = 1
    compare: bool = False  # also write the Compare sheet (seven more recomputations)
    language: str | None = None  # the messages' (None: each workbook's)


@dataclass(frozen=True)
class BatchEvent:
    """``start`` / ``progress`` (``fraction`` of this workbook done, ``stage`` name) / ``done``
    (with ``result``).  ``finished`` and ``total`` count workbooks for the overall bar."""

    kind: str
    job: Job
    fraction: float
    stage: str
    finished: int
    total: int
    result: WorkbookResult | None = None


def default_jobs() -> int:
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(2, cpus))


# --------------------------------------------------------------------------- finding workbooks

def is_skipped(name: str) -> bool:
    """Files a folder scan leaves alone: our outputs (*.keizer.xlsx / .xlsm), backups (*.bak.*;
    the folder .keizer-backups is not entered at all),
    Office lock files (~$*) and our own or LibreOffice's temporary files (.~*)."""
    lowered = name.casefold()
    return (name.startswith(("~$", ".~")) or ".bak." in lowered
            or lowered.rsplit(".", 1)[0].endswith(OUTPUT_TAG))


def find_workbooks(paths: Sequence[str | os.PathLike[str]]) -> list[tuple[Path, Path | None]]:
    """(workbook, folder it was found in or None when named directly), in a stable order:
    folders searched recursively, skipping what :func:`is_skipped` names."""
    found: list[tuple[Path, Path | None]] = []
    seen: set[str] = set()
    missing = [str(p) for p in paths if not Path(p).exists()]
    if missing:
        raise UsageError(Message("no such file or folder: {paths}", paths=", ".join(missing)))
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            items: list[tuple[Path, Path | None]] = []
            for folder, dirs, files in os.walk(path):
                # the kept versions of each workbook (clients/files.py) are never recomputed
                dirs[:] = sorted(d for d in dirs if d != BACKUP_FOLDER)
                for name in sorted(files):
                    if Path(name).suffix.lower() in WORKBOOK_SUFFIXES and not is_skipped(name):
                        items.append((Path(folder) / name, path))
        else:
            items = [(path, None)]
        for item, root in items:
            key = os.path.normcase(os.path.realpath(item))
            if key not in seen:
                seen.add(key)
                found.append((item, root))
    return found


def output_path(source: Path, root: Path | None, options: BatchOptions) -> Path:
    if options.in_place:
        return source
    stem = source.stem
    name = source.name if stem.casefold().endswith(OUTPUT_TAG) else f"{stem}{OUTPUT_TAG}{source.suffix}"
    if options.out_dir is None:
        return source.with_name(name)
    relative = source.parent.relative_to(root) if root is not None else Path()
    return options.out_dir / relative / name


def plan_jobs(paths: Sequence[str | os.PathLike[str]], options: BatchOptions) -> list[Job]:
    if options.in_place and options.out_dir is not None:
        raise UsageError(Message("{first} and {second} exclude each other", first="--in-place",
                                 second="--out"))
    found = find_workbooks(paths)
    if not found:
        raise UsageError(Message("no workbooks (*.xlsx, *.xlsm) found in {paths}",
                                 paths=", ".join(map(str, paths))))
    return [Job(i, src, output_path(src, root, options), str(src))
            for i, (src, root) in enumerate(found)]


# --------------------------------------------------------------------------- one workbook

def recompute_workbook(job: Job, compare: bool = False, report: Progress | None = None,
                       language: str | None = None) -> WorkbookResult:
    """One workbook, start to finish; every failure becomes a failed result, never an exception
    (except KeyboardInterrupt)."""
    from keizer_xl.app.batch import BatchRequest, run
    from keizer_xl.clients.xlsx import open_book

    report = report or (lambda stage, fraction: None)
    t0 = time.perf_counter()

    def failed(problems: Iterable[str], notes: Iterable[str] = ()) -> WorkbookResult:
        # a Message stays one (it pickles): the summary words it in the batch's language
        problems = [p if isinstance(p, Message) else str(p) for p in problems]
        return WorkbookResult(job, False, tuple(problems[:MAX_PROBLEMS]), len(problems),
                              tuple(notes), seconds=time.perf_counter() - t0)

    try:
        report("open", 0.0)
        book = open_book(job.source)
        if job.output == job.source:
            lost = book.unsafe_to_write()
            if lost:
                from keizer_xl.frontends.cli_common import lost_part

                return failed([Message(
                    "{name} was not changed: writing it would drop {lost}. Write copies "
                    "instead (without --in-place).", name=job.source.name,
                    lost=tuple(lost_part(part) for part in lost))])
        done = run(book, BatchRequest(compare, language), report)
        if done.chart is not None:  # the use case's chart, drawn by the file client
            book.add_chart(*done.chart)
        report("save", 0.75)
        if job.output == job.source:
            book.save()
        else:
            job.output.parent.mkdir(parents=True, exist_ok=True)
            book.save_as(job.output)
        report("done", 1.0)
        return WorkbookResult(job, True, notes=done.notes + tuple(book.messages),
                              players=done.players, rounds=done.rounds,
                              audit_rounds_differing=done.audit_rounds_differing,
                              seconds=time.perf_counter() - t0, language=done.language)
    except KeyboardInterrupt:
        raise
    except MemoryError:
        return failed([Message("out of memory while processing this workbook")])
    except Exception as e:  # worded as the command line words it; a bug: logged, batch goes on
        from keizer_xl.frontends.outcome import describe, write_log

        log = None if isinstance(e, KeizerError) else write_log(f"batch: {job.label}", e)
        out = describe(e, written=False, log=log, lang=language)
        return failed(out.problems if out.status == "problems" else out.lines)


# --------------------------------------------------------------------------- many workbooks

_progress_queue: Queue[tuple[int, str, float]] | None = None  # set in each pool worker by _init_worker


def _init_worker(q: Queue[tuple[int, str, float]]) -> None:
    global _progress_queue
    _progress_queue = q


def _work(job: Job, compare: bool, language: str | None) -> WorkbookResult:
    q = _progress_queue

    def report(stage: str, fraction: float) -> None:
        if q is not None:
            with contextlib.suppress(Exception):  # progress is a nicety; never fail a workbook over it
                q.put_nowait((job.index, stage, fraction))

    return recompute_workbook(job, compare, report, language)


def run_batch(jobs: Sequence[Job], options: BatchOptions,
              progress: Callable[[BatchEvent], None] | None = None) -> list[WorkbookResult]:
    """Process ``jobs``; results in the order of ``jobs``.  ``progress`` gets every event."""
    emit = progress or (lambda event: None)
    total = len(jobs)
    results: dict[int, WorkbookResult] = {}
    started: set[int] = set()
    by_index = {j.index: j for j in jobs}

    def on_progress(index: int, stage: str, fraction: float) -> None:
        if index in results:
            return  # a late message of a finished workbook
        job = by_index[index]
        if index not in started:
            started.add(index)
            emit(BatchEvent("start", job, 0.0, stage, len(results), total))
        emit(BatchEvent("progress", job, fraction, stage, len(results), total))

    def on_done(result: WorkbookResult) -> None:
        results[result.job.index] = result
        emit(BatchEvent("done", result.job, 1.0, "done" if result.ok else "failed", len(results),
                        total, result))

    # duplicate outputs (two inputs with the same name copied into one --out folder)
    claimed: dict[Path, Job] = {}
    todo = []
    for job in jobs:
        key = Path(os.path.normcase(os.path.abspath(job.output)))
        if key in claimed:
            on_done(WorkbookResult(job, False, ((f"its output {job.output} would overwrite the output "
                                                f"of {claimed[key].label}; rename one of them"),), 1))
            continue
        claimed[key] = job
        todo.append(job)

    workers = max(1, min(options.jobs, len(todo)))
    if workers == 1:
        for job in todo:
            on_done(recompute_workbook(job, options.compare,
                                       functools.partial(on_progress, job.index),
                                       options.language))
    else:
        _run_pool(todo, options, workers, on_progress, on_done, results)
    return [results[j.index] for j in jobs]


def _run_pool(todo: list[Job], options: BatchOptions, workers: int,
              on_progress: Callable[[int, str, float], None],
              on_done: Callable[[WorkbookResult], None], results: dict[int, WorkbookResult],
              again: bool = True) -> None:
    ctx = multiprocessing.get_context()
    q = ctx.Queue()

    def drain() -> None:
        while True:
            try:
                index, stage, fraction = q.get_nowait()
            except (queue_module.Empty, EOFError, OSError):
                return
            on_progress(index, stage, fraction)

    leftovers: list[Job] = []
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker,
                               initargs=(q,))
    try:
        pending: dict[Future[WorkbookResult], Job] = {
            pool.submit(_work, job, options.compare, options.language): job for job in todo
        }
        while pending:
            done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            drain()
            for future in done:
                job = pending.pop(future)
                try:
                    on_done(future.result())
                except BrokenProcessPool:
                    if again:
                        leftovers.append(job)
                    else:
                        on_done(WorkbookResult(job, False, (("the process working on this "
                                                            "workbook died (out of memory?)"),), 1))
                except Exception as e:  # pickling trouble and the like
                    on_done(WorkbookResult(job, False, (f"internal error ({type(e).__name__}: {e})",), 1))
        drain()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        q.close()
    # A worker process died (killed for memory, a crash in a C library): the pool takes every
    # unfinished task down with it.  Run those again one by one, each in its own process, so
    # the one that kills its process fails alone (``again=False``: its own pool's death is its).
    for job in leftovers:
        if job.index not in results:
            _run_pool([job], options, 1, on_progress, on_done, results, again=False)
