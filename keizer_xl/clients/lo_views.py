"""The view settings a headless LibreOffice save loses, put back (:func:`restore_xlsx_views`,
:func:`restore_ods_settings`), for :func:`keizer_xl.clients.lo_run.run_macro`.

LibreOffice 7.4 saves a document opened hidden without its view settings (every frozen header
row, the active sheet; in .xlsx and .ods).  They are put back from the file as it was before,
the sheets the engine wrote get a frozen header row, and the file is rewritten through
:mod:`keizer_xl.clients.atomic`.
"""
from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["restore_xlsx_views", "restore_ods_settings"]


_SHEETVIEWS_RE = re.compile(r"<sheetViews\b[^>]*?(?:/>|>.*?</sheetViews>)", re.S)
_TABSEL_RE = re.compile(r"\s+tabSelected=\"(?:1|true)\"")
_ACTIVE_RE = re.compile(r"(<workbookView\b[^>]*?)\s+activeTab=\"\d+\"")
def _as_is(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement for re.sub that is ``text`` as it is (no backslash escapes)."""
    return lambda _m: text


def _frozen_view(rows: int) -> str:
    """The view of an engine sheet: its top ``rows`` frozen (title lines and the header)."""
    below = f"A{rows + 1}"
    return (f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{rows}" '
            f'topLeftCell="{below}" activePane="bottomLeft" state="frozen"/><selection '
            f'pane="bottomLeft" activeCell="{below}" sqref="{below}"/></sheetView></sheetViews>')


def _xlsx_sheets(zf: zipfile.ZipFile) -> tuple[list[tuple[str, str]], int]:
    """[(sheet name, part)], active tab index of a workbook zip."""
    import posixpath

    from defusedxml.ElementTree import fromstring

    ns_r = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    wb_part = "xl/workbook.xml"
    for name in zf.namelist():
        if name.lower() == "xl/workbook.xml":
            wb_part = name
    root = fromstring(zf.read(wb_part))
    rels_part = posixpath.join(posixpath.dirname(wb_part), "_rels",
                               posixpath.basename(wb_part) + ".rels")
    rels = {}
    for rel in fromstring(zf.read(rels_part)):
        target = rel.get("Target") or ""
        if target.startswith("/"):
            part = target[1:]
        else:
            part = posixpath.normpath(posixpath.join(posixpath.dirname(wb_part), target))
        rels[rel.get("Id")] = part
    sheets = []
    active = 0
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "sheet":
            sheets.append((el.get("name") or "", rels.get(el.get(ns_r), "")))
        elif tag == "workbookView":
            try:
                active = int(el.get("activeTab") or 0)
            except ValueError:
                active = 0
    return sheets, active


def restore_xlsx_views(path: Path, original: bytes, written: list[str],
                       frozen: dict[str, int] | None = None) -> None:
    """``frozen``: the rows each written sheet freezes (its layout's; default 1)."""
    import io

    with zipfile.ZipFile(io.BytesIO(original)) as old:
        old_sheets, old_active = _xlsx_sheets(old)
        views = {}
        for name, part in old_sheets:
            if part in old.namelist():
                m = _SHEETVIEWS_RE.search(old.read(part).decode("utf-8", "replace"))
                if m:
                    views[name] = m.group(0)
    active_name = old_sheets[old_active][0] if 0 <= old_active < len(old_sheets) else None
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as new:
        new_sheets, _ = _xlsx_sheets(new)
        names = [n for n, _ in new_sheets]
        active = names.index(active_name) if active_name in names else 0
        replace: dict[str, bytes] = {}
        for i, (name, part) in enumerate(new_sheets):
            if part not in new.namelist():
                continue
            xml = new.read(part).decode("utf-8")
            view = (_frozen_view((frozen or {}).get(name, 1)) if name in written
                    else views.get(name))
            if view is None:
                m = _SHEETVIEWS_RE.search(xml)
                view = m.group(0) if m else None
            if view is None:
                continue
            view = _TABSEL_RE.sub("", view)
            if i == active:
                view = view.replace("<sheetView ", '<sheetView tabSelected="1" ', 1)
            fixed, count = _SHEETVIEWS_RE.subn(_as_is(view), xml, count=1)
            if count:
                replace[part] = fixed.encode("utf-8")
        wb_part = next((n for n in new.namelist() if n.lower() == "xl/workbook.xml"), None)
        if wb_part:
            wb = new.read(wb_part).decode("utf-8")
            wb = _ACTIVE_RE.sub(r"\1", wb)
            wb = re.sub(r"<workbookView\b", f'<workbookView activeTab="{active}"', wb, count=1)
            replace[wb_part] = wb.encode("utf-8")
        _rewrite_zip(path, new, replace)


def restore_ods_settings(path: Path, original: bytes) -> None:
    import io

    with zipfile.ZipFile(io.BytesIO(original)) as old:
        if "settings.xml" not in old.namelist():
            return
        settings = old.read("settings.xml")
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as new:
        if "settings.xml" in new.namelist() and b"ViewId" in new.read("settings.xml"):
            return  # LibreOffice kept them itself
        _rewrite_zip(path, new, {"settings.xml": settings})


def _rewrite_zip(path: Path, source: zipfile.ZipFile, replace: dict[str, bytes]) -> None:
    from keizer_xl.clients import atomic

    with atomic.replacing(path, zip_check=True, in_place=True) as fh, zipfile.ZipFile(fh, "w") as out:
        for info in source.infolist():
            content = replace.get(info.filename)
            if content is None:
                content = source.read(info.filename)
            out.writestr(info, content, compress_type=info.compress_type)
