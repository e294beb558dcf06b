"""Pairing audit of a recorded season: what the engine would have paired, round by round, from
the data before each round (docs/guide.md says how).  Pure.  A manual pairing is legitimate, so
the audit reports differences and never calls them errors.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from keizer_xl.core.competition import Competition
from keizer_xl.core.model import Season
from keizer_xl.errors import PairingError, Message
from keizer_xl.core.pairing import pair_round
from keizer_xl.core.engine import History
from keizer_xl.i18n import translate, translator


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class RoundAudit:
    round: int
    players: int
    recorded_boards: int
    same_pairs: int
    only_recorded: tuple[tuple[str, str], ...]  # (white, black) as recorded
    only_engine: tuple[tuple[str, str], ...]  # (white, black) as the engine would pair
    bye_recorded: str | None
    bye_engine: str | None
    colours: tuple[tuple[tuple[str, str], tuple[str, str]], ...]  # (recorded, engine) white-black
    notes: tuple[str, ...]  # the engine's notes (relaxed rematches, ...) or why it could not pair
    paired: bool = True  # False: the engine could not pair this round

    @property
    def same(self) -> bool:
        return (self.paired and not self.only_recorded and not self.only_engine
                and self.bye_recorded == self.bye_engine)

    def verdict_in(self, lang: str) -> str:
        """The verdict in ``lang`` (the workbook's language)."""
        tr = translator(lang)
        return ", ".join(translate(p, tr) for p in self.verdict_parts())

    def verdict_parts(self) -> list[Message]:
        if not self.paired:
            return [Message("not compared")]
        parts = []
        if self.only_recorded or self.only_engine:
            n = len(self.only_recorded)
            parts.append(Message("{count} pairs differ", count=n) if n != 1
                         else Message("1 pair differs"))
        if self.bye_recorded != self.bye_engine:
            parts.append(Message("bye differs"))
        if not parts:
            parts.append(Message("same pairing"))
        if self.colours:
            n = len(self.colours)
            parts.append(Message("{count} colours differ", count=n) if n != 1
                         else Message("1 colour differs"))
        return parts


def audit_round(season: Season, history: History, rnd: int) -> RoundAudit:
    games = [g for g in season.games if g.round == rnd]
    byes = [b.player for b in season.byes if b.round == rnd]
    upto = min(rnd - 1, history.last.round)
    ranking = history.after(upto).order
    recorded_players = {n for g in games for n in (g.white, g.black)} | set(byes)
    present = [n for n in ranking if n in recorded_players]
    recorded = {_key(g.white, g.black): (g.white, g.black) for g in games}
    bye_recorded = byes[0] if len(byes) == 1 else (", ".join(byes) if byes else None)
    try:
        if len(present) != len(recorded_players):
            missing = sorted(recorded_players - set(present))
            raise PairingError(f"not in the ranking after round {upto}: {', '.join(missing)}")
        pairing = pair_round(season, rnd, ranking, present)
    except PairingError as e:
        return RoundAudit(rnd, len(recorded_players), len(games), 0, tuple(recorded.values()), (),
                          bye_recorded, None, (), (f"the engine could not pair this round: {e}",),
                          paired=False)
    engine = {_key(b.white, b.black): (b.white, b.black) for b in pairing.boards}
    same = set(recorded) & set(engine)
    order = {n: i for i, n in enumerate(ranking)}

    # listed from the top board down, as a pairing sheet reads
    def by_rank(pairs: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(pairs, key=lambda wb: min(order.get(wb[0], 0), order.get(wb[1], 0))))

    colours = by_rank([recorded[k] for k in same if recorded[k] != engine[k]])
    return RoundAudit(
        rnd, len(recorded_players), len(games), len(same),
        by_rank([recorded[k] for k in recorded if k not in engine]),
        by_rank([engine[k] for k in engine if k not in recorded]),
        bye_recorded, pairing.bye,
        tuple((recorded[_key(*wb)], engine[_key(*wb)]) for wb in colours),
        tuple(pairing.notes))


def audit_season(season: Season, history: History,
                 progress: Callable[[int, int], None] | None = None) -> list[RoundAudit]:
    """Every paired round, in order; ``progress(done, total)`` after each round."""
    rounds = season.paired_rounds()
    out = []
    for i, rnd in enumerate(rounds, 1):
        out.append(audit_round(season, history, rnd))
        if progress is not None:
            progress(i, len(rounds))
    return out


def audit_parts(view: Competition, progress: Callable[[int, int], None] | None = None
                ) -> tuple[tuple[str, tuple[RoundAudit, ...]], ...]:
    """Each group's round audits ("" without groups), group by group: each round paired again
    over the players in the group in that round, from the group's ranking before it, both read
    from the competition view (core/competition.py)."""
    season = view.season
    if not view.grouped:
        return (("", tuple(audit_season(season, view.history("", 0, view.last), progress))),)
    rounds = season.paired_rounds()
    parts = []
    for i, g in enumerate(view.groups):
        audits = []
        for j, rnd in enumerate(rounds, 1):
            gs = view.group_season(g, rnd)  # the group of THAT round
            if any(x.round == rnd for x in gs.games) or any(b.round == rnd for b in gs.byes):
                upto = min(rnd - 1, gs.last_round_with_results())
                audits.append(audit_round(gs, view.history(g, rnd, upto), rnd))
            if progress is not None:
                progress(i * len(rounds) + j, len(rounds) * len(view.groups))
        parts.append((g, tuple(audits)))
    return tuple(parts)


def _pairs_text(pairs: tuple[tuple[str, str], ...]) -> str | None:
    return ", ".join(f"{w} - {b}" for w, b in pairs) if pairs else None


def audit_rows(audits: list[RoundAudit], lang: str = "en") -> tuple[tuple[list[str], list[dict[str, Any]]],
                                                   tuple[list[str], list[dict[str, Any]]]]:
    """The Audit sheet: one row per round, and the differences one per row below it."""
    tr = translator(lang)
    summary = (["Round", "Verdict", "Bye recorded", "Bye engine", "Players", "Boards",
                "Same pairs", "Different pairs", "Colours differ", "Engine notes"],
               [{"Round": a.round, "Verdict": a.verdict_in(lang), "Bye recorded": a.bye_recorded,
                 "Bye engine": a.bye_engine, "Players": a.players, "Boards": a.recorded_boards,
                 "Same pairs": a.same_pairs,
                 "Different pairs": len(a.only_recorded) if a.paired else None,
                 "Colours differ": len(a.colours) if a.paired else None,
                 "Engine notes": " ".join(a.notes) or None} for a in audits])
    rows = []
    for a in audits:
        if not a.paired:
            continue
        if a.only_recorded or a.only_engine:
            rows.append({"Round": a.round, "What": translate(Message("pairs"), tr),
                         "Recorded": _pairs_text(a.only_recorded), "Engine": _pairs_text(a.only_engine)})
        if a.bye_recorded != a.bye_engine:
            rows.append({"Round": a.round, "What": translate(Message("bye"), tr), "Recorded": a.bye_recorded,
                         "Engine": a.bye_engine})
        for rec, eng in a.colours:
            rows.append({"Round": a.round, "What": translate(Message("colours"), tr),
                         "Recorded": f"{rec[0]} - {rec[1]}", "Engine": f"{eng[0]} - {eng[1]}"})
    return summary, (["Round", "What", "Recorded", "Engine"], rows)


def audit_lines(audits: list[RoundAudit], lang: str = "en") -> list[str]:
    """Plain text for the command line: one line per round, the differences indented."""
    out = []
    for a in audits:
        head = Message("Round {round}: {verdict} ({players} players)", round=a.round,
                       verdict=a.verdict_in(lang), players=a.players) if a.paired else \
            Message("Round {round}: {verdict}", round=a.round, verdict=a.verdict_in(lang))
        out.append(translate(head, lang))
        if not a.paired:
            out.extend(f"  {n}" for n in a.notes)
            continue
        if a.only_recorded or a.only_engine:
            out.append("  " + translate(Message("recorded: {pairs}",
                                                 pairs=_pairs_text(a.only_recorded) or "-"), lang))
            out.append("  " + translate(Message("engine:   {pairs}",
                                                 pairs=_pairs_text(a.only_engine) or "-"), lang))
        if a.bye_recorded != a.bye_engine:
            out.append("  " + translate(Message("bye recorded: {recorded}; engine: {engine}",
                                                 recorded=a.bye_recorded or "-",
                                                 engine=a.bye_engine or "-"), lang))
        for rec, eng in a.colours:
            out.append("  " + translate(Message("colours: recorded {recorded}, engine {engine}",
                                                 recorded=f"{rec[0]} - {rec[1]}",
                                                 engine=f"{eng[0]} - {eng[1]}"), lang))
    return out
