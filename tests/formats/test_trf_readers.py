"""The rating report as the readers that rating officers use read it (issue 24), and files
those programs write, made here at the byte level.  The two readers and the points checker
are in tests/support/trf_reference.py (they import nothing of keizer_xl).
"""
from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from keizer_xl.core.model import Absence, Bye, Game, Player, Result, Season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.core.engine import compute_history
from keizer_xl.formats.trf_read import parse_trf, read_trf
from keizer_xl.formats.trf_write import export_trf
from keizer_xl.frontends.cli import main
from support.trf_reference import Refused, byte_reader, char_reader, check_points, games

# --------------------------------------------------------------------------- random seasons

ACCENTED = ["Jürgen Müller", "Zoë de Boer", "Ørjan Ødegård", "Łukasz Wróbel", "Ángel Peña",
            "Søren Kierkegaard", "Anaïs Lefèvre", "Gülşen Yılmaz", "Renée van 't Hof",
            "Björn Åström", "Ðorđe Petrović", "Maëlle Noël"]
PLAIN = ["Piet Jansen", "Jan de Vries", "Kees Bakker", "Anna Smit", "Els Visser", "Tom Mulder",
         "Karel Dijkstra", "Mieke Bos", "Henk Vos", "Lotte Peters", "Sven Hendriks",
         "Fleur Dekker"]
RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS,
           Result.BLACK_WINS, Result.DRAW, Result.WHITE_FORFEIT, Result.BLACK_FORFEIT,
           Result.DOUBLE_FORFEIT]


def random_season(seed: int, accented: bool) -> Season:
    rng = random.Random(seed)
    n, rounds = rng.randint(6, 12), rng.randint(2, 7)
    pool = ACCENTED if accented else PLAIN
    players = []
    for i, name in enumerate(rng.sample(pool, n)):
        joined = rng.choice([1, 1, 1, 2, 3]) if i > 3 else 1
        withdrawn = rng.choice([None, None, None, rounds]) if i > 4 and rounds > joined else None
        players.append(Player(name, rating=rng.choice([None, 1500, 1725, 1980, 2210]),
                              start=i + 1, joined=joined, withdrawn_round=withdrawn,
                              federation="NED", birth="1980/01/02", fide_id=str(1000 + i),
                              knsb_id=rng.choice(["", str(8000 + i)]), sex="m"))
    games_, byes, absences = [], [], []
    for k in range(1, rounds + 1):
        here = [p.name for p in players if p.is_member(k) and not p.is_withdrawn(k)]
        rng.shuffle(here)
        for name in here[:rng.randint(0, 2)]:
            absences.append(Absence(k, name, rng.choice("EUC")))
        playing = here[len([a for a in absences if a.round == k]):]
        if len(playing) % 2:
            byes.append(Bye(k, playing.pop()))
        for w, b in zip(playing[::2], playing[1::2], strict=True):
            result = Result.PENDING if k == rounds and rng.random() < 0.15 else rng.choice(RESULTS)
            games_.append(Game(k, w, b, result))
    settings = build_settings([parse_setting("preset", "keizer")])
    return Season(tuple(players), tuple(games_), tuple(byes), tuple(absences), settings,
                  attendance_rounds=tuple(range(1, rounds + 1)))


def model_games(season: Season, name_of) -> set[tuple[int, str, str, str, str]]:
    codes = {Result.WHITE_WINS: ("1", "0"), Result.BLACK_WINS: ("0", "1"),
             Result.DRAW: ("=", "="), Result.WHITE_FORFEIT: ("+", "-"),
             Result.BLACK_FORFEIT: ("-", "+"), Result.DOUBLE_FORFEIT: ("-", "-")}
    return {(g.round, name_of(g.white), name_of(g.black), *codes[g.result])
            for g in season.games if g.result in codes}


# --------------------------------------------------------------------------- tests

@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("accented", [True, False])
def test_every_fide_export_is_read_alike_by_bytes_and_by_characters(seed, accented):
    season = random_season(seed, accented)
    report = export_trf(season)
    data = report.text.encode("utf-8")
    by_bytes, by_chars = byte_reader(data), char_reader(report.text)
    check_points(by_bytes)
    check_points(by_chars)
    assert by_bytes == by_chars  # every field at the same place, read the same
    assert data.isascii()  # FIDE's ASCII spelling: bytes and characters are one
    # every game comes back, with its colours and result
    trf = {p["name"]: p["name"] for p in by_chars.values()}
    from keizer_xl.formats.trf_write import trf_name
    from keizer_xl.formats.trf_format import fide_ascii

    assert games(by_chars) == model_games(season, lambda n: trf.get(fide_ascii(trf_name(n))))
    assert all(code != " " for p in by_chars.values() for _, _, code in p["rounds"])


