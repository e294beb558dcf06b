"""The audit use case: each paired round paired again by the engine from the data before it
(analysis/audit.py), read from the one competition view (issue 23): with groups, each group's
round on its own, over the players in that group in that round."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer_xl.analysis.audit import RoundAudit, audit_parts
from keizer_xl.core.competition import Competition
from keizer_xl.app.schedule import keizer_groups
from keizer_xl.app.workbook import BookRequest
from keizer_xl.sheets.read import read_book

if TYPE_CHECKING:
    from keizer_xl.sheets.tables import Book

@dataclass(frozen=True)
class AuditReport:
    """Each group's round audits ("" without groups), group by group."""

    parts: tuple[tuple[str, tuple[RoundAudit, ...]], ...]
    language: str = "en"  # the workbook's

    @property
    def audits(self) -> list[RoundAudit]:
        return [a for _, audits in self.parts for a in audits]


def audit_view(view: Competition) -> AuditReport:
    """The Keizer groups' audits (a round robin's pairings are the Berger table's)."""
    keizer = keizer_groups(view)
    return AuditReport(tuple(p for p in audit_parts(view) if p[0] in keizer))


def run(book: Book, request: BookRequest = BookRequest()) -> AuditReport:
    season, lang = read_book(book, request.language)
    return AuditReport(audit_view(Competition(season)).parts, lang)
