"""The words every engine sheet and the HTML page show around their tables: the title line
(season, club, what the sheet is, the date of the run), the page header and footer, and the
marks of the per-round columns with their legend (issue 9, items 4 and 5).

Every user-visible word of these lives here, one place per concept, each a message id of the
catalog (``keizer_xl/i18n``) and shown in the workbook's language (``lang``, issue 9):
:data:`SHEET_TITLES` (what each sheet is), :data:`MARKS` and :data:`MARK_WORDS` (the round marks
and the legend's words), :func:`footer`.  The marks of the built-in attendance codes are the
language's own letters (``sheets/schema.CODE_LETTERS``: Dutch ``A`` afgemeld, ``Z`` zonder
bericht, ``T`` teamwedstrijd, ``N`` nog geen lid), so the Standings read like the Attendance
sheet the club typed.

The date of the run is :func:`run_date`: today, or ``KEIZER_XL_TODAY`` (an ISO date) when set,
so golden files and render tests stay deterministic.  English shows it as an ISO date
(``2026-03-01``), the other languages in CLDR's long form (``1 maart 2026``), from the
catalogs' months and pattern (:data:`MONTHS`, :data:`LONG_DATE`).
"""
from __future__ import annotations

import datetime as _dt
import functools
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from keizer_xl.errors import N_
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Field, HeaderText


#: the environment variable that fixes the date of the run (YYYY-MM-DD)
TODAY_VARIABLE = "KEIZER_XL_TODAY"

#: what each engine sheet is, by kind; ``{round}`` is the round it shows (message ids)
SHEET_TITLES: Mapping[str, str] = {
    "standings": N_("Standings after round {round}"),
    "pairings": N_("Pairings round {round}"),
    "history": N_("History after round {round}"),
    "crosstable": N_("Crosstable after round {round}"),
    "explain": N_("Explanation after round {round}"),
    "audit": N_("Pairing audit up to round {round}"),
    "compare": N_("Final ranking after round {round} by method and preset"),
    "periods": N_("Periods after round {round}"),
    "schedule": N_("Round robin schedule after round {round}"),
}

#: the same without a round (an empty season, an audit of no round)
SHEET_TITLES_NO_ROUND: Mapping[str, str] = {
    "standings": N_("Standings"),
    "pairings": N_("Pairings"),
    "history": N_("History"),
    "crosstable": N_("Crosstable"),
    "explain": N_("Explanation"),
    "audit": N_("Pairing audit"),
    "compare": N_("Final ranking by method and preset"),
    "periods": N_("Periods"),
    "schedule": N_("Round robin schedule"),
}

#: the short marks of a round that was not a game (Standings round columns, HTML), by what the
#: engine scored (analysis.history.RoundFact.kind, or the attendance code of an absence).
#: English; ``bye`` and ``wd`` are message ids, the codes become the language's letters
#: (:func:`mark_text`).
MARKS: Mapping[str, str] = {
    "bye": N_("bye"),   # a pairing-allocated bye (rules section 3): nl vrij, de spielfrei
    "E": "E",           # absent, excused
    "U": "U",           # absent, unexcused (also: present but not paired)
    "C": "C",           # absent for club duty
    "L": "L",           # not yet a member (joined later, section 7)
    "withdrawn": N_("wd"),  # withdrawn from the competition (section 7): nl tr, de zg, fr ret
    # a forfeit (issue 33: printed like a played game before): won, lost, both lost; the
    # Results sheet's own notation from the player's side (nl 1R 0R 0-0R, de + - --)
    "forfeit_win": N_("1F"),
    "forfeit_loss": N_("0F"),
    "double_forfeit": N_("0-0F"),
}

#: the marks that are words of the catalog (the others are attendance codes)
WORD_MARKS = ("bye", "withdrawn", "forfeit_win", "forfeit_loss", "double_forfeit")

