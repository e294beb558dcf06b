"""FIDE's tie-breaks by their acronyms (Handbook C.07, Tie-Break Regulations of 1 August 2024,
Article 5's list), one small function each, on a tournament's games.  Pure; exact Fractions.

Every tie-break maps each player to a value, higher ranking first (:data:`TIEBREAKS`), except
DE (Article 6), which ranks a group of tied players (:func:`de_order`).  :func:`rank` ranks by
game points, then by the tie-breaks in the order given; players equal on all share a place.

Unplayed rounds: in a tournament with pre-determined pairings (a round robin,
``predetermined``), forfeits are treated as regular games, except that all forfeits are
unplayed in the rating tie-breaks (ARO) and forfeit losses are unplayed in the player's own
results (Article 7: WON, BPG, BWG, GE).  Otherwise (a Swiss-like tournament) Article 16 holds:
each unplayed round of a player counts, for his own BH and SB, as a game against a dummy whose
score is his own score, capped at the scheduled opponent's adjusted score for a forfeit and at
half the rounds otherwise; for his opponents' tie-breaks his score is adjusted (a requested bye
followed only by voluntarily unplayed rounds counts as a draw); a cut removes a voluntarily
unplayed round's contribution first.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

HALF = Fraction(1, 2)


class Kind(StrEnum):
    """What a round was for one player."""
    PLAYED = "played"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    FULL_BYE = "full-point bye"  # pairing-allocated or full-point bye (16.2.1)
    HALF_BYE = "half-point bye"  # requested (16.1.1)
    ZERO_BYE = "zero-point bye"  # requested, absent, or any round after a withdrawal


#: voluntarily unplayed rounds (16.1.2): a requested bye or a forfeit loss
VUR = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FORFEIT_LOSS)
BYE_POINTS = {Kind.FULL_BYE: Fraction(1), Kind.HALF_BYE: HALF, Kind.ZERO_BYE: Fraction(0)}


@dataclass(frozen=True)
class Game:
    """A game: ``forfeit`` when it was not played (a double forfeit scores 0 - 0)."""
    round: int
    white: str
    black: str
    white_points: Fraction
    black_points: Fraction
    forfeit: bool = False


@dataclass(frozen=True)
class Bye:
    """A round without an opponent (a round robin's idle round is no round: leave it out)."""
    round: int
    player: str
    kind: Kind = Kind.FULL_BYE


@dataclass(frozen=True)
class Entry:
    """One round of one player."""
    round: int
    opponent: str | None
    points: Fraction
    kind: Kind
    black: bool = False


@dataclass(frozen=True)
class Tournament:
    """The games and byes of a tournament; ``rounds`` its number of rounds (default: the
    highest round given), ``ratings`` for ARO."""
    players: tuple[str, ...]
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    predetermined: bool = True
    rounds: int = 0
    ratings: Mapping[str, int] = field(default_factory=dict)

    def entries(self) -> dict[str, list[Entry]]:
        """Each player's rounds, in round order."""
        out: dict[str, list[Entry]] = {p: [] for p in self.players}
        for g in self.games:
            for me, opp, pts, black in ((g.white, g.black, g.white_points, False),
                                        (g.black, g.white, g.black_points, True)):
                kind = (Kind.PLAYED if not g.forfeit else
                        Kind.FORFEIT_WIN if pts > 0 else Kind.FORFEIT_LOSS)
                out[me].append(Entry(g.round, opp, pts, kind, black))
        for b in self.byes:
            out[b.player].append(Entry(b.round, None, BYE_POINTS[b.kind], b.kind))
        for rows in out.values():
            rows.sort(key=lambda e: e.round)
        return out

    @property
    def last(self) -> int:
        return self.rounds or max([g.round for g in self.games] + [b.round for b in self.byes]
                                  + [0])


Values = dict[str, Fraction]


def score(t: Tournament) -> Values:
    """Game points."""
    return {p: sum((e.points for e in es), Fraction(0)) for p, es in t.entries().items()}


def _played(t: Tournament, e: Entry, own: bool = True) -> bool:
    """A round counted as a game: over the board, or a forfeit in a pre-determined tournament
    (Article 15.2; a forfeit loss stays unplayed in the player's own results: ``own``)."""
    return e.kind is Kind.PLAYED or (t.predetermined and (
        e.kind is Kind.FORFEIT_WIN or (e.kind is Kind.FORFEIT_LOSS and not own)))


def _count(t: Tournament, test: Callable[[Entry], bool]) -> Values:
    return {p: Fraction(sum(1 for e in es if test(e))) for p, es in t.entries().items()}


def win(t: Tournament) -> Values:
    """WIN (7.1): rounds in which he got a win's points, with or without playing."""
    return _count(t, lambda e: e.points == 1)


def won(t: Tournament) -> Values:
    """WON (7.2): games won (over the board; in a round robin a forfeit win too)."""
    return _count(t, lambda e: e.points == 1 and _played(t, e))


def bpg(t: Tournament) -> Values:
    """BPG (7.3): games played with Black."""
    return _count(t, lambda e: e.black and _played(t, e))


def bwg(t: Tournament) -> Values:
    """BWG (7.4): games won with Black."""
    return _count(t, lambda e: e.black and e.points == 1 and _played(t, e))


def ge(t: Tournament) -> Values:
    """GE (Article 7): his rounds less the voluntarily unplayed ones (requested byes, forfeit
    losses)."""
    return _count(t, lambda e: e.kind not in VUR)


def ps(t: Tournament) -> Values:
    """PS (Article 7): the sum of his running score after each round."""
    out = {}
    for p, es in t.entries().items():
        total = run = Fraction(0)
        by_round: dict[int, Fraction] = {}
        for e in es:
            by_round[e.round] = by_round.get(e.round, Fraction(0)) + e.points
        for r in range(1, t.last + 1):
            run += by_round.get(r, Fraction(0))
            total += run
        out[p] = total
    return out


def _adjusted(t: Tournament) -> tuple[Values, dict[str, list[tuple[Entry, Fraction]]]]:
    """Each player's score as his opponents' tie-breaks see it (16.3) and his rounds with the
    opponent's score each contributes to his own (a dummy's for an unplayed round: 16.4)."""
    entries, own = t.entries(), score(t)
    adjusted = dict(own)
    if not t.predetermined:
        for p, es in entries.items():
            for i, e in enumerate(es):  # 16.2.5: a requested bye followed only by VURs
                if e.kind in (Kind.HALF_BYE, Kind.ZERO_BYE) and all(
                        x.kind in VUR for x in es[i + 1:]):
                    adjusted[p] += HALF - e.points
    out: dict[str, list[tuple[Entry, Fraction]]] = {}
    for p, es in entries.items():
        rows = []
        for e in es:
            if e.opponent is not None and (e.kind is Kind.PLAYED or t.predetermined):
                rows.append((e, adjusted[e.opponent]))
            elif e.opponent is not None:  # a forfeit (16.4.1)
                rows.append((e, min(own[p], adjusted[e.opponent])))
            else:  # a bye (16.4.2)
                rows.append((e, min(own[p], HALF * t.last)))
        out[p] = rows
    return adjusted, out


def _cut(values: list[tuple[Entry, Fraction]], low: int, high: int = 0) -> Fraction:
    """The sum of the values less ``low`` least significant ones (a voluntarily unplayed
    round's first: 16.5) and the ``high`` highest."""
    rest = sorted(values, key=lambda x: x[1])
    for _ in range(low):
        if not rest:
            break
        vurs = [x for x in rest if x[0].kind in VUR]
        rest.remove(min(vurs, key=lambda x: x[1]) if vurs else rest[0])
    rest = rest[:len(rest) - high] if high else rest
    return sum((v for _, v in rest), Fraction(0))


def _bh(t: Tournament, low: int = 0, high: int = 0) -> Values:
    return {p: _cut(rows, low, high) for p, rows in _adjusted(t)[1].items()}


def bh(t: Tournament) -> Values:
    """BH (8.1): the sum of his opponents' scores."""
    return _bh(t)


def bh_c1(t: Tournament) -> Values:
    """BH-C1 (14.1): Buchholz less the least significant value."""
    return _bh(t, 1)


def bh_m1(t: Tournament) -> Values:
    """BH-M1 (Article 14): Buchholz less the highest and the least significant value."""
    return _bh(t, 1, 1)


def sb(t: Tournament) -> Values:
    """SB (9.1): for each round, his points times the opponent's score."""
    return {p: sum((e.points * v for e, v in rows), Fraction(0))
            for p, rows in _adjusted(t)[1].items()}


def ks(t: Tournament) -> Values:
    """KS (9.2): his points against the players with at least half the maximum possible
    score (the most rounds any player has)."""
    entries, own = t.entries(), score(t)
    top = max((len(es) for es in entries.values()), default=0)
    strong = {p for p, s in own.items() if 2 * s >= top}
    return {p: sum((e.points for e in es if e.opponent in strong and _played(t, e, own=False)),
                   Fraction(0)) for p, es in entries.items()}


def aob(t: Tournament) -> Values:
    """AOB (Article 8): the average of his opponents' Buchholz."""
    entries, buchholz = t.entries(), bh(t)
    out = {}
    for p, es in entries.items():
        opps = [buchholz[e.opponent] for e in es if e.opponent and _played(t, e, own=False)]
        out[p] = sum(opps, Fraction(0)) / len(opps) if opps else Fraction(0)
    return out


def aro(t: Tournament) -> Values:
    """ARO (Article 10): the average rating of the opponents he played over the board (forfeits are
    unplayed for ratings), rounded to a whole number (half up)."""
    out = {}
    for p, es in t.entries().items():
        rated = [t.ratings[e.opponent] for e in es
                 if e.kind is Kind.PLAYED and e.opponent is not None and e.opponent in t.ratings]
        out[p] = Fraction(int(Fraction(sum(rated), len(rated)) + HALF)) if rated else Fraction(0)
    return out


#: acronym -> tie-break (DE is a group rule: :func:`de_order`)
TIEBREAKS: dict[str, Callable[[Tournament], Values]] = {
    "WIN": win, "WON": won, "BPG": bpg, "BWG": bwg, "GE": ge, "PS": ps, "BH": bh,
    "BH-C1": bh_c1, "BH-M1": bh_m1, "SB": sb, "KS": ks, "AOB": aob, "ARO": aro,
}


def _encounters(t: Tournament, group: Iterable[str]) -> tuple[Values, set[frozenset[str]]]:
    """The points each of ``group`` scored against the others, and the pairs that met."""
    members = set(group)
    pts: Values = {p: Fraction(0) for p in members}
    met: set[frozenset[str]] = set()
    for p, es in t.entries().items():
        if p in members:
            for e in es:
                if e.opponent in members and _played(t, e, own=False):
                    pts[p] += e.points
                    met.add(frozenset((p, e.opponent)))
    return pts, met


def de_order(t: Tournament, group: Sequence[str]) -> tuple[list[list[str]], Values]:
    """DE (Article 6) on a group of tied players: the group split into ordered subgroups, and
    each one's points against the others.  All met each other (6.1): ordered by those points.
    Not all met (6.2): a player whose points exceed what each other one could still reach
    with his missing encounters won ranks first, and so on; the rest stay tied."""
    pts, met = _encounters(t, group)
    pairs = {frozenset((a, b)) for i, a in enumerate(group) for b in group[i + 1:]}
    if pairs <= met:
        levels = sorted(set(pts.values()), reverse=True)
        return [[p for p in group if pts[p] == v] for v in levels], pts
    rest, out = list(group), []
    while len(rest) > 1:
        reach = {p: pts[p] + sum(1 for q in rest if q != p and frozenset((p, q)) not in met)
                 for p in rest}
        best = [p for p in rest if all(pts[p] > reach[q] for q in rest if q != p)]
        if not best:
            break
        out.append(best)
        rest.remove(best[0])
    return [*out, rest] if rest else out, pts


@dataclass(frozen=True)
class Standing:
    """One player's line: his place (shared when equal on game points and every tie-break),
    game points and each tie-break's value (DE: his points against his tied group; None when
    the tie-break decided nothing for him)."""
    place: int
    name: str
    points: Fraction
    values: tuple[Fraction | None, ...]
    shared: bool = False


def rank(t: Tournament, names: Sequence[str]) -> list[Standing]:
    """The players ranked by game points, then by the tie-breaks ``names`` (acronyms) in
    order; ties left after the last share their place (C.07 Article 4.2)."""
    points = score(t)
    values = {n: TIEBREAKS[n](t) for n in names if n != "DE"}
    de: dict[str, Fraction | None] = dict.fromkeys(t.players)
    groups = [[p for p in t.players if points[p] == v]
              for v in sorted(set(points.values()), reverse=True)]
    for name in names:
        split: list[list[str]] = []
        for g in groups:
            if len(g) == 1:
                split.append(g)
            elif name == "DE":
                parts, pts = de_order(t, g)
                de.update(pts)
                split.extend(parts)
            else:
                vals = values[name]
                split.extend([p for p in g if vals[p] == v]
                             for v in sorted({vals[p] for p in g}, reverse=True))
        groups = split
    out, place = [], 1
    for g in groups:
        for p in g:
            out.append(Standing(place, p, points[p],
                                tuple(de[p] if n == "DE" else values[n][p] for n in names),
                                len(g) > 1))
        place += len(g)
    return out
