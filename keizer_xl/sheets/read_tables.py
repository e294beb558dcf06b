"""Three of the four input tables read one by one into the season model: Settings, Players,
Results (WORKBOOK-CONTRACT.md; Attendance is :mod:`.read_attendance`'s); and the
:class:`PlayerNames` every table after Players looks its names up in.  Every problem is added
to the caller's list with its ``Sheet!Cell``; :func:`keizer_xl.sheets.read.read_season`
raises them together."""
from __future__ import annotations

import datetime as _dt
import functools
import re
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from keizer_xl.core.model import Bye, Game, Player, Result, parse_result
from keizer_xl.core.rules import build_settings, check_key, parse_setting
from keizer_xl.core.setting_values import MAX_RATING, MAX_ROUND
from keizer_xl.core.settings import Settings
from keizer_xl.errors import Problem, ResultError, SettingError, UnknownSettingError
from keizer_xl.i18n import Translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.read_names import (
    ENGLISH_TR,
    REQUIRED,
    cell_text,
    did_you_mean_in,
    find_columns,
    normalised,
    empty_cell,
    name_key,
    next_column,
    round_number,
    setting_message,
    cell_int,
)
from keizer_xl.sheets.tables import Table


@dataclass
class PlayerNames:
    """Player lookup that forgives case and spacing but reports unknown names."""

    players: dict[str, str]  # casefolded -> name as in Players

    tr: Translator = ENGLISH_TR
    # each spelling found once: a season names its players thousands of times (issue 25)
    _found: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def resolve(self, raw: Any, where: str | Callable[[], str],
                problems: list[Problem]) -> str | None:
        """The name as in Players; ``where`` (the cell, or a function that names it: a cell is
        only named for a problem) is where an unknown name is reported."""
        if type(raw) is str:
            known = self._found.get(raw)
            if known is not None:
                return known
        text = cell_text(raw)
        name = self.players.get(name_key(text))
        if name is not None and type(raw) is str:
            self._found[raw] = name
        if name is None:
            problems.append(Problem(where if isinstance(where, str) else where(), self.tr(
                "{text!r} is not in {players}", text=text,
                players=schema.sheet_name("Players", self.tr.lang))
                + did_you_mean_in(text, self.players.values(), self.tr)))
        return name


def read_settings(table: Table | None, problems: list[Problem],
                  origins: dict[str, str] | None = None,
                  code_origins: dict[str, str] | None = None,
                  tr: Translator = ENGLISH_TR) -> Settings:
    """The Settings sheet; ``origins`` (when given) receives the Value cell of each setting,
    ``code_origins`` the cell of each club code's row."""
    if table is None:
        return Settings()
    cols = find_columns(table, "Settings", problems, tr)
    if "setting" not in cols or "value" not in cols:
        return Settings()
    ki, vi = cols["setting"], cols["value"]
    pairs: list[tuple[str, Any]] = []
    origin: dict[str, str] = {}
    for r, row in enumerate(table.rows):
        key, value = row[ki], row[vi]
        if empty_cell(key):
            if not empty_cell(value):
                problems.append(Problem(table.cell(r, ki), tr("value {value!r} has no setting name",
                                                               value=value)))
            continue
        if str(key).strip().startswith("#"):
            continue  # a comment row
        if empty_cell(value):
            # an empty value means "the preset's value" (the template lists the common keys
            # empty, so changing the preset changes them); the key must still be a setting
            try:
                check_key(str(key))
            except SettingError as e:
                problems.append(Problem(table.cell(r, ki), setting_message(e, tr)))
            continue
        try:
            field_name, parsed = parse_setting(str(key), value)
        except SettingError as e:
            unknown = isinstance(e, UnknownSettingError)  # at the name's cell, else the value's
            where = table.cell(r, ki) if unknown else table.cell(r, vi)
            problems.append(Problem(where, setting_message(e, tr) if unknown
                                    else f"{cell_text(key)}: {setting_message(e, tr)}"))
            continue
        # a setting (or club code) given twice is ambiguous: name both cells, use neither
        what = f"code {parsed[0]}" if field_name == "codes" else field_name
        if what in origin and field_name not in ("fixed", "forbidden"):
            problems.append(Problem(table.cell(r, ki), tr("{setting} is set twice (also at {where})",
                                                          setting=what, where=origin[what])))
            continue
        origin[what] = table.cell(r, ki)
        origin.setdefault(field_name, table.cell(r, ki))
        if field_name == "codes" and code_origins is not None:
            code_origins[parsed[0]] = table.cell(r, ki)
        pairs.append((field_name, parsed))
        if origins is not None:
            origins.setdefault(field_name, table.cell(r, vi))
    try:
        return build_settings(pairs)
    except SettingError as e:
        where = origin.get(e.key) or next((origin[k] for k in ("win", "draw", "loss", "forfeit_win",
                                                               "forfeit_loss", "preset")
                                           if k in origin), f"{table.sheet}!A1")
        problems.append(Problem(where, setting_message(e, tr)))
        return Settings()


