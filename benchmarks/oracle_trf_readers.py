"""A local oracle, outside CI: two independent TRF readers take the rating reports
``keizer-xl export --trf`` writes for new random seasons (and for samples/club-season.xlsx).

    python benchmarks/oracle_trf_readers.py --bbp BBP_EXE --chesspairing CP_EXE
        [--seasons 110] [--seed 1] [--keep DIR]

``BBP_EXE``: a built bbpPairings (BieremaBoyzProgramming/bbpPairings), run as
``BBP_EXE --dutch FILE -c``.  Its checker compares the file's pairings with the Dutch system's,
which a Keizer season never matches; what counts is whether it reads the file: exit 0 (the
discrepancies are its output) is *accepted*, exit 3 (a wrongly formatted input file) a
*format error* with its message, any other exit code is listed on its own.

``CP_EXE``: a built chesspairing command line (gnutterts/chesspairing, cmd/chesspairing), run
as ``CP_EXE standings --keizer FILE --scoring keizer --json`` (its TRF reader, ``trf.Read``,
then ``ToTournamentState`` and its Keizer scorer: exit 0 is *accepted*) and as ``CP_EXE
validate FILE --profile P --json`` for P = minimal and standard (the standard profile's
``XXR/142`` and ``XXC/152`` errors, a pairing engine's round count and first colour, which a
rating report does not carry, are counted apart from its cross-checks of opponents, colours
and results); of the files it accepts, ``CP_EXE standings --dutch FILE --json`` (its standard
scorer) is compared with each player's points in columns 81-84, and a difference is put down to
chesspairing's own readings where they explain it exactly (``U``, TRF-16's pairing-allocated
bye, read as an absence worth 0; a double forfeit, ``-`` on both lines, read as a forfeit win
for the later line).  bbpPairings checks columns 81-84 itself: a wrong score is its exit 3.

Standard library and keizer_xl only; the seasons: 2-36 players, 1-16 rounds, groups, byes,
absences (E, U, C and a club code), forfeits and double forfeits, adjourned and unfinished
games, withdrawals, late entrants, names with umlauts and accents, names longer than the
33-character name field, federations, FIDE and KNSB ids, sex and birth dates or none, settings
for the header or none; each exported as it is and once more with one of ``--knsb``,
``--club-spelling``, ``--rounds A-B`` or ``--strict``.
"""
from __future__ import annotations

import argparse
import datetime
import json
import random
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season  # noqa: E402
from keizer_xl.app.import_season import write_new_season  # noqa: E402
from keizer_xl.frontends.cli_common import NewWorkbookFiles  # noqa: E402

FIRST = ["Jürgen", "Zoë", "Anna", "Piet", "Ségolène", "Björn", "Åsa", "Łukasz", "Çağla", "Noor",
         "Karl-Heinz", "Émile", "Sören", "Jan", "Ines", "Grete", "François", "Mila", "Tomáš",
         "Niña", "Bram", "Yara", "Joël", "Ürsula"]
LAST = ["Müller", "de Vries", "Groß", "Ødegaard", "Schäfer", "van der Meer", "Dvořák", "Jansen",
        "Kühn", "O'Neill", "Çelik", "Bakker", "Lefèvre", "Nuñez", "Wójcik", "Häkkinen", "Visser",
        "Straße", "Smit", "Brontë", "Zoltán", "Mulder", "Lindqvist", "Åberg", "Pérez", "Dijkstra",
        "Krüger", "Vogt", "Weiß", "Öztürk", "Fößel", "Nguyễn", "Wagner", "Dekker", "Hoffmann",
        "Sánchez", "Jovanović", "Kowalczyk", "Lemaître", "Żak"]
LONG = "Maximiliane-Charlotte-Wilhelmine"
PLAYED = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW] * 6 + [
    Result.WHITE_FORFEIT, Result.BLACK_FORFEIT, Result.DOUBLE_FORFEIT]


