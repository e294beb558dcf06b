"""Why a player stands where he stands: every result with its worth then and now, and the
reasons for his latest rank change, as catalog sentences (docs/guide.md shows them).  Pure.

The explanation is an exact decomposition, not a guess.  Between the standings after rounds
k-1 and k a player's Keizer points change by (points of round k) + (revaluation of each earlier
round) + (change of the own value), because a standing is the sum of its round points plus the
own value (rules section 3), and under ``prev`` / ``converge`` every earlier result is revalued
with the values now in force (rules section 4).  Each non-zero term becomes one sentence; an
earlier worth names its standing, so it never seems to contradict the Explain sheet's "worth
then" (issue 26).  Amounts are rounded to 2 decimals for reading only (rules section 3); the
terms add up to the change exactly (tests check it).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction

from typing import Any
from collections.abc import Mapping

from keizer_xl.analysis.history import (RoundFact, Worth, number_text, round_facts, signed_text,
                                        standing_places)
from keizer_xl.core import scoring
from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Season
from keizer_xl.core.numbers import display
from keizer_xl.core.performance import Record
from keizer_xl.core.engine import History, Standing
from keizer_xl.errors import Message, NotFoundError
from keizer_xl.i18n import Translator, colour_letters, shown_letter, translate, translator


@dataclass(frozen=True)
class ResultLine:
    """One round of one player: what happened, its worth in the standing after that round
    (``then``) and in the latest standing (``now``); None where he was not ranked."""

    fact: RoundFact
    then: Fraction | None
    now: Fraction | None

    @property
    def round(self) -> int:
        return self.fact.round


@dataclass(frozen=True)
class Explanation:
    name: str
    round: int  # the latest round (the standing explained)
    rank_before: int | None  # place in the standing after round - 1
    rank_now: int | None  # None: he has left the ranking (withdrawn remove)
    score_before: Fraction | None
    score_now: Fraction | None
    results: tuple[ResultLine, ...]
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


class PlayerNotFound(NotFoundError):
    """No player of that name; the message suggests the closest names."""


def find_player(season: Season, text: str) -> str:
    """The player called ``text`` (case and spacing forgiven); else :class:`PlayerNotFound`
    in the workbook's language with the closest names (issue 26): names spelled alike, and
    names of which ``text`` is a word or the start ("Jan" -> "Jan de Vries")."""
    wanted = " ".join(str(text).split()).casefold()
    names = {p.name.casefold(): p.name for p in season.players}
    if wanted in names:
        return names[wanted]
    close = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.5)
    if wanted:
        close += [n for n in names if n not in close
                  and (n.startswith(wanted) or wanted in n.split())]
    options = [names[c] for c in close[:3]]
    if not options:
        raise PlayerNotFound(Message("{name!r} is not in Players", name=str(text)))
    suggestion: str | Message = (options[0] if len(options) == 1 else
                                 Message("{first} or {last}", first=", ".join(options[:-1]),
                                         last=options[-1]))
    raise PlayerNotFound(Message("{name!r} is not in Players; did you mean {suggestion}?",
                                 name=str(text), suggestion=suggestion))


# --------------------------------------------------------------------------- one player

def explain_player(season: Season, history: History, name: str,
                   facts: dict[str, dict[int, RoundFact]] | None = None,
                   worth: Worth | None = None) -> Explanation:
    """The explanation of ``name``'s position in the latest standing of ``history``.

    ``facts`` and ``worth`` may be passed in when many players are explained from one
    history."""
    last = history.last
    k = last.round
    if facts is None:
        facts = round_facts(season, k)
    if worth is None:
        worth = Worth(history)
    mine = facts.get(name, {})
    results = []
    for r, fact in sorted(mine.items()):
        then = worth.played(r).get(name)
        now = worth.full(k)[name][r - 1] if name in worth.full(k) else None
        results.append(ResultLine(fact, then, now))
    if name not in last.score:
        player = season.player(name)
        gone = player.withdrawn_round
        line = (Message("{name} withdrew from round {round} and is no longer in the ranking.",
                        name=name, round=gone)
                if gone is not None else Message("{name} is not in the ranking.", name=name))
        return Explanation(name, k, None, None, None, None, tuple(results), (line,))
    now_place = standing_places(last)[name]
    if k == 0:
        line = Message("No round has been played yet; {name} is at start rank {rank}.",
                       name=name, rank=now_place)
        return Explanation(name, 0, now_place, now_place, last.score[name], last.score[name],
                           tuple(results), (line,))
    prev = history.standings[k - 1]
    before, now = prev.score[name], last.score[name]
    lines = [_headline(name, k, standing_places(prev)[name], now_place),
             Message("Keizer points: {points} (unchanged).", points=number_text(now))
             if now == before else
             Message("Keizer points: {points} (was {before}, {change}).", points=number_text(now),
                     before=number_text(before), change=signed_text(now - before))]
    lines += _terms(season, name, k, prev, last, mine, worth)
    lines += _overtaking(name, prev, last)
    return Explanation(name, k, standing_places(prev)[name], now_place, prev.score[name],
                       last.score[name], tuple(results), tuple(lines))


def _headline(name: str, k: int, before: int, now: int) -> str:
    if now == before:
        return Message("{name} stayed at rank {rank} after round {round}.", name=name,
                       rank=now, round=k)
    moved = abs(now - before)
    where = (Message("start rank {rank}", rank=before) if k == 1
             else Message("rank {rank}", rank=before))
    # one catalog id per wording, so each language words the sentence whole
    p = {"name": name, "moved": moved, "round": k, "where": where, "rank": now}
    if now > before:
        if moved == 1:
            return Message("{name} fell 1 place after round {round}, from {where} to rank {rank}.", **p)
        return Message("{name} fell {moved} places after round {round}, from {where} to rank {rank}.", **p)
    if moved == 1:
        return Message("{name} rose 1 place after round {round}, from {where} to rank {rank}.", **p)
    return Message("{name} rose {moved} places after round {round}, from {where} to rank {rank}.", **p)


def _fraction_of(season: Season, fact: RoundFact) -> Fraction:
    """The share of the opponent's value a game result earns (rules section 3)."""
    kind = fact.score_kind
    assert kind is not None, fact  # only a game (with its result and colour) earns a share
    return scoring.game_fraction(season.settings, kind)