#: MAX_RATING (core.rules): a rating above it is a typing slip; import refuses it likewise.

#: ``Status`` ``withdrawn`` without a round: resolved by
#: :func:`keizer_xl.sheets.read_checks.resolve_bare_withdrawals`.
BARE_WITHDRAWN = -1


def _value(row: tuple[Any, ...], cols: dict[str, int], key: str) -> Any:
    """The row's value in the column ``key`` (None when the table has no such column)."""
    return row[cols[key]] if key in cols else None


def _cell_ref(table: Table, r: int, cols: dict[str, int], key: str) -> str:
    """Sheet!Cell of the row's column ``key``."""
    return table.cell(r, cols[key])


def read_players(table: Table, problems: list[Problem],
                 joined_cells: dict[str, str] | None = None,
                 status_cells: dict[str, str] | None = None,
                 tr: Translator = ENGLISH_TR) -> list[Player]:
    """The Players sheet.  ``joined_cells`` (when given) receives, for every player whose
    ``Joined`` is empty, the cell to fill in (late-entrant warning, issue 11);
    ``status_cells`` the Status cell of every player marked ``withdrawn`` without a round."""
    cols = find_columns(table, "Players", problems, tr)
    if "name" not in cols:
        return []
    players: list[Player] = []
    seen: dict[str, str] = {}
    starts: dict[int, str] = {}
    for r, row in enumerate(table.rows):
        if all(empty_cell(v) for v in row):
            continue
        get = functools.partial(_value, row, cols)
        cell = functools.partial(_cell_ref, table, r, cols)
        raw_name = get("name")
        if empty_cell(raw_name):
            problems.append(Problem(cell("name"), tr("this row has data but no name")))
            continue
        name = cell_text(raw_name)
        if name_key(name) in seen:
            problems.append(Problem(cell("name"), tr("{name!r} appears twice (also at {where})",
                                                      name=name, where=seen[name_key(name)])))
            continue
        seen[name_key(name)] = cell("name")
        rating = None
        if not empty_cell(get("rating")):
            rating = cell_int(get("rating"))
            if rating is None or rating < 0 or rating > MAX_RATING:
                problems.append(Problem(cell("rating"), tr("{value!r} is not a rating (a whole number)",
                                                            value=get("rating"))))
                rating = None
        start = None
        if not empty_cell(get("start")):
            start = cell_int(get("start"))
            if start is None or start < 1:
                problems.append(Problem(cell("start"), tr("{value!r} is not a start place (1, 2, ...)",
                                                           value=get("start"))))
                start = None
            elif start in starts:
                problems.append(Problem(cell("start"), tr("start place {start} is also {name}'s",
                                                           start=start, name=starts[start])))
            else:
                starts[start] = name
        joined = 1
        if not empty_cell(get("joined")):
            j = round_number(get("joined"))  # 3, '3', 'R3', 'Ronde 3'
            if j is None or j < 1 or j > MAX_ROUND:
                problems.append(Problem(cell("joined"), tr("{value!r} is not a round number "
                                                            "(1 to {max_round})",
                                                            value=get("joined"), max_round=MAX_ROUND)))
            else:
                joined = j
        elif joined_cells is not None:
            joined_cells[name] = (cell("joined") if "joined" in cols else
                                  f"{table.sheet}!{next_column(table)}1 (a new Joined column)")
        withdrawn = None
        if not empty_cell(get("status")):
            status = normalised(get("status"))
            m = re.fullmatch(
                r"(withdrawn|teruggetrokken|zurückgezogen|zurueckgezogen|retiré|retire)"
                r"(?:\s+(?:from\s+|vanaf\s+|ab\s+)?(?:round\s+|ronde\s+|runde\s+|r)?(\d+))?",
                status,
            )
            if status in ("active", "actief", "aktiv", "actif"):
                pass
            elif m and m.group(2):
                withdrawn = int(m.group(2)) if len(m.group(2)) <= 6 else MAX_ROUND + 1
                if withdrawn < 1 or withdrawn > MAX_ROUND:
                    problems.append(Problem(cell("status"), tr(
                        "the withdrawal round must be between 1 and {max_round}",
                        max_round=MAX_ROUND)))
                    withdrawn = None
            elif m:
                # 'withdrawn' alone (the template's dropdown choice): from the round after his
                # last round in Results, decided once Results is read (docs/reading-rules.md)
                withdrawn = BARE_WITHDRAWN
                if status_cells is not None:
                    status_cells[name] = cell("status")
            else:
                problems.append(Problem(cell("status"), tr(
                    "{value!r} is not a status (active, or withdrawn R)", value=get("status"))))
        players.append(Player(
            name=name, rating=rating, start=start, joined=joined, withdrawn_round=withdrawn,
            club=cell_text(get("club")) if not empty_cell(get("club")) else "",
            id=cell_text(get("id")) if not empty_cell(get("id")) else "", origin=cell("name"),
            group=_optional_text(get("group")),
            categories=_categories(get("category")),
            sex=_optional_text(get("sex")), birth=_optional_text(get("birth")),
            federation=_optional_text(get("federation")),
            fide_id=_optional_text(get("fide_id")), knsb_id=_optional_text(get("knsb_id"))))
    return players


