"""Tile geometry: ports, rotation, side kinds, the fit test, rotational symmetry."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.model.board import Board
from editor.model.ports import (
    PORT_INDEX,
    PORT_NAMES,
    facing,
    quarter_turns,
    rotate_port,
    side_of,
)
from editor.model.tiles import Tile, encode_sides, fits
from editor.workspace import catalogue as load_catalogue

N, E, S, W = range(4)


def test_ports_clockwise_and_facing():
    assert PORT_NAMES == ("N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W",
                          "WNW", "NNW")
    pairs = {("ENE", "WNW"), ("E", "W"), ("ESE", "WSW"),      # west tile | east tile
             ("SSE", "NNE"), ("S", "N"), ("SSW", "NNW")}      # north tile / south tile
    for a, b in pairs:
        assert PORT_NAMES[facing(PORT_INDEX[a])] == b
        assert PORT_NAMES[facing(PORT_INDEX[b])] == a
    assert [side_of(PORT_INDEX[p]) for p in ("NNW", "N", "NNE", "ENE", "SSW", "WNW")] == [
        N, N, N, E, S, W]


def test_a_quarter_turn_moves_every_port_three_steps():
    assert PORT_NAMES[rotate_port(PORT_INDEX["N"], 1)] == "E"
    assert PORT_NAMES[rotate_port(PORT_INDEX["NNE"], 1)] == "ESE"
    assert PORT_NAMES[rotate_port(PORT_INDEX["WNW"], 1)] == "NNE"
    assert all(rotate_port(p, 4) == p for p in range(12))
    assert [quarter_turns(d) for d in (0, 90, 180, 270, 360)] == [0, 1, 2, 3, 0]
    with pytest.raises(ValueError, match="multiple of 90"):
        quarter_turns(45)


@pytest.mark.parametrize(("ref", "rotation", "sides"), [
    ("base-c2/D", 0, ("city", "road", "field", "road")),
    ("base-c2/D", 1, ("road", "city", "road", "field")),
    ("base-c2/D", 2, ("field", "road", "city", "road")),
    ("base-c2/D", 3, ("road", "field", "road", "city")),
    ("base-c2/V", 0, ("field", "field", "road", "road")),
    ("base-c2/V", 3, ("field", "road", "road", "field")),
    ("river-c2/A", 2, ("field", "field", "field", "river")),
])
def test_side_kinds_follow_rotation(catalogue, ref, rotation, sides):
    assert catalogue.tile(ref).orientations[rotation].side_kinds == sides


# (tile a, its rotation, side of a, tile b, its rotation, fits?)
FIT_TABLE = [
    ("D", 0, N, "E", 2, True),      # city meets city cap
    ("D", 0, N, "E", 0, False),     # city against E's field side
    ("D", 0, E, "U", 0, True),      # road continues straight
    ("D", 0, E, "U", 1, False),     # road against a field side of the turned road
    ("D", 0, S, "B", 0, True),      # field to field
    ("D", 1, S, "U", 1, True),      # turned D: road south meets a north–south road
    ("D", 1, E, "E", 3, True),      # turned D: city east meets a cap turned west
    ("D", 1, W, "E", 1, False),     # turned D: field west against a cap turned east
    ("V", 0, S, "V", 2, True),      # curve down into a turned curve
    ("V", 0, W, "C", 0, False),     # road against the four-sided city
    ("C", 0, N, "C", 3, True),      # city to city in any rotation
    ("X", 0, W, "W", 0, True),      # crossroads to a junction's road
    ("X", 0, N, "W", 0, True),      # crossroads' road north meets the junction's road south
    ("X", 0, S, "W", 0, False),     # crossroads' road south against the junction's field
]


@pytest.mark.parametrize(("a", "ra", "side", "b", "rb", "expected"), FIT_TABLE)
def test_fit_table(catalogue, a, ra, side, b, rb, expected):
    ta, tb = catalogue.tile(f"base-c2/{a}"), catalogue.tile(f"base-c2/{b}")
    assert fits(ta.orientations[ra], side, tb.orientations[rb]) is expected
    # the same pair seen from the other tile agrees
    assert fits(tb.orientations[rb], (side + 2) % 4, ta.orientations[ra]) is expected


@pytest.mark.parametrize(("ref", "distinct"), [
    ("base-c2/C", (0,)),             # four-sided city
    ("base-c2/X", (0,)),             # crossroads
    ("base-c2/B", (0,)),             # monastery in a field
    ("base-c2/U", (0, 1)),           # straight road
    ("base-c2/F", (0, 1)),           # city band
    ("base-c2/H", (0, 1)),           # two opposite caps
    ("base-c2/V", (0, 1, 2, 3)),     # curve
    ("base-c2/D", (0, 1, 2, 3)),
    ("traders-builders-c2/B", (0,)),    # bridge: two separate roads, the same every way
])
def test_distinct_rotations(catalogue, ref, distinct):
    assert catalogue.tile(ref).distinct_rotations == distinct


def test_enumeration_uses_only_distinct_rotations(catalogue):
    crossroads = catalogue.tile("base-c2/X")
    assert crossroads.fitting_rotations(("", "", "", "road")) == (0,)
    curve = catalogue.tile("base-c2/V")
    assert curve.fitting_rotations(("", "", "road", "")) == (0, 3)


@settings(deadline=None)  # every tile of the catalogue per example: slow on a loaded machine
@given(*[st.tuples(*[st.sampled_from(["", "city", "road", "field", "river"])] * 4)] * 2)
def test_side_codes_tell_requirements_apart_and_fit_as_the_kinds_do(required, other):
    """Two requirements have one code only when they are the same, and a tile's fits by
    code are the rotations whose sides match the kinds, as many as its counts say (every
    tile of the built-in sets)."""
    assert (encode_sides(required) == encode_sides(other)) == (required == other)
    for tile in (t for ts in load_catalogue().sets for t in ts.tiles):
        code = encode_sides(required)
        assert tile.fits.counts[code] == len(tile.fits[code])
        assert tile.fitting_rotations(required) == tuple(
            r for r in tile.distinct_rotations
            if all(k in ("", have) for k, have in zip(
                required, tile.orientations[r].side_kinds, strict=True)))


def test_a_tile_set_of_hundreds_of_side_kinds_places_and_fits(catalogue):
    """More kinds of side than 8 bits hold (a tile set may name its own) still get codes
    of their own, fit only themselves, and place (a valid file must never fail there)."""
    monastery = catalogue.tile("base-c2/A")  # its road on the south side
    tiles = [Tile(f"K{i}", "kinds", tuple(replace(s, kind=f"kind-{i}") if s.kind == "road"
                                         else s for s in monastery.segments))
             for i in range(300)]
    board = Board()
    board.place(tiles[0], 0, 0, 0)
    south = board.frontier[(0, 1)]
    assert [t for t in tiles if t.fits[south]] == [tiles[0]]  # each its own code
    assert tiles[299].fitting_rotations(("kind-299", "", "", "")) == (2,)
    board.place(tiles[299], 5, 5, 0)
    assert board.frontier[(5, 6)] == encode_sides(("kind-299", "", "", ""))


def test_seams_by_side_pattern_are_those_of_the_ports():
    """The seams a board joins across a side, kept by the pair of side patterns, are the
    segments of the two tiles meeting port by port, consecutive ports joining the same two
    segments once (at the centre if one of them is: every pair of orientations of the base
    game's and Traders & Builders' tiles, every side)."""
    from editor.model.board import _seams
    from editor.model.ports import SIDE_PORTS

    sets = [ts for ts in load_catalogue().sets if ts.id in ("base-c2", "traders-builders-c2")]
    orientations = [o for ts in sets for t in ts.tiles for o in t.orientations]
    assert len(orientations) > 100
    for mine in orientations:
        for theirs in orientations:
            for side, ports in enumerate(SIDE_PORTS):
                direct = tuple(
                    (a, b, p % 3 == 0) for p in ports
                    for a, b in ((mine.port_segment[p], theirs.port_segment[facing(p)]),)
                    if a >= 0 and b >= 0)
                once: list[tuple[int, int, bool]] = []
                for a, b, centre in direct:
                    if once and once[-1][:2] == (a, b):
                        centre = centre or once.pop()[2]
                    once.append((a, b, centre))
                key = (mine.side_patterns[side], theirs.facing_patterns[side])
                assert _seams(key) == tuple(once)
