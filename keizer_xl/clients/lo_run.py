"""LibreOffice from the command line: install the macro, add buttons, run a macro headless.

Runs in keizer-xl's own Python, which usually cannot ``import uno``: everything UNO is done by
``_lo_driver.py`` run with a Python that can.  soffice is started here with a private profile
(the macro installed in it) on a named pipe, and always stopped again (its process group killed
if it does not exit in time).  Nothing prints: errors are :class:`LibreOfficeRunError`.  What a
headless save loses is put back by :mod:`keizer_xl.clients.lo_views`.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from keizer_xl.app.button_actions import BUTTON_ACTIONS
from keizer_xl.clients.lo_install import (  # finding soffice and its Python, the macro
    clean_env, find_soffice, find_uno_python, install_macro, office_env)
# the view settings a headless save loses
from keizer_xl.clients.lo_views import restore_ods_settings, restore_xlsx_views
from keizer_xl.errors import ClientError, Message

if TYPE_CHECKING:
    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.app.macro_answer import MacroAnswer

#: the macro function of each use case (the table of button actions, app/button_actions.py;
#: the force and repair variants go as the request's options)
FUNCTIONS = {a.use_case: a.function for a in BUTTON_ACTIONS if not (a.force or a.repair)}
SUFFIXES = (".xlsx", ".xlsm", ".ods")
DEFAULT_TIMEOUT = 180.0
STARTUP_TIMEOUT = 60.0

#: env var naming the pipe of an already running soffice (with the macro installed) to reuse
#: instead of starting one: the tests start LibreOffice once for many runs.
CONNECT_ENV = "KEIZER_XL_LO_PIPE"


class LibreOfficeRunError(ClientError):
    """LibreOffice could not do it; ``usage`` when it is missing (exit code 2, outcome.py)."""


# --------------------------------------------------------------------------- soffice

@dataclass
class Office:
    """A headless soffice with a private profile (the macro installed), listening on a pipe; a
    context manager that terminates it (its process group killed if it lingers).  With ``pipe``
    (or $KEIZER_XL_LO_PIPE) an office already running is used and left running."""

    pipe: str | None = None
    soffice: str | None = None
    python: str | None = None
    owned: bool = False
    profile: Path | None = None
    process: subprocess.Popen[bytes] | None = None
    _tmp: str | None = field(default=None, repr=False)

    def __enter__(self) -> Office:
        self.soffice = self.soffice or find_soffice()
        if self.pipe is None:
            self.pipe = os.environ.get(CONNECT_ENV) or None
        if self.soffice is None and self.pipe is None:
            raise LibreOfficeRunError(Message(
                "LibreOffice (soffice) was not found; install it (Debian/Ubuntu: apt-get install "
                "libreoffice-calc-nogui libreoffice-script-provider-python python3-uno) or set "
                "KEIZER_XL_SOFFICE to the soffice program"), usage=True)
        self.python = self.python or find_uno_python(self.soffice)
        if self.python is None:
            raise LibreOfficeRunError(Message(
                "no Python with LibreOffice's UNO bridge was found (Debian/Ubuntu: apt-get "
                "install python3-uno libreoffice-script-provider-python); or set "
                "KEIZER_XL_LO_PYTHON to LibreOffice's python"), usage=True)
        if self.pipe is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self._tmp = tempfile.mkdtemp(prefix="keizer-xl-lo-")
        self.profile = Path(self._tmp) / "profile"
        install_macro(self.profile / "user")
        self.pipe = f"keizer_xl_{os.getpid()}_{uuid.uuid4().hex[:10]}"
        assert self.soffice is not None, "__enter__ found soffice before starting it"
        args = [self.soffice, "--headless", "--invisible", "--nologo", "--norestore",
                "--nodefault", "--nofirststartwizard", "--nolockcheck",
                f"-env:UserInstallation={self.profile.as_uri()}",
                f"--accept=pipe,name={self.pipe};urp;StarOffice.ComponentContext"]
        kwargs: dict[str, Any] = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL,
                                  "stderr": subprocess.DEVNULL,
                                  "env": office_env(self.python)}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # its own process group: killed as a whole
        elif sys.platform == "win32":  # pragma: no cover - Windows (os.name "nt")
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        try:
            self.process = subprocess.Popen(args, **kwargs)
        except OSError as exc:
            self._remove_profile()
            raise LibreOfficeRunError(Message("{program} could not be started ({error})",
                                              program=str(self.soffice), error=str(exc)),
                                      usage=True) from None
        self.owned = True
        try:
            self.request({"command": "ping", "connect_timeout": STARTUP_TIMEOUT},
                         timeout=STARTUP_TIMEOUT + 15)
        except BaseException:
            self.stop()
            raise

    def request(self, req: dict[str, Any], timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """Run the driver with one request; raise LibreOfficeRunError when it fails."""
        req = dict(req, pipe=self.pipe)
        driver = Path(__file__).resolve().parent / "_lo_driver.py"
        if self.owned and self.process is not None and self.process.poll() is not None:
            raise LibreOfficeRunError(Message("LibreOffice stopped unexpectedly (exit code "
                                              "{code})", code=self.process.returncode))
        assert self.python is not None, "__enter__ found the UNO Python"
        helper = subprocess.Popen([self.python, str(driver)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=clean_env())
        deadline = time.monotonic() + timeout
        stdout = stderr = ""
        try:
            pending: str | None = json.dumps(req)
            while True:
                try:
                    stdout, stderr = helper.communicate(pending, timeout=0.25)
                    break
                except subprocess.TimeoutExpired:
                    pending = None
                if self.owned and self.process is not None and self.process.poll() is not None:
                    helper.kill()
                    helper.communicate()
                    raise LibreOfficeRunError(Message(
                        "LibreOffice stopped unexpectedly (exit code {code}); the workbook was "
                        "not changed", code=self.process.returncode))
                if time.monotonic() > deadline:
                    helper.kill()
                    helper.communicate()
                    if self.owned:
                        self.kill()
                    raise LibreOfficeRunError(Message(
                        "LibreOffice did not finish within {seconds} s and was stopped; the "
                        "workbook was not changed", seconds=f"{timeout:g}"))
        except BaseException:
            if helper.poll() is None:
                helper.kill()
                helper.wait()
            raise
        answer: dict[str, Any] | None = None
        for line in reversed(stdout.strip().splitlines()):
            try:
                answer = json.loads(line)
                break
            except ValueError:
                continue
        if answer is None:
            crashed = self.owned and self.process is not None and self.process.poll() is not None
            detail = (stderr.strip().splitlines() or [f"exit code {helper.returncode}"])[-1]
            raise LibreOfficeRunError(
                Message("LibreOffice crashed ({detail})", detail=detail) if crashed
                else Message("the LibreOffice helper failed ({detail})", detail=detail))
        if not answer.get("ok"):  # the driver's text (it runs in LibreOffice's own Python)
            raise driver_error(answer.get("error") or "")
        return answer

    def stop(self) -> None:
        try:
            if self.owned and self.process is not None and self.process.poll() is None:
                with contextlib.suppress(LibreOfficeRunError):
                    self.request({"command": "terminate", "connect_timeout": 5}, timeout=20)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(timeout=10)
            self.kill()
        finally:
            self._remove_profile()

    def kill(self) -> None:
        """Kill soffice and everything it started (its process group)."""
        proc = self.process
        if proc is None:
            return
        if os.name == "posix":
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(proc.pid, sig)
                except (ProcessLookupError, PermissionError):
                    break
                deadline = time.monotonic() + 3
                while time.monotonic() < deadline and _group_alive(proc.pid):
                    proc.poll()
                    time.sleep(0.05)
                if not _group_alive(proc.pid):
                    break
        else:  # pragma: no cover - Windows
            subprocess.run(["taskkill", "/F", "/T", "/PID", str(proc.pid)], capture_output=True)
        with contextlib.suppress(subprocess.TimeoutExpired):  # pragma: no cover
            proc.wait(timeout=5)
        if self.owned and self.pipe and os.name == "posix":  # a killed soffice leaves its pipe
            stale = Path(tempfile.gettempdir()) / f"OSL_PIPE_{os.getuid()}_{self.pipe}"
            try:
                if stale.is_socket() and not _group_alive(proc.pid):
                    stale.unlink()
            except OSError:
                pass

    def _remove_profile(self) -> None:
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


#: the hint when LibreOffice runs but cannot run a Python macro: its Python script provider
#: (Debian/Ubuntu's libreoffice-script-provider-python) is not installed, and UNO answers
#: "... XScriptProvider! at ./include/com/sun/star/uno/Reference.hxx:105" (issue 26)
NO_SCRIPT_PROVIDER = Message(
    "LibreOffice cannot run Python macros: its Python script provider is not installed "
    "(Debian/Ubuntu: apt-get install libreoffice-script-provider-python python3-uno)")


def driver_error(text: str) -> LibreOfficeRunError:
    """The error to raise for the driver's error ``text``: the install hint where LibreOffice
    lacks its Python script provider, else LibreOffice's own words."""
    # (not any mention of pythonscript.py: a macro's own traceback names that file)
    if "XScriptProvider" in text or "ScriptProviderForPython" in text:
        return LibreOfficeRunError(NO_SCRIPT_PROVIDER, usage=True)
    return LibreOfficeRunError(text or Message("LibreOffice reported an error"))


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover
        return True
    return True