def _terms(season: Season, name: str, k: int, prev: Standing, last: Standing,
           mine: dict[int, RoundFact], worth: Worth) -> list[str]:
    points = {k - 1: worth.full(k - 1), k: worth.full(k)}
    lines: list[str] = []
    new = mine.get(k)
    if new is not None:
        lines.append(Message("{points} for round {round}: {what}.",
                             points=signed_text(points[k][name][k - 1]), round=k,
                             what=new.describe()))
    for r in range(1, k):
        fact = mine.get(r)
        if fact is None:
            continue
        before, now = points[k - 1][name][r - 1], points[k][name][r - 1]
        if before == now:
            continue
        # the earlier worth named with its standing (issue 26): the Explain sheet's "worth
        # then" is the worth after the result's own round, this one after the previous round
        head = {"change": signed_text(now - before), "round": r, "what": fact.describe(),
                "now": number_text(now),
                "before": Message("{value} (after round {round})", value=number_text(before),
                                  round=k - 1)}
        opp = fact.opponent if fact.kind == "game" else None
        if opp is None or (opp not in last.score and opp not in prev.score):
            # no game, or the opponent gone earlier: a fraction of the own value (section 7)
            lines.append(Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because the own value fell.", **head)
                         if now < before else
                         Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because the own value rose.", **head))
        elif opp not in last.score:
            lines.append(Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because {opponent} left the ranking.",
                                 opponent=opp, **head))
        elif share := _fraction_of(season, fact):
            v0, v1 = before / share, now / share
            values = {"v0": number_text(v0), "v1": number_text(v1)}
            lines.append(Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because {opponent} sank from value {v0} to {v1}.",
                                 opponent=opp, **values, **head)
                         if v1 < v0 else
                         Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because {opponent} rose from value {v0} to {v1}.",
                                 opponent=opp, **values, **head))
        else:
            lines.append(Message("{change} for round {round} ({what}): worth {now} "
                                 "instead of {before}, because {opponent}'s value changed.",
                                 opponent=opp, **head))
    own_before = prev.score[name] - sum(points[k - 1][name], Fraction(0))
    own_now = last.score[name] - sum(points[k][name], Fraction(0))
    if own_now != own_before:
        lines.append(Message("{change} for the own value: {now} instead of {before}.",
                             change=signed_text(own_now - own_before),
                             now=number_text(own_now), before=number_text(own_before)))
    return lines


