"""batch over several workbooks with its pool of worker processes (issue 12): a corrupt file
fails alone, a season with problems is listed with its cells."""
from __future__ import annotations

import multiprocessing
import os
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from keizer_xl.frontends import batch
from keizer_xl.frontends.cli import main
from keizer_xl.sheets.frames import crosstable_frame, explain_frames, history_grid
from keizer_xl.core.model import Game
from keizer_xl.core.engine import compute_history

from support.season_books import write_book
from support.helpers import history_frame
from support.batch_archive import folder, seasons, sheet

__all__ = ["folder", "seasons"]  # the fixtures (support/batch_archive.py)


def test_batch_processes_a_folder_with_a_corrupt_file(folder, seasons, capsys):
    rc = main(["batch", str(folder), "--jobs", "2"])
    out, err = capsys.readouterr()
    assert rc == 1
    # the summary lists every workbook, the failed one with its problem
    assert "Recomputed 2 of 3 workbooks" in out and "1 failed" in out
    line = next(ln for ln in out.splitlines() if ln.startswith(str(folder / "broken.xlsx")))
    assert "FAILED" in line
    failed_part = out.split("Failed (nothing was written for these):")[1]
    assert f"\n  {folder / 'broken.xlsx'}\n    {folder / 'broken.xlsx'} is not" in failed_part
    # progress: a bar per workbook and overall, on stderr
    assert "overall [####################] 3/3" in err
    assert "2023.xlsx [####################] ok" in err
    # the good ones are written next to their input, .xlsm kept; nothing else appeared
    assert (folder / "2023.keizer.xlsx").exists() and (folder / "old" / "2019.keizer.xlsm").exists()
    assert not (folder / "broken.keizer.xlsx").exists()
    assert not any("~$" in p.name and "keizer" in p.name for p in folder.iterdir())
    assert not (folder / "2022.keizer.keizer.xlsx").exists()

    out_a = folder / "2023.keizer.xlsx"
    names = openpyxl.load_workbook(out_a, read_only=True).sheetnames
    for owned in ("Standings", "History", "Crosstable", "Explain", "Audit"):
        assert owned in names
    history = compute_history(seasons["a"])
    got = sheet(out_a, "History")
    # a round per column (issue 16 item 4); no rank before a player joins (as standings shows)
    expect = history_grid(history, season=seasons["a"])
    body = got.iloc[: len(expect), : len(expect.columns)].astype(object)
    assert [str(c) for c in body.columns] == list(expect.columns)
    assert body.where(body.notna(), None).values.tolist() == \
        expect.where(expect.notna(), None).values.tolist()
    # the rank of each player after each round, as the long history has it
    long = history_frame(history)
    joined = {p.name: p.joined for p in seasons["a"].players}
    for _, row in long.iterrows():
        line = expect[expect.Name == row.Name]
        member = joined[row.Name] <= max(row.Round, 1)  # Rank '-' before joining (standings)
        assert list(line[f"R{row.Round}"]) == [row.Rank if member else None]
    # the chart: one line per top-8 player, drawn from the grid's own rows, rank 1 on top
    with zipfile.ZipFile(out_a) as z:
        chart = next(n for n in z.namelist() if n.startswith("xl/charts/chart"))
        xml = z.read(chart).decode()
    assert "<lineChart>" in xml and '<orientation val="maxMin"' in xml
    assert xml.count("<c:ser>") == 8 or xml.count("<ser>") == 8
    for name in history.last.order[:8]:
        assert name in xml
    cross = sheet(out_a, "Crosstable")
    expect_cross = crosstable_frame(seasons["a"], history)
    body = cross.iloc[: len(expect_cross), : len(expect_cross.columns)].astype(object)
    assert [str(c) for c in body.columns] == list(expect_cross.columns)
    assert body.where(body.notna(), None).values.tolist() == expect_cross.values.tolist()
    explain = sheet(out_a, "Explain")
    summary, _ = explain_frames(seasons["a"], history)
    assert list(explain.Explanation[: len(summary)]) == list(summary.Explanation)
    audit = sheet(out_a, "Audit")
    assert list(audit.Verdict[: len(seasons["a"].paired_rounds())]) == ["same pairing"] * 5
    standings = sheet(out_a, "Standings")
    assert list(standings.Name[: len(history.last.order)]) == list(history.last.order)
    # the input is untouched
    assert "History" not in openpyxl.load_workbook(folder / "2023.xlsx", read_only=True).sheetnames


def test_a_season_with_problems_is_listed_with_its_cells(tmp_path, seasons, capsys):
    bad = replace(
        seasons["c"],
        games=(
            *seasons["c"].games,
            Game(1, seasons["c"].players[0].name, seasons["c"].players[0].name, seasons["c"].games[0].result),
        ),
    )
    write_book(tmp_path / "bad.xlsx", bad)
    write_book(tmp_path / "good.xlsx", seasons["c"])
    assert main(["batch", str(tmp_path), "--quiet"]) == 1
    out = capsys.readouterr().out
    failed = out.split("Failed")[1]
    assert "bad.xlsx" in failed and "Results!" in failed and "cannot play himself" in failed
    assert (tmp_path / "good.keizer.xlsx").exists()


def _dies_on_its_workbook(job: batch.Job, compare: bool, language: str | None
                          ) -> batch.WorkbookResult:
    """A pool task whose process dies on the workbook ``dies.xlsx``, as a crash or the
    out-of-memory killer takes it (no exception, no result)."""
    if Path(job.label).name == "dies.xlsx":
        os._exit(9)
    return batch.recompute_workbook(job, compare, language=language)


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="the workers inherit the patched task only when forked")
def test_a_worker_that_dies_fails_its_workbook_alone(tmp_path, monkeypatch):
    sample = Path(__file__).resolve().parents[2] / "samples" / "club-season.xlsx"
    names = ("a.xlsx", "dies.xlsx", "b.xlsx")
    for name in names:
        shutil.copyfile(sample, tmp_path / name)
    monkeypatch.setattr(batch, "_work", _dies_on_its_workbook)
    options = batch.BatchOptions(jobs=2)
    results = batch.run_batch(batch.plan_jobs([tmp_path / n for n in names], options), options)
    assert [(Path(r.job.label).name, r.ok) for r in results] == [
        ("a.xlsx", True), ("dies.xlsx", False), ("b.xlsx", True)]
    assert results[1].problems == ("the process working on this workbook died (out of memory?)",)
