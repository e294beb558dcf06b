"""The settings as data (issue 15: rooms that own one thing): every choice as an enum, the value
types (a credit, a top value, a fixed or forbidden pair) and the one frozen ``Settings`` with
its defaults.  The defaults live here and only here (KEIZER-RULES.md section 9); the presets
are in :mod:`keizer_xl.core.presets`, the exact parsing of the Settings sheet in
:mod:`keizer_xl.core.rules` (which re-exports everything below, so old imports keep working).
"""
from __future__ import annotations

import datetime
import math
import typing
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

# --------------------------------------------------------------------------- the choices
# Every choice setting is a StrEnum: a member equals (and prints as) the word a club types, so
# ``settings.recalculation == "prev"`` still holds, and the parser accepts exactly these words.


class ValueBasis(StrEnum):
    """``value_basis`` (rules section 8): values from the place, or from the rating."""
    PLACE = "place"
    RATING = "rating"


class OwnValue(StrEnum):
    """``own_value``: which own value is added to the total."""
    CURRENT = "current"
    START = "start"
    NONE = "none"


class Recalculation(StrEnum):
    """``recalculation`` (rules section 4)."""
    PREV = "prev"
    FROZEN = "frozen"
    CONVERGE = "converge"


class AbsenceDecay(StrEnum):
    """``absence_decay``: repeated absences score less."""
    NONE = "none"
    HARMONIC = "harmonic"
    HALVING = "halving"
    HALVING_EU = "halving-eu"
    HALVING_ALL = "halving-all"


class StartPoints(StrEnum):
    """``start_points``: the standing before round 1 (rules section 3): each player's own
    value (``own``), or 0 for everyone (``zero``: chesspairing's ``Score`` without rounds)."""
    OWN = "own"
    ZERO = "zero"


class Withdrawn(StrEnum):
    """``withdrawn`` (rules section 7): what happens to a withdrawn player's games."""
    KEEP = "keep"
    REMOVE = "remove"
    RETROACTIVE = "retroactive"


class ValueRounding(StrEnum):
    """``value_rounding``: how 1.5N and ratio R round to a whole number."""
    HALF_UP = "half-up"
    HALF_EVEN = "half-even"


class ValueNormalisation(StrEnum):
    """``value_normalisation``: none, or wicker (R for place 1 down to 1 for the last)."""
    NONE = "none"
    WICKER = "wicker"


class PairingRule(StrEnum):
    """``pairing`` (rules section 5)."""
    KEIZER = "keizer"
    GEEL = "geel"


class ColourRule(StrEnum):
    """``colours`` (rules section 6)."""
    KEIZER = "keizer"
    LOWER_WHITE = "lower-white"
    BALANCE = "balance"
    GEEL = "geel"


class Tiebreak(StrEnum):
    """One ``tiebreak`` (rules section 4), in the order the setting lists them; ``games`` (game
    points so far) and ``id`` (the Players sheet's Id as a number) reproduce KeizerForClubs'
    cached standings (docs/presets-kfc.md)."""
    PREVIOUS = "previous"
    RATING = "rating"
    START = "start"
    NAME = "name"
    GAMES = "games"
    ID = "id"
    # FIDE's (C.07, 2024, Article 5; issue 36): a round robin's standings by game points use
    # these (core/tiebreaks.py), the Keizer engine its own above; written in capitals
    DE = "de"
    WIN = "win"
    WON = "won"
    BPG = "bpg"
    BWG = "bwg"
    GE = "ge"
    PS = "ps"
    BH = "bh"
    BH_C1 = "bh-c1"
    BH_M1 = "bh-m1"
    SB = "sb"
    KS = "ks"
    AOB = "aob"
    ARO = "aro"

    @property
    def fide(self) -> bool:
        """One of FIDE's tie-breaks (its acronym: ``self.value.upper()``)."""
        return self not in KEIZER_TIEBREAKS


