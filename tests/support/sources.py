"""The package's source, parsed once per test process (the inner loop's time, issue 38 item
5): the checks that read the code (layers, seams, the module list, messages, exceptions)
share the trees and only read them; they are marked ``xdist_group("sources")``, so one
process of the inner loop parses the package once for all of them (tests/conftest.py)."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

#: what the checks that parse the package are marked with
GROUP = pytest.mark.xdist_group("sources")


@functools.cache
def parse(source: str) -> ast.Module:
    """A source text's syntax tree."""
    return ast.parse(source)


def tree(path: Path) -> ast.Module:
    """A file's syntax tree."""
    return parse(path.read_text(encoding="utf-8"))
