"""Which round is paired, who is in it, and which ranking pairs it (KEIZER-RULES.md section 5).

These are rules of the competition, not of a workbook or a button, so they live in the core
next to :mod:`keizer_xl.core.pairing` (which pairs a given ranking of present players):

- the round to pair is the one after the last round that has games or a bye in Results;
  a round beyond it cannot be paired while a round in between could be (two or more
  present): that round would be left without a pairing;
- only players marked present are paired: withdrawn players and players who have not joined
  yet never are (section 5, section 7);
- the ranking that pairs round k is the ranking after the last round with results before k
  (section 5), computed with the season's settings;
- a round is paired once; it may be paired again (late arrivals) only while none of its games
  has a result, keeping the boards already started; a round after a later paired round would
  change history; a round whose previous round lacks results is paired only when asked to
  ("pair anyway": missing results count as draws, section 3).

A refusal is an :class:`~keizer_xl.errors.ActionError` carrying a hint key (``repair``,
``force``, ``round``), never a command-line flag: each front end words the way out.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from collections.abc import Sequence

from keizer_xl.core.model import Game, Result, Season
from keizer_xl.core.pairing import Board
from keizer_xl.core.engine import compute_history
from keizer_xl.errors import ActionError, Message, Plural


@dataclass(frozen=True)
class RoundPlan:
    """A round that may be paired: the season without the round's old pairing (when it is paired
    again), the boards to keep (started, ``*``), who is present and the ranking that pairs it."""

    round: int
    season: Season
    keep: tuple[Board, ...]
    present: tuple[str, ...]  # in ranking order
    absent: dict[str, str]  # name -> attendance code
    ranking: tuple[str, ...]


def next_round(season: Season) -> int:
    """The round to pair: one after the last round that has games or a bye in Results."""
    paired = season.paired_rounds()
    return (paired[-1] if paired else 0) + 1


def present_players(season: Season, rnd: int) -> tuple[list[str], dict[str, str]]:
    """Who is paired in round ``rnd`` (rules section 5), and the absent with their codes."""
    codes = {a.player: a.code for a in season.absences if a.round == rnd}
    present = [p.name for p in season.players
               if p.is_member(rnd) and not p.is_withdrawn(rnd) and p.name not in codes]
    return present, codes


def pairing_ranking(season: Season, rnd: int) -> tuple[str, ...]:
    """The ranking that pairs round ``rnd``: after the last round with results before it."""
    upto = min(season.last_round_with_results(), rnd - 1)
    history = compute_history(season, upto)
    return tuple(history.after(upto).order)


def _refuse_skipping(season: Season, nxt: int, rnd: int) -> None:
    """Round ``rnd`` lies beyond the next round ``nxt``: only rounds that could not be paired
    (fewer than two players present) may be passed over."""
    for skipped in range(nxt, rnd):
        if len(present_players(season, skipped)[0]) >= 2:
            raise ActionError(Message("round {round} cannot be paired yet: the next round to "
                                      "pair is {next}", round=rnd, next=skipped), usage=True)


def missing_results(season: Season, rnd: int) -> tuple[tuple[Game, ...], tuple[Game, ...]]:
    """The games of the round before ``rnd`` and those of them without a result (pairing
    round ``rnd`` waits for them unless asked to pair anyway)."""
    previous = tuple(g for g in season.games if g.round == rnd - 1)
    return previous, tuple(g for g in previous if not g.result.has_result)


def missing_results_error(parts: Sequence[tuple[tuple[Game, ...], tuple[Game, ...]]],
                          rnd: int) -> ActionError | None:
    """The refusal to pair round ``rnd`` while the round before lacks results, naming every
    board without one in every part (:func:`missing_results` of the season, or of each group,
    so one refusal names them all); None when nothing is missing."""
    previous = tuple(g for games, _ in parts for g in games)
    missing = tuple(g for _, lacking in parts for g in lacking)
    if not missing:
        return None
    missing = tuple(sorted(missing, key=lambda g: (g.board is None, g.board or 0)))
    if len(missing) == len(previous):
        return ActionError(Plural("round {round} has no results yet ({n} board, {first}). Enter them",
                                  "round {round} has no results yet ({n} boards, {first} to "
                                  "{last}). Enter them", len(missing), round=rnd - 1,
                                  first=missing[0].origin, last=missing[-1].origin),
                           hint="force")
    boards = tuple(Message("board {board} ({white} - {black}, {cell})", board=g.board or "?",
                           white=g.white, black=g.black, cell=g.origin) for g in missing)
    return ActionError(Message("round {round} still lacks results: {boards}. Enter them",
                               round=rnd - 1, boards=boards), hint="force")


def refuse_after_last_round(season: Season, rnd: int) -> None:
    """A round after the ``last_round`` setting is not paired (issue 33; a round robin's too,
    issue 36): the club said where its season ends."""
    last = season.settings.last_round
    if last is not None and rnd > last:
        raise ActionError(Message("the season ends with round {last} (the last_round setting); "
                                  "round {round} is not paired", last=last, round=rnd))


def plan_round(season: Season, rnd: int | None = None, *, force: bool = False,
               repair: bool = False) -> RoundPlan:
    """Check that round ``rnd`` (default: the next round) may be paired now and gather what
    pairs it; raises :class:`ActionError` saying why not."""
    nxt = next_round(season)
    if rnd is None:
        if repair:
            raise ActionError(Message("say which round to pair again"), usage=True, hint="round")
        rnd = nxt
    if rnd < 1:
        raise ActionError(Message("round {round} does not exist", round=rnd), usage=True)
    refuse_after_last_round(season, rnd)
    this_round = [g for g in season.games if g.round == rnd]
    keep: list[Board] = []
    if repair or this_round or any(b.round == rnd for b in season.byes):
        if not repair:
            raise ActionError(Message("round {round} is already paired", round=rnd),
                              hint="repair")
        if rnd > nxt:  # (the reader already dropped the round's games not started)
            _refuse_skipping(season, nxt, rnd)
        done = [g for g in this_round if g.result.has_result]
        if done:
            raise ActionError(Message("round {round} already has results (e.g. {white} - "
                                      "{black} at {cell}); it cannot be paired again",
                                      round=rnd, white=done[0].white, black=done[0].black,
                                      cell=done[0].origin))
        keep = [Board(g.board or i, g.white, g.black) for i, g in enumerate(this_round, 1)
                if g.result is Result.STARTED]
        # forget this round's old pairing: the new one replaces it
        season = replace(season, games=tuple(g for g in season.games if g.round != rnd),
                         byes=tuple(b for b in season.byes if b.round != rnd))
    elif rnd > nxt:
        _refuse_skipping(season, nxt, rnd)
    later = [g for g in season.games if g.round > rnd]
    if later:
        raise ActionError(Message("round {later} is already in Results; pairing round {round} "
                                  "now would change history", later=later[0].round, round=rnd),
                          usage=True)
    if rnd > 1 and not force:
        refusal = missing_results_error([missing_results(season, rnd)], rnd)
        if refusal is not None:
            raise refusal
    ranking = pairing_ranking(season, rnd)
    present, absent = present_players(season, rnd)
    if len(present) < 2:
        if present:
            raise ActionError(Message("round {round}: only 1 player present ({names}); at least "
                                      "two are needed", round=rnd, names=", ".join(present)))
        raise ActionError(Message("round {round}: only 0 players present (nobody); at least two "
                                  "are needed", round=rnd))
    here = set(present)
    return RoundPlan(rnd, season, tuple(keep), tuple(n for n in ranking if n in here), absent,
                     ranking)
