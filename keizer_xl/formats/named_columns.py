"""Rating lists with named columns (issue 37): the German DWZ export (``dsb``), the Dutch rating
list (``knsb``) and a club's own list (``club``: any table with a name column, or first name
and surname apart), each a CSV (``;``, ``,`` or tab; UTF-8 or Windows-1252) or an xlsx (its
first sheet), recognised by their header row; the columns each list has are tabled in
docs/rating-lists.md.  The DSB's national id is ``ZPS-Mgl-Nr`` (``C0327-012``).  Headers are
compared folded (case, accents, spaces, ``-`` and ``_`` left out).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterator, Sequence

from keizer_xl.core.player_match import fold
from keizer_xl.formats.listed import Listed, Wanted
from keizer_xl.sheets.tables import header_text

_COMMON: dict[str, tuple[str, ...]] = {
    "name": ("name", "naam", "nom", "spielername", "speler", "spieler", "player", "nomprenom"),
    "surname": ("surname", "lastname", "achternaam", "nachname", "familienaam"),
    "first": ("firstname", "voornaam", "vorname", "prenom"),
    "fide_id": ("fideid", "fidenr", "fidenummer", "idfide", "fide"),
    "rating": ("rating", "elo", "dwz", "wertung", "knsbrating", "eloclub"),
    "birth": ("birth", "born", "birthyear", "birthdate", "geboortedatum", "geboortejaar",
              "geboren", "geburtsdatum", "geburtsjahr", "datenaissance", "naissance"),
    "sex": ("sex", "gender", "geslacht", "geschlecht", "sexe"),
    "federation": ("federation", "fed", "federatie", "verband", "fideland", "land", "country"),
    "title": ("title", "titel", "titre", "fidetitel", "fidetitle", "tit"),
    "club": ("club", "vereniging", "verein", "clubnummer", "clubnr", "verenigingsnummer"),
    "national_id": ("nationalid", "memberid", "id", "lidnummer", "mitgliedsnummer", "matricule",
                    "stamnummer", "knsbid", "knsbnummer", "relatienummer"),
}

#: list kind -> field -> the folded headers it is read under
FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "dsb": {**_COMMON, "name": ("spielername",), "rating": ("dwz",), "club": ("zps", "vkz"),
            "national_id": ("mglnr",)},
    "knsb": {**_COMMON, "national_id": ("relatienummer", "relatienr", "relnr", "knsbnummer",
                                        "knsbid", "knsbnr"),
             "rating": ("rating", "knsbrating", "elo"), "sex": (*_COMMON["sex"], "s")},
    "club": _COMMON,
}

_REQUIRED: dict[str, tuple[str, ...]] = {"dsb": ("name", "national_id", "club"),
                                         "knsb": ("name", "national_id")}


def header_key(text: Any) -> str:
    return "".join(fold(str(text or "")).split())


def field_columns(keys: list[str], fields: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Each field's column: the first of its names among the folded headers ``keys``."""
    found = {f: next((keys.index(n) for n in names if n in keys), None) for f, names in fields.items()}
    return {f: at for f, at in found.items() if at is not None}


def _mapping(headers: Sequence[Any], kind: str) -> dict[str, int] | None:
    keys = [header_key(h) for h in headers]
    out = field_columns(keys, FIELDS[kind])
    if kind == "knsb" and not set(FIELDS["knsb"]["national_id"]) & set(keys):
        return None
    if not all(f in out for f in _REQUIRED.get(kind, ())):
        return None
    if "name" not in out and not ("surname" in out and "first" in out):
        return None
    return out


# -- the rows of a CSV or an xlsx -------------------------------------------------------------

def _decoded(data: bytes) -> str:
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start > len(data) - 4:  # a character cut by the 64 KiB of a sniff
            return data[:exc.start].decode("utf-8")
        return data.decode("cp1252", errors="replace")


def _rows(path: Path, head: bytes | None = None) -> Iterator[Sequence[Any]]:
    """The rows of the list (the header row first); ``head``: only those in these bytes."""
    if head is None:
        with path.open("rb") as f:
            start = f.read(4)
    else:
        start = head
    if start.startswith(b"PK"):
        from openpyxl import load_workbook

        book = load_workbook(path, read_only=True, data_only=True)
        try:
            sheet = book.worksheets[0]
            for i, row in enumerate(sheet.iter_rows(values_only=True)):
                if head is not None and i > 0:
                    return
                yield row
        finally:
            book.close()
        return
    text = _decoded(head) if head is not None else _decoded(path.read_bytes())
    lines = io.StringIO(text)
    first = text.split("\n", 1)[0]
    yield from csv.reader(lines, delimiter=max(";,\t", key=first.count))


def sniffer(kind: str) -> Callable[[Path, bytes], bool]:
    def sniff(path: Path, head: bytes) -> bool:
        try:
            first = next(iter(_rows(path, head)), None)
        except Exception:  # not a table at all
            return False
        return first is not None and _mapping(first, kind) is not None
    return sniff


def reader(kind: str) -> Callable[[Path, Wanted], Iterator[Listed]]:
    def read(path: Path, wanted: Wanted) -> Iterator[Listed]:
        rows = iter(_rows(path))
        at = _mapping(next(rows, ()), kind)
        if at is None:
            return
        for row in rows:
            entry = listed_from_row(row, at, kind)
            if entry is not None:
                yield entry
    return read


def birth_text(value: Any) -> str:
    """``1985``, ``1985-03-02``: a list's birth field as the Players sheet gets it."""
    if value is None:
        return ""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    if text.isdigit():
        return text if len(text) == 4 and int(text) > 0 else ""
    for form in ("%d.%m.%Y", "%d-%m-%Y", "%d/%m/%Y", "%Y-%m-%d", "%Y/%m/%d", "%Y-%m-%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(text, form).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return ""


def sex_letter(value: Any) -> str:
    text = fold(str(value or ""))
    if text in ("m", "h", "man", "male", "mannlich", "homme", "masculin"):
        return "M"
    if text in ("f", "w", "v", "vrouw", "female", "weiblich", "femme", "feminin"):
        return "F"
    return ""


def listed_from_row(row: Sequence[Any], at: dict[str, int], kind: str) -> Listed | None:
    def get(field: str) -> Any:
        i = at.get(field)
        return row[i] if i is not None and i < len(row) else None

    name = header_text(get("name"))
    if not name and (get("surname") or get("first")):
        name = f"{header_text(get('surname'))}, {header_text(get('first'))}".strip(", ")
    if kind == "dsb":  # "Surname,First,Title": the title is not part of the name
        name = ",".join(name.split(",")[:2])
    if not name:
        return None
    rating = header_text(get("rating"))
    rated = rating.replace(".", "", 1).isdigit() and float(rating) > 0
    national, club = header_text(get("national_id")), header_text(get("club"))
    if kind == "dsb" and national and club:
        national = f"{club}-{national}"
    return Listed(name=name, fide_id=header_text(get("fide_id")).lstrip("0") or "",
                  national_id=national, club=club,
                  rating=int(float(rating)) if rated else None,
                  federation=header_text(get("federation")).upper(), birth=birth_text(get("birth")),
                  sex=sex_letter(get("sex")), title=header_text(get("title")))
