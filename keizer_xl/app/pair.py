"""``pair``: pair the next round, write ``Pairings`` and append its games to ``Results``.

Which round, who is present and which ranking pairs are the core's
(:mod:`keizer_xl.core.pairing_round`, :func:`keizer_xl.core.group_rounds.group_next_round`);
this module runs them and the pairing, and composes the sheets.  With groups (docs/groups.md)
each group is paired as a season of its own; the Pairings sheet always shows the blocks of
every group paired in that round (issue 23), the others read back from Results and Attendance.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from keizer_xl.core.competition import Competition
from keizer_xl.core.groups import group_names, has_groups
from keizer_xl.core.model import Game, Result, Season
from keizer_xl.core.pairing import Board, Pairing, pair_round
from keizer_xl.core.pairing_round import (missing_results, missing_results_error,
                                          pairing_ranking, plan_round, present_players,
                                          refuse_after_last_round)
from keizer_xl.core.round_robin import pair_round_robin
from keizer_xl.core.settings import RoundRobinOrder, System
from keizer_xl.errors import ActionError, Message
from keizer_xl.i18n import translate, translator
from keizer_xl.app.standings import find_group
from keizer_xl.sheets import schema
from keizer_xl.sheets.layout import Layout
from keizer_xl.sheets.ownership import claim
from keizer_xl.sheets.read import read_season
from keizer_xl.sheets.read_names import (result_round_numbers, workbook_language, find_sheet,
                                         result_header_map, find_columns, name_key)
from keizer_xl.sheets.titles import RunContext, run_context
from keizer_xl.sheets.report_sheets import pairings_layout

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book, Table

@dataclass(frozen=True)
class PairRequest:
    """``round``: the round to pair (None: the next); ``write``: write the sheets (else a dry
    run); ``force``: pair although the previous round lacks results; ``repair``: pair the
    round again; ``group``: only this group (with groups)."""

    round: int | None = None
    write: bool = True
    force: bool = False
    repair: bool = False
    group: str | None = None
    language: str | None = None  # the messages' (None: the workbook's)


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
    groups: tuple[tuple[str, PairingReport], ...] = ()
    # issue 23: the groups paired earlier in this round (``pair --group B``, then ``pair``),
    # as Results holds them: shown on the Pairings sheet with the groups paired now
    earlier: tuple[tuple[str, PairingReport], ...] = ()
    language: str = "en"  # the workbook's (its sheets are named in it)

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
    """Pair round ``rnd`` (default: the next round) without touching any sheet; with groups
    each group on its own (``group``: only that one), a round robin's from its Berger table."""
    if group is not None or has_groups(season):
        return _plan_groups(season, rnd, force=force, repair=repair, group=group)
    view = Competition(season)
    if view.system() is System.ROUND_ROBIN:
        return _plan_round_robin(view, "", rnd, repair=repair)
    return _plan_one(season, rnd, force=force, repair=repair)


