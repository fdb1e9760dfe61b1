"""``features.field_reach`` counts each field's tiles and finds the cities it touches
exactly as ``describe`` and ``city_roots_of_field`` do (with ``completed``, only the
completed ones, as ``Board.is_complete`` tells them), on random boards, also when tiles
share segment objects in another order (its memo of city links is keyed by segment) and
when a field names segments that are no city."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import farmers_first

from editor.model.features import city_roots_of_field, describe, field_reach
from editor.model.tiles import FIELD, Tile
from editor.rules.engine import Engine
from editor.rules.selfplay import box, new_board, random_game


def linking_everything(tile: Tile) -> Tile:
    """``tile`` with each field naming every other segment of the tile as a city (roads,
    monasteries and fields too: what the linter reports, which scoring must still read as
    ``Board.is_complete`` does)."""
    ids = tuple(seg.id for seg in tile.segments)
    return replace(tile, id=f"{tile.id}-linked", segments=tuple(
        replace(seg, cities=tuple(i for i in ids if i != seg.id)) if seg.kind == FIELD
        else seg for seg in tile.segments))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(1, 90), mirrored=st.booleans(),
       odd_links=st.booleans())
def test_field_reach_equals_descriptions(host, catalogue, seed, tiles, mirrored, odd_links):
    engine = Engine(host.ruleset("base:C2"))
    tile_set = box(catalogue, engine.rules)
    if mirrored:  # the same segment objects at other positions of another tile
        tile_set = replace(tile_set, tiles=tile_set.tiles + tuple(
            replace(t, id=f"{t.id}-reversed", segments=t.segments[::-1])
            for t in tile_set.tiles))
    if odd_links:
        tile_set = replace(tile_set, tiles=tuple(map(linking_everything, tile_set.tiles)))
    board = new_board(engine, 2)
    for _ in random_game(engine, tile_set, random.Random(seed), board=board, tiles=tiles,
                         figure_rate=0.5, pick=farmers_first):
        pass
    roots = [n for n, p in enumerate(board.parent) if p == n and board.kinds[n] == FIELD]
    expected = {r: (describe(board, r).size, city_roots_of_field(board, r)) for r in roots}
    assert field_reach(board, roots) == expected
    assert field_reach(board, roots[::2]) == {r: expected[r] for r in roots[::2]}
    done = {r: (tiles, {c for c in cities if board.is_complete(c)})
            for r, (tiles, cities) in expected.items()}
    assert field_reach(board, roots, completed=True) == done
