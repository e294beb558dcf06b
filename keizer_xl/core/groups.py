"""Groups in one workbook: each group its own Keizer competition (issue 18, docs/groups.md).  Pure.

Each group has its own value scale, standings and pairing: :func:`group_season` cuts the season
down to one group and the engine runs on it unchanged.  Only the competition view
(core/competition.py) calls these, once per command (issue 23).  Promotion and relegation
(``promote N`` / ``relegate N``) move players at each period boundary once the round before it
has results; groups rank in the order first seen in Players (a club lists its A group first;
"Top" or "1e klasse" sorts nowhere useful).  A moved player's games against players outside
his new group count as their result's share of his *own* value (as rules section 7 counts a
game against a player who left), marked ``=1``, ``=½``, ``=0``, ``=1F``, ``=0F``: an
attendance-like credit that never counts toward ``absence_max``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction

from keizer_xl.core.engine import compute_history
from keizer_xl.core.model import Absence, Game, Season
from keizer_xl.core.settings import Credit
from keizer_xl.errors import Message

#: the mark of a game against a player of another group, by the side's score kind
OTHER_GROUP_CODES = {"win": "=1", "draw": "=½", "loss": "=0", "forfeit_win": "=1F",
                     "forfeit_loss": "=0F", "pending": "=½"}


@dataclass(frozen=True)
class Move:
    """``name`` plays in ``target`` from round ``round`` on (promotion or relegation); he was
    ``place`` in ``source``'s ranking after round ``round - 1``."""

    name: str
    source: str
    target: str
    round: int
    place: int
    up: bool

    @property
    def message(self) -> Message:
        if self.up:
            return Message("{name} moves up to group {group} from round {round} (place {place} "
                           "in group {source})", name=self.name, group=self.target,
                           round=self.round, place=self.place, source=self.source)
        return Message("{name} moves down to group {group} from round {round} (place {place} "
                       "in group {source})", name=self.name, group=self.target, round=self.round,
                       place=self.place, source=self.source)


def group_key(text: str) -> str:
    """Groups are the same when they differ only in case and surrounding spaces."""
    return " ".join(text.split()).casefold()


def group_names(season: Season) -> tuple[str, ...]:
    """The groups, highest first: in the order first seen in Players, as first typed."""
    seen: dict[str, str] = {}
    for p in season.players:
        if p.group.strip():
            seen.setdefault(group_key(p.group), p.group.strip())
    return tuple(seen.values())


def has_groups(season: Season) -> bool:
    return any(p.group.strip() for p in season.players)


def membership(season: Season, rnd: int, moves: tuple[Move, ...] = ()) -> dict[str, str]:
    """Each player's group in round ``rnd``: his Players group, changed by every move from a
    round up to ``rnd``."""
    names = {group_key(g): g for g in group_names(season)}  # as first typed
    out = {p.name: names.get(group_key(p.group), "") for p in season.players}
    for m in sorted(moves, key=lambda m: m.round):
        if m.round <= rnd:
            out[m.name] = m.target
    return out


def group_season(season: Season, group: str, rnd: int, moves: tuple[Move, ...] = ()) -> Season:
    """The season of ``group``'s players in round ``rnd`` with their games, byes and absences;
    a game against a player outside the group becomes a credit of the player's own value
    (module doc)."""
    groups = membership(season, rnd, moves)
    key = group_key(group)
    members = {n for n, g in groups.items() if group_key(g) == key}
    games: list[Game] = []
    credits: list[Absence] = []
    for g in season.games:
        w, b = g.white in members, g.black in members
        if w and b:
            games.append(g)
        elif w or b:
            name = g.white if w else g.black
            kind = g.result.score(w)
            credits.append(Absence(g.round, name, OTHER_GROUP_CODES[kind], g.origin))
    settings = s = season.settings
    if credits:
        share = {"win": s.win, "draw": s.draw, "loss": s.loss, "forfeit_win": s.forfeit_win,
                 "forfeit_loss": s.forfeit_loss, "pending": s.draw}
        codes = dict(s.codes)
        for outcome, code in OTHER_GROUP_CODES.items():
            codes[code] = Credit(Fraction(share[outcome]))
        settings = replace(s, codes=tuple(sorted(codes.items())))
    return replace(season, players=tuple(p for p in season.players if p.name in members),
                   games=tuple(games), byes=tuple(b for b in season.byes if b.player in members),
                   absences=tuple(a for a in season.absences if a.player in members) +
                   tuple(credits), settings=settings, notes=())


def group_moves(season: Season, upto: int | None = None) -> tuple[Move, ...]:
    """The promotions and relegations at every period boundary reached (round b - 1 has
    results), up to round ``upto`` (default: all reached)."""
    s = season.settings
    names = group_names(season)
    if not (s.promote or s.relegate) or len(names) < 2:
        return ()
    last = season.last_round_with_results()
    moves: list[Move] = []
    for b in s.periods:
        if b <= 1:
            continue
        if b - 1 > last or (upto is not None and b > upto):
            break
        order: dict[str, list[str]] = {}
        for g in names:
            gs = group_season(season, g, b - 1, tuple(moves))
            k = min(b - 1, gs.last_round_with_results())
            ranking = compute_history(gs, k).after(k).order if gs.players else ()
            order[g] = [n for n in ranking if gs.player(n).is_member(b - 1)
                        and not gs.player(n).is_withdrawn(b)]
        for upper, lower in itertools.pairwise(names):
            # never a whole group: at least one player stays (a club's N is far below that)
            n_up = min(s.promote, max(len(order[lower]) - 1, 0))
            n_down = min(s.relegate, max(len(order[upper]) - 1, 0))
            up = order[lower][:n_up]
            down = order[upper][len(order[upper]) - n_down:] if n_down else []
            for n in up:
                moves.append(Move(n, lower, upper, b, order[lower].index(n) + 1, True))
            for n in down:
                moves.append(Move(n, upper, lower, b, order[upper].index(n) + 1, False))
    return tuple(moves)


def cross_group_games(season: Season) -> list[tuple[Game, str, str]]:
    """Every game between players of different groups in its round, with White's and Black's
    group then."""
    if not has_groups(season):
        return []
    moves = group_moves(season)
    out: list[tuple[Game, str, str]] = []
    cache: dict[int, dict[str, str]] = {}
    for g in season.games:
        groups = cache.get(g.round)
        if groups is None:
            groups = cache[g.round] = membership(season, g.round, moves)
        gw, gb = groups.get(g.white, ""), groups.get(g.black, "")
        if gw and gb and group_key(gw) != group_key(gb):
            out.append((g, gw, gb))
    return out