def _plan_round_robin(view: Competition, group: str, rnd: int | None, *,
                      repair: bool) -> PairingReport:
    """Round ``rnd`` of ``group``'s round robin (default: its next round).  Missing results
    never hold it up: a game without one is postponed, played later under its own round."""
    season, rr = view.season, view.round_robin(group)
    field = set(rr.players)
    rounds = sorted({g.round for g in season.games if g.white in field}
                    | {b.round for b in season.byes if b.player in field})
    nxt = max(rounds[-1] + 1 if rounds else rr.first, rr.first)
    if rnd is None:
        rnd = rounds[-1] if repair and rounds else nxt
    refuse_after_last_round(season, rnd)
    if len(rr.players) < 2 or not rr.plays(rnd):
        raise ActionError(Message("round {round} is not a round of the round robin (rounds "
                                  "{first} to {last})", round=rnd, first=rr.first,
                                  last=max(rr.last, rr.first)))
    this = [g for g in season.games if g.round == rnd and g.white in field]
    if (this or any(b.round == rnd and b.player in field for b in season.byes)) and not repair:
        raise ActionError(Message("round {round} is already paired", round=rnd), hint="repair")
    done = [g for g in this if g.result.has_result]
    if repair and done:
        raise ActionError(Message("round {round} already has results (e.g. {white} - {black} at "
                                  "{cell}); it cannot be paired again", round=rnd,
                                  white=done[0].white, black=done[0].black, cell=done[0].origin))
    later = [r for r in rounds if r > rnd]
    if later:
        raise ActionError(Message("round {later} is already in Results; pairing round {round} "
                                  "now would change history", later=later[0], round=rnd),
                          usage=True)
    if rnd > nxt and not repair:
        raise ActionError(Message("round {round} cannot be paired yet: the next round to pair is "
                                  "{next}", round=rnd, next=nxt), usage=True)
    pairing, absent = pair_round_robin(season, rr, rnd)
    return PairingReport(pairing, absent, rr.players, repaired=repair)


def _next_round(view: Competition, group: str) -> int | None:
    """The round ``group`` pairs next; None for a round robin that is over."""
    nxt = view.next_round(group)
    if view.system(group) is System.ROUND_ROBIN:
        rr = view.round_robin(group)
        return max(nxt, rr.first) if nxt <= rr.last else None
    return nxt


def _plan_groups(season: Season, rnd: int | None, *, force: bool, repair: bool,
                 group: str | None) -> PairingReport:
    """Each group paired as a season of its members in that round (core/groups.py), in group
    order, its boards numbered on after the boards of the round already in Results (other
    groups').  The round: the group's next (``group``), or the earliest next round of any
    group; a group that has it paired already (or has fewer than two present) is left out
    with a note."""
    # (each group's round is the same round: one club evening)
    view = Competition(season)  # who is in which group in which round (issue 23)
    wanted = [find_group(season, group, view)] if group is not None else list(view.groups)
    if rnd is None and not repair:
        rnd = min((n for n in (_next_round(view, g) for g in wanted) if n is not None),
                  default=None)
        if rnd is None:  # every group's round robin is over
            rr = view.round_robin(wanted[0])
            raise ActionError(Message("round {round} is not a round of the round robin (rounds "
                                      "{first} to {last})", round=rr.last + 1, first=rr.first,
                                      last=rr.last))
    elif rnd is None:
        rnd = max(season.paired_rounds(), default=0) or None
    assert rnd is not None
    parts: list[tuple[str, PairingReport]] = []
    skipped: list[str] = []
    first_error: ActionError | None = None
    # every group's games of the round before without a result: said in one refusal
    lacking: list[tuple[tuple[Game, ...], tuple[Game, ...]]] = []
    for g in wanted:
        # a round robin's group from its Berger table, a Keizer group as a season of its own
        gs = None if view.system(g) is System.ROUND_ROBIN else view.group_season(g, rnd)
        try:
            parts.append((g, _plan_round_robin(view, g, rnd, repair=repair) if gs is None
                          else _plan_one(gs, rnd, force=force, repair=repair)))
        except ActionError as e:
            if gs is not None and e.hint == "force":  # results missing: said once, below
                lacking.append(missing_results(gs, rnd))
                continue
            # only a round robin's group, or a group that has this round already or too few
            # players for it, is left out; any other refusal (results missing, a later round
            # paired) stops the whole pairing
            if group is not None or not (gs is None or (_has_round(gs, rnd) and not repair)
                                         or len(present_players(gs, rnd)[0]) < 2):
                raise
            first_error = first_error or e
            skipped.append(Message("group {group}: {reason}", group=g,
                                   reason=e.args[0] if e.args else str(e)))
    refusal = missing_results_error(lacking, rnd) if lacking else None
    if refusal is not None:
        raise refusal
    if not parts:
        assert first_error is not None
        raise first_error
    members = {n for _, r in parts for n in r.ranking}
    taken = [g.board for g in season.games if g.round == rnd and g.board is not None
             and not (repair and (g.white in members or g.black in members))]
    board = max(taken, default=0)
    numbered: list[tuple[str, PairingReport]] = []
    for g, r in parts:
        boards = tuple(replace(b, board=b.board + board) for b in r.pairing.boards)
        kept = tuple(replace(b, board=b.board + board) for b in r.kept)
        board += len(boards)
        numbered.append((g, replace(r, pairing=replace(r.pairing, boards=boards), kept=kept)))
    byes = [r.pairing.bye for _, r in numbered if r.pairing.bye]
    notes = tuple(skipped) + tuple(Message("group {group}: {note}", group=g, note=n)
                                   for g, r in numbered for n in r.pairing.notes)
    whole = Pairing(rnd, tuple(b for _, r in numbered for b in r.pairing.boards),
                    byes[0] if len(byes) == 1 else None, notes)
    absent = {n: c for _, r in numbered for n, c in r.absent.items()}
    now = {g for g, _ in numbered}
    earlier = tuple((g, paired_group(view, g, rnd)) for g in view.groups
                    if g not in now and _has_round(view.group_season(g, rnd), rnd))
    return PairingReport(whole, absent, tuple(n for _, r in numbered for n in r.ranking),
                         repaired=repair, kept=tuple(b for _, r in numbered for b in r.kept),
                         groups=tuple(numbered), earlier=earlier)