#: the legend's words for each mark (the key of MARKS), in the order the legend lists them
#: (message ids; the code words are model.BUILTIN_CODES')
MARK_WORDS: Mapping[str, str] = {
    "bye": N_("pairing-allocated bye"),
    "E": N_("excused"),
    "U": N_("unexcused"),
    "C": N_("club duty"),
    "L": N_("not yet a member"),
    "withdrawn": N_("withdrawn"),
    "forfeit_win": N_("won by forfeit"),
    "forfeit_loss": N_("lost by forfeit"),
    "double_forfeit": N_("double forfeit (both lost)"),
}

#: the bye's mark in a round column, outside English (issue 26: German "spielfrei 13.33" made
#: the round columns of a 20 x 12 Standings too wide for one page): Dutch vrij, German frei
BYE_MARK = N_("the mark of a pairing-allocated bye in a round column")

LEGEND_INTRO = N_("Round columns: a number is a game's points;")
LEGEND_POINTS = N_("a mark with a number: the points it scored.")
CLUB_CODE_WORDS = N_("club code")
#: the marks =1, =½, =0 (=1F, =0F): a game against a player of another group (core/groups.py)
OTHER_GROUP_WORDS = N_("game against a player of another group (share of own value)")
WITHDRAWN_WORD = N_("withdrawn")
#: the footer; ``{page}`` and ``{pages}`` become the page fields
PAGE_OF = N_("page {page} of {pages}")


def withdrawn_suffix(lang: str = "en") -> str:
    """What follows a withdrawn player's name: `` (wd)``, Dutch `` (tr)``."""
    return f" ({mark_text('withdrawn', lang)})"


@dataclass(frozen=True)
class RunContext:
    """Who and when: the season's name, the club, and the date of the run."""

    season: str = ""
    club: str = ""
    date: _dt.date | None = None

    def line(self, kind: str, rnd: int | None = None, lang: str = "en") -> str:
        """The title line of a sheet: ``season · club · what it is · date``; empty parts out."""
        return " · ".join(p for p in (self.season, self.club, sheet_title(kind, rnd, lang),
                                      date_text(self.date, lang) if self.date else "") if p)


#: The months and the long date of a sheet's date line (:func:`date_text`), as catalog ids: the
#: catalogs hold CLDR's long date of each language, checked against Babel's ``format_date``
#: for every month (tests/test_i18n.py).  Babel itself is not loaded for it: its import and
#: the language's CLDR data were some 13 ms of every Dutch command (issue 25).
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
          N_("July"), N_("August"), N_("September"), N_("October"), N_("November"),
          N_("December"))
LONG_DATE = N_("{day} {month} {year}")


def date_text(date: _dt.date, lang: str = "en") -> str:
    """The date of a run as the language writes it: ISO in English (golden files, sorting),
    the long form elsewhere (``1 maart 2026``, ``1. März 2026``, ``1 mars 2026``)."""
    tr = translator(lang)
    if tr.lang == "en":
        return date.isoformat()
    return tr.gettext(LONG_DATE, day=date.day, month=tr.gettext(MONTHS[date.month - 1]),
                      year=date.year)


def sheet_title(kind: str, rnd: int | None = None, lang: str = "en") -> str:
    """What the sheet of ``kind`` is (``Standings after round 8``, ``Stand na ronde 8``)."""
    tr = translator(lang)
    if rnd is None:
        return tr.gettext(SHEET_TITLES_NO_ROUND[kind])
    return tr.gettext(SHEET_TITLES[kind], round=rnd)


def run_date() -> _dt.date:
    """``KEIZER_XL_TODAY`` (YYYY-MM-DD) if set, else the system date."""
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


def run_context(settings: Any = None, book: Any = None, name: str = "") -> RunContext:
    """The context of a run: the ``season`` setting (else the workbook's file name), the
    ``club`` setting, and :func:`run_date`."""
    season = str(getattr(settings, "season", "") or "") or name or book_name(book)
    club = str(getattr(settings, "club", "") or "")
    return RunContext(season=season, club=club, date=run_date())


