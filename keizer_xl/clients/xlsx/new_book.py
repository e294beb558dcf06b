"""A new season workbook, made in one pass by the xlsx client: ``keizer-xl new``, ``import`` and
``new-season`` (when NEW cannot be OLD's copy) all build theirs here.

:func:`new_book` makes the template filled as a :class:`~keizer_xl.sheets.template_text.NewBook`
asks (the Settings values, the Players columns and rows, the Attendance names) in memory and
returns it as a :class:`~keizer_xl.clients.xlsx.FileBook` of its target, to be changed further
through the Book API (``import`` writes the season's rows) and written once by :func:`save_new`.

Sheets, in this order: ``Instructions``, ``Settings``, ``Players``, ``Attendance``, ``Results``
(names and headers as in WORKBOOK-CONTRACT.md, in the workbook's language).
What the sheets say (the Settings rows, the instructions, the dropdowns' choices) is
:mod:`keizer_xl.sheets.template_text`'s.
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
Every value is put as the weekly commands put theirs (:func:`keizer_xl.sheets.cells.cell_value`,
text forced to text): a name or a setting ``=HYPERLINK(...)`` stays text, never a formula.
"""
from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping, Sequence

from keizer_xl.clients.xlsx.book import FileBook
from keizer_xl.clients.xlsx.safety import written_path
from keizer_xl.clients.xlsx.save import write_atomically
from keizer_xl.core.rules import normalise_key
from keizer_xl.core.setting_values import MAX_ROUND
from keizer_xl.core.settings import LANGUAGES
from keizer_xl.errors import Message
from keizer_xl.i18n import Translator, translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.cells import cell_value
from keizer_xl.sheets.tables import column_letter
from keizer_xl.sheets.template_text import (DEFAULT_SETTINGS, STATUS_WORDS, NewBook,
                                            absence_choices, added_setting_comment, codes_text,
                                            instruction_lines, result_choices, setting_comment)

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

SHEET_ORDER = ("Instructions", *schema.INPUT_SHEETS)

#: The columns of the input tables the template shows (schema.py has more Players columns:
#: group, category and the rating report's, typed by the clubs that need them).
_TEMPLATE_COLUMNS = {"Players": ("name", "rating", "start", "joined", "status", "club", "id")}

#: The English headers of the input tables (Attendance gets R1..R<rounds> after Name).
INPUT_HEADERS = {kind: tuple(schema.header(kind, key, "en")
                             for key in _TEMPLATE_COLUMNS.get(kind, tuple(schema.COLUMNS[kind])))
                 for kind in schema.INPUT_SHEETS}


def _put(ws: Worksheet, row: int, column: int, value: object) -> None:
    """``value`` in a cell as every workbook write puts it (module docstring)."""
    converted = cell_value(value)
    if converted is not None:
        cell = ws.cell(row=row, column=column, value=converted)
        if isinstance(converted, str):
            cell.data_type = "s"


#: Rows covered by the dropdowns and text formats (far more than a season needs).
MAX_PLAYERS = 500
MAX_RESULT_ROWS = 2000
TABLE_STYLE = "TableStyleMedium2"
TEXT = "@"


def new_book(path: str | os.PathLike[str], plan: NewBook) -> FileBook:
    """The workbook ``plan`` describes, made in memory as the file book of ``path``: nothing is
    on disk until :func:`save_new`."""
    buffer = io.BytesIO()
    template_workbook(plan).save(buffer)
    return FileBook(path, buffer.getvalue())


def save_new(book: FileBook, *, backup: bool) -> None:
    """``book`` (from :func:`new_book`) written to its path through the one atomic writer; a
    file it replaces is kept in ``.keizer-backups/`` when ``backup``."""
    write_atomically(book.spliced_bytes(), written_path(book.path), book.label, backup=backup)


def template_workbook(plan: NewBook) -> Workbook:
    """The season template filled as ``plan`` asks, as an openpyxl Workbook."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    rounds, language = plan.rounds, plan.language
    # as many round columns as a workbook may have rounds: ``import`` of a file with 500
    # rounds gets 500 Attendance columns (issue 22), never fewer
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUND:
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUND}, not {rounds!r}")
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")

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

    _settings_sheet(wb, plan)
    _players_sheet(wb, plan)
    _attendance_sheet(wb, plan)
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

    target = Path(path)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookFileError(Message(
            "{path}: a new season workbook is created as .xlsx (an .xlsm needs a macro project; "
            "create the .xlsx and add the macros, see macros/).", path=str(path)))
    if target.exists() and not overwrite:
        raise WorkbookFileError(Message("{path} already exists; choose another name (nothing "
                                        "was written).", path=str(path)))
    save_new(new_book(target, NewBook(language, rounds)), backup=overwrite)
    return target


# --------------------------------------------------------------------------- the sheets


def _input_table(ws: Worksheet, name: str, headers: tuple[str, ...],
                 rows: Sequence[Sequence[Any]] = (),
                 *, widths: Mapping[str, float], text_columns: tuple[str, ...] = ()) -> None:
    """Header in row 1 from A1, the rows (or one empty row), an Excel Table over them."""
    from openpyxl.worksheet.table import Table, TableStyleInfo

    for j, header in enumerate(headers, 1):
        _put(ws, 1, j, header)
    for i, row in enumerate(rows or [()], 2):
        for j, header in enumerate(headers, 1):
            if header in text_columns:
                ws.cell(row=i, column=j).number_format = TEXT
            if j - 1 < len(row):
                _put(ws, i, j, row[j - 1])
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
              language: str = "en") -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

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


def _localised(wb: Workbook, kind: str, language: str) -> tuple[Worksheet, dict[str, str], Translator]:
    """The new sheet of ``kind`` named in ``language``, its English header -> header in
    ``language`` (schema.py), and the language's translator."""
    names = {schema.header(kind, key, "en"): schema.header(kind, key, language)
             for key in schema.COLUMNS[kind]}
    return wb.create_sheet(schema.sheet_name(kind, language)), names, translator(language)


