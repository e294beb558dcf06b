"""``keizer-xl new-season OLD NEW``: next season's workbook (issue 18 item 4, issue 23).

The use case :func:`keizer_xl.app.new_season.run` decides what NEW holds (the players in their
new start order and group, every Players column of OLD, the settings, what was left); this
module checks the paths, writes it into the season template in NEW's language and returns the
report for the front end to show.  OLD is opened read-only and never written; an existing NEW
is refused unless ``force``.  Every text is written as text (a name like ``=HYPERLINK(...)``
never becomes a formula).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from keizer_xl.errors import Message, UsageError

if TYPE_CHECKING:
    from keizer_xl.app.new_season import NewSeasonReport

__all__ = ["new_season"]


def new_season(old: Path, new: Path, *, start: str = "ranking", language: str | None = None,
               force: bool = False) -> NewSeasonReport:
    """Write NEW from OLD; returns the report (what the CLI prints)."""
    from keizer_xl.app.new_season import NewSeasonRequest, book_plan, carries, fill, run
    from keizer_xl.clients import files
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.clients.xlsx.new_book import new_book, save_new

    # an .xlsm's copy stays an .xlsm (its macros and buttons carried); else NEW is .xlsx
    macros = new.suffix.lower() == ".xlsm" and old.suffix.lower() == ".xlsm"
    must_be_xlsx = UsageError(Message("{path}: the new season workbook must end in .xlsx",
                                      path=str(new)))
    if new.suffix.lower() != ".xlsx" and not macros:
        raise must_be_xlsx
    if new.exists() and old.exists() and new.resolve() == old.resolve():
        raise UsageError(Message("{path}: the new season cannot replace the old one",
                                 path=str(new)))
    if new.exists() and not force:
        raise UsageError(Message("{path} already exists (use {flag} to overwrite it)",
                                 path=str(new), flag="--force"))
    files.protect_input(old)  # the writer refuses NEW when it is OLD by any path or link
    files.refuse_unsafe_target(new, kind="zip")  # at once, NEW named as typed
    book = open_book(old)
    report = run(book, NewSeasonRequest(start=start, language=language))
    if book.macro_enabled == macros and carries(book, report):
        # NEW is OLD's copy with the season's sheets changed: the club's own sheets (their
        # pictures, charts, text boxes ...) stay byte for byte (app/new_season.py)
        fill(book, report)
        with files.no_print_only_hint():
            book.save_as(new, force=True)  # an existing NEW: --force was checked above
        return replace(report, carried=True)
    if macros:  # from the template (another language): no macros, so no .xlsm
        raise must_be_xlsx
    with files.no_print_only_hint():  # new-season has no --no-write / --dry-run to suggest
        save_new(new_book(new, book_plan(report)), backup=force)
    return report
