"""THE row model (issue 33): the rows every output shows, built once per command from the
competition view (core/competition.py).  Pure.

For every part (a group's season, a group's period; the season's without groups) a
:class:`Part` holds its shown rows, best first (place, name, points, value, the record from all
his games, group, ranked or not), its categories, moves and notes.  Every output (sheets,
``batch``, JSON, CSV, HTML, console, TRF ranks) reads these rows and nothing else.  The shown
place is the engine's, less the unranked players above; ``None`` (shown ``-``) for a later
entrant and, in the final standings, for a player below ``min_games`` (shown after the table).
A new Standings column is a field here and a key in :data:`HEAD` or :data:`TAIL` (its header
in sheets/schema.py).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from keizer_xl.core.competition import Competition, GroupStanding
from keizer_xl.core.groups import Move
from keizer_xl.core.periods import PeriodStanding
from keizer_xl.core.round_robin import round_robin_notes
from keizer_xl.core.round_robin_standings import POINTS, standing
from keizer_xl.core.settings import System
from keizer_xl.errors import Message

#: the keys of the Standings table's columns before the round columns (sheets/schema.py's
#: Standings headers, the JSON's keys) and after them
HEAD = ("rank", "name", "score", "value", "prev_value", "games", "w", "d", "l")
TAIL = ("game_points", "tpr")


@dataclass(frozen=True)
class Row:
    """One player's shown line.  Exact numbers (Fractions); rounding is for display."""

    place: int | None  # the shown rank; None: shown '-' (joins later, or below min_games)
    name: str
    score: Fraction
    value: Fraction | None  # None: a period ranked by match points
    prev_value: Fraction | None
    games: int
    wins: int
    draws: int
    losses: int
    rounds: tuple[Fraction, ...]  # Keizer points per round of the part
    group: str = ""
    game_points: Fraction | None = None  # None: not shown (a period's rows)
    tpr: int | None = None
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    ranked: bool = True  # False: fewer games than min_games in the final standings
    waiting: bool = False  # joins in a later round
    overall: int | None = None  # a category's row: the place in its part's table
    # a round robin's row (issue 36): its pairing number, its results against each pairing
    # number (the crosstable's cells), its tie-break values (Part.tiebreaks; None: not used)
    number: int | None = None
    cells: tuple[str, ...] = ()
    tiebreaks: tuple[Fraction | None, ...] = ()

    KEYS: ClassVar[dict[str, str]] = {"rank": "place", "w": "wins", "d": "draws",
                                      "l": "losses"}

    def cell(self, key: str) -> Any:
        """The value of column ``key`` (:data:`HEAD`, :data:`TAIL`), exact."""
        return getattr(self, self.KEYS.get(key, key))


@dataclass(frozen=True)
class Part:
    """A part's shown rows: a group's season (``period`` None) or period, "" without groups."""

    group: str
    round: int  # the round its standing is after
    rows: tuple[Row, ...]
    period: PeriodStanding | None = None
    categories: tuple[tuple[str, tuple[str, ...]], ...] = ()
    moves: tuple[Move, ...] = ()
    notes: tuple[str, ...] = ()
    #: a round robin's part (issue 36): ranked by game points (``score``), then these FIDE
    #: tie-breaks (acronyms, each row's ``tiebreaks`` in this order)
    tiebreaks: tuple[str, ...] = ()
    round_robin: bool = False

    @property
    def keizer(self) -> bool:
        """False for a period ranked by match points and a round robin (no Value column)."""
        return not self.round_robin and (self.period is None or self.period.scoring == "keizer")

    def places(self) -> dict[str, int | None]:
        """Each row's shown place (None: shown '-'), in the rows' order."""
        return {r.name: r.place for r in self.rows}

    def category(self, category: str) -> tuple[Row, ...]:
        """Category ``category``'s rows, filtered from this part's: the same points, ``place``
        within the category (the ranked members only) and ``overall`` the place in the part."""
        members = set(dict(self.categories).get(category, ()))
        out, n = [], 0
        for r in self.rows:
            if r.name in members:
                n += 1 if r.place is not None else 0
                out.append(replace(r, place=n if r.place is not None else None,
                                   overall=r.place))
        return tuple(out)