def _has_round(season: Season, rnd: int) -> bool:
    return any(g.round == rnd for g in season.games) or any(b.round == rnd for b in season.byes)


def paired_group(view: Competition, group: str, rnd: int) -> PairingReport:
    """Round ``rnd`` of ``group`` as Results holds it (paired earlier): its boards in board
    order, its bye, its absent players and the ranking that paired it.  The pairing's own
    notes of that earlier run are not kept in the workbook, so none are shown."""
    gs = view.group_season(group, rnd)
    games = sorted((g for g in gs.games if g.round == rnd), key=lambda g: g.board or 0)
    boards = tuple(Board(g.board or 0, g.white, g.black) for g in games)
    byes = [b.player for b in gs.byes if b.round == rnd]
    ranking = pairing_ranking(gs, rnd)
    absent = {a.player: a.code for a in gs.absences if a.round == rnd}
    return PairingReport(Pairing(rnd, boards, byes[0] if byes else None, ()), absent, ranking)


def _plan_one(season: Season, rnd: int | None = None, *, force: bool = False,
              repair: bool = False) -> PairingReport:
    plan = plan_round(season, rnd, force=force, repair=repair)
    pairing = pair_round(plan.season, plan.round, list(plan.ranking), list(plan.present),
                         keep=list(plan.keep))
    return PairingReport(pairing, plan.absent, plan.ranking, repaired=repair, kept=plan.keep)


def pairing_tables(report: PairingReport, season: Season, lang: str,
                   ctx: RunContext) -> tuple[Layout, list[dict[str, Any]]]:
    """The Pairings sheet's layout and the rows to append to Results (the rows of the groups
    paired now; the groups paired earlier in the round are in Results already)."""
    p = report.pairing

    def one(r: PairingReport) -> Layout:
        # the pairing notes on the sheet in the workbook's language (the report keeps Messages)
        mine = replace(r.pairing, notes=tuple(translate(n, lang) for n in r.pairing.notes))
        return pairings_layout(mine, r.absent, r.ranking, season.settings.codes, lang, ctx)

    if report.groups:
        from keizer_xl.sheets.group_sheets import grouped_pairings_layout

        order = {g: i for i, g in enumerate(group_names(season))}
        every = sorted((*report.groups, *report.earlier), key=lambda x: order.get(x[0], 0))
        layout = grouped_pairings_layout([(g, one(r)) for g, r in every], p.round, lang, ctx)
    else:
        layout = one(report)
    kept = {(b.white, b.black) for b in report.kept}
    results_rows = [{"Round": p.round, "Board": b.board, "White": b.white, "Black": b.black,
                     "Result": "*" if (b.white, b.black) in kept else None} for b in p.boards]
    byes = [r.pairing.bye for _, r in report.groups] if report.groups else [p.bye]
    for bye in byes:
        if bye:
            # the bye in the club's word (Dutch vrij, German spielfrei; read in every language)
            results_rows.append({"Round": p.round, "Board": None, "White": bye, "Black": None,
                                 "Result": translator(lang).gettext("bye")})
    return layout, results_rows


