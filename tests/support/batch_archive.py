"""A club's archive of simulated seasons for the batch tests (issue 5): three small seasons, a
folder holding two of them, a corrupt file and files the scan leaves alone; an engine sheet's
table as pandas reads it."""
from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest

from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.analysis.simulate import simulate_season

from support.season_books import write_book


SETTINGS = build_settings([parse_setting("code T", "1/2")])


def small(seed: int, players: int = 10, rounds: int = 5, **kw):
    return simulate_season(players, rounds, SETTINGS, seed=seed, **kw)


@pytest.fixture(scope="module")
def seasons():
    return {"a": small(1), "b": small(2, 9, 4, pair_last_round=True), "c": small(3, 8, 3)}


@pytest.fixture(scope="module")
def folder(tmp_path_factory, seasons):
    """A club's archive: two seasons (one in a subfolder, one .xlsm), a corrupt file, and files
    the scan must leave alone (a lock file, a backup, an earlier output)."""
    root = tmp_path_factory.mktemp("archive")
    write_book(root / "2023.xlsx", seasons["a"])
    write_book(root / "old" / "2019.xlsm", seasons["b"])
    (root / "broken.xlsx").write_bytes(b"PK\x03\x04 this is not really a workbook")
    for skipped in ("~$2023.xlsx", "2023.bak.xlsx", "2022.keizer.xlsx", "notes.txt"):
        shutil.copy(root / "2023.xlsx", root / skipped)
    return root


def sheet(path: Path, name: str) -> pd.DataFrame:
    """An engine sheet's table: its header is row 3, under the title line and an empty row
    (issue 9)."""
    return pd.read_excel(path, sheet_name=name, header=2)
