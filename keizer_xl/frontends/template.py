"""The empty season workbook that ``keizer-xl new BOOK`` creates.

Sheets, in this order: ``Instructions``, ``Settings``, ``Players``, ``Attendance``, ``Results``
(names and headers as in WORKBOOK-CONTRACT.md; ``language`` only changes the instructions).
Every input sheet holds an Excel Table that starts at A1 with its header in row 1 and at least
one (empty) data row, because a table must have one; :class:`~keizer_xl.clients.xlsx.FileBook`
reads an empty data row as no rows, and its ``append_rows`` fills that row first.

Dropdowns use the *warning* error style, so spellings outside the list (a club's own absence
code, ``withdrawn 7``, ``1/2-1/2``) can still be typed.  Cells for results, absence codes and
settings values are formatted as text so Excel does not turn ``1/2`` or ``2/3`` into a date.
"""
from __future__ import annotations

import os
from pathlib import Path

from keizer_xl.sheets.tables import column_letter

__all__ = [
    "build_template",
    "template_workbook",
    "SHEET_ORDER",
    "INPUT_HEADERS",
    "DEFAULT_SETTINGS",
    "RESULT_CHOICES",
    "ABSENCE_CHOICES",
    "STATUS_CHOICES",
    "LANGUAGES",
]

SHEET_ORDER = ("Instructions", "Settings", "Players", "Attendance", "Results")

#: The headers of the input tables (Attendance gets R1..R<rounds> after Name).
INPUT_HEADERS = {
    "Settings": ("Setting", "Value", "Comment"),
    "Players": ("Name", "Rating", "Start", "Joined", "Status", "Club", "Id"),
    "Attendance": ("Name",),
    "Results": ("Round", "Board", "White", "Black", "Result"),
}

RESULT_CHOICES = ("1-0", "0-1", "\u00bd-\u00bd", "1-0F", "0-1F", "0-0F", "adj", "bye")
ABSENCE_CHOICES = ("E", "U", "C", "L")
STATUS_CHOICES = ("active", "withdrawn")

#: (setting, value, comment): ``preset`` and ``season``, then the common settings with an EMPTY
#: value, which means "the preset's value": changing the preset changes them all, and typing a
#: value overrides the preset for that setting only.  The comment shows the keizer preset's value.
DEFAULT_SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("preset", "keizer", "keizer, sevilla, frozen-fixed, knsb-sixths or geel; a value typed "
                         "below overrides the preset for that setting, an empty value keeps it"),
    ("season", "", "a name for the season, e.g. 2025-2026"),
    ("top_value", "", "keizer: 1.5N. Value of the player in first place: a number, or N, 1.5N, "
                      "2N, ratio 3 (N = number of players)"),
    ("value_step", "", "keizer: 1. Each next place is worth this much less"),
    ("own_value", "", "keizer: current. Own value added to the total: current, start or none"),
    ("recalculation", "", "keizer: prev. Values used for the points: prev, frozen or converge"),
    ("bye", "", "keizer: 2/3. Points for the bye, as a share of the own value (or '20 points')"),
    ("absence_excused", "", "keizer: 1/3. E: excused absence"),
    ("absence_unexcused", "", "keizer: 0. U: unexcused absence"),
    ("absence_club", "", "keizer: 2/3. C: absent on club duty"),
    ("absence_late", "", "keizer: 0. L: rounds before the player joined"),
    ("tiebreak", "", "keizer: previous, rating, start. Order of tie-breaks (also name)"),
    ("pairing", "", "keizer: keizer. keizer or geel"),
    ("rematch_gap", "", "keizer: never. Rounds between two meetings of the same players"),
    ("colours", "", "keizer: keizer. keizer, lower-white, balance or geel"),
)

LANGUAGES = ("en", "nl", "de")

