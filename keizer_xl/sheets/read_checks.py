"""The checks across sheets once the tables are read (two games on a board, a round far
after the one before, every place worth more than 0, the players the settings name), what a
bare ``withdrawn`` means, and the notes and warnings ``check`` shows (a late entrant without
Joined, equal ratings without Start)."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from keizer_xl.core.groups import group_key
from keizer_xl.core.model import Bye, Game, Player, Season, round_gaps
from keizer_xl.core.pairing_methods import method_schedule
from keizer_xl.core.settings import ValueBasis
from keizer_xl.core.values import value_scale_check
from keizer_xl.errors import Message, Problem, SettingError
from keizer_xl.i18n import Translator, translate
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import ENGLISH_TR, find_columns, name_key
from keizer_xl.sheets.read_tables import BARE_WITHDRAWN
from keizer_xl.sheets.tables import Table, column_letter, quote_sheet


def check_rounds_and_boards(games: list[Game], byes: list[Bye], table: Table,
                            tr: Translator = ENGLISH_TR) -> list[Problem]:
    """Two games on one board of a round; a round far after the round before it."""
    out: list[Problem] = []
    boards: dict[tuple[int, int], Game] = {}
    for g in games:
        if g.board is None:
            continue
        other = boards.get((g.round, g.board))
        if other is not None:  # named at the Board cells: the board number is what is wrong
            out.append(Problem(_round_cell(g.origin, table, "board"), tr(
                "round {round} board {board} has two games: {white} - {black} ({where}) and "
                "{white2} - {black2}", round=g.round, board=g.board, white=other.white,
                black=other.black, where=_round_cell(other.origin, table, "board"),
                white2=g.white, black2=g.black)))
        else:
            boards[(g.round, g.board)] = g
    out.extend(Problem(_round_cell(origin, table),
                       tr("round {round} comes after round {previous} in {sheet} ({count} rounds "
                          "without any game): a typing slip?", round=rnd, previous=previous,
                          sheet=table.sheet, count=rnd - previous - 1))
               for rnd, previous, origin in round_gaps((*games, *byes)))
    return out


def _round_cell(origin: str, table: Table, column: str = "round") -> str:
    """The Round (or ``column``) cell on the row of ``origin`` (a Result or White cell of
    ``table``)."""
    cols = find_columns(table, "Results", [])
    m = re.search(r"(\d+)$", origin)
    if column not in cols or m is None:
        return origin
    return f"{quote_sheet(table.sheet)}!{column_letter(table.first_column + cols[column])}{m.group(1)}"


def resolve_bare_withdrawals(players: list[Player], games: list[Game], byes: list[Bye],
                             status_cells: dict[str, str], notes: list[str]) -> list[Player]:
    """``withdrawn`` without a round: from the round after his last round in Results (a game,
    with or without a result, or a bye), and never before he joined (docs/reading-rules.md)."""
    out = []
    for p in players:
        if p.withdrawn_round != BARE_WITHDRAWN:
            out.append(p)
            continue
        rounds = [g.round for g in games if p.name in (g.white, g.black)]
        rounds += [b.round for b in byes if b.player == p.name]
        last = max(rounds, default=0)
        rnd = max(last + 1, p.joined)
        where = status_cells.get(p.name, p.origin)
        if last:
            notes.append(Message("{where}: {name} 'withdrawn' without a round is read as withdrawn "
                                 "from round {round} (his last round in Results is {last}); write "
                                 "'withdrawn {round}' to make it explicit", where=where,
                                 name=p.name, round=rnd, last=last))
        else:
            notes.append(Message("{where}: {name} 'withdrawn' without a round is read as withdrawn "
                                 "from round {round} (he has no round in Results); write "
                                 "'withdrawn {round}' to make it explicit", where=where,
                                 name=p.name, round=rnd))
        out.append(replace(p, withdrawn_round=rnd))
    return out


def check_value_scale(season: Season, setting_cells: dict[str, str],
                      tr: Translator = ENGLISH_TR) -> list[Problem]:
    """Every place of the ranking must be worth more than 0 (rules section 2)."""
    s = season.settings
    n = len(season.players)
    if any(p.group.strip() for p in season.players):  # each group has its own scale (issue 18)
        n = max(Counter(group_key(p.group) for p in season.players).values())
    found = value_scale_check(s, n)
    if found is None:
        return []
    first, why = found
    where = setting_cells.get(first) or setting_cells.get("top_value") or \
        setting_cells.get("value_step") or setting_cells.get("preset") or "Settings"
    return [Problem(where, translate(why, tr))]


def check_pairing_schedule(season: Season, setting_cells: dict[str, str],
                           tr: Translator = ENGLISH_TR) -> list[Problem]:
    """The pairing methods by round must be known (``keizer_pairing_last`` needs the season's
    end): the problem at the setting's cell."""
    try:
        method_schedule(season)
    except SettingError as e:
        where = setting_cells.get(e.key) or schema.sheet_name("Settings", tr.lang)
        return [Problem(where, translate(e, tr))]
    return []


