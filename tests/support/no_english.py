"""What of a printed text is English: its words against an English word list, less the names,
paths, setting keys and words each language shares with English (issue 20)."""
from __future__ import annotations

import re

from keizer_xl.core.rules import KNOWN_KEYS
from keizer_xl.core.presets import PRESETS



#: English words that are no Dutch or German words (``was``, ``bye``, ``in``, ``top``, ``rank``
#: and ``variant`` are, in one or the other, and stay out)
ENGLISH = {
    "after", "against", "and", "absent", "board", "boards", "colour", "excused", "unexcused",
    "every", "games", "left", "moved", "player", "players", "points", "round", "rounds", "season",
    "standings", "the", "this", "which", "with", "won", "lost", "drew", "worth", "winner",
    "largest", "previous", "explanation", "note", "warning", "wrote", "paired", "pairing",
    "pairings", "results", "member", "yet", "value", "values", "opponent", "white", "black",
    "period", "group", "category", "written", "problems", "problem", "found", "nothing", "refused",
    "because", "instead", "rose", "fell", "stayed", "places", "place", "overtaken", "passed",
    "counted"
}


#: words of the contract or of the settings that every language writes as they are
SHARED = {"nl": {"score", "problem"}, "de": {"problem", "problems"}}


NAMES = ["Anna Bos", "Bram de Wit", "Cor Visser", "Dirk Mulder", "Eva Smit", "Frits Bakker",
         "Gert Jansen", "Hans Peters", "Ilse Meijer", "Joost de Boer", "Karin Dekker",
         "Lars Vos"]


def english(text: str, lang: str) -> set[str]:
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"(?:[\w.~-]*/)+[\w.~-]+|[\w-]+\.(?:xlsx|xlsm|html|csv|trf|log)", " ", text)
    text = re.sub(r"keizer-xl \S+", " ", text)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    keys = {p for k in KNOWN_KEYS for p in k.split("_")} | set(PRESETS)
    return (words & ENGLISH) - SHARED.get(lang, set()) - keys
