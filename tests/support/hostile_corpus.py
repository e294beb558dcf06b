"""The corpus of hostile switch-in inputs (issue 22): TRF and KeizerForClubs files for
``import``, the targets of ``export`` (``--trf``, ``--html``, ``--csv``) and ``new-season``,
and the year's settings carried by ``new-season``.  Every case is made here, at the byte level
(the TRF lines column by column, the databases with sqlite3), and run through the command
line; :func:`defects` says what went wrong with one run:

* a traceback (an exception out of ``main``, an exit code other than 0, 1, 2, or "Traceback"
  in the output) or a hang (a subprocess case past its time);
* a refusal without a message, or one that changed a file it watches or left a new target,
  a temporary file or an import draft behind;
* an acceptance of a case that must be refused, or a success whose result fails its own
  check (``check`` on an imported workbook), holds a formula made from a name or a setting, or
  dropped what the source held.

``tests/formats/test_hostile_switch_in.py`` runs every case; ``python
tests/support/hostile_corpus.py`` prints the count of cases and defects (the numbers in the
report of issue 22).
"""
from __future__ import annotations

import hashlib
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable

from support.kfc_files import SCHEMA  # KeizerForClubs' own CREATE TABLE statements

ROOT = Path(__file__).resolve().parents[2]

# --------------------------------------------------------------------------- TRF at the byte level

#: the 001 line's fields (first, last column, counted from 1 as the FIDE TRF-16 spec does)
_FIELDS = {"start": (5, 8), "sex": (10, 10), "name": (15, 47), "rating": (49, 52),
           "federation": (54, 56), "id": (58, 68), "birth": (70, 79), "points": (81, 84),
           "rank": (86, 89)}
_RIGHT = {"start", "rating", "points", "rank"}


def player_line(start: str, name: str, rating: str = "", rounds: list[str] | None = None,
                **fields: str) -> str:
    """A 001 line with each field at its columns; ``rounds``: 8-character round entries
    (``0002 w 1``), each after two blanks from column 90 on."""
    line = [" "] * 89
    line[0:3] = "001"
    values = {"start": start, "name": name, "rating": rating, **fields}
    for key, text in values.items():
        first, last = _FIELDS[key]
        width = last - first + 1
        text = text[:width]
        text = text.rjust(width) if key in _RIGHT else text.ljust(width)
        line[first - 1:last] = text
    return "".join(line) + "".join("  " + r for r in (rounds or []))


def entry(opponent: int, colour: str, result: str) -> str:
    return f"{opponent:04d} {colour} {result}"


def base_players(names: tuple[str, ...] = ("Jansen, Piet", "de Vries, Jan", "Bakker, Kees",
                                           "Smit, Anna")) -> list[str]:
    """Four players, two rounds: 1-2 1-0, 3-4 draw; 1-3 0-1, 2-4 1-0."""
    rounds = {1: [entry(2, "w", "1"), entry(3, "b", "0")],
              2: [entry(1, "b", "0"), entry(4, "w", "1")],
              3: [entry(4, "w", "="), entry(1, "w", "1")],
              4: [entry(3, "b", "="), entry(2, "b", "0")]}
    return [player_line(str(i), name, str(2000 - 100 * i), rounds[i])
            for i, name in enumerate(names, 1)]


def trf_text(players: list[str] | None = None, header: list[str] | None = None,
             extra: list[str] | None = None) -> str:
    head = header if header is not None else ["012 Hostile Open", "022 Hengelo",
                                              "092 Individual: Keizer system"]
    return "\n".join(head + (players if players is not None else base_players())
                     + (extra or [])) + "\n"


def long_season(rounds: int, players: int = 4) -> str:
    """``players`` (even) paired 1-2, 3-4, ... every round, White alternating, 1-0 each."""
    lines = []
    for sn in range(1, players + 1):
        other = sn + 1 if sn % 2 else sn - 1
        blocks = []
        for k in range(1, rounds + 1):
            white = (sn % 2 == 1) == (k % 2 == 1)
            blocks.append(entry(other, "w" if white else "b", "1" if white else "0"))
        lines.append(player_line(str(sn), f"Player{sn:03d}, A", "1500", blocks))
    return trf_text(lines)


# --------------------------------------------------------------------------- KeizerForClubs

KFC_PLAYERS = [(1, "Anna", 2000, 1), (2, "Bert", 1900, 1), (3, "Carl", 1800, 1),
               (4, "Dirk", 1700, 1)]
KFC_PAIRINGS = [(1, 1, 1, 2, 1), (1, 2, 3, 4, 2), (2, 1, 3, 1, 3), (2, 2, 2, 4, 1)]
KFC_CONFIG: dict[str, object] = {"BONUS.Freilos": 50, "BONUS.Excused": 35,
                                 "BONUS.Unexcused": 5, "BONUS.Clubgame": 70,
                                 "BONUS.Retired": 75, "BONUS.Verlust": 0,
                                 "OPTION.RatioFirst2Last": 3.0}


def kfc_file(path: Path, players: list[tuple[object, ...]] = KFC_PLAYERS,
             pairings: list[tuple[object, ...]] = KFC_PAIRINGS,
             config: dict[str, object] | None = None,
             texts: dict[str, object] | None = None) -> Path:
    con = sqlite3.connect(path)
    con.executescript(SCHEMA)
    con.executemany("INSERT INTO Player (id, name, rating, rank, state) VALUES (?, ?, ?, 99, ?)",
                    players)
    con.executemany("INSERT INTO Pairing VALUES (?, ?, ?, ?, ?, 0, 0)", pairings)
    con.executemany("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES (?, ?)",
                    (config if config is not None else KFC_CONFIG).items())
    for key, text in (texts or {}).items():
        con.execute("INSERT OR REPLACE INTO ConfigTab (CfgKey, CfgText) VALUES (?, ?)",
                    (key, text))
    con.commit()
    con.close()
    return path


# --------------------------------------------------------------------------- season workbooks

