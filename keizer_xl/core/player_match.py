"""Which entry of a rating list is which player (issue 37): by id first, then by name as the
lists spell names, plus the birth year where both have one; never a guess.

A name is compared as its set of words after folding: case, accents, ``ß`` = ``ss``, ``ü`` =
``ue`` or ``u`` (German lists write both), Cyrillic and Greek letters transliterated, the
comma and order of FIDE's ``Surname, First`` ignored, hyphens and dots as spaces.  Two names
are the same when one of their folded forms is the same set of words.  Several candidates
are an ambiguity: :func:`match` returns them all and the caller changes nothing.
"""
from __future__ import annotations

import re
import unicodedata
from itertools import product
from dataclasses import dataclass
from collections.abc import Sequence

# letters NFKD does not take apart, and the two spellings of the German umlauts
_PLAIN = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
                        "ð": "d", "þ": "th", "ı": "i", "ŀ": "l", "ĳ": "ij"})
_UMLAUT_E = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
# Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian, Serbian) and Greek, as FIDE's list
# transliterates them (the common English forms)
_CYRILLIC = "абвгґдеёєжзиіїйклмнопрстуўфхцчшщъыьэюяђјљњћџ"
_CYRILLIC_LATIN = ["a", "b", "v", "g", "g", "d", "e", "e", "ye", "zh", "z", "i", "i", "yi", "y", "k",
                   "l", "m", "n", "o", "p", "r", "s", "t", "u", "u", "f", "kh", "ts", "ch", "sh",
                   "shch", "-", "y", "-", "e", "yu", "ya", "dj", "j", "lj", "nj", "c", "dz"]
_GREEK = "αβγδεζηθικλμνξοπρσςτυφχψω"
_GREEK_LATIN = ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s",
                "s", "t", "y", "f", "ch", "ps", "o"]
_SCRIPTS = str.maketrans({letter: latin.strip("-") for letter, latin in
                          (*zip(_CYRILLIC, _CYRILLIC_LATIN, strict=True),
                           *zip(_GREEK, _GREEK_LATIN, strict=True))})


_NOT_WORD = re.compile(r"[\W_]+")
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_DE_E = re.compile(r"([aou])e")
#: an ASCII name's bytes folded as :func:`fold` folds them: letters lowercased, the rest spaces
ASCII_FOLD = bytes(c + 32 if 65 <= c <= 90 else c if (97 <= c <= 122 or 48 <= c <= 57) else 32
                   for c in range(256))


def _words(text: str) -> str:
    return " ".join(_NOT_WORD.sub(" ", text).split())


def fold(text: str, umlaut_e: bool = False) -> str:
    """``text`` lowercased, as plain ASCII-like words separated by one space: ``Müller-Lüden``
    -> ``muller luden`` (``mueller lueden`` with ``umlaut_e``)."""
    low = text.casefold()
    if umlaut_e:
        low = unicodedata.normalize("NFC", low).translate(_UMLAUT_E)
    low = _MARKS.sub("", unicodedata.normalize("NFKD", low.translate(_PLAIN))).translate(_PLAIN)
    low = low.replace("ου", "ou").translate(_SCRIPTS)  # noqa: RUF001  (Greek's "ou")
    return _words(low)


def _variants(text: str) -> set[str]:
    """Every folded spelling of ``text``: each word with an umlaut both ways (``Jörg Müller``
    -> ``jorg muller``, ``joerg muller``, ``jorg mueller``, ``joerg mueller``)."""
    words = [sorted({fold(w), fold(w, umlaut_e=True)}) for w in text.split()]
    return {" ".join(" ".join(choice).split()) for choice in product(*words)} - {""}


def name_forms(name: str) -> frozenset[tuple[str, ...]]:
    """The folded forms of a name, each its words sorted (order and comma left out)."""
    return frozenset(tuple(sorted(v.split())) for v in _variants(name))


def same_name(a: str, b: str) -> bool:
    return bool(name_forms(a) & name_forms(b))


def name_contains(name: str, part: str) -> bool:
    """``part`` (folded) is in ``name`` (folded), in either order of FIDE's ``Surname, First``:
    ``de vries`` is in ``Vries, Jan de`` and in ``de Vries, Jan``."""
    wanted = _variants(part)
    spellings = _variants(name)
    surname, comma, first = name.partition(",")
    if comma:
        spellings |= _variants(f"{first} {surname}")
    return any(w and w in s for w in wanted for s in spellings)


