"""Categories (issue 18, docs/groups.md): sub-standings filtered from the one ranking (same
points, rank within the category), several categories per player, the near-duplicate check."""
from __future__ import annotations

import json

import openpyxl

from support.helpers import KEIZER_NAMES, keizer_example_sheets, make_workbook

from keizer_xl.frontends.cli import main
from keizer_xl.sheets.groups_check import near_duplicate

# Keizer's example (KEIZER-RULES.md section 10) after round 2: de Zeeuw 141, de Bruin 136,
# Jansen 93, Slager 92, de Jonge 90, Pietersen 87, Bakker 70, de Oude 66.5, de Vries 62.5,
# de Wit 62.
CATEGORIES = {"Jansen": "Senior", "de Bruin": "Jeugd, Dames", "Slager": "Jeugd",
              "de Oude": "jeugd ", "de Wit": "Dames"}


def book(tmp_path, categories=CATEGORIES):
    sheets = keizer_example_sheets()
    sheets["Players"] = [["Name", "Rating", "Category"]] + [[n, None, categories.get(n)]
                                                            for n in KEIZER_NAMES]
    return make_workbook(tmp_path / "c.xlsx", sheets)


def run(capsys, *argv):
    code = main(list(map(str, argv)))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_near_duplicates():
    assert near_duplicate("Jeugd", "jeugd")
    assert near_duplicate("Jeugd", "Jeugt")
    assert not near_duplicate("Jeugd A", "Jeugd B")   # one-letter words differ on purpose
    assert not near_duplicate("U1500", "U1800")       # rating bands
    assert not near_duplicate("Dames", "Heren")
    assert not near_duplicate("Jeugd", "Jeugd")


def test_a_near_duplicate_category_is_a_problem_naming_its_cell(tmp_path, capsys):
    path = book(tmp_path)  # 'jeugd ' (de Oude, row 9) beside 'Jeugd' (two players)
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert ("Players!C9: category 'jeugd' (de Oude) looks like 'Jeugd' (2 players): a typing "
            "slip? Write one spelling") in out
    code, out, _ = run(capsys, "check", path, "--language", "nl")
    assert code == 1 and "Players!C9: categorie 'jeugd' (de Oude) lijkt op 'Jeugd'" in out


def test_category_standings_rank_within_the_category(tmp_path, capsys):
    path = book(tmp_path, {**CATEGORIES, "de Oude": "Jeugd"})
    code, out, _ = run(capsys, "standings", path, "--category", "jeugd", "--format", "json",
                       "--no-write")
    assert code == 0
    rows = json.loads(out)
    # Jeugd: de Bruin 136 (overall 2), Slager 92 (4), de Oude 66.5 (8): same points
    assert [(r["rank"], r["name"], r["score"], r["overall"]) for r in rows] == [
        (1, "de Bruin", 136, 2), (2, "Slager", 92, 4), (3, "de Oude", 66.5, 8)]
    # several categories per player: de Bruin is also in Dames, with de Wit (62, overall 10)
    code, out, _ = run(capsys, "standings", path, "--category", "Dames", "--format", "json",
                       "--no-write")
    assert [(r["rank"], r["name"], r["overall"]) for r in json.loads(out)] == [
        (1, "de Bruin", 2), (2, "de Wit", 10)]
    code, _, err = run(capsys, "standings", path, "--category", "Heren", "--no-write")
    assert code == 2 and "no category 'Heren' (categories: Senior, Jeugd, Dames)" in err


def test_standings_sheet_and_html_have_a_block_per_category(tmp_path, capsys):
    path = book(tmp_path, {**CATEGORIES, "de Oude": "Jeugd"})
    assert run(capsys, "standings", path)[0] == 0
    grid = list(openpyxl.load_workbook(path)["Standings"]
                .iter_rows(values_only=True))
    # the one table as always (header in row 3), then the categories in Players order, side
    # by side under it over its columns (issue 26): each block's cells from its heading's
    # column on, a name running on over empty cells, a number in a column wide enough

    def where(text: str) -> tuple[int, int]:
        return next((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == text)

    def block(r: int, c: int) -> list[tuple]:
        return [tuple(v for v in row[c:] if v is not None)[:4] for row in grid[r + 1:r + 5]]

    assert grid[2][:3] == ("Rank", "Name", "Score")
    at = where("Category Jeugd")
    assert where("Category Senior") < at < where("Category Dames")
    assert block(*at) == [("Rank", "Name", "Score", "Overall place"), (1, "de Bruin", 136, 2),
                          (2, "Slager", 92, 4), (3, "de Oude", 66.5, 8)]
    out = tmp_path / "c.html"
    assert run(capsys, "export", path, "--html", "--out", out)[0] == 0
    page = out.read_text(encoding="utf-8")
    assert page.count('<table class="category">') == 3 and "<h3>Category Dames</h3>" in page
