"""The one table of sheet names, column headers and attendance letters in every language.

WORKBOOK-CONTRACT.md (section "Languages") binds the names in ``SHEETS`` and ``COLUMNS``: the
engine writes its sheets under the workbook language's names and headers, and every name of
every language (plus the older spellings in ``*_ALIASES``) is accepted as input in any workbook,
case-insensitively.  Nothing else in the package spells a sheet or header name of a season
workbook; the readers, the writers, the template and the exports look them up here.

Engine sheets: the engine writes ``Stand`` in a Dutch workbook, ``Rangliste`` in a German one.
Every language's name of an engine sheet is engine-owned (``OWNED_SHEETS``), so an English
``Standings`` left in a workbook that later became Dutch is still the engine's (the file writer
may replace or drop what it holds) but is no longer updated: delete it once the ``Stand`` sheet
is there.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from keizer_xl.core.settings import LANGUAGES
from keizer_xl.i18n import CODE_LETTERS as _CODE_LETTERS

Names = dict[str, str]  # language -> name

#: kind (the English name, used as the key in code) -> the name in each language.
SHEETS: dict[str, Names] = {
    "Settings": {"en": "Settings", "nl": "Instellingen", "de": "Einstellungen", "fr": "Paramètres"},
    "Players": {"en": "Players", "nl": "Spelers", "de": "Spieler", "fr": "Joueurs"},
    "Attendance": {"en": "Attendance", "nl": "Aanwezigheid", "de": "Anwesenheit", "fr": "Présences"},
    "Results": {"en": "Results", "nl": "Uitslagen", "de": "Ergebnisse", "fr": "Résultats"},
    "Standings": {"en": "Standings", "nl": "Stand", "de": "Rangliste", "fr": "Classement"},
    "Pairings": {"en": "Pairings", "nl": "Indeling", "de": "Paarungen", "fr": "Appariements"},
    "History": {"en": "History", "nl": "Verloop", "de": "Verlauf", "fr": "Historique"},
    "Crosstable": {"en": "Crosstable", "nl": "Kruistabel", "de": "Kreuztabelle", "fr": "Grille"},
    "Explain": {"en": "Explain", "nl": "Uitleg", "de": "Erklärung", "fr": "Explication"},
    "Compare": {"en": "Compare", "nl": "Vergelijking", "de": "Vergleich", "fr": "Comparaison"},
    "Audit": {"en": "Audit", "nl": "Controle", "de": "Prüfung", "fr": "Contrôle"},
    "Periods": {"en": "Periods", "nl": "Periodes", "de": "Perioden", "fr": "Périodes"},
    "Schedule": {"en": "Schedule", "nl": "Speelschema", "de": "Spielplan", "fr": "Calendrier"},
    "Instructions": {"en": "Instructions", "nl": "Uitleg gebruik", "de": "Anleitung", "fr": "Mode d'emploi"},
}
INPUT_SHEETS = ("Settings", "Players", "Attendance", "Results")
ENGINE_SHEETS = ("Standings", "Pairings", "History", "Crosstable", "Explain", "Compare", "Audit",
                 "Periods", "Schedule")

#: a game's columns, in Results, Pairings and Schedule
_GAME_COLUMNS = {
        "board": {"en": "Board", "nl": "Bord", "de": "Brett", "fr": "Échiquier"},
        "white": {"en": "White", "nl": "Wit", "de": "Weiß", "fr": "Blancs"},
        "black": {"en": "Black", "nl": "Zwart", "de": "Schwarz", "fr": "Noirs"},
        "result": {"en": "Result", "nl": "Uitslag", "de": "Ergebnis", "fr": "Résultat"},
}

#: Older or informal sheet names also read (never written).
SHEET_ALIASES: dict[str, tuple[str, ...]] = {
    "Players": ("deelnemers", "teilnehmer"),
    "Explain": ("erklaerung",),
    "Audit": ("pruefung",),
}

#: kind -> column key -> the header in each language.  Keys are what the code uses.
COLUMNS: dict[str, dict[str, Names]] = {
    "Settings": {
        "setting": {"en": "Setting", "nl": "Instelling", "de": "Einstellung", "fr": "Paramètre"},
        "value": {"en": "Value", "nl": "Waarde", "de": "Wert", "fr": "Valeur"},
        "comment": {"en": "Comment", "nl": "Toelichting", "de": "Erläuterung", "fr": "Commentaire"},
    },
    "Players": {
        "name": {"en": "Name", "nl": "Naam", "de": "Name", "fr": "Nom"},
        "rating": {"en": "Rating", "nl": "Rating", "de": "Wertung", "fr": "Elo"},
        "start": {"en": "Start", "nl": "Start", "de": "Start", "fr": "Départ"},
        "joined": {"en": "Joined", "nl": "Vanaf ronde", "de": "Ab Runde", "fr": "Dès la ronde"},
        "status": {"en": "Status", "nl": "Status", "de": "Status", "fr": "Statut"},
        "club": {"en": "Club", "nl": "Vereniging", "de": "Verein", "fr": "Club"},
        "id": {"en": "Id", "nl": "Id", "de": "Id", "fr": "Id"},
        # the club's year (issue 18): the group he plays in, the sub-standings he is in
        "group": {"en": "Group", "nl": "Groep", "de": "Gruppe", "fr": "Groupe"},
        "category": {"en": "Category", "nl": "Categorie", "de": "Kategorie", "fr": "Catégorie"},
        # the rating report (issue 17): FIDE TRF-16's player line
        "sex": {"en": "Sex", "nl": "Geslacht", "de": "Geschlecht", "fr": "Sexe"},
        "birth": {"en": "Birth", "nl": "Geboortedatum", "de": "Geburtsdatum",
                  "fr": "Date de naissance"},
        "federation": {"en": "Federation", "nl": "Federatie", "de": "Verband", "fr": "Fédération"},
        "fide_id": {"en": "FIDE id", "nl": "FIDE-id", "de": "FIDE-ID", "fr": "ID FIDE"},
        "knsb_id": {"en": "KNSB id", "nl": "KNSB-nummer", "de": "KNSB-Nummer", "fr": "N° KNSB"},
        # the rating lists (issue 37): another federation's member id, the FIDE title
        "national_id": {"en": "National id", "nl": "Bondsnummer", "de": "Mitgliedsnummer",
                        "fr": "Matricule"},
        "title": {"en": "Title", "nl": "Titel", "de": "Titel", "fr": "Titre"},
    },
    "Attendance": {
        "name": {"en": "Name", "nl": "Naam", "de": "Name", "fr": "Nom"},
    },
    "Results": {
        "round": {"en": "Round", "nl": "Ronde", "de": "Runde", "fr": "Ronde"},
        **_GAME_COLUMNS,
    },
    "Standings": {
        "rank": {"en": "Rank", "nl": "Plaats", "de": "Platz", "fr": "Rang"},
        "name": {"en": "Name", "nl": "Naam", "de": "Name", "fr": "Nom"},
        "score": {"en": "Score", "nl": "Score", "de": "Punkte", "fr": "Points"},
        "value": {"en": "Value", "nl": "Waarde", "de": "Wert", "fr": "Valeur"},
        "prev_value": {"en": "Prev value", "nl": "Vorige waarde", "de": "Vorheriger Wert",
                       "fr": "Valeur préc."},
        "games": {"en": "Games", "nl": "Partijen", "de": "Partien", "fr": "Parties"},
        "w": {"en": "W", "nl": "W", "de": "G", "fr": "G"},
        "d": {"en": "D", "nl": "R", "de": "R", "fr": "N"},
        "l": {"en": "L", "nl": "V", "de": "V", "fr": "P"},
        # house rules (issue 18): at the end, after the round columns
        "game_points": {"en": "Game points", "nl": "Bordpunten", "de": "Brettpunkte",
                        "fr": "Points de partie"},
        "tpr": {"en": "TPR", "nl": "TPR", "de": "TPR", "fr": "TPR"},
    },
    "Pairings": {
        **_GAME_COLUMNS,
        # the blocks under the boards: the bye and the absent players
        "code": {"en": "Code", "nl": "Code", "de": "Code", "fr": "Code"},
        "name": {"en": "Name", "nl": "Naam", "de": "Name", "fr": "Nom"},
        "reason": {"en": "Reason", "nl": "Reden", "de": "Grund", "fr": "Motif"},
        "bye_block": {"en": "Bye", "nl": "Vrijgeloot", "de": "Spielfrei", "fr": "Exempt"},
        "absent_block": {"en": "Absent", "nl": "Afwezig", "de": "Abwesend", "fr": "Absents"},
    },
    "Schedule": {  # issue 36: a round robin's every round
        "group": {"en": "Group", "nl": "Groep", "de": "Gruppe", "fr": "Groupe"},
        "round": {"en": "Round", "nl": "Ronde", "de": "Runde", "fr": "Ronde"},
        **_GAME_COLUMNS,
        "note": {"en": "Note", "nl": "Opmerking", "de": "Hinweis", "fr": "Remarque"},
    },
}

#: Older or informal headers also read (never written), casefolded.
COLUMN_ALIASES: dict[str, dict[str, tuple[str, ...]]] = {
    "Settings": {"setting": ("key",)},
    "Players": {
        "name": ("speler", "spieler", "player"),
        "rating": ("elo", "dwz", "knsb"),
        "start": ("start place", "startplaats", "startplatz", "startrang"),
        "joined": ("ingestapt", "eingestiegen", "join round"),
        "id": ("nr",),
        # the KNSB's own words for its member number are the KNSB id, not a club's own Id
        "knsb_id": ("knsb-nr", "knsb nr", "relatienummer", "knsb number"),
        "fide_id": ("fide-id", "fide id", "fideid", "fide-nr"),
        "category": ("categories", "categorieën", "kategorien", "catégories"),
    },
    "Attendance": {"name": ("speler", "spieler", "player")},
    "Results": {"white": ("weiss",)},
}

#: Attendance letters a club types in its own language -> the built-in code: the one table
#: is in keizer_xl/i18n (a translated message shows the club's letter too).
CODE_LETTERS: dict[str, dict[str, str]] = _CODE_LETTERS


def sheet_name(kind: str, lang: str) -> str:
    """The name the engine writes (and the template uses) for ``kind`` in ``lang``."""
    return SHEETS[kind].get(lang, SHEETS[kind]["en"])


def header(kind: str, key: str, lang: str) -> str:
    names = COLUMNS[kind][key]
    return names.get(lang, names["en"])


def headers(kind: str, lang: str, keys: Iterable[str] | None = None) -> dict[str, str]:
    """Column key -> header in ``lang`` (all of ``kind``'s columns, or ``keys``)."""
    return {k: header(kind, k, lang) for k in (keys if keys is not None else COLUMNS[kind])}


def sheet_names_read(kind: str) -> frozenset[str]:
    """Every name ``kind`` is read under, casefolded."""
    return frozenset([n.casefold() for n in SHEETS[kind].values()]
                     + list(SHEET_ALIASES.get(kind, ())))


def header_aliases(kind: str) -> dict[str, tuple[str, ...]]:
    """Column key -> every header it is read under, casefolded (all languages, then aliases)."""
    out: dict[str, tuple[str, ...]] = {}
    for key, names in COLUMNS[kind].items():
        spelled = [n.casefold() for n in names.values()] + list(COLUMN_ALIASES.get(kind, {}).get(key, ()))
        out[key] = tuple(dict.fromkeys(spelled))
    return out


#: Every name of every engine sheet: the sheets the engine owns and replaces on each run.
OWNED_SHEETS: tuple[str, ...] = tuple(dict.fromkeys(
    n for kind in ENGINE_SHEETS for n in (*SHEETS[kind].values(), *SHEET_ALIASES.get(kind, ()))))


def language_of_sheets(names: Iterable[str]) -> str:
    """The language of a workbook's input sheet names: the language most of them are named in
    (aliases count for their language: ``Deelnemers`` is Dutch); a tie, or no input sheet
    in any language but English, gives English."""
    votes: Counter[str] = Counter()
    for name in names:
        folded = name.strip().casefold()
        for kind in INPUT_SHEETS:
            for lang, spelled in SHEETS[kind].items():
                if spelled.casefold() == folded:
                    votes[lang] += 1
        if folded == "deelnemers":
            votes["nl"] += 1
        elif folded == "teilnehmer":
            votes["de"] += 1
    if not votes:
        return "en"
    best = max(votes.values())
    leaders = [lang for lang in LANGUAGES if votes[lang] == best]
    return leaders[0] if len(leaders) == 1 else "en"


def code_letters(lang: str) -> dict[str, str]:
    """The workbook language's own attendance letters -> built-in code."""
    return dict(CODE_LETTERS.get(lang, {}))
