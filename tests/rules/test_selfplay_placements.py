"""Random play's lazy placements are the engine's placement list, in the same order: the
same seed plays the same game as with the list."""

from __future__ import annotations

import random

import pytest

from editor.plugins import default_host
from editor.rules.engine import Engine
from editor.rules.selfplay import Placements, box, placements, random_game


@pytest.mark.parametrize("spec", ["base:C2", "traders-builders:C2"])
def test_lazy_placements_are_the_engine_list(catalogue, spec):
    engine = Engine(default_host().ruleset(spec))
    tiles = box(catalogue, engine.rules)
    rng = random.Random(5)
    checked = 0
    for board, _ in random_game(engine, tiles, random.Random(3), tiles=40):
        tile = rng.choice(tiles.tiles)
        expected = engine.legal_placements(board, tile)
        found = placements(engine, board, tile)
        assert list(found) == expected and len(found) == len(expected)
        if expected:
            i = rng.randrange(len(expected))
            assert found[i] == expected[i] and found[-1 - i] == expected[-1 - i]
            assert found[1:4] == expected[1:4]
        checked += isinstance(found, Placements)
        with pytest.raises(IndexError):
            found[len(expected)]
    assert checked == 40
