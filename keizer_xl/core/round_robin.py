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

from keizer_xl.core.model import Game, Result, Season
from keizer_xl.core.pairing import Board, Pairing
from keizer_xl.core.settings import RoundRobinWithdrawal
from keizer_xl.errors import Message

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
        n = len(self.players)
        return (n + n % 2 - 1) * self.cycles if n >= 2 else 0

    @property
    def last(self) -> int:
        return self.first + self.rounds - 1

    def number(self, name: str) -> int:
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
        return tuple(tuple((names[min(w, b) - 1], "") if max(w, b) > n else (names[w - 1], names[b - 1])
                           for w, b in rnd) for rnd in cycle_table(n, self.cycles, self.swap))

    def plays(self, season_round: int) -> bool:
        return self.first <= season_round <= self.last


@dataclass(frozen=True)
class RoundRobinGames:
    """What a round robin's rounds up to ``upto`` hold (:func:`scored_games`): ``games`` the
    games that count (results typed, in their own round however late they were played, and
    the forfeits added); ``forfeits`` those added for a withdrawal; ``annulled`` the players
    whose results are annulled (FIDE: fewer than half their games played); ``outstanding``
    the scheduled games without a result yet (postponed), in round order."""

    games: tuple[Game, ...]
    forfeits: tuple[Game, ...]
    annulled: tuple[str, ...]
    outstanding: tuple[Game, ...]


def scored_games(season: Season, rr: RoundRobin, upto: int | None = None) -> RoundRobinGames:
    """The one place a round robin's withdrawals are decided (``round_robin_withdrawal``):
    ``annul`` drops every game of the player, ``forfeit`` gives each scheduled game of his
    that has no result (from his withdrawal round on, or postponed before it) to the opponent
    by forfeit in its scheduled round and colours; ``fide`` annuls when he played fewer than
    half of his games (forfeits are not played), else forfeits."""
    upto = rr.last if upto is None else upto
    field = set(rr.players)
    mine = [g for g in season.games if g.white in field and g.black in field
            and rr.plays(g.round)]
    per_player = (len(rr.players) - 1) * rr.cycles
    rule = season.settings.round_robin_withdrawal
    # withdrawn by the round after ``upto`` (the standings after his last round know it)
    gone = {p.name for p in season.players if p.name in field
            and p.withdrawn_round is not None and p.withdrawn_round <= upto + 1}
    annulled: set[str] = set()
    for name in gone:
        played = sum(1 for g in mine if name in (g.white, g.black) and g.result.has_result
                     and not g.result.is_forfeit)
        if rule == RoundRobinWithdrawal.ANNUL or (rule == RoundRobinWithdrawal.FIDE
                                                  and 2 * played < per_player):
            annulled.add(name)
    typed = {(g.round, frozenset((g.white, g.black))): g for g in mine}
    counted: list[Game] = []
    forfeits: list[Game] = []
    outstanding: list[Game] = []
    for k, rnd_pairs in enumerate(rr.table()):
        rnd = rr.first + k
        if rnd > upto:
            break
        for white, black in rnd_pairs:
            if not black or {white, black} & annulled:
                continue
            game = typed.get((rnd, frozenset((white, black))))
            if game is not None and game.result.has_result:
                counted.append(game)
                continue
            left = [n for n in (white, black) if n in gone]
            if left:  # his remaining game: lost by forfeit (both gone: both lose)
                result = (Result.DOUBLE_FORFEIT if len(left) == 2 else
                          Result.BLACK_FORFEIT if left[0] == white else Result.WHITE_FORFEIT)
                forfeit = Game(rnd, white, black, result, origin=game.origin if game else "")
                forfeits.append(forfeit)
                counted.append(forfeit)
            else:
                outstanding.append(game or Game(rnd, white, black, Result.PENDING))
    return RoundRobinGames(tuple(counted), tuple(forfeits), tuple(sorted(annulled)),
                           tuple(outstanding))


