"""Other programs' files <-> the model: KeizerForClubs tournaments (``.s3db``), FIDE TRF.

A layer beside ``sheets`` and below ``actions`` (ARCHITECTURE.md): pure parsing and writing,
no client library, no printing.  An importer returns an :class:`ImportedSeason`; the
``import`` command writes it into a new season workbook in the contract's sheets.
"""
from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterable

from keizer_xl.core.model import Bye, Game, Season, round_gaps
from keizer_xl.core.setting_values import MAX_ROUND_GAP
from keizer_xl.errors import InputError, Message, Problem
from keizer_xl.sheets.cells import TEXT_LIMIT

#: The largest file ``import`` reads: a TRF of 1,000 players and 1,000 rounds is 10 MB, a
#: KeizerForClubs tournament of a long season a few MB.  A larger one is refused before it is
#: read (``/dev/zero`` or a 4 GiB file must not fill the memory; issue 22).
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def round_gap_problems(items: Iterable[Game | Bye]) -> list[Problem]:
    """The rule ``check`` applies to Results (core.model.round_gaps), at the source's line or
    row (``origin``)."""
    return [Problem(origin or "?", Message(
        "round {round} comes after round {previous} ({count} rounds without any game): a typing "
        "slip? A season workbook allows at most {gap} rounds without games", round=rnd,
        previous=previous, count=rnd - previous - 1, gap=MAX_ROUND_GAP))
        for rnd, previous, origin in round_gaps(items)]


def name_problem(text: str) -> Message | None:
    """What keeps ``text`` (a name, a header line) out of a workbook cell: a control character,
    or more characters than a cell holds (never cut without a word); None when it fits."""
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        return Message("the name {name!r} holds the control character {code}", name=text,
                       code=f"U+{ord(bad):04X}")
    if len(text) > TEXT_LIMIT:
        return Message("the text is {length} characters long, more than the {limit} a workbook "
                       "cell holds", length=len(text), limit=TEXT_LIMIT)
    return None


def check_source_file(path: str | os.PathLike[str]) -> None:
    """Refuse (InputError) at once what is not a file to import: a folder, a pipe (FIFO: opening
    it waits for a writer forever), a device (``/dev/zero`` never ends), a socket, a file larger
    than :data:`MAX_SOURCE_BYTES`.  ``os.stat`` looks without opening."""
    where = str(path)
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError([Problem(where, Message("cannot read the file: {error}",
                                                 error=e.strerror or str(e)))]) from None
    what = None
    if stat.S_ISDIR(st.st_mode):
        what = Message("a folder")
    elif stat.S_ISFIFO(st.st_mode):
        what = Message("a pipe (FIFO)")
    elif stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        what = Message("a device")
    elif stat.S_ISSOCK(st.st_mode):
        what = Message("a socket")
    elif not stat.S_ISREG(st.st_mode):
        what = Message("not a regular file")
    if what is not None:
        raise InputError([Problem(where, Message(
            "this is {what}, not a TRF file or a KeizerForClubs tournament", what=what))])
    if st.st_size > MAX_SOURCE_BYTES:
        raise _too_large(where, st.st_size)


def _too_large(where: str, size: int) -> InputError:
    return InputError([Problem(where, Message(
        "the file is {size} MB, larger than any tournament file ({limit} MB at most): "
        "not a TRF file or a KeizerForClubs tournament",
        size=size // (1024 * 1024), limit=MAX_SOURCE_BYTES // (1024 * 1024)))])


def read_source_bytes(path: str | os.PathLike[str], size: int = MAX_SOURCE_BYTES + 1) -> bytes:
    """The bytes of the file to import (its first ``size``), after :func:`check_source_file`;
    the read is bounded (a file that grows while it is read is cut at the limit and refused)."""
    check_source_file(path)
    try:
        with open(Path(path), "rb") as fh:
            data = fh.read(size)
    except OSError as e:
        raise InputError([Problem(str(path), Message("cannot read the file: {error}",
                                                     error=e.strerror or str(e)))]) from None
    if len(data) > MAX_SOURCE_BYTES:
        raise _too_large(str(path), len(data))
    return data


@dataclass(frozen=True)
class ImportedSeason:
    """A season read from another program's file: ``settings_rows`` the Settings rows (key, value
    as typed) that reproduce the source's rules, ``season.settings`` the same parsed; ``notes``
    what the importer decided (Messages)."""

    season: Season
    settings_rows: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    source: str = ""  # "kfc" or "trf"