#: the Keizer engine's tie-breaks (core/engine/order.py)
KEIZER_TIEBREAKS = frozenset({Tiebreak.PREVIOUS, Tiebreak.RATING, Tiebreak.START, Tiebreak.NAME,
                              Tiebreak.GAMES, Tiebreak.ID})
#: C.07 (2024) recommends for an individual round robin: DE, WIN, SB, KS (in this order); the
#: default of a round robin whose ``tiebreak`` names none of FIDE's (docs/round-robin-standings.md)
ROUND_ROBIN_TIEBREAKS = (Tiebreak.DE, Tiebreak.WIN, Tiebreak.SB, Tiebreak.KS)


class AttendanceDefault(StrEnum):
    """``attendance_default`` (issue 18): a blank Attendance cell is present, or absent."""
    PRESENT = "present"
    ABSENT = "absent"


class ByeChoice(StrEnum):
    """``bye_choice`` (issue 18): who gets the bye."""
    LOWEST_WITHOUT_BYE = "lowest-without-bye"
    LOWEST = "lowest"


class Rounding(StrEnum):
    """``rounding`` (issue 17): a club's old rounding, on each contribution or on the total."""
    NONE = "none"
    HALF = "half"
    WHOLE = "whole"
    HALF_TOTAL = "half total"
    WHOLE_TOTAL = "whole total"


class StartRanking(StrEnum):
    """``start_ranking``: the players list (rules section 2), or rating then name."""
    LIST = "list"
    RATING = "rating"


class ConvergeStart(StrEnum):
    """``converge_start``: where each round's iteration begins."""
    PREVIOUS = "previous"
    START = "start"


class ConvergeCycle(StrEnum):
    """``converge_cycle``: which cycles are averaged."""
    AVERAGE = "average"
    TWO = "two"


class NameOrder(StrEnum):
    """``name_order``: how the name tie-break compares."""
    ALPHABETICAL = "alphabetical"
    EXACT = "exact"


class DisplayOrder(StrEnum):
    """``display_order``: the order a standing is shown in; values and pairings always come
    from the ranking itself.  ``points-games-rating``: KeizerForClubs' printed standings
    (cSqliteInterface.cs ``GetPlayerLiOrderedForResults``, ``ComparePlayersForResultsList``):
    points rounded to 2 decimals, then game points, then rating, all descending."""
    RANKING = "ranking"
    POINTS_GAMES_RATING = "points-games-rating"


class System(StrEnum):
    """Which system a group plays (issue 36): decided once, by ``Competition.system``."""
    KEIZER = "keizer"
    ROUND_ROBIN = "round-robin"


class RoundRobinOrder(StrEnum):
    """``round_robin_order``: pairing numbers from the Players sheet's Start order, or drawn by
    lot (``round_robin_seed``, written to Settings when drawn, repeats the draw)."""
    START = "start"
    LOT = "lot"


class RoundRobinWithdrawal(StrEnum):
    """``round_robin_withdrawal``: ``fide`` (fewer than half his games played: his results
    annulled, else his remaining games lost by forfeit), always ``forfeit``, always ``annul``."""
    FIDE = "fide"
    FORFEIT = "forfeit"
    ANNUL = "annul"


#: ``round_robin all``: the whole season (every group) is a round robin
ROUND_ROBIN_ALL = "all"


def system_of(settings: Settings, group: str) -> System:
    """The system ``group`` ("" without groups) plays by the ``round_robin`` setting: ``all``,
    or the groups it names (case and spaces ignored).  ``Competition.system`` asks this; the
    season's own checks (model.validate) too."""
    def key(text: str) -> str:
        return " ".join(text.split()).casefold()

    named = settings.round_robin
    if named == (ROUND_ROBIN_ALL,) or key(group) in {key(g) for g in named}:
        return System.ROUND_ROBIN
    return System.KEIZER


