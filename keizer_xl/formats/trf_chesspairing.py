"""chesspairing's TRF dialect (gnutterts/chesspairing, read for facts, never copied): how it
reads the bye and absence letters, its ``### chesspairing:`` comments, the shape of the files
its ``generate`` command writes.  The reader (:mod:`keizer_xl.formats.trf_read`) reads a file
its way when these say chesspairing wrote it."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from keizer_xl.core.model import Absence, Bye
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.errors import Message
from keizer_xl.formats.trf_format import ascii_number
from keizer_xl.formats.trf_player import PlayerLine, Reader

#: chesspairing's reading of the letters without an opponent (FIDE's: trf_format.IMPORT_CODES;
#: its trf/convert.go: U absent, F its PAB).
#: Its half-point and zero-point byes (``H``, ``Z``) score as its Keizer scorer's defaults do
#: (scoring/keizer/options.go: ``HalfByeFraction`` 0.50, ``ZeroByeFraction`` 0): club codes
#: HB (1/2) and ZB (0), with their Settings rows (:data:`CHESSPAIRING_CLUB_CODES`).
CHESSPAIRING_CODES: dict[str, str] = {"U": "U", "H": "HB", "F": "bye", "Z": "ZB", " ": "U"}
CHESSPAIRING_CLUB_CODES: dict[str, str] = {"HB": "1/2", "ZB": "0"}
#: chesspairing's ``### chesspairing:bye ... type=T`` types.
_DIRECTIVE_TYPES = {"pab": "bye", "half": "HB", "excused": "E", "zero": "ZB", "absent": "U",
                    "clubcommitment": "C"}


def generated_by_chesspairing(header: Mapping[str, str], names: Sequence[tuple[int, str]],
                              rounds_line: bool) -> bool:
    """chesspairing's ``generate`` command (cmd/chesspairing/generate.go): no 092 line, an
    ``XXR`` line, 012 ``Generated Tournament`` and every player named ``Player N`` after his
    start number."""
    return (not header.get("092") and rounds_line and header.get("012") == "Generated Tournament"
            and bool(names) and all(name == f"Player {sn}" for sn, name in names))


def directive(n: int, verb: str, params: Mapping[str, str], by_start: Mapping[int, PlayerLine],
              names: Mapping[int, str], byes: list[Bye], absences: list[Absence],
              r: Reader) -> None:
    """``### chesspairing:bye round=N player=SN type=T`` overrides what the 001 line said for
    that round; ``withdrawn player=SN after-round=N`` is read with the players."""
    player = params.get("player", "")
    if ascii_number(player) not in names:
        r.problem(n, Message("no player has start number {number}", number=player or "-"))
        return
    if verb != "bye":
        return
    kind = _DIRECTIVE_TYPES.get(params.get("type", "").lower())
    rnd = params.get("round", "")
    if kind is None or not 1 <= (ascii_number(rnd) or 0) <= MAX_ROUND:
        r.problem(n, Message("round {round}: unknown result code {code!r} (TRF codes: 1 = 0 + - "
                             "W D L * with an opponent; U H F Z or blank without one)",
                             round=rnd or "-", code=params.get("type", "")))
        return
    name, k = names[ascii_number(player) or 0], ascii_number(rnd) or 0
    byes[:] = [b for b in byes if not (b.round == k and b.player == name)]
    absences[:] = [a for a in absences if not (a.round == k and a.player == name)]
    if kind == "bye":
        byes.append(Bye(k, name, r.at(n)))
    else:
        absences.append(Absence(k, name, kind, r.at(n)))

