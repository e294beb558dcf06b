"""The user-facing actions, written once against the table interface (tables.Book).

The CLI (openpyxl files), the Excel buttons (xlwings) and the LibreOffice macro all call these;
none of them prints or exits: they return what happened or raise InputError / ActionError.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Sequence, cast

from keizer_xl.app.check import CheckReport, check_report, check_workbook  # noqa: F401
from keizer_xl.app.standings import (PeriodReport, StandingsReport,  # noqa: F401
                                     compute_period_standings, compute_standings, find_group,
                                     not_yet_ranked, period_reports, standing_notes,
                                     standings_sheet, update_period_standings, update_standings,
                                     write_standings)
from keizer_xl.core.groups import has_groups
from keizer_xl.core.model import Player, Season
from keizer_xl.core.pairing import Board, Pairing
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translate
from keizer_xl.core.pairing_round import next_round, plan_round, present_players  # noqa: F401
from keizer_xl.sheets import schema
from keizer_xl.sheets.read import read_season, result_round_numbers, workbook_language
from keizer_xl.core.standings import compute_history
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.titles import RunContext, run_context

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book, Table


@dataclass(frozen=True)
class ActionRequest:
    """One action as a front end asks for it (issue 15: replaces the options dict the
    LibreOffice macro was handed and the fake argparse.Namespace ``pair`` on an ``.ods`` built).

    ``round``: pair that round / the standings after it; ``language``: the messages' language
    (None: the workbook's); ``front``: who words the outcome (``cli`` when ``keizer-xl
    lo-run`` or ``pair club.ods`` runs the macro, ``libreoffice`` for a button);
    ``format``: the command line's output format (table, json); ``label``: the workbook as the
    user named it.
    It travels to the macro as JSON (:meth:`to_json` / :meth:`from_json`)."""

    action: str
    round: int | None = None
    force: bool = False
    repair: bool = False
    language: str | None = None
    front: str = "libreoffice"
    format: str = "table"
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "round": self.round, "force": self.force,
                "repair": self.repair, "language": self.language, "front": self.front,
                "format": self.format, "label": self.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ActionRequest":
        """The request in ``data`` (keys it does not know, the macro's own, are left)."""
        rnd = data.get("round")
        return cls(action=str(data.get("action", "")),
                   round=None if rnd is None else int(rnd),
                   force=bool(data.get("force")), repair=bool(data.get("repair")),
                   language=data.get("language") or None,
                   front=str(data.get("front") or "libreoffice"),
                   format=str(data.get("format") or "table"), label=str(data.get("label") or ""))


# --------------------------------------------------------------------------- pairing

@dataclass(frozen=True)
class PairingReport:
    pairing: Pairing
    absent: dict[str, str]  # name -> attendance code
    ranking: tuple[str, ...]
    repaired: bool = False
    kept: tuple[Board, ...] = ()  # boards kept from the earlier pairing of this round (started: '*')
    # groups (issue 18): each group's own pairing, boards numbered on across the groups; the
    # report's own pairing is all of them together (its bye: the one bye, or None when
    # several groups have one: see ``groups``)
    groups: tuple[tuple[str, "PairingReport"], ...] = ()

    def as_json(self) -> dict[str, Any]:
        p = self.pairing
        out: dict[str, Any] = {
            "round": p.round,
            "boards": [{"board": b.board, "white": b.white, "black": b.black} for b in p.boards],
            "bye": p.bye,
            "absent": dict(self.absent),
            "notes": list(p.notes),
        }
        if self.groups:
            out["groups"] = [{"group": g, **r.as_json()} for g, r in self.groups]
        return out


def plan_pairing(season: Season, rnd: int | None = None, *, force: bool = False,
                 repair: bool = False, group: str | None = None) -> PairingReport:
    """Pair round ``rnd`` (default: the next round) without touching any sheet.

    Which round, who is present and which ranking pairs it are the pairing rules of
    :mod:`keizer_xl.core.pairing_round`; this only runs them and the pairing itself.  With
    groups (issue 18) every group is paired on its own (``group``: only that one)."""
    if group is not None or has_groups(season):
        return _plan_groups(season, rnd, force=force, repair=repair, group=group)
    return _plan_one(season, rnd, force=force, repair=repair)


def _plan_groups(season: Season, rnd: int | None, *, force: bool, repair: bool,
                 group: str | None) -> PairingReport:
    """Each group paired as a season of its own players (core/groups.py), in group order, its
    boards numbered on after the boards of the round already in Results (other groups').
    Without ``group``: the round is the earliest next round of any group, and a group that has
    it paired already (or has fewer than two present) is left out with a note."""
    # (each group's round is the same round: one club evening)
    from keizer_xl.core.competition import Competition

    view = Competition(season)  # who is in which group in which round (issue 23)
    wanted = [find_group(season, group, view)] if group is not None else list(view.groups)
    if rnd is None and not repair and group is not None:
        rnd = view.next_round(wanted[0])
    elif rnd is None and not repair:
        # the latest paired round again for a group that is behind in it (paired group by
        # group, and it has two present), else the round after it for all
        last = max(season.paired_rounds(), default=0)
        behind = False
        for g in wanted:
            gs = view.group_season(g, max(last, 1))
            if last and last not in gs.paired_rounds() and \
                    len(present_players(gs, last)[0]) >= 2:
                behind = True
        rnd = last if behind else last + 1
    elif rnd is None:
        rnd = max(season.paired_rounds(), default=0) or None
    assert rnd is not None
    parts: list[tuple[str, PairingReport]] = []
    skipped: list[str] = []
    first_error: ActionError | None = None
    for g in wanted:
        gs = view.group_season(g, rnd)
        # only a group that has this round already, or too few players for it, is left out;
        # any other refusal (results missing, a later round paired) stops the whole pairing
        paired = any(x.round == rnd for x in gs.games) or any(b.round == rnd for b in gs.byes)
        few = len(present_players(gs, rnd)[0]) < 2
        try:
            report = _plan_one(gs, rnd, force=force, repair=repair)
        except ActionError as e:
            if group is not None or not ((paired and not repair) or few):
                raise
            first_error = first_error or e
            skipped.append(Message("group {group}: {reason}", group=g, reason=e.args[0]
                                   if e.args else str(e)))
            continue
        parts.append((g, report))
    if not parts:
        assert first_error is not None
        raise first_error
    members = {n for _, r in parts for n in r.ranking}
    taken = [g.board for g in season.games if g.round == rnd and g.board is not None
             and not (repair and (g.white in members or g.black in members))]
    board = max(taken, default=0)
    numbered: list[tuple[str, PairingReport]] = []
    for g, r in parts:
        shift = board
        boards = tuple(replace(b, board=b.board + shift) for b in r.pairing.boards)
        kept = tuple(replace(b, board=b.board + shift) for b in r.kept)
        board += len(boards)
        numbered.append((g, replace(r, pairing=replace(r.pairing, boards=boards), kept=kept)))
    byes = [r.pairing.bye for _, r in numbered if r.pairing.bye]
    notes = tuple(skipped) + tuple(Message("group {group}: {note}", group=g, note=n)
                                   for g, r in numbered for n in r.pairing.notes)
    whole = Pairing(rnd, tuple(b for _, r in numbered for b in r.pairing.boards),
                    byes[0] if len(byes) == 1 else None, notes)
    absent = {n: c for _, r in numbered for n, c in r.absent.items()}
    return PairingReport(whole, absent, tuple(n for _, r in numbered for n in r.ranking),
                         repaired=repair, kept=tuple(b for _, r in numbered for b in r.kept),
                         groups=tuple(numbered))


def _plan_one(season: Season, rnd: int | None = None, *, force: bool = False,
              repair: bool = False) -> PairingReport:
    from keizer_xl.core.pairing import pair_round

    plan = plan_round(season, rnd, force=force, repair=repair)
    pairing = pair_round(plan.season, plan.round, list(plan.ranking), list(plan.present),
                         keep=list(plan.keep))
    return PairingReport(pairing, plan.absent, plan.ranking, repaired=repair, kept=plan.keep)


def pairing_tables(report: PairingReport, season: Season, lang: str = "en",
                   context: RunContext | None = None) -> tuple[Layout, list[dict[str, Any]]]:
    """The Pairings sheet's layout and the rows to append to Results."""
    from keizer_xl.sheets.report_sheets import pairings_layout

    p = report.pairing
    # the pairing notes on the sheet in the workbook's language (the report keeps Messages)
    shown = replace(p, notes=tuple(translate(n, lang) for n in p.notes))
    ctx = context or run_context(season.settings)
    if report.groups:
        from keizer_xl.sheets.report_sheets import grouped_pairings_layout

        parts = []
        for g, r in report.groups:
            mine = replace(r.pairing, notes=tuple(translate(n, lang) for n in r.pairing.notes))
            parts.append((g, pairings_layout(mine, r.absent, r.ranking, season.settings.codes,
                                             lang, ctx)))
        layout = grouped_pairings_layout(parts, p.round, lang, ctx)
    else:
        layout = pairings_layout(shown, report.absent, report.ranking, season.settings.codes,
                                 lang, ctx)
    kept = {(b.white, b.black) for b in report.kept}
    results_rows = [{"Round": p.round, "Board": b.board, "White": b.white, "Black": b.black,
                     "Result": "*" if (b.white, b.black) in kept else None} for b in p.boards]
    byes = [r.pairing.bye for _, r in report.groups] if report.groups else [p.bye]
    for bye in byes:
        if bye:
            results_rows.append({"Round": p.round, "Board": None, "White": bye, "Black": None,
                                 "Result": "bye"})
    return layout, results_rows


def pair_next_round(book: Book, rnd: int | None = None, *, write: bool = True, force: bool = False,
                    repair: bool = False, group: str | None = None) -> PairingReport:
    """Pair the round, write ``Pairings`` and append the games to ``Results`` (with groups:
    every group, or only ``group``)."""
    from keizer_xl.sheets.read import find_sheet, result_header_map

    if repair and rnd is None:  # the round just paired: the highest round in Results
        rnd = _last_round_in_results(book)
    # writing rewrites the Pairings sheet: a result typed only there is refused, never erased
    season = read_season(book, repair_round=rnd if repair else None, for_pairing=write)
    report = plan_pairing(season, rnd, force=force, repair=repair, group=group)
    if write:
        lang = workbook_language(book, season.settings)
        layout, rows = pairing_tables(report, season, lang, run_context(season.settings, book))
        results = find_sheet(book, "Results")
        if results is None:
            raise ActionError(Message("the workbook has no {sheet} sheet to append the games to",
                                      sheet=schema.sheet_name("Results", lang)))
        table = book.read_table(results)
        if report.repaired:
            drop = result_rows_of_round(table, report.pairing.round)
            if group is not None:  # only this group's rows (issue 18): its players' games
                drop = _rows_of_players(table, drop, set(report.ranking))
            book.delete_rows(results, drop)
        # Results first: if its rows cannot be added (something typed below the table), a live
        # book is left as it was and the transport's error says which cell is in the way
        header = result_header_map(table)
        book.append_rows(results, [{header[k]: v for k, v in row.items() if k in header}
                                   for row in rows])
        book.write_sheet(schema.sheet_name("Pairings", lang), layout)
        book.save()
    return report


def _last_round_in_results(book: Book) -> int:
    from keizer_xl.sheets.read import find_sheet

    name = find_sheet(book, "Results")
    if name is None:
        raise ActionError(Message("the workbook has no {sheet} sheet", sheet=schema.sheet_name(
            "Results", schema.language_of_sheets(book.sheet_names()))))
    rounds = [r for r in result_round_numbers(book.read_table(name)) if r is not None]
    if not rounds:
        raise ActionError(Message("no round has been paired yet: nothing to pair again"),
                          usage=True)
    return max(rounds)


def _rows_of_players(table: Table, rows: list[int], names: set[str]) -> list[int]:
    """Those of ``rows`` whose White is one of ``names`` (a group's games and bye)."""
    from keizer_xl.sheets.read import name_key, result_header_map

    white = result_header_map(table).get("White")
    if white is None:
        return rows
    j = table.headers.index(white)
    keys = {name_key(n) for n in names}
    return [i for i in rows if table.rows[i][j] is not None
            and name_key(table.rows[i][j]) in keys]


def result_rows_of_round(table: Table, rnd: int) -> list[int]:
    """The data rows of a Results table in round ``rnd``, found by the reader's own round
    parser (``3``, ``'R3'``, ``'Ronde 3'`` alike), so the rows replaced are the rows read."""
    return [i for i, r in enumerate(result_round_numbers(table)) if r == rnd]


# --------------------------------------------------------------------------- writing a season

def write_season(book: Book, season: Season, *, settings: bool = True) -> None:
    """Replace the rows of the four input sheets with ``season`` (samples, tests, batch).

    Works on any transport and in any language: the input tables keep their place, headers and
    formatting.  ``settings=False`` leaves the Settings sheet as it is (``import`` fills the
    template's own rows)."""
    from keizer_xl.sheets.read import find_sheet, input_frames

    for canonical, frame in input_frames(season).items():
        if canonical == "Settings" and not settings:
            continue
        name = find_sheet(book, canonical)
        if name is None:
            raise ActionError(Message("the workbook has no {sheet} sheet", sheet=canonical))
        table = book.read_table(name)
        if table.rows:
            book.delete_rows(name, list(range(len(table.rows))))
        lookup = _header_lookup(canonical, table.headers)
        rows = []
        for record in cast("list[dict[str, Any]]", frame.to_dict("records")):
            rows.append({lookup[k.casefold()]: (None if _missing(v) else v)
                         for k, v in record.items() if k.casefold() in lookup})
        book.append_rows(name, rows)


def _header_lookup(canonical: str, headers: Sequence[str]) -> dict[str, str]:
    """The frame's English column (casefolded) -> the table's header, in any language: a
    Dutch template's ``Naam`` takes the ``Name`` column (schema.py names every language)."""
    lookup = {str(h).casefold(): h for h in headers if h}
    for key, spelled in schema.header_aliases(canonical).items():
        for h in headers:
            if h and str(h).strip().casefold() in spelled:
                lookup.setdefault(schema.header(canonical, key, "en").casefold(), h)
    return lookup


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value)


