"""What lo-run says when LibreOffice's Python has no script provider (a stand-in script)."""
from __future__ import annotations

import pytest

from support.helpers import uno_python_without_script_provider
from support.cli import run


def test_lo_run_without_the_script_provider_gives_the_install_hint(tmp_path, capsys,
                                                                   monkeypatch):
    """LibreOffice without its Python script provider answers the macro call with a raw UNO
    error; `lo-run` says what to install instead, in the workbook's language, exit code 2
    (as the other LibreOffice commands do when a part is missing)."""
    from keizer_xl.clients import lo_run

    fake = uno_python_without_script_provider(tmp_path)
    office = lo_run.Office(pipe="keizer-xl-test", python=str(fake))
    with pytest.raises(lo_run.LibreOfficeRunError) as caught:
        office.request({"command": "run"})
    assert caught.value.usage and "libreoffice-script-provider-python" in str(caught.value)
    assert "Reference.hxx" not in str(caught.value)
    # the command: the hint in Dutch for a Dutch workbook, not the raw UNO text
    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path, "--language", "nl")[0] == 0
    real = lo_run.Office
    monkeypatch.setattr(lo_run, "Office",
                        lambda: real(pipe="keizer-xl-test", python=str(fake)))
    code, out, err = run(capsys, "lo-run", path, "standings")
    assert code == 2, (out, err)
    assert "Python-scriptprovider is niet geïnstalleerd" in err and "XScriptProvider" not in err
    # a macro's own error is still shown as LibreOffice words it
    assert "boom" in str(lo_run.driver_error("RuntimeException: boom"))
