"""The README and docs/ (issue 16 item 2): every relative link lands on a file of the
repository (no link leaves it, e.g. to the project's private rules files), the README opens
with a volunteer's install and keeps the developer's test command, and no page promises an
install by name that does not work today."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks hold commands, not links
    return LINK.findall(text)


def test_every_relative_link_lands_in_the_repository() -> None:
    broken = []
    for page in PAGES:
        for target in _links(page):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            if not path.exists() or ROOT not in path.parents:
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_the_checker_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("see [rules](../shared/KEIZER-RULES.md)", encoding="utf-8")
    assert _links(page) == ["../shared/KEIZER-RULES.md"]
    assert not (page.parent / "../shared/KEIZER-RULES.md").resolve().exists()


def test_readme_opens_with_the_volunteers_install_and_keeps_the_test_command() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## (.+)$", text, flags=re.M)
    assert heads[0].startswith("Install"), heads
    assert heads.index("Development") > heads.index("Your first season")
    assert "pip install --user" in text and "pipx install" in text
    assert "\npython -m pytest\n" in text
    assert len(text) < 8000  # a short guide; the rest is in docs/


def test_no_page_promises_pip_install_by_name() -> None:
    for page in PAGES:
        for line in page.read_text(encoding="utf-8").splitlines():
            if re.search(r"pip install keizer-xl\b(?!\[)", line):
                assert re.search(r"not|nicht|niet", line), f"{page.name}: {line}"


def test_user_guides_exist_in_dutch_and_german() -> None:
    nl = (ROOT / "docs" / "handleiding.md").read_text(encoding="utf-8")
    de = (ROOT / "docs" / "anleitung.md").read_text(encoding="utf-8")
    assert "Aanwezigheid" in nl and "Uitslagen" in nl and "keizer-xl pair" in nl
    assert "Anwesenheit" in de and "Ergebnisse" in de and "keizer-xl pair" in de
