"""The view settings a headless LibreOffice save loses, put back (:func:`restore_xlsx_views`,
:func:`restore_ods_settings`), for :func:`keizer_xl.clients.lo_run.run_macro`.

LibreOffice 7.4 saves a document opened hidden without its view settings (every frozen header
row, the active sheet; in .xlsx and .ods).  They are put back from the file as it was before,
the sheets the engine wrote get a frozen header row, and the file is rewritten through
:mod:`keizer_xl.clients.atomic`.
"""
from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

from keizer_xl.clients import atomic
from keizer_xl.clients.xlsx.layoutxml import sheet_views
from keizer_xl.clients.xlsx.package import Package

_SHEETVIEWS_RE = re.compile(r"<sheetViews\b[^>]*?(?:/>|>.*?</sheetViews>)", re.S)
_TABSEL_RE = re.compile(r"\s+tabSelected=\"(?:1|true)\"")
_ACTIVE_RE = re.compile(r"(<workbookView\b[^>]*?)\s+activeTab=\"\d+\"")


def _xlsx_sheets(pkg: Package) -> tuple[list[tuple[str, str | None]], int]:
    """[(sheet name, part)], active tab index of a workbook package."""
    m = re.search(rb"<(?:[\w.-]+:)?workbookView\b[^>]*\sactiveTab=\"(\d+)\"", pkg.read(pkg.workbook))
    return [(s.name, s.part) for s in pkg.sheets], int(m.group(1)) if m else 0


def restore_xlsx_views(path: Path, original: bytes, written: list[str],
                       frozen: dict[str, int] | None = None) -> None:
    """``frozen``: the rows each written sheet freezes (its layout's; default 1)."""
    old = Package(original)
    old_sheets, old_active = _xlsx_sheets(old)
    views = {}
    for name, part in old_sheets:
        m = _SHEETVIEWS_RE.search(old.read(part).decode("utf-8", "replace")) if part else None
        if m:
            views[name] = m.group(0)
    active_name = old_sheets[old_active][0] if 0 <= old_active < len(old_sheets) else None
    new = Package(path.read_bytes())
    new_sheets, _ = _xlsx_sheets(new)
    names = [n for n, _ in new_sheets]
    active = names.index(active_name) if active_name in names else 0
    for i, (name, part) in enumerate(new_sheets):
        if part is None:
            continue
        xml = new.read(part).decode("utf-8")
        view = (sheet_views((frozen or {}).get(name, 1)) if name in written
                else views.get(name))
        if view is None:
            m = _SHEETVIEWS_RE.search(xml)
            view = m.group(0) if m else None
        if view is None:
            continue
        view = _TABSEL_RE.sub("", view)
        if i == active:
            view = view.replace("<sheetView ", '<sheetView tabSelected="1" ', 1)
        fixed, count = _SHEETVIEWS_RE.subn(view.replace("\\", "\\\\"), xml, count=1)  # no escapes
        if count:
            new.write(part, fixed.encode("utf-8"))
    wb = new.read(new.workbook).decode("utf-8")
    wb = _ACTIVE_RE.sub(r"\1", wb)
    wb = re.sub(r"<workbookView\b", f'<workbookView activeTab="{active}"', wb, count=1)
    new.write(new.workbook, wb.encode("utf-8"))
    atomic.write_bytes(path, new.to_bytes(), zip_check=True, in_place=True)


def restore_ods_settings(path: Path, original: bytes) -> None:
    with zipfile.ZipFile(io.BytesIO(original)) as old:
        if "settings.xml" not in old.namelist():
            return
        settings = old.read("settings.xml")
    with zipfile.ZipFile(io.BytesIO(path.read_bytes())) as new:
        if "settings.xml" in new.namelist() and b"ViewId" in new.read("settings.xml"):
            return  # LibreOffice kept them itself
        with atomic.replacing(path, zip_check=True, in_place=True) as fh, \
                zipfile.ZipFile(fh, "w") as out:
            for info in new.infolist():
                content = settings if info.filename == "settings.xml" else new.read(info)
                out.writestr(info, content, compress_type=info.compress_type)
