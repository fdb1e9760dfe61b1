"""The solver: its ranking equals a brute-force evaluation on fresh boards, it leaves the
board as it was, and it follows the hand (a builder's extra tile, tiles that fit nowhere)."""

from __future__ import annotations

import random

import pytest
from brute import values
from puzzle_support import board_dict, position

from editor.formats.boards import position_to_dict
from editor.model.position import Position
from editor.puzzles import Objective, Puzzle, Solver
from editor.puzzles.scenario import bag_sets
from editor.rules.engine import Engine
from editor.rules.notation import format_move
from editor.rules.selfplay import new_board, random_game

RULESETS = ["base:C1[rules=2000]", "base:C1[rules=2001]", "base:C2", "traders-builders:C1",
            "traders-builders:C2", "traders-builders:C3.1"]


def random_position(host, catalogue, spec: str, seed: int, most: int = 40) -> Position:
    """A random legal position of 5 to ``most`` tiles under ``spec``, many figures on it."""
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    board = new_board(engine, 2)
    tiles = catalogue.get_set(rules.tilesets()[0])
    for _ in random_game(engine, tiles, rng, tiles=rng.randint(5, most), board=board,
                         figure_rate=0.7):
        pass
    board.commit()
    return Position(board, [e.name for e in rules.editions], dict(rules.options),
                    tilesets=[tiles.id])


def board_state(board) -> tuple:
    return (sorted((c, p.tile.ref, p.rotation) for c, p in board.cells.items()),
            list(board.figures), [(p.score, dict(p.goods), dict(p.supply))
                                  for p in board.players],
            dict(board.frontier), list(board.parent), len(board.journal))


@pytest.mark.slow  # 72 cases, about half the suite's time: CI runs them (pytest -m slow)
@pytest.mark.parametrize("spec", RULESETS)
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["most-points", "best-margin", "reach-points"])
def test_ranking_equals_brute_force(host, catalogue, spec, seed, kind):
    """Seed 0: two tiles in hand on up to 6 tiles; the others: one tile on up to 40."""
    pos = random_position(host, catalogue, spec, seed, 6 if seed == 0 else 40)
    rules = host.ruleset(spec)
    rng = random.Random(seed * 7 + len(kind))
    tiles = catalogue.get_set(rules.tilesets()[0]).tiles
    hand = [rng.choice(tiles).ref for _ in range(2 if seed == 0 else 1)]
    player = rng.randrange(2)
    objective = Objective(kind, points=pos.board.players[player].score + 3
                          if kind == "reach-points" else None)
    puzzle = Puzzle(objective, player, hand)
    data = position_to_dict(pos)
    before = board_state(pos.board)
    solver = Solver(pos.board, rules, puzzle, catalogue, bag_sets(pos, rules, catalogue))
    ranked = solver.rank()
    assert board_state(pos.board) == before
    expected = values(data, rules, catalogue, puzzle, bag_sets(pos, rules, catalogue))
    assert {(str(r.move),): r.outcome.key for r in ranked} == expected
    keys = [r.outcome.key for r in ranked]
    assert keys == sorted(keys, reverse=True)
    assert [r.rank for r in ranked] == [1 + sum(k > key for k in keys) for key in keys]


def test_incremental_final_scoring_equals_full(host, catalogue):
    for seed in range(3):
        pos = random_position(host, catalogue, "base:C2", 100 + seed, 25)
        rules = host.ruleset("base:C2")
        tile = random.Random(seed).choice(catalogue.get_set("base-c2").tiles)
        puzzle = Puzzle(Objective("best-margin"), 0, [tile.ref, tile.ref])
        fast = Solver(pos.board, rules, puzzle, catalogue).rank()
        slow = Solver(pos.board, rules, puzzle, catalogue, local=False).rank()
        assert [(r.moves, r.outcome) for r in fast] == [(r.moves, r.outcome) for r in slow]


def builder_position(catalogue):
    """Red's follower and builder on the road of the start tile; Red's knight in a city
    of two tiles open to the north."""
    data = board_dict(["traders-builders:C2"], "base-c2",
                      [("D", 0, 0, 0), ("G", 0, -1, 90)],
                      [(0, 0, 0, "road", "follower"), (0, 0, 0, "road", "builder"),
                       (0, 0, 0, "city", "follower")],
                      puzzle={"hand": ["U", "E"], "objective": {"type": "most-points"}})
    return position(data, catalogue)


def test_a_builder_extension_brings_the_next_tile_into_this_turn(host, catalogue):
    pos = builder_position(catalogue)
    solver = Solver.for_position(pos, host.ruleset("traders-builders:C2"), catalogue)
    ranked = solver.rank()
    best = ranked[0]
    assert best.outcome.points == 6
    assert format_move(best.line[1]).startswith("base-c2/E@0,-2:180")
    assert {m.x for r in ranked if r.outcome.points == 6 for m in r.moves[:1]} == {-1, 1}
    elsewhere = next(r for r in ranked if (r.move.x, r.move.y) == (0, 1))
    assert elsewhere.outcome.points == 0 and len(elsewhere.line) == 1


def test_without_the_builder_the_second_tile_waits_for_the_next_turn(host, catalogue):
    pos = builder_position(catalogue)
    pos.board.remove_figure(next(f for f in pos.board.figures if f.kind == "builder"))
    solver = Solver.for_position(pos, host.ruleset("traders-builders:C2"), catalogue)
    assert max(r.outcome.points for r in solver.rank()) == 0
    margin = Puzzle(Objective("reach-points", points=6), 0, ["base-c2/U", "base-c2/E"])
    reach = Solver(pos.board, host.ruleset("traders-builders:C2"), margin, catalogue)
    assert reach.rank()[0].outcome.success is True


def test_a_tile_that_fits_nowhere_is_put_aside(host, catalogue):
    data = board_dict(["base:C2"], "base-c2", [("C", 0, 0, 0)],
                      puzzle={"hand": ["U", "E"], "objective": {"type": "most-points"}})
    pos = position(data, catalogue)
    ranked = Solver.for_position(pos, host.ruleset("base:C2"), catalogue).rank()
    assert {r.move.tile.id for r in ranked} == {"E"}
    assert len(ranked) == 4 * 3  # four sides of the city, with no figure, knight or farmer
