"""The builder's extra tile (docs/rules.md, *Traders & Builders: the builder*).

C1–C3: a tile of the builder's owner that extends the road or city holding the builder
(completing it included) gives a second tile at once: the turn's part 2, which never gives a
third. The builder must stand there before the move (placing it never triggers), and the
second tile follows even if part 1 returned it (S002 footnote). The builder stays while its
owner has a meeple on the feature, and only then does it work: a builder standing without
its owner's meeple (a position that breaks the rules) triggers nothing. The second tile is
optional ("may", S000, S002): the ``extra-turn`` event has ``detail["optional"] = True``
and the caller may decline it.

C1's first text says "complete or extend", later ones "extend" (WCP-TB1 /21 note 1).
We found no position where they differ with base and T&B tiles: a tile closes a road or city
only by joining one of its own segments to it, so every completing tile extends; and the
later texts still give the second tile after a completion (WCP-TB1 /25; S000, S002 ex. 3a).
They would differ only for a tile that completes without extending (the Abbey of Abbey &
Mayor, S002 footnote), which no edition here has. So C1 has no option for it: it plays
"extend", completion included, like C2 and C3.

C3.1: a later tile of its owner continuing the builder's road or city, even completing it,
sends the builder to the tile stacks; at the end of the turn it goes back to supply and the
owner takes one extra turn, which never triggers another. We return the builder to supply
when the tile is placed: nothing can use it before the end of the move, the move's figure
being already on the board. The extra turn is mandatory (S003 "capeți imediat încă o
tură"; docs/rules.md, *Choices we made*), ``detail["optional"] = False``. The builder must
still be beside the meeple it was assigned to.
"""

from __future__ import annotations

from dataclasses import replace

from editor.api import BUILDER, Board, Event, Figure, Placed, Ruleset, Turn, define
from editor.api import events as ev

from ..translations import _
from .figures import Companions
from .placement import WHERE

#: ``Turn.flags`` key: the tile extended a feature holding the player's builder.
EXTENDED = "traders-builders:builder-extended"

RULE = define(
    "traders-builders.builder.double-turn", "C1–C3: placing a tile that extends the road or "
    "city holding your builder (and your meeple) gives a second tile at once; never a third",
    "WCP-TB1", "S000", "S002")
RULE_C31 = define(
    "traders-builders.builder.c31", "C3.1: continuing the road or city of your builder sends "
    "it to the tile stacks; at the end of the turn it returns to supply and you take one "
    "extra turn, which never triggers another", "S003")


def extended_builders(rules: Ruleset, board: Board, placed: Placed, player: int,
                      assigned: bool, memo: Companions) -> list[Figure]:
    """``player``'s working builders, standing on other tiles, on the roads and cities that
    ``placed`` joined: those with the meeple they depend on (:func:`.figures.companion`)."""
    builders = [f for f in memo.special(board) if f.kind == BUILDER and f.owner == player]
    if not builders:
        return []
    own = placed.nodes()
    find, kind, where = board.find, board.node_kind, WHERE[BUILDER]
    roots = {find(n) for n in own if kind(n) in where}
    return [f for f in builders if f.node not in own and find(f.node) in roots
            and memo.kept(rules, board, f, assigned)]


def note_extension(rules: Ruleset, board: Board, placed: Placed, turn: Turn,
                   assigned: bool, memo: Companions) -> list[Event]:
    """Flag the turn when its first tile extended the player's builder's feature; in C3.1
    the builder leaves the board."""
    builders = (extended_builders(rules, board, placed, turn.player, assigned, memo)
                if turn.part == 1 else [])
    turn.flags[EXTENDED] = bool(builders)
    if not assigned:
        return []
    return [ev.returned(b, _("its road or city was continued: the builder goes to the tile "
                             "stacks, back to supply at the end of the turn"), RULE_C31)
            for b in builders]


def extra_turn(turn: Turn, assigned: bool) -> list[Event]:
    """The builder's extra tile, when this move's tile earned it."""
    if turn.part != 1 or not turn.flags.get(EXTENDED):
        return []
    if assigned:
        event = ev.extra_turn(turn.player, 2, _("the builder came back from the tile stacks: "
                                                "one extra turn"), RULE_C31)
    else:
        event = ev.extra_turn(turn.player, 2, _("the tile extended a road or city holding the "
                                                "player's builder: draw and place a second "
                                                "tile"), RULE)
    return [replace(event, detail={"optional": not assigned})]