@dataclass(frozen=True)
class Credit:
    """Points for a round without an opponent: ``fraction`` x own value, or ``fixed`` points."""

    fraction: Fraction = Fraction(0)
    fixed: Fraction | None = None

    def __str__(self) -> str:
        if self.fixed is not None:
            return f"{fraction_text(self.fixed)} points"
        return fraction_text(self.fraction)


@dataclass(frozen=True)
class TopValue:
    """``top_value``: a number, or a rule in N (rules section 2)."""

    number: Fraction | None = None
    rule: str | None = None  # "N", "1.5N", "2N", "ratio R" (R > 1, e.g. "ratio 3")

    @property
    def ratio(self) -> Fraction | None:
        """R of ``ratio R``: the first place is worth about R times the last."""
        if self.rule is None or not self.rule.startswith("ratio "):
            return None
        return Fraction(self.rule.split(" ", 1)[1])

    def resolve(self, n: int, rounding: ValueRounding = ValueRounding.HALF_UP) -> Fraction:
        """The top value for ``n`` players; ``rounding`` (the ``value_rounding`` setting) is how
        1.5N and ratio R round to a whole number: half-up or half-even."""
        if self.number is not None:
            return self.number
        # half-even: Python's round, as .NET's Convert.ToInt32 and Math.Round
        rnd = round if rounding == ValueRounding.HALF_EVEN else lambda x: (x + Fraction(1, 2)).__floor__()
        if self.rule == "N":
            return Fraction(n)
        if self.rule == "1.5N":
            return Fraction(rnd(Fraction(3 * n, 2)))
        if self.rule == "2N":
            return Fraction(2 * n)
        r = self.ratio
        if r is not None:
            # the first is worth about R times the last: top = round((N - 1) * R / (R - 1));
            # R = 3 gives round(1.5 * (N - 1)).  KeizerForClubs (RankingCalculator.cs,
            # FirstStartPts) rounds with .NET Convert.ToInt32: half to even (value_rounding)
            return Fraction(rnd((n - 1) * r / (r - 1)))
        raise AssertionError(self.rule)

    def __str__(self) -> str:
        return self.rule if self.rule is not None else fraction_text(self.number)