@pytest.mark.parametrize("seed", range(8))
def test_every_knsb_export_is_read_alike_and_its_points_are_its_codes(seed):
    season = random_season(seed, accented=True)
    report = export_trf(season, knsb=True)
    by_bytes, by_chars = byte_reader(report.text.encode("utf-8")), char_reader(report.text)
    check_points(by_bytes)
    assert by_bytes == by_chars
    header = {line[:3]: line[4:] for line in report.text.splitlines()}
    last = season.last_round_with_results()
    listed = [p for p in season.players
              if p.joined <= last and (p.withdrawn_round is None or p.withdrawn_round > 1)]
    assert header["072"] == str(sum(1 for p in listed if p.rating))  # a count
    assert "###" not in report.text  # the KNSB's batch: its games alone
    # only played games between two players with a KNSB id; everything else Z
    for p in by_chars.values():
        for opp, colour, code in p["rounds"]:  # type: ignore[misc]
            assert (opp, colour, code) == (0, "-", "Z") or code in "10="


@pytest.mark.parametrize("seed", range(6))
def test_export_then_import_gives_the_same_season_back(seed, tmp_path):
    season = random_season(seed, accented=False)
    report = export_trf(season)
    back = parse_trf(report.text, "again.trf").season
    b = season.last_round_with_results()  # the report's rounds: 1..b
    listed = [p for p in season.players
              if p.joined <= b and (p.withdrawn_round is None or p.withdrawn_round > 1)]
    assert ({(g.round, g.white, g.black, g.result) for g in back.games}
            == {(g.round, g.white, g.black, g.result) for g in season.games
                if g.result is not Result.PENDING and g.round <= b})
    assert ({(x.round, x.player) for x in back.byes}
            == {(x.round, x.player) for x in season.byes if x.round <= b})
    pending = {(g.round, n) for g in season.games if g.result is Result.PENDING and g.round <= b
               for n in (g.white, g.black)}
    # a game without a result is left out of the report: its two players are Z (absent)
    assert ({(a.round, a.player, a.code) for a in back.absences}
            == {(a.round, a.player, a.code) for a in season.absences if a.round <= b}
            | {(k, n, "U") for k, n in pending})
    assert ({(p.name, p.joined, p.withdrawn_round) for p in back.players}
            == {(p.name, p.joined, p.withdrawn_round if p.withdrawn_round is None
                 or p.withdrawn_round <= b else None) for p in listed})


def test_club_spelling_keeps_the_accents_padded_by_characters_and_reads_back(tmp_path):
    season = random_season(3, accented=True)
    report = export_trf(season, club_spelling=True)
    by_chars = char_reader(report.text)
    check_points(by_chars)
    names = {p["name"] for p in by_chars.values()}
    assert "Müller, Jürgen" in names or any(not n.isascii() for n in names)
    back = parse_trf(report.text, "club.trf").season
    assert {p.name for p in back.players} == {p.name for p in season.players}
    # the trade-off, documented: a byte reader misplaces the fields of an accented line
    with pytest.raises(Refused):
        check_points(byte_reader(report.text.encode("utf-8")))


def test_names_in_fide_ascii_spelling():
    from keizer_xl.formats.trf_format import fide_ascii

    assert fide_ascii("Müller, Jürgen") == "Mueller, Juergen"
    assert fide_ascii("Ødegård, Ørjan") == "Odegard, Orjan"
    assert fide_ascii("Wróbel, Łukasz") == "Wrobel, Lukasz"
    assert fide_ascii("Peña, Ángel") == "Pena, Angel"
    assert fide_ascii("Straße") == "Strasse" and fide_ascii("Zoë") == "Zoe"
    assert fide_ascii("Иван") == "????"


def test_a_name_without_an_ascii_spelling_is_warned_about():
    season = random_season(0, accented=False)
    first = season.players[0]
    season = Season((Player("Иван Петров", rating=1800, start=1), *season.players[1:]),
                    tuple(Game(g.round, "Иван Петров" if g.white == first.name else g.white,
                               "Иван Петров" if g.black == first.name else g.black, g.result)
                          for g in season.games),
                    tuple(Bye(b.round, "Иван Петров" if b.player == first.name else b.player)
                          for b in season.byes),
                    tuple(Absence(a.round, "Иван Петров" if a.player == first.name else a.player,
                                  a.code) for a in season.absences),
                    season.settings, season.attendance_rounds)
    report = export_trf(season)
    assert any("has letters without an ASCII spelling" in w for w in report.warnings)
    assert report.text.isascii()


# --------------------------------------------------------------------------- chesspairing's files

