"""The River's placement rules (in the C2 and C3 base boxes; a separate release for C1).

A river tile must continue the river through one of its river sides, and the river may not
make a U-turn. The rulebooks say only that; Hans im Glück's answer to the question "no
U-turn ever, or just no immediate U-turns?" is: only immediate U-turns (docs/rules.md,
*The River*). An immediate U-turn is two turns the same way in a row: the new tile's open
end points the way the previous tile's river came from. That is the default
(``river=no-u-turn``).

JCloisterZone checks more (its ``RiverCapability``): the two cells ahead of every open end
of the new tile, and the cells beside them, must be empty, so that the river always has
room. ``river=jcz`` applies that check, for positions meant for JCloisterZone
(``export-jcz`` refuses a river placement JCloisterZone would refuse, whatever the option).
"""

from __future__ import annotations

from editor.api import RIVER, SIDE_DELTA, SIDE_NAMES, Board, Cell, Finding, OptionSpec, Tile, define

from ..translations import _, pgettext

NO_U_TURN = "no-u-turn"
JCZ = "jcz"
RIVER_OPTION = OptionSpec(
    "river", NO_U_TURN, (NO_U_TURN, JCZ),
    "River placement: no-u-turn (the published ruling: the river may not turn the same way "
    "twice in a row) or jcz (JCloisterZone's check: the cells ahead of each open end must "
    "be empty) [docs/rules.md#base.river.no-u-turn, #base.river.jcz]", named=False)

RULE_CONTINUE = define(
    "base.river.continue", "a river tile continues the river: one of its river sides meets "
    "the river already on the board", "WCP-River", "BB-River")
RULE_NO_U_TURN = define(
    "base.river.no-u-turn", "the river may not make a U-turn: it may not turn the same way "
    "twice in a row (only immediate U-turns are forbidden)", "WCP-River", "BB-River",
    "MJ-River")
RULE_JCZ = define(
    "base.river.jcz", "option river=jcz: the two cells ahead of each open river end and the "
    "cells beside them must be empty (JCloisterZone's check)", "JCZ-River")


def river_findings(board: Board, tile: Tile, x: int, y: int, rotation: int,
                   check: str = NO_U_TURN) -> list[Finding]:
    """What breaks the River's rules when ``tile`` goes at (x, y): ``check`` is the
    ``river`` option (:data:`NO_U_TURN` or :data:`JCZ`)."""
    if not board.cells:
        return []
    kinds = tile.orientations[rotation].side_kinds
    river_sides = [s for s in range(4) if kinds[s] == RIVER]
    joined = [s for s in river_sides if _across(x, y, s) in board.cells]
    cell = (x, y)
    if not joined:
        return [Finding(_("{tile} must continue the river: none of its river sides touches "
                          "a river at ({x}, {y}) — {rule}").format(tile=tile.ref, x=x, y=y,
                                                                  rule=RULE_CONTINUE),
                        code="river-detached", cell=cell)]
    open_ends = [s for s in river_sides if s not in joined]
    if check == JCZ:
        return jcz_findings(board, tile, cell, open_ends)
    findings = []
    for s in open_ends:
        for came in joined:
            before = board.cells[_across(x, y, came)]
            facing = (came + 2) % 4
            back = [t for t in range(4) if t != facing
                    and before.orientation.side_kinds[t] == RIVER]
            if s in back:
                findings.append(Finding(
                    _("the river would make a U-turn: the end of {tile} facing {side} turns "
                      "the same way as {other} at ({x}, {y}) — {rule}").format(
                          tile=tile.ref, side=side_name(s), other=before.tile.ref,
                          x=before.x, y=before.y, rule=RULE_NO_U_TURN),
                    code="river-u-turn", cell=cell))
    return findings


def jcz_findings(board: Board, tile: Tile, cell: Cell, open_ends: list[int]) -> list[Finding]:
    """JCloisterZone's check of the open ends of a river tile placed on ``cell``."""
    findings = []
    for s in open_ends:
        ahead = _across(*cell, s)
        beyond = _across(*ahead, s)
        left, right = (s + 3) % 4, (s + 1) % 4
        reserved = [_across(*ahead, left), _across(*ahead, right), beyond,
                    _across(*beyond, left), _across(*beyond, right)]
        taken = [c for c in reserved if c in board.cells]
        if taken:
            findings.append(Finding(
                _("the end of {tile} facing {side} has no room: ({x}, {y}) ahead of it holds "
                  "a tile — {rule}").format(tile=tile.ref, side=side_name(s), x=taken[0][0],
                                            y=taken[0][1], rule=RULE_JCZ),
                code="river-no-room", cell=cell))
    return findings


def side_name(side: int) -> str:
    """A side of a tile (0: north … 3: west) in the current language."""
    names = (pgettext("side", "north"), pgettext("side", "east"), pgettext("side", "south"),
             pgettext("side", "west"))
    return names[side] if 0 <= side < 4 else SIDE_NAMES[side]


def _across(x: int, y: int, side: int) -> Cell:
    dx, dy = SIDE_DELTA[side]
    return (x + dx, y + dy)
