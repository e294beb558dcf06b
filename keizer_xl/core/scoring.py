"""One scoring classification of every player's round (KEIZER-RULES.md sections 3 and 7).  Pure.

What a player did in round r, in the order the rules decide it: ``withdrawn remove`` from his
withdrawal round on: nothing (section 7); a game (his side of the result); the bye; not yet a
member: ``absence_late``; ``withdrawn keep``: absent unexcused (section 7); an attendance code;
else (neither paired nor marked absent) absent unexcused, and reported.  With
``forfeit_is_meeting`` no a double forfeit is no game: both absent unexcused (chesspairing's
``ForfeitCountsAsMet`` false).

The engine, the explanation and the crosstable all read this one classification
(:func:`classify`), so they never disagree with the points.  It is small integer arrays over
(player, round); :func:`credit_grid` gives each cell one :class:`~keizer_xl.core.settings.Credit`
as an index into a short table.  Only this module knows that an adjourned game or one without a
result counts as a draw (section 3) and what each attendance code is worth.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from keizer_xl.core.model import BUILTIN_CODES, Player, Result, ScoreKind, Season
from keizer_xl.core.settings import AbsenceDecay, Credit, Rounding, Settings, Withdrawn
from keizer_xl.errors import N_

#: the arrays of the classification and of the engine (core/engine/)
Array = npt.NDArray[Any]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

# --------------------------------------------------------------------------- the classes

NONE = 0  # no fact: he has left the ranking (withdrawn remove), or column 0
WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, ADJOURNED, PENDING = 1, 2, 3, 4, 5, 6, 7
BYE, ABSENT, LATE, WITHDRAWN, UNMARKED = 8, 9, 10, 11, 12
#: the ``rounding`` values that round every contribution on its own
ROUNDED_CELLS = (Rounding.HALF, Rounding.WHOLE)

GAME_CLASSES = (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, ADJOURNED, PENDING)

#: the side's score kind, as ``Result.score`` names it ("pending": no result yet)
SCORE_KIND = {WIN: ScoreKind.WIN, DRAW: ScoreKind.DRAW, LOSS: ScoreKind.LOSS,
              FORFEIT_WIN: ScoreKind.FORFEIT_WIN, FORFEIT_LOSS: ScoreKind.FORFEIT_LOSS,
              ADJOURNED: ScoreKind.DRAW, PENDING: ScoreKind.PENDING}

#: the kind of a round for people (``RoundFact.kind``)
FACT_KIND = {**dict.fromkeys(GAME_CLASSES, "game"), BYE: "bye", ABSENT: "absent", LATE: "late",
             WITHDRAWN: "withdrawn", UNMARKED: "unmarked"}

#: the built-in attendance codes (E, U, C, L; defined once in the model), first in ``Rounds.codes``
BUILTIN = tuple(BUILTIN_CODES)

_RESULTS = tuple(Result)
_RESULT_BY_ID = {id(r): i for i, r in enumerate(_RESULTS)}
_WHITE, _BLACK = operator.attrgetter("white"), operator.attrgetter("black")
_ROUND, _RESULT = operator.attrgetter("round"), operator.attrgetter("result")
_PLAYER, _CODE = operator.attrgetter("player"), operator.attrgetter("code")
_DOUBLE_FORFEIT = _RESULTS.index(Result.DOUBLE_FORFEIT)


#: each result's class from White's and from Black's side (adjourned: its own class)
_CLASS = {kind: cls for cls, kind in SCORE_KIND.items() if cls != ADJOURNED}
_WHITE_SIDE, _BLACK_SIDE = (np.array([ADJOURNED if r is Result.ADJOURNED else _CLASS[r.score(white)]
                                      for r in _RESULTS], dtype=np.int8) for white in (True, False))


@dataclass(frozen=True)
class PendingRule:
    """How a game without a result is scored until its result is entered (section 3)."""

    as_draw: bool  # like a draw (an adjourned game), else nothing for either player
    #: the engine's note listing such games (its catalog id; ``{games}``)
    note: str
    #: the game classes that are no win, draw or loss: what KeizerForClubs' "anything else"
    #: against a retired player covers (``withdrawn_opponent_forfeit_as_loss``)
    other: tuple[int, ...]


#: ``pending_scores_zero`` -> its rule: off, a draw; on (KeizerForClubs), nothing for both
PENDING_RULES = {
    False: PendingRule(True, N_("No result yet, scored as a draw like an adjourned game: "
                                "{games}"), (FORFEIT_LOSS,)),
    True: PendingRule(False, N_("No result yet, scored 0 for both: {games}"),
                      (FORFEIT_LOSS, PENDING)),
}


def pending_rule(settings: Settings) -> PendingRule:
    return PENDING_RULES[settings.pending_scores_zero]


def game_fraction(settings: Settings, score_kind: ScoreKind) -> Fraction:
    """The share of the opponent's value a game earns (section 3).  A game without a result
    (or adjourned) is scored like a draw until the result is entered; with
    ``pending_scores_zero`` (KeizerForClubs) a game without a result earns nothing
    (:data:`PENDING_RULES`)."""
    match score_kind:
        case ScoreKind.WIN:
            return settings.win
        case ScoreKind.PENDING if not pending_rule(settings).as_draw:
            return Fraction(0)
        case ScoreKind.DRAW | ScoreKind.PENDING:
            return settings.draw
        case ScoreKind.LOSS:
            return settings.loss
        case ScoreKind.FORFEIT_WIN:
            return settings.forfeit_win
        case ScoreKind.FORFEIT_LOSS:
            return settings.forfeit_loss


def absence_credit(settings: Settings, code: str) -> tuple[Credit, bool, bool]:
    """(credit, counts toward ``absence_max``, is an excused absence for ``absence_decay``)."""
    s = settings
    if code == "E":
        return s.absence_excused, True, True
    if code == "U":
        return s.absence_unexcused, s.absence_max_includes_unexcused, False
    if code == "C":
        return s.absence_club, s.absence_max_includes_club, False
    if code == "L":
        return s.absence_late, False, False
    if code.startswith("="):  # a game against a player of another group (core/groups.py)
        return s.code_map[code], False, False
    return s.code_map[code], True, False


def decayed(credit: Credit, decay: AbsenceDecay, nth: int) -> Credit:
    """The credit for the nth excused absence under ``absence_decay`` (rules section 3).

    harmonic: 1/3, 1/4, 1/5, ... (in general 1/(1/f + n - 1) for a base fraction f; a fixed
    amount shrinks in the same proportion as 1/3 does); halving: each further absence half the
    previous credit; halving-eu: the same for excused and unexcused absences counted together.
    """
    if decay == AbsenceDecay.NONE or nth == 1:
        return credit
    if decay in (AbsenceDecay.HALVING, AbsenceDecay.HALVING_EU, AbsenceDecay.HALVING_ALL):
        factor = Fraction(1, 2 ** (nth - 1))
    else:
        base = credit.fraction if credit.fixed is None and credit.fraction else Fraction(1, 3)
        factor = (1 / (1 / base + nth - 1)) / base
    if credit.fixed is not None:
        return Credit(fixed=credit.fixed * factor)
    return Credit(fraction=credit.fraction * factor)


# --------------------------------------------------------------------------- classification

@dataclass(frozen=True)
class Rounds:
    """The classification of rounds 1..last for ``players`` (rows in that order): arrays of
    shape (players, last + 1), column r round r; ``kind`` a class constant, ``opponent`` a row,
    ``result`` an index into ``Result``, ``code`` one into ``codes`` (-1: none)."""

    players: tuple[Player, ...]
    last: int
    kind: npt.NDArray[np.int8]
    opponent: IntArray
    white: BoolArray
    result: npt.NDArray[np.int8]
    code: npt.NDArray[np.int16]
    codes: tuple[str, ...]

    @property
    def is_game(self) -> BoolArray:
        return (self.kind >= WIN) & (self.kind <= PENDING)


def classify(season: Season, players: Sequence[Player] | None = None,
             last: int | None = None) -> Rounds:
    """Classify every round 1..last of every player (default: the season's players in row
    order, up to the last round with results)."""
    s = season.settings
    plist = tuple(season.players if players is None else players)
    last = season.last_round_with_results() if last is None else last
    n, width = len(plist), last + 1
    index = {p.name: i for i, p in enumerate(plist)}
    codes = BUILTIN + tuple(sorted(c for c, _ in s.codes if c not in BUILTIN))
    code_id = {c: i for i, c in enumerate(codes)}

    kind = np.full((n, width), UNMARKED, dtype=np.int8)
    kind[:, 0] = NONE
    opponent = np.full((n, width), -1, dtype=np.int64)
    white = np.zeros((n, width), dtype=bool)
    result = np.full((n, width), -1, dtype=np.int8)
    code = np.full((n, width), -1, dtype=np.int16)

    # lowest priority first: each later assignment overrides (the order of the module doc)
    unknown = sorted({a.code for a in season.absences if a.code not in code_id})
    if unknown:  # the sheet reader reports these with their cells; never score a guess
        raise ValueError(f"unknown attendance code(s) {', '.join(unknown)}: not E, U, C, L "
                         f"or a 'code X' setting")
    absences = [a for a in season.absences if a.round <= last and a.player in index]
    if absences:  # one C-level map per field, as the games below
        m = len(absences)
        ai = np.fromiter(map(index.__getitem__, map(_PLAYER, absences)), dtype=np.int64,
                         count=m)
        ar = np.fromiter(map(_ROUND, absences), dtype=np.int64, count=m)
        ac = np.fromiter(map(code_id.__getitem__, map(_CODE, absences)), dtype=np.int64,
                         count=m)
        kind[ai, ar] = ABSENT
        code[ai, ar] = ac
    rounds = np.arange(width)
    joined = np.array([p.joined for p in plist], dtype=np.int64)
    gone = np.array([p.withdrawn_round if p.withdrawn_round is not None else width + 1
                     for p in plist], dtype=np.int64)
    after_withdrawal = rounds[None, :] >= gone[:, None]
    kind[after_withdrawal] = WITHDRAWN
    code[after_withdrawal] = -1
    late = rounds[None, :] < joined[:, None]
    kind[late] = LATE
    code[late] = -1
    by = [(index[b.player], b.round) for b in season.byes if b.round <= last and b.player in index]
    if by:
        bi, br = (np.array(x, dtype=np.int64) for x in zip(*by, strict=True))
        kind[bi, br] = BYE
        code[bi, br] = -1
    games = season.games
    if games:
        # C-level maps instead of a Python loop per game (a big season has 50 000 games);
        # results by id(): an Enum's own hash is a Python-level call
        # one C-level map per field (no tuple per game)
        m, row = len(games), index.__getitem__
        wi = np.fromiter(map(row, map(_WHITE, games)), dtype=np.int64, count=m)
        bi = np.fromiter(map(row, map(_BLACK, games)), dtype=np.int64, count=m)
        gr = np.fromiter(map(_ROUND, games), dtype=np.int64, count=m)
        res = np.fromiter(map(_RESULT_BY_ID.__getitem__, map(id, map(_RESULT, games))),
                          dtype=np.int64, count=m)
        upto = gr <= last
        if not upto.all():
            wi, bi, gr, res = wi[upto], bi[upto], gr[upto], res[upto]
        kind[wi, gr] = _WHITE_SIDE[res]
        kind[bi, gr] = _BLACK_SIDE[res]
        opponent[wi, gr], opponent[bi, gr] = bi, wi
        white[wi, gr] = True
        white[bi, gr] = False
        result[wi, gr] = result[bi, gr] = res
        code[wi, gr] = code[bi, gr] = -1
    if not s.forfeit_is_meeting:
        # a double forfeit is no meeting (chesspairing's ForfeitCountsAsMet false): neither
        # played, so both are absent unexcused that round
        both_out = result == _DOUBLE_FORFEIT
        if both_out.any():
            kind[both_out] = ABSENT
            code[both_out] = code_id["U"]
            opponent[both_out] = -1
            white[both_out] = False
            result[both_out] = -1
    if s.withdrawn in (Withdrawn.REMOVE, Withdrawn.RETROACTIVE):
        left = after_withdrawal
        kind[left] = NONE
        opponent[left] = -1
        result[left] = -1
        code[left] = -1
    kind[:, 0] = NONE
    return Rounds(plist, last, kind, opponent, white, result, code, codes)


# --------------------------------------------------------------------------- points

@dataclass(frozen=True)
class CreditGrid:
    """What every round of every player earns: ``table[credit[i, r]]``.

    Game cells earn their credit's fraction of the opponent's value, other cells a fraction
    of the own value or fixed points.  ``table[0]`` is nothing (Credit 0).  ``halvings``
    (``absence_decay halving-all`` with rounded cells, else None): how often a cell's rounded
    amount is halved and rounded down (chesspairing's bit shift of its x2 integer)."""

    table: tuple[Credit, ...]
    credit: IntArray
    halvings: IntArray | None = None


def _decay_series(rounds: Rounds, absent: BoolArray, code: IntArray, s: Settings,
                  info: Sequence[tuple[Credit, bool, bool]]) -> BoolArray:
    """The absences that form the series ``absence_decay`` counts (the nth of them decays):

    * ``harmonic``, ``halving``: excused absences (E) that earn something;
    * ``halving-eu`` (KeizerForClubs' DecayBonus): every excused or unexcused row, also one
      that earns 0 (``cSqliteInterface.cs`` ``GetPlayer_CountOfExcusedOrUnexcused`` counts
      result 6 and 7 rows up to the round, whatever their bonus);
    * ``halving-all`` (chesspairing's AbsenceDecay): every excused or unexcused absence, a
      round neither paired nor marked and a withdrawn (keep) round included (``keizer.go``
      ``absenceScoreX2``/``byeScoreX2`` count them all); club duty and late rounds never.
    """
    if s.absence_decay in (AbsenceDecay.HALVING_EU, AbsenceDecay.HALVING_ALL):
        wanted = [name in ("E", "U") for name in rounds.codes]
    else:
        wanted = [exc and c != Credit(Fraction(0)) for c, _, exc in info]
    safe = np.where(absent, code, 0)
    series: BoolArray = absent & np.array([*wanted, False], dtype=bool)[safe]
    if s.absence_decay == AbsenceDecay.HALVING_ALL:
        series = series | (rounds.kind == UNMARKED) | (rounds.kind == WITHDRAWN)
    return series


def credit_grid(rounds: Rounds, settings: Settings) -> CreditGrid:
    """The credit of every classified cell, with ``absence_max`` and ``absence_decay``."""
    s = settings
    table: list[Credit] = [Credit(Fraction(0))]
    ids: dict[Credit, int] = {table[0]: 0}

    def cid(c: Credit) -> int:
        if c not in ids:
            ids[c] = len(table)
            table.append(c)
        return ids[c]

    by_kind = np.zeros(UNMARKED + 1, dtype=np.int64)
    for k in GAME_CLASSES:
        by_kind[k] = cid(Credit(game_fraction(s, SCORE_KIND[k])))
    by_kind[BYE] = cid(s.bye)
    by_kind[LATE] = cid(s.absence_late)
    by_kind[WITHDRAWN] = cid(s.absence_unexcused)  # withdrawn keep: absent unexcused (section 7)
    by_kind[UNMARKED] = cid(s.absence_unexcused)  # scored as U, reported by the engine
    credit = by_kind[rounds.kind.astype(np.int64)]
    halvings: IntArray | None = None

    absent = rounds.kind == ABSENT
    # absence_max_includes_unexcused: an unmarked round and a withdrawn (keep) round are
    # unexcused absences too and count toward the limit (chesspairing's absenceScoreX2)
    unexcused = np.zeros_like(absent)
    if s.absence_max_includes_unexcused:
        unexcused = (rounds.kind == UNMARKED) | (rounds.kind == WITHDRAWN)
    decays = s.absence_decay != AbsenceDecay.NONE
    if absent.any() or unexcused.any() or decays:
        info = [absence_credit(s, c) for c in rounds.codes]
        code = rounds.code.astype(np.int64)
        code_credit = np.array([cid(c) for c, _, _ in info], dtype=np.int64)
        counts_code = np.array([cnt for _, cnt, _ in info], dtype=bool)
        safe = np.where(absent, code, 0)
        credit = np.where(absent, code_credit[safe], credit)
        counts = (absent & counts_code[safe]) | unexcused
        over = np.zeros_like(absent)
        if s.absence_max is not None:
            over = counts & (_counted(counts, s) > s.absence_max)
            credit = np.where(over, 0, credit)
        series = (_decay_series(rounds, absent, code, s, info) & ~over if decays
                  else np.zeros_like(absent))
        if series.any():
            nth = np.cumsum(series, axis=1)
            later = series & (nth > 1)
            # halving-all with rounded cells: chesspairing halves the rounded amount (its x2
            # integer shifted right), a share's in the arithmetic (grid.inexact), a fixed
            # amount's here
            shift = s.absence_decay == AbsenceDecay.HALVING_ALL and s.rounding in ROUNDED_CELLS
            if shift:
                halvings = np.zeros(credit.shape, dtype=np.int64)
            for i, r in zip(*np.nonzero(later), strict=True):
                base, times = table[int(credit[i, r])], int(nth[i, r]) - 1
                if not shift:
                    credit[i, r] = cid(decayed(base, s.absence_decay, times + 1))
                elif base.fixed is None:
                    assert halvings is not None
                    halvings[i, r] = times
                else:
                    unit = Fraction(1, 2) if s.rounding == Rounding.HALF else Fraction(1)
                    units = (2 * abs(base.fixed) / unit + 1) // 2 * (1 if base.fixed >= 0 else -1)
                    credit[i, r] = cid(Credit(fixed=(units // 2 ** times) * unit))
    return CreditGrid(tuple(table), credit, halvings)


def _counted(counts: BoolArray, s: Settings) -> IntArray:
    """How many counted absences each player has had up to each round: over the season, or
    with ``absence_max_per_period`` anew in each period (issue 18; ``periods``)."""
    total: IntArray = np.cumsum(counts, axis=1, dtype=np.int64)
    if not (s.absence_max_per_period and s.periods):
        return total
    out = total.copy()
    for first in s.periods[1:]:
        if first < out.shape[1]:
            out[:, first:] = total[:, first:] - total[:, first - 1:first]
    return out


# --------------------------------------------------------------------------- for people

@dataclass(frozen=True)
class Fact:
    """One player's round as plain values (:func:`facts`); ``kind`` one of :data:`FACT_KIND`'s
    (``withdrawn`` and ``unmarked`` are scored as absent unexcused)."""

    round: int
    kind: str
    opponent: str | None = None
    white: bool | None = None
    result: Result | None = None
    code: str | None = None

    @property
    def score_kind(self) -> ScoreKind | None:
        """win, draw, loss, forfeit_win, forfeit_loss or pending (games only)."""
        if self.kind != "game" or self.result is None or self.white is None:
            return None
        return self.result.score(self.white)

    @property
    def colour(self) -> str:
        if self.kind != "game":
            return ""
        return "W" if self.white else "B"


F = TypeVar("F", bound=Fact)


def facts(season: Season, last: int, make: Callable[..., F],
          rounds: Rounds | None = None, games: bool = True) -> dict[str, dict[int, F]]:
    """name -> round -> fact (built by ``make``, :class:`Fact` or a subclass) for rounds
    1..last, players in row order; a player who has left the ranking (withdrawn remove) has
    no facts from his withdrawal round on.  ``rounds``: the season's classification of rounds
    1..last in row order when the caller has it (the engine's, shared).  ``games=False``:
    the rounds that were no game only (the Standings' marks, issue 25: most of a season's
    facts are games, made for nothing there)."""
    if rounds is None:
        rounds = classify(season, None, last)
    names = [p.name for p in rounds.players]
    out: dict[str, dict[int, F]] = {}
    kinds = rounds.kind.tolist()
    # the arrays as lists once: indexing a numpy array cell by cell costs more than the
    # fact it reads (issue 25: 2,100 cells of a 60 x 35 season)
    opponents, whites = rounds.opponent.tolist(), rounds.white.tolist()
    results, codes = rounds.result.tolist(), rounds.code.tolist()
    for i, name in enumerate(names):
        mine: dict[int, F] = {}
        row = kinds[i]
        for r in range(1, last + 1):
            k = row[r]
            if k == NONE:
                continue
            what = FACT_KIND[k]
            if what == "game":
                if not games:
                    continue
                mine[r] = make(r, what, opponent=names[int(opponents[i][r])],
                               white=bool(whites[i][r]), result=_RESULTS[results[i][r]])
            elif k == ABSENT:
                mine[r] = make(r, what, code=rounds.codes[codes[i][r]])
            elif k == LATE:
                mine[r] = make(r, what, code="L")
            elif k == UNMARKED:
                mine[r] = make(r, what, code="U")
            else:
                mine[r] = make(r, what)
        out[name] = mine
    return out
