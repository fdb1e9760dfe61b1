"""The board's per-feature aggregates (``Board.tiles_in``, ``pennants_in``,
``cities_beside``), added up from the unions when first asked for, equal what walking the
feature finds (``describe``, ``city_roots_of_field``) on random boards of every built-in
ruleset, whenever they are asked; and undoing moves restores them exactly, whether or not
they were added up before the mark or in between. The figures the board keeps per root
(``figures_by_root``, ``Board.figures_on``) equal those found by the root of each figure's
node, after every move of random games and after undoing back to any of them."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_field_reach import linking_everything
from test_properties import farmers_first

from editor.model.board import Board, figure_order
from editor.model.features import city_roots_of_field, describe, figures_by_root
from editor.model.players import Figure
from editor.model.tiles import FIELD, Tile
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board, random_game

RULESETS = ("base:C2", "traders-builders:C2", "base:C3")

Placement = tuple[Tile, int, int, int]


def placements(host, catalogue, rules: str, seed: int, tiles: int,
               odd: bool = False) -> list[Placement]:
    """The tiles of a random game (the start tile first), as placed."""
    engine = Engine(host.ruleset(rules))
    tile_set = box(catalogue, engine.rules)
    if odd:  # segments in another order, fields naming every other segment as a city
        tile_set = replace(tile_set, tiles=tuple(
            linking_everything(replace(t, segments=t.segments[::-1]))
            for t in tile_set.tiles))
    board = new_board(engine, 2)
    for _ in random_game(engine, tile_set, random.Random(seed), tiles=tiles, board=board):
        pass
    return [(p.orientation.tile, p.x, p.y, p.rotation) for p in board]


def walked(board: Board) -> dict[int, tuple[int, int, frozenset[int]]]:
    """Per root: tiles, pennants and (for a field) city roots, found by walking."""
    found = {}
    for root, parent in enumerate(board.parent):
        if parent == root:
            info = describe(board, root)
            cities = city_roots_of_field(board, root) if info.kind == FIELD else set()
            found[root] = (info.size, info.pennants, frozenset(cities))
    return found


def aggregated(board: Board) -> dict[int, tuple[int, int, frozenset[int]]]:
    """The same, read off the aggregates."""
    return {root: (board.tiles_in(root), board.pennants_in(root),
                   frozenset(map(board.find, board.cities_beside(root)))
                   if board.kinds[root] == FIELD else frozenset())
            for root, parent in enumerate(board.parent) if parent == root}


def state(board: Board) -> tuple[object, ...]:
    """Everything the aggregates keep, added up first."""
    board.tiles_in(0)
    return (dict(board.repeats), dict(board.pennant_sums),
            {r: list(c) for r, c in board.borders.items()}, dict(board._shared),
            dict(board._added), list(board._pending))


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 10**6),
       tiles=st.integers(1, 120), asks=st.integers(0, 4), odd=st.booleans())
def test_aggregates_equal_walks(host, catalogue, rules, seed, tiles, asks, odd):
    rng = random.Random(seed)
    board = Board()
    for i, (tile, x, y, r) in enumerate(placements(host, catalogue, rules, seed, tiles, odd)):
        board.place(tile, x, y, r)
        if asks and rng.randrange(asks * 8) == 0:  # added up at random points
            assert aggregated(board) == walked(board), i
    assert aggregated(board) == walked(board)


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 10**6),
       tiles=st.integers(2, 120), split=st.floats(0, 1), asked_before=st.booleans(),
       asks=st.integers(0, 4))
def test_undo_restores_aggregates(host, catalogue, rules, seed, tiles, split, asked_before,
                                  asks):
    rng = random.Random(seed)
    moves = placements(host, catalogue, rules, seed, tiles)
    k = 1 + int(split * (len(moves) - 1))
    board, fresh = Board(), Board()
    for tile, x, y, r in moves[:k]:
        board.place(tile, x, y, r)
        fresh.place(tile, x, y, r)
    if asked_before:
        board.tiles_in(0)
    mark = board.mark()
    for tile, x, y, r in moves[k:]:
        board.place(tile, x, y, r)
        if asks and rng.randrange(asks * 4) == 0:
            board.tiles_in(0)
        if rng.random() < 0.2:  # undo part of the way and go on
            board.undo_to(max(mark, board.mark() - rng.randrange(1, 12)))
    board.undo_to(mark)
    assert state(board) == state(fresh)
    assert aggregated(board) == walked(board)


@settings(max_examples=20, deadline=None)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 10**6),
       tiles=st.integers(2, 120), split=st.floats(0, 1), asked_before=st.booleans())
def test_commit_keeps_no_undo_records(host, catalogue, rules, seed, tiles, split, asked_before):
    """A commit forgets what only the undo of its unions would read, and the aggregates
    stay right, then and after moves undone back to it."""
    moves = placements(host, catalogue, rules, seed, tiles)
    k = 1 + int(split * (len(moves) - 1))
    board = Board()
    for tile, x, y, r in moves[:k]:
        board.place(tile, x, y, r)
    if asked_before:
        board.tiles_in(0)
    board.commit()
    assert (board._shared, board._added, board._pending) == ({}, {}, [])
    assert aggregated(board) == walked(board)
    committed = state(board)
    for tile, x, y, r in moves[k:]:
        board.place(tile, x, y, r)
    board.undo_to(0)
    assert state(board) == committed
    assert aggregated(board) == walked(board)


def scanned(board: Board) -> dict[int, list[Figure]]:
    """Per root holding figures: its figures, found by the root of each figure's node."""
    found: dict[int, list[Figure]] = {}
    for f in board.figures:
        found.setdefault(board.find(f.node), []).append(f)
    return {r: sorted(figures, key=figure_order) for r, figures in found.items()}


def check_figures(board: Board, expected: dict[int, list[Figure]]) -> None:
    assert figures_by_root(board) == expected
    assert {r: board.nfigs[r] for r in expected} == {r: len(f) for r, f in expected.items()}
    assert all(board.figures_on(r) == figures for r, figures in expected.items())
    assert sum(map(len, board.figures_in.values())) == len(board.figures)


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULESETS), seed=st.integers(0, 10**6),
       tiles=st.integers(1, 120), undo=st.floats(0, 1))
def test_figures_by_root_equal_scan_and_undo(host, catalogue, rules, seed, tiles, undo):
    engine = Engine(host.ruleset(rules))
    tile_set = box(catalogue, engine.rules)
    rng = random.Random(seed)
    board = new_board(engine, 2)
    marks = []
    for _ in random_game(engine, tile_set, rng, tiles=tiles, board=board, figure_rate=0.8,
                         pick=farmers_first):
        expected = scanned(board)
        check_figures(board, expected)
        marks.append((board.mark(), expected))
    for mark, expected in reversed(marks):  # back to moves at random, then play on
        if rng.random() < undo:
            board.undo_to(mark)
            check_figures(board, expected)
    for _ in random_game(engine, tile_set, rng, tiles=20, board=board, figure_rate=0.8,
                         pick=farmers_first):
        check_figures(board, scanned(board))