# --------------------------------------------------------------------------- next season

@dataclass(frozen=True)
class NewSeasonPlan:
    """What next season's workbook holds (issue 18, the new season command): the players in
    their new start order (``Start`` 1..n, ratings carried), the withdrawn ones left out, the
    settings rows with ``season`` advanced, and the workbook language."""

    players: tuple[Player, ...]
    left_out: tuple[str, ...]
    settings_rows: tuple[tuple[str, str], ...]
    old_season: str
    new_season: str
    language: str
    final_round: int
    group_column: bool  # OLD has a Group column with something in it
    rounds: int = 40  # round columns in Attendance: as many as OLD had
    start: str = "ranking"  # ranking (OLD's final ranking) or rating


def advance_season_name(name: str) -> str | None:
    """``2025-2026`` -> ``2026-2027``, ``2025/26`` -> ``2026/27``, ``2025`` -> ``2026``,
    also inside a longer name (``Clubcompetitie 2025-2026``); None when no year is found."""
    import re

    def two(m: re.Match[str]) -> str:
        first, sep, second = m.group(1), m.group(2), m.group(3)
        width = len(second)
        return f"{int(first) + 1}{sep}{(int(second) + 1) % 10 ** width:0{width}d}"

    pair = re.compile(r"(?<!\d)(\d{4})\s*([-/–]\s*)(\d{4}|\d{2})(?!\d)")
    if pair.search(name):
        return pair.sub(two, name, count=1)
    single = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
    if single.search(name):
        return single.sub(lambda m: str(int(m.group(1)) + 1), name, count=1)
    return None


