"""FIDE's monthly players list (issue 37; ratings.fide.com/download): ``players_list_foa.txt``
(fixed width, the columns where the header line's words start) and ``players_list_xml_foa.xml``
(``<playerslist><player><fideid>, <name>, ...``), about 1.2 million players each.  A lookup
wants a few dozen, so each line or ``<player>`` is first tested on its raw bytes (the id, the
name's words folded and sorted, a part of a name) and only those that pass are parsed (by
columns, or by ElementTree); nothing is kept but the chunk being read.
``tests/formats/test_rating_lists.py`` checks the fast path against ElementTree's iterparse.
"""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from collections.abc import Iterator

from keizer_xl.core.player_match import ASCII_FOLD, fold, list_keys
from keizer_xl.formats.listed import Listed, Wanted

_CHUNK = 1 << 22  # 4 MiB of XML at a time


def is_txt(path: Path, head: bytes) -> bool:
    return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"ID Number")


def is_xml(path: Path, head: bytes) -> bool:
    return b"<playerslist" in head[:4096]


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # older lists: Latin-1
        return raw.decode("latin-1")


class _Test:
    """The cheap test on a raw name and id."""

    def __init__(self, wanted: Wanted):
        self.ids = {i.encode("ascii", "replace") for i in wanted.ids}
        self.names = wanted.names
        self.ascii_names = {n.encode("utf-8") for n in wanted.names}
        #: every word of those names: an ASCII name whose first word is none of them is not
        #: wanted (one split, no sort, for nearly every line)
        self.words = {w for n in self.ascii_names for w in n.split()}
        self.parts = [max(v.split(), key=len) for p in wanted.parts
                      for v in {fold(p), fold(p, umlaut_e=True)} if v]
        self.everything = wanted.everything

    def passes(self, raw_id: bytes, raw_name: bytes) -> bool:
        if self.everything or raw_id.strip() in self.ids:
            return True
        plain = raw_name.isascii() and b"&" not in raw_name
        if plain:
            if b" ".join(sorted(raw_name.translate(ASCII_FOLD).split())) in self.ascii_names:
                return True
        else:
            text = unescape(_text(raw_name))
            if not self.names.isdisjoint(list_keys(text)):
                return True
        if self.parts:
            name = (raw_name.lower().decode("ascii") if plain
                    else f"{fold(text)} {fold(text, umlaut_e=True)}")
            return any(p in name for p in self.parts)
        return False


# -- the text list ----------------------------------------------------------------------------

def txt_columns(header: str) -> dict[str, tuple[int, int]]:
    """Each header word -> (start, end) of its column: from where it starts to where the next
    starts (the last to the end of the line)."""
    found = [(m.group(), m.start()) for m in re.finditer(r"ID Number|\S+", header.rstrip("\r\n"))]
    return {name: (start, found[i + 1][1] if i + 1 < len(found) else 10_000)
            for i, (name, start) in enumerate(found)}


def _txt_entry(line: str, cols: dict[str, tuple[int, int]]) -> Listed:
    def get(name: str) -> str:
        span = cols.get(name)
        return line[span[0]:span[1]].strip() if span else ""

    rating = get("SRtng")
    born = get("B-day")
    return Listed(name=get("Name"), fide_id=get("ID Number"),
                  rating=int(rating) if rating.isdigit() and int(rating) else None,
                  federation=get("Fed"), birth=born if born.isdigit() and int(born) else "",
                  sex=get("Sex"), title=get("Tit") or get("WTit"))


def read_txt(path: Path, wanted: Wanted) -> Iterator[Listed]:
    test = _Test(wanted)
    ids, names, words = test.ids, test.ascii_names, test.words
    fast = not test.parts and not test.everything
    with path.open("rb") as f:
        header = _text(f.readline().removeprefix(b"\xef\xbb\xbf"))
        cols = txt_columns(header)
        id_end = cols["ID Number"][1]
        start, end = cols.get("Name", (id_end, id_end + 61))
        for raw in f:
            if raw.isascii():
                if fast:  # the usual lookup, inlined: one line in a million is wanted
                    folded = raw[start:end].translate(ASCII_FOLD)
                    head = folded.split(None, 1)
                    if (head and head[0] in words
                            and b" ".join(sorted(folded.split())) in names) \
                            or raw[:id_end].strip() in ids:
                        yield _txt_entry(raw.decode("ascii"), cols)
                elif test.passes(raw[:id_end], raw[start:end]):
                    yield _txt_entry(raw.decode("ascii"), cols)
                continue
            line = _text(raw)  # columns counted in characters
            if not line.strip():
                continue
            if test.passes(line[:id_end].encode("ascii", "replace"),
                           line[start:end].encode("utf-8")):
                yield _txt_entry(line, cols)


