"""The season's games as a FIDE TRF-16 rating report: ``export --trf`` (and ``--knsb``, the
Dutch federation's flavour), with a warning for every value the report cannot hold as it is.
The 001 line itself and the codes are :mod:`keizer_xl.formats.trf_format`'s."""
from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Mapping, Sequence

from keizer_xl.core.model import Player, Result, ScoreKind, Season
from keizer_xl.core.setting_values import parse_date
from keizer_xl.core.competition import Competition
from keizer_xl.core.engine import start_order
from keizer_xl.core.rows import overall_places, season_parts
from keizer_xl.core.settings import System
from keizer_xl.errors import ActionError, Message
from keizer_xl.formats.trf_format import (CODE_POINTS, EXPORT_CODES, TrfRound, TrfRow, fide_ascii,
                                          player_line, points_text, round_column)
from keizer_xl.formats.trf_season import person_name

@dataclass(frozen=True)
class TrfExport:
    """The report's text and what is missing for a valid report (Messages)."""

    text: str
    warnings: tuple[str, ...] = ()
    players: int = 0
    games: int = 0
    rounds: tuple[int, int] = (0, 0)


#: The Players columns (and, as ``players``, the sheet) the messages name (English; the caller
#: gives the workbook's own).
COLUMN_NAMES = {"federation": "Federation", "birth": "Birth", "fide_id": "FIDE id",
                "knsb_id": "KNSB id", "players": "Players"}

_PREFIXES = {"van", "de", "der", "den", "het", "'t", "ter", "ten", "te", "in", "op", "von",
             "zu", "du", "la", "le", "di", "da", "del", "des", "vander", "v.d."}


def trf_name(name: str) -> str:
    """``Lastname, Firstname`` where the name allows it: one first name, then the surname with
    its prefixes (``Jan de Vries`` -> ``de Vries, Jan``); a name with a comma, one word, or
    two words before the surname is written as it is."""
    if "," in name:
        return name
    words = name.split()
    if len(words) < 2:
        return name
    first, rest = words[0], words[1:]
    if all(w.casefold() in _PREFIXES for w in rest[:-1]):
        return f"{' '.join(rest)}, {first}"
    return name


def _sex(text: str, knsb: bool) -> str:
    t = text.strip().casefold()
    if t in ("m", "man", "male", "h", "heer", "mann", "männlich"):
        return "M" if knsb else "m"
    if t in ("w", "v", "f", "vrouw", "woman", "female", "frau", "weiblich", "dame"):
        return "V" if knsb else "w"
    return ""


def _birth(text: str, knsb: bool) -> str:
    """YYYY/MM/DD (FIDE) or YYYY.MM.DD (the KNSB's file); a year alone stays a year."""
    day = parse_date(text.replace("/", "-")) if text else None
    if day is None:  # a year alone stays; anything else is not written (field_warnings)
        return text.strip() if re.fullmatch(r"[0-9]{4}", text.strip()) else ""
    return day.strftime("%Y.%m.%d" if knsb else "%Y/%m/%d")


#: what the TRF-16 columns hold (the FIDE description): a FIDE id of 1-11 digits (columns
#: 58-68), a federation of three letters (54-56), a start number and a rank of 4 digits (5-8,
#: 86-89; an opponent 92-95 likewise), game points of 4 characters (81-84: ``99.5``)
_FED = re.compile(r"[A-Za-z]{3}")
_ID = re.compile(r"[0-9]{1,11}")
MAX_TRF_PLAYERS = 9999


def _federation(text: str) -> str:
    """The 3-letter code, or blank (a word like ``Netherlands`` is not cut to ``NET``)."""
    text = text.strip()
    return text.upper() if _FED.fullmatch(text) else ""


def _ident(text: str) -> str:
    """A FIDE (or KNSB) id of 1 to 11 digits 0-9, or blank."""
    text = text.strip()
    return text if _ID.fullmatch(text) else ""