FORMULA_NAMES = ("=HYPERLINK(\"http://x\",\"y\")", "=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)",
                 "-2+3")


def season_book(path: Path, names: tuple[str, ...] = ("Anna", "Bert", "Carl", "Dirk"),
                settings: list[tuple[str, object]] | None = None) -> Path:
    """A small season workbook (two rounds played) written by plain openpyxl with every text
    cell forced to text (so a name like ``=HYPERLINK(..)`` is a name here)."""
    import openpyxl

    a, b, c, d = names
    sheets: dict[str, list[list[object]]] = {
        "Settings": [["Setting", "Value"], ["preset", "keizer"], *map(list, settings or [])],
        "Players": [["Name", "Rating", "Start"], [a, 2000, 1], [b, 1900, 2], [c, 1800, 3],
                    [d, 1700, 4]],
        "Attendance": [["Name", "1", "2"], [a, None, None], [b, None, None], [c, None, None],
                       [d, None, None]],
        "Results": [["Round", "Board", "White", "Black", "Result"], [1, 1, a, b, "1-0"],
                    [1, 2, c, d, "1/2-1/2"], [2, 1, c, a, "0-1"], [2, 2, b, d, "1-0"]],
    }
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for r, row in enumerate(rows, 1):
            for col, value in enumerate(row, 1):
                if value is None:
                    continue
                cell = ws.cell(row=r, column=col, value=value)
                if isinstance(value, str):
                    cell.data_type = "s"
    wb.save(path)
    return path


def formulas_in(path: Path) -> list[str]:
    """Every cell of the workbook stored as a formula (``<f>`` in the sheet XML), by sheet."""
    found = []
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if (name.startswith("xl/worksheets/") and name.endswith(".xml")
                    and (b"<f>" in z.read(name) or b"<f " in z.read(name))):
                found.append(name)
    return found


# --------------------------------------------------------------------------- one case


@dataclass
class Run:
    argv: list[str]
    watch: list[Path] = field(default_factory=list)   # unchanged on a refusal (and when refused)
    absent: list[Path] = field(default_factory=list)  # must not exist after a refusal
    expect: str = "refuse"                             # "refuse", "ok" or "either"
    text: str = ""                                     # in the message when refused
    after: Callable[[], list[str]] | None = None       # more checks after exit 0
    subprocess: bool = False                           # run apart (a hang must not hang the test)
    folder: Path | None = None                         # where to look for leftovers
    forbid: tuple[str, ...] = ()                       # never in the output


@dataclass(frozen=True)
class Case:
    id: str
    kind: str  # trf, kfc, export, new-season, settings, import
    make: Callable[[Path], Run]
    slow: bool = False


def digest(path: Path) -> str | None:
    try:
        if path.is_symlink() and not path.exists():
            return "dangling"
        if not path.is_file():
            return "not a file" if path.exists() else None
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as e:
        return f"error {e}"


def invoke(argv: list[str], *, apart: bool, timeout: float = 60,
           temp: Path | None = None) -> tuple[int | None, str]:
    """(exit code, standard output + error) of ``keizer-xl ARGV``; None on a hang.  ``temp``:
    the system temp folder the run sees (its own, so that what it leaves there is its own)."""
    if apart:
        env = {**os.environ, **({"TMPDIR": str(temp)} if temp else {})}
        try:
            done = subprocess.run([sys.executable, "-m", "keizer_xl", *argv], capture_output=True,
                                  text=True, timeout=timeout, cwd=os.getcwd(),
                                  stdin=subprocess.DEVNULL, env=env)
        except subprocess.TimeoutExpired as e:
            return None, f"hang: {e}"
        return done.returncode, done.stdout + done.stderr
    from keizer_xl.frontends.cli import main

    import warnings

    out, err = io.StringIO(), io.StringIO()
    saved = tempfile.tempdir
    if temp is not None:
        tempfile.tempdir = str(temp)
    try:
        with redirect_stdout(out), redirect_stderr(err), warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            code = main(argv)
        for w in seen:  # numpy's "overflow encountered" and the like: a clear error is due
            if issubclass(w.category, (RuntimeWarning, UserWarning)):
                err.write(f"Traceback-like warning: {w.category.__name__}: {w.message}\n")
    except SystemExit as e:  # argparse
        code = e.code if isinstance(e.code, int) else 2
    except BaseException:
        import traceback

        return 99, out.getvalue() + err.getvalue() + "Traceback:\n" + traceback.format_exc()
    finally:
        tempfile.tempdir = saved
    return code, out.getvalue() + err.getvalue()


def _leftovers(folder: Path) -> list[str]:
    """Temporary files and scratch folders, and the lock file of anything but a workbook (a
    report's is removed after its write, issue 26; a workbook's stays on purpose)."""
    out = []
    for p in folder.iterdir():
        if p.name.startswith(".~keizer-xl.") and not p.name.endswith(
                (".xlsx.lock", ".xlsm.lock", ".ods.lock")):
            out.append(p.name)
    return out


def _drafts(temp: Path) -> set[str]:
    return {n for n in os.listdir(temp) if n.startswith("keizer-xl-import-")}