def pair_round_robin(season: Season, rr: RoundRobin, rnd: int) -> tuple[Pairing, dict[str, str]]:
    """Round ``rnd`` of ``rr`` from its table, and the absent with their codes: every game of
    the round, the absent's too (a game a player misses is postponed, still listed, and
    played later under its own round); a game with a player who has withdrawn is left out
    (:func:`scored_games` decides it); the bye to the dummy's opponent."""
    absent = {a.player: a.code for a in season.absences if a.round == rnd and a.player in rr.players}
    out = {p.name for p in season.players if p.name in rr.players and p.is_withdrawn(rnd)}
    boards: list[Board] = []
    notes: list[str] = []
    for white, black in rr.pairs(rnd):
        left = [n for n in (white, black) if n in out]
        if left:
            notes.append(Message("{white} - {black}: no game, {name} has withdrawn",
                                 white=white, black=black, name=left[0]))
            continue
        boards.append(Board(len(boards) + 1, white, black))
        missing = [n for n in (white, black) if n in absent]
        if missing:
            notes.append(Message("board {board}, {white} - {black}: postponed ({names} absent); "
                                 "type its result under round {round} when it is played",
                                 board=len(boards), white=white, black=black,
                                 names=", ".join(missing), round=rnd))
    bye = rr.bye(rnd)
    return Pairing(rnd, tuple(boards), None if bye in out else bye, tuple(notes)), absent


def round_robin_notes(games: RoundRobinGames, upto: int) -> tuple[str, ...]:
    """What the standings after round ``upto`` say of a round robin: the results annulled and
    the games given by forfeit for a withdrawal, and the games still outstanding (postponed),
    which the standings do not count yet."""
    notes: list[str] = []
    if games.annulled:
        notes.append(Message("withdrawn with fewer than half of the games played: the results "
                             "of {names} are annulled", names=", ".join(games.annulled)))
    if games.forfeits:
        notes.append(Message("withdrawn: {games} lost by forfeit", games=", ".join(
            f"{g.white} - {g.black} ({g.result.value}, R{g.round})" for g in games.forfeits)))
    if games.outstanding:
        notes.append(Message("after round {round} still to play (postponed, not counted yet): "
                             "{games}", round=upto, games=", ".join(
                                 f"R{g.round} {g.white} - {g.black}" for g in games.outstanding)))
    return tuple(notes)


@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule (the bye: ``black`` ""): its board (Results'; a round not
    paired yet: the table's; None: none), the result that counts (typed, or a forfeit for a
    withdrawal; None: none yet), and ``state``: ``played``, ``bye``, ``to play``,
    ``postponed`` (its round is past or he was absent, no result yet), ``forfeit`` (added for
    a withdrawal) or ``annulled``."""

    round: int
    board: int | None
    white: str
    black: str
    result: Result | None
    state: str


def schedule(season: Season, rr: RoundRobin) -> tuple[Scheduled, ...]:
    """Every round of ``rr`` as it stands: the rounds played with their results, the
    postponed games marked, the withdrawals as :func:`scored_games` decides them."""
    decided = scored_games(season, rr)
    field = set(rr.players)
    typed = {(g.round, frozenset((g.white, g.black))): g for g in season.games}
    forfeits = {(g.round, frozenset((g.white, g.black))): g for g in decided.forfeits}
    paired = max([g.round for g in season.games if g.white in field and rr.plays(g.round)]
                 + [b.round for b in season.byes if b.player in field and rr.plays(b.round)],
                 default=0)
    absent = {(a.round, a.player) for a in season.absences}
    out: list[Scheduled] = []
    for k, pairs in enumerate(rr.table()):
        rnd = rr.first + k
        board = 0
        for white, black in sorted(pairs, key=lambda p: not p[1]):  # the bye last
            if not black:
                out.append(Scheduled(rnd, None, white, "", None, "bye"))
                continue
            board += 1
            key = (rnd, frozenset((white, black)))
            game = typed.get(key)
            result = game.result if game is not None and game.result.has_result else None
            if {white, black} & set(decided.annulled):
                state = "annulled"
            elif result is not None:
                state = "played"
            elif key in forfeits:
                result, state = forfeits[key].result, "forfeit"
            elif rnd < paired or (rnd == paired and ((rnd, white) in absent
                                                     or (rnd, black) in absent)):
                state = "postponed"
            else:
                state = "to play"
            if game is not None:  # as typed (the colours too)
                white, black = game.white, game.black
            # a paired round's boards are Results'; a game left out of it (a withdrawal's
            # forfeit or annulled game) was on no board, so it shows none (never a duplicate)
            out.append(Scheduled(rnd, game.board if game else None if rnd <= paired else board,
                                 white, black, result, state))
    return tuple(out)
