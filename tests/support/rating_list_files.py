"""Rating lists built byte by byte from their published layouts (issue 37), for the readers'
and the command's tests and the benchmark: FIDE's fixed-width TXT and XML, a dBASE III
``Player.dbf``, the DSB's DWZ CSV, the KNSB's list, a club's CSV."""
from __future__ import annotations

import datetime as dt
import struct
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterable, Sequence

# FIDE players_list_foa.txt: the header words and where each column starts
FIDE_TXT_COLUMNS = (("ID Number", 0), ("Name", 15), ("Fed", 76), ("Sex", 80), ("Tit", 84),
                    ("WTit", 89), ("OTit", 94), ("FOA", 109), ("SRtng", 113), ("SGm", 119),
                    ("SK", 123), ("RRtng", 126), ("RGm", 132), ("Rk", 136), ("BRtng", 139),
                    ("BGm", 145), ("BK", 149), ("B-day", 152), ("Flag", 158))


@dataclass(frozen=True)
class P:
    """One listed player as a test writes him."""

    fide_id: str
    name: str  # "Surname, First"
    fed: str = ""
    sex: str = "M"
    title: str = ""
    rating: int = 0
    born: int = 0
    club: str = ""
    national: str = ""


def _fixed(fields: dict[str, str]) -> str:
    line = ""
    for name, start in FIDE_TXT_COLUMNS:
        line = line.ljust(start) + fields.get(name, "")
    return line.rstrip()


def fide_txt_header() -> str:
    return _fixed({name: name for name, _ in FIDE_TXT_COLUMNS})


def fide_txt_line(p: P) -> str:
    return _fixed({"ID Number": p.fide_id, "Name": p.name, "Fed": p.fed, "Sex": p.sex,
                   "Tit": p.title, "SRtng": str(p.rating) if p.rating else "",
                   "SGm": "0" if p.rating else "", "SK": "20" if p.rating else "",
                   "B-day": str(p.born) if p.born else ""})


def write_fide_txt(path: Path, players: Iterable[P]) -> Path:
    with path.open("w", encoding="utf-8", newline="\r\n") as f:
        f.write(fide_txt_header() + "\n")
        for p in players:
            f.write(fide_txt_line(p) + "\n")
    return path


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def fide_xml_player(p: P) -> str:
    return (f"<player><fideid>{p.fide_id}</fideid><name>{_esc(p.name)}</name>"
            f"<country>{p.fed}</country><sex>{p.sex}</sex><title>{p.title}</title>"
            f"<w_title></w_title><o_title></o_title><foa_title></foa_title>"
            f"<rating>{p.rating or ''}</rating><games>0</games><k>{20 if p.rating else ''}</k>"
            f"<rapid_rating></rapid_rating><rapid_games></rapid_games><rapid_k></rapid_k>"
            f"<blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k>"
            f"<birthday>{p.born or ''}</birthday><flag></flag></player>\n")


def write_fide_xml(path: Path, players: Iterable[P]) -> Path:
    with path.open("w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for p in players:
            f.write(fide_xml_player(p))
        f.write("</playerslist>\n")
    return path


def write_dbf(path: Path, fields: Sequence[tuple[str, str, int]],
              records: Sequence[Sequence[object]], encoding: str = "cp1252") -> Path:
    """A dBASE III table: ``fields`` (name, type C or N, length), one tuple per record."""
    record_length = 1 + sum(length for _, _, length in fields)
    header_length = 32 + 32 * len(fields) + 1
    today = dt.date(2026, 12, 1)
    out = bytearray(struct.pack("<BBBBIHH", 0x03, today.year - 1900, today.month, today.day,
                                len(records), header_length, record_length))
    out += bytes(17) + b"\x57" + bytes(2)  # reserved, language driver (ANSI), reserved
    for name, kind, length in fields:
        out += name.encode("ascii").ljust(11, b"\0") + kind.encode("ascii") + bytes(4)
        out += bytes([length, 0]) + bytes(14)
    out += b"\r"
    for record in records:
        out += b" "
        for (_, kind, length), value in zip(fields, record, strict=True):
            text = "" if value is None else str(value)
            raw = text.encode(encoding)[:length]
            out += raw.rjust(length) if kind == "N" else raw.ljust(length)
    out += b"\x1a"
    path.write_bytes(bytes(out))
    return path


def write_csv(path: Path, rows: Sequence[Sequence[object]], delimiter: str = ";",
              encoding: str = "utf-8") -> Path:
    text = "".join(delimiter.join("" if v is None else str(v) for v in row) + "\r\n"
                   for row in rows)
    path.write_bytes(text.encode(encoding))
    return path
