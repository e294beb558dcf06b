"""The Players sheet's groups and categories checked, each problem with its ``Sheet!Cell``
(issue 18, docs/groups.md): a Group column with blanks for some players, a group of one player,
a category with a typo-like near-duplicate (``Jeugd`` / ``jeugd`` / ``Jeugt``), promotion or
relegation with no group to move into, and a game between players of different groups."""
from __future__ import annotations

import re
from dataclasses import replace

from keizer_xl.core.groups import cross_group_games, group_key, group_names, has_groups
from keizer_xl.core.model import Season
from keizer_xl.core.round_robin import RoundRobin
from keizer_xl.core.settings import ROUND_ROBIN_ALL, System
from keizer_xl.errors import Message, Problem
from keizer_xl.i18n import Translator, translate
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import find_columns, name_key
from keizer_xl.sheets.tables import Table


def _cells(table: Table | None, season: Season, column: str) -> dict[str, str]:
    """name -> the player's cell in ``column`` (the Name cell when there is no such column)."""
    out = {p.name: p.origin for p in season.players}
    if table is None:
        return out
    cols = find_columns(table, "Players", [])
    if "name" not in cols or column not in cols:
        return out
    keys = {name_key(p.name): p.name for p in season.players}
    for r, row in enumerate(table.rows):
        name = keys.get(name_key(row[cols["name"]])) if row[cols["name"]] is not None else None
        if name is not None:
            out[name] = table.cell(r, cols[column])
    return out


def near_duplicate(a: str, b: str) -> bool:
    """Two category spellings that are probably one category typed twice: equal but for case
    and spaces, or one word apart by a letter (``Jeugd`` / ``Jeugt``).  Words with digits
    (``U1500`` / ``U1800``) and short words (``Jeugd A`` / ``Jeugd B``) are real differences."""
    if a == b:
        return False
    if group_key(a) == group_key(b):
        return True
    wa, wb = a.casefold().split(), b.casefold().split()
    if len(wa) != len(wb):
        return False
    differ = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(differ) != 1:
        return False
    x, y = differ[0]
    if min(len(x), len(y)) < 4 or re.search(r"\d", x + y):
        return False
    import difflib  # only two names alike need it: ~1 ms of every run (issue 25)

    return difflib.SequenceMatcher(None, x, y).ratio() >= 0.75


def group_problems(season: Season, players_table: Table | None, setting_cells: dict[str, str],
                   tr: Translator) -> list[Problem]:
    """Every problem of the season's groups and categories, in the workbook's language."""
    out: list[Problem] = []
    group_cells = _cells(players_table, season, "group")
    if has_groups(season):
        for p in season.players:
            if not p.group.strip():
                out.append(Problem(group_cells[p.name], Message(
                    "{name} has no group while other players have one: give every player a "
                    "group, or leave the whole column empty", name=p.name)))
        for g in group_names(season):
            members = [p for p in season.players if group_key(p.group) == group_key(g)]
            if len(members) == 1:
                out.append(Problem(group_cells[members[0].name], Message(
                    "group {group} has only one player ({name}): a group is a competition of "
                    "its own and needs at least two", group=g, name=members[0].name)))
    s = season.settings
    groups = group_names(season)
    for key in ("promote", "relegate"):
        n = getattr(s, key)
        where = setting_cells.get(key) or schema.sheet_name("Settings", tr.lang)
        if n and len(groups) < 2:
            out.append(Problem(where, Message(
                "{setting} {n}: there is no group to move players into ({players} has {count} "
                "group(s); promotion and relegation need two or more)", setting=key, n=n,
                players=schema.sheet_name("Players", tr.lang), count=len(groups))))
        elif n and not any(b > 1 for b in s.periods) and not s.promote_at_season_end:
            out.append(Problem(where, Message(
                "{setting} {n}: players move at a period's end, but there are no periods (set "
                "periods, e.g. 1, 11, 21)", setting=key, n=n)))
    out.extend(_category_problems(season, players_table))
    out.extend(_round_robin_problems(season, players_table, setting_cells, tr))
    if not out:
        out.extend(_cross_group_problems(season, setting_cells, tr))
    return [Problem(p.where, translate(p.message, tr)) for p in out]


