"""The River: continue the river, no immediate U-turn (the published ruling, the default)
or JCloisterZone's stricter check (``river=jcz``) (docs/rules.md#base.river.no-u-turn)."""

from __future__ import annotations

import pytest
from positions import board

from editor.rules.engine import Engine
from editor.rules.moves import IllegalMove, Move, Turn

SPRING_AND_BEND = [("A", 0, 0, 0), ("G", 1, 0, 0)]  # spring A flows east into G, then south


@pytest.fixture(params=["base:C2", "base:C2[river=jcz]", "base:C1", "base:C3"])
def engine(request, host):
    return Engine(host.ruleset(request.param))


def codes(engine, b, catalogue, ref, x, y, r):
    return [f.code for f in engine.placement_findings(b, catalogue.tile(ref), x, y, r)]


def test_an_immediate_u_turn_is_refused_under_every_option(engine, catalogue):
    """G at (1, 0) turns the river south; the garden bend J below it, turned to flow on
    west (R90: north and west ends), would turn the same way again: refused in every base
    edition and either option. Turned east (R180) it is fine."""
    b = board(catalogue, "river-c2", SPRING_AND_BEND)
    assert codes(engine, b, catalogue, "river-c2/J", 1, 1, 1) == [
        "river-u-turn" if "jcz" not in engine.rules.name else "river-no-room"]
    assert codes(engine, b, catalogue, "river-c2/J", 1, 1, 2) == []
    with pytest.raises(IllegalMove, match=r"U-turn|no room"):
        engine.apply(b, Move(0, catalogue.tile("river-c2/J"), 1, 1, 1), Turn(0))


def test_a_river_tile_must_meet_the_river(engine, catalogue):
    """A straight river D south of the spring meets it only through fields: refused."""
    b = board(catalogue, "river-c2", SPRING_AND_BEND)
    assert codes(engine, b, catalogue, "river-c2/D", 0, 1, 0) == ["river-detached"]
    found, = engine.placement_findings(b, catalogue.tile("river-c2/D"), 0, 1, 0)
    assert found.cell == (0, 1) and "river-c2/D must continue the river" in found.message


def later_turn_back(catalogue):
    """Spring A → bend G south at (1, 0) → straight K at (1, 1) → a monastery B (land) at
    (0, 1) beside the river. A bend at (1, 2) flowing west turns the same way as G, but not
    twice in a row: the straight K is between them."""
    b = board(catalogue, "river-c2", [*SPRING_AND_BEND, ("K", 1, 1, 0)])
    b.place(catalogue.tile("base-c2/B"), 0, 1, 0)
    b.commit()
    return b


@pytest.mark.parametrize(("spec", "found"), [
    ("base:C2", []), ("base:C3", []), ("base:C1", []),
    ("base:C2[river=jcz]", ["river-no-room"]),
])
def test_a_later_turn_back_is_allowed_by_the_ruling_not_by_jcz(host, catalogue, spec, found):
    """HiG: only immediate U-turns are forbidden, so the bend J at (1, 2) (R90: north and
    west ends) is legal. JCloisterZone wants the cells beside the cell ahead of the open
    end empty: (0, 1) holds the monastery, so it refuses."""
    engine = Engine(host.ruleset(spec))
    b = later_turn_back(catalogue)
    assert codes(engine, b, catalogue, "river-c2/J", 1, 2, 1) == found
    legal = (1, 2, 1) in engine.legal_placements(b, catalogue.tile("river-c2/J"))
    assert legal == (not found)


def test_jcz_looks_two_cells_ahead(host, catalogue):
    """A land tile two cells east of the straight river's open end, nowhere near the
    river under the ruling: JCloisterZone refuses the straight, the ruling allows it."""
    b = board(catalogue, "river-c2", [("A", 0, 0, 0)])
    b.place(catalogue.tile("base-c2/B"), 3, 0, 0)
    b.commit()
    assert codes(Engine(host.ruleset("base:C2")), b, catalogue, "river-c2/D", 1, 0, 0) == []
    assert codes(Engine(host.ruleset("base:C2[river=jcz]")), b, catalogue,
                 "river-c2/D", 1, 0, 0) == ["river-no-room"]


def test_findings_cite_the_rule(host, catalogue):
    engine = Engine(host.ruleset("base:C2"))
    b = board(catalogue, "river-c2", SPRING_AND_BEND)
    finding, = engine.placement_findings(b, catalogue.tile("river-c2/J"), 1, 1, 1)
    assert "docs/rules.md#base.river.no-u-turn" in finding.message