def _overtaking(name: str, prev: Standing, last: Standing) -> list[str]:
    p0, p1 = standing_places(prev), standing_places(last)
    me0, me1 = p0[name], p1[name]
    over, passed = [], []
    for other in last.order:
        if other == name or other not in p0:
            continue
        if p0[other] > me0 and p1[other] < me1:
            over.append(other)
        elif p0[other] < me0 and p1[other] > me1:
            passed.append(other)
    def change(other: str) -> str:  # a Message: its number with the language's decimal sign
        return Message("{name} ({change})", name=other,
                       change=signed_text(last.score[other] - prev.score[other]))

    lines: list[str] = []
    if over:
        lines.append(Message("Overtaken by {players}.", players=_and([change(o) for o in over])))
    if passed:
        lines.append(Message("Passed {players}.", players=_and([change(o) for o in passed])))
    return lines


def _and(items: list[str]) -> str | Message:
    if len(items) == 1:
        return items[0]
    return Message("{first} and {last}", first=tuple(items[:-1]), last=items[-1])


def short_text(fact: RoundFact, tr: Translator) -> str:
    """The Result column: ``1``, ``½``, ``0``, ... for a game, the absence code as the club's
    letter, ``bye`` and ``withdrawn`` in the language of ``tr``."""
    short = fact.short
    if fact.kind in ("absent", "late", "unmarked"):
        return shown_letter(short, tr.lang)
    if fact.kind == "bye":
        return tr("bye")
    if fact.kind == "withdrawn":
        return tr("withdrawn")
    return short


# --------------------------------------------------------------------------- every player

def explain_all(season: Season, history: History) -> list[Explanation]:
    """Every player: the ranked ones in ranking order, then those who left the ranking."""
    k = history.last.round
    facts = round_facts(season, k)
    worth = Worth(history)
    ranked = list(history.last.order)
    names = ranked + [p.name for p in season.players if p.name not in set(ranked)]
    return [explain_player(season, history, n, facts, worth) for n in names]


def explain_rows(season: Season, history: History, lang: str = "en",
                 shown: Mapping[str, int | None] | None = None
                 ) -> tuple[tuple[list[str], list[dict[str, Any]]],
                            tuple[list[str], list[dict[str, Any]]]]:
    """The Explain sheet: one row per player (rank, move, points, the sentences) and, below, one
    row per player per round (the result, its worth when played and now).  ``shown``: the
    Rank the Standings sheet shows (core/rows.py: ``-`` below ``min_games``); the sentences
    and the move are the ranking's."""
    tr = translator(lang)
    # the colour letters of the language (Dutch W/Z), as on the Crosstable
    colour = dict(zip(("W", "B"), colour_letters(tr), strict=True))
    summary, detail = [], []
    for e in explain_all(season, history):
        moved = (e.rank_before - e.rank_now) if e.rank_now is not None and e.rank_before is not None else None
        rank = e.rank_now if shown is None or e.name not in shown else shown[e.name] or "-"
        summary.append({"Rank": rank, "Name": e.name, "Previous rank": e.rank_before,
                        "Places up": moved, "Score": display(e.score_now),
                        "Explanation": " ".join(translate(x, tr) for x in e.lines)})
        for line in e.results:
            f = line.fact
            detail.append({"Round": f.round, "Name": e.name, "Worth then": display(line.then),
                           "Worth now": display(line.now), "Result": short_text(f, tr),
                           "What": translate(f.describe(), tr), "Opponent": f.opponent,
                           "Colour": colour.get(f.colour) if f.colour else None})
    return ((["Rank", "Name", "Previous rank", "Places up", "Score", "Explanation"], summary),
            (["Round", "Name", "Worth then", "Worth now", "Result", "What", "Opponent", "Colour"],
             detail))