def cp_line(start: int, name: str, rating: int, points: str, rank: int,
            rounds: list[tuple[int, str, str]]) -> bytes:
    """A 001 line as chesspairing's writer makes it (trf/write.go writePlayerLine): 89 bytes
    of fields, the name cut and padded by BYTES, then the rounds, trailing blanks trimmed."""
    head = bytearray(b" " * 89)
    head[0:3] = b"001"
    sn = str(start).encode()
    head[8 - len(sn):8] = sn
    raw = name.encode("utf-8")[:33]
    head[14:14 + len(raw)] = raw
    r = str(rating).encode()
    head[52 - len(r):52] = r
    head[84 - len(points):84] = points.encode()
    rk = str(rank).encode()
    head[89 - len(rk):89] = rk
    tail = b"".join(b"  %04d %c %c" % (o, ord(c), ord(x)) for o, c, x in rounds)
    return (bytes(head) + tail).rstrip(b" ")


def cp_file(lines: list[bytes], header: list[bytes]) -> bytes:
    return b"\n".join(header + lines) + b"\n"


def test_a_chesspairing_keizer_file_padded_by_bytes_reads_its_way(tmp_path):
    # 092 Keizer (trf/convert.go FromTournamentState), accented names padded by bytes (one
    # cut in two at the field's end), F its bye, U an absence, * a game without a result
    long = "Ångström-Çelebi Wróbel-Ødegård Jr"  # 33 characters, more than 33 bytes
    lines = [cp_line(1, "Müller, Jürgen", 2100, "1.0", 1, [(3, "w", "1"), (2, "w", "*")]),
             cp_line(2, "Peña, Ángel", 1900, "1.0", 2, [(0, "-", "F"), (1, "b", "*")]),
             cp_line(3, long, 1800, "0.0", 3, [(1, "b", "0"), (0, "-", "U")])]
    data = cp_file(lines, [b"012 Club", b"062 3", b"072 3", b"092 Keizer", b"XXR 2"])
    assert len(lines[2][14:47]) == 33 and lines[2][14:47].decode("utf-8", "replace") != \
        lines[2][14:47].decode("utf-8", "ignore")  # a character cut in two, as putLeft does
    src = tmp_path / "cp.trf"
    src.write_bytes(data)
    imported = read_trf(src)
    season = imported.season
    names = [p.name for p in season.players]
    assert names[:2] == ["Jürgen Müller", "Ángel Peña"]
    assert names[2] == long.encode("utf-8")[:33].decode("utf-8", "ignore").strip()
    assert [(b.round, b.player) for b in season.byes] == [(1, "Ángel Peña")]  # F: its bye
    # U: an absence; '*': chesspairing's reader skips the game, so both are absent
    assert sorted((a.round, a.player, a.code) for a in season.absences) == sorted([
        (2, "Jürgen Müller", "U"), (2, names[2], "U"), (2, "Ángel Peña", "U")])
    assert {(g.round, g.white, g.black, g.result) for g in season.games} == {
        (1, "Jürgen Müller", names[2], Result.WHITE_WINS)}
    assert dict(imported.settings_rows)["preset"] == "chesspairing"
    assert season.settings.pending_scores_zero  # a result left empty later: 0 for both
    assert any("padded by bytes" in n for n in imported.notes)
    assert any("has no result ('*')" in n for n in imported.notes)


def test_chesspairings_half_and_zero_point_byes_score_as_its_defaults():
    # its writer's H (ByeHalf) and Z (ByeZero): scoring/keizer/options.go HalfByeFraction 0.50,
    # ZeroByeFraction 0: club codes HB and ZB with those credits
    lines = [cp_line(1, "Anna", 2000, "0.5", 1, [(0, "-", "H"), (2, "w", "0")]),
             cp_line(2, "Bert", 1900, "1.0", 2, [(3, "w", "0"), (1, "b", "1")]),
             cp_line(3, "Carl", 1800, "1.0", 3, [(2, "b", "1"), (0, "-", "Z")])]
    imported = parse_trf(cp_file(lines, [b"012 Club", b"092 Keizer"]).decode(), "hz.trf")
    assert sorted((a.round, a.player, a.code) for a in imported.season.absences) == [
        (1, "Anna", "HB"), (2, "Carl", "ZB")]
    rows = dict(imported.settings_rows)
    assert rows["code HB"] == "1/2" and rows["code ZB"] == "0"
    # N = 3, top 3 (rating order Anna 3, Bert 2, Carl 1): round 1 Anna H = 1/2 x 3 = 1.5
    # (rounded to the half point), plus the own value: in the standing after round 1
    st = compute_history(imported.season).after(1)
    assert st.round_column(1)["Anna"] == F(3, 2)


