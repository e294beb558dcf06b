"""Refusals of the file clients (issue 9 item 1): a workbook open elsewhere, read-only or busy
is refused in the workbook's language; the English text is unchanged."""
from __future__ import annotations

import stat

from keizer_xl.clients import files
from keizer_xl.i18n import error_text, translate

from test_messages_language import dutch_or_german
from test_languages import run


def test_a_dutch_workbook_open_in_excel_is_refused_in_dutch(tmp_path, capsys):
    book = dutch_or_german(tmp_path, capsys, "nl")
    (book.parent / ("~$" + book.name)).write_bytes(b"\x03Ann" + b" " * 50)
    before = book.read_bytes()
    code, out, err = run(capsys, "standings", book)
    assert code == 1, err
    assert f"{book.name} is geopend in Excel door Ann (het eigenaarsbestand ~${book.name} " \
           "staat ernaast" in err, err
    assert "Er is niets geschreven." in err and "open in Excel" not in err
    # --language en: the same refusal in English, word for word as before
    code, out, err = run(capsys, "standings", book, "--language", "en")
    assert code == 1 and f"{book.name} is open in Excel by Ann (the owner file ~${book.name} " \
        "is beside it; it is hidden in Explorer)" in err, err
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
