"""The renderers of the setup commands (rows of the one table, :mod:`keizer_xl.frontends.render`;
the reports are ``app/setup.py``'s): ``new``, ``excel-setup``, ``excel-config``, ``lo-install``,
``lo-buttons``.  Only the command line runs them."""
from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Sequence

from keizer_xl.frontends.render_common import cli_notes, sheet
from keizer_xl.app.workbook import Front
from keizer_xl.frontends.shown import EXIT_OK, Done, Outcome
from keizer_xl.i18n import Translator, translate

if TYPE_CHECKING:
    from keizer_xl.app.setup import (ButtonsReport, ExcelConfigReport, MacroInstallReport,
                                     TemplateReport, VbaFilesReport, XlsmReport)

def template(report: TemplateReport, front: Front, done: Done, tr: Translator,
             notes: Sequence[str]) -> Outcome:
    out = tr("Created {path}: fill in {players}, then mark absences and pair round 1.",
             path=report.path, players=sheet("Players", report))
    return Outcome("ok", EXIT_OK, tuple(cli_notes(notes, done, tr)), out=(out,))


def xlsm(report: XlsmReport, front: Front, done: Done, tr: Translator,
         notes: Sequence[str]) -> Outcome:
    """The steps on standard error (as the setup reports them), the result on standard
    output."""
    if report.kind == "updated":
        out = tr("Updated {path}: open it in Excel and click Enable Content if asked.",
                 path=report.target)
    else:
        out = tr("Created {path}: open it in Excel, click Enable Content if asked, and use the "
                 "buttons on the sheet {sheet}.", path=report.target, sheet=report.sheet)
    steps = tuple(f"  {translate(step, tr)}" for step in report.steps)
    return Outcome("ok", EXIT_OK, steps + tuple(cli_notes(notes, done, tr)), out=(out,))


def vba_files(report: VbaFilesReport, front: Front, done: Done, tr: Translator,
              notes: Sequence[str]) -> Outcome:
    return Outcome("ok", EXIT_OK, (), out=report.files)


def excel_config(report: ExcelConfigReport, front: Front, done: Done, tr: Translator,
                 notes: Sequence[str]) -> Outcome:
    rows = tuple(f"{key}: {'' if value is None else value}" for key, value in report.rows)
    return Outcome("ok", EXIT_OK, (tr("Wrote the sheet xlwings.conf of {path}",
                                      path=report.path),), out=rows)


def macro_install(report: MacroInstallReport, front: Front, done: Done, tr: Translator,
                  notes: Sequence[str]) -> Outcome:
    out = (tr("Installed the LibreOffice macro {path}", path=report.macro),
           tr("and its settings {path} (keizer-xl is loaded from: {paths})",
              path=report.config, paths=", ".join(report.paths)))
    if not report.soffice_found:
        lines: tuple[str, ...] = (tr("note: {note}", note=tr(
            "LibreOffice was not found on this computer; the macro is ready for when it is "
            "installed.")),)
    elif report.checked is not None:
        lines = (tr("Checked: LibreOffice's Python ({python}) loads keizer-xl. Restart "
                    "LibreOffice if it is running; then add the buttons with: {command}",
                    python=report.checked, command="keizer-xl lo-buttons BOOK.ods"),)
    else:
        lines = ()
    return Outcome("ok", EXIT_OK, lines, out=out)


def buttons(report: ButtonsReport, front: Front, done: Done, tr: Translator,
            notes: Sequence[str]) -> Outcome:
    out = tuple(f"{label:<18} -> {macro}" for label, macro in report.buttons)
    return Outcome("ok", EXIT_OK, (tr("Added {n} buttons to the sheet {sheet} of {path}. They "
                                      "run the macro installed by {command}.",
                                      n=len(report.buttons), sheet=report.sheet,
                                      path=report.saved_to,
                                      command="`keizer-xl lo-install`"),), out=out)
