"""keizer-xl: the Keizer system for a club's season workbook.

The public API, loaded on first use so that ``import keizer_xl.core...`` and ``keizer-xl --help``
stay cheap (PEP 562):

>>> import keizer_xl
>>> book = keizer_xl.open_book("club.xlsx")            # doctest: +SKIP
>>> season = keizer_xl.read_season(book)               # doctest: +SKIP
>>> keizer_xl.compute_standing(season).order[:3]       # doctest: +SKIP

Layers (imports only go down): ``core`` (pure rules and engine), ``analysis`` (season reports),
``sheets`` (names, reading, layouts), ``actions``, ``clients`` (xlsx file, Excel, LibreOffice),
``frontends`` (command line, buttons, macro, batch, export, template).
"""
from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.2.0"

#: public name -> module that defines it
_PUBLIC = {
    "Settings": "keizer_xl.core.settings",
    "build_settings": "keizer_xl.core.rules",
    "Season": "keizer_xl.core.model",
    "Player": "keizer_xl.core.model",
    "Game": "keizer_xl.core.model",
    "Bye": "keizer_xl.core.model",
    "Absence": "keizer_xl.core.model",
    "Result": "keizer_xl.core.model",
    "compute_history": "keizer_xl.core.engine",
    "compute_standing": "keizer_xl.core.engine",
    "pair_round": "keizer_xl.core.pairing",
    "read_season": "keizer_xl.sheets.read",
    "open_book": "keizer_xl.clients.xlsx",
}

__all__ = ["__version__"]
__all__ += list(_PUBLIC)  # the form static tools read as "these names too"


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'keizer_xl' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
