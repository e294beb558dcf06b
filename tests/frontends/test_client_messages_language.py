"""Refusals of the file clients (issue 9 item 1): a workbook open elsewhere, read-only or busy
is refused in the workbook's language; the English text is unchanged."""
from __future__ import annotations

import stat

from keizer_xl.clients import files
from keizer_xl.i18n import error_text, translate

from support.languages import dutch_or_german
from support.languages import run
from support.sources import GROUP, tree


def test_a_dutch_workbook_open_in_excel_is_refused_in_dutch(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "nl")
    (book.parent / ("~$" + book.name)).write_bytes(b"\x03Ann" + b" " * 50)
    before = book.read_bytes()
    code, _out, err = run(capsys, "standings", book)
    assert code == 1, err
    assert (f"{book.name} is geopend in Excel door Ann (het eigenaarsbestand ~${book.name} "
            "staat ernaast") in err, err
    assert "Er is niets geschreven." in err and "open in Excel" not in err
    # --language en: the same refusal in English, word for word as before
    code, _out, err = run(capsys, "standings", book, "--language", "en")
    assert code == 1 and (f"{book.name} is open in Excel by Ann (the owner file ~${book.name} "
         "is beside it; it is hidden in Explorer)") in err, err
    assert book.read_bytes() == before


def test_libreoffice_lock_and_read_only_file_in_german_and_french(tmp_path):
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"")
    (tmp_path / ".~lock.club.xlsx#").write_bytes(b"Ann de Wit,ann,clubpc,24.11.2026,x;")
    message = files.open_elsewhere(book)
    assert message is not None and message.startswith(
        "club.xlsx is open in LibreOffice by Ann de Wit on the computer clubpc (")
    assert translate(message, "de").startswith(
        "club.xlsx ist von Ann de Wit auf dem Computer clubpc in LibreOffice geöffnet (")
    (tmp_path / ".~lock.club.xlsx#").unlink()
    book.chmod(stat.S_IRUSR)
    try:
        files.check_can_write(book)
    except files.WorkbookFileError as exc:
        assert str(exc).startswith("club.xlsx is read-only, so it was not changed.")
        assert error_text(exc, "fr").startswith(
            "club.xlsx est en lecture seule et n'a donc pas été modifié.")
    else:
        raise AssertionError("a read-only workbook was not refused")
    finally:
        book.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_not_a_workbook_and_missing_file_are_refused_in_dutch(tmp_path, capsys):
    from keizer_xl.clients.xlsx import open_book

    old = tmp_path / "club.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0 old excel")
    for path, english, dutch in [
        (old, f"{old} is not an Excel .xlsx/.xlsm workbook (it is an old Excel 97-2003 workbook",
         f"{old} is geen Excel-werkmap (.xlsx/.xlsm) (het is een oude Excel 97-2003-werkmap"),
        (tmp_path / "gone.xlsx", f"{tmp_path / 'gone.xlsx'} does not exist.",
         f"{tmp_path / 'gone.xlsx'} bestaat niet."),
    ]:
        try:
            open_book(path)
        except files.WorkbookFileError as exc:
            assert str(exc).startswith(english), str(exc)
            assert error_text(exc, "nl").startswith(dutch), error_text(exc, "nl")
        else:
            raise AssertionError(f"{path} was opened")


# --------------------------------------------------------------------------- issue 15, item 5

@GROUP
def test_no_client_message_names_a_command_line_flag():
    """A client's error or message carries a hint key; the flag is the command line's word
    (frontends/outcome.py).  Every Message(...) and every ...Error(...) call in clients/."""
    import ast
    import re
    from pathlib import Path

    flag = re.compile(r"(?<![\w-])--[a-z]")
    root = Path(__file__).resolve().parents[2] / "keizer_xl" / "clients"
    for path in root.glob("*.py"):
        for node in ast.walk(tree(path)):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name != "Message" and not name.endswith("Error"):
                continue
            for arg in node.args:
                for const in ast.walk(arg):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str):
                        assert not flag.search(const.value), \
                            f"{path.name}:{const.lineno}: {const.value!r}"


def test_a_clients_hint_is_worded_by_each_front_end(tmp_path):
    from keizer_xl.clients.excel_setup import setup_workbook
    from keizer_xl.errors import SetupError
    from keizer_xl.frontends.outcome import describe

    (tmp_path / "club.xlsm").write_bytes(b"")
    try:
        setup_workbook(tmp_path / "club.xlsx", new=True, platform="win")
    except SetupError as exc:
        refused = exc
    else:
        raise AssertionError("an existing .xlsm was replaced without --force")
    assert refused.hint == "replace" and "--" not in str(refused)
    cli = describe(refused, "cli", lang="en").lines[0]
    assert cli == f"{tmp_path / 'club.xlsm'} already exists (use --force to replace it)"
    assert describe(refused, "cli", lang="nl").lines[0] == \
        f"{tmp_path / 'club.xlsm'} bestaat al (gebruik --force om het te vervangen)"
    assert "--" not in describe(refused, "excel", lang="en").text


def test_lo_run_messages_are_translated_and_keep_their_catalog_id(tmp_path):
    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.clients import lo_run
    from keizer_xl.frontends.outcome import describe

    try:
        lo_run.run_macro(tmp_path / "gone.xlsx", ActionRequest("check"))
    except lo_run.LibreOfficeRunError as exc:
        assert exc.usage and error_text(exc, "de") == (f"{tmp_path / 'gone.xlsx'}: keine solche "
             "Datei"), error_text(exc, "de")
    else:
        raise AssertionError("a missing workbook was run")
    # a file client's refusal (read-only) raised again by lo_run keeps its Message
    book = tmp_path / "club.xlsx"
    book.write_bytes(b"")
    book.chmod(stat.S_IRUSR)
    try:
        lo_run.run_macro(book, ActionRequest("pair"))
    except lo_run.LibreOfficeRunError as exc:
        assert str(exc).startswith("club.xlsx is read-only, so it was not changed.")
        assert error_text(exc, "fr").startswith(
            "club.xlsx est en lecture seule et n'a donc pas été modifié.")
    else:
        raise AssertionError("a read-only workbook was not refused")
    finally:
        book.chmod(stat.S_IRUSR | stat.S_IWUSR)
    # an .xlsx cannot keep LibreOffice buttons: the way out is --ods on the command line only
    try:
        lo_run.add_buttons(book, ods=False)
    except lo_run.LibreOfficeRunError as exc:
        assert exc.hint == "ods_copy"
        assert describe(exc, "cli", lang="en").lines[0].endswith(
            "or write a copy club.ods with the buttons (--ods)")
        assert "Extra > Macro's > Macro uitvoeren" in error_text(exc, "nl")
    else:
        raise AssertionError("buttons were added to an .xlsx")


def test_a_wrong_suffix_for_excel_setup_is_a_usage_error(tmp_path, capsys):
    book = tmp_path / "club.txt"
    book.write_text("not a workbook")
    code, _out, err = run(capsys, "excel-setup", book)
    assert code == 2, err
    assert "club.txt: give the season workbook as .xlsx" in err