# --------------------------------------------------------------------------- the commands

def _lock_file(path: Path) -> Path:
    return path.with_name(f".~lock.{path.name}#")


def _ask(office: Office | None, req: dict[str, Any], timeout: float,
         lock: Path | None = None) -> dict[str, Any]:
    """``req``'s answer from ``office`` (else from a LibreOffice of its own); then the ``lock``
    file is removed: there was none before (_check_book), so it is one our soffice left."""
    try:
        if office is not None:
            return office.request(req, timeout=timeout)
        with Office() as own:
            return own.request(req, timeout=timeout)
    finally:
        if lock is not None:
            lock.unlink(missing_ok=True)


def _check_book(path: Path) -> None:
    if not path.exists():
        raise LibreOfficeRunError(Message("{path}: no such file", path=str(path)), usage=True)
    if path.is_dir():
        raise LibreOfficeRunError(Message("{path} is a folder, not a workbook", path=str(path)),
                                  usage=True)
    if path.suffix.lower() not in SUFFIXES:
        raise LibreOfficeRunError(Message("{path}: the workbook must be .xlsx, .xlsm or .ods",
                                          path=str(path)), usage=True)
    from keizer_xl.clients.files import open_elsewhere

    message = open_elsewhere(path)
    if message:  # LibreOffice would open it read-only, or save over the user's work
        raise LibreOfficeRunError(message)


