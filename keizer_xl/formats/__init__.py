"""Other programs' files <-> the model: KeizerForClubs tournaments (``.s3db``), FIDE TRF.

A layer beside ``sheets`` and below ``actions`` (ARCHITECTURE.md): pure parsing and writing,
no client library, no printing.  An importer returns an :class:`ImportedSeason`; the
``import`` command writes it into a new season workbook in the contract's sheets.
"""
from __future__ import annotations

from dataclasses import dataclass

from keizer_xl.core.model import Season

__all__ = ["ImportedSeason"]


@dataclass(frozen=True)
class ImportedSeason:
    """A season read from another program's file.

    ``settings_rows``: the Settings sheet's rows (key, value as typed), so that the new
    workbook reproduces the source's rules (``preset kfc`` and its percentages);
    ``season.settings`` is the same rules parsed.  ``notes``: what the importer decided and
    the user should read (a code mapped, a line skipped), as Messages."""

    season: Season
    settings_rows: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    source: str = ""  # "kfc" or "trf"
