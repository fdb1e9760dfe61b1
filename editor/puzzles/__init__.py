"""Puzzles and scenarios: the puzzle block, objectives, the solver, checking a reference
solution, and the scenario tools (tiles left in the bag, dead cells, where a tile fits).

No Qt here: the editor's puzzle panel (``editor.qt.docks.puzzle``) and the ``solve``,
``check`` and ``scenario`` commands are built on this package.
"""

from .check import CheckReport, check
from .objectives import Outcome
from .progress import CANCELLED, TIME_LIMIT, Progress, Stopped
from .puzzle import (
    BEST_MARGIN,
    BLOCK_COMPLETION,
    MOST_POINTS,
    OBJECTIVE_TYPES,
    REACH_POINTS,
    FeatureRef,
    Objective,
    Puzzle,
    PuzzleError,
    move_from_dict,
    move_to_dict,
)
from .scenario import Bag, Fitter, bag, bag_sets, fits
from .solver import Ranked, Solver

__all__ = [
    "BEST_MARGIN", "BLOCK_COMPLETION", "CANCELLED", "MOST_POINTS", "OBJECTIVE_TYPES",
    "REACH_POINTS", "TIME_LIMIT", "Bag", "CheckReport", "FeatureRef", "Fitter", "Objective",
    "Outcome", "Progress", "Puzzle", "PuzzleError", "Ranked", "Solver", "Stopped", "bag",
    "bag_sets", "check", "fits", "move_from_dict", "move_to_dict",
]
