"""The words every engine sheet and the HTML page show around their tables: the title line
(season, club, what the sheet is, the date of the run), the page header and footer, and the
marks of the per-round columns with their legend (issue 9, items 4 and 5).

Every user-visible word of these lives here, one place per concept, so a translation only has
to route these through the message catalog: :data:`SHEET_TITLES` (what each sheet is),
:data:`MARKS` and :data:`MARK_WORDS` (the round marks and the legend's words), :func:`footer`.

The date of the run is :func:`run_date`: today, or ``KEIZER_XL_TODAY`` (an ISO date) when set,
so golden files and render tests stay deterministic.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from keizer_xl.sheets.layout import Field, HeaderText

#: the language of the sheets and the HTML page (``<html lang>``)
LANGUAGE = "en"

#: the environment variable that fixes the date of the run (YYYY-MM-DD)
TODAY_VARIABLE = "KEIZER_XL_TODAY"

#: what each engine sheet is, by kind; ``{round}`` is the round it shows
SHEET_TITLES: Mapping[str, str] = {
    "standings": "Standings after round {round}",
    "pairings": "Pairings round {round}",
    "history": "History after round {round}",
    "crosstable": "Crosstable after round {round}",
    "explain": "Explanation after round {round}",
    "audit": "Pairing audit up to round {round}",
    "compare": "Final ranking after round {round} by method and preset",
}

#: the short marks of a round that was not a game (Standings round columns, HTML), by what the
#: engine scored (analysis.history.RoundFact.kind, or the attendance code of an absence)
MARKS: Mapping[str, str] = {
    "bye": "bye",       # a pairing-allocated bye (rules section 3)
    "E": "E",           # absent, excused
    "U": "U",           # absent, unexcused (also: present but not paired)
    "C": "C",           # absent for club duty
    "L": "L",           # not yet a member (joined later, section 7)
    "withdrawn": "wd",  # withdrawn from the competition (section 7)
}

#: the legend's words for each mark (the key of MARKS), in the order the legend lists them
MARK_WORDS: Mapping[str, str] = {
    "bye": "bye",
    "E": "excused",
    "U": "unexcused",
    "C": "club duty",
    "L": "not yet a member",
    "withdrawn": "withdrawn",
}

LEGEND_INTRO = "Round columns: a number is a game's points;"
LEGEND_POINTS = "a mark with a number: the points it scored."
CLUB_CODE_WORDS = "club code"
WITHDRAWN_SUFFIX = " (wd)"  # after a withdrawn player's name
WITHDRAWN_WORD = "withdrawn"
PAGE_WORD = "page"
OF_WORD = "of"


@dataclass(frozen=True)
class RunContext:
    """Who and when: the season's name, the club, and the date of the run."""

    season: str = ""
    club: str = ""
    date: _dt.date | None = None

    def line(self, kind: str, rnd: int | None = None) -> str:
        """The title line of a sheet: ``season · club · what it is · date``; empty parts out."""
        return " · ".join(p for p in (self.season, self.club, sheet_title(kind, rnd),
                                      self.date.isoformat() if self.date else "") if p)


def sheet_title(kind: str, rnd: int | None = None) -> str:
    """What the sheet of ``kind`` is (``Standings after round 8``)."""
    text = SHEET_TITLES[kind]
    if rnd is None:
        return re.sub(r"\s*(after |up to )?round \{round\}", "", text)
    return text.format(round=rnd)


def run_date(today: _dt.date | None = None) -> _dt.date:
    """``today`` if given, else ``KEIZER_XL_TODAY`` (YYYY-MM-DD) if set, else the system date."""
    if today is not None:
        return today
    fixed = os.environ.get(TODAY_VARIABLE, "").strip()
    if fixed:
        try:
            return _dt.date.fromisoformat(fixed)
        except ValueError:
            raise ValueError(f"{TODAY_VARIABLE}={fixed!r} is not a date (YYYY-MM-DD)") from None
    return _dt.date.today()


def book_name(book: Any) -> str:
    """The workbook's file name without folder and extension (``club-season``), from the
    client's ``label`` (FileBook: the path; UnoBook and XlwingsBook: the document's name);
    empty when the client cannot tell (an unsaved document)."""
    label = str(getattr(book, "label", "") or "")
    if not label or label == "the workbook":
        return ""
    name = re.split(r"[\\/]", label)[-1]
    name = re.sub(r"\.(xlsx|xlsm|xls|ods|xltx|xltm)$", "", name, flags=re.IGNORECASE)
    return re.sub(r"\.keizer$", "", name)  # batch writes <stem>.keizer.xlsx


def run_context(settings: Any = None, book: Any = None, name: str = "",
                today: _dt.date | None = None) -> RunContext:
    """The context of a run: the ``season`` setting (else the workbook's file name), the
    ``club`` setting, and :func:`run_date`."""
    season = str(getattr(settings, "season", "") or "") or name or book_name(book)
    club = str(getattr(settings, "club", "") or "")
    return RunContext(season=season, club=club, date=run_date(today))


def footer() -> HeaderText:
    """The page footer's centre: ``page 3 of 7``."""
    return (PAGE_WORD + " ", Field.PAGE, f" {OF_WORD} ", Field.PAGES)


def mark_key(kind: str, code: str | None) -> str:
    """The MARKS key of a round that was not a game: its kind (bye, withdrawn) or its code."""
    if kind in ("bye", "withdrawn"):
        return kind
    if kind == "late":
        return "L"
    if kind == "unmarked":
        return "U"
    return code or "U"


def mark_text(key: str) -> str:
    """The mark shown for ``key``: a built-in mark, or a club code as typed."""
    return MARKS.get(key, key)


def mark_format(key: str, points: Fraction | float | int) -> str:
    """The number format of a non-game round cell: the mark, with the points after it where
    it scored (``"E "General`` shows ``E 16.67``); the mark alone where it scored 0.  The cell
    keeps its number, so a tool reading the sheet reads the points."""
    text = mark_text(key).replace('"', "")
    if points == 0:
        return f'"{text}";"{text}";"{text}"'
    return f'"{text} "General'


def legend(used: set[str]) -> str:
    """The marks in ``used`` explained (``bye bye, E excused, wd withdrawn``)."""
    parts = [f"{mark_text(k)} {MARK_WORDS[k]}" for k in MARK_WORDS if k in used]
    parts += [f"{k} {CLUB_CODE_WORDS}" for k in sorted(used - set(MARK_WORDS))]
    return f"{', '.join(parts)}." if parts else ""


def legend_lines(used: set[str]) -> tuple[str, ...]:
    """The legend as short lines (a printed page cuts a long line at its edge)."""
    marks = legend(used)
    return (f"{LEGEND_INTRO} {LEGEND_POINTS}", marks) if marks else ()


__all__ = ["RunContext", "SHEET_TITLES", "MARKS", "MARK_WORDS", "run_context", "run_date",
           "sheet_title", "book_name", "footer", "mark_key", "mark_text", "mark_format",
           "legend", "legend_lines", "LANGUAGE", "TODAY_VARIABLE", "WITHDRAWN_SUFFIX", "WITHDRAWN_WORD"]