# -- the XML list -----------------------------------------------------------------------------

_PLAYER_FAST = re.compile(rb"<player>\s*<fideid>([^<]*)</fideid>\s*<name>([^<]*)</name>")
_FIELD = re.compile(rb"<(fideid|name)>([^<]*)</\1>")


def listed_from_xml(element: object) -> Listed:
    """A ``<player>`` element (ElementTree) as a :class:`Listed`."""
    def get(tag: str) -> str:
        child = element.find(tag)  # type: ignore[attr-defined]
        return (child.text or "").strip() if child is not None else ""

    rating, born = get("rating"), get("birthday")
    return Listed(name=get("name"), fide_id=get("fideid"),
                  rating=int(rating) if rating.isdigit() and int(rating) else None,
                  federation=get("country"), birth=born if born.isdigit() and int(born) else "",
                  sex=get("sex"), title=get("title") or get("w_title"))


def _blocks(chunk: bytes, test: _Test) -> Iterator[bytes]:
    """The ``<player>`` blocks of ``chunk`` (whole blocks only) that pass the cheap test."""
    pairs = _PLAYER_FAST.findall(chunk)
    if len(pairs) == chunk.count(b"<player>"):
        ids, names = test.ids, test.ascii_names
        if test.parts or test.everything:
            wanted = {pair for pair in pairs if test.passes(*pair)}
        else:  # the usual lookup, inlined: one <player> in a million is wanted
            wanted, words = set(), test.words
            for fide_id, name in pairs:
                folded = name.translate(ASCII_FOLD)
                head = folded.split(None, 1)
                if head and head[0] in words and name.isascii() and b"&" not in name:
                    if b" ".join(sorted(folded.split())) in names or fide_id in ids:
                        wanted.add((fide_id, name))
                elif (fide_id in ids or not name.isascii() or b"&" in name) \
                        and test.passes(fide_id, name):
                    wanted.add((fide_id, name))
        yield from _found(chunk, wanted)
        return
    # another order of the fields: each block looked at on its own (slower, never wrong)
    start = chunk.find(b"<player>")
    while start >= 0:
        end = chunk.find(b"</player>", start)
        block = chunk[start:end + len(b"</player>")]
        fields = dict(_FIELD.findall(block))
        if test.passes(fields.get(b"fideid", b""), fields.get(b"name", b"")):
            yield block
        start = chunk.find(b"<player>", end)


def _found(chunk: bytes, wanted: set[tuple[bytes, bytes]]) -> Iterator[bytes]:
    """The blocks of ``chunk`` with these (id, name) pairs, in the file's order: each found by
    its id's element (its name's when the id is empty), then checked whole."""
    starts: set[int] = set()
    for fide_id, name in wanted:
        marker = b"<fideid>" + fide_id + b"</fideid>" if fide_id else b"<name>" + name + b"</name>"
        at = chunk.find(marker)
        while at >= 0:
            start = chunk.rfind(b"<player>", 0, at)
            m = _PLAYER_FAST.match(chunk, start)
            if m is not None and m.groups() == (fide_id, name):
                starts.add(start)
            at = chunk.find(marker, at + 1)
    for start in sorted(starts):
        end = chunk.find(b"</player>", start)
        yield chunk[start:end + len(b"</player>")]


def read_xml(path: Path, wanted: Wanted) -> Iterator[Listed]:
    from defusedxml.ElementTree import fromstring

    test = _Test(wanted)
    rest = b""
    with path.open("rb") as f:
        while True:
            data = f.read(_CHUNK)
            chunk = rest + data
            cut = chunk.rfind(b"</player>") + len(b"</player>") if data else len(chunk)
            if cut < len(b"</player>"):
                cut = 0
            rest = chunk[cut:]
            for block in _blocks(chunk[:cut], test):
                yield listed_from_xml(fromstring(block))
            if not data:
                return
