"""Moves: enumeration against brute force, and exact undo over random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import beside, snapshot
from positions import board as build

from editor.model.board import Board
from editor.model.players import Player
from editor.model.ports import SIDE_DELTA, SIDE_PORTS, facing
from editor.model.tiles import encode_sides
from editor.rules.engine import Engine
from editor.rules.moves import TAKE_BACK, FigureAction, Move
from editor.rules.selfplay import new_board, random_game


def started(engine, tile_set):
    """A two-player board holding the set's start tile."""
    board = new_board(engine, 2)
    board.place(tile_set.start_tile(), 0, 0, 0)
    return board


def play_to(engine, tile_set, seed, n):
    board = started(engine, tile_set)
    for _ in random_game(engine, tile_set, random.Random(seed), tiles=n, board=board):
        pass
    return board


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(0, 40), spec=st.sampled_from(
    ["base:C1", "base:C2", "base:C1[rules=2001]"]))
def test_enumeration_equals_brute_force(host, catalogue, seed, n, spec):
    """Every cell next to the board × every rotation, checked one by one with the placement
    findings, gives the same placements as the enumeration (up to symmetric rotations)."""
    engine = Engine(host.ruleset(spec))
    tile_set = catalogue.get_set("base-c2")
    board = play_to(engine, tile_set, seed, n)
    rng = random.Random(seed)
    tile = rng.choice(tile_set.tiles)
    xs = [x for x, _ in board.cells]
    ys = [y for _, y in board.cells]
    brute = set()
    for x in range(min(xs) - 1, max(xs) + 2):
        for y in range(min(ys) - 1, max(ys) + 2):
            for r in range(4):
                if not engine.placement_findings(board, tile, x, y, r):
                    brute.add((x, y, tile.orientations[r].shape))
    found = {(x, y, tile.orientations[r].shape)
             for x, y, r in engine.legal_placements(board, tile)}
    assert found == brute
    assert len(engine.legal_placements(board, tile)) == len(found)  # no symmetric repeats


def read_afresh(board):
    """The frontier and the contacts of its cells, read from the tiles around each cell."""
    frontier, contacts = {}, {}
    for (x, y), placed in board.cells.items():
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            cell = (x + dx, y + dy)
            if cell in board.cells:
                continue
            if board.signature(*cell) != ("", "", "", ""):
                frontier[cell] = encode_sides(board.signature(*cell))
            masks = contacts.setdefault(cell, {})
            for p in SIDE_PORTS[side]:
                i = placed.orientation.port_segment[p]
                if i >= 0:
                    node = placed.first_node + i
                    masks[node] = masks.get(node, 0) | 1 << facing(p)
    return frontier, {cell: sorted(masks.items()) for cell, masks in contacts.items()}


def kept(board):
    """The frontier and the contacts of its cells, as the board keeps them."""
    return board.frontier, {cell: sorted(board.contacts_at(cell)) for cell in beside(board)}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_frontier_and_contacts_follow_the_tiles(host, catalogue, seed):
    """After each move and each undo, the frontier and the nodes each of its cells meets
    are those the tiles around it give, read afresh."""
    engine = Engine(host.ruleset("base:C2"))
    tile_set = catalogue.get_set("base-c2")
    board = started(engine, tile_set)
    results = []
    for _, result in random_game(engine, tile_set, random.Random(seed), board=board):
        results.append(result)
        assert kept(board) == read_afresh(board)
    for result in reversed(results):
        engine.undo(board, result)
        assert kept(board) == read_afresh(board)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 71),
       spec=st.sampled_from(["base:C1", "base:C2"]))
def test_apply_then_undo_restores_the_board_exactly(host, catalogue, seed, n, spec):
    """Over a random game: each move undone gives back the exact state before it, and the
    whole game undone move by move gives back the start."""
    engine = Engine(host.ruleset(spec))
    tile_set = catalogue.get_set("base-c2")
    board = started(engine, tile_set)
    first = snapshot(board)
    states, results = [], []
    game = random_game(engine, tile_set, random.Random(seed), tiles=n, figure_rate=0.7,
                       board=board)
    previous = first
    for _, result in game:
        states.append(previous)
        results.append(result)
        previous = snapshot(board)
    for state, result in zip(reversed(states), reversed(results), strict=True):
        engine.undo(board, result)
        assert snapshot(board) == state
    assert snapshot(board) == first


def test_figure_options_agree_with_findings(host, catalogue):
    """An action is offered exactly when no edition finds anything wrong with it."""
    engine = Engine(host.ruleset("base:C2"))
    tile_set = catalogue.get_set("base-c2")
    board = play_to(engine, tile_set, 7, 30)
    kinds = ["follower", "abbot"]
    checked = 0
    for tile in tile_set.tiles:
        for x, y, r in engine.legal_placements(board, tile)[:6]:
            mark = board.mark()
            placed = board.place(tile, x, y, r)
            offered = {(a.kind, a.segment) for a in engine.figure_options(board, placed, 0)
                       if a.action == "place"}
            for seg in tile.segments:
                for kind in kinds:
                    legal = not engine.figure_findings(board, placed, 0,
                                                       FigureAction(kind, seg.id))
                    assert legal == ((kind, seg.id) in offered), (tile.ref, seg.id, kind)
                    checked += 1
            board.undo_to(mark)
    assert checked > 100


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(0, 50))
def test_enumerated_figures_equal_those_on_a_placed_tile(host, catalogue, seed, n):
    """The enumeration reads figure options from the neighbours without placing; placing
    each candidate and asking for its options gives the same moves."""
    engine = Engine(host.ruleset("base:C2"))
    tile_set = catalogue.get_set("base-c2")
    board = play_to(engine, tile_set, seed, n)
    for tile in random.Random(seed).sample(tile_set.tiles, 4):
        for player in (0, 1):
            expected = set()
            for x, y, r in engine.legal_placements(board, tile):
                mark = board.mark()
                placed = board.place(tile, x, y, r)
                expected.add(Move(player, tile, x, y, r, None))
                expected.update(Move(player, tile, x, y, r, a)
                                for a in engine.figure_options(board, placed, player))
                board.undo_to(mark)
            moves = engine.legal_moves(board, tile, player)
            assert len(moves) == len(set(moves))
            assert set(moves) == expected


