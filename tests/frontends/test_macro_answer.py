"""The typed answer of a button's action (issue 27): one type, its JSON round trip, and a clear
error for a key the two sides do not agree on."""
from __future__ import annotations

import json

import pytest

from keizer_xl.app.macro_answer import EXIT_CODES, MacroAnswer
from keizer_xl.frontends.outcome import describe
from keizer_xl.frontends.shown import Outcome


def test_every_field_survives_the_json_round_trip():
    answer = MacroAnswer("pair", "problems", ("Players!B3: no name", "1 problem found."),
                         message="1 problem found.", hint="force",
                         problems=("Players!B3: no name",), out=("Round 3",),
                         notes=("a note",), report={"round": 3, "boards": [[1, "A", "B"]]},
                         title="keizer-xl: Pair", language="nl", detail="Traceback ...",
                         text="box", written=("Pairings", "Results"), saved=True,
                         frozen={"Pairings": 2}, messages=("backup not kept",))
    data = json.loads(json.dumps(answer.to_json()))  # through text, as the result file
    assert MacroAnswer.from_json(data) == answer
    assert data["exit_code"] == 1 and data["written"] == ["Pairings", "Results"]


def test_the_exit_code_is_the_status_s_unless_given():
    assert [MacroAnswer("check", s, ()).exit_code for s in EXIT_CODES] == [0, 1, 1, 2, 1]
    assert MacroAnswer("check", "ok", (), exit_code=0).exit_code == 0


def test_the_macro_file_s_own_answer_is_read():
    """macros/keizer_xl_lo.py answers by itself when keizer-xl cannot be loaded."""
    own = {"action": "pair", "status": "error", "title": "keizer-xl", "text": "cannot load",
           "lines": ["cannot load"], "detail": "tb", "messages": ["result file not written"]}
    answer = MacroAnswer.from_json(own)
    assert (answer.status, answer.exit_code, answer.text) == ("error", 1, "cannot load")
    assert Outcome.of_answer(answer).lines == ("cannot load",)


@pytest.mark.parametrize("data, words", [
    ({"action": "pair", "status": "ok", "lines": [], "colour": "red"},
     "unknown key(s) in a macro answer: colour"),
    ({"action": "pair", "lines": []}, "lacks status"),
    ({"status": "ok"}, "lacks action, lines"),
    ({"action": "pair", "status": "fine", "lines": []}, "not an answer status: 'fine'"),
    ({"action": "pair", "status": "ok", "lines": "one"}, "lines must be a list of texts"),
    ({"action": "pair", "status": "ok", "lines": [], "saved": "yes"},
     "saved must be true or false"),
    ({"action": "pair", "status": "ok", "lines": [], "exit_code": "0"},
     "exit_code must be a whole number"),
    ({"action": "pair", "status": "ok", "lines": [], "frozen": {"Standings": "1"}},
     "frozen must be an object of sheet names and row counts"),
    (["pair"], "a macro answer is a JSON object, not list"),
])
def test_a_key_the_sides_do_not_agree_on_is_a_clear_error(data, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        MacroAnswer.from_json(data)


def test_an_outcome_becomes_an_answer_and_back():
    from keizer_xl.errors import ActionError

    out = describe(ActionError("round 2 has no results yet", hint="force"), "libreoffice",
                   lang="en")
    answer = out.answer("pair", written=("Pairings",), saved=True, frozen={"Pairings": 1})
    assert answer.text == out.box_text and answer.hint == "force"
    back = Outcome.of_answer(MacroAnswer.from_json(answer.to_json()))
    assert back == out


def test_an_action_request_keeps_the_round_to_pair_and_the_round_after_apart():
    import json

    from keizer_xl.app.button_actions import ActionRequest
    from keizer_xl.app.workbook import Front

    pair = ActionRequest("pair", pair_round=4, force=True, front=Front.CLI, label="club.ods")
    assert ActionRequest.from_json(json.loads(json.dumps(pair.to_json()))) == pair
    after = ActionRequest("standings", after_round=3, language="nl")
    assert ActionRequest.from_json(after.to_json()) == after
    # what a button passes: the action and the macro's own options
    assert ActionRequest.from_json({"action": "pair", "force": True, "headless": True}) \
        == ActionRequest("pair", force=True)
    assert ActionRequest.from_json({"action": "check", "front": "word"}).front is Front.LIBREOFFICE
