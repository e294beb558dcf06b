"""Folders are the layers and imports only go down (developers' brief, ARCHITECTURE.md).

    errors < core < i18n < analysis < sheets < app < clients < frontends < entry modules

Every import is parsed, the lazy ones inside functions too.  The core reaches only the standard
library and numpy: no pandas, no file format, no client; so do the analyses.
``test_the_checker_can_fail`` shows that a wrong-way import is caught.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from support.sources import GROUP
from support.sources import parse

pytestmark = GROUP

PKG = Path(__file__).resolve().parent.parent / "keizer_xl"

#: the rank of each layer; a module may import its own layer and the ones below it.
LAYERS = {
    "errors": 0,
    "core": 1,
    "i18n": 2,
    "analysis": 3,
    "sheets": 4,
    # other programs' files (KeizerForClubs .s3db, FIDE TRF) <-> the model: beside sheets,
    # below app (ARCHITECTURE.md); pure parsing and writing, no client library
    "formats": 4,
    "app": 5,
    "clients": 6,
    "frontends": 7,
    # names users' files import (VBA RunPython lines, Lite main.py, installed LO macro) and
    # the package's public face
    "excel": 8, "lite": 8, "lo_macro": 8, "__init__": 8, "__main__": 8,
}
#: third-party libraries the core may use (arrays for exact integer arithmetic).
CORE_MAY_IMPORT = {"numpy"}
CLIENT_LIBRARIES = {"openpyxl", "xlwings", "uno", "unohelper", "pandas", "networkx",
                    "defusedxml", "filelock", "pyopenvba", "xlsxwriter", "python_calamine"}


def _layer(module: str) -> str:
    """keizer_xl.core.scoring -> core; keizer_xl.excel -> excel."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__" and len(parts) > 2:
        parts = parts[:-1]
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` reads, relative imports resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imported(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the tree, lazy ones included."""
    found = []
    package = module if is_package else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(node, package)
            if target == "keizer_xl" or (node.level and not node.module):
                found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, target))
    return found


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every wrong-way import of ``module`` (given as source text)."""
    own = _layer(module)
    if own not in LAYERS:
        return [f"{module}: not in a known layer ({sorted(LAYERS)})"]
    wrong = []
    for line, target in _imported(parse(source), module, is_package):
        top = target.split(".")[0]
        if top == "keizer_xl":
            other = _layer(target)
            if other not in LAYERS:
                wrong.append(f"{module}:{line} imports {target}, which is in no layer")
            elif LAYERS[other] > LAYERS[own]:
                wrong.append(f"{module}:{line} imports {target} ({other} is above {own})")
        elif own in ("errors", "core", "analysis") and top.lower() in CLIENT_LIBRARIES | {"matplotlib"}:
            # the analyses return plain data; sheets/frames.py makes the tables of it
            wrong.append(f"{module}:{line} imports {target}: the {own} layer is pure")
        elif own in ("errors", "core", "i18n", "analysis", "sheets", "app") \
                and top.lower() in {"openpyxl", "xlwings", "uno", "unohelper"}:
            wrong.append(f"{module}:{line} imports the client library {target}")
    return wrong


def _modules() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py")
                  if "macros" not in p.parts and "templates" not in p.parts)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PKG)))
def test_imports_only_go_down(path: Path) -> None:
    module = _module_name(path)
    assert violations(path.read_text(encoding="utf-8"), module,
                      path.name == "__init__.py") == []


def test_every_module_sits_in_a_layer() -> None:
    for path in _modules():
        assert _layer(_module_name(path)) in LAYERS, path


def test_the_checker_can_fail() -> None:
    """A deliberate wrong-way import (core -> sheets), a lazy one (analysis -> clients), a
    relative one and a client library in the core are all caught."""
    assert violations("from keizer_xl.sheets.read import read_season\n",
                      "keizer_xl.core.scoring")
    assert violations("def f():\n    from keizer_xl.clients import xlsx\n",
                      "keizer_xl.analysis.history")
    assert violations("from ..frontends import cli\n", "keizer_xl.core.pairing")
    assert violations("import pandas as pd\n", "keizer_xl.core.scoring")
    assert violations("import pandas as pd\n", "keizer_xl.analysis.explain")
    assert violations("import openpyxl\n", "keizer_xl.sheets.read")
    assert not violations("from keizer_xl.core.model import Season\n",
                          "keizer_xl.sheets.read")


@pytest.mark.parametrize("path", [p for p in _modules() if _layer(_module_name(p)) in
                                  ("core", "analysis")], ids=lambda p: p.name)
def test_core_and_analysis_do_not_print_or_exit(path: Path) -> None:
    tree = parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("print", "exit", "input", "open"), (path, node.lineno)


# --------------------------------------------------------------------------- the seams (issue 27)
#
# Three rules about how modules meet, each parsed from the source like the layers above:
#
# * a name is imported from the module that defines it: a plain module re-exports nothing to
#   the rest of keizer_xl (a package's __init__ may: it is the package's interface, e.g.
#   ``keizer_xl.core.engine``, ``keizer_xl.clients.xlsx``);
# * no ``_private`` name crosses a module (neither ``from m import _x`` nor ``m._x``): a name
#   another module needs is part of its module's interface, so it is public;
# * no import circle.  Imports inside functions count: a lazy import is how a circle is
#   usually hidden, and it still ties the two modules together.  Imports under
#   ``if TYPE_CHECKING:`` do not: they never run, they only name types for mypy.


def _modules_by_name() -> dict[str, Path]:
    return {_module_name(p): p for p in _modules()}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) \
                    and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)
    return out


def _from_imports(tree: ast.AST, module: str, is_package: bool,
                  runtime_only: bool = False) -> list[tuple[int, str, list[str]]]:
    """(line, absolute module, names) of every ``from ... import`` of keizer_xl."""
    package = module if is_package else module.rsplit(".", 1)[0]
    found = []
    for node in (_runtime_nodes(tree) if runtime_only else ast.walk(tree)):
        if isinstance(node, ast.ImportFrom):
            target = _absolute(node, package)
            if target.split(".")[0] == "keizer_xl":
                found.append((node.lineno, target, [a.name for a in node.names]))
    return found


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines itself (not the ones it imports)."""
    names: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
    visit(tree.body)
    return names


def reexport_imports(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """Every ``from m import name`` among ``sources`` (module -> (text, is package)) where the
    plain module ``m`` does not define ``name`` itself."""
    trees = {m: parse(text) for m, (text, _) in sources.items()}
    defined = {m: _defined(tree) for m, tree in trees.items()}
    wrong = []
    for module, tree in trees.items():
        for line, target, names in _from_imports(tree, module, sources[module][1]):
            if target not in trees or sources[target][1]:
                continue  # a package's interface, or not ours to judge
            for name in names:
                if name != "*" and name not in defined[target] and f"{target}.{name}" not in trees:
                    wrong.append(f"{module}:{line} imports {name} from {target}, which only "
                                 f"imports it")
                elif name == "*":
                    wrong.append(f"{module}:{line} imports * from {target}")
    return wrong


def private_crossings(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every ``_private`` name of another keizer_xl module that ``module`` uses."""
    tree = parse(source)
    wrong = []
    modules: dict[str, str] = {}  # local name -> keizer_xl module it is bound to
    for line, target, names in _from_imports(tree, module, is_package):
        for name in names:
            if name.startswith("_") and not name.startswith("__"):
                wrong.append(f"{module}:{line} imports {name} from {target}")
            modules[name] = f"{target}.{name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "keizer_xl":
                    modules[alias.asname or alias.name.split(".")[0]] = \
                        alias.name if alias.asname else "keizer_xl"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            value, chain = node.value, []
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in modules:
                owner = ".".join([modules[value.id], *reversed(chain)])
                wrong.append(f"{module}:{node.lineno} uses {owner}.{node.attr}")
    return wrong


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """module -> the keizer_xl modules it imports at run time (lazy imports included)."""
    graph: dict[str, set[str]] = {m: set() for m in sources}
    for module, (text, is_package) in sources.items():
        tree = parse(text)
        for _, target, names in _from_imports(tree, module, is_package, runtime_only=True):
            for name in names:
                sub = f"{target}.{name}"
                graph[module].add(sub if sub in sources else target)
        for node in _runtime_nodes(tree):
            if isinstance(node, ast.Import):
                graph[module].update(a.name for a in node.names if a.name in sources)
        graph[module].discard(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _sources() -> dict[str, tuple[str, bool]]:
    return {m: (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for m, p in _modules_by_name().items()}


def test_names_are_imported_from_the_module_that_defines_them() -> None:
    assert reexport_imports(_sources()) == []


def test_no_private_name_crosses_a_module() -> None:
    wrong = []
    for module, (text, is_package) in _sources().items():
        wrong += private_crossings(text, module, is_package)
    assert wrong == []


def test_no_import_circles() -> None:
    assert cycles(import_graph(_sources())) == []


def _bound(tree: ast.Module) -> set[str]:
    """Every name a module binds at its top level: defined there or imported."""
    names = _defined(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def test_what_tests_and_benchmarks_import_exists() -> None:
    """Every ``from keizer_xl.x import name`` in tests/, benchmarks/ and tools/ names something
    module x has (mypy checks the package itself; a benchmark's stale import is caught here)."""
    modules = _modules_by_name()
    modules["keizer_xl"] = modules.pop("keizer_xl.__init__")
    bound = {m: _bound(parse(p.read_text(encoding="utf-8"))) for m, p in modules.items()}
    import keizer_xl

    bound["keizer_xl"] |= set(keizer_xl.__all__)  # the public names, loaded on first use
    root = PKG.parent
    missing = []
    for folder in ("tests", "benchmarks", "tools"):
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and not node.level and node.module \
                        and node.module.split(".")[0] == "keizer_xl":
                    for alias in node.names:
                        sub = f"{node.module}.{alias.name}"
                        if node.module not in modules:
                            missing.append(f"{path.relative_to(root)}:{node.lineno} {node.module}")
                        elif alias.name != "*" and sub not in modules \
                                and alias.name not in bound[node.module]:
                            missing.append(f"{path.relative_to(root)}:{node.lineno} {sub}")
    assert missing == []


def test_the_seam_checkers_can_fail() -> None:
    """A re-exported name, a star import, a private import, a private attribute, and a circle
    hidden in a function are each caught; a package's interface and TYPE_CHECKING are not."""
    sources = {
        "keizer_xl.core.a": ("X = 1\ndef f():\n    from keizer_xl.core.b import g\n", False),
        "keizer_xl.core.b": ("from keizer_xl.core.a import X\ndef g(): pass\n", False),
        "keizer_xl.core.c": (("from keizer_xl.core.b import X\nfrom keizer_xl.core.b import *\n"
                             "from keizer_xl.core.pkg import Y\nZ = 3\n"), False),
        "keizer_xl.core.pkg": ("from keizer_xl.core.pkg.d import Y\n", True),
        "keizer_xl.core.pkg.d": (("from typing import TYPE_CHECKING\nY = 2\nif TYPE_CHECKING:\n"
                                 "    from keizer_xl.core.c import Z\n"), False),
    }
    wrong = reexport_imports(sources)
    assert wrong == ["keizer_xl.core.c:1 imports X from keizer_xl.core.b, which only imports it",
                     "keizer_xl.core.c:2 imports * from keizer_xl.core.b"]
    assert private_crossings("from keizer_xl.core.model import _x\n", "keizer_xl.sheets.read")
    assert private_crossings("from keizer_xl.core import model\nmodel._x()\n",
                             "keizer_xl.sheets.read")
    assert private_crossings("from . import model\ny = model._x\n", "keizer_xl.core.rules")
    assert not private_crossings("from keizer_xl.core import model\nmodel.x()\nself._y\n",
                                 "keizer_xl.sheets.read")
    assert cycles(import_graph(sources)) == [["keizer_xl.core.a", "keizer_xl.core.b"]]


# --------------------------------------------------------------------------- what front ends import
#
# A front end reads a request, calls one use case and shows its report (issue 38): it imports
# app/, the front ends' own modules (the presentation), errors and i18n.  Anything else a
# front-end module imports is named below with its reason; an import not named fails.

FRONTENDS_IMPORT = ("keizer_xl.app", "keizer_xl.frontends", "keizer_xl.errors", "keizer_xl.i18n")
_CLI_FILES = {"keizer_xl.clients.files", "keizer_xl.clients.ods", "keizer_xl.clients.xlsx",
              "keizer_xl.clients.file_locks", "keizer_xl.clients.atomic",
              "keizer_xl.clients.xlsx.new_book"}
_ROW_MODEL = {"keizer_xl.core.rows", "keizer_xl.core.numbers"}
#: front-end module -> (why, the modules below app/ it may import)
FRONTENDS_ALSO: dict[str, tuple[str, set[str]]] = {
    # the transports a front end owns: the command line's files, Excel, LibreOffice
    "cli": ("a run's record of the files it read and wrote (cleared per run, named on Ctrl+C)",
            {"keizer_xl.clients.files"}),
    "cli_common": ("the command line opens, locks, protects and writes the files it is named",
                   _CLI_FILES),
    "batch": ("batch opens, writes and saves the workbooks it is named",
              {"keizer_xl.clients.files", "keizer_xl.clients.xlsx"}),
    "cli_office": ("the setup commands and lo-run drive Excel and LibreOffice themselves",
                   {"keizer_xl.clients.excel_setup", "keizer_xl.clients.vba_files",
                    "keizer_xl.clients.xlwings_conf", "keizer_xl.clients.lo_install",
                    "keizer_xl.clients.lo_run", "keizer_xl.clients.xlsm_build"}),
    "cli_season": ("`new` has the xlsx client make the template file it is named",
                   {"keizer_xl.clients.xlsx.new_book"}),
    "excel_buttons": ("a button's book is Excel's open workbook (xlwings)",
                      {"keizer_xl.clients.excel"}),
    "lo_macro": ("the macro's book is LibreOffice's open document",
                 {"keizer_xl.clients.libreoffice"}),
    # the presentation of what the reports carry
    "render_rows": ("the shown rows the reports carry (core/rows.py) and the one number display",
                    _ROW_MODEL),
    "render_season": ("the shown rows the reports carry and the one number display", _ROW_MODEL),
    "render_reports": ("the audit's and the history's own text lines",
                       {"keizer_xl.analysis.audit", "keizer_xl.analysis.history"}),
}


def frontend_imports(source: str, module: str, modules: set[str]) -> set[str]:
    """The keizer_xl modules ``module`` imports (``from keizer_xl.clients import files`` is
    keizer_xl.clients.files), lazy and TYPE_CHECKING ones included."""
    found = set()
    for _, target, names in _from_imports(parse(source), module, False):
        found |= {f"{target}.{n}" if f"{target}.{n}" in modules else target for n in names}
    for node in ast.walk(parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "keizer_xl"}
    return found


def frontend_strays(source: str, module: str, modules: set[str]) -> list[str]:
    """The imports of front-end ``module`` that are neither app/, the presentation, errors,
    i18n nor named for it in FRONTENDS_ALSO."""
    short = module.rsplit(".", 1)[-1]
    also = FRONTENDS_ALSO.get(short, ("", set()))[1]
    return sorted(t for t in frontend_imports(source, module, modules)
                  if not t.startswith(FRONTENDS_IMPORT) and t not in also)


def _front_modules() -> list[str]:
    names = _modules_by_name()
    return sorted(m for m in names if (m.startswith("keizer_xl.frontends.")
                                       or m in ("keizer_xl.excel", "keizer_xl.lite",
                                                "keizer_xl.lo_macro")))


@pytest.mark.parametrize("module", _front_modules())
def test_front_ends_import_the_use_cases_and_the_presentation(module: str) -> None:
    paths = _modules_by_name()
    assert frontend_strays(paths[module].read_text(encoding="utf-8"), module, set(paths)) == []


def test_the_front_end_rule_can_fail_and_names_its_exceptions() -> None:
    modules = set(_modules_by_name())
    assert frontend_strays("def f():\n    from keizer_xl.sheets.read import read_season\n",
                           "keizer_xl.frontends.cli_season", modules) \
        == ["keizer_xl.sheets.read"]
    assert frontend_strays("from keizer_xl.clients import files, ods\n",
                           "keizer_xl.frontends.render_season", modules) \
        == ["keizer_xl.clients.files", "keizer_xl.clients.ods"]
    assert frontend_strays("from keizer_xl.clients import files, ods\n",
                           "keizer_xl.frontends.cli_common", modules) == []
    assert frontend_strays("from keizer_xl.app.workbook import sheet_name\n",
                           "keizer_xl.frontends.render_season", modules) == []
    paths = _modules_by_name()
    for short, (why, also) in FRONTENDS_ALSO.items():  # each exception still used, with a why
        module = f"keizer_xl.frontends.{short}"
        used = frontend_imports(paths[module].read_text(encoding="utf-8"), module, modules)
        assert why and also <= used, (short, also - used)


#: the most lines a module under keizer_xl may have (issue 27, item 4: "no module over about
#: 500 lines, each owning one job that its name says").  Split by job when a module grows.
MAX_MODULE_LINES = 500

def oversized(root: Path, skip: set[str], limit: int = MAX_MODULE_LINES) -> list[str]:
    """'<module>: <n> lines' for every module under ``root`` longer than ``limit``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit and name not in skip:
            found.append(f"{name}: {lines} lines")
    return found


def test_no_module_is_over_500_lines() -> None:
    assert oversized(PKG, set()) == []


def test_the_size_check_can_fail(tmp_path: Path) -> None:
    """A module of 501 lines is named with its count, in a sub-package too; 500 lines pass."""
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "big.py").write_text("x = 1\n" * 501, encoding="utf-8")
    (tmp_path / "ok.py").write_text("x = 1\n" * 500, encoding="utf-8")
    assert oversized(tmp_path, set()) == ["core/big.py: 501 lines"]
    assert oversized(tmp_path, {"core/big.py"}) == []


# --------------------------------------------------------------------------- the language
#
# The workbook's language travels in the reports and the refusals, the user's --language in
# the requests (issue 38): no context variable, no module-level language to set and read back.

def language_state(source: str) -> list[str]:
    """What in ``source`` keeps a language aside: a context or thread-local variable, a
    ``global`` language, a module-level language in a list, set or object made at import."""
    tree = ast.parse(source)
    found = [f"line {n.lineno}: {a.name}" for n in ast.walk(tree)
             if isinstance(n, (ast.Import, ast.ImportFrom))
             for a in n.names if a.name in ("contextvars", "ContextVar", "local")]
    found += [f"line {n.lineno}: global {name}" for n in ast.walk(tree)
              if isinstance(n, ast.Global) for name in n.names if "lang" in name.lower()]
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, ast.AnnAssign) and node.value else [])
        value = getattr(node, "value", None)
        for t in targets:
            if (isinstance(t, ast.Name) and "lang" in t.id.lower()
                    and isinstance(value, (ast.List, ast.Set, ast.Call))):
                found.append(f"line {node.lineno}: {t.id}")
    return found


def test_no_language_is_kept_aside() -> None:
    kept = {path.relative_to(PKG).as_posix(): language_state(path.read_text(encoding="utf-8"))
            for path in PKG.rglob("*.py")}
    assert {name: found for name, found in kept.items() if found} == {}


def test_the_language_state_check_can_fail() -> None:
    assert language_state("from contextvars import ContextVar\n"
                          "LANG: ContextVar[str] = ContextVar('lang')\n") == [
        "line 1: ContextVar", "line 2: LANG"]
    assert language_state("PARSE_LANGUAGE = [None]\ndef f():\n    global shown_language\n") == [
        "line 3: global shown_language", "line 1: PARSE_LANGUAGE"]
    assert language_state("import threading\nfrom threading import local\n"
                          "LANGUAGES = ('en', 'nl')\n") == ["line 2: local"]
