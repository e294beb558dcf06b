"""One entry of a rating list (:class:`Listed`) and what a lookup wants from a list
(:class:`Wanted`), for the readers of every kind (``formats/rating_list.py`` lists them)."""
from __future__ import annotations

from dataclasses import dataclass

from keizer_xl.core.player_match import list_keys, name_contains


@dataclass(frozen=True, slots=True)
class Listed:
    """One player as a list gives him; "" (None for numbers) where the list has nothing."""

    name: str
    fide_id: str = ""
    national_id: str = ""
    club: str = ""
    rating: int | None = None
    federation: str = ""
    birth: str = ""  # "1985" or "1985-03-02"
    sex: str = ""    # "M" or "F"
    title: str = ""


@dataclass(frozen=True)
class Wanted:
    """What a lookup wants: entries with one of ``ids`` (FIDE or national), whose name has
    one of the keys ``names`` (:func:`keizer_xl.core.player_match.gate_keys` of the players
    looked for), whose name contains one of ``parts``, or of ``club``.  ``everything``: every
    entry."""

    ids: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    parts: tuple[str, ...] = ()
    club: str | None = None
    everything: bool = False

    def wants(self, entry: Listed) -> bool:
        """The full test, on an entry the reader has built."""
        if self.everything:
            return True
        if (entry.fide_id and entry.fide_id in self.ids) or (
                entry.national_id and entry.national_id in self.ids):
            return True
        if self.club is not None and entry.club and _same_club(entry.club, self.club):
            return True
        if not self.names.isdisjoint(list_keys(entry.name)):
            return True
        return any(name_contains(entry.name, part) for part in self.parts)


def _same_club(a: str, b: str) -> bool:
    a, b = a.strip(), b.strip()
    if a.isdigit() and b.isdigit():
        return int(a) == int(b)
    return a.casefold() == b.casefold()
