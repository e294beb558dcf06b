"""Finding LibreOffice and installing the keizer-xl macro into a user profile.

``soffice`` and a Python that can ``import uno`` (LibreOffice's own, or Debian's python3 with
python3-uno), the environment both are run in (without this Python's settings), the user
profile's ``Scripts/python`` folder, the macro file and its configuration (where keizer-xl and
its packages are installed), and the check that LibreOffice's Python loads keizer-xl.  Used by
``keizer-xl lo-install`` and by :class:`keizer_xl.clients.lo_run.Office`, which installs the
macro into the private profile of the soffice it starts.  Nothing here prints.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from keizer_xl.clients import atomic
from keizer_xl.errors import Message, SetupError

MACRO_NAME = "keizer_xl_lo.py"
CONFIG_NAME = "keizer_xl_lo.json"


# --------------------------------------------------------------------------- finding things

def find_soffice() -> str | None:
    """The soffice program: $KEIZER_XL_SOFFICE, the PATH, or the usual install places."""
    env = os.environ.get("KEIZER_XL_SOFFICE")
    if env:
        return env if Path(env).exists() else None
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    candidates = ["/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice",
                  "/Applications/LibreOffice.app/Contents/MacOS/soffice"]
    candidates += sorted(str(p) for p in Path("/opt").glob("libreoffice*/program/soffice"))
    for base in (os.environ.get("PROGRAMFILES"), os.environ.get("PROGRAMFILES(X86)")):
        if base:
            candidates.append(str(Path(base) / "LibreOffice" / "program" / "soffice.exe"))
    return next((c for c in candidates if Path(c).exists()), None)


@functools.cache  # looked for once per soffice: each candidate is a Python started
def find_uno_python(soffice: str | None = None) -> str | None:
    """A Python that can ``import uno``: $KEIZER_XL_LO_PYTHON, LibreOffice's own, python3."""
    candidates = []
    env = os.environ.get("KEIZER_XL_LO_PYTHON")
    if env:
        candidates.append(env)
    if soffice:
        program = Path(os.path.realpath(soffice)).parent
        candidates += [str(program / "python"), str(program / "python.exe"),
                       str(program.parent / "Resources" / "python")]
    candidates += ["/usr/bin/python3", shutil.which("python3") or ""]
    return next((exe for exe in candidates if exe and Path(exe).exists() and _imports_uno(exe)),
                None)


def _imports_uno(exe: str) -> bool:
    try:
        done = subprocess.run([exe, "-c", "import uno"], capture_output=True, timeout=30,
                              env=clean_env())
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def clean_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for soffice and the driver: without this Python's settings."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONHOME", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONSAFEPATH",
                        "VIRTUAL_ENV", "PYTHONEXECUTABLE", "__PYVENV_LAUNCHER__")}
    env.update(extra or {})
    return env


def office_env(uno_python: str | None) -> dict[str, str]:
    """The environment for soffice: no other Python ahead of LibreOffice's in PATH.

    LibreOffice's embedded Python finds its standard library through the first ``python3`` on
    PATH; a pyenv or virtualenv ``bin`` folder there (as when keizer-xl runs from one) makes it
    load another Python's library, and the Python script provider fails (std::bad_alloc).
    """
    keep = []
    mine = os.path.realpath(uno_python) if uno_python else None
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if not entry:
            continue
        candidate = Path(entry) / "python3"
        if candidate.exists() and mine and os.path.realpath(candidate) != mine:
            continue
        keep.append(entry)
    return clean_env({"PATH": os.pathsep.join(keep), "KEIZER_XL_HEADLESS": "1"})


def default_profile() -> Path:
    """The LibreOffice user profile folder of the current user (…/LibreOffice/4/user)."""
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / \
            "LibreOffice" / "4" / "user"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "LibreOffice" / "4" / "user"
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "libreoffice" / "4" / "user"


def scripts_folder(profile: str | os.PathLike[str] | None = None) -> Path:
    """``<profile>/Scripts/python``; a LibreOffice 'UserInstallation' folder (one that holds
    ``user``) is accepted for the profile too."""
    base = Path(profile).expanduser() if profile else default_profile()
    if base.name != "user" and (base / "user").is_dir() and \
            not (base / "registrymodifications.xcu").exists():
        base = base / "user"
    return base / "Scripts" / "python"


# --------------------------------------------------------------------------- the macro

def macro_source() -> str:
    from importlib.resources import files

    res = files("keizer_xl").joinpath("macros", MACRO_NAME)
    if res.is_file():
        return res.read_text(encoding="utf-8")
    raise SetupError(Message("the macro file {name} is missing from this installation of "
                             "keizer-xl; reinstall it", name=MACRO_NAME), usage=True)


def import_paths() -> list[str]:
    """Folders LibreOffice's Python needs in sys.path: keizer_xl's parent, site-packages."""
    # this file is keizer_xl/clients/lo_install.py: the package's parent is three levels up
    paths = [str(Path(__file__).resolve().parents[2])]
    for key in ("purelib", "platlib"):
        with contextlib.suppress(KeyError):
            paths.append(sysconfig.get_paths()[key])
    with contextlib.suppress(Exception):
        import site

        user = site.getusersitepackages()
        if user in sys.path:
            paths.append(user)
    for module in ("pandas", "numpy", "openpyxl", "defusedxml", "networkx"):
        mod = sys.modules.get(module)
        if mod is None:
            try:
                mod = __import__(module)
            except ImportError:
                continue
        origin = getattr(mod, "__file__", None)
        if origin:
            paths.append(str(Path(origin).resolve().parent.parent))
    out: list[str] = []
    for p in paths:
        if p and p not in out and Path(p).is_dir():
            out.append(p)
    return out


def install_macro(profile: str | os.PathLike[str] | None = None) -> tuple[Path, Path]:
    """Copy the macro into the profile's Scripts/python and write its configuration."""
    folder = scripts_folder(profile)
    folder.mkdir(parents=True, exist_ok=True)
    macro = folder / MACRO_NAME
    config = folder / CONFIG_NAME
    atomic.write_text(macro, macro_source())
    atomic.write_text(config, json.dumps({
        "paths": import_paths(),
        "python_version": "{}.{}".format(*sys.version_info[:2]),
        "installed_by": sys.executable,
        "keizer_xl": _version(),
    }, indent=2) + "\n")
    return macro, config


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("keizer-xl")
    except Exception:
        return "unknown"


def check_import(python: str, paths: list[str], timeout: float = 60.0) -> str | None:
    """Can ``python`` (LibreOffice's) import keizer_xl with ``paths``? None, or why not."""
    code = ("import sys, json; sys.path[:0] = json.loads(sys.argv[1]); "
            "import pandas, numpy, keizer_xl.frontends.lo_macro, keizer_xl.clients.libreoffice")
    try:
        done = subprocess.run([python, "-c", code, json.dumps(paths)], capture_output=True,
                              text=True, timeout=timeout, env=clean_env())
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{python} could not be run ({exc})"
    if done.returncode != 0:
        lines = [ln for ln in done.stderr.strip().splitlines() if ln.strip()]
        return lines[-1] if lines else f"exit code {done.returncode}"
    return None
