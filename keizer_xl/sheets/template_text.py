"""What the season template says, in every language: the Settings rows and their comments
(``keizer: <default>. <text>``, the default from ``rules.describe(Settings())``), the
Instructions sheet, and the dropdowns' choices (results, absence letters, Status words).  The
text is English message ids translated through the catalog (keizer_xl/i18n/locale); the
workbook is built by :mod:`keizer_xl.clients.xlsx.new_book`, from the template and a
:class:`NewBook` (what ``import`` and ``new-season`` put in it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from keizer_xl.core.model import BUILTIN_CODES, Result
from keizer_xl.core.presets import PRESETS
from keizer_xl.core.rules import build_settings, describe
from keizer_xl.core.settings import CHOICES, Settings
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema



@dataclass(frozen=True)
class NewBook:
    """A new season workbook: the template in ``language`` with ``rounds`` Attendance columns,
    and what ``import`` and ``new-season`` put in it.  ``settings``: each value in the template's
    row of its key, a key without one in a row added below (``explain``: that row explained and
    every comment giving the ``preset`` row's values); ``columns``: the Players table's (header,
    engine key), a template column of that key taking the header, any other added on the right;
    ``players``: rows aligned with ``columns``; ``attendance``: a row per name."""

    language: str = "en"
    rounds: int = 40
    settings: tuple[tuple[str, Any], ...] = ()
    explain: bool = False
    columns: tuple[tuple[str, str | None], ...] = ()
    players: tuple[tuple[Any, ...], ...] = ()
    attendance: tuple[str, ...] = ()


#: Every result that can be typed (core.model.Result, without "being played" and "pending").
RESULT_CHOICES = (*tuple(r.value for r in Result if r.has_result), "bye")
#: The Dutch forfeits as the Dutch instructions teach them (reglementair: 1-0R, issue 26); the
#: reader takes 1-0F too (core/model.py)
_FORFEITS = {"nl": {"1-0F": "1-0R", "0-1F": "0-1R", "0-0F": "0-0R"}}


def result_choices(language: str = "en") -> tuple[str, ...]:
    """The Results dropdown in ``language``: the results as the instructions teach them and the
    bye in the language's word (Dutch ``vrij``, German ``spielfrei``; every word is read in
    every language, sheets/read_tables.BYE_WORDS)."""
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
    ("tiebreak", "", ("Order of tie-breaks (also name); a round robin takes FIDE's acronyms, "
                      "e.g. DE, WIN, SB, KS, BH, ARO")),
    ("pairing", "", "Pairing rule: {choices}"),
    ("keizer_pairing_last", "", ("n: the season's last n rounds are paired by Keizer's rule, "
                                 "e.g. 2 with pairing geel (the season ends at last_round, else "
                                 "at the last round column of Attendance)")),
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
    ("last_round", "", ("The season's last round (empty: the last round column of Attendance): "
                        "min_games and the last period end there")),
    ("attendance_default", "", ("{choices}: absent means players sign up per round (a mark "
                               "such as x or + in the round's column)")),
    ("bye_choice", "", "Who gets the bye: {choices}"),
    ("bye_first_evening", "", "no: a new player gets no bye on his first evening"),
    # round robin (issue 36, docs/round-robin.md)
    ("round_robin", "", ("all: the whole season is a round robin; group names (A, B): those "
                         "groups play one inside the season; empty: none")),
    ("round_robin_cycles", "", "1: a single round robin, 2: a double one"),
    ("round_robin_order", "", ("Round robin pairing numbers: {choices} (start: the Players "
                               "sheet's Start order; lot: drawn, the seed kept in "
                               "round_robin_seed)")),
    ("round_robin_withdrawal", "", ("A round robin player who withdraws: {choices} (fide: fewer "
                                    "than half his games played: his results annulled, else his "
                                    "remaining games lost by forfeit)")),
)


def setting_comment(key: str, comment: str, language: str = "en",
                    preset: str | None = None) -> str:
    """A Settings row's comment in ``language``: ``preset``'s value (default: the default
    preset's; rules.py), then the text, with the presets and the setting's choices filled in
    (issue 26: an import under ``preset kfc`` explains kfc's values, not keizer's)."""
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
    # an empty default (no periods, no minimum) said as such, not "keizer: . Each period's"
    value = defaults[key] if defaults[key] != "" else tr("(empty)")
    return tr("{preset}: {value}. {text}", preset=settings.preset, value=value, text=text)


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
    # KeizerForClubs' options (formats/kfc.py, docs/presets-kfc.md)
    "value_normalisation": "wicker: the values as KeizerForClubs' Wicker normalisation makes "
                           "them (needs top_value ratio R); none: whole numbers",
    "absence_decay": "each further absence earns less: halving, halving-eu (excused and "
                     "unexcused counted together), halving-all (every absence, as "
                     "chesspairing), harmonic; none",
    "round_robin_seed": "the seed of the round robin's draw by lot (written when drawn): the "
                        "same seed draws the same numbers",
    "round_robin_swap": "no: a double round robin keeps the first cycle's last two rounds in "
                        "order (FIDE swaps them)",
    "own_value_fade": "n: the own value counts (n - R)/n after round R, nothing from round n "
                      "on; 0: always in full",
}
#: a club code row (``code X``)
ADDED_CODE = "{code}: a club's own absence code, worth this share of the own value"


def added_setting_comment(key: str, language: str = "en", preset: str | None = None) -> str:
    """The comment of a Settings row an import adds (:data:`ADDED_SETTINGS`), in
    ``language``, with ``preset``'s value where the preset has one; "" for a key not listed."""
    if key.casefold().startswith("code "):
        return translator(language)(ADDED_CODE, code=key.split(None, 1)[1])
    comment = ADDED_SETTINGS.get(key)
    return setting_comment(key, comment, language, preset) if comment else ""


#: The Players Status dropdown in each language (the reader accepts every one of them).
STATUS_WORDS = {"en": ("active", "withdrawn"), "nl": ("actief", "teruggetrokken"),
                "de": ("aktiv", "zurückgezogen"), "fr": ("actif", "retiré")}

#: The Instructions sheet: English message ids translated through the catalog
#: (keizer_xl/i18n/locale); {Sheet} and {Column} fields are filled with the workbook
#: language's names from sheets/schema.py, so the text names the sheets as the tabs do.
INSTRUCTIONS = (
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
    own = {code: letter for letter, code in schema.code_letters(language).items()}
    return tuple(own.get(code, code) for code in ABSENCE_CHOICES)


def codes_text(language: str = "en") -> str:
    """'A (afgemeld), Z (zonder bericht), ...' in ``language``: the letters of the dropdown,
    then the built-in letters the language does not offer, which are read too."""
    tr = translator(language)
    offered = absence_choices(language)
    parts = [f"{letter} ({tr(CODE_MEANINGS[code])})"
             for letter, code in zip(offered, ABSENCE_CHOICES, strict=True)]
    text = ", ".join(parts)
    also = [c for c in ABSENCE_CHOICES if c not in offered]
    if also:
        text += " " + tr("(also {letters})", letters=", ".join(also))
    return text


def instruction_lines(language: str = "en") -> tuple[str, ...]:
    tr = translator(language)
    names = {kind: schema.sheet_name(kind, language) for kind in schema.SHEETS}
    for kind in ("Players", "Results", "Settings"):
        names.update({key.capitalize() if key != "id" else "Id": name
                      for key, name in schema.headers(kind, language).items()})
    active, withdrawn = STATUS_WORDS[language]
    # the buttons as the Excel Start sheet and the LibreOffice buttons caption them
    fields = dict(names, codes=codes_text(language), active=active, withdrawn=withdrawn,
                  pair_button=tr("Pair next round"), standings_button=tr("Update standings"))
    return tuple(tr(line, **fields) if line else "" for line in INSTRUCTIONS)

