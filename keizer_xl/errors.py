"""Every exception keizer-xl raises, under one root (layer 0: imports nothing of the package).

Errors are raised as data and worded once per front end (ARCHITECTURE.md, "Rules of the
house"): a problem carries its ``Sheet!Cell``, a refusal carries a *hint key* (:data:`HINTS`)
and never a command-line flag; :mod:`keizer_xl.frontends.outcome` turns any of them into a
status, an exit code and the lines a user reads.  :class:`KeizerError` is the root of what is
expected (:class:`UserError`: the user can fix it; :class:`ClientError`: a file, Excel or
LibreOffice cannot do it; :class:`SetupError`); anything else that escapes an action is a bug:
an "unexpected error" with a log file.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, cast
from collections.abc import Iterable

#: The hint keys an error may carry (the way out), worded by each front end (frontends/outcome.py)
HINTS = ("repair", "force", "round",
         "python", "replace", "create", "vba_by_hand", "keep_all", "ods_copy", "print_only",
         "via_excel")


def N_(msgid: str) -> str:
    """Marks a catalog id for tools/catalogs.py (gettext_noop); translated where it is shown.

    The one marker (issue 15): here beside :class:`Message` so the core can mark ids too
    (errors < core < i18n); :mod:`keizer_xl.i18n` re-exports it for the layers above."""
    return msgid


class Message(str):
    """A message (a note, a refusal's reason) that keeps its catalog id and parameters.

    It *is* the English text (``msgid.format(**params)``), so it prints, compares and joins
    like any string; a front end shows it in the user's language with
    :func:`keizer_xl.i18n.translate`.  The core, which may not import the catalogs (layer
    order errors < core < i18n), raises and returns these: ``Message("round {round} is
    already paired", round=3)``.  A parameter may itself be a Message (translated too).
    A tuple parameter is a list shown joined by ", " (its Messages translated one by one).
    ``tools/catalogs.py`` extracts the ids of ``Message(...)`` calls."""

    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> Message:
        shown = {k: ", ".join(map(str, v)) if isinstance(v, tuple) else v
                 for k, v in params.items()}
        self = super().__new__(cls, msgid.format(**shown) if params else msgid)
        self.msgid = msgid
        self.params = params
        return self

    def __reduce__(self) -> Any:  # pickles (batch workers) with its id and parameters
        return functools.partial(type(self), self.msgid, **self.params), ()


class Plural(Message):
    """A Message that depends on a count ``n``: ``singular`` for one, ``plural`` otherwise in
    English; translated by the catalog's own plural rule (gettext's ``ngettext``: French says
    "0 partie", Dutch "0 partijen").  ``n`` is also a parameter of both texts.
    ``tools/catalogs.py`` extracts both ids of ``Plural(...)`` calls."""

    plural: str

    def __new__(cls, singular: str, plural: str, n: int, **params: Any) -> Plural:
        self = cast(Plural, super().__new__(cls, singular if n == 1 else plural, n=n, **params))
        self.msgid = singular
        self.plural = plural
        return self

    def __reduce__(self) -> Any:
        params = dict(self.params)
        n = params.pop("n")
        return functools.partial(Plural, self.msgid, self.plural, n, **params), ()


class Number(str):
    """A decimal number inside a Message (``53.83``): shown with the decimal sign of the
    language it is translated into (Dutch, German, French ``53,83``)."""


class Letter(str):
    """An attendance code inside a Message: a built-in code (``E``, ``U``, ``C``, ``L``) is
    shown as the workbook language's own letter (Dutch ``A``, ``Z``, ``T``, ``N``) when the
    message is translated (:func:`keizer_xl.i18n.translate`); a club code as typed.  The
    English text (and ``str()``) is the code itself."""


class KeizerError(Exception):
    """The root of every error keizer-xl raises on purpose; the message is meant for the user.

    ``usage`` marks a request that makes no sense (exit code 2) rather than a state of the
    workbook or the computer that needs fixing first (exit code 1); the exit code is decided
    from it in ``frontends/outcome.describe`` only.  ``hint`` is a key of :data:`HINTS` naming
    the way out (pair the round again, pair anyway, say which round, a flag to use); each
    front end words it, so an action never names a command-line flag.  ``language``: the
    language it is worded in, set where it is known (the reader: the workbook's)."""

    usage: bool = False
    hint: str | None = None
    language: str | None = None

    def __init__(self, message: str = "", usage: bool = False, hint: str | None = None):
        super().__init__(message)
        if usage:
            self.usage = True
        if hint is not None:
            if hint not in HINTS:
                raise ValueError(f"unknown hint {hint!r} (one of {', '.join(HINTS)})")
            self.hint = hint


class UserError(KeizerError):
    """Something the user can put right: a cell, a setting, the request."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where (``Sheet!Cell``, or ``""``) and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class InputError(UserError):
    """The season cannot be used; ``problems`` lists every reason at once."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class SettingError(UserError, ValueError):
    """A setting that cannot be used; ``key`` names it, the message says why."""

    def __init__(self, key: str, message: str, msgid: str | None = None, **params: Any):
        super().__init__(message)
        self.key = key
        #: the message as a catalog id with its parameters (keizer_xl.i18n), where it has one
        # (given, or carried by a Message)
        if msgid is None and isinstance(message, Message):
            msgid, params = message.msgid, dict(message.params)
        self.msgid = msgid
        self.params = params


class UnknownSettingError(SettingError):
    """A name that is no setting (the message suggests the closest): the reader puts it at the
    name's cell, not the value's."""


class NotANumberError(SettingError):
    """A setting value that is no number at all (not one that is merely too large or
    infinite): ``top_value`` then says it may also be a rule (N, 1.5N, ratio 3)."""


class AmbiguousTables(UserError, ValueError):
    """Two Excel Tables on one input sheet both have the contract's headers (issue 11: the
    reader never picks one silently); the sheet reader reports it at the sheet."""


class ResultError(UserError, ValueError):
    """A Result cell that is not a result (the message suggests what was meant); ``msgid`` and
    ``params`` let the sheet reader say it in the workbook's language (keizer_xl.i18n)."""

    def __init__(self, msgid: str, **params: Any):
        self.msgid = msgid
        self.params = params
        super().__init__(msgid.format(**params))


class PairingError(UserError, ValueError):
    """The round cannot be paired (fewer than two players, unknown or duplicate names)."""


class NotFoundError(UserError, LookupError):
    """A name that is not there; the message suggests the closest ones."""


class ActionError(UserError):
    """An action cannot run as asked (not a data problem in a cell)."""


class UsageError(UserError):
    """A request that makes no sense (a missing file, an option that does not fit): exit 2."""

    usage = True


class ClientError(KeizerError):
    """A workbook file, Excel or LibreOffice cannot do what was asked (``usage``: it cannot
    work here at all, LibreOffice is not installed, no such file)."""


class MissingPartError(ClientError, KeyError, IndexError):
    """A sheet, a column or a data row the workbook does not have (or a chart sheet where a
    table is expected).  Also a KeyError / IndexError, as the Book interface promises for a
    lookup that fails; unlike a bare KeyError (a fault in keizer-xl) its message is for the
    user."""

    __str__ = Exception.__str__  # the message as written, not KeyError's repr of it


class SetupError(KeizerError):
    """Making a workbook button-ready (or installing the macro) cannot go on; the message
    says what to do (``usage``: the request is missing something)."""
