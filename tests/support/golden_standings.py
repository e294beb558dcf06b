"""Reading the golden standings cases: small text files under tests/golden/standings/.

Format: ``settings: key=value; ...``, ``players: A | B | ...`` (start order), ``round N: White -
Black result | ... | bye X | absent X E``, ``after N: Name score | ...`` (expected order and exact
scores, fractions allowed), ``converged N: yes|no``.
"""
from fractions import Fraction

from keizer_xl.core.model import Absence, Bye, Game, Player, Season, parse_result
from keizer_xl.core.rules import build_settings, parse_setting


def load(path):
    raw, players, games, byes, absences, expect, converged = [], [], [], [], [], {}, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, _, body = line.partition(":")
        items = [x.strip() for x in body.split("|") if x.strip()]
        if head == "settings":
            raw = [tuple(kv.split("=", 1)) for kv in body.split(";") if kv.strip()]
            raw = [(k.strip(), v.strip()) for k, v in raw]
        elif head == "players":
            players = [Player(n) for n in items]
        elif head.startswith("round "):
            r = int(head.split()[1])
            for item in items:
                if item.startswith("bye "):
                    byes.append(Bye(r, item[4:]))
                elif item.startswith("absent "):
                    name, code = item[7:].rsplit(" ", 1)
                    absences.append(Absence(r, name, code))
                else:
                    white, rest = item.split(" - ", 1)
                    black, result = rest.rsplit(" ", 1)
                    games.append(Game(r, white, black, parse_result(result)))
        elif head.startswith("after "):
            expect[int(head.split()[1])] = [
                (n, Fraction(s)) for n, s in (x.rsplit(" ", 1) for x in items)]
        elif head.startswith("converged "):
            converged[int(head.split()[1])] = body.strip() == "yes"
    settings = build_settings([parse_setting(k, v) for k, v in raw])
    return Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                  absences=tuple(absences), settings=settings), expect, converged
