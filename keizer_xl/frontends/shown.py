"""What a front end shows, as values: the :class:`Outcome` of an action (status, exit code, the
lines in the front end's own words), the statuses and their exit codes (WORKBOOK-CONTRACT.md),
the front ends, and the one problem-list limit.

The values both :mod:`keizer_xl.frontends.render` (a report -> an outcome) and
:mod:`keizer_xl.frontends.outcome` (any result or exception -> an outcome) speak; they sit
below both, so neither imports the other's types (no import circle).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
#: an unexpected error (a bug) exits 1 like a refusal: the contract has three codes
EXIT_UNEXPECTED = 1

Front = Literal["cli", "excel", "lite", "libreoffice"]
FRONTS: tuple[Front, ...] = ("cli", "excel", "lite", "libreoffice")
Status = Literal["ok", "problems", "refused", "usage", "error"]
STATUSES: tuple[Status, ...] = ("ok", "problems", "refused", "usage", "error")

#: The exit code of each status (the contract's three codes).
EXIT_CODES: dict[Status, int] = {"ok": EXIT_OK, "problems": EXIT_PROBLEMS,
                                 "refused": EXIT_PROBLEMS, "usage": EXIT_USAGE,
                                 "error": EXIT_UNEXPECTED}

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
    ``language`` the language of the lines; ``detail`` the traceback of an unexpected error.

    The LibreOffice macro returns one serialised (:meth:`to_json`), ``keizer-xl lo-run``
    reads it back (:meth:`from_json`) and prints it like any other command."""

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

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (what the macro hands to ``lo-run`` through its result file)."""
        return {"status": self.status, "exit_code": self.exit_code, "lines": list(self.lines),
                "message": self.message, "hint": self.hint, "problems": list(self.problems),
                "out": list(self.out), "notes": list(self.notes), "report": self.report,
                "title": self.title, "language": self.language, "detail": self.detail}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The outcome :meth:`to_json` wrote; a status it does not know is a ValueError."""
        status = data.get("status")
        if status not in STATUSES:
            raise ValueError(f"not an outcome status: {status!r}")
        hint = data.get("hint")
        # the macro file's own answers (keizer-xl could not be loaded) carry a status only
        code = data.get("exit_code")
        lines = data.get("lines")
        if lines is None:
            lines = [data["text"]] if data.get("text") else []
        return cls(cast(Status, status), EXIT_CODES[status] if code is None else int(code),
                   tuple(str(x) for x in lines),
                   message=str(data.get("message", "")),
                   hint=hint if isinstance(hint, str) else None,
                   problems=tuple(str(x) for x in data.get("problems", ())),
                   out=tuple(str(x) for x in data.get("out", ())),
                   notes=tuple(str(x) for x in data.get("notes", ())),
                   report=data.get("report"), title=str(data.get("title", "")),
                   language=str(data.get("language", "en")),
                   detail=str(data.get("detail", "")))
