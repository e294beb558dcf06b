# keizer-xl for LibreOffice Calc: the macros behind the buttons "Pair next round",
# "Update standings" and "Check".
#
# Installed by `keizer-xl lo-install` into the user profile (Scripts/python/keizer_xl_lo.py),
# next to keizer_xl_lo.json, which lists where keizer-xl and pandas/numpy/openpyxl are
# installed; those folders are put in front of sys.path so LibreOffice's own Python imports them.
# A button calls  vnd.sun.star.script:keizer_xl_lo.py$pair_next_round?language=Python&location=user
# `keizer-xl lo-run` calls the same functions with one argument: a JSON object of options
# ({"pair_round": N, "force": true, "url": "file:///...", "headless": true, "result": "/path.json"}).
#
# The work is done by the keizer_xl package (keizer_xl.frontends.lo_macro): this file only finds it,
# runs it, and shows the outcome. Nothing here ever lets an exception reach LibreOffice.
# It imports only the standard library and uno; the annotations stay text (the __future__
# import), so any Python 3 LibreOffice ships can load it and report a version mismatch.
from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # LibreOffice puts XSCRIPTCONTEXT into the module's globals before running a macro
    XSCRIPTCONTEXT: Any

CONFIG_NAME = "keizer_xl_lo.json"


def _macro_folder() -> str:
    url = globals().get("__file__") or ""
    try:
        import uno

        if url.startswith("file:"):
            path: str = uno.fileUrlToSystemPath(url)
            return os.path.dirname(path)
        ctx = XSCRIPTCONTEXT.getComponentContext()  # noqa: F821 - provided by LibreOffice
        subst = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.util.PathSubstitution", ctx)
        return os.path.join(uno.fileUrlToSystemPath(subst.substituteVariables("$(user)", True)),
                            "Scripts", "python")
    except Exception:
        return os.path.dirname(os.path.abspath(url)) if url else os.getcwd()


def _prepare_imports() -> str | None:
    """Put keizer-xl's folders (from keizer_xl_lo.json) in front of sys.path; None or an error."""
    config_path = os.path.join(_macro_folder(), CONFIG_NAME)
    config: dict[str, Any] = {}
    if os.path.exists(config_path):
        try:
            with open(config_path, encoding="utf-8") as fh:
                config = json.load(fh)
        except (OSError, ValueError) as exc:
            return f"{config_path} cannot be read ({exc}); run `keizer-xl lo-install` again."
    wanted = "{}.{}".format(*sys.version_info[:2])
    have = config.get("python_version")
    if have and have != wanted:
        return (f"keizer-xl was installed for Python {have}, but LibreOffice runs Python {wanted}, "
                f"which cannot load its compiled packages (numpy, pandas). Install keizer-xl "
                f"with a Python {wanted} and run `keizer-xl lo-install` from there.")
    paths = list(config.get("paths", []))
    extra = os.environ.get("KEIZER_XL_PATH")
    if extra:
        paths = [p for p in extra.split(os.pathsep) if p] + paths
    for path in reversed(paths):
        if path in sys.path:
            sys.path.remove(path)
        sys.path.insert(0, path)
    try:
        import keizer_xl.frontends.lo_macro  # noqa: F401 - only: is it importable?
    except Exception as exc:
        where = config_path if config else "(no " + CONFIG_NAME + " next to the macro)"
        return (f"keizer-xl could not be loaded in LibreOffice's Python ({type(exc).__name__}: "
                f"{exc}). Run `keizer-xl lo-install` with the Python where keizer-xl is "
                f"installed. Configuration: {where}")
    return None


def _options(args: tuple[Any, ...]) -> dict[str, Any]:
    if args and isinstance(args[0], str):
        try:
            value = json.loads(args[0])
            return value if isinstance(value, dict) else {}
        except ValueError:
            return {}
    return {}  # a button passes its ActionEvent; Tools > Macros passes nothing


