"""A season's history as tables: ranks after every round, the rank chart's data, the crosstable.

Pure.  Everything is read off one :func:`keizer_xl.core.engine.compute_history` run, so each row
means what ``keizer-xl standings --after-round k`` shows (rules section 7: the standing after
round k depends only on rounds 1..k).  :class:`RoundFact` is the engine's own classification of
a player's round (:mod:`keizer_xl.core.scoring`), so explanation, crosstable and points agree.
"""
from __future__ import annotations

from fractions import Fraction

from typing import Any
from collections.abc import Mapping

from keizer_xl.core import scoring
from keizer_xl.core.model import BUILTIN_CODES, Result, ScoreKind, Season
from keizer_xl.core.engine.grid import season_rounds
from keizer_xl.core.numbers import display
from keizer_xl.core.engine import History, Standing
from keizer_xl.errors import Letter, Message, N_, Number

TOP_PLAYERS = 8  # lines on the rank chart (issue 5: the top 8 of the final ranking)


# --------------------------------------------------------------------------- numbers as text

def number_text(x: Fraction | int | None) -> str:
    """Keizer points for reading: rounded to 2 decimals at the very end (rules section 3),
    without trailing zeros (43, 21.5, 14.33); a :class:`~keizer_xl.errors.Number`, so a
    message shows it with its language's decimal sign (German 21,5)."""
    if x is None:
        return ""
    d = display(x)
    if isinstance(d, int):
        return Number(d)
    return Number(f"{d:.2f}".rstrip("0").rstrip("."))


def signed_text(x: Fraction) -> str:
    """+8, -0.33, 0."""
    if x > 0:
        return Number("+" + number_text(x))
    if x < 0:
        return Number("-" + number_text(-x))
    return "0"


# --------------------------------------------------------------------------- round points

class Worth:
    """The round points of a history, turned into Fractions only where they are needed: the
    worth of each result when it was played needs one column of every standing
    (``Standing.round_column``), not the whole table of each."""

    def __init__(self, history: History):
        self.history = history
        self._full: dict[int, dict[str, tuple[Fraction, ...]]] = {}
        self._played: dict[int, dict[str, Fraction]] = {}

    def full(self, k: int) -> dict[str, tuple[Fraction, ...]]:
        """``round_points`` of the standing after round k."""
        if k not in self._full:
            self._full[k] = self.history.standings[k].round_points
        return self._full[k]

    def played(self, r: int) -> dict[str, Fraction]:
        """What each result of round r was worth in the standing after round r."""
        if r not in self._played:
            self._played[r] = self.history.standings[r].round_column(r)
        return self._played[r]


# --------------------------------------------------------------------------- round facts

class RoundFact(scoring.Fact):
    """What one player did in one round (what the engine scored for him): the one scoring
    classification of :mod:`keizer_xl.core.scoring`, with its wording for people."""

    @property
    def short(self) -> str:
        """The result from this player's side: 1, ½, 0, 1F, 0F, adj, ? (no result yet) or the
        absence code / ``bye``."""
        if self.kind == "game":
            if self.result is Result.ADJOURNED:
                return "adj"
            kind = self.score_kind
            assert kind is not None, self  # a game fact has its result and colour
            return {ScoreKind.WIN: "1", ScoreKind.DRAW: "½", ScoreKind.LOSS: "0",
                    ScoreKind.FORFEIT_WIN: "1F", ScoreKind.FORFEIT_LOSS: "0F",
                    ScoreKind.PENDING: "?"}[kind]
        return {"bye": "bye", "absent": self.code or "", "late": "L", "withdrawn": "withdrawn",
                "unmarked": "U"}[self.kind]

    def describe(self) -> Message:
        """What happened, as a catalog Message (English ``won with White against Daan Smit``,
        ``absent, excused (E)``); translated where it is shown, the absence code as the club's
        letter (:class:`keizer_xl.errors.Letter`)."""
        if self.kind == "game":
            opponent = self.opponent or ""
            if self.result is Result.ADJOURNED:
                return (Message("adjourned with White against {opponent} (counted as a draw)",
                                opponent=opponent) if self.white else
                        Message("adjourned with Black against {opponent} (counted as a draw)",
                                opponent=opponent))
            game = self.score_kind
            # no result entered yet: scored like an adjourned game
            if game is None or game not in _GAME_WORDS:
                return (Message("played with White against {opponent} (no result yet, counted "
                                "as a draw)", opponent=opponent) if self.white else
                        Message("played with Black against {opponent} (no result yet, counted "
                                "as a draw)", opponent=opponent))
            white, black = _GAME_WORDS[game]
            return Message(white if self.white else black, opponent=opponent)
        if self.kind == "bye":
            return Message("bye")
        if self.kind == "absent":
            code = self.code or ""
            if code in BUILTIN_CODES:
                return Message(_ABSENT_WORDS[code], code=Letter(code))
            return Message("absent, club code {code}", code=code)
        if self.kind == "late":
            return Message("not yet a member ({code})", code=Letter("L"))
        if self.kind == "withdrawn":
            return Message("withdrawn (counted as absent, unexcused)")
        return Message("neither paired nor marked absent (counted as absent, unexcused)")