def _optional_text(value: Any) -> str:
    """A free-text Players cell ('' when blank); a date cell as YYYY/MM/DD (TRF's form)."""
    if empty_cell(value):
        return ""
    if hasattr(value, "strftime"):
        return str(value.strftime("%Y/%m/%d"))
    return cell_text(value)


def _categories(value: Any) -> tuple[str, ...]:
    """``Jeugd, Dames``: several categories per player (issue 18), in the order typed."""
    if empty_cell(value):
        return ()
    parts = (p.strip() for p in re.split(r"[,;]", cell_text(value)))
    return tuple(dict.fromkeys(p for p in parts if p))


#: the bye in a Results cell, read in every language (issue 26): English bye, Dutch vrij (and
#: vrijgeloot), German spielfrei, French exempt, as the dropdown and the instructions show them
BYE_WORDS = ("bye", "vrij", "vrijgeloot", "spielfrei", "exempt")


def read_result(raw: Any, tr: Translator) -> Result | str:
    """A Result cell's result, or what is wrong with it, said the same on Results and on a
    typed-on Pairings sheet: a date Excel made of it (``1-0`` typed into a General cell reads
    as 1 January), not a result, a formula without its value."""
    if isinstance(raw, (_dt.datetime, _dt.date)):
        return tr("{date} is a date: Excel changed what was typed; format the Result column as "
                  "Text and type the result again", date=str(raw))
    try:
        return parse_result(raw)
    except ResultError as e:
        message = tr(e.msgid, **e.params)
        if isinstance(raw, str) and raw.lstrip().startswith("="):
            message += "; " + tr(
                "if this is a formula, its value is not stored in the file (last saved by a "
                "program that does not calculate): open and save the workbook in Excel or "
                "LibreOffice, or type the result")
        return message


