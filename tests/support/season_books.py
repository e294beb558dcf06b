"""Season workbooks on disk for the batch and export tests (template + the season's rows)."""
from __future__ import annotations

from pathlib import Path
import shutil

from keizer_xl.clients import files
from keizer_xl.app.write_season import write_season
from keizer_xl.clients.xlsx.new_book import build_template
from keizer_xl.clients.xlsx import open_book


def write_book(path: Path, season) -> Path:
    """``path`` (.xlsx or .xlsm) holding ``season`` in the template's four input sheets."""
    path.parent.mkdir(parents=True, exist_ok=True)
    target = path if path.suffix.lower() == ".xlsx" else path.with_suffix(".xlsx")
    build_template(target)
    book = open_book(target)
    write_season(book, season)
    book.save()
    shutil.rmtree(target.parent / files.BACKUP_FOLDER, ignore_errors=True)
    if target != path:
        target.rename(path)
    return path