def field_warnings(players: Sequence[Player], knsb: bool) -> list[str]:
    """One warning for every Players value the rating report cannot write as it is (it writes
    the field blank): a federation that is not a 3-letter code, an id that is not 1 to 11
    digits, a birth date that is not a date (two names the name field makes equal are refused:
    ``_distinct_names``)."""
    warnings: list[str] = []
    for p in players:
        if p.federation.strip() and not _federation(p.federation):
            warnings.append(Message("{name}: the federation {value!r} is not a 3-letter code "
                                    "(NED, BEL, GER): left blank in the rating report",
                                    name=p.name, value=p.federation))
        ident = p.knsb_id if knsb else p.fide_id
        if ident.strip() and not _ident(ident):
            warnings.append(Message("{name}: the id {value!r} is not 1 to 11 digits: left blank "
                                    "in the rating report", name=p.name, value=ident))
        if p.birth.strip() and not _birth(p.birth, knsb):
            warnings.append(Message("{name}: the birth date {value!r} is not a date: left blank "
                                    "in the rating report", name=p.name, value=p.birth))
    return warnings


def _distinct_names(rows: Sequence[TrfRow], order: Sequence[str], sheet: str) -> None:
    """Refuse, before anything is written, two players whose names the 33 columns of the name
    field (as written: cut, in ASCII) make equal: every reader, keizer-xl's import too, refuses
    such a report (issue 34; it was a warning, and the report was written)."""
    seen: dict[str, str] = {}
    for row, name in zip(rows, order, strict=True):
        key = person_name(row.name.strip()).casefold()
        if key in seen:
            raise ActionError(Message(
                "{other} and {name} are both written {short} in the 33 columns of the TRF name "
                "field: no reader could tell them apart; write one of the two names differently "
                "in {sheet}", other=seen[key], name=name, short=row.name.strip(), sheet=sheet))
        seen[key] = name


#: What the export writes without a game (FIDE flavour; docs/import-export.md has the table):
#: each Keizer event keeps the FIDE code that means it, and columns 81-84 are the total of
#: the codes as FIDE counts them (U and F 1, H 1/2, Z 0), the game points in a comment line.
_NOTHING = "Z"  # no game and nothing to report: not yet a member, gone, no result, --knsb


def _own_line(verb: str, **params: object) -> str:
    """A ``### keizer-xl:VERB key=value ...`` comment: ignored by every other reader (TRF-16
    lets ### lines carry comments), read back by :func:`parse_trf`."""
    return "### keizer-xl:" + " ".join([verb, *(f"{k.replace('_', '-')}={v}"
                                                 for k, v in params.items())])