def run_macro(book: str | os.PathLike[str], request: ActionRequest, *,
              timeout: float = DEFAULT_TIMEOUT, office: Office | None = None) -> MacroAnswer:
    """Open ``book`` in headless LibreOffice, run ``request.action``'s macro, save, close: the
    macro's answer with this client's ``messages``; :class:`LibreOfficeRunError` when
    LibreOffice fails or the answer is not one."""
    action = request.action
    if action not in FUNCTIONS:
        raise LibreOfficeRunError(Message("unknown action {action!r} (pair, standings, check)",
                                          action=action), usage=True)
    from keizer_xl.clients import file_locks, files

    path = Path(book)
    _check_book(path)
    path = Path(os.path.realpath(path))
    # the same lock as the command line's: a button's run and a command never both write
    try:
        with file_locks.workbook_lock(path):
            if action != "check":
                files.check_can_write(path)
            return _run_locked(path, request, timeout, office)
    except files.WorkbookFileError as exc:  # its Message (catalog id) kept for translation
        raise LibreOfficeRunError(exc.args[0] if exc.args else str(exc)) from None


def _run_locked(path: Path, request: ActionRequest, timeout: float,
                office: Office | None) -> MacroAnswer:
    original = path.read_bytes()
    stat_before = path.stat()
    opts = {k: v for k, v in request.to_json().items() if v is not None}
    opts["headless"] = True
    req = {"command": "run", "book": str(path), "function": FUNCTIONS[request.action],
           "options": opts}
    answer = _ask(office, req, timeout, _lock_file(path))
    from dataclasses import replace

    from keizer_xl.app.macro_answer import MacroAnswer

    try:
        outcome = MacroAnswer.from_json(answer["outcome"])
    except ValueError as exc:  # a macro file of another keizer-xl version
        raise LibreOfficeRunError(Message("the LibreOffice macro gave an answer this keizer-xl "
                                          "cannot read ({error}); run keizer-xl lo-install "
                                          "again", error=str(exc))) from None
    if outcome.saved:
        outcome = replace(outcome, messages=outcome.messages + tuple(
            _after_save(path, original, stat_before, outcome)))
    return outcome


