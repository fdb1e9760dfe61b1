"""Scores never depend on the order of a file's tiles and figures (docs/rules.md#base.farm.2001):
a position built in two orders, with exact points per player."""

from __future__ import annotations

import itertools

import pytest

from editor.model import Board, Player
from editor.model.players import Figure
from editor.rules.engine import Engine

#: §6 ex. 14 as a finished position: city X = E cap (-1, 0) + G (0, 0) + E cap (1, 0);
#: city Y = the E (0, 1) cap + M (0, 2) + E cap (1, 2). G's north field F1 touches X; its
#: south field F2 (joined by E at (0, 1)) touches X and Y.
TILES = [("E", -1, 0, 1), ("G", 0, 0, 0), ("E", 1, 0, 3), ("E", 0, 1, 2), ("M", 0, 2, 1),
         ("E", 1, 2, 3)]
#: Red: a farmer on each field and the pig in F2; Blue: a farmer on F1.
FIGURES = [("follower", 0, 0, 0, "field-n"), ("follower", 0, 0, 0, "field-s"),
           ("pig", 0, 0, 1, "field"), ("follower", 1, -1, 0, "field")]


def position(catalogue, tiles, figures) -> Board:
    b = Board([Player("Red"), Player("Blue")])
    for letter, x, y, r in tiles:
        b.place(catalogue.tile(f"base-c1/{letter}"), x, y, r)
    for kind, owner, x, y, segment in figures:
        b.add_figure(Figure(kind, owner, b.cells[(x, y)].node(segment)))
    b.commit()
    return b


def final_scores(host, spec, b):
    engine = Engine(host.ruleset(spec))
    mark = b.mark()
    events = engine.final_scoring(b)
    result = [p.score for p in b.players]
    b.undo_to(mark)
    return result, sorted((e.player, e.points, e.rule_id) for e in events if e.type == "score")


ORDERS = [(TILES, FIGURES), (TILES[::-1], FIGURES[::-1]),
          ([TILES[i] for i in (3, 1, 5, 0, 4, 2)], [FIGURES[i] for i in (2, 3, 0, 1)])]


@pytest.mark.parametrize(("spec", "red", "blue"), [
    # X touches F1 (Red 1, Blue 1: tied) and F2 (Red alone, with the pig): each city once
    # per player, with the player's best field for it: Red's X and Y both go to F2 (the pig
    # adds 1 each) = 8; Blue wins only F1, which pays X = 3. Before, Red scored 7 or 8 and
    # Blue 3 depending on which field came first in the file.
    ("base:C1[rules=2001] + traders-builders:C1", 8, 3),
    ("base:C1[rules=2001]", 6, 3),
    ("base:C1[rules=2002] + traders-builders:C1", 11, 3),
    ("base:C1[rules=2000] + traders-builders:C1", 10, 0),
])
def test_the_same_position_in_every_order_scores_the_same(host, catalogue, spec, red, blue):
    results = [final_scores(host, spec, position(catalogue, t, f)) for t, f in ORDERS]
    assert results[0][0] == [red, blue]
    for a, b in itertools.pairwise(results):
        assert a == b