def test_a_file_chesspairings_generator_wrote_is_read_its_way():
    # cmd/chesspairing/generate.go: 012 "Generated Tournament", 062, XXR, "Player N",
    # points never filled (0.0), no 092
    lines = [cp_line(1, "Player 1", 2000, "0.0", 1, [(2, "w", "1"), (0, "-", "U")]),
             cp_line(2, "Player 2", 1900, "0.0", 2, [(1, "b", "0"), (3, "w", "=")]),
             cp_line(3, "Player 3", 1800, "0.0", 3, [(0, "-", "F"), (2, "b", "=")])]
    text = cp_file(lines, [b"012 Generated Tournament", b"062 3", b"XXR 2"]).decode()
    imported = parse_trf(text, "gen.trf")
    season = imported.season
    assert [(b.round, b.player) for b in season.byes] == [(1, "Player 3")]
    assert [(a.round, a.player, a.code) for a in season.absences] == [(2, "Player 1", "U")]
    assert dict(imported.settings_rows)["preset"] == "chesspairing"


FIDE_LOOKING = (b"012 Club\n062 3\n"
                + cp_line(1, "Anna", 2000, "2.0", 1, [(2, "w", "1"), (0, "-", "F")]) + b"\n"
                + cp_line(2, "Bert", 1900, "1.0", 2, [(1, "b", "0"), (3, "w", "1")]) + b"\n"
                + cp_line(3, "Carl", 1800, "1.0", 3, [(0, "-", "U"), (2, "b", "0")]) + b"\n")


def test_who_wrote_the_file_when_it_cannot_tell(tmp_path):
    fide = parse_trf(FIDE_LOOKING.decode(), "x.trf")
    assert [(b.round, b.player) for b in fide.season.byes] == [(1, "Carl")]  # U: FIDE's bye
    assert [(a.round, a.player, a.code) for a in fide.season.absences] == [(2, "Anna", "C")]
    cp = parse_trf(FIDE_LOOKING.decode(), "x.trf", "chesspairing")
    assert [(b.round, b.player) for b in cp.season.byes] == [(2, "Anna")]  # F: its bye
    assert [(a.round, a.player, a.code) for a in cp.season.absences] == [(1, "Carl", "U")]
    assert dict(cp.settings_rows)["preset"] == "chesspairing"
    # and through the command, in the user's language
    src = tmp_path / "x.trf"
    src.write_bytes(FIDE_LOOKING)
    book = tmp_path / "x.xlsx"
    assert main(["import", str(src), str(book), "--from", "chesspairing"]) == 0
    # --from fide overrides a 092 Keizer line
    keizer = FIDE_LOOKING.replace(b"062 3\n", b"062 3\n092 Keizer\n")
    forced = parse_trf(keizer.decode(), "x.trf", "fide")
    assert [(b.round, b.player) for b in forced.season.byes] == [(1, "Carl")]


def test_from_is_for_trf_files_only(tmp_path, capsys):
    src = tmp_path / "t.s3db"
    src.write_bytes(b"SQLite format 3\x00")
    assert main(["import", str(src), str(tmp_path / "t.xlsx"), "--from", "chesspairing"]) != 0
    assert "--from is for TRF files" in capsys.readouterr().err


def test_a_windows_1252_name_is_no_byte_padded_line(tmp_path):
    src = tmp_path / "w.trf"
    line = cp_line(1, "Anna", 2000, "1.0", 1, [(0, "-", "U")]).replace(b"Anna", b"Ann\xe9")
    src.write_bytes(b"012 Club\n" + line + b"\n")
    assert read_trf(src).season.players[0].name == "Anné"


def test_export_command_spells_names_in_ascii_unless_club_spelling(tmp_path):
    from keizer_xl.app.import_season import write_new_season
    from keizer_xl.frontends.cli_common import NewWorkbookFiles

    season = random_season(5, accented=True)
    book = tmp_path / "club.xlsx"
    write_new_season(book, season, [("preset", "keizer")], NewWorkbookFiles())
    fide, club = tmp_path / "fide.trf", tmp_path / "club.trf"
    assert main(["export", str(book), "--trf", str(fide)]) == 0
    assert main(["export", str(book), "--trf", str(club), "--club-spelling"]) == 0
    assert fide.read_bytes().isascii()
    check_points(byte_reader(fide.read_bytes()))
    club_text = club.read_text(encoding="utf-8")
    assert not club_text.isascii()
    check_points(char_reader(club_text))
    # the club's spelling comes back as the club wrote it; FIDE's as FIDE spells it
    from keizer_xl.clients.xlsx import open_book
    from keizer_xl.sheets.read import read_season

    back = tmp_path / "back.xlsx"
    assert main(["import", str(club), str(back)]) == 0
    assert {p.name for p in read_season(open_book(back)).players} == {
        p.name for p in season.players if p.joined <= season.last_round_with_results()}
    assert all(p.name.isascii() for p in parse_trf(fide.read_text(), "f.trf").season.players)
