"""Validation reports: ``FILE::$.path: message`` lines for people, JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from editor.model.findings import Finding, Severity

#: The version of every command's ``--format json`` output (its ``format`` key); the
#: schemas are ``schemas/output/*.schema.json``.
OUTPUT_FORMAT = 1

_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
_NOUNS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


@dataclass
class FileResult:
    """The findings for one checked file."""

    file: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """No errors (warnings and notes allowed)."""
        return not any(f.severity is Severity.ERROR for f in self.findings)


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


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
        return f"{_plural(len(results), 'file')} valid"
    parts = [_plural(n, _NOUNS[s]) for s, n in totals.items() if n]
    line = f"{', '.join(parts)} in {_plural(flagged, 'file')}"
    return line if flagged == len(results) else f"{line} ({len(results)} checked)"


def line(finding: Finding) -> str:
    """``FILE::$.path: message``, with ``warning:``/``note:`` before a message that is no error."""
    if finding.severity is Severity.ERROR:
        return str(finding)
    return f"{finding.file or '<input>'}::{finding.path}: {_NOUNS[finding.severity]}: " \
        f"{finding.message}"


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