def read_results(table: Table | None, names: PlayerNames, problems: list[Problem],
                 tr: Translator = ENGLISH_TR) -> tuple[list[Game], list[Bye]]:
    if table is None:
        return [], []
    cols = find_columns(table, "Results", problems, tr)
    if any(c not in cols for c in REQUIRED["Results"]):
        return [], []
    games: list[Game] = []
    byes: list[Bye] = []
    # what repeats on a season's thousand rows is worked out once (issue 25: read_results
    # took 6 ms of a 60 x 35 standings): a Result's text (parse_result), the bye test of a
    # Black cell's text, a name's spelling; every cell is read as before, a cell's address
    # made only where a game or bye keeps it or a problem names it
    round_at, white_at, black_at, result_at = (cols[k] for k in ("round", "white", "black", "result"))
    bi = cols.get("board")
    results: dict[str, Any] = {}
    bye_forms = (*BYE_WORDS, "-")

    @functools.cache
    def bye_black(raw: Any) -> bool:
        return normalised(raw) in bye_forms and name_key(raw) not in names.players

    @functools.cache
    def bye_result(raw: Any) -> bool:
        return normalised(raw) in BYE_WORDS

    cell_at = table.cell
    found = names._found  # a spelling resolve has seen: looked up here, no call made for it
    for r, row in enumerate(table.rows):
        for v in row:  # an empty row is skipped (a loop: no generator made per row)
            if not empty_cell(v):
                break
        else:
            continue
        rnd_raw = row[round_at]
        rnd = round_number(rnd_raw)
        if rnd is None or rnd < 1:
            problems.append(Problem(cell_at(r, round_at), tr("{value!r} is not a round number",
                                                              value=rnd_raw)))
            continue
        if rnd > MAX_ROUND:  # never let a typing slip size a list (1e9 was a MemoryError)
            problems.append(Problem(cell_at(r, round_at), tr(
                "round {round} is beyond {max_round}: a typing slip?", round=rnd, max_round=MAX_ROUND)))
            continue
        board = None
        if bi is not None and not empty_cell(row[bi]):
            board = cell_int(row[bi])
            if board is None or not 1 <= board <= MAX_ROUND:
                problems.append(Problem(cell_at(r, bi), tr("{value!r} is not a board number",
                                                            value=row[bi])))
                board = None
        white_raw = row[white_at]
        if empty_cell(white_raw):
            problems.append(Problem(cell_at(r, white_at), tr(
                "no {white} player", white=schema.header("Results", "white", tr.lang))))
            continue
        white = found.get(white_raw) if type(white_raw) is str else None  # as resolve finds it
        if white is None:
            white = names.resolve(white_raw, functools.partial(cell_at, r, white_at), problems)
        raw_result = row[result_at]
        black_raw = row[black_at]
        # a name that is in Players is that player, even 'Bye' or 'Vrij' (issue 11)
        if empty_cell(black_raw) or bye_black(black_raw):
            bye_word = not empty_cell(raw_result) and bye_result(raw_result)
            if bye_word or (not empty_cell(black_raw) and empty_cell(raw_result)):
                if white:
                    byes.append(Bye(rnd, white, cell_at(r, white_at)))
            else:
                problems.append(Problem(cell_at(r, black_at), tr(
                    "no {black} player: for a bye write 'bye' in {result} and leave {black} empty",
                    black=schema.header("Results", "black", tr.lang),
                    result=schema.header("Results", "result", tr.lang))))
            continue
        black = found.get(black_raw) if type(black_raw) is str else None
        if black is None:
            black = names.resolve(black_raw, functools.partial(cell_at, r, black_at), problems)
        result = results.get(raw_result) if type(raw_result) is str else None
        if result is None:
            result = read_result(raw_result, tr)
            if isinstance(result, str):
                problems.append(Problem(cell_at(r, result_at), result))
                continue
            if type(raw_result) is str:
                results[raw_result] = result
        if white and black:
            games.append(Game(rnd, white, black, result, board, cell_at(r, result_at)))
    return games, byes

