"""``keizer-xl batch``, ``explain``, ``audit`` and ``compare`` on workbook files (issue 5)."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from keizer_xl.clients import backup_files
from keizer_xl.errors import UsageError
from keizer_xl.frontends import batch
from keizer_xl.analysis.audit import audit_season
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.frames import (audit_frames, compare_frames, crosstable_frame, explain_frames,
                                     history_grid)
from keizer_xl.core.model import Game
from keizer_xl.core.engine import compute_history

from support.season_books import write_book
from support.batch_archive import folder, seasons, sheet

__all__ = ["folder", "seasons"]  # the fixtures (support/batch_archive.py)


# --------------------------------------------------------------------------- finding files

def test_folder_scan_skips_outputs_backups_and_lock_files(folder):
    found = [p.relative_to(folder).as_posix() for p, _ in batch.find_workbooks([folder])]
    assert found == ["2023.xlsx", "broken.xlsx", "old/2019.xlsm"]
    for name in ("~$a.xlsx", "a.bak.xlsx", "a.bak.1.xlsm", "A.KEIZER.XLSX", "a.keizer.xlsm", ".~a.xlsx"):
        assert batch.is_skipped(name)
    assert not batch.is_skipped("keizer.xlsx") and not batch.is_skipped("2019.xlsm")


def test_output_names(tmp_path):
    src = tmp_path / "club" / "2019.xlsm"
    assert batch.output_path(src, None, batch.BatchOptions()) == tmp_path / "club" / "2019.keizer.xlsm"
    assert batch.output_path(src, tmp_path, batch.BatchOptions(out_dir=Path("/out"))) == \
        Path("/out/club/2019.keizer.xlsm")
    assert batch.output_path(src, None, batch.BatchOptions(in_place=True)) == src
    with pytest.raises(UsageError):
        batch.plan_jobs([tmp_path / "missing"], batch.BatchOptions())


# --------------------------------------------------------------------------- the batch


def test_batch_in_place_keeps_a_backup_and_out_dir_mirrors_folders(tmp_path, seasons, capsys):
    src = tmp_path / "in"
    write_book(src / "x" / "s.xlsx", seasons["c"])
    out = tmp_path / "out"
    assert main(["batch", str(src), "--out", str(out), "--jobs", "1", "--quiet"]) == 0
    assert (out / "x" / "s.keizer.xlsx").exists()
    assert main(["batch", str(src / "x" / "s.xlsx"), "--in-place", "--quiet"]) == 0
    assert len(backup_files.backups(src / "x" / "s.xlsx")) == 1
    assert "Audit" in openpyxl.load_workbook(src / "x" / "s.xlsx", read_only=True).sheetnames
    capsys.readouterr()
    assert main(["batch", str(tmp_path / "nothing-here")]) == 2
    assert main(["batch", str(src), "--in-place", "--out", str(out)]) == 2


def test_run_batch_reports_progress_events(tmp_path, seasons):
    write_book(tmp_path / "one.xlsx", seasons["c"])
    events = []
    jobs = batch.plan_jobs([tmp_path], batch.BatchOptions())
    results = batch.run_batch(jobs, batch.BatchOptions(), events.append)
    assert results[0].ok and results[0].rounds == 3
    kinds = [e.kind for e in events]
    assert kinds[0] == "start" and kinds[-1] == "done" and "progress" in kinds
    fractions = [e.fraction for e in events if e.kind == "progress"]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


# --------------------------------------------------------------------------- single-book commands

@pytest.fixture(scope="module")
def book(tmp_path_factory, seasons):
    return write_book(tmp_path_factory.mktemp("one") / "club.xlsx", seasons["a"])


def test_explain_command(book, seasons, capsys):
    history = compute_history(seasons["a"])
    name = history.last.order[3]
    assert main(["explain", str(book), name.upper()]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{name}: rank 4 after round 5, ")
    assert "Round  Result" in out and out.rstrip().splitlines()[-1].endswith(".")
    assert main(["explain", str(book), name[:-1]]) == 1
    err = capsys.readouterr().err
    assert f"did you mean {name}" in err


def test_audit_command_finds_an_altered_pairing(tmp_path, seasons, capsys):
    s = seasons["a"]
    g = [x for x in s.games if x.round == 3]
    swapped = [Game(3, g[0].white, g[1].black, g[0].result, g[0].board),
               Game(3, g[1].white, g[0].black, g[1].result, g[1].board)]
    altered = replace(s, games=tuple(x for x in s.games if x not in g[:2]) + tuple(swapped))
    path = write_book(tmp_path / "altered.xlsx", altered)
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Round 3: 2 pairs differ" in out
    assert "recorded: " in out and f"{g[0].white} - {g[1].black}" in out
    assert "Round 1: same pairing" in out
    _summary, diff = audit_frames(audit_season(altered, compute_history(altered)))
    # later rounds may differ too: they are paired from the (altered) data before them
    assert next(iter(diff.Round[diff.What == "pairs"])) == 3


def test_compare_command(tmp_path, seasons, capsys):
    path = write_book(tmp_path / "c.xlsx", seasons["a"])
    assert main(["compare", str(path), "--no-write"]) == 0
    out = capsys.readouterr().out
    assert "Season" in out and "frozen-fixed" in out
    assert "Compare" not in openpyxl.load_workbook(path, read_only=True).sheetnames
    assert main(["compare", str(path)]) == 0
    frame = sheet(path, "Compare")
    assert list(frame.columns[:9]) == ["Name", "Season", "prev", "frozen", "converge", "keizer",
                                       "sevilla", "knsb-sixths", "frozen-fixed"]


def test_terminal_progress_redraws_one_line():
    import io

    from keizer_xl.frontends.cli_reports import BatchProgress

    job = batch.Job(0, Path("club.xlsx"), Path("club.keizer.xlsx"), "club.xlsx")
    stream = io.StringIO()
    bars = BatchProgress(stream, tty=True)
    bars(batch.BatchEvent("start", job, 0.0, "open", 0, 2))
    bars(batch.BatchEvent("progress", job, 0.5, "audit", 0, 2))
    bars(batch.BatchEvent("done", job, 1.0, "done", 1, 2, batch.WorkbookResult(job, True, seconds=1.25)))
    bars.close()
    text = stream.getvalue()
    assert "\roverall [##--------] 0/2 | club.xlsx [#####-----] audit" in text  # 0.5 of 2 overall
    assert "club.xlsx [####################] ok (1.2 s)\n" in text
    assert "overall [##########----------] 1/2\n" in text


def test_history_sheet_rows_are_what_standings_after_round_prints(folder, seasons, capsys):
    import json

    out = folder / "2023.keizer.xlsx"
    if not out.exists():
        assert main(["batch", str(folder / "2023.xlsx"), "--quiet"]) == 0
    got = sheet(out, "History")
    got = got[got.Name.notna()]  # the grid, without the notes under it
    capsys.readouterr()
    for k in range(1, seasons["a"].last_round_with_results() + 1):
        assert main(["standings", str(folder / "2023.xlsx"), "--after-round", str(k),
                     "--format", "json", "--no-write"]) == 0
        rows = json.loads(capsys.readouterr().out)
        # the grid's round column k holds each player's rank after round k
        mine = got.dropna(subset=[f"R{k}"]).sort_values(f"R{k}", kind="stable")
        assert sorted((r["rank"], r["name"]) for r in rows if r["rank"] is not None) == \
            sorted(zip(mine[f"R{k}"].astype(int), mine.Name, strict=True))
        if k == seasons["a"].last_round_with_results():
            ranked = got[got.Score.notna()]
            assert [(r["name"], r["score"]) for r in rows] == list(
                zip(ranked.Name, ranked.Score, strict=True)
            )


def _block(path: Path, sheet_name: str, headers: list[str]) -> list[list]:
    """The rows under the row that starts with ``headers`` (a block below the main table)."""
    ws = openpyxl.load_workbook(path, read_only=True)[sheet_name]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    start = next(i for i, r in enumerate(rows) if r[: len(headers)] == headers)
    out = []
    for r in rows[start + 1:]:
        if all(v is None for v in r):
            break
        out.append(r[: len(headers)])
    return out


def test_every_sheet_of_the_sample_season(tmp_path, capsys):
    from keizer_xl.sheets.read import read_season
    from keizer_xl.clients.xlsx import open_book

    sample = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"
    src = tmp_path / "club-season.xlsx"
    shutil.copy(sample, src)
    assert main(["batch", str(src), "--quiet", "--compare"]) == 0
    out = tmp_path / "club-season.keizer.xlsx"
    season = read_season(open_book(sample))
    history = compute_history(season)
    assert history.last.round == 22 and len(history.last.order) == 34

    def same(got: pd.DataFrame, expect: pd.DataFrame):
        body = got.iloc[: len(expect), : len(expect.columns)].astype(object)
        assert [str(c) for c in body.columns] == [str(c) for c in expect.columns]
        assert body.where(body.notna(), None).values.tolist() == \
            expect.astype(object).where(expect.notna(), None).values.tolist()

    same(sheet(out, "History"), history_grid(history, season=season))
    assert len(sheet(out, "History").dropna(subset=["Name"])) == 34
    same(sheet(out, "Crosstable"), crosstable_frame(season, history))
    summary, detail = explain_frames(season, history)
    same(sheet(out, "Explain"), summary)
    got_detail = _block(out, "Explain", list(detail.columns))
    assert got_detail == detail.astype(object).where(detail.notna(), None).values.tolist()
    audits = audit_season(season, history)
    a_summary, a_diff = audit_frames(audits)
    same(sheet(out, "Audit"), a_summary)
    assert all(a.same for a in audits) and a_diff.empty  # the sample was paired by the engine
    from keizer_xl.analysis.compare import compare_methods

    same(sheet(out, "Compare"), compare_frames(compare_methods(season, history))[0])
