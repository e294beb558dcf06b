"""Publishing a season (``export --html`` / ``--csv``): one self-contained HTML page and the
standings as CSV.  Returns strings; the command line writes them.

The page has no external assets and no script: inline CSS (responsive, readable on a phone),
the rank chart as inline SVG, plain tables.  Every user string (names, season title) goes
through :func:`html.escape`, so a player called ``<script>`` is shown, never run.

CSV: a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula
to Excel and LibreOffice when the file is opened ("CSV injection").  Such a text cell is written
with a leading apostrophe, the spreadsheet convention for "this is text"; so is a text that
already starts with apostrophes followed by one of those characters, which keeps the rule
reversible (:func:`csv_unescape`).  Names like ``'t Hart`` are left as they are.
"""
from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING
from collections.abc import Callable, Sequence

from keizer_xl.analysis.history import number_text, top_players
from keizer_xl.app.export import ExportBlock, ExportRows, export_rows
from keizer_xl.app.schedule import rules_note
from keizer_xl.core.model import Season
from keizer_xl.core.numbers import display
from keizer_xl.core.engine import History
from keizer_xl.core.rows import HEAD, TAIL, Part
from keizer_xl.sheets import schema
from keizer_xl.sheets.crosstable_sheets import SELF, crosstable_rows
from keizer_xl.sheets.frames import crosstable_frame, rank_progression, part_records
from keizer_xl.sheets.group_sheets import period_heading
from keizer_xl.sheets.read import read_book
from keizer_xl.sheets.season_tables import standings_table
from keizer_xl.sheets.titles import WITHDRAWN_WORD, date_text, run_context, withdrawn_suffix
from keizer_xl.errors import N_
from keizer_xl.i18n import decimal_text, translator, translate

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

    from keizer_xl.i18n import Translator

_FORMULA_START = re.compile(r"'*[=+\-@\t\r]")


# --------------------------------------------------------------------------- the use case

@dataclass(frozen=True)
class PublishRequest:
    """``export BOOK --html`` / ``--csv``: ``title`` the page's title when the season has no
    ``season`` setting (the file name), ``language`` the words (None: the workbook's), the
    CSV's ``separator`` and ``decimal`` (None: the language's)."""

    title: str
    html: bool = False
    csv: bool = False
    language: str | None = None
    separator: str | None = None
    decimal: str | None = None


def publish(book: Book, request: PublishRequest) -> tuple[tuple[tuple[str, str, str], ...], str]:
    """The HTML page and/or the standings as CSV of ``book``: (content, suffix, encoding)
    each, read from the one competition view's rows (issue 23); and the workbook's language."""
    season, book_lang = read_book(book, request.language)
    rows = export_rows(season)
    lang = request.language or book_lang
    outputs = []
    if request.html:
        outputs.append((page_html(season, request.title, lang, rows), ".html", "utf-8"))
    if request.csv:  # a BOM so that Excel opens the names (Zoë, Müller) as UTF-8
        outputs.append((standings_csv([b.report.rows for b in rows.blocks], lang,
                                      separator=request.separator, decimal=request.decimal),
                        ".csv", "utf-8-sig"))
    return tuple(outputs), book_lang


# --------------------------------------------------------------------------- CSV

def csv_escape(text: str) -> str:
    return "'" + text if _FORMULA_START.match(text) else text


def csv_unescape(text: str) -> str:
    """Inverse of :func:`csv_escape`."""
    return text[1:] if text.startswith("'") and _FORMULA_START.match(text[1:]) else text


#: Dutch and German Excel split a CSV on ';' and read 12,5 as a number (their list separator
#: and decimal sign); English Excel expects ',' and '.'.
CSV_CONVENTIONS = {"en": (",", "."), "nl": (";", ","), "de": (";", ","), "fr": (";", ",")}