def test_a_feature_met_twice_joins_two_segments_of_the_tile(host, catalogue):
    """K turned once has two fields that both meet the field around A's road end: placing
    it makes them one field, so the farmer beside one of them occupies both."""
    engine = Engine(host.ruleset("base:C2"))
    board = build(catalogue, "base-c2", [("U", 0, -1, 1), ("A", -1, 0, 3)],
                  figures=[(1, 0, -1, "field-n", "follower")])
    tile = catalogue.tile("base-c2/K")
    enumerated = {m.figure for m in engine.legal_moves(board, tile, 0)
                  if (m.x, m.y, m.rotation) == (0, 0, 1) and m.figure}
    assert {a.segment for a in enumerated} == {"city", "road"}
    assert set(engine.options_at(board, tile, 0, 0, 1, 0)) == enumerated
    placed = board.place(tile, 0, 0, 1)
    assert set(engine.figure_options(board, placed, 0)) == enumerated


def test_a_move_reads_as_text(catalogue):
    """What the solver, the move log and the CLI print for a move."""
    tile = catalogue.tile("base-c2/E")
    assert str(Move(0, tile, 2, -1, 1)) == "base-c2/E at (2, -1) R90"
    assert str(Move(1, tile, 0, 0, 3, FigureAction("follower", "city", assign=("pig",)))) == (
        "base-c2/E at (0, 0) R270 + follower with pig on city")
    back = FigureAction("abbot", "monastery", TAKE_BACK, (1, 1))
    assert str(Move(0, tile, 0, 0, 0, back)) == (
        "base-c2/E at (0, 0) R0 + take back abbot from monastery at (1, 1)")


@pytest.mark.parametrize(("action", "message"), [
    (FigureAction("wizard", "city"), "base:C2 has no figure 'wizard' (figures: "),
    (FigureAction("follower", "city", assign=("pig",)), "base:C2 has no figure 'pig'"),
])
def test_a_figure_the_ruleset_lacks_is_found_on_its_tile(host, catalogue, action, message):
    engine = Engine(host.ruleset("base:C2"))
    b = Board([Player("Red", supply={"follower": 7}), Player("Blue")])
    placed = b.place(catalogue.tile("base-c2/E"), 3, -2, 0)
    found, = engine.figure_findings(b, placed, 0, action)
    assert (found.code, found.cell) == ("unknown-figure", (3, -2))
    assert found.message.startswith(message)


def test_placement_findings_name_the_taken_cell_and_the_sides_that_differ(host, catalogue):
    """E (city north, field south) at the origin. Another tile on the origin: the cell is
    taken. The straight road U south of it fits lying (road east-west); turned 90° its road
    meets E's field. Quarter turns count modulo 4: 5 is 1, 4 is 0."""
    engine = Engine(host.ruleset("base:C2"))
    b = Board([Player("Red"), Player("Blue")])
    b.place(catalogue.tile("base-c2/E"), 0, 0, 0)
    taken, = engine.placement_findings(b, catalogue.tile("base-c2/U"), 0, 0, 0)
    assert (taken.code, taken.cell, taken.message) == (
        "cell-taken", (0, 0), "cell (0, 0) already holds base-c2/E")
    road = catalogue.tile("base-c2/U")
    differ, = engine.placement_findings(b, road, 0, 1, 1)
    assert (differ.code, differ.message) == (
        "sides-differ", "N side shows road but base-c2/E at (0, 0) shows field")
    assert engine.placement_findings(b, road, 0, 1, 0) == []
    assert engine.placement_findings(b, road, 0, 1, 4) == []
    assert [f.message for f in engine.placement_findings(b, road, 0, 1, 5)] == [differ.message]


def test_a_figure_with_none_left_in_supply_is_found(host, catalogue):
    engine = Engine(host.ruleset("base:C2"))
    b = Board([Player("Red", supply={"follower": 0}), Player("Blue", supply={"follower": 1})])
    placed = b.place(catalogue.tile("base-c2/E"), 0, 0, 0)
    found, = engine.figure_findings(b, placed, 0, FigureAction("follower", "city"))
    assert (found.code, found.cell, found.segment) == ("supply", (0, 0), "city")
    assert found.message == "Red has no figure of this kind (follower) left in supply"
    assert engine.figure_findings(b, placed, 1, FigureAction("follower", "city")) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), spec=st.sampled_from(["base:C2", "traders-builders:C2"]))
def test_the_lazy_placements_are_the_legal_placements(host, catalogue, seed, spec):
    """``Engine.placements`` (what random play draws from) holds the legal placements in
    their order, after every move of a game and for every tile of the box."""
    from editor.rules.selfplay import box

    engine = Engine(host.ruleset(spec))
    tile_set = box(catalogue, engine.rules)
    rng = random.Random(seed)
    for board, _ in random_game(engine, tile_set, random.Random(seed), tiles=30):
        tile = rng.choice(tile_set.tiles)
        lazy, listed = engine.placements(board, tile), engine.legal_placements(board, tile)
        assert len(lazy) == len(listed)
        assert list(lazy) == listed == lazy[:]
        if listed:
            assert lazy[-1] == listed[-1]