def defects(case: Case, tmp: Path) -> tuple[list[str], int | None, str]:
    """Run ``case`` in the empty folder ``tmp``: (its defects, exit code, output)."""
    run = case.make(tmp)
    before = {p: digest(p) for p in run.watch}
    temp = Path(tempfile.mkdtemp(prefix="systemp-", dir=tmp.parent))  # the run's own temp folder
    old = os.getcwd()
    os.chdir(tmp)
    try:
        code, out = invoke(run.argv, apart=run.subprocess, temp=temp)
    finally:
        os.chdir(old)
    found: list[str] = []
    if code is None:
        shutil.rmtree(temp, ignore_errors=True)
        return [f"hang: {' '.join(run.argv)}"], code, out
    if code not in (0, 1, 2) or "Traceback" in out or "a fault in keizer-xl" in out:
        found.append(f"traceback (exit {code}): {out[-600:]}")
    if code != 0 and run.expect == "ok":
        found.append(f"refused, should be accepted: {out[-400:]}")
    if code != 0:
        if not out.strip():
            found.append("refused without a message")
        for word in run.forbid:
            if word in out:
                found.append(f"the message says {word!r}: {out[-400:]}")
        if run.text and run.text not in out:
            found.append(f"the message does not say {run.text!r}: {out[-400:]}")
        for p, d in before.items():
            if digest(p) != d:
                found.append(f"{p.name} changed although the command was refused")
        for p in run.absent:
            if os.path.lexists(p):
                found.append(f"{p.name} was written although the command was refused")
        for name in _leftovers(run.folder or tmp):
            found.append(f"left behind: {name}")
    elif run.expect == "refuse":
        found.append(f"accepted, should be refused: {out[-400:]}")
    else:
        found += [f"left behind: {name}" for name in _leftovers(run.folder or tmp)]
    if code == 0 and run.after is not None:
        found.extend(run.after())
    for name in sorted(_drafts(temp)):
        found.append(f"an import draft with the players' names left in the temp folder: {name}")
    shutil.rmtree(temp, ignore_errors=True)
    return found, code, out


# --------------------------------------------------------------------------- the checks after 0


def _check_passes(book: Path) -> Callable[[], list[str]]:
    def after() -> list[str]:
        code, out = invoke(["check", str(book)], apart=False)
        problems = [] if code == 0 else [(f"the imported workbook fails check (exit {code}): "
                                         f"{out[-500:]}")]
        if book.exists() and formulas_in(book):
            problems.append(f"formulas in the imported workbook: {formulas_in(book)}")
        return problems
    return after


def _import_kept(book: Path, absences: int | None = None, rounds: int | None = None,
                 names: tuple[str, ...] = ()) -> Callable[[], list[str]]:
    """After an import: check passes, and the season holds what the source held."""
    def after() -> list[str]:
        problems = _check_passes(book)()
        if problems:
            return problems
        from keizer_xl.clients.xlsx import open_book
        from keizer_xl.sheets.read import read_season

        season = read_season(open_book(book))
        if rounds is not None and season.known_rounds() < rounds:
            problems.append(f"{rounds} rounds in the source, {season.known_rounds()} imported")
        if absences is not None and len(season.absences) != absences:
            problems.append(f"{absences} absences in the source, {len(season.absences)} imported")
        have = {p.name for p in season.players}
        problems += [f"the name {n!r} did not arrive as text" for n in names if n not in have]
        return problems
    return after


# --------------------------------------------------------------------------- the corpus


def _write(path: Path, data: bytes | str) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def _import_trf(data: bytes | str, *, expect: str = "refuse", text: str = "",
                name: str = "in.trf", after: Callable[[Path], Callable[[], list[str]]] | None
                = None) -> Callable[[Path], Run]:
    def make(tmp: Path) -> Run:
        src = _write(tmp / name, data)
        book = tmp / "club.xlsx"
        check = after(book) if after else _check_passes(book)
        return Run(["import", str(src), str(book)], watch=[src], absent=[book], expect=expect,
                   text=text, after=check)
    return make


def _import_kfc(expect: str = "refuse", text: str = "", after=None, **kw) -> Callable[[Path], Run]:
    def make(tmp: Path) -> Run:
        src = kfc_file(tmp / "t.s3db", **kw)
        book = tmp / "club.xlsx"
        return Run(["import", str(src), str(book)], watch=[src], absent=[book], expect=expect,
                   text=text, after=(after(book) if after else _check_passes(book)))
    return make


