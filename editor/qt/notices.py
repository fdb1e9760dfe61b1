"""Telling the person which files could not be opened, and why, in the message itself;
and which plugin failed, where they are looking.

The first lines say what happened (the file does not exist, is not JSON, breaks the board
schema at a JSON path, made a loader fail); the validator's whole report, file and JSON path
of each finding, is under Show Details.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from editor.formats.findings_report import FileResult, render_text
from editor.i18n import N_, _, ngettext
from editor.model.findings import Finding, Severity

TITLE = "Carcassonne Editor"
#: Findings with these codes say the file itself could not be read.
_UNREADABLE = {"unreadable": N_("It cannot be read"), "encoding": N_("It is not text"),
               "json-syntax": N_("It is not JSON"),
               "internal": N_("The editor failed reading it")}


def reason(findings: Sequence[Finding] | str) -> str:
    """Why a file was refused, in one or two sentences."""
    if isinstance(findings, str):
        return findings
    errors = [f for f in findings if f.severity is Severity.ERROR] or list(findings)
    if not errors:
        return _("It holds no board.")
    first = errors[0]
    lead = _(_UNREADABLE.get(first.code, N_("It is not a valid board file")))
    text = (_("{reason}: {message} at {path}.") if first.path and first.path != "$"
            else _("{reason}: {message}.")).format(reason=lead, message=first.message,
                                                   path=first.path)
    if len(errors) > 1:
        text += " " + ngettext("({n} more problem under Show Details)",
                               "({n} more problems under Show Details)",
                               len(errors) - 1).format(n=len(errors) - 1)
    return text


def details(findings: Sequence[Finding] | str, path: str) -> str:
    """The validator's full report (``""`` for a plain message)."""
    if isinstance(findings, str) or not findings:
        return ""
    return render_text([FileResult(path, list(findings))])


def refuse_file(parent: QWidget | None, path: str, findings: Sequence[Finding] | str) -> None:
    """Say that ``path`` cannot be opened, and why."""
    box = QMessageBox(QMessageBox.Icon.Critical, TITLE,
                      _("{file} cannot be opened.").format(file=os.path.basename(path) or path),
                      parent=parent)
    box.setInformativeText(f"{reason(findings)}\n\n{path}")
    text = details(findings, path)
    if text:
        box.setDetailedText(text)
    box.exec()


def report_unopened(parent: QWidget | None,
                    failures: Sequence[tuple[str, Sequence[Finding] | str]]) -> None:
    """One message for every file of a start that could not be opened."""
    if len(failures) == 1:
        refuse_file(parent, *failures[0])
        return
    box = QMessageBox(QMessageBox.Icon.Critical, TITLE,
                      ngettext("{n} file could not be opened.", "{n} files could not be opened.",
                               len(failures)).format(n=len(failures)), parent=parent)
    box.setInformativeText("\n\n".join(f"{os.path.basename(p) or p}: {reason(f)}"
                                       for p, f in failures))
    box.setDetailedText("\n".join(details(f, p) or f"{p}: {reason(f)}" for p, f in failures))
    box.exec()


def install_plugin_notices(window: Any) -> None:
    """Say in ``window``'s status bar, and bring Findings forward, when a plugin fails while
    the window's document is scored (the document tells it: ``pluginFailed``); every
    document the window shows (its ``documentChanged``)."""
    def tell(text: str) -> None:
        window.statusBar().showMessage(text, 20000)
        findings = getattr(window, "findings_dock", None)
        if findings is not None:
            findings.show()
            findings.raise_()

    window.doc.pluginFailed.connect(tell)
    window.documentChanged.connect(lambda doc: doc.pluginFailed.connect(tell))