def random_season(rng: random.Random, index: int) -> tuple[Season, list[tuple[str, str]], str]:
    """A season, its Settings rows and a one-line description of what it holds; one in four
    ``complete``: every field a rating report needs filled (what ``--strict`` asks)."""
    complete = rng.random() < 0.25
    n = rng.choice([2, 3, 5, 8, 11, 14, 17, 20, 24, 29, 36])
    rounds = rng.choice([1, 2, 3, 5, 7, 9, 12, 16])
    groups = rng.random() < 0.3 and n >= 8
    names = rng.sample([f"{f} {ln}" for ln in LAST for f in FIRST], n)
    if rng.random() < 0.2 and not complete:  # past the name field's 33 characters
        names[0] = f"{LONG} {names[0].split(' ', 1)[1]}"
    players = []
    for i, name in enumerate(names):
        late = rng.random() < 0.15 and rounds >= 3 and i >= 2
        joined = rng.randint(2, rounds) if late else 1
        gone = (rng.randint(max(2, joined + 1), rounds)
                if not late and rounds >= 3 and i >= 2 and rng.random() < 0.12 else None)
        players.append(Player(
            name, rating=rng.choice([None, 1200 + 25 * rng.randint(0, 48)]),
            joined=joined, withdrawn_round=gone,
            group=("A" if i < n // 2 else "B") if groups else "",
            sex=rng.choice(["m", "w", "v"] if complete else ["", "m", "w", "v"]),
            birth=rng.choice(([] if complete else ["", "", str(rng.randint(1950, 2010))])
                             + [f"{rng.randint(1940, 2015)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"]),
            federation=rng.choice(["NED", "GER", "BEL", "AUT"]
                                  + ([] if complete else ["", "Netherlands"])),
            fide_id=rng.choice(([] if complete else ["", ""])
                               + [str(rng.randint(1000, 99999999999))]),
            knsb_id=rng.choice(([] if complete else [""]) + [str(rng.randint(6000000, 8999999))])))
    games, byes, absences = [], [], []
    for r in range(1, rounds + 1):
        for grp in (["A", "B"] if groups else [""]):
            members = [p.name for p in players if p.group == grp and p.joined <= r
                       and (p.withdrawn_round is None or p.withdrawn_round > r)]
            rng.shuffle(members)
            away = rng.randint(0, len(members) // 4)
            for name in members[:away]:
                code = rng.choice("EEUC-" if complete else "EEUC-T")
                if code != "-":
                    absences.append(Absence(r, name, code))
            present = members[away:]
            if len(present) % 2:
                byes.append(Bye(r, present.pop()))
            for w, b in zip(present[::2], present[1::2], strict=True):
                result = rng.choice(PLAYED)
                if r == rounds and rng.random() < 0.1 and not complete:
                    result = rng.choice([Result.PENDING, Result.STARTED, Result.ADJOURNED])
                games.append(Game(r, w, b, result, board=len(games) + 1))
    rows = [("season", f"Seizoen {2000 + index}")]
    if complete or rng.random() < 0.5:
        start = datetime.date(2025, 9, 1) + datetime.timedelta(days=rng.randint(0, 6))
        rows += [("club", rng.choice(["SK Königsspringer", "Schaakclub Oost", "Échecs Léman"])),
                 ("city", rng.choice(["München", "Hengelo", "Genève"])),
                 ("arbiter", "Jürgen Schiedsrichter"), ("time_control", "90 min + 30 s"),
                 ("round_dates", ", ".join((start + datetime.timedelta(weeks=k)).isoformat()
                                           for k in range(rounds)))]
    if not complete:  # a club's own code: the report writes it as H (a warning; --strict refuses)
        rows.append(("code T", "1/2"))
    what = (f"{'complete, ' if complete else ''}{n} players, {rounds} rounds"
            f"{', 2 groups' if groups else ''}, "
            f"{sum(p.joined > 1 for p in players)} late, "
            f"{sum(p.withdrawn_round is not None for p in players)} withdrawn, "
            f"{len(byes)} byes, {len(absences)} absences, "
            f"{sum(g.result.is_forfeit for g in games)} forfeits")
    return Season(players=tuple(players), games=tuple(games), byes=tuple(byes),
                  absences=tuple(absences)), rows, what


def export(book: Path, out: Path, flags: list[str]) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "keizer_xl.frontends.cli", "export", str(book),
                           "--trf", str(out), *flags], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    return done.returncode, done.stderr.strip()


def shape(text: str, names: tuple[str, ...] = ()) -> str:
    """A message with its numbers as N and the season's names as NAME (one line per kind)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "NAME")
    text = re.sub(r"NAME(, NAME)+", "NAME, ...", text)
    text = re.sub(r"cut to .*", "cut to ...", text)
    text = re.sub(r"\d+(, \d+)+", "N, ...", text)
    return re.sub(r"\d+", "N", text.strip())


def run_bbp(exe: str, trf: Path) -> tuple[str, str]:
    try:
        done = subprocess.run([exe, "--dutch", str(trf), "-c"], capture_output=True, text=True,
                              errors="replace", timeout=300, check=False)
    except subprocess.TimeoutExpired:
        return "timeout", "no answer in 300 s"
    if done.returncode == 0:
        return "accepted", ""
    kind = "format error" if done.returncode == 3 else f"exit {done.returncode}"
    return kind, done.stderr.strip() or done.stdout.strip()[-300:]


def file_rounds(trf: Path) -> dict[str, tuple[float, list[tuple[str, str]]]]:
    """Start number -> (columns 81-84, [(opponent, result code)] round by round), in file order."""
    out = {}
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            rounds = [(line[k:k + 4].strip(), line[k + 7])
                      for k in range(91, len(line) - 7, 10)]
            out[line[4:8].strip()] = (float(line[80:84]), rounds)
    return out


def cp_scores(exe: str, trf: Path) -> str:
    """'' when chesspairing's standard scores (win 1, draw 1/2, its bye values) are the
    file's points (columns 81-84); else which of chesspairing's readings explain the
    difference: a U round (TRF-16: the pairing-allocated bye) read as an absence worth 0, a
    double forfeit (``-`` on both lines) read as a forfeit win for the later line."""
    done = subprocess.run([exe, "standings", "--dutch", str(trf), "--json"], capture_output=True,
                          text=True, errors="replace", check=False)
    if done.returncode:
        return f"standings --dutch refused: {done.stderr.strip()}"
    scores = {row["playerId"]: row["score"] for row in json.loads(done.stdout)["standings"]}
    lines = file_rounds(trf)
    place = {n: i for i, n in enumerate(lines)}
    if all(abs(scores.get(n, -1) - pts) < 1e-9 for n, (pts, _) in lines.items()):
        return ""
    causes = set()
    for n, (pts, rounds) in lines.items():
        u = sum(code == "U" for _, code in rounds)
        double = sum(code == "-" and opp not in ("", "0000") and opp.lstrip("0") in place
                     and lines[opp.lstrip("0")][1][k][1] == "-"
                     and place[opp.lstrip("0")] < place[n]
                     for k, (opp, code) in enumerate(rounds))
        if abs(scores.get(n, -1) - (pts - u + double)) > 1e-9:
            return "scores differ from columns 81-84, not only by U and double forfeits"
        causes |= {"U read as 0"} if u else set()
        causes |= {"a double forfeit read as a forfeit win"} if double else set()
    return "scores differ from columns 81-84 exactly by: " + ", ".join(sorted(causes))


def run_cp(exe: str, trf: Path) -> tuple[str, str, dict[str, list[str]]]:
    """(accepted / refused, refusal text, {profile: its validation errors})."""
    issues: dict[str, list[str]] = {}
    for profile in ("minimal", "standard"):
        done = subprocess.run([exe, "validate", str(trf), "--profile", profile, "--json"],
                              capture_output=True, text=True, errors="replace", check=False)
        if done.stderr.strip():  # cannot parse TRF
            return "refused", done.stderr.strip(), issues
        report = json.loads(done.stdout)
        issues[profile] = [f"{e['field']}: {e['message']}" for e in report.get("errors") or []]
    done = subprocess.run([exe, "standings", "--keizer", str(trf), "--scoring", "keizer",
                           "--json"], capture_output=True, text=True, errors="replace",
                          check=False)
    if done.returncode:
        return "refused", done.stderr.strip() or f"exit {done.returncode}", issues
    return "accepted", "", issues


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bbp", required=True, help="the built bbpPairings executable")
    ap.add_argument("--chesspairing", required=True, help="the built chesspairing executable")
    ap.add_argument("--seasons", type=int, default=110)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="write the books and files here (else a temp dir)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        jobs: list[tuple[str, Path, list[str], tuple[str, ...]]] = []  # what, book, flags, names
        sample = ROOT / "samples" / "club-season.xlsx"
        for flags in ([], ["--knsb"], ["--club-spelling"], ["--rounds", "5-9"]):
            jobs.append(("samples/club-season.xlsx", sample, flags, ()))
        for i in range(args.seasons):
            season, rows, what = random_season(rng, i)
            book = work / f"season{i:03d}.xlsx"
            write_new_season(book, season, rows, NewWorkbookFiles())
            last = season.last_round_with_results()
            extra = rng.choice([["--knsb"], ["--club-spelling"], ["--strict"],
                                ["--rounds", f"{rng.randint(1, max(1, last))}-{max(1, last)}"]])
            if what.startswith("complete"):
                extra = rng.choice([["--strict"], ["--strict", "--knsb"]])
            names = tuple(p.name for p in season.players)
            jobs += [(what, book, [], names), (what, book, extra, names)]

        tally: Counter[str] = Counter()
        bbp_errors: dict[str, list[str]] = defaultdict(list)
        cp_errors: dict[str, list[str]] = defaultdict(list)
        cp_checks: dict[str, dict[str, list[str]]] = {"minimal": defaultdict(list),
                                                      "standard": defaultdict(list)}
        export_errors: dict[str, list[str]] = defaultdict(list)
        cp_score_errors: dict[str, list[str]] = defaultdict(list)
        flavours: Counter[str] = Counter()
        for k, (what, book, flags, names) in enumerate(jobs):
            out = work / f"{book.stem}-{k:03d}.trf"
            rc, err = export(book, out, flags)
            label = f"{out.name} ({' '.join(flags) or 'plain'}; {what})"
            if rc or not out.exists():
                tally["export refused"] += 1
                problems = [line.split("not written: ", 1)[-1] for line in err.splitlines()
                            if "not written: " in line] or [err or f"exit {rc}"]
                for problem in sorted({shape(x, names) for x in problems}):
                    export_errors[problem].append(label)
                continue
            tally["files"] += 1
            flavours[" ".join(flags[:1]) or "plain"] += 1
            kind, text = run_bbp(args.bbp, out)
            tally[f"bbp {kind}"] += 1
            if kind != "accepted":
                bbp_errors[f"[{kind}] {shape(text)}"].append(label)
            kind, text, issues = run_cp(args.chesspairing, out)
            tally[f"chesspairing {kind}"] += 1
            if kind != "accepted":
                cp_errors[shape(text)].append(label)
            else:
                differs = cp_scores(args.chesspairing, out)
                tally["chesspairing scores = columns 81-84"] += not differs
                if differs:
                    cp_score_errors[shape(differs)].append(label)
            for profile, found in issues.items():
                if not found:
                    tally[f"chesspairing validate {profile}: no errors"] += 1
                for issue in sorted({shape(x) for x in found}):
                    cp_checks[profile][issue].append(label)
                if profile == "standard" and all(x.startswith(("XXR/142", "XXC/152"))
                                                 for x in found):
                    tally["chesspairing validate standard: no errors but XXR/XXC"] += 1
            print(f"{label}: bbp {tally['bbp accepted']}, cp {tally['chesspairing accepted']} "
                  f"of {tally['files']}", file=sys.stderr, flush=True)

    total = tally["files"]
    print(f"{len(jobs)} exports ({args.seasons} random seasons x 2 + the sample x 4): "
          f"{total} files written, {tally['export refused']} refused by keizer-xl itself")
    print("files by flag:", dict(flavours))
    print(f"bbpPairings --dutch -c: accepted {tally['bbp accepted']}/{total}")
    print(f"chesspairing standings --keizer (trf.Read + ToTournamentState): "
          f"accepted {tally['chesspairing accepted']}/{total}")
    print(f"  of which chesspairing's standard scores (standings --dutch) = the file's points: "
          f"{tally['chesspairing scores = columns 81-84']}/{tally['chesspairing accepted']}")
    print(f"chesspairing validate minimal: no errors "
          f"{tally['chesspairing validate minimal: no errors']}/{total}")
    print(f"chesspairing validate standard: no errors "
          f"{tally['chesspairing validate standard: no errors']}/{total}, none but XXR/XXC "
          f"{tally['chesspairing validate standard: no errors but XXR/XXC']}/{total}")
    for title, errors in (("keizer-xl export refusals", export_errors),
                          ("bbpPairings errors", bbp_errors),
                          ("chesspairing refusals", cp_errors),
                          ("chesspairing score differences", cp_score_errors),
                          ("chesspairing validate minimal errors", cp_checks["minimal"]),
                          ("chesspairing validate standard errors", cp_checks["standard"])):
        print(f"\n{title}: {len(errors)} distinct")
        for text, labels in sorted(errors.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(labels):4d} x {text}\n         e.g. {labels[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