def standings_csv(parts: Sequence[Part], lang: str = "en", *, separator: str | None = None,
                  decimal: str | None = None, category: str | None = None) -> str:
    """The standings as the Standings sheet has them, read from the row model (core/rows.py),
    in ONE layout with or without groups: Group (empty without groups), Rank, Name, Score,
    Value, Prev value, Games, W, D, L, R1..Rk, Game points, TPR, headed in ``lang``; every
    group's rows one after the other; with ``category`` its rows (Rank within it) and two more
    columns, Category and Overall place; a round robin's No. and tie-breaks at the end.
    Numbers rounded to 2 decimals, names protected as above.  ``separator`` and ``decimal``
    default to the language's (CSV_CONVENTIONS): a double click opens it in columns in Excel."""
    default_sep, default_dec = CSV_CONVENTIONS.get(lang, CSV_CONVENTIONS["en"])
    separator = separator or default_sep
    decimal = decimal or default_dec
    if separator == decimal:
        raise ValueError(f"the separator and the decimal sign are both {separator!r}")
    rounds = max((p.round for p in parts), default=0)
    h = schema.headers("Standings", lang)
    head = ([schema.header("Players", "group", lang)] + [h[k] for k in HEAD]
            + [f"R{r}" for r in range(1, rounds + 1)] + [h[k] for k in TAIL])
    if category is not None:
        head += [schema.header("Players", "category", lang),
                 translator(lang)("Overall place")]
    width = len(HEAD) + rounds + len(TAIL) + 1  # the columns the sheet has, and Group
    # a round robin's rows add their pairing number and FIDE tie-breaks (issue 36)
    fide = tuple(dict.fromkeys(t for p in parts if p.round_robin for t in p.tiebreaks))
    head += [translator(lang)("No."), *fide] if fide else []
    lines: list[list[object]] = []
    for part in parts:
        rows = part.category(category) if category is not None else part.rows
        table, _ = standings_table(part_records(replace(part, rows=rows)), lang)
        for r, shown in zip(rows, table.rows, strict=True):
            cell = dict(zip(table.columns, shown, strict=True))
            cell[h["name"]] = csv_escape(r.name)
            line = [csv_escape(part.group), *(cell.get(c) for c in head[1:width])]
            if category is not None:
                line += [csv_escape(category), r.overall]
            if fide:
                mine = dict(zip(part.tiebreaks, r.tiebreaks, strict=True))
                line += [r.number, *(display(mine.get(t)) for t in fide)]
            lines.append([str(v).replace(".", decimal) if isinstance(v, float) else v
                          for v in line])
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=separator, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
    writer.writerow(head)
    writer.writerows(lines)
    return buf.getvalue()


# --------------------------------------------------------------------------- the latest pairing

@dataclass(frozen=True)
class OpenRound:
    round: int
    boards: tuple[tuple[int | None, str, str], ...]  # board, white, black
    bye: str | None


def latest_pairing(season: Season) -> OpenRound | None:
    """The last paired round in Results, its games without a result (and its bye); None when
    every game of that round has a result."""
    rounds = season.paired_rounds()
    if not rounds:
        return None
    rnd = rounds[-1]
    games = [g for g in season.games if g.round == rnd and not g.result.has_result]
    if not games:
        return None
    games.sort(key=lambda g: (g.board is None, g.board or 0))
    bye = next((b.player for b in season.byes if b.round == rnd), None)
    return OpenRound(rnd, tuple((g.board, g.white, g.black) for g in games), bye)


# --------------------------------------------------------------------------- SVG chart

_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
            "#17becf")


