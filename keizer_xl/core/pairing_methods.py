"""The pairing methods (KEIZER-RULES.md section 5) and which one pairs each round.

A method is a walk: for the pool's i-th player, his opponents in order of preference
(:data:`WALKS`); :func:`keizer_xl.core.pairing.pair_round` takes the first one that leaves a
complete pairing.  :func:`method_schedule` is the one place that decides which method pairs a
round: ``pairing`` from round 1, and with ``keizer_pairing_last n`` Keizer's method for the
season's last n rounds (rules section 11: Geel's pairing with "the familiar Keizer pairing" for
e.g. the last two rounds, so the favourites cannot avoid each other).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from keizer_xl.core.model import Season
from keizer_xl.core.settings import PairingRule
from keizer_xl.errors import Message, SettingError


def geel_divisor(rnd: int) -> int:
    """k of ``pairing geel`` in round ``rnd``: 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, ...

    After 2, 4 the factors alternate x1.5 and x4/3: odd rounds from 3 give 6 * 2**((r-3)/2),
    even rounds 4 * 2**((r-2)/2).
    """
    if rnd <= 1:
        return 2
    if rnd % 2 == 0:
        return 4 << ((rnd - 2) // 2)
    return 6 << ((rnd - 3) // 2)


def geel_distance(n: int, rnd: int) -> int:
    """Target distance n // k, falling back to 1 (section 5)."""
    if rnd > 2 * n.bit_length() + 4:  # k > n already: avoid building huge integers
        return 1
    return max(1, n // geel_divisor(rnd))


def _keizer_walk(i: int, n: int, alive: Sequence[bool], rnd: int) -> Iterable[int]:
    """``keizer``: the nearest below first (the dead ones fail try_pair at once)."""
    return range(i + 1, n)


def _geel_walk(i: int, n: int, alive: Sequence[bool], rnd: int) -> Iterable[int]:
    """``geel``: "the following players are paired the same way among those left", so n is
    recounted as the players still unpaired: round 1 gives the plain split 1-6, ..."""
    below = [j for j in range(i + 1, n) if alive[j]]
    # opponents in Geel preference order: distance d, then d-1 .. 1, then d+1, d+2 ...
    # (distances beyond the list are skipped)
    d = min(geel_distance(len(below) + 1, rnd), len(below))
    return below[d - 1::-1] + below[d:]


#: The strategy of each pairing method: the opponents of the pool's i-th player (of n, those
#: still ``alive`` unpaired) in round ``rnd``, in his order of preference (section 5).
WALKS: dict[PairingRule, Callable[[int, int, Sequence[bool], int], Iterable[int]]] = {
    PairingRule.KEIZER: _keizer_walk,
    PairingRule.GEEL: _geel_walk,
}


def method_schedule(season: Season) -> tuple[tuple[int, PairingRule], ...]:
    """The season's pairing methods by round, as (first round, method) from round 1 on: the
    one place that decides which method pairs a round (issue 36 item 5).  ``pairing`` from
    round 1; with ``keizer_pairing_last n`` Keizer's method for the season's last n rounds
    (rules section 11), which needs the season's end: the ``last_round`` setting, else the
    last round column of Attendance.  Raises :class:`SettingError` when neither gives it."""
    settings = season.settings
    last_n = settings.keizer_pairing_last
    if not last_n:
        return ((1, settings.pairing),)
    end = settings.last_round or max(season.attendance_rounds, default=0)
    if not end:
        raise SettingError("keizer_pairing_last", Message(
            "keizer_pairing_last {n} needs the season's last round: fill in the last_round "
            "setting, or give Attendance a column for every round", n=last_n))
    switch = end - last_n + 1
    if switch <= 1:
        return ((1, PairingRule.KEIZER),)
    return ((1, settings.pairing), (switch, PairingRule.KEIZER))


def round_method(season: Season, rnd: int) -> PairingRule:
    """The method that pairs round ``rnd``: the last entry of :func:`method_schedule` that
    has begun by then."""
    return [method for first, method in method_schedule(season) if first <= rnd][-1]
