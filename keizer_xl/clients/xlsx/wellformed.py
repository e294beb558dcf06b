"""Whether a part of the workbook is well-formed XML, checked by expat alone (the preflight
runs it on every part)."""
from __future__ import annotations

from typing import Protocol

from keizer_xl.clients.files import WorkbookFileError
from keizer_xl.errors import Message
from keizer_xl.sheets.tables import quote_sheet


class Named(Protocol):
    """What names a part in the refusal: the workbook's label and each sheet part's sheet."""

    label: str
    sheet_of: dict[str, str]


class WellFormed:
    """Feeds a part to expat, which only checks that it is well-formed XML (no handlers: fast);
    a broken part is refused here with its name, before anything reads it (issue 25)."""

    def __init__(self, inspector: Named, member: str):
        import xml.parsers.expat

        self.inspector = inspector
        self.member = member
        self.parser = xml.parsers.expat.ParserCreate()
        self.error = xml.parsers.expat.ExpatError

    def feed(self, data: bytes, final: bool = False) -> None:
        try:
            self.parser.Parse(data, final)
        except self.error as exc:
            sheet = self.inspector.sheet_of.get(self.member)
            if sheet:
                what = Message("the sheet {sheet} (part {part})", sheet=quote_sheet(sheet), part=self.member)
            else:
                what = Message("its part {part}", part=self.member)
            raise WorkbookFileError(Message(
                "{path} could not be read as an Excel workbook: {what} is not well-formed XML "
                "({error}). Open it in Excel or LibreOffice and save it again as .xlsx.",
                path=self.inspector.label, what=what, error=str(exc))) from exc
