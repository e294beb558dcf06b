"""Pairing one round (KEIZER-RULES.md section 5), colours by :mod:`keizer_xl.core.colours` (section 6).

Pure: no I/O, no printing, no clock, no randomness except the seeded colour draw.

How a round is paired (:func:`pair_round`):

1. Kept boards (games already started, for re-pairing after late arrivals) stay as they are
   and their players leave the pool.
2. Fixed pairs of this round (``fixed Rn``) are placed as given and leave the pool; they are
   not checked against rematch or forbidden rules (the competition leader asked for them).
3. The pool (present players, in ranking order) is paired as a perfect matching of the graph
   "may meet" (:func:`may_meet`), plus a *bye vertex* joined to everybody when the pool is
   odd.  The bye is decided first (candidates: fewest byes, then lowest-ranked), then the
   players top-down, each taking the first opponent in his preference order (the round's
   method, :mod:`keizer_xl.core.pairing_methods`: ``keizer`` nearest below; ``geel`` at
   distance n // k, then upwards, then downwards) such that the rest can still be completely
   paired.  That is the lexicographically first complete
   pairing (section 5), found with one augmenting-path search per question
   (:class:`keizer_xl.core.matching.Matching`), never by enumeration.
4. When no complete pairing exists, rules are relaxed as little as possible: rematches one
   at a time, oldest last meeting first, then forbidden pairs as the very last resort, until
   a complete pairing exists; then relaxed pairs that turn out not to be needed are taken
   back again (newest first), so that every relaxed pair left is used by *every* complete
   pairing, and therefore by the one the walk finds.  Each one used gets a note.
5. Colours per board (section 6), board numbers, notes.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from collections.abc import Sequence

from keizer_xl.core.colours import choose_colours, colour_history
from keizer_xl.core.matching import Matching
from keizer_xl.core.model import Result, Season
from keizer_xl.core.settings import PairingRule, Settings
from keizer_xl.core.pairing_methods import WALKS, round_method
from keizer_xl.errors import Message, PairingError  # one error tree: errors.py


@dataclass(frozen=True)
class Board:
    board: int
    white: str
    black: str


@dataclass(frozen=True)
class Pairing:
    round: int
    boards: tuple[Board, ...]
    bye: str | None
    notes: tuple[str, ...]


# --------------------------------------------------------------------------- history

def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class History:
    """What happened before round ``rnd``: meetings per pair, byes per player."""

    rnd: int
    meetings: dict[tuple[str, str], tuple[int, int]]  # sorted pair -> (count, last round)
    byes: dict[str, tuple[int, int]]  # player -> (count, last round)
    #: who has had an evening (a game or a bye) before ``rnd`` (``bye_first_evening``)
    played: frozenset[str] = frozenset()

    @classmethod
    def from_season(cls, season: Season, rnd: int) -> History:
        """A game is a meeting as soon as it is paired, whatever its result (a pending game
        counts: it is on the pairing sheet).  A forfeit is not a meeting when
        ``forfeit_is_meeting`` is no (the players did not really play each other)."""
        settings = season.settings
        meetings: dict[tuple[str, str], tuple[int, int]] = {}
        skip_forfeits = not settings.forfeit_is_meeting
        # rematch_period (issue 18): the rematch rules count only this period's meetings
        since = 0
        if settings.rematch_period and settings.periods:
            since = max(first for first in settings.periods if first <= max(rnd, 1))
        played: set[str] = set()
        wf, bf, df = Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT
        for g in season.games:
            if g.round >= rnd or g.white == g.black:
                continue
            played.add(g.white)
            played.add(g.black)
            if g.round < since:
                continue
            res = g.result  # identity tests: an Enum's hash is a Python-level call
            if skip_forfeits and (res is wf or res is bf or res is df):
                continue
            w, b = g.white, g.black
            k = (w, b) if w <= b else (b, w)
            count, last = meetings.get(k, (0, 0))
            meetings[k] = (count + 1, last if last > g.round else g.round)
        byes: dict[str, tuple[int, int]] = {}
        for bye in season.byes:
            if bye.round >= rnd:
                continue
            played.add(bye.player)
            count, last = byes.get(bye.player, (0, 0))
            byes[bye.player] = (count + 1, max(last, bye.round))
        return cls(rnd, meetings, byes, frozenset(played))

    def meeting(self, a: str, b: str) -> tuple[int, int]:
        """(times met, last round met); (0, 0) when they never met."""
        return self.meetings.get(_key(a, b), (0, 0))

    def bye_count(self, name: str) -> int:
        return self.byes.get(name, (0, 0))[0]


def may_meet(history: History, settings: Settings, a: str, b: str) -> bool:
    """The rematch rules of section 5 (forbidden pairs are checked separately).

    ``max_meetings`` m: not when they met m times already.  ``rematch_gap`` None: never
    again; 0: no restriction; g: at least g rounds strictly between two meetings, so in
    round r iff ``r - last - 1 >= g``.
    """
    count, last = history.meeting(a, b)
    return _may_meet_again(settings, history.rnd, count, last)


def _may_meet_again(settings: Settings, rnd: int, count: int, last: int) -> bool:
    """:func:`may_meet` for a pair that met ``count`` times, last in round ``last``."""
    if count == 0:
        return True
    if settings.max_meetings is not None and count >= settings.max_meetings:
        return False
    gap = settings.rematch_gap
    if gap is None:
        return False
    return rnd - last - 1 >= gap


# --------------------------------------------------------------------------- the core

def bye_order(pool: Sequence[str], history: History,
              settings: Settings | None = None) -> list[str]:
    """Bye candidates, best first: fewest byes so far, then lowest-ranked (section 5).

    House rules (issue 18, issue 16): ``bye_choice lowest`` drops "fewest byes" (always the
    lowest-ranked present player whose bye leaves a complete pairing); ``bye_first_evening no``
    puts players on their first evening (no game or bye before) after everyone else."""
    lowest = settings is not None and settings.bye_choice == "lowest"
    spare_new = settings is not None and not settings.bye_first_evening

    def key(i: int, name: str) -> tuple[int, int, int]:
        first = 1 if spare_new and name not in history.played else 0
        return first, 0 if lowest else history.bye_count(name), -i

    return [name for _, name in sorted((key(i, name), name) for i, name in enumerate(pool))]


def _relax_note(a: str, b: str, history: History, settings: Settings, forbidden: bool) -> str:
    count, last = history.meeting(a, b)
    if forbidden:
        if count and not may_meet(history, settings, a, b):
            return Message("Forbidden pair allowed: {white} - {black} (also a rematch: last met "
                           "in round {last}): no complete pairing without it", white=a, black=b,
                           last=last)
        return Message("Forbidden pair allowed: {white} - {black}: no complete pairing without "
                       "it", white=a, black=b)
    if settings.max_meetings is not None and count >= settings.max_meetings:
        detail = Message("met {count} times, last in round {last}; max_meetings {max}",
                         count=count, last=last, max=settings.max_meetings)
    elif count > 1:
        detail = Message("met {count} times, last in round {last}", count=count, last=last)
    else:
        detail = Message("last met in round {last}", last=last)
    return Message("Rematch allowed: {white} - {black} ({detail}): no complete pairing without "
                   "one", white=a, black=b, detail=detail)


def _bye_note(bye: str, pool: Sequence[str], history: History, notes: list[str],
              settings: Settings | None = None) -> None:
    """A bye for someone who already had one is a compromise (section 5): say so."""
    count, last = history.byes.get(bye, (0, 0))
    if not count:
        return
    if settings is not None and settings.bye_choice == "lowest":
        why = Message("bye_choice lowest: the lowest-ranked present player whose bye leaves a "
                      "complete pairing")
    elif count > min(history.bye_count(p) for p in pool):
        why = Message("no complete pairing when a player with fewer byes gets it")
    elif count == 1:
        why = Message("every player to pair has had one")
    else:
        why = Message("every player to pair has had at least {count}", count=count)
    if count == 1:
        notes.append(Message("Bye to {name}, who already had a bye (last in round {last}): "
                             "{why}", name=bye, last=last, why=why))
    else:
        notes.append(Message("Bye to {name}, who already had {count} byes (last in round "
                             "{last}): {why}", name=bye, count=count, last=last, why=why))


def _pair_pool(pool: list[str], rnd: int, history: History, settings: Settings,
               notes: list[str], method: PairingRule
               ) -> tuple[list[tuple[str, str]], str | None]:
    """Pair ``pool`` (ranking order) by ``method`` (:data:`WALKS`); returns (pairs
    (higher-ranked first) in walk order, bye).

    For ``pairing geel`` the n of section 5 is the number of players still to be paired when
    the next top player is taken: the pool (present, minus kept boards and fixed pairs) minus
    the bye, minus those paired above him.
    """
    n = len(pool)
    if n == 0:
        return [], None
    if n == 1:  # everybody else is on a kept board or in a fixed pair
        _bye_note(pool[0], pool, history, notes, settings)
        return [], pool[0]
    odd = n % 2 == 1
    size = n + 1 if odd else n
    bye_vertex = n if odd else -1
    index = {name: i for i, name in enumerate(pool)}

    # forbidden pairs in force in round ``rnd``, in settings order, without repeats
    forbidden_keys = list(dict.fromkeys(_key(pc.first, pc.second) for pc in settings.forbidden
                                        if pc.round in (None, rnd)))
    forbidden_set = set(forbidden_keys)
    # Only pairs that met before or are forbidden can be missing from the graph "may meet":
    # start from the complete graph and take those out (a season has far fewer meetings
    # than pairs, so this is much cheaper than asking may_meet for every pair).
    # rematches not allowed, as (last meeting, i, j): the relaxation order (oldest last
    # meeting first, then the pair in ranking order), sorted only if relaxing is needed
    rematches: list[tuple[int, int, int]] = []
    for (a, b), (count, last) in history.meetings.items():
        i, j = index.get(a), index.get(b)
        if i is None or j is None:
            continue
        if (a, b) in forbidden_set:
            continue  # taken out below, relaxed only as the very last resort
        if not _may_meet_again(settings, rnd, count, last):
            rematches.append((last, i, j) if i < j else (last, j, i))
    # forbidden pairs last of all, in the order the settings give them
    forbidden_edges = [(min(index[a], index[b]), max(index[a], index[b]))
                       for a, b in forbidden_keys if a in index and b in index]
    adj = [set(range(size)) - {v} for v in range(size)]
    for i, j in [(i, j) for _, i, j in rematches] + forbidden_edges:
        adj[i].discard(j)
        adj[j].discard(i)
    base = Matching.from_adjacency(adj)  # the bye vertex (if any) is joined to everybody
    base.maximise()
    relaxed: set[tuple[int, int]] = set()
    if not base.is_perfect():
        base, relaxed = _relax(base, [(i, j) for _, i, j in sorted(rematches)] + forbidden_edges)
    graph = base

    bye: str | None = None
    if odd:
        # the bye first: the first candidate whose bye leaves a complete pairing
        for name in bye_order(pool, history, settings):
            if graph.try_pair(bye_vertex, index[name]):
                bye = name
                break
        else:  # pragma: no cover - a perfect matching exists, so some candidate works
            raise AssertionError("no bye candidate although a complete pairing exists")
        _bye_note(bye, pool, history, notes, settings)
        if not settings.bye_first_evening and bye not in history.played:
            notes.append(Message("Bye to {name} on a first evening (bye_first_evening no): "
                                 "nobody else's bye leaves a complete pairing", name=bye))

    pairs: list[tuple[int, int]] = []
    alive = graph.alive
    walk = WALKS[method]
    for i in range(n):
        if not alive[i]:
            continue
        adj_i = graph.adj[i]
        for j in walk(i, n, alive, rnd):
            if alive[j] and j in adj_i and graph.try_pair(i, j):
                pairs.append((i, j))
                break
        else:  # pragma: no cover - the matching guarantees a partner
            raise AssertionError(f"no partner for {pool[i]} although a complete pairing exists")

    for i, j in pairs:
        if (i, j) in relaxed:
            notes.append(_relax_note(pool[i], pool[j], history, settings,
                                     _key(pool[i], pool[j]) in forbidden_set))
    return [(pool[i], pool[j]) for i, j in pairs], bye


def _relax(base: Matching, candidates: list[tuple[int, int]]) -> tuple[Matching, set[tuple[int, int]]]:
    """Add the fewest leading ``candidates`` that make a complete pairing possible, then take
    back those not needed (newest first).  Returns the graph with a perfect matching and the
    relaxed edges kept; each of them is in every perfect matching of that graph."""
    def with_prefix(k: int) -> Matching:
        m = base.copy()
        for u, v in candidates[:k]:
            m.add_edge(u, v)
        m.maximise()
        return m

    # Feasibility only grows with k, so binary search the shortest prefix.  The full list
    # makes the graph complete (bye vertex joined to all), which always has a perfect matching.
    lo, hi = 1, len(candidates)
    best = with_prefix(hi)
    if not best.is_perfect():  # pragma: no cover - complete graph
        raise AssertionError("complete graph without a perfect matching")
    while lo < hi:
        mid = (lo + hi) // 2
        m = with_prefix(mid)
        if m.is_perfect():
            hi, best = mid, m
        else:
            lo = mid + 1
    # candidates[hi-1] is needed (the prefix without it fails, and so does any subset of it).
    # Each earlier one is dropped when the others still suffice: drop_edge answers that with
    # one search.  What remains is needed by every perfect matching of the final graph.
    kept = {candidates[hi - 1]}
    for u, v in reversed(candidates[:hi - 1]):
        if not best.drop_edge(u, v):
            kept.add((u, v))
    return best, kept


# --------------------------------------------------------------------------- entry point

def _check_names(ranking: Sequence[str], present: Sequence[str], keep: Sequence[Board]) -> None:
    dup = [n for n, c in Counter(ranking).items() if c > 1]
    if dup:
        raise PairingError(Message("the ranking names {names} more than once",
                                   names=", ".join(sorted(dup))))
    known = set(ranking)
    unknown = [n for n in present if n not in known]
    if unknown:
        raise PairingError(Message("present but not in the ranking: {names}",
                                   names=", ".join(unknown)))
    dup = [n for n, c in Counter(present).items() if c > 1]
    if dup:
        raise PairingError(Message("marked present more than once: {names}",
                                   names=", ".join(sorted(dup))))
    seen: set[str] = set()
    numbers: set[int] = set()
    for b in keep:
        if b.white == b.black:
            raise PairingError(Message("kept board {board}: {name} cannot play himself",
                                       board=b.board, name=b.white))
        for name in (b.white, b.black):
            if name not in known:
                raise PairingError(Message("kept board {board}: {name} is not in the ranking",
                                           board=b.board, name=name))
            if name in seen:
                raise PairingError(Message("{name} is on more than one kept board", name=name))
            seen.add(name)
        if b.board in numbers:
            raise PairingError(Message("two kept boards have number {board}", board=b.board))
        numbers.add(b.board)


def pair_round(season: Season, rnd: int, ranking: Sequence[str], present: Sequence[str], *,
               keep: Sequence[Board] = ()) -> Pairing:
    """Pair round ``rnd`` (section 5) and choose colours (section 6).

    ``ranking``: every player, best first (the ranking after the last round with results).
    ``present``: the names to pair; they are paired in ranking order.  ``keep``: boards
    already started; they stay as given (numbers and colours) and new boards are numbered
    after the highest kept number.  A kept player need not be listed in ``present`` (he is
    evidently there).  New boards are numbered in ranking order of their higher-ranked
    player (top board = highest-ranked pair), fixed pairs included.

    Raises :class:`PairingError` for fewer than two players or inconsistent names.
    """
    settings = season.settings
    _check_names(ranking, present, keep)
    kept_players = {n for b in keep for n in (b.white, b.black)}
    if len(set(present) | kept_players) < 2:
        raise PairingError(Message("round {round}: at least two present players are needed to "
                                   "pair, got {n}", round=rnd, n=len(set(present) | kept_players)))
    history = History.from_season(season, rnd)
    colours = colour_history(season, rnd)
    rank = {name: i for i, name in enumerate(ranking)}
    present_set = set(present)
    notes: list[str] = []

    # fixed pairs of this round (section 5): placed first, then out of the pool
    fixed: list[tuple[str, str]] = []
    taken = set(kept_players)
    for pc in settings.fixed:
        if pc.round != rnd:
            continue
        pair = {"first": pc.first, "second": pc.second}
        if pc.first == pc.second:
            notes.append(Message("Fixed pair {first} - {second} not applied: a player cannot play "
                                 "himself", **pair))
            continue
        missing = [n for n in (pc.first, pc.second) if n not in present_set and n not in kept_players]
        if len(missing) == 1:
            notes.append(Message("Fixed pair {first} - {second} not applied: {name} is not "
                                 "present", name=missing[0], **pair))
            continue
        if missing:
            notes.append(Message("Fixed pair {first} - {second} not applied: {first} and {second} "
                                 "are not present", **pair))
            continue
        busy = [n for n in (pc.first, pc.second) if n in taken]
        if busy:
            names = busy[0] if len(busy) == 1 else Message("{first} and {second}",
                                                            first=busy[0], second=busy[1])
            if any(n in kept_players for n in busy):
                notes.append(Message("Fixed pair {first} - {second} not applied: {names} already "
                                     "on a kept board", names=names, **pair))
            else:
                notes.append(Message("Fixed pair {first} - {second} not applied: {names} already "
                                     "on another fixed pair", names=names, **pair))
            continue
        a, b = sorted((pc.first, pc.second), key=rank.__getitem__)
        fixed.append((a, b))
        taken.update((a, b))

    pool = [name for name in ranking if name in present_set and name not in taken]
    method = round_method(season, rnd)
    if method != settings.pairing:  # the schedule of methods by round (keizer_pairing_last)
        notes.append(Message("Paired by Keizer's rule: one of the season's last {n} rounds "
                             "(keizer_pairing_last)", n=settings.keizer_pairing_last))
    walked, bye = _pair_pool(pool, rnd, history, settings, notes, method)

    new_pairs = sorted(fixed + walked, key=lambda p: rank[p[0]])
    boards = sorted(keep, key=lambda b: b.board)
    number = max((b.board for b in keep), default=0)
    for a, b in new_pairs:
        number += 1
        white, black, colour_notes = choose_colours(a, b, colours, settings, rnd)
        notes.extend(colour_notes)
        boards.append(Board(number, white, black))
    return Pairing(rnd, tuple(boards), bye, tuple(notes))