def gate_keys(name: str) -> frozenset[str]:
    """Every key (:func:`list_keys`) a list may spell this player's name with: each word
    plain, with ``ue`` for ``ü``, and with ``ue`` read as ``u`` (a club typing ``Mueller``
    for a list's ``Müller``).  Over-generated on purpose: a first test on each of a million
    lines, before :func:`same_name` decides."""
    words = []
    for w in name.split():
        spelled = {fold(w), fold(w, umlaut_e=True)}
        spelled |= {_DE_E.sub(r"\1", v) for v in spelled}
        words.append(sorted(spelled))
    return frozenset(" ".join(sorted(" ".join(choice).split()))
                     for choice in product(*words)) - {""}


def list_keys(name: str) -> set[str]:
    """A list's name as the keys :func:`gate_keys` gives: its words folded and sorted; with
    an umlaut also all of them as ``ue``.  ASCII names (nearly all of FIDE's list) cost one
    ``translate``; a name with letters marks cannot take off (``ß``, Cyrillic) every form."""
    if name.isascii():
        return {" ".join(sorted(name.encode("ascii").translate(ASCII_FOLD).decode("ascii").split()))}
    nfkd = unicodedata.normalize("NFKD", name.casefold())
    plain = _MARKS.sub("", nfkd)
    if not plain.isascii():
        return {" ".join(form) for form in name_forms(name)}
    keys = {" ".join(sorted(_words(plain).split()))}
    if "\u0308" in nfkd:
        keys.add(" ".join(sorted(_words(_MARKS.sub("", nfkd.replace("\u0308", "e"))).split())))
    return keys


def birth_year(value: object) -> int | None:
    """The year of a birth cell or list field: ``1985``, ``1985-03-02``, ``02.03.1985``, a
    date; None when there is none (``0``, blank)."""
    if value is None:
        return None
    year = getattr(value, "year", None)
    if isinstance(year, int):
        return year
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    digits = [w for w in "".join(ch if ch.isdigit() else " " for ch in str(value)).split()
              if len(w) == 4]
    for w in digits:
        if 1850 <= int(w) <= 2100:
            return int(w)
    return None


@dataclass(frozen=True)
class Candidate:
    """What the matcher needs of a list entry: its name, ids and birth year."""

    name: str
    fide_id: str = ""
    national_id: str = ""
    birth_year: int | None = None
    #: its name's forms (:func:`name_forms`), made once: a list gives many candidates
    forms: frozenset[tuple[str, ...]] = frozenset()

    def __post_init__(self) -> None:
        if not self.forms:
            object.__setattr__(self, "forms", name_forms(self.name))


@dataclass(frozen=True)
class Match:
    """``found``: the one entry (an index into the candidates given); ``ambiguous``: the
    indices of several entries that fit equally (nothing is to be changed); ``by``: how it was
    found (``fide_id``, ``national_id``, ``name``), empty when nothing was found."""

    found: int | None
    ambiguous: tuple[int, ...] = ()
    by: str = ""


def match(name: str, fide_id: str, national_id: str, year: int | None,
          entries: Sequence[Candidate]) -> Match:
    """The entry of ``entries`` that is this player: the one with his FIDE id, else his
    national id, else the one whose name is his (and, where both have one, his birth year)
    and whose ids do not contradict his."""
    for by, own in (("fide_id", fide_id), ("national_id", national_id)):
        if not own:
            continue
        hits = [i for i, e in enumerate(entries)
                if (e.fide_id if by == "fide_id" else e.national_id) == own]
        if len(hits) == 1:
            return Match(hits[0], by=by)
        if len(hits) > 1:
            return Match(None, tuple(hits), by)
    forms = name_forms(name)
    hits = [i for i, e in enumerate(entries) if forms & e.forms
            and not (fide_id and e.fide_id and e.fide_id != fide_id)
            and not (national_id and e.national_id and e.national_id != national_id)]
    if year is not None:
        hits = [i for i in hits if entries[i].birth_year in (None, year)]
    if len(hits) == 1:
        return Match(hits[0], by="name")
    return Match(None, tuple(hits), "name") if hits else Match(None)
