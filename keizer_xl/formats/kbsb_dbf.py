"""The Belgian federation's member list, ``Player.dbf`` (issue 37; KEIZER-RULES.md section 11):
a dBASE table read with ``dbfread``, its fields found by name, folded (as
``formats/named_columns.py`` does for CSV; the names each field goes by: :data:`DBF_FIELDS`).
"""
from __future__ import annotations

import struct
from pathlib import Path
from collections.abc import Iterator

from keizer_xl.formats.listed import Listed, Wanted
from keizer_xl.formats.named_columns import FIELDS, field_columns, header_key, listed_from_row

#: field -> the folded field names of the dbf it is read under (then the club list's names)
DBF_FIELDS: dict[str, tuple[str, ...]] = {
    **FIELDS["club"],
    "national_id": ("matricule", "stamnummer", "idbel", "mat", "idnumber"),
    "name": ("nom", "naam", "name", "nomprenom", "naamvoornaam"),
    "surname": ("nomfamille", "achternaam", "surname"),
    "first": ("prenom", "voornaam", "firstname"),
    "club": ("club", "clubnr", "clubnummer", "numclub"),
    "rating": ("elo", "elobel", "rating", "eloclub"),
    "fide_id": ("fide", "idfide", "fideid", "matfide"),
    "birth": ("dnaiss", "naissance", "datenaiss", "geboren", "birth", "birthdate"),
    "sex": ("sexe", "sex", "geslacht"),
    "federation": ("fed", "federation", "natfide"),
}

_VERSIONS = {0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8B, 0xCB, 0xF5, 0xFB}


def is_dbf(path: Path, head: bytes) -> bool:
    """A dBASE table: its version byte, a valid last-update date, a header closed by 0x0D."""
    if len(head) < 33 or head[0] not in _VERSIONS:
        return False
    month, day = head[2], head[3]
    header_length, record_length = struct.unpack_from("<HH", head, 8)
    if not (1 <= month <= 12 and 1 <= day <= 31 and header_length >= 33 and record_length >= 1):
        return False
    return bool(header_length > len(head) or head[header_length - 1] == 0x0D)


def read(path: Path, wanted: Wanted) -> Iterator[Listed]:
    from dbfread import DBF

    table = DBF(str(path), encoding="cp1252", char_decode_errors="replace", ignore_missing_memofile=True)
    at = field_columns([header_key(n) for n in table.field_names], DBF_FIELDS)
    for record in table:
        values = list(record.values())
        entry = listed_from_row(values, at, "kbsb")
        if entry is not None:
            yield entry