def export_trf(season: Season, *, rounds: tuple[int, int] | None = None,
               knsb: bool = False, title: str = "",
               round_dates: Mapping[int, datetime.date] | None = None,
               columns: Mapping[str, str] | None = None,
               club_spelling: bool = False) -> TrfExport:
    """The season's games of rounds a..b as a TRF-16 rating report (docs/import-export.md,
    Reporting games for rating: start numbers, ranks, the ``Z`` codes, the ``### keizer-xl``
    lines, ``knsb``).  Start numbers and ranks come from the row model (core/rows.py
    ``overall_places``).  ``round_dates``: the Attendance date headers (the ``round_dates``
    setting wins)."""
    last = season.last_round_with_results()
    a, b = rounds if rounds is not None else (1, last)
    if last == 0:
        raise ActionError(Message("no round has results yet: nothing to report"), usage=True)
    if not 1 <= a <= b <= last:
        raise ActionError(Message("rounds {first}-{last}: the season has results in rounds 1 to "
                                  "{known}", first=a, last=b, known=last), usage=True)
    names = dict(COLUMN_NAMES, **(columns or {}))
    warnings: list[str] = []
    if len(season.players) > MAX_TRF_PLAYERS:  # start numbers have 4 columns
        raise ActionError(Message("{count} players: a TRF rating report holds at most {most} "
                                  "(4-digit start numbers)", count=len(season.players),
                                  most=MAX_TRF_PLAYERS))
    before = tuple(overall_places(season_parts(Competition(season, a - 1))))
    view = Competition(season, b)
    place = overall_places(season_parts(view))
    # a round robin's free round (odd field) is no game and worth nothing (issue 36)
    robin = [g for g in view.groups if view.system(g) is System.ROUND_ROBIN]
    idle = {n for g in robin for n in view.round_robin(g).players}
    kind = ("Keizer system" if not robin else "Round robin" if len(robin) == len(view.groups)
            else "Keizer system and round robin")
    listed = [p for p in season.players
              if p.joined <= b and (p.withdrawn_round is None or p.withdrawn_round > a)]
    listed_names = {p.name for p in listed}
    order = [n for n in before if n in listed_names]
    order += [p.name for p in start_order(listed) if p.name not in order]
    number = {name: i for i, name in enumerate(order, 1)}
    players = {p.name: p for p in season.players}
    span = range(a, b + 1)
    # a round robin withdrawal's remaining games are forfeits, as its standings score them
    forfeits = [g for r in robin for g in view.round_robin_games(r).forfeits]
    games = {(g.round, n): g for g in (*season.games, *forfeits) if a <= g.round <= b
             for n in (g.white, g.black)}
    byes = {(x.round, x.player) for x in season.byes if a <= x.round <= b}
    absent = {(x.round, x.player): x.code for x in season.absences if a <= x.round <= b}
    dates = dict((round_dates or {}).items())
    dates.update(dict(enumerate(season.settings.round_dates, 1)))
    written_games: set[tuple[int, str, str]] = set()
    pending: set[tuple[int, str, str]] = set()
    odd_codes: dict[str, str] = {}
    nothing = TrfRound(0, "-", _NOTHING)

    def entry(k: int, name: str) -> tuple[TrfRound, Fraction]:
        """Round k of ``name``'s line and the game points it carries."""
        p = players[name]
        g = games.get((k, name))
        if g is not None:
            white = g.white == name
            other = g.black if white else g.white
            r = g.result
            if not r.has_result or r is Result.ADJOURNED:
                pending.add((k, g.white, g.black))
                return nothing, Fraction(0)
            left_out = knsb and (r.is_forfeit or not p.knsb_id or not players[other].knsb_id)
            if left_out:
                return nothing, Fraction(0)
            score = r.score(white)
            code = {ScoreKind.WIN: "1", ScoreKind.DRAW: "=", ScoreKind.LOSS: "0",
                    ScoreKind.FORFEIT_WIN: "+", ScoreKind.FORFEIT_LOSS: "-"}[score]
            written_games.add((k, g.white, g.black))
            return TrfRound(number[other], "w" if white else "b", code), CODE_POINTS[code]
        if knsb or not p.is_member(k) or p.is_withdrawn(k):
            return nothing, Fraction(0)
        if (k, name) in byes:
            return TrfRound(0, "-", "Z" if name in idle else EXPORT_CODES["bye"]), Fraction(0)
        mark = absent.get((k, name))
        if mark is None or mark == "L":
            return nothing, Fraction(0)
        if mark not in EXPORT_CODES:
            credit = season.settings.code_map.get(mark)
            trf = "H" if credit is not None and (credit.fraction or credit.fixed) else "Z"
            odd_codes[mark] = trf
            return TrfRound(0, "-", trf), Fraction(0)
        return TrfRound(0, "-", EXPORT_CODES[mark]), Fraction(0)

    rows: list[TrfRow] = []
    comments: list[str] = []
    for name in order:
        p = players[name]
        shown = trf_name(name) if club_spelling else fide_ascii(trf_name(name))
        if "?" in shown and "?" not in name:
            warnings.append(Message("{name} has letters without an ASCII spelling: written as "
                                    "{short}", name=name, short=shown))
        if len(shown) > 33:
            warnings.append(Message("{name} is longer than the 33 characters of the TRF name "
                                    "field: cut to {short}", name=name, short=shown[:33]))
        played = [entry(k, name) for k in span]
        # a federation, id or birth date the columns cannot hold is left blank, each with a
        # warning (field_warnings), never cut to something else (issue 22)
        row = TrfRow(start=number[name], name=shown[:33], rounds=tuple(e for e, _ in played),
                     sex=_sex(p.sex, knsb), rating=p.rating,
                     federation=fide_ascii(_federation(p.federation)),
                     ident=fide_ascii((_ident(p.knsb_id) or "0") if knsb else _ident(p.fide_id)),
                     birth=fide_ascii(_birth(p.birth, knsb)), rank=place.get(name))
        if len(points_text(row.points)) > 4:  # 100 points or more do not fit columns 81-84
            raise ActionError(Message("{name} has {points} points in rounds {first}-{last}: more "
                                      "than the 4 columns of the TRF points field hold; report "
                                      "fewer rounds (--rounds)", name=name,
                                      points=points_text(row.points), first=a, last=b))
        rows.append(row)
        game_points = sum((pts for _, pts in played), Fraction(0))
        if game_points != row.points:
            comments.append(_own_line("game-points", player=row.start,
                                       points=points_text(game_points)))
        if a < p.joined <= b:
            comments.append(_own_line("joined", player=row.start, round=p.joined - a + 1))
        if p.withdrawn_round is not None and a < p.withdrawn_round <= b:
            comments.append(_own_line("withdrawn", player=row.start,
                                       round=p.withdrawn_round - a + 1))

    _distinct_names(rows, order, names["players"])
    warnings.extend(field_warnings([players[n] for n in order], knsb))
    for key, flag in (("federation", True), ("birth", True), ("fide_id", not knsb),
                      ("knsb_id", knsb)):
        lacking = [n for n in order if flag and not getattr(players[n], key)]
        if lacking:
            warnings.append(Message("the rating report needs the {column} column: fill it for "
                                    "{names}", column=names[key], names=", ".join(lacking)))
    for k, white, black in sorted(pending):
        warnings.append(Message("round {round}: {white} - {black} has no result; left out of the "
                                "rating report", round=k, white=white, black=black))
    for code, trf in sorted(odd_codes.items()):
        warnings.append(Message("code {code} has no TRF code: written as {trf}", code=code,
                                trf=trf))
    s = season.settings
    for key, value in (("city", s.city), ("arbiter", s.arbiter), ("time_control", s.time_control)):
        if not value:
            warnings.append(Message("the rating report has no {key}: add the setting {key}",
                                    key=key))
    missing_dates = [k for k in span if k not in dates]
    if missing_dates:
        warnings.append(Message("the rating report has no date for round {rounds}: fill "
                                "round_dates in Settings, or head the Attendance columns with "
                                "the dates", rounds=", ".join(map(str, missing_dates))))

    def day(d: datetime.date | None, fmt: str) -> str:
        return d.strftime(fmt) if d else ""

    long_fmt, short_fmt = ("%d/%m/%Y", "%y.%m.%d") if knsb else ("%Y/%m/%d", "%y/%m/%d")
    feds = Counter(_federation(p.federation) for p in listed if _federation(p.federation))
    name = " - ".join(x for x in (s.club, s.season or title) if x) or title
    rated = sum(1 for n in order if players[n].rating)
    head = [("012", name), ("022", s.city), ("032", "NED" if knsb else
                                             (feds.most_common(1)[0][0] if feds else "")),
            ("042", day(dates.get(a), long_fmt)), ("052", day(dates.get(b), long_fmt)),
            ("062", str(len(order))), ("072", str(rated)),  # 072: a count, also in --knsb
            ("082", "0" if knsb else ""),
            ("092", f"Individual: {kind}"), ("102", s.arbiter),
            ("112", ""), ("122", s.time_control)]
    out = [f"{code} {value}".rstrip() for code, value in head if value or knsb]
    row132 = list("132")
    for i, k in enumerate(span, 1):
        if k in dates:
            col = round_column(i)
            row132 += [" "] * (col - 1 - len(row132))
            row132 += list(day(dates[k], short_fmt))
    if len(row132) > 3:
        out.append("".join(row132))
    if comments and not knsb:  # the KNSB's batch carries its games alone (no ### lines)
        out.append("### keizer-xl: columns 81-84 are the total of the round codes (U F 1, H 1/2, "
                   "Z 0); game points and membership below")
        out.extend(comments)
    out.extend(player_line(row) for row in rows)
    return TrfExport("\r\n".join(out) + "\r\n", tuple(warnings), len(order), len(written_games),
                     (a, b))

