"""The VBA a button-ready workbook needs, for both routes to the ``.xlsm``: xlwings' own
modules (``xlwings.bas``, ``Dictionary.cls``, from the installed xlwings so the versions match),
its add-in (whose macro imports a file on macOS), ``KeizerXL`` (:data:`KEIZER_VBA`) and the
Mac's AppleScript file for RunPython.
"""
from __future__ import annotations

import importlib.resources
import importlib.util
import os
import re
import sys
from pathlib import Path

from keizer_xl.clients import atomic
from keizer_xl.errors import Message, SetupError  # one error tree: errors.py

VBA_MODULE = "KeizerXL"

#: xlwings' own VBA files that the workbook needs: (component name, path in the xlwings package).
XLWINGS_VBA = (("xlwings", "xlwings.bas"), ("Dictionary", "addin/Dictionary.cls"))
#: xlwings' add-in, whose macro imports a VBA file into the active workbook (used on macOS).
XLWINGS_ADDIN = "addin/xlwings.xlam"
ADDIN_IMPORT_MACRO = "Main.ImportXlwingsUdfsModule"

#: the VBA module of the buttons: the real file ``keizer_xl/macros/KeizerXL.bas`` of the
#: package (CRLF, as the VBA editor imports it; the repository's macros/KeizerXL.bas is its
#: copy), as text with plain newlines
KEIZER_VBA = importlib.resources.files("keizer_xl").joinpath("macros", "KeizerXL.bas") \
    .read_bytes().decode("ascii").replace("\r\n", "\n")


def xlwings_package_dir() -> Path:
    """The folder of the installed xlwings package (found without importing it)."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or not spec.origin:
        raise SetupError(Message("xlwings is not installed for this Python. Install it with: "
                                 "{python} -m pip install \"keizer-xl[dev]\" (or pip install "
                                 "xlwings with the version keizer-xl pins).",
                                 python=Path(sys.executable).name))
    return Path(spec.origin).parent


def xlwings_file(rel: str) -> Path:
    """The file ``rel`` of the installed xlwings package; refused when it is missing."""
    src = xlwings_package_dir() / rel
    if not src.is_file():
        raise SetupError(Message("{path} is missing: reinstall xlwings.", path=str(src)))
    return src


def bas_version(text: str) -> str | None:
    """The version in an xlwings VBA module (``Public Const XLWINGS_VERSION As String = "..."``)."""
    m = re.search(r'XLWINGS_VERSION\s+As\s+String\s*=\s*"([^"]+)"', text)
    return m.group(1) if m else None


def installed_xlwings_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("xlwings")
    except PackageNotFoundError:
        raise SetupError(Message("xlwings is not installed for this Python.")) from None


def read_vba(path: Path) -> str:
    """A VBA file's text (the VBA editor writes Windows-1252)."""
    return path.read_bytes().decode("cp1252", errors="replace")


def xlwings_vba() -> list[tuple[str, Path]]:
    """xlwings' VBA files the workbook needs (component name, path) in the installed xlwings;
    refused when one is missing or its module says another version than the package."""
    found = [(name, xlwings_file(rel)) for name, rel in XLWINGS_VBA]
    version = bas_version(read_vba(found[0][1]))
    installed = installed_xlwings_version()
    if version != installed:
        raise SetupError(Message("The xlwings VBA module says version {found}, but xlwings "
                                 "{installed} is installed; reinstall xlwings.", found=version,
                                 installed=installed))
    return found


def export_vba(folder: str | os.PathLike[str]) -> list[Path]:
    """Write the three VBA files (Windows line endings) to ``folder`` for a manual import."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for _name, src in xlwings_vba():
        dest = out / src.name
        atomic.write_bytes(dest, src.read_bytes())
        written.append(dest)
    dest = out / f"{VBA_MODULE}.bas"
    atomic.write_bytes(dest, to_crlf(KEIZER_VBA).encode("cp1252"))
    written.append(dest)
    return written


def to_crlf(text: str) -> str:
    """``text`` with Windows line endings, as the VBA editor imports a module."""
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def install_runpython_applescript(home: Path | None = None) -> Path:
    """RunPython on macOS goes through an AppleScript file in Excel's script folder: copy the
    installed xlwings' ``xlwings-<version>.applescript`` there, as ``xlwings runpython install``
    does (xlwings/cli.py: ``~/Library/Application Scripts/com.microsoft.Excel``).  Returns the
    file written."""
    src = xlwings_file(f"xlwings-{installed_xlwings_version()}.applescript")
    dest = (home or Path.home()) / "Library" / "Application Scripts" / "com.microsoft.Excel"
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / src.name
    atomic.write_bytes(target, src.read_bytes())
    return target
