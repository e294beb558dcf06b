"""Who gets White on a board (KEIZER-RULES.md section 6).

A player's *colour history* is the colours (``"W"``/``"B"``) of his over-the-board games with a
result, in round order; adjourned games count (played over the board).  Left out (decision,
section 6 is silent): forfeits (no colour was played), byes and absences (they do not break a
run either), games without a result (perhaps never played, or still going).

Every rule gets ``a`` the higher-ranked and ``b`` the lower-ranked player and returns
``(white, black)``; :func:`choose_colours` then applies ``max_same_colour_in_row`` and
``max_colour_difference``.  Where a rule ends in chance, :func:`seeded_draw` decides from
``sha256(f"{season}|{round}|{a}|{b}")`` (section 5: a seeded draw, never the clock).
"""
from __future__ import annotations

from fractions import Fraction
from collections.abc import Mapping, Sequence

from keizer_xl.core.model import Result, Season
from keizer_xl.core.settings import ColourRule, Settings
from keizer_xl.errors import Message

WHITE = "W"
BLACK = "B"
History = Sequence[str]


def colour_history(season: Season, rnd: int) -> dict[str, tuple[str, ...]]:
    """Colour history of every player who played, from the games of rounds before ``rnd``.

    Games are taken in round order; two games of one player in one round (invalid input)
    keep their order in ``season.games``.
    """
    by_round: dict[int, list[tuple[str, str]]] = {}
    pending, started = Result.PENDING, Result.STARTED
    wf, bf, df = Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT
    for g in season.games:
        res = g.result  # identity tests: an Enum's hash is a Python-level call
        if g.round >= rnd or res is pending or res is started or res is wf or res is bf \
                or res is df:
            continue
        by_round.setdefault(g.round, []).append((g.white, g.black))
    hist: dict[str, list[str]] = {}
    for r in sorted(by_round):  # round order; within a round, the order of season.games
        for white, black in by_round[r]:
            hist.setdefault(white, []).append(WHITE)
            hist.setdefault(black, []).append(BLACK)
    return {name: tuple(items) for name, items in hist.items()}


# --------------------------------------------------------------------------- helpers

def _balance(h: History) -> int:
    """Whites minus Blacks."""
    return sum(1 if c == WHITE else -1 for c in h)


def _run(h: History) -> int:
    """Length of the current run of equal colours (0 without games)."""
    return next((i for i, c in enumerate(reversed(h)) if c != h[-1]), len(h))


def seeded_draw(season_name: str, rnd: int, a: str, b: str) -> bool:
    """True when ``a`` gets White.  Deterministic: sha256 of ``season|round|a|b``."""
    import hashlib  # here: _hashlib costs ~15 ms to import, and most pairings never draw

    digest = hashlib.sha256(f"{season_name}|{rnd}|{a}|{b}".encode()).digest()
    return digest[0] % 2 == 0


def _ab(a_white: bool, a: str, b: str) -> tuple[str, str]:
    return (a, b) if a_white else (b, a)


# --------------------------------------------------------------------------- the rules

def _keizer(a: str, b: str, ha: History, hb: History, settings: Settings, rnd: int) -> tuple[str, str]:
    """Keizer's official rule (KEIZER-RULES.md section 6): the lower share of White games
    (no games = 50 %), then the one who had Black last, then the higher-ranked.  The last step
    always decides (no two players share a place), so the spec's seeded draw is never reached."""
    # shares compared exactly by cross-multiplying (whites / games; no games = 1 / 2)
    wa, na = (ha.count(WHITE), len(ha)) if ha else (1, 2)
    wb, nb = (hb.count(WHITE), len(hb)) if hb else (1, 2)
    if wa * nb != wb * na:
        return _ab(wa * nb < wb * na, a, b)
    if ha and hb and ha[-1] != hb[-1]:
        return _ab(ha[-1] == BLACK, a, b)
    return a, b


def _lower_white(a: str, b: str, ha: History, hb: History, settings: Settings, rnd: int) -> tuple[str, str]:
    """German/Swiss-Chess style (section 6): fewer (White - Black), then the lower-ranked."""
    da, db = _balance(ha), _balance(hb)
    if da != db:
        return _ab(da < db, a, b)
    return b, a


def _balance_rule(a: str, b: str, ha: History, hb: History, settings: Settings, rnd: int) -> tuple[str, str]:
    """JBF style (section 6): balance furthest from zero, then the longer run switches, then
    the last difference walking back *game by game from the end* (players skip rounds, so
    aligning by round number would compare different evenings; decision), then the draw."""
    da, db = _balance(ha), _balance(hb)
    if abs(da) != abs(db):
        if abs(da) > abs(db):
            return _ab(da < 0, a, b)
        return _ab(db > 0, a, b)
    if da != db:  # equally far, opposite sides: both come back
        return _ab(da < 0, a, b)
    ra, rb = _run(ha), _run(hb)
    if ra != rb:
        if ra > rb:
            return _ab(ha[-1] == BLACK, a, b)
        return _ab(hb[-1] == WHITE, a, b)
    # the histories differ in length: compared from the latest game back, the shorter one ends it
    for ca, cb in zip(reversed(ha), reversed(hb), strict=False):
        if ca != cb:
            return _ab(ca == BLACK, a, b)
    return _ab(seeded_draw(settings.season, rnd, a, b), a, b)