def trf_cases() -> list[Case]:
    cases: list[Case] = []

    def add(cid: str, make: Callable[[Path], Run], slow: bool = False) -> None:
        cases.append(Case(f"trf-{cid}", "trf", make, slow))

    add("valid", _import_trf(trf_text(), expect="ok"))
    # digits other than 0-9 in every numeric field
    for label, digit in (("superscript-2", "\u00b2"), ("arabic-indic-3", "\u0663"),
                         ("fullwidth-4", "\uff14"), ("devanagari-5", "\u096b")):
        players = base_players()
        players[0] = players[0][:7] + digit + players[0][8:]  # start number, column 8
        add(f"start-{label}", _import_trf(trf_text(players), text="0-9"))
        players = base_players()
        players[1] = players[1][:94] + digit + players[1][95:]  # opponent, columns 92-95
        add(f"opponent-{label}", _import_trf(trf_text(players), text="0-9"))
        players = base_players()
        players[2] = players[2][:51] + digit + players[2][52:]  # rating, columns 49-52
        add(f"rating-{label}", _import_trf(trf_text(players), text="0-9"))
        add(f"240-round-{label}", _import_trf(trf_text(extra=[f"240 H {digit} 1"])))
        add(f"directive-{label}", _import_trf(trf_text(extra=[
            f"### chesspairing:bye round={digit} player=1 type=half"])))
        add(f"directive-player-{label}", _import_trf(trf_text(extra=[
            f"### chesspairing:withdrawn player={digit} after-round=1"])))
        for verb in ("joined", "withdrawn"):
            add(f"own-{verb}-player-{label}", _import_trf(trf_text(extra=[
                f"### keizer-xl:{verb} player={digit} round=2"]), text="line 8"))
            add(f"own-{verb}-round-{label}", _import_trf(trf_text(extra=[
                f"### keizer-xl:{verb} player=1 round={digit}"]), text="line 8"))
        add(f"132-date-{label}", _import_trf(trf_text(header=[
            "012 X", f"132 {' ' * 84}{digit}5/09/04  25/09/11"]), expect="either"))
    # control characters: in a name, in a header, splitting a line
    for code in (0x01, 0x07, 0x08, 0x09, 0x0b, 0x0c, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x7f, 0x85,
                 0x2028, 0x2029):
        ch = chr(code)
        players = base_players()
        players[1] = players[1][:20] + ch + players[1][21:]
        add(f"name-control-{code:04x}", _import_trf(trf_text(players), text="line 5"))
        add(f"header-control-{code:04x}", _import_trf(trf_text(header=[
            f"012 Hostile{ch}Open", "092 Individual: Keizer system"]), text="line 1"))
    add("nul-in-file", _import_trf(trf_text().encode() + b"\x00\x00"))
    add("dos-eof", _import_trf(trf_text() + "\x1a", expect="ok"))
    add("crlf", _import_trf(trf_text().replace("\n", "\r\n"), expect="ok"))
    add("cr-only", _import_trf(trf_text().replace("\n", "\r"), expect="ok"))
    add("utf8-bom", _import_trf(b"\xef\xbb\xbf" + trf_text().encode(), expect="ok"))
    add("cp1252", _import_trf(trf_text(base_players(("M\u00fcller, J\u00fcrgen", "Z\u00f6e, A",
                                                      "B, C", "D, E"))).encode("cp1252"),
                              expect="ok"))
    # other encodings and kinds
    add("utf16-le-bom", _import_trf(b"\xff\xfe" + trf_text().encode("utf-16-le"), text="UTF-16"))
    add("utf16-be-bom", _import_trf(b"\xfe\xff" + trf_text().encode("utf-16-be"), text="UTF-16"))
    add("utf16-le-no-bom", _import_trf(trf_text().encode("utf-16-le"), text="UTF-16"))
    add("utf32", _import_trf(trf_text().encode("utf-32")))
    add("empty", _import_trf(b""))
    add("only-header", _import_trf(trf_text(players=[])))
    add("sqlite-named-trf", lambda tmp: _renamed_db(tmp))
    add("zip-named-trf", _import_trf(b"PK\x03\x04" + bytes(200)))
    add("random-bytes", _import_trf(bytes(range(256)) * 40))
    add("one-long-line", _import_trf("001" + " " * 2_000_000))
    add("xlsx-named-trf", lambda tmp: _xlsx_named(tmp))
    # accepted nonsense
    players = base_players()
    players[0] = player_line("1", "Jansen, Piet", "1900", [entry(1, "w", "1"), entry(3, "b", "0")])
    add("self-game", _import_trf(trf_text(players), text="line 4"))
    for rnd in ("0", "99999", "1001", "4294967296", "-1"):
        add(f"240-round-{rnd}", _import_trf(trf_text(extra=[f"240 H {rnd} 1"]), text="line 8"))
    add("240-unknown-player", _import_trf(trf_text(extra=["240 H 2 9"]), text="line 8"))
    add("240-ok", _import_trf(trf_text(extra=["240 H 3 1 2"]), expect="ok",
                              after=lambda b: _import_kept(b, absences=2)))
    for rating in ("9999", "4001"):
        players = base_players()
        players[0] = player_line("1", "Jansen, Piet", rating, [entry(2, "w", "1"),
                                                               entry(3, "b", "0")])
        add(f"rating-{rating}", _import_trf(trf_text(players), text="line 4"))
    players = base_players()
    players[0] = player_line("1", "Jansen, Piet", "4000", [entry(2, "w", "1"), entry(3, "b", "0")])
    add("rating-4000", _import_trf(trf_text(players), expect="ok"))
    add("start-twice", _import_trf(trf_text([*base_players(), player_line("1", "X, Y", "1")])))
    add(
        "opponent-unknown",
        _import_trf(trf_text([*base_players(), player_line("5", "X, Y", "1500", [entry(9, "w", "1")])])),
    )
    add("name-twice", _import_trf(trf_text(base_players(("A, B", "A, B", "C, D", "E, F")))))
    add("names-equal-in-33", _import_trf(trf_text(base_players(
        ("X" * 33 + "1", "X" * 33 + "2", "C, D", "E, F")))))
    # formula-looking names and settings: text in the workbook
    # (a TRF name with one comma is "Lastname, Firstname" and is turned round: these have none)
    for i, formula in enumerate(('=HYPERLINK("http://x")', *FORMULA_NAMES[1:])):
        names = (formula, "de Vries, Jan", "Bakker, Kees", "Smit, Anna")
        add(f"formula-name-{i}", _import_trf(trf_text(base_players(names)), expect="ok",
                                             after=lambda b, f=formula: _import_kept(b, names=(f,))))
        add(f"formula-header-{i}", _import_trf(trf_text(header=[
            f"012 {formula}", f"022 {formula}", "092 Individual: Keizer system",
            f"102 {formula}"]), expect="ok"))
    # long seasons: every round kept, or a refusal that names the limit
    add("rounds-250", _import_trf(long_season(250), expect="ok",
                                  after=lambda b: _import_kept(b, rounds=250)), slow=True)
    add("rounds-1001", _import_trf(long_season(1001), text="1000"), slow=True)
    add("rounds-5000", _import_trf(long_season(5000, 2), text="1000"), slow=True)
    add("round-201-after-5", _import_trf(trf_text(extra=["240 H 201 1"]), expect="ok",
                                         after=lambda b: _import_kept(b, rounds=201)), slow=True)
    # every header line with a control character, or with text where a date or number goes
    for code in ("012", "022", "032", "042", "052", "092", "102", "122", "132", "XXA", "XXK"):
        for ch in ("\x00", "\x1b", "\u2028"):
            add(f"header-{code}-control-{ord(ch):04x}", _import_trf(trf_text(header=[
                "012 Open", f"{code} a{ch}b"]), text="line 2"))
    for code, value in (("042", "2025/13/45"), ("052", "\u00b2025/01/01"), ("042", "9" * 40),
                        ("132", " " * 85 + "99/99/99"), ("XXK", "\u00b2"),
                        ("XXK", "99999999999999999999"), ("XXA", "maybe"),
                        ("092", "Individual: Keizer system " * 20), ("DAT", "2025-01-01 x"),
                        ("DAT", "\u0663\u0663"), ("142", "\u00b2"), ("162", "x" * 5000)):
        cases.append(Case(f"trf-header-{code}-{value[:12].encode('unicode_escape').decode()}",
                          "trf", _import_trf(trf_text(header=[
                              "012 Open", "092 Individual: Keizer system", "XXA true",
                              f"{code} {value}"]), expect="either")))
    add("header-40000-characters", _import_trf(trf_text(header=["012 " + "x" * 40000]),
                                               text="line 1"))
    # file kinds
    add("folder", lambda tmp: _kind(tmp, "folder"))
    add("fifo", lambda tmp: _kind(tmp, "fifo"))
    add("dev-zero", lambda tmp: _kind(tmp, "zero"))
    add("huge-sparse", lambda tmp: _kind(tmp, "huge"))
    add("dangling-link", lambda tmp: _kind(tmp, "dangling"))
    add("missing", lambda tmp: Run(["import", str(tmp / "no.trf"), str(tmp / "club.xlsx")],
                                   absent=[tmp / "club.xlsx"], text="no.trf"))
    return cases


