"""What a button's action answers (issue 27): one typed value for every path that runs one.

The LibreOffice macro returns it as JSON, :mod:`keizer_xl.clients.lo_run` reads it back and
adds what it says after the save, the command line prints it
(:meth:`keizer_xl.frontends.shown.Outcome.of_answer`), the Excel buttons and Lite build one for
their box.  It imports nothing of the package, so every layer above may import it (the macro
file writes the same keys itself when keizer-xl cannot be loaded).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal
from collections.abc import Callable, Mapping

Status = Literal["ok", "problems", "refused", "usage", "error"]
STATUSES: tuple[Status, ...] = ("ok", "problems", "refused", "usage", "error")

#: The exit code of each status (WORKBOOK-CONTRACT.md: the contract's three codes; an
#: unexpected error exits 1 like a refusal).
EXIT_CODES: dict[Status, int] = {"ok": 0, "problems": 1, "refused": 1, "usage": 2, "error": 1}


@dataclass(frozen=True)
class MacroAnswer:
    """One action's answer to the front end that asked for it: the outcome's fields (as
    :class:`~keizer_xl.frontends.shown.Outcome` has them), the box's ``action`` and ``text``,
    and the client's: ``written`` sheets, ``saved``, ``frozen`` (each written sheet's header
    rows, which ``lo_run`` puts back after a headless save) and ``messages`` (shown as
    warnings)."""

    action: str
    status: Status
    lines: tuple[str, ...]
    exit_code: int = -1  # -1: the status's own (EXIT_CODES)
    message: str = ""
    hint: str | None = None
    problems: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    report: Any = None  # the report as JSON data (``pair --format json``)
    title: str = ""
    language: str = "en"
    detail: str = ""
    text: str = ""
    written: tuple[str, ...] = ()
    saved: bool = False
    frozen: Mapping[str, int] = field(default_factory=dict)
    messages: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"not an answer status: {self.status!r} (one of "
                             f"{', '.join(STATUSES)})")
        if self.exit_code == -1:
            object.__setattr__(self, "exit_code", EXIT_CODES[self.status])

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, every key present (what :meth:`from_json` reads back)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = (list(value) if isinstance(value, tuple)
                            else dict(value) if f.name == "frozen" else value)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MacroAnswer:
        """The answer in ``data``.  A key it does not know, a missing ``action``, ``status``
        or ``lines``, or a value of the wrong kind is a ValueError naming it: the macro file
        and this package must agree on every key (the macro file's own answers, written when
        keizer-xl cannot be loaded, give those three and ``title``, ``text``, ``detail``)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a macro answer is a JSON object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown key(s) in a macro answer: {', '.join(unknown)}")
        missing = [key for key in ("action", "status", "lines") if key not in data]
        if missing:
            raise ValueError(f"a macro answer lacks {', '.join(missing)}")
        return cls(**{key: _checked(key, value) for key, value in data.items()})


_TEXTS = ("lines", "problems", "out", "notes", "written", "messages")
_STRINGS = ("action", "status", "message", "title", "language", "detail", "text")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: each field's kind as a wrong value is told, and its check (``report``: any JSON data)
_KINDS: dict[str, tuple[str, Callable[[Any], bool]]] = {
    **dict.fromkeys(_TEXTS, ("a list of texts", lambda v: isinstance(v, (list, tuple)))),
    **dict.fromkeys(_STRINGS, ("a text", lambda v: isinstance(v, str))),
    "hint": ("a text or null", lambda v: v is None or isinstance(v, str)),
    "exit_code": ("a whole number", _whole),
    "saved": ("true or false", lambda v: isinstance(v, bool)),
    "frozen": ("an object of sheet names and row counts", lambda v: isinstance(v, Mapping)
               and all(isinstance(k, str) and _whole(n) for k, n in v.items())),
}


def _checked(key: str, value: Any) -> Any:
    """``value`` as the field ``key`` holds it; a value of the wrong kind is a ValueError."""
    kind, ok = _KINDS.get(key, ("", lambda v: True))
    if not ok(value):
        raise ValueError(f"the macro answer's {key} must be {kind}, not {value!r:.80}")
    return (tuple(str(x) for x in value) if key in _TEXTS
            else dict(value) if key == "frozen" else value)
