"""The ``keizer-xl`` command line: the only place that prints and sets exit codes.

Exit codes (WORKBOOK-CONTRACT.md): 0 success; 1 the workbook has problems (listed, nothing
written); 2 usage error.  A user mistake never ends in a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Sequence

from . import actions
from .model import InputError
from .sheets import OWNED_SHEETS, display

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own usage errors: exit 2 with the usage line
        self.print_usage(sys.stderr)
        print(f"keizer-xl: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _book_path(text: str, must_exist: bool = True) -> Path:
    path = Path(text)
    if must_exist and not path.exists():
        raise UsageError(f"{text}: no such file")
    if must_exist and path.is_dir():
        raise UsageError(f"{text} is a folder, not a workbook")
    return path


def _open(path: Path):
    from .workbook import open_book

    return open_book(path)


def _refuse_unsafe(book) -> None:
    from .workbook import WorkbookFileError

    lost = book.unsafe_to_write(set(OWNED_SHEETS))
    if lost:
        raise WorkbookFileError(
            f"{book.path.name}: writing would drop what this file writer cannot keep: "
            + "; ".join(lost) + ". Nothing was written. Use --no-write / --dry-run, or the "
            "LibreOffice (keizer-xl lo-run) or Excel buttons, which keep them.")


# --------------------------------------------------------------------------- commands

def cmd_new(args) -> int:
    from .template import build_template

    path = _book_path(args.book, must_exist=False)
    if path.exists() and not args.force:
        raise UsageError(f"{path} already exists (use --force to overwrite it)")
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise UsageError(f"{path}: the season workbook must end in .xlsx")
    build_template(path)
    print(f"Created {path}: fill in Players, then mark absences and pair round 1.")
    return EXIT_OK


def cmd_standings(args) -> int:
    path = _book_path(args.book)
    book = _open(path)
    write = not args.no_write
    if write:
        _refuse_unsafe(book)
    report = actions.update_standings(book, args.after_round, write=write)
    _print_standings(report, args.format)
    for note in report.notes:
        print(f"note: {note}", file=sys.stderr)
    if write:
        print(f"Wrote Standings after round {report.standing.round} to {path}", file=sys.stderr)
    return EXIT_OK


def standings_rows(report) -> list[dict]:
    st = report.standing
    rows = []
    for place, name in zip(st.places, st.order):
        rows.append({
            "rank": place, "name": name, "score": display(st.score[name]),
            "value": display(st.value[name]), "prev_value": display(st.prev_value[name]),
            "games": st.games[name], "w": st.wins[name], "d": st.draws[name], "l": st.losses[name],
            "rounds": [display(p) for p in st.round_points[name]],
        })
    return rows


def _print_standings(report, fmt: str) -> None:
    from .sheets import standings_table

    if fmt == "json":
        print(json.dumps(standings_rows(report), ensure_ascii=False))
        return
    frame, _ = standings_table(report.frame)
    if fmt == "csv":
        sys.stdout.write(frame.to_csv(index=False))
        return
    st = report.standing
    print(f"Standings after round {st.round}" + ("" if st.converged else f" ({st.note})"))
    head = ["Rank", "Name", "Score", "Value", "Prev", "G", "W", "D", "L"]
    width = max([len(n) for n in st.order] + [4])
    print(f"{head[0]:>4}  {head[1]:<{width}}  {head[2]:>9} {head[3]:>7} {head[4]:>7} "
          f"{head[5]:>3} {head[6]:>3} {head[7]:>3} {head[8]:>3}")
    for row in standings_rows(report):
        print(f"{row['rank']:>4}  {row['name']:<{width}}  {row['score']:>9.2f} {row['value']:>7} "
              f"{row['prev_value']:>7} {row['games']:>3} {row['w']:>3} {row['d']:>3} {row['l']:>3}")


def cmd_check(args) -> int:
    path = _book_path(args.book)
    book = _open(path)
    problems, notes = actions.check_workbook(book)
    for p in problems:
        print(str(p))
    for n in notes:
        print(f"warning: {n}")
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {path.name}",
              file=sys.stderr)
        return EXIT_PROBLEMS
    print(f"{path.name}: no problems found" + (f" ({len(notes)} warnings)" if notes else ""),
          file=sys.stderr)
    return EXIT_OK


def cmd_pair(args) -> int:
    path = _book_path(args.book)
    book = _open(path)
    write = not args.dry_run
    if write:
        _refuse_unsafe(book)
    report = actions.pair_next_round(book, args.round, write=write, force=args.force,
                                     repair=args.repair)
    if args.format == "json":
        print(json.dumps(report.as_json(), ensure_ascii=False))
    else:
        _print_pairing(report)
    if write:
        print(f"Wrote Pairings for round {report.pairing.round} to {path} and added its games "
              f"to Results", file=sys.stderr)
    return EXIT_OK


def _print_pairing(report) -> None:
    p = report.pairing
    print(f"Round {p.round}" + (" (paired again)" if report.repaired else ""))
    width = max([len(b.white) for b in p.boards] + [5])
    for b in p.boards:
        print(f"{b.board:>3}  {b.white:<{width}}  -  {b.black}")
    if p.bye:
        print(f"Bye: {p.bye}")
    if report.absent:
        print("Absent: " + ", ".join(f"{n} ({c})" for n, c in report.absent.items()))
    for note in p.notes:
        print(f"Note: {note}")


# --------------------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="keizer-xl", description="Keizer-system club competitions in a workbook")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("new", help="create a season workbook from the template")
    p.add_argument("book")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("standings", help="compute the standings and write the Standings sheet")
    p.add_argument("book")
    p.add_argument("--after-round", type=int, metavar="N")
    p.add_argument("--format", choices=("table", "json", "csv"), default="table")
    p.add_argument("--no-write", action="store_true", help="print only, leave the workbook alone")
    p.set_defaults(func=cmd_standings)

    p = sub.add_parser("check", help="report every problem in the workbook, with sheet and cell")
    p.add_argument("book")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("pair", help="pair the next round into Pairings and Results")
    p.add_argument("book")
    p.add_argument("--round", type=int, metavar="N", help="pair round N (default: the next)")
    p.add_argument("--dry-run", action="store_true", help="print the pairing, write nothing")
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.add_argument("--force", action="store_true",
                   help="pair even though the previous round still lacks results")
    p.add_argument("--repair", action="store_true",
                   help="pair an already paired round again (late arrivals); boards whose "
                        "Result is * (started) are kept")
    p.set_defaults(func=cmd_pair)

    for register in _EXTRA_COMMANDS:
        register(sub)
    return parser


#: other modules add their sub-commands here (pairing, batch, LibreOffice, ...)
_EXTRA_COMMANDS: list[Callable] = []


def main(argv: Sequence[str] | None = None) -> int:
    from .workbook import WorkbookFileError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as e:
        print(f"keizer-xl: {e}", file=sys.stderr)
        return EXIT_USAGE
    except actions.ActionError as e:  # the one place that maps an action's refusal to a code
        print(f"keizer-xl: {e}", file=sys.stderr)
        return EXIT_USAGE if e.usage else EXIT_PROBLEMS
    except InputError as e:
        for p in e.problems:
            print(str(p), file=sys.stderr)
        n = len(e.problems)
        print(f"{n} problem{'s' if n != 1 else ''} found; nothing was written.", file=sys.stderr)
        return EXIT_PROBLEMS
    except WorkbookFileError as e:
        print(f"keizer-xl: {e}", file=sys.stderr)
        return EXIT_PROBLEMS
    except BrokenPipeError:  # e.g. `keizer-xl standings club.xlsx | head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        print("keizer-xl: interrupted; nothing was written.", file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
