"""The built-in tile sets: totals, goods symbols, start tiles, provenance."""

from __future__ import annotations

import pytest

BASE = ["base-c1", "base-c2", "base-c3"]
TB = ["traders-builders-c1", "traders-builders-c2", "traders-builders-c3",
      "traders-builders-c3.1"]


@pytest.mark.parametrize("set_id", BASE)
def test_base_sets_hold_72_tiles_with_d_as_start(catalogue, set_id):
    tile_set = catalogue.get_set(set_id)
    assert tile_set.tile_count == 72
    assert tile_set.start_tile().id == "D"
    assert tile_set.goods_symbols() == {}


def test_gardens_only_in_c2_and_c3(catalogue):
    def gardens(set_id):
        return sorted(t.id for t in catalogue.get_set(set_id).tiles if t.has("garden"))

    assert gardens("base-c1") == []
    expected = ["Eg", "Hg", "Ig", "Mg", "Ng", "Rg", "Ug", "Vg"]
    assert gardens("base-c2") == gardens("base-c3") == expected
    assert gardens("traders-builders-c1") == []
    assert gardens("traders-builders-c2") == gardens("traders-builders-c3") == ["K", "U"]


@pytest.mark.parametrize("set_id", ["river-c2", "river-c3"])
def test_the_river_has_12_tiles(catalogue, set_id):
    tile_set = catalogue.get_set(set_id)
    assert tile_set.tile_count == 12
    assert sum(1 for t in tile_set.tiles if "spring" in t.tags) == 1
    assert sum(1 for t in tile_set.tiles if "lake" in t.tags) == 1
    assert all(t.has("river") for t in tile_set.tiles)


@pytest.mark.parametrize("set_id", TB)
def test_traders_and_builders_hold_24_tiles(catalogue, set_id):
    assert catalogue.get_set(set_id).tile_count == 24


@pytest.mark.parametrize("set_id", TB[:3])
def test_goods_c1_to_c3(catalogue, set_id):
    assert catalogue.get_set(set_id).goods_symbols() == {"wine": 9, "wheat": 6, "cloth": 5}


def test_goods_c31_chicken_instead_of_wine_with_one_river_tile(catalogue):
    tile_set = catalogue.get_set("traders-builders-c3.1")
    assert tile_set.goods_symbols() == {"chicken": 9, "wheat": 6, "cloth": 5}
    river = [t for t in tile_set.tiles if t.has("river")]
    assert len(river) == 1 and river[0].goods == {"chicken": 1}
    assert all(t.provenance.provisional for t in tile_set.tiles)


def test_every_tile_carries_provenance_and_jcz_alias(catalogue):
    for set_id in BASE + TB[:3]:
        for tile in catalogue.get_set(set_id).tiles:
            assert tile.provenance.sources, tile.ref
            assert any("/" in a for a in tile.aliases), tile.ref  # a JCloisterZone id