def rank_chart_svg(history: History, top: int = 8, lang: str = "en") -> str:
    """Rank after each round of the top players of the final ranking; rank 1 on top."""
    e = html.escape
    data = rank_progression(history, top)
    names = list(data.columns[1:])
    rounds = list(data["After round"])
    if not rounds or not names:
        return ""
    worst = max([v for n in names for v in data[n] if v is not None] + [top])
    w, h, left, right, top_m, bottom = 640, 320, 40, 12, 12, 30
    iw, ih = w - left - right, h - top_m - bottom

    def x(r: int) -> float:
        return left + (iw * (r - rounds[0]) / (rounds[-1] - rounds[0]) if len(rounds) > 1 else iw / 2)

    def y(rank: int) -> float:
        return top_m + (ih * (rank - 1) / (worst - 1) if worst > 1 else ih / 2)

    label = translator(lang).gettext("Rank after each round of the top {top}", top=len(names))
    parts = [(f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" '
             f'aria-label="{e(label)}" '
             f'xmlns="http://www.w3.org/2000/svg">')]
    step = max(1, round(worst / 8))
    for rank in sorted({1, *range(step, worst + 1, step)}):
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y(rank):.1f}" y2="{y(rank):.1f}" '
                     f'class="grid"/><text x="{left - 6}" y="{y(rank) + 4:.1f}" '
                     f'text-anchor="end">{rank}</text>')
    rstep = max(1, round(len(rounds) / 12))
    for r in rounds[::rstep]:
        parts.append(f'<text x="{x(r):.1f}" y="{h - 9}" text-anchor="middle">{r}</text>')
    for i, name in enumerate(names):
        colour = _PALETTE[i % len(_PALETTE)]
        points = " ".join(
            f"{x(r):.1f},{y(v):.1f}" for r, v in zip(rounds, data[name], strict=True) if v is not None
        )
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" '
                     f'points="{points}"><title>{e(name)}</title></polyline>')
        if points:  # a dot at the latest rank (also makes a one-round season visible)
            cx, cy = points.split()[-1].split(",")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="3.5" fill="{colour}"/>')
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch" style="background:{_PALETTE[i % len(_PALETTE)]}">'
                     f'</span>{e(n)}</li>' for i, n in enumerate(names))
    # the chart keeps at least 560 px of width (its box scrolls on a phone), so its labels
    # (12 units of 640) are never drawn smaller than 12 * 560 / 640 = 10.5 px
    return (f'<div class="chartbox">{"".join(parts)}</div>'
            f'<ul class="legend">{legend}</ul>')


# --------------------------------------------------------------------------- the page

_CSS = """
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--mut:#59636e;--line:#d8dee4;--head:#eef2f6;
--gold:#ffe9a8;--silver:#e6e6e6;--bronze:#f6d3bd}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--mut:#9198a1;--line:#30363d;
--head:#161b22;--gold:#5c4b12;--silver:#3a3f45;--bronze:#5a3823}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:var(--bg)}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.6rem 0 .5rem}
p.sub{color:var(--mut);margin:0 0 1rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .5rem;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
th{background:var(--head);position:sticky;top:0}
td.n,th.n{text-align:right}
tr.p1 td{background:var(--gold)}tr.p2 td{background:var(--silver)}tr.p3 td{background:var(--bronze)}
.crossbox{width:calc(100vw - 2rem);max-width:90rem;position:relative;left:50%;
transform:translateX(-50%)}
table.cross{font-size:.75rem;line-height:1.25}table.cross td,table.cross th{padding:.2rem .25rem}
table.cross td.g{white-space:nowrap;text-align:center}table.cross th.g{text-align:center}
table.cross td.self{background:var(--head)}
.wd{color:var(--mut);font-size:.85em}
.chartbox{overflow-x:auto}
svg.chart{width:100%;min-width:560px;height:auto;display:block}
svg.chart text{font-size:12px;fill:var(--mut)}svg.chart .grid{stroke:var(--line);stroke-width:1}
ul.legend{list-style:none;padding:0;margin:.4rem 0 0;display:flex;flex-wrap:wrap;gap:.3rem 1rem;
font-size:.9rem}
.swatch{display:inline-block;width:.9rem;height:.3rem;margin-right:.35rem;vertical-align:middle}
footer{color:var(--mut);font-size:.8rem;margin:2rem 0 1rem}
@media (max-width:40rem){body{font-size:15px}main{padding:.6rem}.wide{display:none}
th,td{padding:.3rem .3rem}td.name{white-space:normal}.crossbox{width:auto;left:0;transform:none}}
"""


