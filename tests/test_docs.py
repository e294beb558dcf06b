"""The README and docs/ (issue 16 item 2): every relative link lands on a file of the
repository (no link leaves it, e.g. to the project's private rules files), the README opens
with a volunteer's install and keeps the developer's test command, and no page promises an
install by name that does not work today."""
from __future__ import annotations

import re
from pathlib import Path

from support.sources import GROUP, tree

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


def _undocumented(doc: str, modules: list[str]) -> list[str]:
    """Modules (paths relative to keizer_xl/) that docs/architecture.md does not name: by their
    path in backticks, or by their name in backticks with their package's folder named too."""
    missing = []
    for rel in modules:
        folder, _, name = rel.rpartition("/")
        if f"`{rel}`" in doc or (folder and f"`{folder}/`" in doc and f"`{name}`" in doc):
            continue
        missing.append(rel)
    return missing


@GROUP
def test_the_architecture_page_names_every_module() -> None:
    """docs/architecture.md lists every module of keizer_xl with its job (issue 27): a module
    added or split without its line there fails here.  Empty package markers are skipped."""
    import ast

    pkg = ROOT / "keizer_xl"
    modules = []
    for path in sorted(pkg.rglob("*.py")):
        if "macros" in path.parts:
            continue
        body = tree(path).body
        if path.name == "__init__.py" and path.parent != pkg and all(
                isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in body):
            continue  # a package marker (at most a docstring): its folder is listed
        modules.append(path.relative_to(pkg).as_posix())
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert len(modules) > 100
    assert _undocumented(doc, modules) == []
    # and it can fail: a module the page does not name, and a name without its folder
    assert _undocumented(doc, ["core/nowhere.py", "nowhere/grid.py"]) == ["core/nowhere.py",
                                                                         "nowhere/grid.py"]


INSTALL_GUIDES = [ROOT / "README.md", ROOT / "docs" / "handleiding.md",
                  ROOT / "docs" / "anleitung.md"]


def _install_commands(page: Path) -> set[str]:
    """The install commands of a guide's install section: its code spans and code-block lines
    that run pip, pipx, venv or apt."""
    text = page.read_text(encoding="utf-8")
    section = text[:text.index("\n## ", text.index("\n## ") + 1)]
    found = set(re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", section, flags=re.S)))
    for block in re.findall(r"```[a-z]*\n(.*?)```", section, flags=re.S):
        found.update(line.strip() for line in block.splitlines())
    return {c for c in found if re.search(r"\b(?:pip|pipx|venv|apt)\b", c)}


def test_the_three_guides_install_alike_and_as_it_works_on_a_pep_668_system() -> None:
    """Issue 26 item 1: README, handleiding and anleitung give the same install commands;
    the wheel is named as the package builds it; pipx gets the wheel as a path (Debian 12's
    pipx 1.1 reads a bare file name as a package on PyPI: `No matching distribution found`,
    tried on Debian 12); nothing installs with `pip install --user` but pipx on Windows
    (PEP 668 refuses it on Debian 12, Ubuntu 23.04+, Fedora)."""
    import keizer_xl

    wheel = f"keizer_xl-{keizer_xl.__version__}-py3-none-any.whl"
    commands = {page.name: _install_commands(page) for page in INSTALL_GUIDES}
    assert commands["README.md"] == commands["handleiding.md"] == commands["anleitung.md"], \
        commands
    readme = commands["README.md"]
    assert f"~/keizer-xl-env/bin/pip install {wheel}" in readme
    assert f"pipx install ./{wheel}" in readme and f"py -m pipx install .\\{wheel}" in readme
    for command in readme:
        for named in re.findall(r"\S*keizer_xl-\S*\.whl", command):
            assert named.endswith(wheel), command
        if command.startswith(("pipx install", "py -m pipx install")) and ".whl" in command:
            assert re.search(r"install (?:--force )?\.[/\\]", command), command
        if "--user" in command:  # (the README names the refused `pip install --user`)
            assert command in ("py -m pip install --user pipx", "pip install --user"), command