def season_part(gs: GroupStanding) -> Part:
    """A group's season standing (the season's without groups) as shown rows."""
    st = gs.standing
    out = set(gs.unranked)
    waiting = set(gs.not_yet)
    above = sorted(ln.place for ln in st.rows if ln.name in out)
    rows = []
    for ln in st.rows:
        rec = gs.records.get(ln.name)
        place = None if ln.name in out or ln.name in waiting else \
            ln.place - sum(1 for p in above if p < ln.place)
        rows.append(Row(place, ln.name, ln.score, ln.value, ln.prev_value, ln.games, ln.wins,
                        ln.draws, ln.losses, ln.rounds, gs.group,
                        rec.game_points if rec else None, rec.tpr if rec else None,
                        rec.forfeit_wins if rec else 0, rec.forfeit_losses if rec else 0,
                        ln.name not in out, ln.name in waiting))
    # the players below min_games after the table, in their order
    rows = [r for r in rows if r.ranked] + [r for r in rows if not r.ranked]
    return Part(gs.group, st.round, tuple(rows), None, gs.categories, gs.moves, gs.notes)


def period_part(ps: PeriodStanding) -> Part:
    """A part (group, period) as shown rows (its own Keizer points per round)."""
    st = ps.keizer
    keizer = ps.scoring == "keizer"
    rows = tuple(Row(r.place, r.name, r.score, r.value if keizer else None,
                     st.prev_value[r.name] if keizer else None, r.games, r.wins, r.draws,
                     r.losses, st.round_points[r.name], ps.group)
                 for r in ps.rows)
    return Part(ps.group, ps.upto, rows, ps, notes=ps.notes)


def round_robin_part(view: Competition, gs: GroupStanding) -> Part:
    """A round-robin group's standings by game points and FIDE tie-breaks
    (core/round_robin_standings.py): best first, equal on all sharing a place, a player whose
    results are annulled after them (place None); ``rounds`` his game points per round."""
    rr, scored = view.round_robin(gs.group), view.round_robin_games(gs.group)
    st = standing(view.season, scored, rr, view.group_round(gs.group))
    per_round: dict[str, dict[int, Fraction]] = {p: {} for p in rr.players}
    for g in scored.games:
        per_round[g.white][g.round], per_round[g.black][g.round], _ = POINTS[g.result]
    rows = []
    for ln in st.lines:
        games, w, d, losses = st.record[ln.name]
        rec = gs.records.get(ln.name)
        rows.append(Row(ln.place or None, ln.name, ln.points, None, None, games, w, d, losses,
                        tuple(per_round[ln.name].get(r, Fraction(0))
                              for r in range(rr.first, st.round + 1)),
                        gs.group, ln.points, rec.tpr if rec else None,
                        ranked=ln.name not in st.annulled, number=rr.number(ln.name),
                        cells=st.cells[ln.name], tiebreaks=ln.values))
    shared: dict[int, list[str]] = {}
    for ln in st.lines:
        if ln.shared and scored.games:  # before its first game everybody is equal
            shared.setdefault(ln.place, []).append(ln.name)
    notes = (*round_robin_notes(scored, st.round), *(
        Message("equal on points and every tie-break, {names} share place {place}",
                names=", ".join(names), place=place) for place, names in shared.items()))
    return Part(gs.group, st.round, tuple(rows), None, gs.categories, gs.moves, notes,
                st.names, True)


def shown_part(view: Competition, gs: GroupStanding) -> Part:
    """A group's season rows as the system it plays shows them (Competition.system)."""
    return (round_robin_part(view, gs) if view.system(gs.group) is System.ROUND_ROBIN
            else season_part(gs))


def season_parts(view: Competition) -> tuple[Part, ...]:
    """Every group's season rows, highest group first (the season's alone without groups)."""
    return tuple(shown_part(view, gs) for gs in view.standings())


def overall_places(parts: tuple[Part, ...]) -> dict[str, int]:
    """Each player's place read down the Standings sheet, in its order: a group's shown place
    (ties share it), a row without one (below ``min_games``, joins later) its position; with
    groups each group's after the previous groups' players (what the TRF's rank and start
    numbers hold, docs/import-export.md)."""
    out: dict[str, int] = {}
    for part in parts:
        offset = len(out)
        out.update((r.name, offset + (i if r.place is None else r.place))
                   for i, r in enumerate(part.rows, 1))
    return out
