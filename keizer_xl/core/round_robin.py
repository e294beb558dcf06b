"""Round robin (issue 36, docs/round-robin.md): FIDE's Berger tables (Handbook C.05, Annex 1)
and a round robin's fixed field of players.  Pure.

Players are numbered 1..n by pairing number; an odd n gets a dummy n + 1, whose opponent has
the bye.  With N the even count, in round r player N meets ``((r - 1) * N/2 mod (N - 1)) + 1``
(N has White in even rounds); the other boards pair ``a + k`` and ``a - k`` (numbers taken mod
N - 1 in 1..N-1) with White to ``a + k``.  A double round robin plays the first cycle again with
colours reversed; FIDE recommends swapping the first cycle's last two rounds (``swap``) so that
nobody has the same colour three times in a row across the cycles.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RoundRobin", "berger_round", "berger_table", "cycle_table"]

#: one round: (white, black) pairing numbers, board order; a number > n is the dummy (bye)
Round = tuple[tuple[int, int], ...]


def berger_round(n: int, r: int) -> Round:
    """Round ``r`` (1..N-1) of the Berger table for ``n`` players, boards in order: board 1
    holds player N (the dummy for an odd ``n``)."""
    big = n + n % 2
    m = big - 1
    if not 1 <= r <= m:
        raise ValueError(f"round {r} of a {n}-player round robin")
    half = big // 2
    a = (r - 1) * half % m + 1  # player N's opponent

    def number(x: int) -> int:
        return (x - 1) % m + 1

    boards = [(big, a) if r % 2 == 0 else (a, big)]
    boards += [(number(a + k), number(a - k)) for k in range(1, half)]
    return tuple(boards)


def berger_table(n: int) -> tuple[Round, ...]:
    """Every round of a single round robin of ``n`` players (n >= 2)."""
    return tuple(berger_round(n, r) for r in range(1, n + n % 2))


def cycle_table(n: int, cycles: int = 1, swap: bool = True) -> tuple[Round, ...]:
    """The whole schedule: one cycle, or two with the second's colours reversed and, with
    ``swap``, the first cycle's last two rounds swapped (FIDE C.05 Annex 1)."""
    table = berger_table(n)
    if cycles == 1:
        return table
    first = list(table)
    if swap and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return (*first, *(tuple((b, w) for w, b in rnd) for rnd in table))


@dataclass(frozen=True)
class RoundRobin:
    """One round robin: ``players`` in pairing-number order (``players[0]`` is number 1),
    starting in season round ``first``; a round robin of ``cycles`` cycles."""

    group: str
    players: tuple[str, ...]
    first: int = 1
    cycles: int = 1
    swap: bool = True

    @property
    def rounds(self) -> int:
        """The number of rounds it has."""
        n = len(self.players)
        return (n + n % 2 - 1) * self.cycles if n >= 2 else 0

    @property
    def last(self) -> int:
        """Its last season round."""
        return self.first + self.rounds - 1

    def number(self, name: str) -> int:
        """``name``'s pairing number."""
        return self.players.index(name) + 1

    def pairs(self, season_round: int) -> tuple[tuple[str, str], ...]:
        """The games of ``season_round`` as (white, black) names, board order (no bye)."""
        return tuple(p for p in self.table()[season_round - self.first] if p[1])

    def bye(self, season_round: int) -> str | None:
        """Who has the bye in ``season_round`` (an odd field), else None."""
        return next((w for w, b in self.table()[season_round - self.first] if not b), None)

    def table(self) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Each round as (white, black) names; the bye as (name, "")."""
        names = self.players
        n = len(names)
        out = []
        for rnd in cycle_table(n, self.cycles, self.swap):
            games = []
            for w, b in rnd:
                if w > n or b > n:
                    games.append((names[min(w, b) - 1], ""))
                else:
                    games.append((names[w - 1], names[b - 1]))
            out.append(tuple(games))
        return tuple(out)

    def plays(self, season_round: int) -> bool:
        """Whether ``season_round`` is one of its rounds."""
        return self.first <= season_round <= self.last
