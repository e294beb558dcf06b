"""The command line's shared plumbing: opening a workbook as a command does (its lock, the
language it speaks, refusing what it cannot write), printing an outcome, and the helpers the
command modules (``cli_season``, ``cli_reports``, ``cli_office``) share."""
from __future__ import annotations

import argparse
import contextlib
import functools
import sys
from pathlib import Path
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from keizer_xl.clients.xlsx import FileBook

from keizer_xl.errors import N_, KeizerError, Message, UsageError
from keizer_xl.frontends.shown import EXIT_USAGE, Done, Outcome


#: what a command returns: its report and how it came about, shown by the command line through
#: outcome.describe and the one table of renderers (frontends/commands.py runs it)
Shown = tuple[object, Done]

#: the workbooks this run opened: (path, book, the file's signature when it was opened), so
#: their warnings are printed and a failure can say truthfully whether the file was written
OPENED: list[tuple[Path, object, tuple[int, int] | None]] = []


#: what a command holds until it ends: the workbook's lock, a converted copy of an .ods
HELD = contextlib.ExitStack()


class Parser(argparse.ArgumentParser):
    #: the language of its usage errors (:func:`parser_in`: a class per run, its subparsers'
    #: too, since argparse makes them of the parser's own class)
    lang: str | None = None

    def error(self, message: str) -> NoReturn:  # argparse's own usage errors: exit 2 with the usage line
        from keizer_xl.i18n import translator

        self.print_usage(sys.stderr)
        tr = translator(self.lang)
        print("keizer-xl: " + tr("error: {message}", message=message), file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def parser_in(lang: str | None) -> type[Parser]:
    """The parser class whose usage errors are worded in ``lang``."""
    class LanguageParser(Parser):
        pass

    LanguageParser.lang = lang
    return LanguageParser


def book_path_arg(text: str, must_exist: bool = True) -> Path:
    path = Path(text)
    if must_exist and not path.exists():
        raise UsageError(Message("{path}: no such file", path=text))
    if must_exist and path.is_dir():
        raise UsageError(Message("{path} is a folder, not a workbook", path=text))
    if must_exist and not path.is_file():  # a pipe (FIFO), a device, a socket: reading it hangs
        raise UsageError(Message("{path} is not a regular file (a pipe, a device or a socket), "
                                 "not a workbook", path=text))
    return path


def open_workbook(path: Path) -> FileBook:
    from keizer_xl.clients import files, ods
    from keizer_xl.clients.xlsx import open_book

    # the one writer refuses to put anything but this workbook's own save over it (an
    # ``export club.xlsx --trf club.xlsx``, by any path or link: issue 22)
    files.protect_input(path)
    if ods.is_ods(path):  # read a converted copy; the .ods itself is written only by LibreOffice
        book = open_book(HELD.enter_context(ods.xlsx_copy(path)))
        book.label = str(path)
    else:
        book = open_book(path)
    OPENED.append((path, book, _signature(path)))
    return book


def is_ods(path: str | Path) -> bool:
    """An OpenDocument workbook: written by LibreOffice's macro, read from a converted copy."""
    from keizer_xl.clients import ods

    return ods.is_ods(path)


def write_file(target: Path, data: bytes) -> None:
    """One exported file through the one atomic writer; refused when it is open elsewhere or
    cannot be written."""
    from keizer_xl.clients import atomic, files

    open_there = files.open_elsewhere(target)  # e.g. club.csv open in Excel
    if open_there:
        raise files.WorkbookFileError(open_there)
    try:  # check: a report the user made read-only is not replaced either
        with files.no_print_only_hint():
            atomic.write_bytes(target, data, check=True)
    except OSError as e:
        raise files.WorkbookFileError(Message("{path} could not be written ({why})",
                                              path=str(target),
                                              why=e.strerror or str(e))) from None


class NewWorkbookFiles:
    """The file client the use cases that make a workbook file get (app.workbook.NewFiles):
    the xlsx client, the one atomic writer; no --no-write / --dry-run hint to suggest."""

    def guard(self, source: Path, target: Path) -> None:
        from keizer_xl.clients import files
        files.protect_input(source)  # the one writer refuses it as a target, by any path or link
        files.refuse_unsafe_target(target, kind="zip")  # at once, the target named as typed

    def open(self, path: Path) -> FileBook:
        from keizer_xl.clients.xlsx import open_book
        return open_book(path)

    def create(self, target: Path, plan: Any) -> FileBook:
        from keizer_xl.clients.xlsx.new_book import new_book
        return new_book(target, plan)

    def save(self, book: FileBook, backup: bool) -> None:
        from keizer_xl.clients import files
        from keizer_xl.clients.xlsx.new_book import save_new
        with files.no_print_only_hint():
            save_new(book, backup=backup)

    def copy(self, book: FileBook, target: Path) -> None:
        from keizer_xl.clients import files
        with files.no_print_only_hint():
            book.save_as(target, force=True)


def _signature(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def any_written() -> bool:
    """Whether a workbook this run opened has changed on disk since (it was written)."""
    return any(_signature(path) != before for path, _, before in OPENED)


def print_messages(lang: str) -> None:
    """The warnings and notes the workbook clients collected (each once), in ``lang``."""
    printed: set[str] = set()
    for _, book, _ in OPENED:
        for message in getattr(book, "messages", ()):
            if message not in printed:
                printed.add(message)
                _print_warning(message, lang)


def _print_warning(message: str, lang: str | None) -> None:
    from keizer_xl.app.workbook import Front
    from keizer_xl.frontends.render_common import warning_lines
    from keizer_xl.i18n import translator

    for line in warning_lines((message,), Front.CLI, translator(lang)):
        print(line, file=sys.stderr)


def open_book_arg(text: str, write: bool, language: str | None = None
                  ) -> tuple[Path, FileBook]:
    """(path, book) for a BOOK argument; a command that writes holds the workbook's lock for
    the whole read-modify-write and refuses a file that is open elsewhere or read-only
    (``language``: the messages', None: the workbook's)."""
    from keizer_xl.clients import file_locks, files

    path = book_path_arg(text)
    if not write:  # --no-write / --dry-run: read as last saved, said when open elsewhere
        warn_read_while_open(path, language)
        return path, open_workbook(path)
    # a refusal here is in the workbook's language (main: learn_language_of_books)
    files.check_can_write(path)  # first: a read-only folder gets no lock file either
    HELD.enter_context(file_locks.workbook_lock(path))
    files.check_can_write(path)  # again, holding the lock
    book = open_workbook(path)
    lost = book.unsafe_to_write()  # on the sheets the engine does not own
    if lost:
        # the parts lost as the file's inspection names them, in the club's language where
        # the catalog knows the kind (issue 26): "chart on sheet Stand" -> "grafiek op blad Stand"
        raise files.WorkbookFileError(Message(
            "{name}: writing would drop what this file writer cannot keep: {lost}. Nothing was "
            "written. Use --no-write / --dry-run, or the LibreOffice (keizer-xl lo-run) or Excel "
            "buttons, which keep them.", name=book.path.name,
            lost=tuple(lost_part(part) for part in lost)))
    return path, book


def book_language(path: Path) -> str | None:
    """The workbook's language, read for a refusal that does not say its own (None: the
    workbook cannot be read)."""
    from keizer_xl.app.workbook import learn_language

    with contextlib.suppress(KeizerError, OSError):
        return learn_language(open_workbook(path))
    return None


def learn_language_of_books(argv: Sequence[str]) -> str | None:
    """The language of the first workbook named in ``argv`` that exists (issue 33: its
    ``language`` setting too), for a refusal that does not say its own."""
    return next((book_language(path) for path in _books(argv)), None)


#: the kinds of part the file writer cannot keep (clients/xlsx/safety.py) that the catalogs
#: word in each language (message ids); others are shown as the inspection names them
LOST_KINDS = (
    N_("chart"), N_("picture"), N_("pivot table"), N_("slicer"), N_("timeline"),
    N_("shape or text box"), N_("form control (button)"), N_("embedded object"),
    N_("threaded comments (replies)"), N_("picture in the page header or footer"),
    N_("query table (external data)"), N_("sparklines"), N_("ink drawing"),
    N_("drawing object"), N_("chart sheet"))


def lost_part(text: str) -> Message | str:
    """One lost part ("chart on sheet 'Stand'") as a message the language words."""
    import re

    m = re.fullmatch(r"(?P<kind>.+) on sheet (?P<sheet>.+)", text)
    if m and m.group("kind") in LOST_KINDS:
        return Message("{kind} on sheet {sheet}", kind=Message(m.group("kind")),
                       sheet=m.group("sheet"))
    m = re.fullmatch(r"(?P<kind>.+) \(in the workbook\)", text)
    if m and m.group("kind") in LOST_KINDS:
        return Message("{kind} (in the workbook)", kind=Message(m.group("kind")))
    return text


def done_info(path: Path, written: bool, fmt: str = "table",
          category: str | None = None) -> Done:
    """How a command's report came about (shown.Done): the path as typed; the client's
    messages are printed at the end by print_messages."""
    return Done(book=str(path), written=written, format=fmt, category=category)


def show_outcome(out: Outcome) -> int:
    """Print an outcome as every command does: ``out`` on standard output, ``lines`` on
    standard error (a refusal's first line after ``keizer-xl: ``); its exit code."""
    for line in out.out:
        print(line)
    for i, line in enumerate(out.lines):
        prefix = "keizer-xl: " if i == 0 and out.status in ("refused", "usage", "error") else ""
        print(prefix + line, file=sys.stderr)
    return out.exit_code


def read_while_open(path: Path) -> Message | None:
    """What a command that only reads ``path`` says when the workbook is open in Excel or
    LibreOffice: it read the file as last saved (issue 26)."""
    from keizer_xl.clients import files

    there = files.open_elsewhere(path)
    if there is None:
        return None
    program = "LibreOffice" if "LibreOffice" in getattr(there, "msgid", str(there)) else "Excel"
    return Message("{name} is open in {program}: this read it as last saved there, so what is "
                   "typed there but not saved yet is not included. Save it there and run this "
                   "again to include it.", name=path.name, program=program)


def warn_read_while_open(path: Path, language: str | None = None) -> None:
    """Print :func:`read_while_open`'s warning at once (it holds even when reading fails), in
    ``language``, else that of the workbook's sheet names (before it is read)."""
    note = read_while_open(path)
    if note is not None:
        _print_warning(note, language or language_before_reading([str(path)]))


# --------------------------------------------------------------------------- the language before reading

def _books(argv: Sequence[str]) -> list[Path]:
    """The workbooks (.xlsx, .xlsm, .ods) named in ``argv`` that exist."""
    return [Path(arg) for arg in argv if not arg.startswith("-")
            and arg.lower().endswith((".xlsx", ".xlsm", ".ods")) and Path(arg).is_file()]


def language_given(argv: list[str]) -> str | None:
    """The --language of a command line, read before argparse (which may refuse it)."""
    for i, arg in enumerate(argv):
        if arg == "--language" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--language="):
            return arg.split("=", 1)[1]
    return None


def language_before_reading(argv: list[str]) -> str | None:
    """The language of a run's messages before it has read a workbook (issue 26): that of the
    first workbook named that exists (its sheet names), else the system's, else None
    (English).  The workbook's `language` setting replaces it once the workbook is read."""
    return next(filter(None, map(workbook_language, _books(argv))), None) or system_language()


def workbook_language(path: Path) -> str | None:
    """The language of a workbook file by its sheet names, read from its zip without loading
    it (None: not a workbook this can read)."""
    import re
    import zipfile

    from keizer_xl.app.workbook import language_of_sheets

    if not path.is_file():  # a pipe or a device: reading it hangs
        return None
    try:
        with zipfile.ZipFile(path) as z:
            if "content.xml" in z.namelist():  # .ods: <table:table table:name="Spelers" ...>
                names = re.findall(r'<table:table [^>]*?table:name="([^"]*)"',
                                   z.read("content.xml").decode("utf-8", "replace"))
            else:
                names = re.findall(r'<sheet [^>]*?name="([^"]*)"',
                                   z.read("xl/workbook.xml").decode("utf-8", "replace"))
    except (OSError, KeyError, zipfile.BadZipFile):
        return None
    return language_of_sheets(names) if names else None


def system_language() -> str | None:
    """The system's language if it is one of the catalogs' (LC_ALL, LC_MESSAGES, LANG,
    LANGUAGE naming Dutch, German or French), else None (English)."""
    import os

    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in ("nl", "de", "fr") else None
    return None


#: argparse's own messages (Lib/argparse.py, each passed through its gettext ``_``) that a
#: user sees, in the catalogs (keizer_xl/i18n) with their %-placeholders unchanged
ARGPARSE_MESSAGES = (
    "usage: ", "argument %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)", "unrecognized arguments: %s",
    "the following arguments are required: %s", "expected one argument",
    "expected at least one argument", "expected at most one argument",
    "invalid %(type)s value: %(value)r", "ambiguous option: %(option)s could match %(matches)s",
    "not allowed with argument %s", "one of the arguments %s is required",
    "ignored explicit argument %r", "positional arguments", "options",
    "show this help message and exit")


@contextlib.contextmanager
def argparse_language(lang: str | None) -> Iterator[None]:
    """Within it, argparse words its usage errors in ``lang`` (its module's ``_`` is replaced,
    then put back).  In English its own lookup is kept, cached (~1 ms of every run, issue 25)."""
    from keizer_xl.i18n import translator

    saved: Callable[[str], str] = argparse._  # type: ignore[attr-defined]
    tr = translator(lang)
    argparse._ = functools.cache(saved) if tr.lang == "en" else (  # type: ignore[attr-defined]
        lambda text: tr.gettext(text) if text in ARGPARSE_MESSAGES else saved(text))
    try:
        yield
    finally:
        argparse._ = saved  # type: ignore[attr-defined]
