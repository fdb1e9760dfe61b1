"""Everything this plugin takes from carcassonne-editor, in one place.

The plugin may use nothing of the editor but its public API, ``editor.api`` (an import
contract checks it); this module is the only one that imports it, so the rest of the
package reads the host's names from here.
"""

from __future__ import annotations

from editor.hookspecs import hookimpl
from editor.model import events
from editor.model.board import Board, Placed
from editor.model.events import Event, FeatureValue
from editor.model.features import FeatureInfo
from editor.model.findings import Finding
from editor.model.rulebook import RuleRef, define
from editor.model.tiles import CITY, FIELD, GARDEN, MONASTERY, RIVER, ROAD
from editor.rules.editions import Edition, FigureKind, JczNames
from editor.rules.moves import FigureAction, Offer, Slot
from editor.rules.ruleset import Ruleset


def cell_of(board: Board, node: int) -> tuple[int, int]:
    """The cell of the tile holding a segment node."""
    return board.node_cell[node]


__all__ = [
    "CITY", "FIELD", "GARDEN", "MONASTERY", "RIVER", "ROAD", "Board", "Edition", "Event",
    "FeatureInfo", "FeatureValue", "FigureAction", "FigureKind", "Finding", "JczNames", "Offer",
    "Placed", "RuleRef", "Ruleset", "Slot", "cell_of", "define", "events", "hookimpl",
]