def _cross_group_problems(season: Season, setting_cells: dict[str, str],
                          tr: Translator) -> list[Problem]:
    """Games between groups.  With promotion and relegation, games between groups from some
    round r on that a period starting at round r would put inside one group (the moves made
    there) mean the ``periods`` setting is not the club's (a typo: ``1, 5, 50`` for
    ``1, 5, 9``).  Then ONE problem at the Settings cell of ``periods`` says so (issue 23),
    not a flood of problems at Results cells.  Any other game between groups (a wrong Group, a
    mistyped name) is a problem at its Results cell."""
    s = season.settings
    games = cross_group_games(season)
    if not games:
        return []
    start = min(g.round for g, _, _ in games)
    if (s.promote or s.relegate) and s.periods and start not in s.periods:
        fixed = replace(season, settings=replace(s, periods=tuple(sorted({*s.periods, start}))))
        left = cross_group_games(fixed)
        if len(left) * 2 < len(games):  # the boundary explains most of them
            first, gw, gb = min(games, key=lambda x: x[0].round)
            where = setting_cells.get("periods") or schema.sheet_name("Settings", tr.lang)
            return [Problem(where, Message(
                "periods {periods}: {count} game(s) in {results} from round {round} on are "
                "between players of different groups (the first: {white}, group {white_group}, "
                "against {black}, group {black_group}, at {cell}); players move between groups "
                "only at a period's first round: does a period start at round {round}? Check "
                "the periods setting", periods=", ".join(str(b) for b in s.periods),
                count=len(games), results=schema.sheet_name("Results", tr.lang), round=start,
                white=first.white, white_group=gw, black=first.black, black_group=gb,
                cell=first.origin))]
    return [Problem(g.origin, Message(
        "{white} (group {white_group}) and {black} (group {black_group}) play each "
        "other in round {round}: each group is its own competition", white=g.white,
        white_group=gw, black=g.black, black_group=gb, round=g.round))
        for g, gw, gb in games]


def _round_robin_problems(season: Season, players_table: Table | None,
                          setting_cells: dict[str, str], tr: Translator) -> list[Problem]:
    """``round_robin`` naming a group that does not exist; a player of a round-robin group
    who joins after its first round (its field is fixed: a late entrant cannot join)."""
    from keizer_xl.core.competition import Competition

    named = season.settings.round_robin
    if not named:
        return []
    groups = group_names(season)
    where = setting_cells.get("round_robin") or schema.sheet_name("Settings", tr.lang)
    out = [Problem(where, Message("round_robin {group}: there is no group {group} in {players} "
                                  "(groups: {groups})", group=g,
                                  players=schema.sheet_name("Players", tr.lang),
                                  groups=", ".join(groups) or "-"))
           for g in named if g != ROUND_ROBIN_ALL and group_key(g) not in map(group_key, groups)]
    if out:
        return out
    view = Competition(season)
    joined = _cells(players_table, season, "joined")
    for g in view.groups:
        if view.system(g) is not System.ROUND_ROBIN:
            continue
        rr = view.round_robin(g)
        out.extend(_off_table(season, rr))
        for p in season.players:
            if group_key(p.group) == group_key(g) and p.name not in rr.players:
                out.append(Problem(joined[p.name], Message(
                    "{name} joins in round {round}, after the round robin began in round "
                    "{first}: a late entrant cannot join a round robin (its pairings are fixed); "
                    "put him in another group, or let him join in round {first}",
                    name=p.name, round=p.joined, first=rr.first)))
    return out


def _off_table(season: Season, rr: RoundRobin) -> list[Problem]:
    """A game of the round robin's players that its table does not hold in that round (a
    postponed game typed under the evening it was played, a changed Start order)."""
    field = set(rr.players)
    rounds: dict[frozenset[str], list[int]] = {}
    for k, pairs in enumerate(rr.table()):
        for w, b in pairs:
            rounds.setdefault(frozenset((w, b)), []).append(rr.first + k)
    return [Problem(g.origin, Message(
        "{white} - {black} is not a game of round {round} of the round robin (its round: "
        "{own}); a postponed game is typed under its own round", white=g.white, black=g.black,
        round=g.round, own=", ".join(map(str, rounds.get(frozenset((g.white, g.black)), [])))))
        for g in season.games if g.white in field and g.black in field and rr.plays(g.round)
        and g.round not in rounds.get(frozenset((g.white, g.black)), [])]


def _category_problems(season: Season, players_table: Table | None) -> list[Problem]:
    cells = _cells(players_table, season, "category")
    count: dict[str, int] = {}
    first: dict[str, str] = {}
    for p in season.players:
        for c in p.categories:
            count[c] = count.get(c, 0) + 1
            first.setdefault(c, p.name)
    out: list[Problem] = []
    spellings = list(count)
    reported: set[str] = set()
    for i, a in enumerate(spellings):
        for b in spellings[i + 1:]:
            if not near_duplicate(a, b):
                continue
            # the rarer spelling is the slip (on a tie: the later one)
            rare, common = (a, b) if count[a] < count[b] else (b, a)
            if rare in reported:
                continue
            reported.add(rare)
            out.append(Problem(cells[first[rare]], Message(
                "category {typed!r} ({name}) looks like {other!r} ({n} players): a typing slip? "
                "Write one spelling", typed=rare, name=first[rare], other=common,
                n=count[common])))
    return out