def run(book: Book, request: PairRequest = PairRequest()) -> PairingReport:
    """The pair use case: pair the round, write ``Pairings`` and append the games to ``Results``
    (with groups: every group, or only the request's group)."""
    rnd, write, repair, group, language = (request.round, request.write, request.repair,
                                           request.group, request.language)
    if repair and rnd is None:  # the round just paired: the highest round in Results
        rnd = _last_round_in_results(book)
    # writing rewrites the Pairings sheet: a result typed only there is refused, never erased
    season = read_season(book, repair_round=rnd if repair else None, for_pairing=write,
                         language=language)
    lang = workbook_language(book, season.settings)
    if group is not None:  # refused in the messages' language
        find_group(season, group, Competition(season), language or lang)
    if repair and group is not None and has_groups(season):
        # one group paired again: read once more dropping only its members' boards of the
        # round, so the other groups' boards stay (their numbers, their block on the sheet)
        assert rnd is not None
        view = Competition(season)
        season = read_season(book, repair_round=rnd, for_pairing=write, repair_players=frozenset(
            view.members(find_group(season, group, view), rnd)), language=language)
    season, seed = _draw_lot(season)
    report = replace(plan_pairing(season, rnd, force=request.force, repair=repair, group=group),
                     language=lang)
    if write:
        # a club's own sheet of that name: refused, untouched (the Schedule: issue 36)
        claim(book, ("Pairings", "Schedule") if season.settings.round_robin else ("Pairings",),
              lang)
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
        if seed is not None:  # the draw by lot, kept so that it repeats (issue 36)
            _write_setting(book, "round_robin_seed", seed)
        if season.settings.round_robin:  # the round robins' schedule with this round
            from keizer_xl.app.schedule import write_schedule_sheet

            p = report.pairing
            write_schedule_sheet(book, replace(season, games=season.games + tuple(
                Game(p.round, b.white, b.black, Result.PENDING, b.board) for b in p.boards)),
                run_context(season.settings, book))
        book.save()
    return report


def _draw_lot(season: Season) -> tuple[Season, int | None]:
    """A round robin numbered by lot without a seed yet: the seed follows from the Players
    sheet's names (so ``pair --dry-run`` shows the draw ``pair`` writes) and is written to
    Settings with the pairing, so every later run draws the same numbers."""
    s = season.settings
    if not s.round_robin or s.round_robin_order != RoundRobinOrder.LOT or s.round_robin_seed:
        return season, None
    import hashlib

    digest = hashlib.sha256("\n".join(p.name for p in season.players).encode()).hexdigest()
    seed = int(digest, 16) % 999_999_999 + 1
    return replace(season, settings=replace(s, round_robin_seed=seed)), seed


def _write_setting(book: Book, key: str, value: object) -> None:
    sheet = find_sheet(book, "Settings")
    if sheet is None:
        return
    table = book.read_table(sheet)
    cols, headers = find_columns(table, "Settings", []), table.headers
    if "setting" in cols and "value" in cols:
        book.append_rows(sheet, [{headers[cols["setting"]]: key, headers[cols["value"]]: value}])


def _last_round_in_results(book: Book) -> int:
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