def _after_save(path: Path, original: bytes, stat_before: os.stat_result,
                outcome: MacroAnswer) -> list[str]:
    """Keep the old version in .keizer-backups/; put back what headless saving loses."""
    from keizer_xl.clients import backup_files, files

    notes: list[str] = []

    try:
        backup_files.keep_backup(path, original)
    except OSError as exc:
        notes.append(Message("The previous version could not be kept in {folder} ({error}).",
                             folder=files.BACKUP_FOLDER, error=str(exc)))
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        try:
            restore_xlsx_views(path, original, list(outcome.written), dict(outcome.frozen))
        except Exception as exc:
            notes.append(Message("The sheets' view settings (frozen header rows, active sheet) "
                                 "could not be restored after saving ({error}).",
                                 error=f"{type(exc).__name__}: {exc}"))
    elif path.suffix.lower() == ".ods":
        try:
            restore_ods_settings(path, original)
        except Exception as exc:
            notes.append(Message("The sheets' view settings could not be restored ({error}).",
                                 error=str(exc)))
    with contextlib.suppress(OSError):
        os.chmod(path, stat_before.st_mode & 0o777)
    return notes


# --------------------------------------------------------------------------- buttons, pdf

#: The LibreOffice buttons (the driver's names) and the button action each runs: its title,
#: in the workbook's language, is the button's caption (issue 33).
BUTTON_KEYS = {"KeizerXLPair": "pair", "KeizerXLStandings": "standings", "KeizerXLCheck": "check"}


def button_labels(language: str) -> dict[str, str]:
    """The captions of the LibreOffice buttons in ``language`` (Nächste Runde paaren,
    Rangliste aktualisieren, Prüfen), from the button actions' titles."""
    from keizer_xl.i18n import translator

    tr = translator(language)
    titles = {a.key: a.title for a in BUTTON_ACTIONS}
    return {name: tr(titles[key]) for name, key in BUTTON_KEYS.items()}


def add_buttons(book: str | os.PathLike[str], *, ods: bool = False, sheet: str | None = None,
                timeout: float = DEFAULT_TIMEOUT, office: Office | None = None,
                language: str = "en") -> dict[str, Any]:
    """Put the three buttons on the sheet ``Start`` (or the first sheet), captioned in
    ``language``, and save.  An .xlsx cannot keep LibreOffice macro buttons, so for .xlsx /
    .xlsm ``ods=True`` is required: the buttons go into a copy ``<stem>.ods``."""
    path = Path(book)
    _check_book(path)
    suffix = path.suffix.lower()
    out = None
    if suffix != ".ods":
        if not ods:
            raise LibreOfficeRunError(Message(
                "{name}: an Excel file cannot keep LibreOffice buttons (LibreOffice saves them to "
                ".xlsx without their macro and does not read them back). Run the macros from "
                "Tools > Macros > Run Macro > My Macros > keizer_xl_lo, or write a copy {copy} "
                "with the buttons", name=path.name, copy=path.with_suffix(".ods").name),
                hint="ods_copy")
        out = str(path.with_suffix(".ods").resolve())
        if Path(out).exists():
            raise LibreOfficeRunError(Message("{name} already exists; remove it first, or run "
                                              "lo-buttons on it", name=Path(out).name))
    labels = button_labels(language)
    req = {"command": "buttons", "book": str(path.resolve()), "out": out, "sheet": sheet,
           "buttons": [(name, labels[name], FUNCTIONS[key]) for name, key in BUTTON_KEYS.items()]}
    return _ask(office, req, timeout, _lock_file(path.resolve()))


def inspect_buttons(book: str | os.PathLike[str], *, office: Office | None = None,
                    timeout: float = DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
    req = {"command": "inspect-buttons", "book": str(Path(book).resolve())}
    buttons: list[dict[str, Any]] = _ask(office, req, timeout)["buttons"]
    return buttons