def _renamed_db(tmp: Path) -> Run:
    src = kfc_file(tmp / "t.s3db")
    trf = tmp / "t.trf"
    os.rename(src, trf)
    return Run(["import", str(trf), str(tmp / "club.xlsx")], watch=[trf],
               absent=[tmp / "club.xlsx"], text=".s3db")


def _xlsx_named(tmp: Path) -> Run:
    src = season_book(tmp / "old.xlsx")
    trf = tmp / "old.trf"
    os.rename(src, trf)
    return Run(["import", str(trf), str(tmp / "club.xlsx")], watch=[trf],
               absent=[tmp / "club.xlsx"])


def _kind(tmp: Path, what: str, suffix: str = ".trf") -> Run:
    src = tmp / f"src{suffix}"
    text = {"folder": "folder", "fifo": "pipe", "zero": "device", "huge": "MB"}.get(what, "")
    if what == "folder":
        src.mkdir()
    elif what == "fifo":
        os.mkfifo(src)
    elif what == "zero":
        os.symlink("/dev/zero", src)
    elif what == "huge":
        with open(src, "wb") as fh:
            fh.truncate(200 * 1024 * 1024)
    elif what == "dangling":
        os.symlink(tmp / "nowhere.trf", src)
    book = tmp / "club.xlsx"
    return Run(["import", str(src), str(book)], absent=[book], text=text,
               subprocess=what in ("fifo", "zero", "huge"))


def kfc_cases() -> list[Case]:
    cases: list[Case] = []

    def add(cid: str, make: Callable[[Path], Run], slow: bool = False) -> None:
        cases.append(Case(f"kfc-{cid}", "kfc", make, slow))

    add("valid", _import_kfc(expect="ok"))
    blob = [(1, b"Inanna", 2000, 1), *KFC_PLAYERS[1:]]
    add("blob-name-utf8", _import_kfc(expect="ok", players=blob,
                                      after=lambda b: _import_kept(b, names=("Inanna",))))
    add("blob-name-binary", _import_kfc(players=[(1, b"\xff\xfe\x00x", 2000, 1), *KFC_PLAYERS[1:]],
                                        text="Player row 1"))
    for code in (0x00, 0x01, 0x0b, 0x1b, 0x7f, 0x85, 0x2028):
        add(f"name-control-{code:04x}", _import_kfc(
            players=[(1, f"An{chr(code)}na", 2000, 1), *KFC_PLAYERS[1:]], text="Player row 1"))
    add("nicename-control", _import_kfc(texts={"OPTION.NiceName": "Club\x07Open"},
                                        text="OPTION.NiceName"))
    add("nicename-blob", _import_kfc(expect="ok", texts={"OPTION.NiceName": b"Club Open"}))
    add("nicename-40000", _import_kfc(texts={"OPTION.NiceName": "x" * 40000},
                                      text="OPTION.NiceName"))
    add("name-40000", _import_kfc(players=[(1, "A" * 40000, 2000, 1), *KFC_PLAYERS[1:]],
                                  text="Player row 1"))
    for i, formula in enumerate(FORMULA_NAMES):
        add(f"formula-name-{i}", _import_kfc(
            expect="ok", players=[(1, formula, 2000, 1), *KFC_PLAYERS[1:]],
            after=lambda b, f=formula: _import_kept(b, names=(f,))))
        add(f"formula-nicename-{i}", _import_kfc(expect="ok",
                                                 texts={"OPTION.NiceName": formula}))
    for rating in (2 ** 63 - 1, -1668, 4001, -1):
        add(f"rating-{rating}", _import_kfc(
            players=[(1, "Anna", rating, 1), *KFC_PLAYERS[1:]], text="Player row 1"))
    add("rating-text", _import_kfc(players=[(1, "Anna", "2000x", 1), *KFC_PLAYERS[1:]]))
    add("rating-float", _import_kfc(players=[(1, "Anna", 1999.5, 1), *KFC_PLAYERS[1:]]))
    for rnd in (0, -3, 1001, 5000, 2 ** 62):
        add(f"round-{rnd}", _import_kfc(pairings=[*KFC_PAIRINGS, (rnd, 1, 1, 2, 1)]))
    # check takes a round far after the one before it for a typing slip (MAX_ROUND_GAP 10):
    # import refuses it at its row; 10 rounds without games are fine for both
    add("round-201-after-2", _import_kfc(pairings=[*KFC_PAIRINGS, (201, 1, 1, 2, 1)],
                                         text="Pairing row 5"))
    add("round-12-after-2", _import_kfc(expect="ok", pairings=[*KFC_PAIRINGS, (12, 1, 1, 2, 1)],
                                        after=lambda b: _import_kept(b, rounds=12)))
    add("self-game", _import_kfc(pairings=[*KFC_PAIRINGS, (3, 1, 1, 1, 1)]))
    add("unknown-player", _import_kfc(pairings=[*KFC_PAIRINGS, (3, 1, 1, 99, 1)]))
    add("unknown-result", _import_kfc(pairings=[*KFC_PAIRINGS, (3, 1, 1, 2, 77)]))
    for ratio in (1e308, 1e30, float("inf"), float("nan"), 1.0, 0.5, -3.0):
        add(f"ratio-{ratio}", _import_kfc(expect="either",
                                          config={**KFC_CONFIG, "OPTION.RatioFirst2Last": ratio}))
    add("ratio-text", _import_kfc(texts={}, config={**KFC_CONFIG,
                                                    "OPTION.RatioFirst2Last": "abc"}))
    for key in ("BONUS.Freilos", "BONUS.Excused"):
        for value in (101, -1, 1e300, "x"):
            add(f"{key}-{value}", _import_kfc(config={**KFC_CONFIG, key: value}))
    add("locked", lambda tmp: _locked(tmp))
    add("hot-journal", lambda tmp: _hot_journal(tmp))
    add("truncated", lambda tmp: _truncated(tmp))
    add("empty-file", _import_raw(b"", ".s3db"))
    add("text-file", _import_raw(trf_text(), ".s3db"))
    add("header-only", _import_raw(b"SQLite format 3\x00" + bytes(84), ".s3db"))
    add("no-tables", lambda tmp: _no_tables(tmp))
    add("folder", lambda tmp: _kind(tmp, "folder", ".s3db"))
    add("fifo", lambda tmp: _kind(tmp, "fifo", ".s3db"))
    add("dev-zero", lambda tmp: _kind(tmp, "zero", ".s3db"))
    return cases


