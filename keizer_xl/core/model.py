"""Typed, frozen value types of a season: players, games, byes, absences.

Result strings are parsed once, here, at the boundary (``parse_result``); the rest of the
engine only sees :class:`Result` members.  Every event remembers where it came from
(``origin``, a ``Sheet!Cell`` address) so a problem found later can still name the cell.
"""
from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from keizer_xl.core.settings import Settings, System, system_of
from keizer_xl.core.setting_values import MAX_ROUND_GAP
# the problem and error types live in errors.py (one tree); re-exported here for old imports
from keizer_xl.errors import Message, Problem, ResultError


# --------------------------------------------------------------------------- results

class ScoreKind(StrEnum):
    """What a game is from one side (rules section 3); each kind is scored by the Settings
    field of the same name (``scoring.game_fraction``), ``pending`` like a draw."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PENDING = "pending"  # no result yet


class Result(Enum):
    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "½-½"
    WHITE_FORFEIT = "1-0F"  # White wins, Black did not play
    BLACK_FORFEIT = "0-1F"
    DOUBLE_FORFEIT = "0-0F"  # neither played: both lose by forfeit
    ADJOURNED = "adj"  # scored as a draw until the result is entered (rules section 3)
    STARTED = "*"  # being played (PGN's '*'): kept when a round is re-paired for late arrivals
    PENDING = ""  # not played yet

    @property
    def has_result(self) -> bool:
        """A result was entered (adjourned counts: the evening was played)."""
        return self not in (Result.PENDING, Result.STARTED)

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT)

    @property
    def is_over_the_board(self) -> bool:
        return self in (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)

    def score(self, white: bool) -> ScoreKind:
        """The game from one side: win, draw, loss, forfeit win or loss, or pending."""
        r = self
        if r in (Result.PENDING, Result.STARTED):
            return ScoreKind.PENDING
        if r in (Result.DRAW, Result.ADJOURNED):
            return ScoreKind.DRAW
        if r is Result.DOUBLE_FORFEIT:
            return ScoreKind.FORFEIT_LOSS
        white_won = r in (Result.WHITE_WINS, Result.WHITE_FORFEIT)
        won = white_won if white else not white_won
        if r.is_forfeit:
            return ScoreKind.FORFEIT_WIN if won else ScoreKind.FORFEIT_LOSS
        return ScoreKind.WIN if won else ScoreKind.LOSS


_RESULT_FORMS = {
    "1-0": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "0.5-0.5": Result.DRAW,
    "0,5-0,5": Result.DRAW,
    "=": Result.DRAW,
    "½": Result.DRAW,
    "1-0f": Result.WHITE_FORFEIT,
    "0-1f": Result.BLACK_FORFEIT,
    "0-0f": Result.DOUBLE_FORFEIT,
    "+-": Result.WHITE_FORFEIT,
    "-+": Result.BLACK_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "adj": Result.ADJOURNED,
    "*": Result.STARTED,
    "": Result.PENDING,
}

# Other spellings clubs type, each with only one possible meaning (issue 9): colons as on a
# German score sheet, a lone draw ("remise", "r", "1/2", "0.5", "Unentschieden"), forfeit
# marks with a slash or colon.  A bare "1", "0", "10" or "1-1" stays refused: it could be
# either side's win (only suggested below).
_RESULT_FORMS.update({
    "1:0": Result.WHITE_WINS, "0:1": Result.BLACK_WINS,
    "½:½": Result.DRAW, "1/2:1/2": Result.DRAW, "0.5:0.5": Result.DRAW, "0,5:0,5": Result.DRAW,
    "1/2": Result.DRAW, "0.5": Result.DRAW, "0,5": Result.DRAW, "r": Result.DRAW,
    "remise": Result.DRAW, "remis": Result.DRAW, "draw": Result.DRAW,
    "unentschieden": Result.DRAW, "gelijk": Result.DRAW, "nulle": Result.DRAW,
    "+:-": Result.WHITE_FORFEIT, "-:+": Result.BLACK_FORFEIT, "+/-": Result.WHITE_FORFEIT,
    "-/+": Result.BLACK_FORFEIT, "-:-": Result.DOUBLE_FORFEIT,
})

# Dutch forfeits (issue 16): "reglementair" gewonnen/verloren, written 1-0R, 0-1R, 0-0R or
# 1-0 reg (the KNSB's "reglementair"), with a dash or a colon.
for _score, _forfeit in (("1-0", Result.WHITE_FORFEIT), ("0-1", Result.BLACK_FORFEIT),
                         ("0-0", Result.DOUBLE_FORFEIT)):
    for _sep in ("-", ":"):
        for _mark in ("r", "reg", "reg.", "regl", "regl.", "reglementair"):
            _RESULT_FORMS[_score.replace("-", _sep) + _mark] = _forfeit

# Frequent slips and what they most likely meant (for the error message only).
_SUGGESTIONS = {
    "1/0": "1-0", "0/1": "0-1", "10": "1-0", "01": "0-1",
    "1": "1-0", "0": "0-1", "0-0": "0-0F", "1-1": "½-½",
}


def _forfeit_hint(key: str) -> str | None:
    """A forfeit written some other way ('reg 1-0', '1-0 reglem', 'reglementair'): the Dutch
    forms that are read (``1-0 reg``), for the side the digits say when they say one."""
    if "reg" not in key:
        return None
    digits = re.sub(r"[^01]", "", key)
    return {"10": "1-0 reg", "01": "0-1 reg", "00": "0-0 reg"}.get(
        digits, "1-0 reg, 0-1 reg or 0-0 reg")


def parse_result(raw: object) -> Result:
    """Parse a Results cell.  Raises ResultError with a 'did you mean' where one is likely."""
    if raw is None:
        return Result.PENDING
    if isinstance(raw, float) and raw == 0.5:
        return Result.DRAW
    text = str(raw).strip()
    key = re.sub(r"\s+", "", text).lower().replace("–", "-").replace("—", "-")
    key = key.replace("adjourned", "adj")
    if key in _RESULT_FORMS:
        return _RESULT_FORMS[key]
    hint = _SUGGESTIONS.get(key) or _forfeit_hint(key)
    if hint is None and re.fullmatch(r"\d{4}-\d\d-\d\d.*", text):
        raise ResultError("{text!r} is a date: Excel changed what was typed; format the Result "
                          "column as Text and type the result again", text=text)
    if key == "bye":
        raise ResultError("'bye' belongs on a row with the player as White and Black empty")
    if hint:
        raise ResultError("{text!r} is not a result; did you mean {hint}?", text=text, hint=hint)
    raise ResultError("{text!r} is not a result (use 1-0, 0-1, ½-½, 1-0F, 0-1F, 0-0F, adj, or * "
                      "for a game in progress)", text=text)


# --------------------------------------------------------------------------- season

@dataclass(frozen=True)
class Player:
    """One player of the Players sheet: his name, rating, start place, when he joined
    and withdrew, and the group, categories and rating-report fields a club may give."""

    name: str
    rating: int | None = None
    start: int | None = None
    joined: int = 1
    withdrawn_round: int | None = None  # first round he no longer takes part in
    club: str = ""
    id: str = ""
    origin: str = ""
    # the club's year (issue 18): the group he plays in, the sub-standings he appears in
    group: str = ""
    categories: tuple[str, ...] = ()
    # the rating report (issue 17, FIDE TRF-16 player line): sex m/w, birth date as typed
    # (YYYY/MM/DD or a year), federation code, the FIDE and the KNSB id
    sex: str = ""
    birth: str = ""
    federation: str = ""
    fide_id: str = ""
    knsb_id: str = ""

    def is_member(self, rnd: int) -> bool:
        return rnd >= self.joined

    def is_withdrawn(self, rnd: int) -> bool:
        return self.withdrawn_round is not None and rnd >= self.withdrawn_round


@dataclass(frozen=True)
class Game:
    """One game of the Results sheet: its round, the two players and the result."""

    round: int
    white: str
    black: str
    result: Result
    board: int | None = None
    origin: str = ""


@dataclass(frozen=True)
class Bye:
    """A player who had a bye in a round."""

    round: int
    player: str
    origin: str = ""


#: Built-in attendance codes (WORKBOOK-CONTRACT.md, Attendance).
BUILTIN_CODES = {"E": "excused", "U": "unexcused", "C": "club duty", "L": "not yet a member"}


@dataclass(frozen=True)
class Absence:
    """A player absent in a round, with the Attendance code that says why."""

    round: int
    player: str
    code: str  # E, U, C, L or a club-defined code
    origin: str = ""


@dataclass(frozen=True)
class Season:
    """All a workbook holds: the players, games, byes and absences, and the settings."""

    players: tuple[Player, ...]
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    absences: tuple[Absence, ...] = ()
    settings: Settings = field(default_factory=Settings)
    #: rounds that have a column in Attendance (they may have no games yet)
    attendance_rounds: tuple[int, ...] = ()
    #: what the sheet reader decided and the user should see (``check`` prints them): how
    #: date headers map to rounds, columns ignored, late entrants without Joined, ...
    notes: tuple[str, ...] = field(default=(), compare=False)

    @functools.cached_property
    def _last_with_results(self) -> int:
        # once per season (every reader of a run asks; the fields never change)
        none, started = Result.PENDING, Result.STARTED  # identity: cheaper than has_result
        return max((g.round for g in self.games
                    if g.result is not none and g.result is not started), default=0)

    def last_round_with_results(self) -> int:
        """The highest round with a game result entered (byes alone do not count)."""
        return self._last_with_results

    def paired_rounds(self) -> list[int]:
        return sorted({g.round for g in self.games} | {b.round for b in self.byes})

    def known_rounds(self) -> int:
        rounds = [0, *self.paired_rounds(), *self.attendance_rounds,
                  *(a.round for a in self.absences)]
        return max(rounds)

    def season_end(self) -> int:
        """The season's last round: the ``last_round`` setting, else the highest round with a
        column in Attendance or a game in Results (a template's 40 columns: round 40)."""
        return self.settings.last_round or self.known_rounds()

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


def round_gaps(items: Iterable[Game | Bye]) -> list[tuple[int, int, str]]:
    """(round, the round before it, the origin of its first game or bye) of every round more
    than MAX_ROUND_GAP rounds after the round before it: a typing slip (issue 11), which
    ``check`` and ``import`` both refuse (issue 22: what import writes, check accepts)."""
    first: dict[int, str] = {}
    for item in items:
        first.setdefault(item.round, item.origin)
    return [(rnd, previous, first[rnd]) for previous, rnd in itertools.pairwise([0, *sorted(first)])
            if rnd - previous > MAX_ROUND_GAP]


def validate(season: Season) -> list[Problem]:
    """Cross-sheet checks that need the whole season (each problem names its cell)."""
    problems: list[Problem] = []
    players = {p.name: p for p in season.players}
    codes = set(BUILTIN_CODES) | set(season.settings.code_map)

    # (where, what) of each player's round; the message is made only for a clash (a season
    # has thousands of rounds played and rarely a clash: issue 25, the speed of a command)
    seen: dict[tuple[int, str], tuple[str, Message]] = {}

    def occupy(rnd: int, name: str, where: str, what: Message) -> None:
        key = (rnd, name)
        if key in seen:
            first_where, first_what = seen[key]
            problems.append(Problem(where, Message("{name} is {what} in round {round} but already "
                                                   "{before}", name=name, what=what, round=rnd,
                                                   before=Message("{what} ({where})", what=first_what,
                                                                  where=first_where))))
        else:
            seen[key] = (where, what)

    playing, given_bye = Message("playing"), Message("given the bye")

    for g in season.games:
        if g.white == g.black:
            problems.append(Problem(g.origin, Message("{name} cannot play himself in round {round}",
                                                      name=g.white, round=g.round)))
            continue
        for name in (g.white, g.black):
            occupy(g.round, name, g.origin, playing)
            _check_membership(players[name], g.round, g.origin, problems, bye=False)
    for b in season.byes:
        occupy(b.round, b.player, b.origin, given_bye)
        _check_membership(players[b.player], b.round, b.origin, problems, bye=True)
    for a in season.absences:
        if a.code not in codes:
            continue  # reported by the sheet reader, which knows the suggestion
        p = players.get(a.player)
        if p is not None and system_of(season.settings, p.group) is System.ROUND_ROBIN:
            continue  # a round robin's game of that round is postponed, not a clash (issue 36)
        occupy(a.round, a.player, a.origin, Message("marked absent ({code})", code=a.code))
    return problems


def _check_membership(p: Player, rnd: int, where: str, problems: list[Problem],
                      bye: bool) -> None:
    if p.joined <= rnd and p.withdrawn_round is None:  # a member all season: nothing to say (issue 25)
        return
    params = {"name": p.name, "round": rnd}
    if not p.is_member(rnd):
        problems.append(Problem(where, Message(
            "{name} has the bye in round {round} but joins in round {joined}", joined=p.joined,
            **params) if bye else Message(
            "{name} plays in round {round} but joins in round {joined}", joined=p.joined,
            **params)))
    if p.is_withdrawn(rnd):
        problems.append(Problem(where, Message(
            "{name} has the bye in round {round} but withdrew from round {withdrawn}",
            withdrawn=p.withdrawn_round, **params) if bye else Message(
            "{name} plays in round {round} but withdrew from round {withdrawn}",
            withdrawn=p.withdrawn_round, **params)))
