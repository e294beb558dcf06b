"""How the final ranking depends on the recalculation method and the preset (issue 5; the
variants are docs/guide.md's).  Pure.  ``prev``, ``frozen`` and ``converge`` switch the mixed
schemes off, or ``prev`` would not be plain ``prev``; a preset gets the season name and the
club's absence codes, which it cannot know (rules section 9).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from typing import Any

from keizer_xl.core.model import Season
from keizer_xl.core.settings import Recalculation, Settings
from keizer_xl.core.rules import build_settings
from keizer_xl.core.engine import History, compute_history
from keizer_xl.errors import Message

METHODS = tuple(m.value for m in Recalculation)  # labels: plain words, as typed
PRESETS = ("keizer", "sevilla", "knsb-sixths", "frozen-fixed")
SUMMARY_COLUMNS = ("Variant", "What", "Winner", "Players moved", "Largest move", "Moved most")


@dataclass(frozen=True)
class Variant:
    label: str
    kind: str  # season | method | preset
    settings: Settings

    @property
    def description(self) -> Message:
        """What the variant is, as a catalog Message (translated where it is shown)."""
        if self.kind == "season":
            return Message("the season's settings")
        if self.kind == "method":
            return Message("the season's settings with recalculation {method}", method=self.label)
        return Message("preset {preset} (with the season's club codes)", preset=self.label)


def variants(settings: Settings) -> list[Variant]:
    # the season's own column is named by a Message ("Seizoen" in a Dutch workbook); the
    # methods and presets by the setting values a user types, in every language
    out = [Variant(Message("Season"), "season", settings)]
    for m in METHODS:
        out.append(Variant(m, "method", replace(settings, recalculation=Recalculation(m),
                                                extra_passes=0,
                                                converge_from_round=None)))
    for p in PRESETS:
        pairs: list[tuple[str, Any]] = [("preset", p), ("season", settings.season)]
        pairs += [("codes", item) for item in settings.codes]
        out.append(Variant(p, "preset", build_settings(pairs)))
    return out


@dataclass(frozen=True)
class Comparison:
    round: int
    variants: tuple[Variant, ...]
    histories: tuple[History, ...]
    columns: tuple[str, ...]  # Name + one rank column per variant
    ranks: tuple[tuple[Any, ...], ...]  # one row per player, in the season's final order
    summary: tuple[dict[str, Any], ...]  # one row per variant (SUMMARY_COLUMNS)
    notes: tuple[str, ...]


def compare_methods(season: Season, history: History | None = None) -> Comparison:
    """The final ranking (after the last round with results) under every variant."""
    vs = variants(season.settings)
    histories = []
    for v in vs:
        if v.kind == "season" and history is not None:
            histories.append(history)
        else:
            histories.append(compute_history(replace(season, settings=v.settings)))
    last = histories[0].last
    places = [dict(zip(h.last.order, h.last.places, strict=True)) for h in histories]
    names = list(last.order) + [p.name for p in season.players if p.name not in set(last.order)]
    ranks = tuple((n, *(pl.get(n) for pl in places)) for n in names)
    base = places[0]
    summary, notes = [], []
    for v, h, pl in zip(vs, histories, places, strict=True):
        moves = [abs(pl[n] - base[n]) for n in base if n in pl]
        moved = sum(1 for m in moves if m)
        biggest = max(moves, default=0)
        who = [n for n in base if n in pl and abs(pl[n] - base[n]) == biggest] if biggest else []
        summary.append({"Variant": v.label, "What": v.description, "Winner": h.last.order[0]
                        if h.last.order else None, "Players moved": moved,
                        "Largest move": biggest, "Moved most": ", ".join(who) or None})
        bad = [st.round for st in h.standings if not st.converged]
        if bad:
            notes.append(Message("{variant}: the ranking did not converge after round(s) "
                                 "{rounds} (cycles are ranked by their average)",
                                 variant=v.label, rounds=", ".join(map(str, bad))))
    return Comparison(last.round, tuple(vs), tuple(histories), ("Name", *(v.label for v in vs)),
                      ranks, tuple(summary), tuple(notes))
