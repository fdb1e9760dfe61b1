"""Scenario tools on hand-made positions: the bag, dead cells, where a tile fits."""

from __future__ import annotations

from puzzle_support import board_dict, position

from editor.puzzles import Fitter, bag, bag_sets, fits
from editor.rules.engine import Engine
from editor.workspace import ruleset_of

#: The start tile with its city capped; caps north and south of the empty cell (1, 0),
#: monasteries east of it: that cell needs city N, field E, city S, road W, which no tile has.
WALLED = [("D", 0, 0, 0), ("E", 0, -1, 180), ("E", 1, -1, 180), ("B", 0, 1, 0),
          ("E", 1, 1, 0), ("B", 2, -1, 0), ("B", 2, 0, 0)]


def walled(catalogue, tilesets=("base-c2",), hand=()):
    puzzle = {"hand": list(hand), "objective": {"type": "most-points"}} if hand else None
    pos = position(board_dict(["base:C2"], "base-c2", WALLED, puzzle=puzzle,
                              tilesets=list(tilesets)), catalogue)
    rules = ruleset_of(pos)
    return pos, rules, Engine(rules)


def test_the_bag_is_the_box_minus_the_board_and_the_hand(catalogue):
    pos, rules, _ = walled(catalogue)
    left = bag(pos.board, bag_sets(pos, rules, catalogue), [catalogue.tile("base-c2/E")])
    counts = {t.id: n for t, n in left.counts.items()}
    assert left.total == 72 - 7 - 1
    assert (counts["D"], counts["E"], counts["B"], counts["Eg"], counts["X"]) == (3, 0, 1, 1, 1)
    assert left.excess == {} and left.foreign == {}


def test_the_bag_defaults_to_the_rulesets_sets_and_reports_overflow(catalogue):
    pos, rules, _ = walled(catalogue, tilesets=())
    assert [s.id for s in bag_sets(pos, rules, catalogue)] == ["base-c2", "river-c2"]
    e = catalogue.tile("base-c2/E")
    left = bag(pos.board, bag_sets(pos, rules, catalogue), [e, e])
    assert left.total == 84 - 7 - 1
    assert left.excess == {e: 1}
    foreign = bag(pos.board, [catalogue.get_set("river-c2")])
    assert foreign.total == 12
    assert {t.id: n for t, n in foreign.foreign.items()} == {"D": 1, "E": 3, "B": 3}


def test_the_walled_cell_is_the_only_dead_cell(catalogue):
    pos, rules, engine = walled(catalogue)
    left = bag(pos.board, bag_sets(pos, rules, catalogue))
    assert Fitter(engine, left.available()).dead_cells(pos.board) == [(1, 0)]


def test_a_cell_dies_when_the_last_tile_that_fits_is_gone(catalogue):
    """Four roads meet around (0, 0): only the crossroads X fits, and the box has one."""
    roads = [("U", 0, -1, 90), ("U", 1, 0, 0), ("U", 0, 1, 90), ("U", -1, 0, 0)]
    pos = position(board_dict(["base:C2"], "base-c2", roads, tilesets=["base-c2"]), catalogue)
    engine = Engine(ruleset_of(pos))
    sets = [catalogue.get_set("base-c2")]
    assert (0, 0) not in Fitter(engine, bag(pos.board, sets).available()).dead_cells(pos.board)
    crossroads = catalogue.tile("base-c2/X")
    gone = bag(pos.board, sets, [crossroads])
    assert gone.counts[crossroads] == 0
    assert (0, 0) in Fitter(engine, gone.available()).dead_cells(pos.board)


def test_where_a_tile_fits(catalogue):
    pos, _, engine = walled(catalogue)
    found = fits(engine, pos.board, catalogue.tile("base-c2/K"))
    assert found == [((0, -2), [1]), ((1, -2), [1]), ((2, -2), [1]), ((-1, -1), [0]),
                     ((3, -1), [2]), ((-1, 0), [2, 3]), ((3, 0), [2]), ((-1, 1), [0]),
                     ((0, 2), [3]), ((1, 2), [3])]
    assert fits(engine, pos.board, catalogue.tile("base-c2/X")) == [((-1, 0), [0])]
    assert fits(engine, pos.board, catalogue.tile("base-c2/C")) == []
