"""Validation reports: ``FILE::$.path: message`` lines for people, JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from editor.i18n import _, ngettext
from editor.model.findings import Finding, Severity

#: The version of every command's ``--format json`` output (its ``format`` key); the
#: schemas are ``schemas/output/*.schema.json``.
OUTPUT_FORMAT = 1

_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass
class FileResult:
    """The findings for one checked file."""

    file: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """No errors (warnings and notes allowed)."""
        return not any(f.severity is Severity.ERROR for f in self.findings)


def count(results: Sequence[FileResult]) -> dict[Severity, int]:
    """Findings per severity over every file."""
    totals: dict[Severity, int] = dict.fromkeys(Severity, 0)
    for result in results:
        for finding in result.findings:
            totals[finding.severity] += 1
    return totals


def summary(results: Sequence[FileResult]) -> str:
    """One line: ``3 errors, 1 warning in 2 files`` or ``2 files valid``."""
    totals = count(results)
    flagged = sum(1 for r in results if r.findings)
    if not flagged:
        return ngettext("{n} file valid", "{n} files valid", len(results)).format(
            n=len(results))
    errors, warnings, notes = (totals[s] for s in (Severity.ERROR, Severity.WARNING,
                                                   Severity.INFO))
    counted = [ngettext("{n} error", "{n} errors", errors).format(n=errors) if errors else "",
               ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
               if warnings else "",
               ngettext("{n} note", "{n} notes", notes).format(n=notes) if notes else ""]
    # TRANSLATORS: {counts} is a list such as "2 errors, 1 warning".
    line = ngettext("{counts} in {n} file", "{counts} in {n} files", flagged).format(
        counts=", ".join(c for c in counted if c), n=flagged)
    if flagged == len(results):
        return line
    return ngettext("{summary} ({n} checked)", "{summary} ({n} checked)", len(results)).format(
        summary=line, n=len(results))


def line(finding: Finding) -> str:
    """``FILE::$.path: message``, with ``warning:``/``note:`` before a message that is no error."""
    if finding.severity is Severity.ERROR:
        return str(finding)
    where = f"{finding.file or '<input>'}::{finding.path}"
    if finding.severity is Severity.WARNING:
        return _("{where}: warning: {message}").format(where=where, message=finding.message)
    return _("{where}: note: {message}").format(where=where, message=finding.message)


def ordered(findings: Sequence[Finding]) -> list[Finding]:
    """Errors first, then warnings, then notes; the order within each kept."""
    return sorted(findings, key=lambda f: _RANK[f.severity])


def render_text(results: Sequence[FileResult]) -> str:
    """Every finding, errors first within each file, then the summary line."""
    lines = [line(f) for r in results for f in ordered(r.findings)]
    return "\n".join([*lines, summary(results)]) + "\n"


def render_json(results: Sequence[FileResult]) -> str:
    """``{"format": 1, "files": [{"file", "valid", "findings"}], "summary": {...}}`` as
    JSON text."""
    totals = count(results)
    document = {
        "format": OUTPUT_FORMAT,
        "files": [{"file": r.file, "valid": r.valid,
                   "findings": [f.to_json() for f in ordered(r.findings)]} for r in results],
        "summary": {
            "files": len(results),
            "valid": sum(1 for r in results if r.valid),
            "errors": totals[Severity.ERROR],
            "warnings": totals[Severity.WARNING],
            "notes": totals[Severity.INFO],
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
