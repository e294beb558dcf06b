"""THE table of the buttons' actions (issue 27): what each button (Excel, xlwings Lite,
LibreOffice) and ``keizer-xl lo-run`` runs, under which names, and the one function that runs
it on any book.  The names users' files call stay spelled out in those files
(docs/development.md, "Adding a button action").  It imports nothing heavy: ``lo-run`` reads
its choices here.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from keizer_xl.app.workbook import Front
from keizer_xl.errors import N_

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class ActionRequest:
    """One action as a front end asks for it (the LibreOffice macro gets it as JSON):
    ``pair_round`` the round to pair (None: the next), ``after_round`` the standings after it
    (None: the last with results), ``language`` the messages' (None: the workbook's),
    ``front`` who words the outcome (``cli``: ``lo-run`` and ``pair club.ods`` print what the
    command line prints for an ``.xlsx``), ``format`` the command line's, ``label`` the
    workbook as the user named it."""

    action: str
    pair_round: int | None = None
    after_round: int | None = None
    force: bool = False
    repair: bool = False
    language: str | None = None
    front: Front = Front.LIBREOFFICE
    format: str = "table"
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "front": self.front.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ActionRequest:
        """The request in ``data`` (keys it does not know, the macro's own, are left)."""
        pair, after, front = data.get("pair_round"), data.get("after_round"), data.get("front")
        return cls(action=str(data.get("action", "")),
                   pair_round=None if pair is None else int(pair),
                   after_round=None if after is None else int(after),
                   force=bool(data.get("force")), repair=bool(data.get("repair")),
                   language=data.get("language") or None,
                   front=Front(front) if front in {f.value for f in Front} else Front.LIBREOFFICE,
                   format=str(data.get("format") or "table"), label=str(data.get("label") or ""))


@dataclass(frozen=True)
class ButtonAction:
    """``key``: the action as the front ends name it (``pair``, ``repair``, ``force``,
    ``standings``, ``check``); ``use_case``: what it runs (``pair``, ``standings``, ``check``,
    the ``lo-run`` actions); ``function``: the Python name every front end gives it (the VBA
    calls ``keizer_xl.excel.<function>()``, Lite's ``main.py`` ``lite.<function>(book)``, the
    LibreOffice macro file has a function of that name); ``macro``: the Excel macro (VBA
    ``Sub``); ``title``: a message box's title (a catalog id); ``force`` / ``repair``: the
    pairing's options; ``writes``: the action writes the workbook."""

    key: str
    use_case: str
    function: str
    macro: str
    title: str
    force: bool = False
    repair: bool = False
    writes: bool = True


BUTTON_ACTIONS: tuple[ButtonAction, ...] = (
    ButtonAction("pair", "pair", "pair_next_round", "PairNextRound", N_("Pair next round")),
    ButtonAction("standings", "standings", "update_standings", "UpdateStandings",
                 N_("Update standings")),
    ButtonAction("check", "check", "check_workbook", "CheckWorkbook", N_("Check"),
                 writes=False),
    ButtonAction("repair", "pair", "pair_round_again", "PairRoundAgain", N_("Pair next round"),
                 repair=True),
    ButtonAction("force", "pair", "pair_next_round_anyway", "PairNextRoundAnyway",
                 N_("Pair next round"), force=True),
    # issue 37: the Players sheet from the rating list the Settings row rating_list names
    ButtonAction("ratings", "players", "update_ratings", "UpdateRatings", N_("Update ratings")),
)

#: the use cases, in the table's order (``lo-run``'s actions, the LibreOffice macro's)
USE_CASES: tuple[str, ...] = tuple(dict.fromkeys(a.use_case for a in BUTTON_ACTIONS))


def button_action(key: str) -> ButtonAction | None:
    """The row of ``key`` (None: no such action)."""
    return next((a for a in BUTTON_ACTIONS if a.key == key), None)


def run_use_case(book: Book, request: ActionRequest) -> object:
    """Run the use case ``request.action`` on ``book`` (any client's): its typed report
    (PairingReport, StandingsReport, CheckReport, PlayersReport); the one dispatch of the
    buttons and of ``lo-run``; a refusal carries the workbook's language (issue 33)."""
    from keizer_xl.app import check, standings
    from keizer_xl.app.pair import PairRequest, run
    from keizer_xl.app.workbook import BookRequest, learn_language
    from keizer_xl.errors import KeizerError

    use_case = request.action
    try:
        if use_case == "check":
            return check.run(book, BookRequest(request.language))
        if use_case == "standings":
            return standings.run(book, standings.StandingsRequest(request.after_round,
                                                                  language=request.language))
        if use_case == "pair":
            return run(book, PairRequest(round=request.pair_round, force=request.force,
                                         repair=request.repair, language=request.language))
        if use_case == "players":  # the list named by the rating_list setting, beside the book
            from keizer_xl.app import players

            return players.run(book, players.PlayersRequest(None, folder=getattr(book, "folder", None)))
    except KeizerError as e:
        e.language = e.language or learn_language(book)
        raise
    raise ValueError(f"not a use case of the buttons: {use_case!r} ({', '.join(USE_CASES)})")