def page_html(season: Season, title: str, lang: str = "en", rows: ExportRows | None = None
              ) -> str:
    """The whole page in ``lang``: standings, the open pairing, the rank chart and the
    crosstable; the club and the season (the ``season`` setting, else ``title``, the file
    name) in the title.  Every number is read from the one competition view (app/export.py,
    issue 23).  With groups: one section of each per group, then the moves (promotion and relegation).
    ``rows``: the view's rows when the caller has them (:func:`publish`)."""
    rows = rows or export_rows(season)
    if not rows.view.grouped:
        return _page(season, rows.blocks[0], title, lang)
    tr = translator(lang)
    moves = rows.view.moves
    pages = [_page(season, block, title, lang, key=f"-{j}")
             for j, block in enumerate(rows.blocks, 1)]
    # the first group's page up to its footer, then every other group's sections
    head, _, tail = pages[0].partition("<footer>")
    body = [head] + [p[p.index('<h2 id="standings-title-'):p.index("<footer>")]
                     for p in pages[1:]]
    if moves:
        body.append(f'<h2>{html.escape(tr.gettext("Promotion and relegation"))}</h2><ul>' +
                    "".join(f"<li>{html.escape(translate(m.message, tr))}</li>" for m in moves)
                    + "</ul>\n")
    return "".join(body) + "<footer>" + tail


