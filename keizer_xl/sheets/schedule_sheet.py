"""The Schedule sheet (issue 36, nl ``Speelschema``, de ``Spielplan``, fr ``Calendrier``): every
round of every round robin in one table (Round, Board, White, Black, Result, and what the
game is: postponed, a forfeit for a withdrawal, annulled, the bye); with groups a Group column
first.  In the workbook's language."""
from __future__ import annotations

from collections.abc import Sequence

from keizer_xl.core.round_robin import Scheduled
from keizer_xl.errors import N_
from keizer_xl.i18n import translator
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Layout, Rows, SheetStyle, sheet_layout
from keizer_xl.sheets.report_sheets import titled
from keizer_xl.sheets.titles import RunContext

#: the words of a game's state (core/round_robin.Scheduled.state); "played" and "to play"
#: say nothing on the sheet
STATES = {"postponed": N_("postponed"), "forfeit": N_("forfeit (withdrawn)"),
          "annulled": N_("annulled (withdrawn)"), "bye": N_("bye")}


def schedule_layout(groups: Sequence[tuple[str, Sequence[Scheduled]]], lang: str = "en",
                    context: RunContext | None = None) -> Layout:
    """``groups``: each round robin's group ("" for the season's) and its games in round
    order."""
    tr = translator(lang)
    h = schema.headers("Schedule", lang)
    grouped = any(g for g, _ in groups)
    columns = ((h["group"],) if grouped else ()) + (h["round"], h["board"], h["white"],
                                                    h["black"], h["result"], h["note"])
    rows = []
    for group, games in groups:
        for s in games:
            result = (tr("bye") if s.state == "bye" else s.result.value if s.result else None)
            note = tr(STATES[s.state]) if s.state in STATES and s.state != "bye" else None
            rows.append(((group,) if grouped else ()) + (s.round, s.board, s.white,
                                                         s.black or None, result, note))
    style = SheetStyle(widths={h["white"]: 24, h["black"]: 24, h["result"]: 9,
                               h["note"]: 22, h["round"]: 7, h["board"]: 7},
                       number_formats={h["board"]: "0_0_0"})  # a gap before the name
    return sheet_layout(Rows(columns, tuple(rows)), titled(style, "schedule", None, context,
                                                            lang))