def footer(lang: str = "en") -> HeaderText:
    """The page footer's centre: ``page 3 of 7`` (``pagina 3 van 7``)."""
    text = translator(lang).gettext(PAGE_OF)
    fields = {"{page}": Field.PAGE, "{pages}": Field.PAGES}
    return tuple(fields.get(part, part) for part in re.split(r"(\{pages?\})", text) if part)


def mark_key(kind: str, code: str | None) -> str:
    """The MARKS key of a round that was not a game: its kind (bye, withdrawn) or its code."""
    if kind in ("bye", "withdrawn"):
        return kind
    if kind == "late":
        return "L"
    if kind == "unmarked":
        return "U"
    return code or "U"


def mark_text(key: str, lang: str = "en") -> str:
    """The mark shown for ``key`` in ``lang``: ``bye`` and ``wd`` translated, a built-in code
    as the language's letter (Dutch ``A`` for E), a club code as typed."""
    if key == "bye" and translator(lang).has(BYE_MARK) and translator(lang).lang != "en":
        return translator(lang).gettext(BYE_MARK)
    if key in WORD_MARKS:
        return translator(lang).gettext(MARKS[key])
    if key in MARKS:
        letters = {builtin: letter for letter, builtin in schema.code_letters(lang).items()}
        return letters.get(key, MARKS[key])
    return key


def mark_format(key: str, points: Fraction | float | int, lang: str = "en") -> str:
    """The number format of a non-game round cell: the mark, with the points after it where
    it scored (``"E "General`` shows ``E 16.67``); the mark alone where it scored 0.  The cell
    keeps its number, so a tool reading the sheet reads the points."""
    return _mark_format(key, points != 0, lang)


@functools.cache
def _mark_format(key: str, scored: bool, lang: str) -> str:
    """:func:`mark_format`, made once per mark, language and whether it scored (a Standings
    sheet asks for one per non-game cell: 300 on a 60 x 35 season, issue 25)."""
    text = mark_text(key, lang).replace('"', "")
    if not scored:
        return f'"{text}";"{text}";"{text}"'
    return f'"{text} "General'


def legend(used: set[str], lang: str = "en") -> str:
    """The marks in ``used`` explained (``bye bye, E excused, wd withdrawn``; Dutch ``vrij vrij,
    A afgemeld, tr teruggetrokken``)."""
    tr = translator(lang)
    parts = [f"{mark_text(k, lang)} {tr.gettext(MARK_WORDS[k])}" for k in MARK_WORDS if k in used]
    others = sorted(k for k in used - set(MARK_WORDS) if k.startswith("="))
    if others:  # issue 18: one explanation for all the marks of games against another group
        parts.append(f"{' '.join(others)} {tr.gettext(OTHER_GROUP_WORDS)}")
    parts += [f"{k} {tr.gettext(CLUB_CODE_WORDS)}" for k in sorted(used - set(MARK_WORDS))
              if not k.startswith("=")]
    return f"{', '.join(parts)}." if parts else ""


#: the longest legend line of a narrow sheet: a printed page holds it (a longer line ran past
#: the page's edge or on over the next page's columns, issue 26)
LEGEND_WIDTH = 64


def legend_lines(used: set[str], lang: str = "en", width: int = LEGEND_WIDTH) -> tuple[str, ...]:
    """The legend as short lines (a printed page cuts a long line at its edge), each at most
    ``width`` characters, broken between words."""
    import textwrap

    tr = translator(lang)
    marks = legend(used, lang)
    if not marks:
        return ()
    return tuple(line for text in (f"{tr.gettext(LEGEND_INTRO)} {tr.gettext(LEGEND_POINTS)}", marks)
                 for line in textwrap.wrap(text, width, break_long_words=False))