def _page(whole: Season, block: ExportBlock, title: str, lang: str = "en", *,
          key: str = "") -> str:
    """One competition's page (the season, or one group: then the group heads its standings,
    ``key`` keeps element ids apart); ``block`` the view's rows (app/export.py)."""
    tr = translator(lang)
    e = html.escape
    season, history, group, paired = block.ranked, block.history, block.group, block.paired
    report = block.report
    st = report.standing
    ctx = run_context(whole.settings, name=title)
    season_name = ctx.season or title
    heading = e(" - ".join(x for x in (ctx.club, season_name) if x))
    sh = schema.headers("Standings", tr.lang)
    points = tr.gettext("Points")  # the page says Points, where the sheet's contract says Score
    ph = schema.headers("Pairings", tr.lang)
    gone = {p.name for p in season.players if p.is_withdrawn(st.round)}
    withdrawn_word = tr.gettext(WITHDRAWN_WORD)
    withdrawn_mark = withdrawn_suffix(tr.lang).strip()

    def name_cell(name: str) -> str:  # a withdrawn player is marked wherever he is listed
        mark = (f' <span class="wd" title="{e(withdrawn_word)}">{e(withdrawn_mark)}'
                f'</span>' if name in gone else "")
        return f'<td class="name">{e(name)}{mark}</td>'

    out = ["<!DOCTYPE html>", f'<html lang="{e(tr.lang)}">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{heading}</title>", f"<style>{_CSS}</style>", "</head>", "<body><main>",
           f"<h1>{heading}</h1>"]
    rr = report.rows.round_robin  # a round robin: its crosstable is its standings (issue 36)
    sub = (tr.gettext("Standings after round {round}", round=report.rows.round) if rr else
           tr.gettext("Keizer standings after round {round}", round=st.round))
    date = f" · {date_text(ctx.date, tr.lang)}" if ctx.date else ""
    out.append(f'<p class="sub">{e(sub)}{e(date)}</p>')

    heading = schema.sheet_name("Standings", tr.lang) if not group else tr.gettext(
        "Group {group}", group=group)
    title = f'<h2 id="standings-title{key}">{e(heading)}</h2>'  # one line with its table
    if rr:
        first, *rest = _round_robin_html(report.rows, tr, name_cell, key)
        out.extend([title + first, *rest])
    else:
        out.append(f'{title}<div class="scroll"><table id="standings{key}"><thead><tr>'
                   f'<th class="n">{e(sh["rank"])}</th><th>{e(sh["name"])}</th>'
                   f'<th class="n">{e(points)}</th><th class="n">{e(sh["value"])}</th>'
                   f'<th class="n">{e(sh["games"])}</th><th class="n wide">{e(sh["w"])}</th>'
                   f'<th class="n wide">{e(sh["d"])}</th><th class="n wide">{e(sh["l"])}</th>'
                   f'<th class="n wide">{e(sh["game_points"])}</th>'
                   '</tr></thead><tbody>')
        # the Standings sheet's rows (core/rows.py)
        for line in report.rows.rows:
            rank = "-" if line.place is None else line.place
            podium = f' class="p{rank}"' if isinstance(rank, int) and rank <= 3 else ""
            gp = line.game_points
            out.append(f"<tr{podium}><td class=\"n\">{rank}</td>{name_cell(line.name)}"
                       f"<td class=\"n\">{_fixed2(line.score, tr.lang)}</td>"
                       f"<td class=\"n\">{decimal_text(number_text(line.value), tr.lang)}</td>"
                       f"<td class=\"n\">{line.games}</td><td class=\"n wide\">{line.wins}</td>"
                       f"<td class=\"n wide\">{line.draws}</td>"
                       f"<td class=\"n wide\">{line.losses}</td>"
                       f"<td class=\"n wide\">{'' if gp is None else decimal_text(number_text(gp), tr.lang)}"
                       f"</td></tr>")
        out.append("</tbody></table></div>")
    out.extend(_periods_html(block.periods, st.round, tr, name_cell, key))
    out.extend(_category_tables(report.rows, tr, name_cell))

    # a group's open round as it is paired: with the players moved into it (issue 18)
    open_round = latest_pairing(paired or season)
    if open_round is not None:
        round_title = tr.gettext("Round {round}", round=open_round.round)
        out.append(f'<h2>{e(round_title)}</h2>'
                   f'<div class="scroll"><table id="pairing{key}"><thead><tr>'
                   f'<th class="n">{e(ph["board"])}</th><th>{e(ph["white"])}</th>'
                   f'<th>{e(ph["black"])}</th></tr></thead><tbody>')
        for board, white, black in open_round.boards:
            out.append(f'<tr><td class="n">{"" if board is None else board}</td><td>{e(white)}</td>'
                       f"<td>{e(black)}</td></tr>")
        out.append("</tbody></table></div>")
        if open_round.bye:
            out.append(f'<p>{e(ph["bye_block"])}: {e(open_round.bye)}</p>')

    if chart := "" if rr else rank_chart_svg(history, lang=tr.lang):  # (Keizer places)
        chart_title = tr.gettext("Rank after each round (top {top})", top=len(top_players(history)))
        out.append(f"<h2>{e(chart_title)}</h2>{chart}")

    if st.round and not rr:
        cross = crosstable_frame(season, history, tr.lang, report.rows)
        # compact for a desktop page (20 players within 1366 px): the worth under the result,
        # one meeting per line; the box is as wide as the window
        legend = tr.gettext("W/B colour, 1 ½ 0 result, (worth now in Keizer points)")
        out.append(f'<h2>{e(schema.sheet_name("Crosstable", tr.lang))}</h2><p class="sub">'
                   f'{e(legend)}</p><div class="scroll crossbox"><table id="crosstable{key}" '
                   'class="cross"><thead><tr>')
        own = {"Rank": sh["rank"], "Name": sh["name"]}  # the language's headers
        out.extend(f'<th class="g">{e(own.get(str(c), str(c)))}</th>' if j > 1
                   else f"<th>{e(own.get(str(c), str(c)))}</th>"
                   for j, c in enumerate(cross.columns))
        out.append("</tr></thead><tbody>")
        for i, row in enumerate(cross.itertuples(index=False, name=None), start=1):
            cells = []
            for j, value in enumerate(row):
                if j == 1:
                    cells.append(name_cell(str(value)))
                    continue
                cls = "g self" if j == i + 1 else ("g" if j > 1 else "n")
                text = "" if value is None else " / <br>".join(
                    e(part).replace(" (", " <br>(") for part in str(value).split(" / "))
                cells.append(f'<td class="{cls}">{text}</td>')
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table></div>")
    # the recalculation described in words, not its setting value ("prev", issue 26)
    how = {"prev": N_("all results valued with the ranking after the previous round"),
           "frozen": N_("each round valued once, with the values before it"),
           "converge": N_("values recalculated until the ranking stops changing")}
    recalculation = str(whole.settings.recalculation)
    out.append("<footer>" + e(rules_note(whole.settings, tr.gettext(
        "Made with keizer-xl from the season workbook; rules: Keizer system, {how}.",
        how=tr.gettext(how[recalculation]) if recalculation in how else recalculation), tr))
        + "</footer>")
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