def _document(options: dict[str, Any]) -> Any:
    url = options.get("url")
    ctx = XSCRIPTCONTEXT.getComponentContext()  # noqa: F821 - LibreOffice's global
    if url:
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        components = desktop.getComponents().createEnumeration()
        while components.hasMoreElements():
            doc = components.nextElement()
            if hasattr(doc, "getURL") and doc.getURL() == url:
                return doc
    return XSCRIPTCONTEXT.getDocument()  # noqa: F821 - LibreOffice's global


def _window(doc: Any) -> Any:
    try:
        window = doc.getCurrentController().getFrame().getContainerWindow()
        return window if window is not None and window.isVisible() else None
    except Exception:
        return None


def _interactive(options: dict[str, Any], doc: Any) -> bool:
    if options.get("headless") or os.environ.get("KEIZER_XL_HEADLESS") == "1":
        return False
    return _window(doc) is not None


def _message_box(doc: Any, outcome: dict[str, Any]) -> None:
    import uno

    ctx = XSCRIPTCONTEXT.getComponentContext()  # noqa: F821 - LibreOffice's global
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    status = outcome.get("status")
    kind = "INFOBOX" if status == "ok" else ("ERRORBOX" if status == "error" else "WARNINGBOX")
    box = toolkit.createMessageBox(_window(doc), uno.Enum("com.sun.star.awt.MessageBoxType", kind),
                                   1, outcome.get("title", "keizer-xl"), outcome.get("text", ""))
    box.execute()
    box.dispose()


def _write_result(options: dict[str, Any], outcome: dict[str, Any]) -> None:
    path = options.get("result") or os.environ.get("KEIZER_XL_RESULT")
    if not path:
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(outcome, fh, ensure_ascii=False, default=str)
    os.replace(tmp, path)


def _run(action: str, args: tuple[Any, ...], **preset: Any) -> str:
    options: dict[str, Any] = {}
    doc: Any = None
    outcome: dict[str, Any]
    try:
        options = dict(_options(args), **preset)
        doc = _document(options)
        problem = _prepare_imports()
        if problem is not None:
            outcome = {"action": action, "status": "error", "title": "keizer-xl",
                       "text": problem, "lines": [problem]}
        elif doc is None or not hasattr(doc, "getSheets"):
            text = "Open the season workbook in LibreOffice Calc first."
            outcome = {"action": action, "status": "refused", "title": "keizer-xl",
                       "text": text, "lines": [text]}
        else:
            from keizer_xl.frontends import lo_macro

            options["headless"] = not _interactive(options, doc)
            outcome = lo_macro.run(action, doc, options)
    except BaseException as exc:  # never let anything reach LibreOffice
        text = f"Something went wrong ({type(exc).__name__}: {exc})."
        outcome = {"action": action, "status": "error", "title": "keizer-xl", "text": text,
                   "lines": [text], "detail": traceback.format_exc()}
    try:
        _write_result(options, outcome)
    except Exception as exc:
        outcome.setdefault("messages", []).append(f"The result file could not be written: {exc}")
    with contextlib.suppress(Exception):
        if doc is not None and _interactive(options, doc):
            _message_box(doc, outcome)
    return json.dumps(outcome, ensure_ascii=False, default=str)


def pair_next_round(*args: Any) -> str:
    """Pair the next round: the sheet Pairings, and its games added to Results."""
    return _run("pair", args)


def pair_round_again(*args: Any) -> str:
    """Pair the round just paired again (late arrivals); boards whose Result is * are kept."""
    return _run("pair", args, repair=True)


def pair_next_round_anyway(*args: Any) -> str:
    """Pair the next round although the previous round still lacks results (they count as
    draws)."""
    return _run("pair", args, force=True)


def update_standings(*args: Any) -> str:
    """Compute the standings and write the sheet Standings."""
    return _run("standings", args)


def check_workbook(*args: Any) -> str:
    """List every problem in the workbook, each with its sheet and cell."""
    return _run("check", args)


def update_ratings(*args: Any) -> str:
    """The sheet Players from the rating list the setting rating_list names."""
    return _run("players", args)


g_exportedScripts = (pair_next_round, update_standings, check_workbook, pair_round_again,
                     pair_next_round_anyway, update_ratings)
