"""Issue 27: describe decides every line of a failure for every front end, in the language of
the messages: the client's warnings, Ctrl+C, Excel's "Nothing was changed", LibreOffice's undo.

Before, the command line printed Ctrl+C in English itself, the LibreOffice macro prefixed the
client's warnings with an English ``warning:`` in a Dutch run, and the Excel buttons re-worded
the failure after describe.  Here each front end's failure is asked of describe (and of the
front end's own entry) in Dutch and German and scanned for the English words."""
from __future__ import annotations

import re

import pytest

from keizer_xl.app.macro_answer import MacroAnswer
from keizer_xl.errors import ActionError, InputError, Message, Problem
from keizer_xl.frontends.outcome import describe
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import Done

#: the English words of these sentences that are no Dutch or German words ("version" is German)
ENGLISH = {"warning", "warnings", "interrupted", "writing", "complete", "previous",
           "nothing", "changed", "written", "changes", "taken", "back", "problems", "found",
           "there", "fix", "the", "error"}  # ("was" is German)

#: a client's warning as lo_run words it after a save (its Message is translated)
OPEN_IN_EXCEL = Message("The previous version could not be kept in {folder} ({error}).",
                        folder=".keizer-backups", error="club.xlsx")


def english(lines: tuple[str, ...] | list[str]) -> set[str]:
    text = "\n".join(lines).replace("club.xlsx", "").replace(".keizer-backups", "")
    return {w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in ENGLISH}


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_ctrl_c_on_the_command_line_has_no_english(lang):
    wrote = describe(KeyboardInterrupt(), "cli", lang=lang, written=True,
                     done=Done(files=("club.xlsx",), backups=".keizer-backups"))
    assert (wrote.status, wrote.exit_code) == ("refused", 1)
    assert "club.xlsx" in wrote.lines[0] and ".keizer-backups" in wrote.lines[0]
    nothing = describe(KeyboardInterrupt(), "cli", lang=lang, written=False)
    assert not english(wrote.lines + nothing.lines), (wrote.lines, nothing.lines)
    # and the English run says it in English (the check above can fail)
    en = describe(KeyboardInterrupt(), "cli", lang="en", written=True,
                  done=Done(files=("club.xlsx",), backups=".keizer-backups"))
    assert en.lines == (("interrupted after writing club.xlsx (complete; the previous version "
                         "is in .keizer-backups)."),)
    assert english(en.lines)


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("front", Front)
def test_the_client_warnings_under_a_failure_have_no_english(lang, front):
    refused = ActionError(Message("round {round} is already paired", round=4))
    problems = InputError([Problem("Results!E5", "'1/0' is not a result")])
    for failure in (refused, problems):
        out = describe(failure, front, lang=lang, done=Done(messages=(OPEN_IN_EXCEL,)))
        assert len(out.lines) >= 2, out.lines
        words = english(out.lines) - {"result"}
        # the problem itself stays as the reader gave it (an English Problem in this test)
        assert not words - english(("'1/0' is not a result",)), (front, out.lines)


def test_the_warnings_are_worded_once_per_front_end():
    cli = describe(ActionError("round 4 is already paired"), "cli", lang="en",
                   done=Done(messages=(OPEN_IN_EXCEL,)))
    assert cli.lines[-1].startswith("warning: The previous version could not be kept")
    for front in ("excel", "lite", "libreoffice"):
        box = describe(ActionError("round 4 is already paired"), front, lang="en",
                       done=Done(messages=(OPEN_IN_EXCEL,)))
        assert box.lines[-1].startswith("Warnings:\n- The previous version"), box.lines


@pytest.mark.parametrize("lang, prefix", [("nl", "waarschuwing: "), ("de", "Warnung: ")])
def test_lo_run_prints_lo_run_s_own_messages_in_the_answer_s_language(lang, prefix):
    backup = Message("The previous version could not be kept in {folder} ({error}).",
                     folder=".keizer-backups", error="club.xlsx")
    answer = MacroAnswer("pair", "ok", ("note",), language=lang, messages=(backup,))
    out = describe(answer, "cli")
    assert out.lines[0] == "note" and out.lines[1].startswith(prefix), out.lines
    assert not english(out.lines[1:]), out.lines


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_libreoffice_macro_s_failure_for_lo_run_has_no_english_warning(lang):
    """The macro answering ``lo-run`` (front cli) prefixed the client's warnings with an
    English ``warning:`` in a Dutch run (issue 27)."""
    from keizer_xl.frontends import lo_macro

    out = lo_macro._failure(ActionError("round 4 is already paired"), "cli",
                            messages=(OPEN_IN_EXCEL,), lang=lang)
    box = lo_macro._failure(ActionError("round 4 is already paired"), "libreoffice",
                            messages=(OPEN_IN_EXCEL,), rolled_back=True, lang=lang)
    assert not english(out.lines[1:]), out.lines
    assert not english(box.lines[1:]), box.lines
    assert len(box.lines) == 3  # the refusal, the undo, the warnings


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_excel_s_failure_box_has_no_english(lang):
    out = describe(ActionError("round 4 is already paired"), "excel", lang=lang)
    assert not english(out.lines) - {"round", "already", "paired"}, out.lines
    assert out.lines[0].endswith(".")
