"""What the rules find wrong with a position as a file holds it, for ``validate`` and the
editor's Findings: figures of a kind the ruleset does not have (an abbot under C1, a
builder without Traders & Builders), figures on completed features, more figures than the
supply, figures where their edition does not let them stand.

A finding about a figure is located in the file: its path is that figure's entry
(``$.figures[3]``). A ruleset that cannot be built gives no findings here: that is the
ruleset's own finding, reported where the ruleset is read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.position import Position

from .engine import Engine
from .host import Host
from .ruleset import RulesetError

#: A figure independent of node numbers: kind, owner, x, y, segment id.
FigureState = tuple[str, int, int, int, str]
#: The figure a finding is about, as findings begin: "Red's builder …", "a follower …".
_NAMED = re.compile(r"^(?:\S+'s|an?|the) (\w+)")


def position_findings(position: Position, host: Host, file: str = "",
                      figures: list[dict[str, Any]] | None = None) -> list[Finding]:
    """The ruleset's findings about ``position``; ``figures`` are the file's figure entries
    (``x``, ``y``, ``segment``), to give each finding about a figure its JSON path."""
    try:
        rules = host.ruleset([(name, {}) for name in position.editions], position.options)
    except RulesetError:
        return []
    entries = figures if figures is not None else [
        {"kind": kind, "x": x, "y": y, "segment": seg}
        for kind, _, x, y, seg in figure_states(position.board)]
    found = []
    for f in Engine(rules).position_findings(position.board):
        path = f.path
        if f.cell is not None and f.segment is not None:
            here = [i for i, e in enumerate(entries)
                    if (e.get("x"), e.get("y")) == f.cell and e.get("segment") == f.segment]
            # figures sharing a segment (a C3.1 builder beside its knight): the one named
            m = None if f.figure else _NAMED.match(f.message)  # a plugin's older finding
            kind = f.figure or (m.group(1) if m else None)
            named = [i for i in here if kind and entries[i].get("kind") == kind]
            if here:
                path = f"$.figures[{(named or here)[0]}]"
        found.append(replace(f, file=file or f.file, path=path))
    return found


def figure_states(board: Board) -> list[FigureState]:
    """The board's figures as (kind, owner, x, y, segment id)."""
    return [(f.kind, f.owner, *board.cell_of(f.node), board.segment_of(f.node).id)
            for f in board.figures]
