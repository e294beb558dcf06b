"""Importing the package in a fresh interpreter loads nothing heavy."""
import subprocess
import sys


def test_importing_the_package_loads_nothing_heavy() -> None:
    code = ("import sys, keizer_xl; print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'pandas','numpy','openpyxl','xlwings'} or m.startswith('keizer_xl.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