def _geel(a: str, b: str, ha: History, hb: History, settings: Settings, rnd: int) -> tuple[str, str]:
    """Geel (section 6): both ways compared by the White shares after the game (exact), then
    alternation when consistent (last colours differ, or only one has played), then the draw."""
    def distances(white_h: History, black_h: History) -> tuple[Fraction, Fraction]:
        half = Fraction(1, 2)
        pw = Fraction(sum(1 for c in white_h if c == WHITE) + 1, len(white_h) + 1)
        pb = Fraction(sum(1 for c in black_h if c == WHITE), len(black_h) + 1)
        d1, d2 = abs(pw - half), abs(pb - half)
        return max(d1, d2), min(d1, d2)

    way_a = distances(ha, hb)  # a White
    way_b = distances(hb, ha)  # b White
    if way_a != way_b:
        return _ab(way_a < way_b, a, b)
    la = ha[-1] if ha else None
    lb = hb[-1] if hb else None
    if la is not None and (lb is None or la != lb):
        return _ab(la == BLACK, a, b)
    if lb is not None and la is None:
        return _ab(lb == WHITE, a, b)
    return _ab(seeded_draw(settings.season, rnd, a, b), a, b)


COLOUR_RULES = {
    ColourRule.KEIZER: _keizer,
    ColourRule.LOWER_WHITE: _lower_white,
    ColourRule.BALANCE: _balance_rule,
    ColourRule.GEEL: _geel,
}


def rule_choice(a: str, b: str, ha: History, hb: History, settings: Settings, rnd: int) -> tuple[str, str]:
    """``(white, black)`` by ``settings.colours`` alone, ``a`` the higher-ranked player."""
    rule = COLOUR_RULES[settings.colours]  # every ColourRule has its rule
    return rule(a, b, tuple(ha), tuple(hb), settings, rnd)


# --------------------------------------------------------------------------- limits

def limit_problems(white: str, black: str, hw: History, hb: History, settings: Settings) -> list[str]:
    """What the limits say against ``white``/``black`` (empty when nothing is broken).

    ``max_same_colour_in_row`` L: after the game no player may have the same colour more
    than L times in a row.  ``max_colour_difference`` D: after the game |W - B| <= D.
    """
    problems: list[str] = []
    for name, h, colour in ((white, hw, WHITE), (black, hb, BLACK)):
        limit = settings.max_same_colour_in_row
        if limit is not None:
            run = 1 + (_run(h) if h and h[-1] == colour else 0)
            if run > limit:
                problems.append(
                    Message("{name} would have White {run} times in a row "
                            "(max_same_colour_in_row {limit})", name=name, run=run, limit=limit)
                    if colour == WHITE else
                    Message("{name} would have Black {run} times in a row "
                            "(max_same_colour_in_row {limit})", name=name, run=run, limit=limit))
        limit = settings.max_colour_difference
        if limit is not None:
            diff = _balance(h) + (1 if colour == WHITE else -1)
            if abs(diff) > limit:
                problems.append(Message("{name} would have a colour difference of {diff} "
                                        "(max_colour_difference {limit})", name=name,
                                        diff=f"{diff:+d}", limit=limit))
    return problems


def _joined(parts: list[str]) -> str:
    """``a; b; c`` as one Message, each part translatable (a tuple would join with commas)."""
    out = parts[0]
    for part in parts[1:]:
        out = Message("{first}; {second}", first=out, second=part)
    return out


def choose_colours(a: str, b: str, history: Mapping[str, History], settings: Settings,
                   rnd: int) -> tuple[str, str, tuple[str, ...]]:
    """``(white, black, notes)`` for a board of ``a`` (higher-ranked) against ``b``.

    The rule's choice stands unless it breaks a limit and the other way does not; then the
    other way is taken.  When both ways break a limit the rule's choice stands.  Either
    compromise is reported in ``notes``.
    """
    ha, hb = tuple(history.get(a, ())), tuple(history.get(b, ()))
    white, black = rule_choice(a, b, ha, hb, settings, rnd)
    hist = {a: ha, b: hb}
    problems = limit_problems(white, black, hist[white], hist[black], settings)
    if not problems:
        return white, black, ()
    other = limit_problems(black, white, hist[black], hist[white], settings)
    if not other:
        note = Message("Colours swapped: {black} - {white} instead of {white} - {black}: "
                       "{problems}", white=white, black=black, problems=_joined(problems))
        return black, white, (note,)
    note = Message("Colour limit broken: {white} - {black}: either way breaks a limit; "
                   "{problems}", white=white, black=black, problems=_joined(problems))
    return white, black, (note,)