#: a game's wording from the player's side, with White and with Black (whole sentences, so a
#: translation may put the colour where its language wants it)
_GAME_WORDS: dict[ScoreKind, tuple[str, str]] = {
    ScoreKind.WIN: (N_("won with White against {opponent}"),
                    N_("won with Black against {opponent}")),
    ScoreKind.DRAW: (N_("drew with White against {opponent}"),
                     N_("drew with Black against {opponent}")),
    ScoreKind.LOSS: (N_("lost with White against {opponent}"),
                     N_("lost with Black against {opponent}")),
    ScoreKind.FORFEIT_WIN: (N_("won by forfeit with White against {opponent}"),
                            N_("won by forfeit with Black against {opponent}")),
    ScoreKind.FORFEIT_LOSS: (N_("lost by forfeit with White against {opponent}"),
                             N_("lost by forfeit with Black against {opponent}")),
}
_ABSENT_WORDS = {"E": N_("absent, excused ({code})"), "U": N_("absent, unexcused ({code})"),
                 "C": N_("absent, club duty ({code})"), "L": N_("not yet a member ({code})")}


def round_facts(season: Season, last: int, games: bool = True) -> dict[str, dict[int, RoundFact]]:
    """name -> round -> what he did, for rounds 1..last: the engine's own classification
    (:func:`keizer_xl.core.engine.grid.season_rounds`).  ``games=False``: only the rounds that
    were no game.  A player withdrawn under ``withdrawn remove`` has no facts from then on."""
    return scoring.facts(season, last, RoundFact, season_rounds(season, last), games=games)


# --------------------------------------------------------------------------- History sheet

def history_grid_rows(history: History, shown: Mapping[str, int | None] | None = None,
                      season: Season | None = None) -> tuple[list[str], list[list[Any]]]:
    """The History sheet (issue 16 item 4): one row per player, best of the latest standing
    first (then those who left the ranking), his Keizer points now and his rank after each
    round ``R1``..``Rk`` (empty while not ranked).  ``shown``: the Standings sheet's Rank
    (core/rows.py); ``season``: its players' Joined rounds (no rank before it)."""
    last = history.last
    now: Mapping[str, int | None] = (shown if shown is not None
                                     else dict(zip(last.order, last.places, strict=True)))
    names = list(last.order)
    for st in history.standings[1:]:
        names.extend(n for n in st.order if n not in last.score and n not in names)
    later = {p.name: p.joined for p in season.players} if season is not None else {}
    places = [{n: p for n, p in zip(st.order, st.places, strict=True)
               if later.get(n, 1) <= max(st.round, 1)} for st in history.standings[1:]]
    columns = ["Rank", "Name", "Score", *(f"R{st.round}" for st in history.standings[1:])]
    rows = [["-" if n in now and now[n] is None else now.get(n), n,
             display(last.score[n]) if n in last.score else None,
             *(p.get(n) for p in places)] for n in names]
    return columns, rows


def top_players(history: History, top: int = TOP_PLAYERS) -> list[str]:
    return list(history.last.order[:top])


def rank_progression_rows(history: History, top: int = TOP_PLAYERS) -> tuple[list[str], list[list[Any]]]:
    """The rank chart's data: one row per round 1..last, one column per top player of the final
    ranking holding his rank (place) after that round; None where he was not ranked."""
    names = top_players(history, top)
    rows = []
    for st in history.standings[1:]:
        place = dict(zip(st.order, st.places, strict=True))
        rows.append([st.round, *(place.get(n) for n in names)])
    return ["After round", *names], rows


# --------------------------------------------------------------------------- Crosstable

def crosstable_rows(season: Season, history: History, colours: tuple[str, str] = ("W", "B"),
                    shown: Mapping[str, int | None] | None = None
                    ) -> tuple[list[str], list[list[Any]]]:
    """Who met whom, with which colour and result, and what it is worth now (docs/guide.md):
    the ranked players, then those who left the ranking; columns ``1``..``N`` are row numbers;
    a cell reads ``W 1 (43)``, several meetings joined by `` / ``.  ``shown``: the Standings
    sheet's Rank (core/rows.py: ``-`` below ``min_games``)."""
    last = history.last
    facts = round_facts(season, last.round)
    place: Mapping[str, int | None] = (shown if shown is not None
                                       else dict(zip(last.order, last.places, strict=True)))
    ranked = list(last.order)
    gone = [p.name for p in season.players if p.name not in set(ranked)]
    rows_names = ranked + gone
    column = {name: i for i, name in enumerate(rows_names, 1)}
    worth = last.round_points
    headers = [str(i) if i <= len(ranked) else Message("{name} (left)", name=name)
               for i, name in enumerate(rows_names, 1)]
    rows = []
    for name in rows_names:
        cells: dict[int, list[str]] = {}
        for r, fact in sorted(facts.get(name, {}).items()):
            if fact.kind != "game" or fact.opponent is None:  # a game always has an opponent
                continue
            text = f"{colours[0] if fact.white else colours[1]} {fact.short}"
            if name in worth:
                text += f" ({number_text(worth[name][r - 1])})"
            cells.setdefault(column[fact.opponent], []).append(text)
        row = ["-" if name in place and place[name] is None else place.get(name), name]
        row += [" / ".join(cells[j]) if j in cells else None for j in range(1, len(rows_names) + 1)]
        rows.append(row)
    return ["Rank", "Name", *headers], rows


def standing_places(st: Standing) -> dict[str, int]:
    return dict(zip(st.order, st.places, strict=True))
