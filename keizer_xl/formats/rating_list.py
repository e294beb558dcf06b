"""Rating lists (issue 37): what every list gives (:class:`Listed`), what a lookup wants from
it (:class:`Wanted`), and THE table of list kinds (:data:`READERS`), each recognised from the
file's first bytes and read by its own module.  A list is streamed: a reader yields only the
entries a :class:`Wanted` may want (ids, a name, a part of a name, a club), so FIDE's 1.2
million players are never all in memory.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Iterator

from keizer_xl.errors import N_, Message, UsageError
from keizer_xl.formats import fide_list, kbsb_dbf, named_columns
from keizer_xl.formats.listed import Listed, Wanted


#: a reader: the entries of the list at a path that a lookup may want
ListReader = Callable[[Path, Wanted], Iterator[Listed]]


@dataclass(frozen=True)
class ListKind:
    """One kind of list: its ``key``, how it is recognised (``sniff`` on the first 64 KiB),
    its reader, the Players column its national id goes to (``knsb_id`` or ``national_id``),
    the federation of a player it does not name, and whether it has clubs."""

    key: str
    label: str
    sniff: Callable[[Path, bytes], bool]
    read: ListReader
    national_column: str = "national_id"
    federation: str = ""
    has_clubs: bool = True


#: THE table of list kinds, in the order they are tried (the club's own list last: any table
#: with a name column is one)
READERS: tuple[ListKind, ...] = (
    ListKind("fide-txt", N_("FIDE players list (TXT)"), fide_list.is_txt, fide_list.read_txt,
             has_clubs=False),
    ListKind("fide-xml", N_("FIDE players list (XML)"), fide_list.is_xml, fide_list.read_xml,
             has_clubs=False),
    ListKind("kbsb", N_("KBSB/FRBE Player.dbf"), kbsb_dbf.is_dbf, kbsb_dbf.read, federation="BEL"),
    ListKind("dsb", N_("DSB DWZ export"), named_columns.sniffer("dsb"), named_columns.reader("dsb"),
             federation="GER"),
    ListKind("knsb", N_("KNSB rating list"), named_columns.sniffer("knsb"),
             named_columns.reader("knsb"), national_column="knsb_id", federation="NED"),
    ListKind("club", N_("club list"), named_columns.sniffer("club"), named_columns.reader("club")),
)


def list_kind(path: Path) -> ListKind:
    """The kind of the list at ``path``, from its first bytes; a usage error naming what was
    expected when it is none of them."""
    try:
        with path.open("rb") as f:
            head = f.read(65536)
    except OSError as exc:
        raise UsageError(Message("cannot read the rating list {path}: {reason}", path=str(path),
                             reason=exc.strerror or str(exc))) from exc
    for kind in READERS:
        if kind.sniff(path, head):
            return kind
    raise UsageError(Message(
        "{path} is not a rating list this program reads: expected FIDE's players list (TXT or "
        "XML), the Belgian Player.dbf, the German DWZ export (CSV), the Dutch rating list (CSV "
        "or xlsx) or a CSV/xlsx with a Name column", path=str(path)))


def open_list(path: Path, wanted: Wanted) -> tuple[ListKind, Iterator[Listed]]:
    """The kind of list and the entries ``wanted`` may want (the reader filters cheaply; the
    caller's :meth:`Wanted.wants` decides)."""
    kind = list_kind(path)
    return kind, (e for e in kind.read(path, wanted) if wanted.wants(e))