_INSTRUCTIONS = {
    "en": (
        "Keizer competition - how to use this workbook",
        "",
        "Before the season",
        "1. Settings: the preset keizer gives Keizer's own rules. An empty Value keeps the preset's "
        "value; type a value only where your club plays differently. A club's own absence code X "
        "is a row 'code X' with a value such as 1/2 or '20 points'.",
        "2. Players: one row per player: Name (unique), Rating, Start (starting place, optional), "
        "Joined (first round, default 1), Status (active, or 'withdrawn R' from round R), Club, Id.",
        "",
        "Every club evening",
        "3. Attendance: the column of the round (R1, R2, ...) stays empty for a player who is "
        "present. Otherwise type E (excused), U (unexcused), C (club duty), L (not yet a member) "
        "or a code defined in Settings.",
        "4. Pair the round: run  keizer-xl pair club.xlsx  (or use the Pair button). The pairing "
        "appears on the sheet Pairings, and the games are added to Results with an empty result.",
        "5. Results: type each result in the Result column: 1-0, 0-1, \u00bd-\u00bd (also 1/2-1/2), "
        "forfeits 1-0F, 0-1F, 0-0F, adj for an adjourned game. Leave it empty until the game is "
        "played. The bye is a row with the player as White, Black empty and Result bye.",
        "6. Standings: run  keizer-xl standings club.xlsx  (or use the Standings button).",
        "",
        "Good to know",
        "- The sheets Standings, Pairings, History, Crosstable, Explain and Compare are written by "
        "the program and replaced every time: do not type in them.",
        "- keizer-xl check club.xlsx lists every problem with its sheet and cell.",
        "- Each time the program saves, the previous version is kept in the folder .keizer-backups "
        "beside the workbook (the last five).",
        "- Close the workbook in Excel or LibreOffice before running keizer-xl on it.",
    ),
    "nl": (
        "Keizercompetitie - zo werkt deze werkmap",
        "",
        "Voor het seizoen",
        "1. Settings (instellingen): de preset keizer geeft de regels van Keizer zelf. Verander een "
        "waarde alleen als uw club anders speelt; een eigen afwezigheidscode X is een regel "
        "'code X' met een waarde als 1/2 of '20 points'.",
        "2. Players (spelers): een regel per speler: Name (uniek), Rating, Start (startplaats, "
        "mag leeg), Joined (eerste ronde, standaard 1), Status (active, of 'withdrawn R' vanaf "
        "ronde R), Club, Id.",
        "",
        "Elke clubavond",
        "3. Attendance (aanwezigheid): de kolom van de ronde (R1, R2, ...) blijft leeg als een "
        "speler aanwezig is. Anders E (afgemeld), U (niet afgemeld), C (clubtaak), L (nog geen lid) "
        "of een code uit Settings.",
        "4. Indelen: keizer-xl pair club.xlsx  (of de knop Indelen). De indeling komt op het blad "
        "Pairings en de partijen komen in Results met een lege uitslag.",
        "5. Results (uitslagen): typ de uitslag in de kolom Result: 1-0, 0-1, \u00bd-\u00bd (ook "
        "1/2-1/2), reglementair 1-0F, 0-1F, 0-0F, adj voor een afgebroken partij. Leeg laten tot "
        "de partij gespeeld is. Vrijgeloot: speler als White, Black leeg, Result bye.",
        "6. Stand: keizer-xl standings club.xlsx  (of de knop Stand).",
        "",
        "Goed om te weten",
        "- De bladen Standings, Pairings, History, Crosstable, Explain en Compare schrijft het "
        "programma zelf, elke keer opnieuw: typ er niet in.",
        "- keizer-xl check club.xlsx noemt elk probleem met blad en cel.",
        "- Bij elke keer opslaan blijft de vorige versie bewaard in de map .keizer-backups naast "
        "de werkmap (de laatste vijf).",
        "- Sluit de werkmap in Excel of LibreOffice voordat u keizer-xl start.",
    ),
    "de": (
        "Keizer-Turnier - so funktioniert diese Arbeitsmappe",
        "",
        "Vor der Saison",
        "1. Settings (Einstellungen): das Preset keizer entspricht Keizers eigenen Regeln. "
        "\u00c4ndern Sie einen Wert nur, wenn Ihr Verein anders spielt; ein eigener Abwesenheitscode "
        "X ist eine Zeile 'code X' mit einem Wert wie 1/2 oder '20 points'.",
        "2. Players (Spieler): eine Zeile pro Spieler: Name (eindeutig), Rating, Start "
        "(Startplatz, optional), Joined (erste Runde, Standard 1), Status (active, oder "
        "'withdrawn R' ab Runde R), Club, Id.",
        "",
        "An jedem Spielabend",
        "3. Attendance (Anwesenheit): die Spalte der Runde (R1, R2, ...) bleibt leer, wenn ein "
        "Spieler anwesend ist. Sonst E (entschuldigt), U (unentschuldigt), C (Vereinsaufgabe), "
        "L (noch kein Mitglied) oder ein Code aus Settings.",
        "4. Auslosen: keizer-xl pair club.xlsx  (oder die Schaltfl\u00e4che). Die Paarungen stehen "
        "auf dem Blatt Pairings, die Partien werden mit leerem Ergebnis in Results eingetragen.",
        "5. Results (Ergebnisse): Ergebnis in die Spalte Result: 1-0, 0-1, \u00bd-\u00bd (auch "
        "1/2-1/2), kampflos 1-0F, 0-1F, 0-0F, adj f\u00fcr eine H\u00e4ngepartie. Leer lassen, bis "
        "die Partie gespielt ist. Spielfrei: Spieler als White, Black leer, Result bye.",
        "6. Tabelle: keizer-xl standings club.xlsx  (oder die Schaltfl\u00e4che).",
        "",
        "Gut zu wissen",
        "- Die Bl\u00e4tter Standings, Pairings, History, Crosstable, Explain und Compare schreibt "
        "das Programm jedes Mal neu: bitte nichts darin eintragen.",
        "- keizer-xl check club.xlsx nennt jedes Problem mit Blatt und Zelle.",
        "- Bei jedem Speichern bleibt die vorige Version im Ordner .keizer-backups neben der Mappe "
        "erhalten (die letzten f\u00fcnf).",
        "- Schlie\u00dfen Sie die Mappe in Excel oder LibreOffice, bevor Sie keizer-xl starten.",
    ),
}