def _settings_sheet(wb: Workbook, plan: NewBook) -> None:
    """The one writer of a new workbook's Settings: the template's rows with ``plan``'s values,
    its other keys in rows below (:class:`~keizer_xl.sheets.template_text.NewBook`)."""
    language = plan.language
    ws, h, tr = _localised(wb, "Settings", language)
    # the explanations give an imported preset's values, not keizer's (issue 26)
    preset = dict(plan.settings).get("preset") if plan.explain else None
    rows: list[list[Any]] = []
    for key, value, comment in DEFAULT_SETTINGS:
        rows.append([key, value, setting_comment(key, comment, language, preset or None)])
        if key == "season":  # the club and the workbook's language right after the season
            rows.append(["club", "", tr("the club's name, shown in titles and on the web page")])
            rows.append(["language", "" if language == "en" else language,
                         tr("en, nl, de or fr: the language the program writes its sheets and "
                            "messages in (empty: the language of the sheet names)")])
    row_of = {row[0]: row for row in rows}
    for key, value in plan.settings:
        if normalise_key(key) in row_of:
            row_of[normalise_key(key)][1] = value
        else:  # every row an import adds is explained too (issue 26)
            rows.append([key, value, (added_setting_comment(key, language, preset) or None)
                         if plan.explain else None])
    headers = tuple(h[x] for x in INPUT_HEADERS["Settings"])
    _input_table(ws, "Settings", headers, rows,
                 widths={headers[0]: 22, headers[1]: 26, headers[2]: 80},
                 text_columns=headers[:2])


def _players_sheet(wb: Workbook, plan: NewBook) -> None:
    """The template's columns (a plan's column of the same key takes its header), the plan's
    other columns on the right, and its rows."""
    language = plan.language
    ws, h, tr = _localised(wb, "Players", language)
    keys: list[str | None] = list(_TEMPLATE_COLUMNS["Players"])
    headers = [h[x] for x in INPUT_HEADERS["Players"]]
    sizes = {"Name": 28, "Rating": 9, "Start": 8, "Joined": 12, "Status": 15, "Club": 18, "Id": 12}
    widths: list[float] = [sizes[x] for x in INPUT_HEADERS["Players"]]
    texts = [x in ("Name", "Status", "Club", "Id") for x in INPUT_HEADERS["Players"]]
    where: list[int] = []
    for header, key in plan.columns:
        if key is None or key not in keys:
            keys.append(key)
            headers.append(header)
            widths.append(max(14, len(header) + 3))
            texts.append(False)
        where.append(keys.index(key) if key is not None else len(keys) - 1)
        headers[where[-1]] = header
    rows = []
    for values in plan.players:
        row: list[Any] = [None] * len(headers)
        for at, value in zip(where, values, strict=True):  # a value per planned column
            row[at] = value
        rows.append(row)
    _input_table(ws, "Players", tuple(headers), rows, widths=dict(zip(headers, widths, strict=True)),
                 text_columns=tuple(x for x, text in zip(headers, texts, strict=True) if text))
    status_col = column_letter(INPUT_HEADERS["Players"].index("Status") + 1)
    active, withdrawn = STATUS_WORDS[language]
    _dropdown(ws, STATUS_WORDS[language], f"{status_col}2:{status_col}{MAX_PLAYERS + 1}",
              title=h["Status"], language=language,
              prompt=tr("{active}; '{withdrawn} R' when the player stops from round R on; "
                        "'{withdrawn}' alone: from the round after his last round in Results",
                        active=active, withdrawn=withdrawn))


def _attendance_sheet(wb: Workbook, plan: NewBook) -> None:
    language = plan.language
    ws, h, tr = _localised(wb, "Attendance", language)
    rounds_headers = tuple(f"R{r}" for r in range(1, plan.rounds + 1))
    headers = (h["Name"], *rounds_headers)
    widths: dict[str, float] = {h["Name"]: 28}
    widths.update(dict.fromkeys(rounds_headers, 5.0))
    _input_table(ws, "Attendance", headers, [(name,) for name in plan.attendance],
                 widths=widths, text_columns=headers)
    last = column_letter(len(headers))
    _dropdown(ws, absence_choices(language), f"B2:{last}{MAX_PLAYERS + 1}", title=ws.title,
              language=language,
              prompt=tr("Empty = present. {codes}, or a code from {settings}",
                        codes=codes_text(language), settings=schema.sheet_name("Settings", language)))


def _results_sheet(wb: Workbook, language: str = "en") -> None:
    ws, h, tr = _localised(wb, "Results", language)
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