def _import_raw(data: bytes | str, suffix: str) -> Callable[[Path], Run]:
    def make(tmp: Path) -> Run:
        src = _write(tmp / f"t{suffix}", data)
        return Run(["import", str(src), str(tmp / "club.xlsx")], watch=[src],
                   absent=[tmp / "club.xlsx"])
    return make


def _locked(tmp: Path) -> Run:
    src = kfc_file(tmp / "t.s3db")
    # a writer holds the database (KeizerForClubs in the middle of a save) while import runs
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3,sys,time\n"
        f"c=sqlite3.connect({str(src)!r}, isolation_level=None)\n"
        "c.execute('BEGIN EXCLUSIVE'); c.execute('UPDATE Player SET rank=1')\n"
        "print('locked', flush=True); time.sleep(30)\n")], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    book = tmp / "club.xlsx"
    run = Run(["import", str(src), str(book)], absent=[book], text="locked", subprocess=True)
    _HOLDERS.append(holder)
    return run


_HOLDERS: list[subprocess.Popen[str]] = []


def stop_holders() -> None:
    while _HOLDERS:
        p = _HOLDERS.pop()
        p.kill()
        p.wait()


def _hot_journal(tmp: Path) -> Run:
    src = kfc_file(tmp / "t.s3db")
    # a writer killed in the middle of a change: its rollback journal stays beside the file
    subprocess.run([sys.executable, "-c", (
        "import os,sqlite3\n"
        f"c=sqlite3.connect({str(src)!r}, isolation_level=None)\n"
        "c.execute('PRAGMA journal_mode=DELETE'); c.execute('PRAGMA cache_size=2')\n"
        "c.execute('BEGIN')\n"
        "c.execute('UPDATE Player SET name=name||name')\n"
        "c.execute('CREATE TABLE big(x)'); c.executemany('INSERT INTO big VALUES(?)',"
        " [(b'x'*4000,)]*300)\n"
        "os._exit(9)\n")], check=False)
    assert src.with_name(src.name + "-journal").exists()  # the pages went to the file: hot
    book = tmp / "club.xlsx"
    return Run(["import", str(src), str(book)], absent=[book], text="unfinished change",
               subprocess=True)