#: A player without Joined who first appears in Results after this many played rounds (and
#: has no Attendance mark before) is probably a late entrant: ``check`` says so.
LATE_ENTRANT_ROUNDS = 2


def late_entrant_notes(season: Season, joined_cells: dict[str, str]) -> list[str]:
    """A player without ``Joined`` whose first round in Results is k, after at least
    :data:`LATE_ENTRANT_ROUNDS` rounds played without him, with no Attendance mark in any round
    before k: he scores as absent unexcused in those rounds, which is right only if he was a
    member then; the note names the Joined cell to fill and the round (rules section 7)."""
    out: list[str] = []
    played = sorted(set(season.paired_rounds()))
    if not played:
        return out
    marked = {(a.player, a.round): a.code for a in season.absences}
    first: dict[str, int] = {}  # each player's first round in Results, in one pass
    for name, rnd in [*((n, g.round) for g in season.games for n in (g.white, g.black)),
                      *((b.player, b.round) for b in season.byes)]:
        if rnd < first.get(name, rnd + 1):
            first[name] = rnd
    for p in season.players:
        if p.name not in joined_cells:
            continue
        k = first.get(p.name)
        if k is None or k <= 1:
            continue
        before = [r for r in played if r < k]
        if len(before) < LATE_ENTRANT_ROUNDS:
            continue  # one missed first evening is common for a member: no note
        if any((p.name, r) in marked for r in range(1, k)):
            continue  # marked in Attendance before round k: the leader knew him then
        params = {"where": joined_cells[p.name], "name": p.name, "round": k, "first": before[0]}
        if len(before) > 1:
            out.append(Message("{where}: {name} first plays in round {round} but has no Joined, "
                               "so rounds {first}-{last} count as unexcused absences; if {name} "
                               "joined in round {round}, write {round} there", last=k - 1,
                               **params))
        else:
            out.append(Message("{where}: {name} first plays in round {round} but has no Joined, "
                               "so round {first} counts as an unexcused absence; if {name} joined "
                               "in round {round}, write {round} there", **params))
    return out


def check_settings_against_players(season: Season,
                                   tr: Translator = ENGLISH_TR) -> list[Problem]:
    out = []
    s = season.settings
    names = {name_key(p.name) for p in season.players}
    for pc in (*s.fixed, *s.forbidden):
        for n in (pc.first, pc.second):
            if name_key(n) not in names:
                out.append(Problem(schema.sheet_name("Settings", tr.lang), tr(
                    "pair {first} vs {second}: {name!r} is not in {players}", first=pc.first,
                    second=pc.second, name=n, players=schema.sheet_name("Players", tr.lang))))
    if s.value_basis == ValueBasis.RATING:
        for p in season.players:
            if p.rating is None:
                out.append(Problem(p.origin, tr("{name} has no rating; value_basis rating needs one",
                                                name=p.name)))
    if not season.players:
        out.append(Problem(schema.sheet_name("Players", tr.lang), tr("there are no players")))
    return out


def warnings(season: Season) -> list[str]:
    """Things that are allowed but worth a look (``check`` prints them)."""
    out = list(season.notes)
    # the Players sheet as the workbook names it (a player's cell), else in its language
    origin = next((p.origin for p in season.players if "!" in p.origin), "")
    players = (origin.rsplit("!", 1)[0].strip("'") if origin
               else schema.sheet_name("Players", season.settings.language or "en"))
    if season.settings.start_ranking == "rating":  # rating, then name: no row order involved
        return out
    if not any(p.start is not None for p in season.players):
        by_rating: dict[int, list[str]] = {}
        for p in season.players:
            if p.rating is not None:
                by_rating.setdefault(p.rating, []).append(p.name)
        for rating, group in sorted(by_rating.items(), reverse=True):
            if len(group) > 1:
                out.append(Message("{sheet}: {names} have the same rating {rating}; their start "
                                   "order is their row order (fill Start to make it explicit)",
                                   sheet=players, names=", ".join(group), rating=rating))
    unrated = [p.name for p in season.players if p.rating is None and p.start is None]
    if unrated and len(unrated) < len(season.players):
        out.append(Message("{sheet}: {names} have neither Start nor Rating and start at the "
                           "bottom", sheet=players, names=", ".join(unrated)))
    return out