def plan_new_season(book: Book, start: str = "ranking", language: str | None = None
                    ) -> NewSeasonPlan:
    """Next season from OLD's final ranking (``start`` ``ranking``) or the rating order
    (``rating``: highest first, the unrated after them in final-ranking order)."""
    from keizer_xl.sheets.read import settings_rows

    season = read_season(book)
    lang = language or workbook_language(book, season.settings)
    last = season.last_round_with_results()
    order = list(compute_history(season, last).after(last).order)
    listed = set(order)
    order += [p.name for p in season.players if p.name not in listed]  # left (withdrawn remove)
    by_name = {p.name: p for p in season.players}
    left_out = tuple(n for n in order if by_name[n].withdrawn_round is not None)
    staying = [by_name[n] for n in order if by_name[n].withdrawn_round is None]
    if start == "rating":
        rated = sorted((p for p in staying if p.rating is not None),
                       key=lambda p: -(p.rating or 0))  # stable: equal ratings keep the ranking
        staying = rated + [p for p in staying if p.rating is None]
    players = tuple(Player(p.name, rating=p.rating, start=i, club=p.club, id=p.id, group=p.group,
                           categories=p.categories, sex=p.sex, birth=p.birth,
                           federation=p.federation, fide_id=p.fide_id, knsb_id=p.knsb_id)
                    for i, p in enumerate(staying, start=1))
    old_name = season.settings.season
    new_name = (advance_season_name(old_name) or old_name) if old_name else ""
    rows = []
    for key, text in settings_rows(season.settings):
        if key == "season":
            continue
        if key == "language":
            continue
        rows.append((key, text))
    rows += [("season", new_name)] if new_name else []
    rows += [("language", lang)] if lang != "en" or season.settings.language else []
    columns = max([last, *season.attendance_rounds]) or 40
    return NewSeasonPlan(players, left_out, tuple(rows), old_name, new_name, lang, last,
                         any(p.group for p in season.players), min(columns, 200))
