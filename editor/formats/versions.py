"""Format versions: a file newer than this program is refused with a clear message, an older
one is brought to the current format by a chain of small steps, one per version.

There is no older format yet: every file so far is format 1, and :data:`STEPS` is empty.
When format 2 comes, format 1 files get a step ``1: upgrade_board_1`` that returns the data
as format 2, with its own test, and :data:`CURRENT` says 2. A migrated file is rewritten
only when the person saves it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from editor.i18n import _
from editor.model.findings import Finding, Severity

BOARD = "board"
TILESET = "tileset"

#: The format each kind of file is written in.
CURRENT: dict[str, int] = {BOARD: 1, TILESET: 1}

Step = Callable[[dict[str, Any]], dict[str, Any]]

#: kind → version → the step that turns a file of that version into the next version.
STEPS: dict[str, dict[int, Step]] = {BOARD: {}, TILESET: {}}



def upgrade(data: Any, kind: str, file: str = "") -> tuple[Any, list[Finding]]:
    """``data`` in the current format of ``kind``, with a note when it was migrated.

    A newer or unknown version gives an error finding (the data comes back unchanged);
    so does data without an integer ``format``, with no finding: the schema says what is
    wrong with it.
    """
    if not isinstance(data, dict):
        return data, []
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        return data, []
    current = CURRENT[kind]
    if version == current:
        return data, []
    if version > current:
        text = _("written by a newer version of carcassonne-editor (format {version}); this "
                 "one reads format {current}: update it to open this board") if kind == BOARD \
            else _("written by a newer version of carcassonne-editor (format {version}); this "
                   "one reads format {current}: update it to open this tile set")
        return data, [Finding(text.format(version=version, current=current), "$.format", file,
                              "format-newer")]
    steps = STEPS[kind]
    if any(v not in steps for v in range(version, current)):
        oldest = min((v for v in range(current) if all(
            s in steps for s in range(v, current))), default=current)
        if kind == BOARD:
            text = _("format {version} is not a board format this version can read (it reads "
                     "formats {oldest} to {current})") if oldest < current else _(
                "format {version} is not a board format this version can read (it reads "
                "format {current})")
        else:
            text = _("format {version} is not a tile set format this version can read (it "
                     "reads formats {oldest} to {current})") if oldest < current else _(
                "format {version} is not a tile set format this version can read (it reads "
                "format {current})")
        return data, [Finding(text.format(version=version, oldest=oldest, current=current),
                              "$.format", file, "format-unknown")]
    upgraded = copy.deepcopy(data)
    for v in range(version, current):
        upgraded = steps[v](upgraded)
        upgraded["format"] = v + 1
    text = _("format {version} board, read as format {current}; the file stays in format "
             "{version} until it is saved") if kind == BOARD else _(
        "format {version} tile set, read as format {current}; the file stays in format "
        "{version} until it is saved")
    return upgraded, [Finding(text.format(version=version, current=current),
                              "$.format", file, "format-migrated", Severity.INFO)]


def failed(findings: list[Finding]) -> bool:
    """Whether any finding is an error."""
    return any(f.severity is Severity.ERROR for f in findings)
