"""What every front end ends an action with: an :class:`Outcome`, how its report came about
(:class:`Done`), the exit codes (WORKBOOK-CONTRACT.md), the front ends and the one problem-list
limit; below both :mod:`keizer_xl.frontends.render` and :mod:`keizer_xl.frontends.outcome`, so
neither imports the other's types.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any
from collections.abc import Sequence

# the macro answer (its statuses and their exit codes) is imported where an answer is made
# or read: a command line run makes none (~2 ms of every run, issue 25)
if TYPE_CHECKING:
    from keizer_xl.app.macro_answer import MacroAnswer, Status

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
#: an unexpected error (a bug) exits 1 like a refusal: the contract has three codes
EXIT_UNEXPECTED = 1

#: The one problem-list limit (issue 15): the command line, the message boxes and the
#: notes blocks list at most this many, then say how many more (all are in ``problems``).
MAX_LISTED = 25


@dataclass(frozen=True)
class Outcome:
    """What a front end shows: ``lines`` in its own words, ``exit_code`` as the CLI exits.

    On the command line ``out`` goes to standard output (the pairing, the table, JSON) and
    ``lines`` to standard error; in a message box ``lines`` are its paragraphs (``box_text``).
    ``message`` is the reason alone and ``hint`` the hint key; ``problems`` every
    ``Sheet!Cell: message`` of a workbook with problems (``lines`` lists the first
    :data:`MAX_LISTED`); ``notes`` the report's notes in the shown language; ``report`` the
    report as JSON data (``pair --format json``); ``title`` a message box's title;
    ``language`` the language of the lines; ``detail`` the traceback of an unexpected error."""

    status: Status
    exit_code: int
    lines: tuple[str, ...]
    message: str = ""
    hint: str | None = None
    problems: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    report: Any = None
    title: str = ""
    language: str = "en"
    detail: str = ""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def box_text(self) -> str:
        """The text of a message box: the paragraphs, an empty line apart."""
        return "\n\n".join(self.lines)

    def answer(self, action: str, *, written: Sequence[str] = (), saved: bool = False,
               frozen: dict[str, int] | None = None) -> MacroAnswer:
        """This outcome as an action's answer (:class:`~keizer_xl.app.macro_answer.
        MacroAnswer`): the LibreOffice macro's, the Excel buttons' and Lite's."""
        from keizer_xl.app.macro_answer import MacroAnswer

        return MacroAnswer(action, **_fields_of(self), text=self.box_text,
                           written=tuple(written), saved=saved, frozen=dict(frozen or {}))

    @classmethod
    def of_answer(cls, answer: MacroAnswer) -> Outcome:
        """The outcome an action answered (``lo-run`` prints it like any other)."""
        lines = answer.lines or ((answer.text,) if answer.text else ())
        return cls(**{**_fields_of(answer), "lines": lines})


def _fields_of(value: object) -> dict[str, Any]:
    """The fields an :class:`Outcome` and a macro answer share, as ``value`` has them."""
    return {f.name: getattr(value, f.name) for f in fields(Outcome)}


@dataclass(frozen=True)
class Done:
    """How a report came about, for its wording.

    ``book``: the workbook as the user named it (the command line's path); ``written``: the
    workbook was written; ``saved``: and saved to disk (Excel without ``Keizer Save``: not
    yet); ``messages``: the client's warnings; ``format``: the command line's ``--format``;
    ``full_list``: where every problem is listed when there are more than the limit;
    ``files``: the files this run wrote completely before it failed (a Ctrl+C names them,
    and ``backups``, the folder beside them with their previous versions);
    ``rolled_back``: the changes made before a failure were taken back (LibreOffice's undo);
    ``lang``: the language of the messages when it is not the run's (``batch``: the one
    language of all its workbooks)."""

    book: str = ""
    written: bool = False
    saved: bool = True
    messages: tuple[str, ...] = ()
    format: str = "table"
    full_list: str | None = None  # a file with every problem (Excel writes one)
    category: str | None = None  # standings --category C (issue 18): only that category
    source: str = ""  # the workbook a new one was made from (new-season's OLD)
    files: tuple[str, ...] = ()
    backups: str = ""
    rolled_back: bool = False
    lang: str | None = None
