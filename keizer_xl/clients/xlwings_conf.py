"""The ``xlwings.conf`` sheet of a button-ready workbook: which Python the buttons run
(:func:`config_entries`), written into a Book by :func:`put_config`: the file client's
(``keizer-xl excel-config BOOK``, no Excel needed: :func:`write_config`) or Excel's
(``excel-setup --via-excel``).
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from keizer_xl.errors import Message, SetupError  # one error tree: errors.py

CONFIG_SHEET = "xlwings.conf"


def this_platform() -> str:
    """``win``, ``mac`` or ``any``: the computer this runs on, as xlwings.conf keys it (``any``:
    xlwings' generic ``Interpreter``)."""
    if sys.platform.startswith("win"):
        return "win"
    return "mac" if sys.platform == "darwin" else "any"


def config_entries(*, python: str | None = None, platform: str | None = None,
                   pythonpath: str | None = None,
                   existing: Sequence[tuple[Any, Any]] = ()) -> list[tuple[str, Any]]:
    """The rows of the xlwings.conf sheet (key in column A from A1 down, value in B).

    The interpreter of ``platform`` ('win' or 'mac') becomes ``python``; the other platform's
    interpreter and any other key already there are kept.  xlwings' VBA reads the keys from A1
    down to the first empty cell and refuses a key given twice, so the result is one block,
    each key once (case-insensitively).  ``ADD_WORKBOOK_TO_PYTHONPATH`` is false: keizer-xl is
    an installed package, and the workbook's folder (which may be a OneDrive URL) stays out of
    Python's path."""
    if platform not in ("win", "mac", "any"):
        raise SetupError(Message("the interpreter is set for Windows ('win'), macOS ('mac') or "
                                 "both ('any': xlwings' generic Interpreter key), not "
                                 "{platform!r}", platform=platform))
    rows: list[list[Any]] = []
    index: dict[str, int] = {}
    for key, value in existing:
        if key is None or not str(key).strip():
            break  # xlwings reads no further
        folded = str(key).strip().casefold()
        if folded in index:
            continue  # xlwings would stop at a key given twice; the first one counted
        index[folded] = len(rows)
        rows.append([str(key).strip(), value])

    def put(key: str, value: Any, *, keep: bool = False) -> None:
        folded = key.casefold()
        if folded in index:
            if not keep:
                rows[index[folded]][1] = value
        else:
            index[folded] = len(rows)
            rows.append([key, value])

    if platform == "any":
        put("Interpreter", python)
    else:
        put("Interpreter_Win", python if platform == "win" else None, keep=platform != "win")
        put("Interpreter_Mac", python if platform == "mac" else None, keep=platform != "mac")
    put("PYTHONPATH", pythonpath or None, keep=pythonpath is None)
    put("ADD_WORKBOOK_TO_PYTHONPATH", "false")
    put("Show Console", False, keep=True)
    # No key without a value: xlwings' GetConfig takes a key found on the sheet even when its
    # value is empty, so an empty Interpreter_Mac written on Windows would beat the Mac user's
    # own ~/.xlwings/xlwings.conf and run plain `python` (missing on a standard Mac).
    return [(k, v) for k, v in rows if v is not None and not (isinstance(v, str) and not v.strip())]


def pythonpath_for(python: str) -> str | None:
    """The folder to put on PYTHONPATH when ``python`` cannot import keizer_xl by itself
    (e.g. a source checkout that is not installed); None when it can."""
    # the folder that holds the keizer_xl package: this file is keizer_xl/clients/xlwings_conf.py
    package_parent = str(Path(__file__).resolve().parents[2])
    if os.path.realpath(python) != os.path.realpath(sys.executable):
        return None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        probe = subprocess.run([python, "-c", "import keizer_xl"], cwd=str(Path.home()), env=env,
                               capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return package_parent
    return None if probe.returncode == 0 else package_parent


def write_config(book_path: str | os.PathLike[str], *, python: str | None = None,
                 platform: str | None = None, pythonpath: str | None = None) -> list[tuple[str, Any]]:
    """Write or update only the xlwings.conf sheet of a workbook file (openpyxl), keeping
    everything else; saved like every file write (atomically, with a backup).  Returns the rows."""
    from keizer_xl.clients.xlsx import open_book

    platform = platform or this_platform()
    if python is None:
        if platform != this_platform():
            raise SetupError(Message("give the path of the Python on the {system} computer",
                                     system="Windows" if platform == "win" else "Mac"),
                             usage=True, hint="python")
        python = sys.executable
    if pythonpath is None and platform == this_platform():
        pythonpath = pythonpath_for(python)
    book = open_book(book_path)
    rows = put_config(book, python=python, platform=platform, pythonpath=pythonpath)
    book.save()
    return rows


def put_config(book: Any, *, python: str, platform: str | None,
               pythonpath: str | None) -> list[tuple[str, Any]]:
    """The xlwings.conf sheet written into ``book`` (the rows already there kept, as
    :func:`config_entries` says); the file client writes only this sheet (issue 25): the
    club's charts, pictures and macros stay as they are.  Returns the rows."""
    from keizer_xl.sheets.layout import Layout, PageSetup

    # Excel's sheet names ignore case
    found = next((n for n in book.sheet_names() if n.casefold() == CONFIG_SHEET.casefold()), None)
    cells = book.cell_values(found) if found is not None else {}
    existing = [(cells.get((r, 1)), cells.get((r, 2)))
                for r in range(1, max((r for r, _ in cells), default=0) + 1)]
    rows = config_entries(python=python, platform=platform, pythonpath=pythonpath, existing=existing)
    grid = tuple((str(key), value) for key, value in rows)
    book.write_sheet(CONFIG_SHEET, Layout(grid=grid, widths=(30, 70), freeze_rows=0,
                                          page=PageSetup(fit_width=None, repeat_rows=None,
                                                         footer=((), (), ()))))
    return rows
