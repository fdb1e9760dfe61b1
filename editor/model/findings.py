"""Findings: what validation and the rules report instead of raising."""

from __future__ import annotations

from enum import StrEnum

from .records import record


class Severity(StrEnum):
    """How serious a finding is."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@record(frozen=True, slots=True)
class Finding:
    """One problem found in a file or a position.

    ``path`` is a JSON path into the file (``$.tiles[3].segments[0]``); ``cell`` and
    ``segment`` locate a finding on the board when it has a place there.
    """

    message: str
    path: str = "$"
    file: str = ""
    code: str = ""
    severity: Severity = Severity.ERROR
    cell: tuple[int, int] | None = None
    segment: str | None = None
    #: The kind of the figure the finding is about, where it is about one (the message,
    #: in the user's language, is not parsed for it).
    figure: str | None = None

    def __str__(self) -> str:
        return f"{self.file or '<input>'}::{self.path}: {self.message}"

    def to_json(self) -> dict[str, object]:
        """A plain dict for ``--format json`` output."""
        data: dict[str, object] = {
            "file": self.file,
            "path": self.path,
            "message": self.message,
            "code": self.code,
            "severity": self.severity.value,
        }
        if self.cell is not None:
            data["cell"] = list(self.cell)
        if self.segment is not None:
            data["segment"] = self.segment
        return data