def decimal_text(x: Fraction) -> str:
    """``x`` as a decimal when it has one (2.5), else as a fraction (7/3)."""
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d != 1:
        return fraction_text(x)
    text = format(Decimal(x.numerator) / Decimal(x.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


#: The value denominator of ``value_normalisation wicker``: values are rounded to at most 9
#: decimals (KeizerForClubs' GetNachkommaStellenForWickerNormalization looks at 0..9).
WICKER_DENOMINATOR = 10 ** 9


def fraction_text(x: Fraction | None) -> str:
    if x is None:
        return ""
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True)
class PairConstraint:
    """A fixed or forbidden pair, for one round or (round None) every round."""

    first: str
    second: str
    round: int | None = None


TIEBREAK_KEYS = tuple(t.value for t in Tiebreak)

#: The workbook languages (WORKBOOK-CONTRACT.md, Languages); "en" is the default.
LANGUAGES = ("en", "nl", "de", "fr")
#: What people type for a language in the ``language`` setting.
LANGUAGE_NAMES = {"english": "en", "engels": "en", "englisch": "en", "nederlands": "nl",
                  "dutch": "nl", "niederländisch": "nl", "vlaams": "nl", "deutsch": "de",
                  "german": "de", "duits": "de", "français": "fr", "francais": "fr",
                  "french": "fr", "frans": "fr", "französisch": "fr"}


@dataclass(frozen=True)
class Settings:
    """The competition's rules as the Settings sheet sets them (the rules' sections are
    named at each group of fields); the defaults are the ``keizer`` preset."""

    preset: str = "keizer"
    season: str = ""  # shown in titles and the HTML page; empty: the file name
    club: str = ""  # the club's name, shown likewise
    language: str = ""  # en, nl, de or fr; empty: the language of the input sheet names
    # values (rules section 2)
    value_basis: ValueBasis = ValueBasis.PLACE  # section 8
    top_value: TopValue = TopValue(rule="1.5N")
    value_step: Fraction = Fraction(1)
    bottom_value: Fraction | None = None
    value_decimals: int = 2
    tied_share_value: bool = False
    k_factor: int = 0
    # points (section 3)
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    bye: Credit = Credit(Fraction(2, 3))
    absence_excused: Credit = Credit(Fraction(1, 3))
    absence_unexcused: Credit = Credit(Fraction(0))
    absence_club: Credit = Credit(Fraction(2, 3))
    absence_late: Credit = Credit(Fraction(0))
    codes: tuple[tuple[str, Credit], ...] = ()
    absence_max: int | None = None
    absence_max_includes_club: bool = False
    absence_decay: AbsenceDecay = AbsenceDecay.NONE
    own_value: OwnValue = OwnValue.CURRENT
    start_points: StartPoints = StartPoints.OWN  # the standing before round 1: own | zero
    # recalculation (section 4)
    recalculation: Recalculation = Recalculation.PREV
    max_passes: int = 50
    extra_passes: int = 0
    extra_passes_from_round: int = 1
    converge_from_round: int | None = None
    tiebreak: tuple[Tiebreak, ...] = (Tiebreak.PREVIOUS, Tiebreak.RATING, Tiebreak.START)
    display_order: DisplayOrder = DisplayOrder.RANKING  # ranking | points-games-rating (KFC)
    # reproducing another program exactly (issue 17; docs/presets-chesspairing.md)
    rounding: Rounding = Rounding.NONE  # none | half | whole | half total | whole total
    start_ranking: StartRanking = StartRanking.LIST  # list (section 2) | rating (then name)
    converge_start: ConvergeStart = ConvergeStart.PREVIOUS  # where each round's iteration begins
    converge_cycle: ConvergeCycle = ConvergeCycle.AVERAGE  # average (any cycle) | two
    name_order: NameOrder = NameOrder.ALPHABETICAL  # alphabetical (case-insensitive) | exact
    absence_max_includes_unexcused: bool = False
    float_shares: bool = False  # rounding ties decided as chesspairing's float64 products do
    # players over a season (section 7)
    withdrawn: Withdrawn = Withdrawn.KEEP
    withdrawn_opponent: Fraction = Fraction(1, 2)
    # pairing (section 5)
    pairing: PairingRule = PairingRule.KEIZER
    # n > 0: the season's last n rounds are paired by Keizer's method whatever ``pairing`` says
    # (rules section 11: Geel's pairing, "the familiar Keizer pairing" for the last two rounds)
    keizer_pairing_last: int = 0
    rematch_gap: int | None = None  # None = never again; 0 = no restriction
    max_meetings: int | None = None
    forfeit_is_meeting: bool = True
    fixed: tuple[PairConstraint, ...] = ()
    forbidden: tuple[PairConstraint, ...] = ()
    # the club's year (issue 18): each period's first round, e.g. (1, 11, 21); () = one period
    periods: tuple[int, ...] = ()
    # the rating report (issue 17, TRF header lines 022, 102, 122, 132): free text, and each
    # round's date (round n = the n-th date; empty: the Attendance date headers, if any)
    city: str = ""
    arbiter: str = ""
    time_control: str = ""
    round_dates: tuple[datetime.date, ...] = ()
    # the rating list the "Update ratings" button and `keizer-xl players` read (issue 37): a
    # path, relative to the workbook's folder
    rating_list: str = ""
    # a period's own standing: "keizer" (a Keizer competition of its own) or match points per
    # game "win/draw/loss", e.g. "6/3/1" (pijpersh 2006-07); see core/periods.py
    period_scoring: str = "keizer"
    rematch_period: bool = False  # yes: the rematch rules count only this period's meetings
    absence_max_per_period: bool = False  # yes: absence_max counts each period's absences anew
    # house rules (issue 18 item 5, issue 16): see docs/club-year.md
    min_games: int | None = None  # fewer games: shown after the final table, unranked
    # the season's last round (issue 33): its end, for min_games and the last period; empty:
    # the highest round with a column in Attendance or a game in Results
    last_round: int | None = None
    attendance_default: AttendanceDefault = AttendanceDefault.PRESENT  # blank = present | absent
    bye_choice: ByeChoice = ByeChoice.LOWEST_WITHOUT_BYE  # lowest-without-bye | lowest
    bye_first_evening: bool = True  # no: no bye on a player's first evening when avoidable
    # colours (section 6)
    colours: ColourRule = ColourRule.KEIZER
    max_same_colour_in_row: int | None = None
    max_colour_difference: int | None = None
    # KeizerForClubs' rules (issue 17, docs/presets-kfc.md; all off outside preset kfc)
    value_rounding: ValueRounding = ValueRounding.HALF_UP  # how 1.5N and ratio R round
    value_normalisation: ValueNormalisation = ValueNormalisation.NONE  # wicker: R .. 1
    own_value_fade: int = 0  # n > 0: own value x (n - R) / n after round R, 0 from round n
    withdrawn_opponent_result: bool = False  # withdrawn_opponent x the game's result share
    # groups (issue 18, docs/groups.md): at each period boundary the ``promote`` best of a group
    # move up to the group above, the ``relegate`` worst of the group above move down
    promote: int = 0
    relegate: int = 0
    # yes: the season's end is a boundary too (after its last round, for next season's groups;
    # issue 23, docs/groups.md): ``new-season`` starts each player in the group it gives
    promote_at_season_end: bool = False
    # with withdrawn_opponent_result: a forfeit loss or double forfeit against a player who
    # has left takes the loss share, as any result but a win or draw does in KeizerForClubs
    withdrawn_opponent_forfeit_as_loss: bool = False
    # a game without a result scores nothing for either (KeizerForClubs) instead of a draw
    pending_scores_zero: bool = False
    # round robin (issue 36, docs/round-robin.md): () none, ("all",) the whole season, or the
    # groups that play one inside the Keizer season
    round_robin: tuple[str, ...] = ()
    round_robin_cycles: int = 1  # 1 single, 2 double
    round_robin_swap: bool = True  # double: the first cycle's last two rounds swapped (FIDE)
    round_robin_order: RoundRobinOrder = RoundRobinOrder.START
    round_robin_seed: int | None = None  # the lot's seed (written when drawn)
    round_robin_withdrawal: RoundRobinWithdrawal = RoundRobinWithdrawal.FIDE

    def __post_init__(self) -> None:
        # a choice given as its word (a preset's "frozen", replace(s, recalculation="prev"))
        # becomes the enum member; a word that is no choice raises ValueError
        for name, choice in CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, choice):
                object.__setattr__(self, name, choice(value))
        if not all(isinstance(t, Tiebreak) for t in self.tiebreak):
            object.__setattr__(self, "tiebreak", tuple(Tiebreak(t) for t in self.tiebreak))

    @property
    def code_map(self) -> dict[str, Credit]:
        return dict(self.codes)

    def value_denominator(self) -> int:
        """Common denominator of every value this configuration can produce."""
        if self.value_basis == ValueBasis.RATING:
            return 100
        if self.value_normalisation == ValueNormalisation.WICKER:
            return WICKER_DENOMINATOR
        if self.bottom_value is not None:
            return int(10 ** self.value_decimals)
        den = self.value_step.denominator
        if self.top_value.number is not None:
            den = math.lcm(den, self.top_value.number.denominator)
        return den


#: The choice settings (every field typed with a StrEnum) and their enums: the accepted words are
#: the members' values.
CHOICES: dict[str, type[StrEnum]] = {
    name: t for name, t in typing.get_type_hints(Settings).items()
    if isinstance(t, type) and issubclass(t, StrEnum)}
