"""A round robin's standings as the classic crosstable (issue 36): Rank, pairing number, Name,
one column per pairing number with the results (``1``, ``½``, ``0``, a forfeit as the language
marks it everywhere: en 1F/0F, nl 1R/0R, de +/-; both cycles' in one cell), Points and the
FIDE tie-break columns; best first.  Read from the row model (core/rows.py); the Standings sheet's block of a
round-robin group, and the rows the HTML page, JSON and CSV show.  Up to 16 players print on
one A4 page (fit to its width, landscape from 11 players)."""
from __future__ import annotations

from collections.abc import Sequence

from keizer_xl.core.numbers import display
from keizer_xl.core.rows import Part
from keizer_xl.i18n import translator
from keizer_xl.sheets.glyphs import printed_width
from keizer_xl.sheets.layout import Layout, Rows, SheetStyle, sheet_layout
from keizer_xl.sheets.report_sheets import titled
from keizer_xl.sheets.titles import MARKS, RunContext

#: the cell where a player meets himself
SELF = "\u00d7"  # the multiplication sign


def crosstable_rows(part: Part, lang: str = "en") -> Rows:
    """A round robin's part as the crosstable's rows, headed in ``lang`` (the acronyms stay)."""
    tr = translator(lang)
    by_number = sorted(part.rows, key=lambda r: r.number or 0)
    columns = (tr("Rank"), tr("No."), tr("Name"), *(str(r.number) for r in by_number),
               tr("Points"), *part.tiebreaks)
    # a forfeit as the language marks it in every other table (titles.MARKS: nl 1R 0R, de + -)
    forfeits = {MARKS["forfeit_win"], MARKS["forfeit_loss"]}
    rows = []
    for r in part.rows:
        cells = tuple(SELF if o.number == r.number else " ".join(
            tr(t) if t in forfeits else t for t in r.cells[(o.number or 1) - 1].split()) or None
            for o in by_number)
        rows.append(("-" if r.place is None else r.place, r.number, r.name, *cells,
                     display(r.score),
                     *(None if v is None else display(v) for v in r.tiebreaks)))
    return Rows(columns, tuple(rows))


def crosstable_layout(part: Part, notes: Sequence[str] = (), lang: str = "en",
                      context: RunContext | None = None) -> Layout:
    """The crosstable as a sheet (or a group's block): narrow result columns, one page wide."""
    rows = crosstable_rows(part, lang)
    widths = {}
    for j, head in enumerate(rows.columns):
        shown = [printed_width(str(row[j])) for row in rows.rows if row[j] is not None]
        widths[head] = max([printed_width(head, bold=True), 2.0, *shown]) + 1.0
    style = SheetStyle(widths=widths, landscape=len(part.rows) > 10, notes=tuple(notes),
                       align={str(c): "center" for c in
                              (rows.columns[1], *rows.columns[3:-1 - len(part.tiebreaks)])},
                       highlight_rows=3)
    return sheet_layout(rows, titled(style, "standings", part.round, context, lang))
