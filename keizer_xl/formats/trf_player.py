"""One TRF 001 player line read: its fields and round entries at the spec's columns, each
problem at its line and column; and the :class:`Reader` that collects a reading's problems
and notes, each at its file line (``club.trf line 12``).  The columns and codes are
:mod:`keizer_xl.formats.trf_format`'s."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from keizer_xl.core.setting_values import MAX_RATING, MAX_ROUND
from keizer_xl.errors import Message, N_, Problem
from keizer_xl.formats.trf_format import (FIELDS, GAME_CODES, IMPORT_CODES, ROUND_WIDTH,
                                          SEPARATORS, ascii_number, other_digit, round_column)

_FIELD_WORDS = {"start": N_("start number"), "rating": N_("rating"), "points": N_("game points"),
                "rank": N_("rank")}


@dataclass
class PlayerLine:
    """What one 001 line says, as read (``number``: its line in the file)."""

    number: int
    start: int
    name: str
    rating: int | None
    sex: str
    federation: str
    id: str
    birth: str
    blocks: list[tuple[int, str, str] | None]  # per round: (opponent, colour, code) or blank


@dataclass
class Reader:
    """One reading's problems (refusing the file) and notes (told), each at its file line."""

    label: str
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def at(self, line: int) -> str:
        # a Message: "line" in the club's language where the problem is shown (issue 26)
        return Message("{file} line {line}", file=self.label, line=line)

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.at(line), message))


def _field(line: str, name: str) -> str:
    first, last = FIELDS[name]
    return line[first - 1:last].strip()


def read_player_line(line: str, n: int, r: Reader) -> PlayerLine | None:
    """Line ``n`` read; None (with its problems in ``r``) when it cannot be."""
    wide = line.ljust(89)
    before = len(r.problems)
    for col in SEPARATORS:
        if wide[col - 1] != " ":
            r.problem(n, Message("column {column} should be blank but holds {text!r}: the "
                                 "line's columns are out of place", column=col,
                                 text=wide[col - 1]))
            return None  # one problem for a line whose columns slipped
    numbers: dict[str, int | None] = {}
    for key in ("start", "rating", "rank"):
        text = _field(wide, key)
        first, last = FIELDS[key]
        other = other_digit(text)
        if other is not None:
            r.problem(n, Message("columns {columns} ({what}) hold {text!r}: {char!r} is not a "
                                 "digit 0-9", columns=f"{first}-{last}",
                                 what=Message(_FIELD_WORDS[key]), text=text, char=other))
        elif text and ascii_number(text) is None:
            r.problem(n, Message("columns {columns} ({what}) hold {text!r}: the line's columns "
                                 "are out of place", columns=f"{first}-{last}",
                                 what=Message(_FIELD_WORDS[key]), text=text))
        numbers[key] = ascii_number(text)
    if (numbers["rating"] or 0) > MAX_RATING:
        r.problem(n, Message("columns {columns} (rating): {value} is not a rating (0 to "
                             "{max_rating})", columns="49-52", value=numbers["rating"],
                             max_rating=MAX_RATING))
    points = _field(wide, "points")
    if points and not re.fullmatch(r"[0-9]+(?:[.,][0-9])?", points):
        r.problem(n, Message("columns {columns} ({what}) hold {text!r}: the line's columns are "
                             "out of place", columns="81-84", what=Message(_FIELD_WORDS["points"]),
                             text=points))
    name = _field(wide, "name")
    if not name:
        r.problem(n, Message("no player name in columns 15-47"))
    if numbers["start"] is None and not _field(wide, "start"):
        r.problem(n, Message("no start number in columns 5-8"))
    blocks: list[tuple[int, str, str] | None] = []
    k = 0
    while len(line) > 89 + ROUND_WIDTH * k:
        k += 1
        if k > MAX_ROUND:  # never let a long line size the season (core.setting_values.MAX_ROUND)
            r.problem(n, Message("the line has more than {max_round} rounds, the most a "
                                 "season workbook holds", max_round=MAX_ROUND))
            break
        col = round_column(k)
        block = line[col - 3:col + 7].ljust(ROUND_WIDTH)
        if block[0:2].strip() or block[6] != " " or block[8] != " ":
            r.problem(n, Message("round {round} (columns {columns}): {text!r} is not a round "
                                 "entry ('  0012 w 1'): the line's columns are out of place",
                                 round=k, columns=f"{col - 2}-{col + 7}", text=block))
            break
        if not block.strip():
            blocks.append(None)
            continue
        opponent_text, colour, code = block[2:6].strip(), block[7], block[9]
        other = other_digit(opponent_text)
        if other is not None:
            r.problem(n, Message("round {round} (columns {columns}): opponent {text!r}: {char!r} "
                                 "is not a digit 0-9", round=k, columns=f"{col}-{col + 3}",
                                 text=opponent_text, char=other))
            continue
        if opponent_text and ascii_number(opponent_text) is None:
            r.problem(n, Message("round {round} (columns {columns}): opponent {text!r} is not a "
                                 "start number", round=k, columns=f"{col}-{col + 3}",
                                 text=opponent_text))
            continue
        if colour not in "wb- ":
            r.problem(n, Message("round {round} (column {column}): unknown colour {code!r} (w, b "
                                 "or -)", round=k, column=col + 5, code=colour))
            continue
        opponent = ascii_number(opponent_text) or 0
        if opponent and opponent == numbers["start"]:
            r.problem(n, Message("round {round} (columns {columns}): the player's opponent is "
                                 "his own start number {number}", round=k,
                                 columns=f"{col}-{col + 3}", number=opponent))
            continue
        if opponent == 0 and code in " *" and colour in "- ":
            # '0000 -  ': no game, no code (the KNSB's left-out game); '0000 - *': a round
            # not played yet (TRF-2026 files list the coming rounds so)
            blocks.append(None)
            continue
        known = GAME_CODES if opponent else set(IMPORT_CODES) | {"+", "-"}
        if code not in known:
            r.problem(n, Message("round {round} (column {column}): unknown result code {code!r} "
                                 "(TRF codes: 1 = 0 + - W D L * with an opponent; U H F Z or "
                                 "blank without one)", round=k, column=col + 7, code=code))
            continue
        blocks.append((opponent, colour, code))
    if len(r.problems) > before or numbers["start"] is None:
        return None
    rating = numbers["rating"] or None
    return PlayerLine(n, numbers["start"], name, rating, _field(wide, "sex"),
                      _field(wide, "federation"), _field(wide, "id"), _field(wide, "birth"),
                      blocks)