#: Rows covered by the dropdowns and text formats (far more than a season needs).
MAX_PLAYERS = 500
MAX_RESULT_ROWS = 2000
MAX_ROUNDS = 200
TABLE_STYLE = "TableStyleMedium2"
TEXT = "@"


def template_workbook(*, rounds: int = 40, language: str = "en"):
    """The season template as an openpyxl Workbook (for :func:`build_template` and samples)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
    if language not in _INSTRUCTIONS:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")

    wb = Workbook()
    ws = wb.active
    ws.title = "Instructions"
    lines = _INSTRUCTIONS[language]
    wrap = Alignment(wrap_text=True, vertical="top")
    for i, line in enumerate(lines, 1):
        cell = ws.cell(row=i, column=1, value=line)
        cell.data_type = "s"
        cell.alignment = wrap
        if i == 1:
            cell.font = Font(bold=True, size=14)
        elif line and not line[0].isdigit() and not line.startswith("-"):
            cell.font = Font(bold=True)
    ws.column_dimensions["A"].width = 110
    ws.sheet_view.showGridLines = False

    _settings_sheet(wb)
    _players_sheet(wb)
    _attendance_sheet(wb, rounds)
    _results_sheet(wb)
    wb.active = 0
    wb.properties.title = "Keizer competition"
    return wb


def build_template(path: str | os.PathLike, *, rounds: int = 40, language: str = "en",
                   overwrite: bool = True) -> Path:
    """Create a new season workbook at ``path`` (.xlsx), written atomically.

    An existing file is replaced and kept in ``.keizer-backups/`` (the CLI asks for ``--force``
    first); with ``overwrite=False`` an existing file is refused instead.
    """
    from keizer_xl.clients.xlsx import WorkbookFileError, write_new_workbook

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


def _input_table(ws, name: str, headers: tuple[str, ...], rows: list[tuple] | None = None,
                 *, widths: dict[str, float], text_columns: tuple[str, ...] = ()) -> None:
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


def _dropdown(ws, choices: tuple[str, ...], sqref: str, *, prompt: str, title: str):
    from openpyxl.worksheet.datavalidation import DataValidation

    dv = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
                        showDropDown=False, showErrorMessage=True, errorStyle="warning",
                        errorTitle=title, error=f"Not one of {', '.join(choices)}. Keep it anyway?",
                        promptTitle=title, prompt=prompt, showInputMessage=True)
    dv.add(sqref)
    ws.add_data_validation(dv)
    return dv


def _settings_sheet(wb) -> None:
    ws = wb.create_sheet("Settings")
    _input_table(ws, "Settings", INPUT_HEADERS["Settings"], list(DEFAULT_SETTINGS),
                 widths={"Setting": 22, "Value": 26, "Comment": 80},
                 text_columns=("Setting", "Value"))


def _players_sheet(wb) -> None:
    ws = wb.create_sheet("Players")
    _input_table(ws, "Players", INPUT_HEADERS["Players"],
                 widths={"Name": 28, "Rating": 9, "Start": 8, "Joined": 9, "Status": 15,
                         "Club": 18, "Id": 12},
                 text_columns=("Name", "Status", "Club", "Id"))
    status_col = column_letter(INPUT_HEADERS["Players"].index("Status") + 1)
    _dropdown(ws, STATUS_CHOICES, f"{status_col}2:{status_col}{MAX_PLAYERS + 1}", title="Status",
              prompt="active; 'withdrawn R' when the player stops from round R on; 'withdrawn' "
                     "alone: from the round after his last round in Results")


def _attendance_sheet(wb, rounds: int) -> None:
    ws = wb.create_sheet("Attendance")
    rounds_headers = tuple(f"R{r}" for r in range(1, rounds + 1))
    headers = INPUT_HEADERS["Attendance"] + rounds_headers
    widths = {"Name": 28}
    widths.update({h: 5.0 for h in rounds_headers})
    _input_table(ws, "Attendance", headers, widths=widths, text_columns=headers)
    last = column_letter(len(headers))
    _dropdown(ws, ABSENCE_CHOICES, f"B2:{last}{MAX_PLAYERS + 1}", title="Absence",
              prompt="Empty = present. E excused, U unexcused, C club duty, L not yet a member, "
                     "or a code from Settings")


def _results_sheet(wb) -> None:
    ws = wb.create_sheet("Results")
    headers = INPUT_HEADERS["Results"]
    _input_table(ws, "Results", headers,
                 widths={"Round": 8, "Board": 8, "White": 28, "Black": 28, "Result": 10},
                 text_columns=("White", "Black", "Result"))
    col = column_letter(headers.index("Result") + 1)
    _dropdown(ws, RESULT_CHOICES, f"{col}2:{col}{MAX_RESULT_ROWS + 1}", title="Result",
              prompt="1-0, 0-1, \u00bd-\u00bd, forfeits 1-0F, 0-1F, 0-0F, adj, bye; "
                     "empty = not played yet")