def _truncated(tmp: Path) -> Run:
    src = kfc_file(tmp / "t.s3db")
    data = src.read_bytes()
    src.write_bytes(data[: len(data) // 2 + 100])
    return Run(["import", str(src), str(tmp / "club.xlsx")], watch=[src],
               absent=[tmp / "club.xlsx"])


def _no_tables(tmp: Path) -> Run:
    src = tmp / "t.s3db"
    con = sqlite3.connect(src)
    con.execute("CREATE TABLE other(x)")
    con.commit()
    con.close()
    return Run(["import", str(src), str(tmp / "club.xlsx")], watch=[src],
               absent=[tmp / "club.xlsx"], text="Player")


def import_target_cases() -> list[Case]:
    """``import SOURCE BOOK`` where BOOK is SOURCE, links to it, or is of another kind."""
    cases: list[Case] = []

    def add(cid: str, make: Callable[[Path], Run]) -> None:
        cases.append(Case(f"import-{cid}", "import", make))

    def linked(how: str, suffix: str = ".trf") -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            src = _write(tmp / "in.trf", trf_text()) if suffix == ".trf" else kfc_file(tmp / "in.s3db")
            book = tmp / "club.xlsx"
            if how == "symlink":
                os.symlink(src, book)
            elif how == "hardlink":
                os.link(src, book)
            elif how == "relative-symlink":
                os.symlink(src.name, book)
            return Run(["import", str(src), str(book), "--force"], watch=[src, book],
                       text="reads")
        return make

    for how in ("symlink", "hardlink", "relative-symlink"):
        add(f"book-{how}-to-trf", linked(how))
        add(f"book-{how}-to-s3db", linked(how, ".s3db"))

    def onto(what: str) -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            src = _write(tmp / "in.trf", trf_text())
            book = tmp / "club.xlsx"
            if what == "folder":
                book.mkdir()
            elif what == "fifo":
                os.mkfifo(book)
            elif what == "s3db":
                kfc_file(tmp / "x.s3db")
                os.rename(tmp / "x.s3db", book)
            elif what == "workbook-no-force":
                season_book(book)
            return Run(["import", str(src), str(book)] + (["--force"] if what != "workbook-no-force"
                                                          else []),
                       watch=[src] + ([book] if what in ("s3db", "workbook-no-force") else []),
                       subprocess=what == "fifo")
        return make

    for what in ("folder", "fifo", "s3db", "workbook-no-force"):
        add(f"book-is-{what}", onto(what))

    def missing_folder(tmp: Path) -> Run:
        src = _write(tmp / "in.trf", trf_text())
        return Run(["import", str(src), str(tmp / "nope" / "club.xlsx")], watch=[src])
    add("book-in-missing-folder", missing_folder)

    def read_only(tmp: Path) -> Run:
        src = _write(tmp / "in.trf", trf_text())
        book = season_book(tmp / "club.xlsx")
        os.chmod(book, 0o444)
        return Run(["import", str(src), str(book), "--force"], watch=[src, book],
                   text="read-only", forbid=("--no-write", "--dry-run"))
    add("book-read-only", read_only)
    return cases


def export_cases() -> list[Case]:
    cases: list[Case] = []

    def add(cid: str, make: Callable[[Path], Run]) -> None:
        cases.append(Case(f"export-{cid}", "export", make))

    def onto_book(flag: str, spelling: str) -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            book = season_book(tmp / "club.xlsx")
            target = {"same": str(book), "dot": "./club.xlsx", "dotdot": f"../{tmp.name}/club.xlsx",
                      "symlink": str(tmp / "link.xlsx"), "hardlink": str(tmp / "hard.xlsx"),
                      "other-book": str(tmp / "other.xlsx"), "s3db": str(tmp / "t.s3db")}[spelling]
            if spelling == "symlink":
                os.symlink(book, tmp / "link.xlsx")
            elif spelling == "hardlink":
                os.link(book, tmp / "hard.xlsx")
            elif spelling == "other-book":
                season_book(tmp / "other.xlsx")
            elif spelling == "s3db":
                kfc_file(tmp / "t.s3db")
            argv = ["export", str(book)] + ([flag, target] if flag == "--trf"
                                            else [flag, "--out", target])
            watch = [book] + ([Path(target)] if spelling in ("other-book", "s3db") else [])
            return Run(argv, watch=watch, text="not written")
        return make

    for flag in ("--trf", "--html", "--csv"):
        for spelling in ("same", "dot", "dotdot", "symlink", "hardlink", "other-book", "s3db"):
            add(f"{flag[2:]}-onto-{spelling}", onto_book(flag, spelling))

    def rounds(text: str, expect: str = "refuse") -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            book = season_book(tmp / "club.xlsx")
            out = tmp / "r.trf"
            other = any(c.isdigit() and not "0" <= c <= "9" for c in text)
            return Run(["export", str(book), "--trf", str(out), "--rounds", text], watch=[book],
                       absent=[out], expect=expect, text="0-9" if other else "--rounds")
        return make

    for text in ("\u00b2", "\u0663", "1-\u00b2", "\uff11", "0", "99999", "5-2", "", "-", "1-2-3",
                 "1e3"):
        add(f"rounds-{text.encode('unicode_escape').decode() or 'empty'}", rounds(text))
    add("rounds-1-2", rounds("1-2", "ok"))

    def onto_special(what: str) -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            book = season_book(tmp / "club.xlsx")
            out = tmp / "r.trf"
            if what == "fifo":
                os.mkfifo(out)
            elif what == "read-only":
                out.write_text("old")
                os.chmod(out, 0o444)
            return Run(["export", str(book), "--trf", str(out)], watch=[book] + (
                [out] if what == "read-only" else []), subprocess=what == "fifo")
        return make

    for what in ("fifo", "read-only"):
        add(f"trf-onto-{what}", onto_special(what))

    def out_special(flag: str, what: str) -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            book = season_book(tmp / "club.xlsx")
            out = tmp / f"r.{flag[2:]}"
            if what == "fifo":
                os.mkfifo(out)
            elif what == "read-only":
                out.write_text("old")
                os.chmod(out, 0o444)
            elif what == "dangling-link":
                os.symlink(tmp / "nowhere" / "x", out)
            return Run(["export", str(book), flag, "--out", str(out)], watch=[book] + (
                [out] if what == "read-only" else []), subprocess=what == "fifo",
                expect="refuse")
        return make

    for flag in ("--html", "--csv"):
        for what in ("fifo", "read-only", "dangling-link"):
            add(f"{flag[2:]}-onto-{what}", out_special(flag, what))

    def formula_exports(tmp: Path) -> Run:
        book = season_book(tmp / "club.xlsx", names=FORMULA_NAMES[:4])
        out = tmp / "s.csv"

        def after() -> list[str]:
            import csv as csvmod

            problems = []
            text = out.read_text("utf-8-sig")
            for row in csvmod.reader(io.StringIO(text)):
                for cell in row:
                    if (cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not cell[:1].isdigit()
                            and not _number(cell)):
                        problems.append(f"a CSV cell a spreadsheet reads as a formula: {cell!r}")
            return problems
        return Run(["export", str(book), "--csv", "--out", str(out)], watch=[book], expect="ok",
                   after=after)
    add("csv-formula-names", formula_exports)
    return cases


def _number(text: str) -> bool:
    try:
        float(text.replace(",", "."))
    except ValueError:
        return False
    return True


def new_season_cases() -> list[Case]:
    cases: list[Case] = []

    def add(cid: str, make: Callable[[Path], Run], kind: str = "new-season") -> None:
        cases.append(Case(f"{kind}-{cid}", kind, make))

    def onto(spelling: str) -> Callable[[Path], Run]:
        def make(tmp: Path) -> Run:
            old = season_book(tmp / "club.xlsx")
            new = {"same": str(old), "dot": "./club.xlsx", "symlink": str(tmp / "l.xlsx"),
                   "hardlink": str(tmp / "h.xlsx"), "folder": str(tmp / "d.xlsx"),
                   "s3db": str(tmp / "k.xlsx"), "fifo": str(tmp / "f.xlsx")}[spelling]
            if spelling == "symlink":
                os.symlink(old, new)
            elif spelling == "hardlink":
                os.link(old, new)
            elif spelling == "folder":
                os.mkdir(new)
            elif spelling == "s3db":
                kfc_file(Path(new))
            elif spelling == "fifo":
                os.mkfifo(new)
            watch = [old] + ([Path(new)] if spelling == "s3db" else [])
            return Run(["new-season", str(old), new, "--force"], watch=watch,
                       subprocess=spelling == "fifo")
        return make

    for spelling in ("same", "dot", "symlink", "hardlink", "folder", "s3db", "fifo"):
        add(f"onto-{spelling}", onto(spelling))

    def read_only(tmp: Path) -> Run:
        old = season_book(tmp / "club.xlsx")
        new = season_book(tmp / "next.xlsx")
        os.chmod(new, 0o444)
        return Run(["new-season", str(old), str(new), "--force"], watch=[old, new],
                   text="read-only", forbid=("--no-write", "--dry-run"))
    add("onto-read-only", read_only)

    def formulas(tmp: Path) -> Run:
        old = season_book(tmp / "old.xlsx", names=FORMULA_NAMES[:4],
                          settings=[("season", "=1+1"), ("club", "=HYPERLINK(\"http://x\",\"y\")")])
        new = tmp / "new.xlsx"

        def after() -> list[str]:
            problems = [f"formula in the new season: {f}" for f in formulas_in(new)]
            from keizer_xl.clients.xlsx import open_book
            from keizer_xl.sheets.read import read_season

            season = read_season(open_book(new))
            names = {p.name for p in season.players}
            problems += [f"{n!r} lost" for n in FORMULA_NAMES[:4] if n not in names]
            return problems
        return Run(["new-season", str(old), str(new)], watch=[old], expect="ok", after=after)
    add("formula-names-and-settings", formulas, "settings")

    for i, value in enumerate(("=1+1", "+1", "@SUM(1)", "=cmd|' /C calc'!A0",
                               "-1+2", "=HYPERLINK(\"http://x\",\"y\")")):
        def setting_text(tmp: Path, value: str = value) -> Run:
            old = season_book(tmp / "old.xlsx", settings=[("season", value), ("club", value),
                                                          ("city", value)])
            new = tmp / "new.xlsx"
            return Run(["new-season", str(old), str(new)], watch=[old], expect="ok",
                       after=lambda: [f"formula in the new season: {f}" for f in formulas_in(new)])
        add(f"setting-text-{i}", setting_text, "settings")
    return cases


#: the year's settings as a club may have typed them in OLD: each is carried by new-season as
#: it is (text stays text) or refused at OLD's cell; what new-season writes, check accepts
YEAR_SETTINGS: tuple[tuple[str, object], ...] = (
    ("top_value", "1e400"), ("top_value", "ratio 1e308"), ("top_value", "ratio \u00b2"),
    ("absence_excused", "150%"), ("absence_excused", "\u0663\u0660%"), ("bye", "1/0"),
    ("round_dates", "2025-13-45"), ("round_dates", "2025-09-04, 2025-09-04"),
    ("round_dates", ", ".join(f"2025-01-{d:02d}" for d in range(1, 32)) * 40),
    ("code X", "2"), ("code =1+1", "1/2"), ("=1+1", "x"), ("rematch_gap", "99999999999"),
    ("season", "x" * 40000), ("club", "=HYPERLINK(\"http://x\",\"y\")"),
    ("season", "2025-2026"), ("season", "Seizoen 2025/26 =1"), ("language", "xx"),
    ("tiebreak", "=RAND()"), ("periods", "1-5, 3-9"), ("periods", "1-\u00b2"),
    ("value_decimals", "1e7"), ("extra_passes", "1e9"), ("k_factor", 33), ("loss", "-1/6"),
    ("win", 1e308), ("draw", float("nan")), ("city", "@Hengelo"), ("arbiter", "+31 6 1234"),
    ("time_control", "-90+30"))


def settings_cases() -> list[Case]:
    cases: list[Case] = []
    for i, (key, value) in enumerate(YEAR_SETTINGS):
        def make(tmp: Path, key: str = key, value: object = value) -> Run:
            old = season_book(tmp / "old.xlsx", settings=[(key, value)])
            new = tmp / "new.xlsx"

            def after() -> list[str]:
                problems = [f"formula in the new season: {f}" for f in formulas_in(new)]
                code, out = invoke(["check", str(new)], apart=False)
                if code != 0:
                    problems.append(f"the new season fails check (exit {code}): {out[-400:]}")
                return problems
            return Run(["new-season", str(old), str(new)], watch=[old], absent=[new],
                       expect="either", after=after)
        cases.append(Case(f"settings-year-{i:02d}-{key[:12]}", "settings", make))
    return cases


#: the cases that start a process: their command runs apart (a FIFO, /dev/zero, a huge sparse
#: file: a hang must not hang the test), or a process holds the database or left its journal;
#: tests/e2e/ runs them
APART = {"trf-fifo", "trf-dev-zero", "trf-huge-sparse", "kfc-locked", "kfc-hot-journal", "kfc-fifo",
         "kfc-dev-zero", "import-book-is-fifo", "export-trf-onto-fifo", "export-html-onto-fifo",
         "export-csv-onto-fifo", "new-season-onto-fifo"}


def all_cases() -> list[Case]:
    return (trf_cases() + kfc_cases() + import_target_cases() + export_cases()
            + new_season_cases() + settings_cases())


def main() -> int:  # pragma: no cover - the report's numbers
    total = bad = 0
    distinct: dict[str, int] = {}
    only_fast = "--fast" in sys.argv
    for case in all_cases():
        if only_fast and case.slow:
            continue
        with tempfile.TemporaryDirectory() as folder:
            try:
                found, code, _out = defects(case, Path(folder))
            finally:
                stop_holders()
        total += 1
        if found:
            bad += 1
            key = found[0].split(":")[0][:60]
            distinct[key] = distinct.get(key, 0) + 1
            print(f"DEFECT {case.id} (exit {code}): {found[0][:300]}")
    print(f"{total} cases, {bad} with a defect")
    for key, n in sorted(distinct.items(), key=lambda kv: -kv[1]):
        print(f"  {n:4d}  {key}")
    return 1 if bad else 0


if __name__ == "__main__":  # PYTHONPATH says which keizer-xl is run
    raise SystemExit(main())
