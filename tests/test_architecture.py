"""The pure core knows nothing of files or Excel; only the CLI prints (developers' brief)."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "keizer_xl"
CORE = ["rules", "model", "values", "standings", "pairing", "colours", "matching", "sheets",
        "tables", "actions", "explain", "history", "simulate", "audit", "compare", "export"]
CLIENTS = {"openpyxl", "xlwings", "uno", "unohelper"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("module", [m for m in CORE if (PKG / f"{m}.py").exists()])
def test_core_module_imports_no_spreadsheet_client(module):
    assert not _imports(PKG / f"{module}.py") & CLIENTS


@pytest.mark.parametrize("module", [m for m in CORE if (PKG / f"{m}.py").exists()])
def test_core_module_does_not_print_or_exit(module):
    tree = ast.parse((PKG / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("print", "exit", "input", "open"), (module, node.lineno)


def test_importing_the_core_loads_no_spreadsheet_client():
    code = ("import sys, keizer_xl.core.standings, keizer_xl.sheets.read, keizer_xl.actions; "
            "import keizer_xl.core.pairing; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'openpyxl','xlwings','uno'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
