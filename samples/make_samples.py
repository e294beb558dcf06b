"""Rebuild the bundled sample seasons (deterministic: same seed, same files).

    python samples/make_samples.py

club-season.xlsx: 34 players, 22 rounds played and round 23 paired, every absence kind
(E, U, C, L and the club code T = 1/2 for a tournament elsewhere), a late entrant and a
withdrawal, Keizer's rules with a season name for the seeded colour draws.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from keizer_xl.app.write_season import write_season
from keizer_xl.core.rules import build_settings, parse_setting
from keizer_xl.analysis.simulate import simulate_season
from keizer_xl.clients.xlsx.new_book import build_template
from keizer_xl.clients.xlsx import open_book


def make(path: Path, season) -> None:
    build_template(path)
    book = open_book(path)
    write_season(book, season)
    book.save()
    path.with_name(path.stem + ".bak" + path.suffix).unlink(missing_ok=True)


def main() -> None:
    raw = [("season", "Schaakclub Oost 2025-2026"), ("code T", "1/2")]
    settings = build_settings([parse_setting(k, v) for k, v in raw])
    season = simulate_season(34, 22, settings, seed=2025, late=1, withdrawn=1,
                             pair_last_round=True)
    make(HERE / "club-season.xlsx", season)


if __name__ == "__main__":
    main()
