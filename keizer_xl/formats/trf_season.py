"""A TRF file's read lines -> the season: its players (joined and withdrawn from their
first and last entries), games (each read from both lines), byes and absences, the round
dates, keizer-xl's own ``### keizer-xl:`` lines, and the Settings rows the header gives."""
from __future__ import annotations

import datetime
import re
from dataclasses import replace
from collections.abc import Mapping, Sequence

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.setting_values import MAX_ROUND, parse_date
from keizer_xl.errors import Message
from keizer_xl.formats.trf_chesspairing import CHESSPAIRING_CODES, directive
from keizer_xl.formats.trf_format import IMPORT_CODES, PAIRS, ROUND_WIDTH, ascii_number, round_column
from keizer_xl.formats.trf_player import PlayerLine, Reader


def _trf_date(text: str) -> datetime.date | None:
    """A TRF date: YY/MM/DD or YY.MM.DD (132 lines), YYYY/MM/DD, DD/MM/YYYY, DD.MM.YYYY."""
    text = text.strip()
    m = re.fullmatch(r"([0-9][0-9])[/.-]([0-9][0-9])[/.-]([0-9][0-9])", text)
    if m:
        try:
            return datetime.date(2000 + int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    return parse_date(text)


def round_dates(dates_132: list[tuple[int, str]], dat: list[tuple[int, str]],
                r: Reader) -> list[datetime.date]:
    """TRFx's DAT line when there is one, else the 132 line(s): one line with each round's date
    at the round's column, or (as chesspairing writes) one 132 line per round."""
    found: list[tuple[int, str]] = []
    if dat:
        found = [(n, part) for n, text in dat for part in text.split()]
    elif len(dates_132) == 1 and len(dates_132[0][1].rstrip()) > 89:
        n, line = dates_132[0]
        k = 0
        while len(line) > 89 + ROUND_WIDTH * k:
            k += 1
            part = line[round_column(k) - 3:round_column(k) + 7].strip()
            if part:
                found.append((n, part))
    else:
        found = [(n, line[4:].strip()) for n, line in dates_132 if line[4:].strip()]
    out: list[datetime.date] = []
    for n, part in found:
        day = _trf_date(part)
        if day is None:
            r.problem(n, Message("{text!r} is not a date", text=part))
        elif out and day <= out[-1]:
            r.notes.append(Message("line {line}: the round dates do not increase; they are left "
                                   "out", line=n))
            return []
        else:
            out.append(day)
    return out


def person_name(trf: str) -> str:
    """``Lastname, Firstname`` as the club writes a name: ``Firstname Lastname``."""
    if trf.count(",") == 1:
        last, first = (x.strip() for x in trf.split(","))
        if last and first:
            return f"{first} {last}"
    return trf


def season_from_lines(by_start: dict[int, PlayerLine], header: Mapping[str, str],
                      chesspairing: bool, directives: list[tuple[int, str, dict[str, str]]],
                      absences_240: list[tuple[int, str, int, list[int]]],
                      r: Reader) -> Season:
    """The season the 001 lines, chesspairing's ``###`` lines and the 240 absences say."""
    names: dict[int, str] = {}
    seen: dict[str, int] = {}
    for sn, pl in sorted(by_start.items()):
        name = person_name(pl.name)
        if name.casefold() in seen:
            r.problem(pl.number, Message("the name {name} appears twice (also line {other})",
                                         name=name, other=seen[name.casefold()]))
        seen[name.casefold()] = pl.number
        names[sn] = name
    codes = CHESSPAIRING_CODES if chesspairing else IMPORT_CODES
    games: list[Game] = []
    byes: list[Bye] = []
    absences: list[Absence] = []
    kind = header.get("092", "")
    knsb_ids = kind.casefold().startswith("individual: keizer")  # the KNSB flavour's id column
    first_round: dict[int, int] = {}
    last_round: dict[int, int] = {}
    for sn, pl in sorted(by_start.items()):
        filled = [k for k, b in enumerate(pl.blocks, 1) if b is not None]
        first_round[sn] = filled[0] if filled else MAX_ROUND
        last_round[sn] = filled[-1] if filled else 0
    # the last round anyone has an entry in (rounds nobody played yet are not rounds here)
    rounds = max([0, *last_round.values()])
    for sn in first_round:
        first_round[sn] = min(first_round[sn], rounds + 1)
    for sn, pl in sorted(by_start.items()):
        where = r.at(pl.number)
        for k, block in enumerate(pl.blocks, 1):
            if block is None:
                if first_round[sn] < k < last_round[sn]:  # blank inside: equivalent to Z
                    absences.append(Absence(k, names[sn], codes[" "], where))
                continue
            opponent, colour, code = block
            if opponent == 0:
                # older programs: '0000 - +' the bye, '0000 - -' absent
                meaning = ("bye" if code == "+" else "U") if code in "+-" else codes[code]
                if meaning == "bye":
                    byes.append(Bye(k, names[sn], where))
                else:
                    absences.append(Absence(k, names[sn], meaning, where))
                continue
            if chesspairing and code == "*":
                # chesspairing's reader skips a game without a result (trf/convert.go
                # ToTournamentState: "Skip if not-yet-played"): neither played, both absent
                absences.append(Absence(k, names[sn], "U", where))
                if sn < opponent:
                    r.notes.append(Message(
                        "round {round}: {white} - {black} has no result ('*'); chesspairing "
                        "reads neither as playing: both absent, as it scores them", round=k,
                        white=names[sn], black=names.get(opponent, str(opponent))))
                continue
            game = _game(sn, pl, k, opponent, colour, code, by_start, names, r, chesspairing)
            if game is not None:
                games.append(game)
    for n, verb, params in directives:
        directive(n, verb, params, by_start, names, byes, absences, r)
    for n, letter, rnd, starts in absences_240:
        for sn in starts:
            if sn not in names:
                r.problem(n, Message("no player has start number {number}", number=sn))
            elif not any(a.round == rnd and a.player == names[sn] for a in absences):
                absences.append(Absence(rnd, names[sn], "E" if letter == "H" else "U", r.at(n)))
    players: list[Player] = []
    for place, (sn, pl) in enumerate(sorted(by_start.items()), 1):
        joined = first_round[sn] if 1 < first_round[sn] <= rounds else 1
        withdrawn = (last_round[sn] + 1 if 0 < last_round[sn] < rounds else None)
        ident = "" if pl.id in ("", "0") else pl.id
        players.append(Player(
            name=names[sn], rating=pl.rating, start=place, joined=joined,
            withdrawn_round=withdrawn, origin=r.at(pl.number), sex=pl.sex,
            birth=pl.birth.replace(".", "/"), federation=pl.federation,
            fide_id="" if knsb_ids else ident, knsb_id=ident if knsb_ids else ""))
        if withdrawn:
            r.notes.append(Message("{name} has no entries after round {round}: read as "
                                   "withdrawn from round {withdrawn}", name=names[sn],
                                   round=last_round[sn], withdrawn=withdrawn))
    withdrawn_by_directive: dict[str, int] = {}
    for n, verb, p in directives:  # an unknown player is refused by directive()
        number = ascii_number(p.get("player", ""))
        if verb != "withdrawn" or number not in names:
            continue
        # after-round=0: withdrawn before round 1 (read, and refused below if he played);
        # never dropped (issue 34: `... or -1` had turned 0 into -1 and left it out)
        after = ascii_number(p.get("after-round", ""))
        if after is None or after >= MAX_ROUND:
            r.problem(n, Message("{text!r} is not a round number", text=p.get("after-round", "")))
        else:
            withdrawn_by_directive[names[number or 0]] = after + 1
    players = [replace(p, withdrawn_round=withdrawn_by_directive.get(p.name, p.withdrawn_round))
               for p in players]
    games.sort(key=lambda g: g.round)
    byes.sort(key=lambda x: x.round)
    absences.sort(key=lambda x: (x.round, x.player))
    return Season(tuple(players), tuple(games), tuple(byes), tuple(absences),
                  attendance_rounds=tuple(range(1, rounds + 1)))


def _game(sn: int, pl: PlayerLine, k: int, opponent: int, colour: str, code: str,
          by_start: Mapping[int, PlayerLine], names: Mapping[int, str], r: Reader,
          chesspairing: bool = False) -> Game | None:
    """The game of ``pl`` in round k, read from the line of the player with White (or the
    lower start number when neither has a colour); None when it is read from the other line."""
    other = by_start.get(opponent)
    if other is None:
        r.problem(pl.number, Message("round {round}: opponent {number} is not a start number in "
                                     "the file", round=k, number=opponent))
        return None
    theirs = other.blocks[k - 1] if k <= len(other.blocks) else None
    if theirs is None or theirs[0] != sn:
        third = names.get(theirs[0], str(theirs[0])) if theirs and theirs[0] else "-"
        r.problem(pl.number, Message(
            "round {round}: {name} plays {opponent}, but line {other} has {opponent} playing "
            "{third}: a player in two games of a round", round=k, name=names[sn],
            opponent=names[opponent], other=other.number, third=third))
        return None
    _, their_colour, their_code = theirs
    if colour in "wb" and their_colour in "wb":
        if colour == their_colour:
            if sn < opponent:
                r.problem(pl.number, Message("round {round}: {name} and {opponent} (line {other}) "
                                             "cannot both have colour {colour!r}", round=k,
                                             name=names[sn], opponent=names[opponent],
                                             other=other.number, colour=colour))
            return None
        white_here = colour == "w"
    elif colour in "wb":
        white_here = colour == "w"
    elif their_colour in "wb":
        white_here = their_colour == "b"
    else:  # a forfeit written without colours: the lower start number has White
        white_here = sn < opponent
    if not white_here:
        return None
    result = PAIRS.get((code, their_code))
    if result is None:
        r.problem(pl.number, Message("round {round}: the results {mine!r} of {name} and {theirs!r} "
                                     "of {opponent} (line {other}) do not fit together",
                                     round=k, mine=code, name=names[sn], theirs=their_code,
                                     opponent=names[opponent], other=other.number))
        return None
    if chesspairing and result is Result.DOUBLE_FORFEIT:
        # chesspairing reads a game from the line listed first and turns its '-' into a
        # forfeit win for the other player (trf/convert.go convertResultToGameResult: a
        # forfeit loss of White is "ForfeitBlackWins"); both forfeited becomes one forfeit
        first_white = pl.number < other.number
        result = Result.BLACK_FORFEIT if first_white else Result.WHITE_FORFEIT
        winner = names[opponent] if first_white else names[sn]
        r.notes.append(Message("round {round}: {white} - {black} is '- -' (both forfeited); "
                               "chesspairing reads it as a forfeit win for {winner}: read so",
                               round=k, white=names[sn], black=names[opponent], winner=winner))
    return Game(k, names[sn], names[opponent], result, origin=r.at(pl.number))


def own_directives(season: Season, own: Sequence[tuple[int, str, dict[str, str]]],
                   by_start: Mapping[int, PlayerLine], r: Reader) -> Season:
    """keizer-xl's export's ``### keizer-xl:joined player=SN round=N`` and ``withdrawn
    player=SN round=N`` (the first round without him): the ``Z`` of the rounds he was no
    member are no absences.  ``game-points`` lines repeat what the games say: read past."""
    changes: dict[int, dict[str, int]] = {}
    for n, verb, params in own:
        if verb not in ("joined", "withdrawn"):
            continue
        player, rnd = params.get("player", ""), params.get("round", "")
        sn, k = ascii_number(player), ascii_number(rnd)  # 0-9 only: int('²') would fail
        if sn is None or sn not in by_start:
            r.problem(n, Message("no player has start number {number}", number=player or "-"))
        elif k is None or not 1 <= k <= MAX_ROUND:
            r.problem(n, Message("{text!r} is not a round number", text=rnd))
        else:
            changes.setdefault(sn, {})[verb] = k
    if not changes:
        return season
    starts = sorted(by_start)
    named = {season.players[starts.index(sn)].name: ch for sn, ch in changes.items()}

    def member(name: str, k: int) -> bool:
        ch = named.get(name, {})
        return ch.get("joined", 1) <= k < ch.get("withdrawn", MAX_ROUND + 1)

    players = tuple(replace(p, joined=named[p.name].get("joined", p.joined),
                            withdrawn_round=named[p.name].get("withdrawn", p.withdrawn_round))
                    if p.name in named else p for p in season.players)
    absences = tuple(x for x in season.absences if member(x.player, x.round))
    return replace(season, players=players, absences=absences)


def settings_rows(header: Mapping[str, str], dates: Sequence[datetime.date],
                  options: Mapping[str, tuple[int, str]], chesspairing: bool, season: Season,
                  r: Reader, generated: bool = False) -> list[tuple[str, str]]:
    """The Settings rows the file gives: the preset, the header's texts, the round dates,
    chesspairing's rematch options (``XXA``/``XXK``)."""
    # a chesspairing Keizer file: its 092 says Keizer, or its generator wrote no 092 at all
    keizer = "keizer" in header.get("092", "").casefold() or (generated and not header.get("092"))
    preset = "chesspairing" if chesspairing and keizer else "keizer"
    rows = [("preset", preset)]
    for code, key in (("012", "season"), ("022", "city"), ("102", "arbiter"),
                      ("122", "time_control")):
        if header.get(code):
            rows.append((key, header[code]))
    if dates:
        rows.append(("round_dates", ", ".join(d.isoformat() for d in dates)))
    if "XXA" in options:
        n, text = options["XXA"]
        if text.strip().lower() == "true":
            gap = options.get("XXK", (n, ""))[1].strip()
            rows.append(("rematch_gap", gap if ascii_number(gap) is not None else "0"))
    return rows