def _round_robin_html(part: Part, tr: Translator, name_cell: Callable[[str], str],
                      key: str) -> list[str]:
    """A round robin's standings: the crosstable's rows (sheets/crosstable_sheets.py)."""
    e = html.escape
    rows = crosstable_rows(part, tr.lang)
    out = [f'<div class="scroll crossbox"><table id="standings{key}" class="cross"><thead><tr>',
           *(f"<th>{e(str(c))}</th>" if j == 2 else f'<th class="n">{e(str(c))}</th>'
             for j, c in enumerate(rows.columns)), "</tr></thead><tbody>"]
    for row in rows.rows:
        cells = [name_cell(str(v)) if j == 2 else
                 f'<td class="g{" self" if v == SELF else ""}">{"" if v == SELF else e(str(v))}</td>'
                 if 3 <= j < 3 + len(part.rows) else
                 f'<td class="n">{"" if v is None else e(decimal_text(str(v), tr.lang))}</td>'
                 for j, v in enumerate(row)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    return [*out, "</tbody></table></div>"]


def _periods_html(parts: Sequence[Part], rnd: int, tr: Translator,
                  name_cell: Callable[[str], str], key: str = "") -> list[str]:
    """One section per period played so far (``periods``), after the standings: the group's
    parts (group, period) of the view, each over the group's players of THAT period."""
    if not parts or not rnd:
        return []
    e = html.escape
    sh = schema.headers("Standings", tr.lang)
    out = [f'<h2 id="periods-title{key}">{e(schema.sheet_name("Periods", tr.lang))}</h2>']
    for part in parts:
        ps = part.period
        assert ps is not None  # a period's part (core/rows.py period_part)
        p = ps.period
        title = period_heading(ps, tr.lang)  # as the Periods sheet heads it
        out.append(f'<h3>{e(title)}</h3><div class="scroll"><table class="period" '
                   f'id="period-{p.number}{key}"><thead><tr><th class="n">{e(sh["rank"])}</th>'
                   f'<th>{e(sh["name"])}</th><th class="n">{e(sh["score"])}</th>'
                   f'<th class="n">{e(sh["games"])}</th><th class="n wide">{e(sh["w"])}</th>'
                   f'<th class="n wide">{e(sh["d"])}</th><th class="n wide">{e(sh["l"])}</th>'
                   '</tr></thead><tbody>')
        for r in part.rows:
            podium = ' class="p1"' if r.place == 1 else ""
            out.append(f'<tr{podium}><td class="n">{r.place}</td>{name_cell(r.name)}'
                       f'<td class="n">{_fixed2(r.score, tr.lang)}</td><td class="n">{r.games}</td>'
                       f'<td class="n wide">{r.wins}</td><td class="n wide">{r.draws}</td>'
                       f'<td class="n wide">{r.losses}</td></tr>')
        out.append("</tbody></table></div>")
    return out


def _category_tables(part: Part, tr: Translator,
                     name_cell: Callable[[str], str]) -> list[str]:
    """One table per category (core/rows.py ``Part.category``): the same points, ranked
    within the category, with the place in the whole ranking."""
    e = html.escape
    sh = schema.headers("Standings", tr.lang)
    out = []
    for c, _ in part.categories:
        out.append(f'<h3>{e(tr.gettext("Category {category}", category=c))}</h3>'
                   f'<div class="scroll"><table class="category"><thead><tr>'
                   f'<th class="n">{e(sh["rank"])}</th><th>{e(sh["name"])}</th>'
                   f'<th class="n">{e(tr.gettext("Points"))}</th>'
                   f'<th class="n">{e(tr.gettext("Overall place"))}</th></tr></thead><tbody>')
        for r in part.category(c):
            out.append(f'<tr><td class="n">{"-" if r.place is None else r.place}</td>'
                       f'{name_cell(r.name)}<td class="n">{_fixed2(r.score, tr.lang)}</td>'
                       f'<td class="n">{"-" if r.overall is None else r.overall}</td></tr>')
        out.append("</tbody></table></div>")
    return out


def _fixed2(x: Fraction | int, lang: str) -> str:
    """Keizer points as the page shows them: two decimals, the language's decimal sign (a
    comma in nl, de and fr, as the console and the sheets show them: issue 33)."""
    return decimal_text(f"{display(x):.2f}", lang)