# --------------------------------------------------------------------------- groups (issue 18, 23)

@dataclass(frozen=True)
class OtherGroupFact(RoundFact):
    """A game a moved player played while he was in another group: in the group that ranks him
    now it counts as its result's share of his own value (core/groups.py, rules section 7).
    Said as the game it was, never as an absence with a club code (issue 23)."""

    group: str = ""  # the group the game was played in
    left: str = ""  # the opponent's group now, when he has left the player's group since

    def describe(self) -> Message:
        if self.left:
            return Message("{game} ({opponent} plays in group {group} now: counts as its "
                           "result's share of his own value)", game=super().describe(),
                           opponent=self.opponent or "", group=self.left)
        return Message("{game} (in group {group}: counts as its result's share of his own "
                       "value)", game=super().describe(), group=self.group)


@dataclass(frozen=True)
class GroupContext:
    """What explains ``name`` in the one competition view: the competition that ranks him (his
    group's season, or the season), its history, his round facts (a game in another group as
    the game it was), the lines saying which group he plays in and why he moved, and his
    record over all his games of the season."""

    season: Season
    history: History
    facts: dict[str, dict[int, RoundFact]]
    lines: tuple[str, ...]
    record: Record


def group_context(view: Competition, name: str) -> GroupContext:
    """``name``'s context in ``view`` (docs/groups.md): read from the view, never re-split."""
    standing = view.standing(view.group_of(name, max(view.round, 1)))
    season, history = standing.season, standing.history
    k = history.last.round
    facts = round_facts(season, k)
    record = view.records(1, k)[name]
    lines: list[str] = []
    if view.grouped:
        whole = round_facts(view.season, k).get(name, {})
        mine = dict(facts.get(name, {}))
        for r, fact in mine.items():
            if fact.kind == "absent" and (fact.code or "").startswith("=") and \
                    whole.get(r) is not None and whole[r].kind == "game":
                g = whole[r]
                then = view.group_of(name, r)
                left = (view.group_of(g.opponent or "", max(view.round, 1))
                        if then == standing.group else "")
                mine[r] = OtherGroupFact(g.round, g.kind, g.opponent, g.white, g.result, g.code,
                                         group=then, left=left)
        facts = {**facts, name: mine}
        group = standing.group
        lines.append(Message("{name} plays in group {group}; each group is ranked on its "
                             "own, over its own players.", name=name, group=group))
        s = view.season.settings
        for m in view.moves:
            if m.name != name:
                continue
            if m.up:
                lines.append(Message("{name} was place {place} in group {source} after round "
                                     "{before}: the {n} best of group {source} move up to group "
                                     "{target} at a period's end (promote {n}); he plays in "
                                     "group {target} from round {round} and keeps his games.",
                                     name=name, place=m.place, source=m.source,
                                     before=m.round - 1, n=s.promote, target=m.target,
                                     round=m.round))
            else:
                lines.append(Message("{name} was place {place} in group {source} after round "
                                     "{before}: the {n} worst of group {source} move down to "
                                     "group {target} at a period's end (relegate {n}); he plays "
                                     "in group {target} from round {round} and keeps his "
                                     "games.", name=name, place=m.place, source=m.source,
                                     before=m.round - 1, n=s.relegate, target=m.target,
                                     round=m.round))
        if any(isinstance(f, OtherGroupFact) for f in mine.values()):
            lines.append(Message("A game against a player of another group counts as its "
                                 "result's share of his own value (=1 win, =½ draw, =0 loss)."))
    lines.append(Message("{name}'s record this season: {games} games (W {w}, D {d}, L {l}), "
                         "{points} game points.", name=name, games=record.games, w=record.wins,
                         d=record.draws, l=record.losses,
                         points=number_text(record.game_points)))
    return GroupContext(season, history, facts, tuple(lines), record)
