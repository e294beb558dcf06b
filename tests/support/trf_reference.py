"""Independent TRF readers for the tests (issue 24): they import nothing of keizer_xl, and are
written from what two real programs' sources do, not from keizer-xl's writer.

* :func:`byte_reader` slices each line by **bytes**, as gnutterts/chesspairing's trf/read.go
  does (``parsePlayerLine``, ``parseRoundResult``): a line shorter than 84 bytes, a start
  number, rating, points or rank that is not a number, a colour other than ``w b -`` or a
  result letter outside ``1 0 = + - H F U Z * W D L`` (a blank included) is refused; ``062``,
  ``072``, ``082`` must be whole numbers;
* :func:`char_reader` slices by **characters**, as bbpPairings' src/fileformats/trf.cpp does
  (``readPlayer`` on UTF-32 text), and :func:`check_points` recomputes columns 81-84 from the
  codes as its ``validateScores`` does (``1 + W F U`` 1, ``= D H`` 1/2, the rest 0).
"""
from __future__ import annotations

from fractions import Fraction

BYTE_CODES = set("10=+-HFUZ*WDL")
WINS, DRAWS = set("1+WFU"), set("=DH")


class Refused(Exception):
    pass


def _number(text: str | bytes, what: str, line: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise Refused(f"line {line}: {what} {text!r}")
    return int(text)


def byte_reader(data: bytes) -> dict[int, dict[str, object]]:
    """chesspairing's way: every field at its byte offsets."""
    players: dict[int, dict[str, object]] = {}
    for n, line in enumerate(data.split(b"\n"), 1):
        line = line.rstrip(b"\r")
        if len(line) < 3:
            continue
        code = line[:3]
        if code in (b"062", b"072", b"082") and _number(line[4:], code.decode(), n) is None:
            raise Refused(f"line {n}: {code.decode()} is not a count")
        if code != b"001":
            continue
        if len(line) < 84:
            raise Refused(f"line {n}: too short")
        start = _number(line[4:8], "start", n)
        _number(line[48:52], "rating", n)
        points = line[80:84].strip()
        try:
            float(points)
        except ValueError:
            raise Refused(f"line {n}: points {points!r}") from None
        _number(line[85:89], "rank", n)
        rounds = []
        rest = line[89:]
        for i in range(0, len(rest) - len(rest) % 10, 10):
            chunk = rest[i:i + 10]
            opp = _number(chunk[2:6], "opponent", n) or 0
            colour, result = chr(chunk[7]), chr(chunk[9])
            if colour not in "wb-":
                raise Refused(f"line {n}: colour {colour!r}")
            if result not in BYTE_CODES:
                raise Refused(f"line {n}: result {result!r}")
            rounds.append((opp, colour, result))
        try:
            name = line[14:47].decode("utf-8").strip()
        except UnicodeDecodeError:
            raise Refused(f"line {n}: the name is not UTF-8") from None
        players[start or 0] = {"name": name, "points": points.decode(), "rounds": rounds}
    return players


def char_reader(text: str) -> dict[int, dict[str, object]]:
    """bbpPairings' way: every field at its character offsets (a blank result is a loss)."""
    players: dict[int, dict[str, object]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.startswith("001"):
            continue
        if len(line) < 84:
            raise Refused(f"line {n}: too short")
        start = _number(line[4:8], "start", n)
        _number(line[48:52], "rating", n)
        rounds = []
        for i in range(91, len(line) - 7, 10):
            opp = _number(line[i:i + 4], "opponent", n) or 0
            colour, result = line[i + 5], line[i + 7]
            if colour not in "wb- " or result not in BYTE_CODES - {"*"} | {" "}:
                raise Refused(f"line {n}: round entry {line[i - 2:i + 8]!r}")
            if result in "10=WDL" and colour not in "wb":
                raise Refused(f"line {n}: a played game without a colour")
            rounds.append((opp, colour, result))
        players[start or 0] = {"name": line[14:47].strip(), "points": line[80:84].strip(),
                               "rounds": rounds}
    return players


def check_points(players: dict[int, dict[str, object]]) -> None:
    """bbpPairings' validateScores: the points are the total of the codes."""
    for sn, p in players.items():
        total = sum(Fraction(1) if c in WINS else Fraction(1, 2) if c in DRAWS else Fraction(0)
                    for _, _, c in p["rounds"])  # type: ignore[union-attr]
        if Fraction(str(p["points"])) != total:
            raise Refused(f"The score for player {sn} does not match the game results.")


def games(players: dict[int, dict[str, object]]) -> set[tuple[int, str, str, str, str]]:
    """(round, white's name, black's name, white's code, black's code), each game once."""
    out = set()
    for sn, p in players.items():
        for k, (opp, colour, code) in enumerate(p["rounds"], 1):  # type: ignore[arg-type]
            if opp and colour == "w":
                theirs = players[opp]["rounds"][k - 1]  # type: ignore[index]
                assert theirs[0] == sn and theirs[1] == "b"
                out.add((k, p["name"], players[opp]["name"], code, theirs[2]))
    return out
