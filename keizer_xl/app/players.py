"""``players``: the Players sheet's ratings, ids, federation, birth, sex and title from a
rating list (issue 37; WORKBOOK-CONTRACT.md, "Round robin and rating lists").

Each player of the sheet is found in the list by his FIDE id, else his national id, else his
name and birth year (:mod:`keizer_xl.core.player_match`): never a guess.  Several candidates:
nothing changes for him and the report lists them with their ids (a refusal: exit 1, the rest
is still written).  ``--add NAME`` adds the one player whose name holds NAME; ``--club N``
every member of club N not yet on the sheet.  Every changed cell is reported (old -> new); a
value the club typed that the list replaces is named as overwritten.  Only the Players sheet
changes (its cells and, for new players, its rows; a column the sheet lacks is added at its
right), through the same writer, lock and backup as every command.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

from keizer_xl.core.player_match import (
    Candidate, birth_year, gate_keys, match, name_contains, name_forms)
from keizer_xl.errors import ActionError, Message, UsageError
from keizer_xl.formats.listed import Listed, Wanted
from keizer_xl.formats.rating_list import ListKind, list_kind
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import find_columns, find_sheet, workbook_language
from keizer_xl.sheets.tables import blank, column_letter, quote_sheet
from keizer_xl.sheets.read_tables import read_settings

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book, Table

#: the Players columns a list fills, in this order
FILLED = ("rating", "fide_id", "national_id", "federation", "birth", "sex", "title")


@dataclass(frozen=True)
class PlayersRequest:
    """``list_path``: the rating list (None: the ``rating_list`` setting, a path relative to
    ``folder``, the workbook's); ``club``: add this club's members; ``add``: add the player
    whose name holds each text; ``write``: write (else a dry run)."""

    list_path: str | None
    club: str | None = None
    add: tuple[str, ...] = ()
    write: bool = True
    folder: str | None = None


@dataclass(frozen=True)
class CellChange:
    """One cell: ``player``'s ``column`` at ``cell`` from ``old`` to ``new``; ``overwritten``:
    the club had typed another value there."""

    player: str
    column: str
    cell: str
    old: Any
    new: Any
    overwritten: bool


@dataclass(frozen=True)
class Refusal:
    """``who`` (a player of the sheet, or an ``--add`` text) was left alone: ``ambiguous``
    with its ``candidates`` (name, id) or ``not found``."""

    who: str
    reason: str
    candidates: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PlayersReport:
    list_label: str
    sheet: str
    changes: tuple[CellChange, ...] = ()
    added: tuple[str, ...] = ()
    new_columns: tuple[str, ...] = ()
    refused: tuple[Refusal, ...] = ()
    not_in_list: tuple[str, ...] = ()
    written: bool = False
    language: str = "en"  # the workbook's

    def as_json(self) -> dict[str, Any]:
        return {"list": self.list_label, "written": self.written,
                "changes": [asdict(c) for c in self.changes],
                "added": list(self.added), "new_columns": list(self.new_columns),
                "refused": [{"who": r.who, "reason": r.reason,
                             "candidates": [list(c) for c in r.candidates]} for r in self.refused],
                "not_in_list": list(self.not_in_list)}


@dataclass
class _Row:
    index: int
    name: str
    values: dict[str, Any]


def _text(value: Any) -> str:
    if blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if hasattr(value, "strftime"):
        return str(value.strftime("%Y-%m-%d"))
    return str(value).strip()


def _value(entry: Listed, key: str) -> Any:
    if key == "rating":
        return entry.rating
    if key in ("fide_id", "birth"):  # a number when all digits (an id, a birth year)
        text = str(getattr(entry, key))
        return int(text) if text.isdigit() else text or None
    value = getattr(entry, key) or None
    return int(value) if isinstance(value, str) and value.isdigit() and key == "national_id" \
        and not value.startswith("0") else value


def _same(old: Any, new: Any, key: str) -> bool:
    a, b = _text(old), _text(new)
    if a.casefold() == b.casefold():
        return True
    if key == "birth" and len(b) == 4 and birth_year(old) == int(b):
        return True  # the club typed the whole date, the list gives the year
    return key == "sex" and a.upper()[:1] in ("W", "V") and b == "F"


def _shown_name(entry: Listed, comma_names: bool) -> str:
    """A new player's name as the sheet writes names: FIDE's ``Surname, First`` kept when the
    sheet's names have a comma, else ``First Surname``."""
    surname, comma, first = entry.name.partition(",")
    if comma_names or not comma:
        return entry.name.strip()
    return f"{first.strip()} {surname.strip()}".strip()


def _list_path(book: Book, request: PlayersRequest) -> tuple[Path, str]:
    """The rating list's path and the workbook's language (its ``language`` setting)."""
    settings_sheet = find_sheet(book, "Settings")
    settings = read_settings(book.read_table(settings_sheet) if settings_sheet else None, [])
    lang = workbook_language(book, settings)
    if request.list_path:
        return Path(request.list_path), lang
    if not settings.rating_list:
        raise UsageError(Message("no rating list: name its file in the rating_list setting, or "
                                 "give it on the command line"))
    path = Path(settings.rating_list).expanduser()
    if not path.is_absolute() and request.folder:
        path = Path(request.folder) / path
    return path, lang


def run(book: Book, request: PlayersRequest) -> PlayersReport:
    path, lang = _list_path(book, request)
    if not path.is_file():
        raise UsageError(Message("the rating list {path} does not exist", path=str(path)))
    kind = list_kind(path)
    if request.club is not None and not kind.has_clubs:
        raise UsageError(Message("{list} has no clubs: adding a club's members needs a national list",
                                 list=Message(kind.label)))
    sheet = find_sheet(book, "Players")
    if sheet is None:
        raise ActionError(Message("the workbook has no {sheet} sheet",
                                  sheet=schema.sheet_name("Players", lang)))
    table: Table = book.read_table(sheet)
    at = find_columns(table, "Players", [])  # key -> column, every language and alias
    if "name" not in at:
        raise ActionError(Message("{where}: the {sheet} sheet has no {column} column",
                                  where=table.header_cell(0), sheet=sheet,
                                  column=schema.header("Players", "name", lang)))
    national = kind.national_column
    rows = [_Row(i, _text(r[at["name"]]), {k: r[j] for k, j in at.items()})
            for i, r in enumerate(table.rows) if not blank(r[at["name"]])]
    ids = {_text(r.values.get(k)) for r in rows for k in ("fide_id", national)} - {""}
    wanted = Wanted(ids=frozenset(ids),
                    names=frozenset(k for r in rows for k in gate_keys(r.name)),
                    parts=tuple(request.add), club=request.club)
    entries = [e for e in kind.read(path, wanted) if wanted.wants(e)]
    plan = _Plan(kind, table, at, lang, sheet)
    taken: set[int] = set()
    candidates = [Candidate(e.name, e.fide_id, e.national_id, birth_year(e.birth)) for e in entries]
    # those with an id first: an entry found by its id is no candidate for another's name
    results = {}
    for by_id in (True, False):
        free = [i for i in range(len(entries)) if i not in taken]
        for row in rows:
            own = (_text(row.values.get("fide_id")), _text(row.values.get(national)))
            if row.index in results or (by_id and not any(own)):
                continue
            found = match(row.name, *own, birth_year(row.values.get("birth")),
                          [candidates[i] for i in free])
            if by_id and found.by not in ("fide_id", "national_id"):
                continue
            results[row.index] = found
            if found.found is not None:
                taken.add(free[found.found])
                plan.update(row, entries[free[found.found]])
            elif found.ambiguous:
                plan.refuse(row.name, [entries[free[i]] for i in found.ambiguous])
            else:
                plan.not_in_list.append(row.name)
    on_sheet = [name_forms(r.name) for r in rows]

    def there(entry: Listed, i: int) -> bool:
        return i in taken or any(f & name_forms(entry.name) for f in on_sheet)

    comma_names = any("," in r.name for r in rows)
    for part in request.add:
        hits = [i for i, e in enumerate(entries) if name_contains(e.name, part)]
        if len(hits) > 1:
            plan.refuse(part, [entries[i] for i in hits])
        elif not hits:
            plan.refused.append(Refusal(part, "not found"))
        elif not there(entries[hits[0]], hits[0]):
            plan.add(entries[hits[0]], _shown_name(entries[hits[0]], comma_names))
            taken.add(hits[0])
    if request.club is not None:  # two members of one name: both refused, never one guessed
        members = [(i, e) for i, e in enumerate(entries)
                   if e.club and _club_of(e, request.club) and not there(e, i)]
        for i, e in members:
            twins = [x for _, x in members if name_forms(x.name) & name_forms(e.name)]
            if len(twins) > 1:
                if e is twins[0]:
                    plan.refuse(_shown_name(e, comma_names), twins)
                continue
            plan.add(e, _shown_name(e, comma_names))
            taken.add(i)
    written = False
    if request.write and (plan.cells or plan.added):
        set_cells = getattr(book, "set_cells", None)  # the clients have it; tables.Book does not
        if set_cells is None:
            raise ActionError(Message("this workbook client cannot update the {sheet} sheet's "
                                      "cells: use the command line", sheet=sheet))
        set_cells(sheet, plan.cells, header_row=table.header_row)
        if plan.added:
            book.append_rows(sheet, plan.added)
        book.save()
        written = True
    return PlayersReport(kind.label, sheet, tuple(plan.changes),
                         tuple(str(r[plan.header("name")]) for r in plan.added),
                         tuple(plan.new_columns), tuple(plan.refused), tuple(plan.not_in_list),
                         written, lang)


def _club_of(entry: Listed, club: str) -> bool:
    a, b = entry.club.strip(), club.strip()
    return int(a) == int(b) if a.isdigit() and b.isdigit() else a.casefold() == b.casefold()


class _Plan:
    """The cells, rows and columns the list changes, and what it refuses."""

    def __init__(self, kind: ListKind, table: Table, at: dict[str, int], lang: str, sheet: str):
        self.kind, self.table, self.lang, self.sheet = kind, table, lang, sheet
        self.at = dict(at)
        self.cells: dict[tuple[int, int], Any] = {}
        self.changes: list[CellChange] = []
        self.added: list[dict[str, Any]] = []
        self.new_columns: list[str] = []
        self.refused: list[Refusal] = []
        self.not_in_list: list[str] = []

    def _key(self, key: str) -> str:
        return self.kind.national_column if key == "national_id" else key

    def header(self, key: str) -> str:
        """The sheet's header of ``key``; a new column (at the right) when it has none."""
        key = self._key(key)
        if key not in self.at:
            self.at[key] = len(self.table.headers) + len(self.new_columns)
            name = schema.header("Players", key, self.lang)
            self.new_columns.append(name)
            self.cells[(self.table.header_row, self.table.first_column + self.at[key])] = name
            return name
        i = self.at[key]
        return self.table.headers[i] if i < len(self.table.headers) else \
            self.new_columns[i - len(self.table.headers)]

    def _values(self, entry: Listed) -> dict[str, Any]:
        out = {key: _value(entry, key) for key in FILLED}
        if not out["federation"] and self.kind.federation:
            out["federation"] = self.kind.federation
        return {k: v for k, v in out.items() if v not in (None, "")}

    def update(self, row: _Row, entry: Listed) -> None:
        for key, new in self._values(entry).items():
            old = row.values.get(self._key(key))
            if _same(old, new, key):
                continue
            column = self.header(key)
            c = self.table.first_column + self.at[self._key(key)]
            r = self.table.header_row + 1 + row.index
            self.cells[(r, c)] = new
            self.changes.append(CellChange(row.name, column,
                                           f"{quote_sheet(self.sheet)}!{column_letter(c)}{r}",
                                           None if blank(old) else old, new, not blank(old)))

    def add(self, entry: Listed, name: str) -> None:
        row = {self.header("name"): name}
        row.update({self.header(k): v for k, v in self._values(entry).items()})
        self.added.append(row)

    def refuse(self, who: str, entries: Sequence[Listed]) -> None:
        self.refused.append(Refusal(who, "ambiguous", tuple(
            (e.name, e.fide_id or e.national_id) for e in entries)))
