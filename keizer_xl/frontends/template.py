"""The empty season workbook that ``keizer-xl new BOOK`` creates.

Sheets, in this order: ``Instructions``, ``Settings``, ``Players``, ``Attendance``, ``Results``
(names and headers as in WORKBOOK-CONTRACT.md; ``language`` only changes the instructions).
Every input sheet holds an Excel Table that starts at A1 with its header in row 1 and at least
one (empty) data row, because a table must have one; :class:`~keizer_xl.clients.xlsx.FileBook`
reads an empty data row as no rows, and its ``append_rows`` fills that row first.

Dropdowns use the *information* error style (issue 16): a spelling outside the list that the
engine reads (a club's own absence code, ``withdrawn 7``, ``teruggetrokken 3``, ``1/2-1/2``,
``remise``, ``r``) is kept with one OK, never refused, and Excel does not warn as if it were
wrong; ``check`` names anything the engine cannot read.  The Attendance list offers one letter
per absence kind in the workbook's language (``A``/``Z``/``T``/``N`` in Dutch); E, U, C and L
are read in every language and the instructions say so.  Cells for results, absence codes and
settings values are formatted as text so Excel does not turn ``1/2`` or ``2/3`` into a date.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping

from keizer_xl.core.model import BUILTIN_CODES, Result
from keizer_xl.core.settings import CHOICES, LANGUAGES, Settings
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.core.rules import describe
from keizer_xl.core.presets import PRESETS
from keizer_xl.sheets import schema
from keizer_xl.sheets.tables import column_letter

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.datavalidation import DataValidation
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["build_template", "template_workbook", "SHEET_ORDER", "INPUT_HEADERS",
           "DEFAULT_SETTINGS", "RESULT_CHOICES", "result_choices", "ADDED_SETTINGS",
           "added_setting_comment", "ABSENCE_CHOICES", "STATUS_CHOICES", "put_value"]

SHEET_ORDER = ("Instructions", *schema.INPUT_SHEETS)

#: The columns of the input tables the template shows (schema.py has more Players columns:
#: group, category and the rating report's, typed by the clubs that need them).
_TEMPLATE_COLUMNS = {"Players": ("name", "rating", "start", "joined", "status", "club", "id")}

#: The English headers of the input tables (Attendance gets R1..R<rounds> after Name).
INPUT_HEADERS = {kind: tuple(schema.header(kind, key, "en")
                             for key in _TEMPLATE_COLUMNS.get(kind, tuple(schema.COLUMNS[kind])))
                 for kind in schema.INPUT_SHEETS}

#: Every result that can be typed (core.model.Result, without "being played" and "pending").
RESULT_CHOICES = (*tuple(r.value for r in Result if r.has_result), "bye")
#: The Dutch forfeits as the Dutch instructions teach them (reglementair: 1-0R, issue 26); the
#: reader takes 1-0F too (core/model.py)
_FORFEITS = {"nl": {"1-0F": "1-0R", "0-1F": "0-1R", "0-0F": "0-0R"}}


def result_choices(language: str = "en") -> tuple[str, ...]:
    """The Results dropdown in ``language``: the results as the instructions teach them and the
    bye in the language's word (Dutch ``vrij``, German ``spielfrei``; every word is read in
    every language, sheets/read_tables.BYE_WORDS)."""
    from keizer_xl.i18n import translator

    forfeits = _FORFEITS.get(language, {})
    return (*tuple(forfeits.get(r, r) for r in RESULT_CHOICES[:-1]), translator(language).gettext("bye"))
ABSENCE_CHOICES = tuple(BUILTIN_CODES)

#: (setting, value, comment): ``preset`` and ``season``, then the common settings with an EMPTY
#: value, which means "the preset's value": changing the preset changes them all, and typing a
#: value overrides the preset for that setting only.  The comment is a catalog id; the sheet
#: shows it after the default preset's value (:func:`setting_comment`, read from rules.py), and
#: ``{presets}`` / ``{choices}`` are the presets and a choice setting's words (rules.py).
DEFAULT_SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("preset", Settings().preset, ("{presets}; a value typed below overrides the preset for that "
                                  "setting, an empty value keeps it")),
    ("season", "", "a name for the season, e.g. 2025-2026"),
    ("top_value", "", ("Value of the player in first place: a number, or N, 1.5N, 2N, ratio 3 "
                      "(N = number of players)")),
    ("value_step", "", "Each next place is worth this much less"),
    ("own_value", "", "Own value added to the total: {choices}"),
    ("recalculation", "", "Values used for the points: {choices}"),
    ("bye", "", "Points for the bye, as a share of the own value (or '20 points')"),
    ("absence_excused", "", "E: excused absence"),
    ("absence_unexcused", "", "U: unexcused absence"),
    ("absence_club", "", "C: absent on club duty"),
    ("absence_late", "", "L: rounds before the player joined"),
    ("tiebreak", "", "Order of tie-breaks (also name)"),
    ("pairing", "", "Pairing rule: {choices}"),
    ("rematch_gap", "", "Rounds between two meetings of the same players"),
    ("colours", "", "Colour rule: {choices}"),
    # the club's year (issue 18, docs/club-year.md, docs/groups.md)
    ("periods", "", ("Each period's first round, e.g. 1, 11, 21: every period is also a "
                    "competition of its own, on a sheet of its own")),
    ("period_scoring", "", ("A period's own ranking: keizer, or match points win/draw/loss such "
                           "as 6/3/1")),
    ("promote", "", "With a Group column (A, B): this many move up at the end of each period"),
    ("relegate", "", "With a Group column: this many move down at the end of each period"),
    ("promote_at_season_end", "", ("yes: promote and relegate also once the season is over, "
                                  "for the groups new-season starts next season with")),
    ("min_games", "", "Fewer games than this: listed after the final table, without a rank"),
    ("attendance_default", "", ("{choices}: absent means players sign up per round (a mark "
                               "such as x or + in the round's column)")),
    ("bye_choice", "", "Who gets the bye: {choices}"),
    ("bye_first_evening", "", "no: a new player gets no bye on his first evening"),
)


def put_value(ws: Worksheet, row: int, column: int, value: object) -> Any:
    """Put ``value`` in a cell of an openpyxl sheet the way every workbook write does
    (:func:`keizer_xl.sheets.cells.cell_value`, and the data type "s" forced for text, as
    :mod:`keizer_xl.clients.xlsx.cells` stores the weekly commands' cells): a name or a
    setting ``=HYPERLINK(...)`` or ``=cmd|' /C calc'!A0`` stays text, never a formula
    (openpyxl's own ``cell.value = "=..."`` makes it one); control characters a workbook
    cannot hold are dropped.  Returns the cell."""
    from keizer_xl.sheets.cells import cell_value

    converted = cell_value(value)
    cell = ws.cell(row=row, column=column)
    if converted is None:
        cell.value = None
    elif isinstance(converted, str):
        cell.value = converted
        cell.data_type = "s"
    else:
        cell.value = converted
    return cell


def setting_comment(key: str, comment: str, language: str = "en",
                    preset: str | None = None) -> str:
    """A Settings row's comment in ``language``: ``preset``'s value (default: the default
    preset's; rules.py), then the text, with the presets and the setting's choices filled in
    (issue 26: an import under ``preset kfc`` explains kfc's values, not keizer's)."""
    from keizer_xl.core.rules import build_settings
    from keizer_xl.i18n import translator

    tr = translator(language)
    choice = CHOICES.get(key)
    text = tr(comment, presets=", ".join(PRESETS),
              choices=", ".join(choice) if choice is not None else "")
    if key in ("preset", "season"):
        return text
    settings = build_settings([("preset", preset)]) if preset else Settings()
    defaults = dict(describe(settings))
    if key not in defaults:
        return text
    return tr("{preset}: {value}. {text}", preset=settings.preset, value=defaults[key],
              text=text)


#: The explanation of a Settings row an import adds below the template's rows (issue 26):
#: every key an import writes (formats/kfc.py, formats/trf_read.py) that the template has no row for
ADDED_SETTINGS: dict[str, str] = {
    "city": "the city where the tournament is played (the rating report's line 022)",
    "arbiter": "the arbiter (the rating report's line 102)",
    "time_control": "the time control (the rating report's line 122)",
    "round_dates": "the date of each round, in order (the rating report's line 132)",
    "withdrawn_opponent": "a game against a player who has withdrawn: this share of the own "
                          "value",
    "withdrawn_opponent_result": "yes: a game against a player who has withdrawn scores the "
                                 "share above times the result's share",
    "withdrawn_opponent_forfeit_as_loss": "yes: against a player who has withdrawn, every "
                                          "result but a win or a draw scores as a loss",
    "loss": "Points for a lost game, as a share of the opponent's value",
    "win": "Points for a won game, as a share of the opponent's value",
    "draw": "Points for a draw, as a share of the opponent's value",
    "forfeit_win": "Points for a forfeit win, as a share of the opponent's value",
    "forfeit_loss": "Points for a forfeit loss, as a share of the opponent's value",
}
#: a club code row (``code X``)
ADDED_CODE = "{code}: a club's own absence code, worth this share of the own value"


def added_setting_comment(key: str, language: str = "en", preset: str | None = None) -> str:
    """The comment of a Settings row an import adds (:data:`ADDED_SETTINGS`), in
    ``language``, with ``preset``'s value where the preset has one; "" for a key not listed."""
    from keizer_xl.i18n import translator

    if key.casefold().startswith("code "):
        return translator(language)(ADDED_CODE, code=key.split(None, 1)[1])
    comment = ADDED_SETTINGS.get(key)
    return setting_comment(key, comment, language, preset) if comment else ""


#: The Players Status dropdown in each language (the reader accepts every one of them).
STATUS_WORDS = {"en": ("active", "withdrawn"), "nl": ("actief", "teruggetrokken"),
                "de": ("aktiv", "zurückgezogen"), "fr": ("actif", "retiré")}
STATUS_CHOICES = STATUS_WORDS["en"]

#: The Instructions sheet: English message ids translated through the catalog
#: (keizer_xl/i18n/locale); {Sheet} and {Column} fields are filled with the workbook
#: language's names from sheets/schema.py, so the text names the sheets as the tabs do.
_INSTRUCTIONS = (
    "Keizer competition - how to use this workbook",
    "",
    "Before the season",
    ("1. {Settings}: the preset keizer gives Keizer's own rules. An empty {Value} keeps the "
    "preset's value; type a value only where your club plays differently. A club's own absence "
    "code X is a row 'code X' with a value such as 1/2 or '20 points'. Setting names stay in "
    "English; club, season and language name the club, the season and this workbook's language."),
    ("2. {Players}: one row per player: {Name} (unique), {Rating}, {Start} (starting place, "
    "optional), {Joined} (first round, default 1), {Status} ({active}, or '{withdrawn} R' from "
    "round R), {Club}, {Id}."),
    "",
    "Every club evening",
    ("3. {Attendance}: the column of the round (R1, R2, ...) stays empty for a player who is "
    "present. Otherwise type {codes} or a code defined in {Settings}."),
    ("4. Pair the round: run  keizer-xl pair club.xlsx  (or, in a workbook with buttons, press "
    "{pair_button}). The pairing "
    "appears on the sheet {Pairings}, and the games are added to {Results} with an empty result."),
    ("5. {Results}: type each result in the {Result} column: 1-0, 0-1, \u00bd-\u00bd (also "
    "1/2-1/2, 1:0, remise), forfeits 1-0F, 0-1F, 0-0F, adj for an adjourned game. Leave it empty "
    "until the game is played. The bye is a row with the player as {White}, {Black} empty and "
    "{Result} bye."),
    ("6. {Standings}: run  keizer-xl standings club.xlsx  (or, in a workbook with buttons, press "
    "{standings_button})."),
    "",
    "Good to know",
    ("- The sheets {Standings}, {Pairings}, {History}, {Crosstable}, {Explain} and {Compare} are "
    "written by the program and replaced every time: do not type in them."),
    "- keizer-xl check club.xlsx lists every problem with its sheet and cell.",
    ("- Optional columns in {Players}: {Group} (an A and a B group, each its own competition) and "
    "{Category} (sub-standings such as youth; several separated by commas); periods and house "
    "rules are rows in {Settings}."),
    ("- Each time the program saves, the previous version is kept in the folder .keizer-backups "
    "beside the workbook (the last five)."),
    "- Close the workbook in Excel or LibreOffice before running keizer-xl on it.",
)

#: What each attendance letter means (message ids; the letters of a language from schema.py).
CODE_MEANINGS = BUILTIN_CODES


def absence_choices(language: str = "en") -> tuple[str, ...]:
    """The Attendance dropdown: one letter per absence kind (excused, unexcused, club duty, not
    yet a member), the language's own letter where it has one (schema.py), else E, U, C, L."""
    from keizer_xl.sheets.schema import code_letters

    own = {code: letter for letter, code in code_letters(language).items()}
    return tuple(own.get(code, code) for code in ABSENCE_CHOICES)


def codes_text(language: str = "en") -> str:
    """'A (afgemeld), Z (zonder bericht), ...' in ``language``: the letters of the dropdown,
    then the built-in letters the language does not offer, which are read too."""
    from keizer_xl.i18n import translator

    tr = translator(language)
    offered = absence_choices(language)
    parts = [f"{letter} ({tr(CODE_MEANINGS[code])})" for letter, code in zip(offered, ABSENCE_CHOICES)]
    text = ", ".join(parts)
    also = [c for c in ABSENCE_CHOICES if c not in offered]
    if also:
        text += " " + tr("(also {letters})", letters=", ".join(also))
    return text


def instruction_lines(language: str = "en") -> tuple[str, ...]:
    """The Instructions sheet's lines in ``language``."""
    from keizer_xl.i18n import translator
    from keizer_xl.sheets import schema

    tr = translator(language)
    names = {kind: schema.sheet_name(kind, language) for kind in schema.SHEETS}
    for kind in ("Players", "Results", "Settings"):
        names.update({key.capitalize() if key != "id" else "Id": name
                      for key, name in schema.headers(kind, language).items()})
    active, withdrawn = STATUS_WORDS[language]
    # the buttons as the Excel Start sheet and the LibreOffice buttons caption them
    fields = dict(names, codes=codes_text(language), active=active, withdrawn=withdrawn,
                  pair_button=tr("Pair next round"), standings_button=tr("Update standings"))
    return tuple(tr(line, **fields) if line else "" for line in _INSTRUCTIONS)


#: Rows covered by the dropdowns and text formats (far more than a season needs).
MAX_PLAYERS = 500
MAX_RESULT_ROWS = 2000
#: as many round columns as a workbook may have rounds (core.setting_values.MAX_ROUND): ``import`` of a
#: file with 500 rounds gets 500 Attendance columns (issue 22), never fewer
MAX_ROUNDS = MAX_ROUND
TABLE_STYLE = "TableStyleMedium2"
TEXT = "@"


def template_workbook(*, rounds: int = 40, language: str = "en") -> Workbook:
    """The season template as an openpyxl Workbook (for :func:`build_template` and samples)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")

    from keizer_xl.sheets import schema
    from keizer_xl.sheets.layout import SHEET_FONT

    wb = Workbook()
    ws = wb.worksheets[0]
    ws.title = schema.sheet_name("Instructions", language)
    lines = instruction_lines(language)
    wrap = Alignment(wrap_text=True, vertical="top")
    for i, line in enumerate(lines, 1):
        cell = ws.cell(row=i, column=1, value=line)
        cell.data_type = "s"
        cell.alignment = wrap
        if i == 1:
            cell.font = Font(name=SHEET_FONT, bold=True, size=14)
        elif line and not line[0].isdigit() and not line.startswith("-"):
            cell.font = Font(name=SHEET_FONT, bold=True)  # a named sans font: not serif in print
        # a wrapped line gets the height of its lines: neither Excel nor LibreOffice sizes
        # the rows of a file they did not write, so long lines would print over each other
        # (issue 16 item 4)
        ws.row_dimensions[i].height = _instruction_height(line, i == 1)
    ws.column_dimensions["A"].width = INSTRUCTIONS_WIDTH
    ws.sheet_view.showGridLines = False
    # one A4 page wide, portrait, at 100 % (66 characters: measured in LibreOffice renders)
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    from openpyxl.worksheet.properties import PageSetupProperties

    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)

    _settings_sheet(wb, language)
    _players_sheet(wb, language)
    _attendance_sheet(wb, rounds, language)
    _results_sheet(wb, language)
    wb.active = 0
    wb.properties.title = lines[0]
    return wb


#: the Instructions column, in characters: one portrait A4 page wide at a readable scale
INSTRUCTIONS_WIDTH = 66


def _instruction_height(line: str, title: bool) -> float:
    """Points for one Instructions row: as many 11 pt lines as the text wraps into (a
    Calibri character is about 0.9 of the width unit; 15 % slack for word breaks)."""
    import math

    if title:
        return 21.0
    per_line = INSTRUCTIONS_WIDTH / 0.9 * 0.85
    return 15.0 * max(1, math.ceil(len(line) / per_line))


def build_template(path: str | os.PathLike[str], *, rounds: int = 40, language: str = "en",
                   overwrite: bool = True) -> Path:
    """Create a new season workbook at ``path`` (.xlsx), written atomically.

    An existing file is replaced and kept in ``.keizer-backups/`` (the CLI asks for ``--force``
    first); with ``overwrite=False`` an existing file is refused instead.
    """
    from keizer_xl.clients.files import WorkbookFileError
    from keizer_xl.clients.xlsx import write_new_workbook

    target = Path(path)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookFileError(
            f"{path}: a new season workbook is created as .xlsx (an .xlsm needs a macro project; "
            f"create the .xlsx and add the macros, see macros/).")
    if target.exists() and not overwrite:
        raise WorkbookFileError(f"{path} already exists; choose another name (nothing was written).")
    wb = template_workbook(rounds=rounds, language=language)
    write_new_workbook(wb, target, backup=overwrite)
    return target


# --------------------------------------------------------------------------- the sheets


def _input_table(ws: Worksheet, name: str, headers: tuple[str, ...],
                 rows: list[tuple[Any, ...]] | None = None,
                 *, widths: Mapping[str, float], text_columns: tuple[str, ...] = ()) -> None:
    """Header in row 1 from A1, the rows (or one empty row), an Excel Table over them."""
    from openpyxl.worksheet.table import Table, TableStyleInfo

    rows = rows or []
    for j, header in enumerate(headers, 1):
        ws.cell(row=1, column=j, value=header)
    for i, row in enumerate(rows or [()], 2):
        for j, header in enumerate(headers, 1):
            value = row[j - 1] if j - 1 < len(row) else None
            cell = ws.cell(row=i, column=j)
            if header in text_columns:
                cell.number_format = TEXT
            if value not in (None, ""):
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"
    last_row = 1 + max(len(rows), 1)
    ref = f"A1:{column_letter(len(headers))}{last_row}"
    table = Table(displayName=f"tbl{name}", ref=ref)
    table.tableStyleInfo = TableStyleInfo(name=TABLE_STYLE, showRowStripes=True,
                                          showColumnStripes=False, showFirstColumn=False,
                                          showLastColumn=False)
    ws.add_table(table)
    for j, header in enumerate(headers, 1):
        dim = ws.column_dimensions[column_letter(j)]
        dim.width = widths.get(header, max(8.0, len(header) + 4.0))
        if header in text_columns:  # new cells typed in the column are text too
            dim.number_format = TEXT
    ws.freeze_panes = "A2"


def _dropdown(ws: Worksheet, choices: tuple[str, ...], sqref: str, *, prompt: str, title: str,
              language: str = "en") -> DataValidation:
    from openpyxl.worksheet.datavalidation import DataValidation

    from keizer_xl.i18n import translator

    # information style: OK keeps what was typed (the engine reads more spellings than the
    # list shows; check names what it cannot read), so Excel never calls a valid entry wrong
    error = translator(language).gettext(
        "Not in the list ({choices}). OK keeps it: the program also reads other spellings "
        "(see the instructions), and its check names any cell it cannot read.",
        choices=", ".join(choices))
    dv = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
                        showDropDown=False, showErrorMessage=True, errorStyle="information",
                        errorTitle=title, error=error,
                        promptTitle=title, prompt=prompt, showInputMessage=True)
    dv.add(sqref)
    ws.add_data_validation(dv)
    return dv


def _localised(kind: str, language: str) -> tuple[str, dict[str, str]]:
    """The sheet's name and English header -> header in ``language`` (schema.py)."""
    from keizer_xl.sheets import schema

    names = {schema.header(kind, key, "en"): schema.header(kind, key, language)
             for key in schema.COLUMNS[kind]}
    return schema.sheet_name(kind, language), names


def _settings_sheet(wb: Workbook, language: str = "en") -> None:
    from keizer_xl.i18n import translator

    tr = translator(language)
    title, h = _localised("Settings", language)
    ws = wb.create_sheet(title)
    rows = []
    for key, value, comment in DEFAULT_SETTINGS:
        rows.append((key, value, setting_comment(key, comment, language)))
        if key == "season":  # the club and the workbook's language right after the season
            rows.append(("club", "", tr("the club's name, shown in titles and on the web page")))
            rows.append(("language", "" if language == "en" else language,
                         tr("en, nl, de or fr: the language the program writes its sheets and "
                            "messages in (empty: the language of the sheet names)")))
    headers = tuple(h[x] for x in INPUT_HEADERS["Settings"])
    _input_table(ws, "Settings", headers, rows,
                 widths={headers[0]: 22, headers[1]: 26, headers[2]: 80},
                 text_columns=headers[:2])


def _players_sheet(wb: Workbook, language: str = "en") -> None:
    from keizer_xl.i18n import translator

    tr = translator(language)
    title, h = _localised("Players", language)
    ws = wb.create_sheet(title)
    headers = tuple(h[x] for x in INPUT_HEADERS["Players"])
    widths = {"Name": 28, "Rating": 9, "Start": 8, "Joined": 12, "Status": 15, "Club": 18, "Id": 12}
    _input_table(ws, "Players", headers, widths={h[k]: w for k, w in widths.items()},
                 text_columns=tuple(h[x] for x in ("Name", "Status", "Club", "Id")))
    status_col = column_letter(INPUT_HEADERS["Players"].index("Status") + 1)
    active, withdrawn = STATUS_WORDS[language]
    _dropdown(ws, STATUS_WORDS[language], f"{status_col}2:{status_col}{MAX_PLAYERS + 1}",
              title=h["Status"], language=language,
              prompt=tr("{active}; '{withdrawn} R' when the player stops from round R on; "
                        "'{withdrawn}' alone: from the round after his last round in Results",
                        active=active, withdrawn=withdrawn))


def _attendance_sheet(wb: Workbook, rounds: int, language: str = "en") -> None:
    from keizer_xl.i18n import translator

    tr = translator(language)
    title, h = _localised("Attendance", language)
    ws = wb.create_sheet(title)
    rounds_headers = tuple(f"R{r}" for r in range(1, rounds + 1))
    headers = (h["Name"], *rounds_headers)
    widths: dict[str, float] = {h["Name"]: 28}
    widths.update(dict.fromkeys(rounds_headers, 5.0))
    _input_table(ws, "Attendance", headers, widths=widths, text_columns=headers)
    last = column_letter(len(headers))
    _dropdown(ws, absence_choices(language), f"B2:{last}{MAX_PLAYERS + 1}", title=title,
              language=language,
              prompt=tr("Empty = present. {codes}, or a code from {settings}",
                        codes=codes_text(language), settings=_localised("Settings", language)[0]))


def _results_sheet(wb: Workbook, language: str = "en") -> None:
    from keizer_xl.i18n import translator

    tr = translator(language)
    title, h = _localised("Results", language)
    ws = wb.create_sheet(title)
    headers = tuple(h[x] for x in INPUT_HEADERS["Results"])
    widths = {"Round": 8, "Board": 8, "White": 28, "Black": 28, "Result": 10}
    _input_table(ws, "Results", headers, widths={h[k]: w for k, w in widths.items()},
                 text_columns=(h["White"], h["Black"], h["Result"]))
    col = column_letter(INPUT_HEADERS["Results"].index("Result") + 1)
    _dropdown(ws, result_choices(language), f"{col}2:{col}{MAX_RESULT_ROWS + 1}",
              title=h["Result"],
              language=language,
              prompt=tr("1-0, 0-1, \u00bd-\u00bd, forfeits 1-0F, 0-1F, 0-0F, adj, bye; "
                        "empty = not played yet"))
