"""A JCloisterZone save as one of our positions: converted, its log replayed with our rules
to the end, and what only we keep (an export's ``x-carcassonne-editor`` block) restored.

A move JCloisterZone played but our rules find illegal (a tile away from every other tile,
a figure on an occupied feature) is played all the same, as the replay plays it, and its
findings become warnings at the path of the move's message in the save."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from editor.i18n import _
from editor.model.findings import Finding, Severity
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.workspace import ruleset_of

from .convert import convert, restore
from .replay import Replay, ReplayError, replay
from .save import JczSave


@dataclass
class Imported:
    """The position after the save's last move (None when the save cannot be imported),
    the replay that reached it, and every finding; ``illegal`` are those of the log's
    moves (also in ``findings``), which the editor shows on the board instead."""

    position: Position | None
    played: Replay | None = None
    findings: list[Finding] = field(default_factory=list)
    illegal: list[Finding] = field(default_factory=list)


def import_save(save: JczSave, catalogue: Catalogue, host: PluginHost,
                file: str = "") -> Imported:
    """Convert ``save`` (read from ``file``), replay its log and restore what an export of
    ours kept: the position shows the end of the game, with the whole move log."""
    conversion = convert(save, catalogue, host)
    position = conversion.position
    if position is None:
        return Imported(None, None, conversion.findings)
    try:
        played = replay(position, ruleset_of(position, host), catalogue)
    except ReplayError as exc:
        problem = Finding(_("the log cannot be played on our tiles: {error}").format(
            error=exc), "$.replay", file, "jcz-unplayable")
        return Imported(None, None, [*conversion.findings, problem])
    position.board = played.board_at(len(played.steps))
    illegal = _step_findings(played, conversion.sources, file)
    findings = [*conversion.findings, *illegal]
    if conversion.editor is not None:
        findings += restore(position, conversion.editor)
    return Imported(position, played, findings, illegal)


def _step_findings(played: Replay, sources: list[str], file: str) -> list[Finding]:
    """What our rules find wrong with the log's moves, as warnings at their messages."""
    return [replace(f, path=sources[step.index - 1], file=file,
                    severity=Severity.WARNING if f.severity is Severity.ERROR else f.severity)
            for step in played.steps for f in step.findings]
