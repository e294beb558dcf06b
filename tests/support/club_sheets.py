"""The club's own sheets beside the engine's (issue 25): a season workbook in a language with a
club sheet under an engine sheet's name, and what the refusal to overwrite it says."""
from __future__ import annotations

from pathlib import Path

from support.helpers import keizer_example_sheets, make_workbook


#: the refusal's words in each language (the catalogs)
REFUSED = {"en": "was not written by keizer-xl", "nl": "niet door keizer-xl geschreven",
           "de": "nicht von keizer-xl geschrieben", "fr": "pas été écrite par keizer-xl"}


CLUB_ROWS = [["Club champions 1950-2020"], ["Year", "Champion"], [1950, "J. de Vries"],
             [1951, "A. Bakker"]]


def season_book(path: Path, lang: str, club_sheet: str | None = None) -> Path:
    sheets = keizer_example_sheets()
    sheets["Settings"] = [*sheets["Settings"], ["language", lang], ["periods", "1, 2"]]
    if club_sheet is not None:
        sheets[club_sheet] = CLUB_ROWS
    return make_workbook(path, sheets)
