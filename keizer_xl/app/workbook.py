"""What a front end asks of a workbook outside a use case (issue 38): the language of its sheet
names, a sheet's name in a language, the season read only to learn its language (for a refusal
that comes before a use case read it).  The front ends word their lines with these and import
nothing of sheets/ (tests/test_architecture.py).  :class:`NewFiles`: what the use cases that
make a workbook file (``import``, ``new-season``) ask of the file client the front end passes.
:class:`Front`: which front end asks; :class:`BookRequest`: a request of the workbook alone."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from keizer_xl.sheets import schema

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book
    from keizer_xl.sheets.template_text import NewBook

class Front(StrEnum):
    """Who words an outcome: the command line, the Excel buttons, xlwings Lite, LibreOffice."""

    CLI = "cli"
    EXCEL = "excel"
    LITE = "lite"
    LIBREOFFICE = "libreoffice"


@dataclass(frozen=True)
class BookRequest:
    """The request of a use case that takes nothing but the workbook (check, audit, schedule):
    ``language``, the messages' (None: the workbook's)."""

    language: str | None = None


class NewFiles(Protocol):
    """The file client of a use case that writes a new workbook file (app imports none):
    ``guard`` protects ``source`` and refuses ``target`` at once when it may not be written;
    ``create`` makes a book from a template plan; ``copy`` saves an opened one as ``target``."""

    def guard(self, source: Path, target: Path) -> None: ...
    def open(self, path: Path) -> Any: ...
    def create(self, target: Path, plan: NewBook) -> Any: ...
    def save(self, book: Any, backup: bool) -> None: ...
    def copy(self, book: Any, target: Path) -> None: ...


def sheet_name(canonical: str, lang: str) -> str:
    """The name of sheet ``canonical`` (Players, Standings, ...) in ``lang``."""
    return schema.sheet_name(canonical, lang)


def language_of_sheets(names: Iterable[str]) -> str:
    """The language of a workbook's input sheet names (English when none says another)."""
    return schema.language_of_sheets(names)


def learn_language(book: Book) -> str | None:
    """The language of ``book`` as the reader decides it (its ``language`` setting, else its
    sheet names), reading only Settings: for a refusal that does not say its own (issue 33);
    None: it cannot be read."""
    from keizer_xl.sheets.read_names import find_sheets, workbook_language
    from keizer_xl.sheets.read_tables import read_settings

    try:
        found = find_sheets(book, "Settings")
        return workbook_language(book, read_settings(
            book.read_table(found[0]) if len(found) == 1 else None, []))
    except Exception:  # unreadable: the front end's default
        return None
