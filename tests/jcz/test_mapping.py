"""JCZ names → ours: tile ids, rotations, locations, sets, elements and rule options."""

from __future__ import annotations

import pytest

from editor.jcz.mapping import (
    location_ports,
    map_setup,
    rotation,
    segment_for,
)
from editor.model.ports import PORT_INDEX
from editor.model.tilesets import Catalogue

#: Every JCZ tile id of basic:1/basic:2 (RULES.md §2.3, JCZ-BA) and of
#: traders-and-builders:1/:2 (RULES.md §3.3, JCZ-TB), with our set and letter.
BASE_IDS = {
    "BA/LR": "A", "BA/L": "B", "BA/Cccc+": "C", "BA/RCr": "D", "BA/C": "E", "BA/CFc+": "F",
    "BA/CFc.1": "G", "BA/CFC.2": "H", "BA/CC.2": "I", "BA/CRr": "J", "BA/RrC": "K",
    "BA/CRRR": "L", "BA/Cc+": "M", "BA/Cc.1": "N", "BA/CcRr+": "O", "BA/CcRr": "P",
    "BA/Ccc+": "Q", "BA/Ccc": "R", "BA/CccR+": "S", "BA/CccR": "T", "BA/RFr": "U",
    "BA/Rr": "V", "BA/RRR": "W", "BA/RRRR": "X",
}
GARDEN_IDS = {"BA/CG": "Eg", "BA/CFCG": "Hg", "BA/CCG": "Ig", "BA/Cc+G": "Mg", "BA/CcG": "Ng",
              "BA/CccG": "Rg", "BA/RFrG": "Ug", "BA/RrG": "Vg"}
TB_IDS = {
    "TB/CR": "A", "TB/RRrr": "B", "TB/RRC": "C", "TB/CcRC.g": "D", "TB/CRc.g": "E",
    "TB/RCc.g": "F", "TB/Cc.g": "G", "TB/Ccc.g": "H", "TB/RCc!.g": "I", "TB/LRRR": "J",
    "TB/CcRC.c": "L", "TB/CcCC.c": "M", "TB/CCc.c": "N", "TB/CcRR!.c": "O",
    "TB/CCc.w": "P", "TB/CFc.w": "Q", "TB/CRcR.w": "R", "TB/CRc.w": "S", "TB/Cc.w": "T",
    "TB/CccR.w": "V", "TB/CcR!.w": "W", "TB/CcCc.w": "X",
}


@pytest.mark.parametrize(("set_id", "ids"), [
    ("base-c1", BASE_IDS), ("base-c2", {**BASE_IDS, **GARDEN_IDS}),
    ("traders-builders-c1", {**TB_IDS, "TB/CcR.c": "K", "TB/CcRR.w": "U"}),
    ("traders-builders-c2", {**TB_IDS, "TB/CcR.cG": "K", "TB/CcRR.wG": "U"}),
])
def test_every_jcz_tile_id_maps_to_our_letter(catalogue: Catalogue, set_id: str,
                                              ids: dict[str, str]) -> None:
    for jcz_id, letter in ids.items():
        tile = catalogue.find_alias(jcz_id, [set_id])
        assert tile is not None and tile.ref == f"{set_id}/{letter}", jcz_id
    assert len(ids) == len(catalogue.get_set(set_id).tiles)


def test_rotations() -> None:
    assert [rotation(f"R{d}") for d in (0, 90, 180, 270)] == [0, 1, 2, 3]
    assert rotation(180) == 2
    for bad in ("R45", "90", None, True):
        with pytest.raises(ValueError):
            rotation(bad)


def test_locations_name_board_ports() -> None:
    port = PORT_INDEX
    assert location_ports("N") == (frozenset({port["N"]}), None)
    assert location_ports("NS")[0] == {port["N"], port["S"]}
    assert location_ports("_S")[0] == {port["N"], port["E"], port["W"]}
    assert location_ports("NWSE")[0] == {port["N"], port["E"], port["S"], port["W"]}
    assert location_ports("EL.ER.WL.WR")[0] == {port["ENE"], port["ESE"], port["WSW"],
                                                 port["WNW"]}
    assert location_ports("NL.NR.SL.SR")[0] == {port["NNW"], port["NNE"], port["SSE"],
                                                 port["SSW"]}
    assert location_ports("CLOISTER") == (frozenset(), "CLOISTER")
    with pytest.raises(ValueError, match="unknown location 'TOWER'"):
        location_ports("TOWER")


def test_segments_follow_the_rotation(catalogue: Catalogue) -> None:
    g = catalogue.tile("base-c1/G")  # city W+E unrotated
    assert segment_for(g, 1, "City", "NS") == "city"
    assert segment_for(g, 0, "City", "WE") == "city"
    with pytest.raises(ValueError,
                       match=r"has a segment of another kind at 'E' \(field; expected: city\)"):
        segment_for(g, 1, "City", "E")
    with pytest.raises(ValueError, match="no single segment at 'WE'"):
        segment_for(g, 1, None, "WE")
    h = catalogue.tile("base-c1/H")
    assert segment_for(h, 0, "City", "N") == "city-n"
    assert segment_for(h, 2, None, "N") == "city-s"
    assert segment_for(h, 0, "Field", "EL.ER.WL.WR") == "field"
    a = catalogue.tile("base-c1/A")
    assert segment_for(a, 3, None, "CLOISTER") == "monastery"
    assert segment_for(a, 2, "Road", "N") == "road"
    garden = catalogue.tile("base-c2/Ug")
    assert segment_for(garden, 0, "Garden", "I") == "garden"
    inner = catalogue.tile("traders-builders-c2/M")
    assert segment_for(inner, 0, "Field", "I") == "field"
    with pytest.raises(ValueError, match="not supported"):
        segment_for(g, 0, "Tower", "N")


def test_sets_editions_and_tiny_city() -> None:
    c1 = map_setup({"basic:1": 1}, {}, {"tiny-city-scoring": "4"})
    assert (c1.editions, c1.options, c1.unsupported) == (["base:C1"], {"base:C1": {"rules":
                                                                                   "2002"}}, [])
    # JCZ's tiny-city option changes the 2-tile city alone: its farms stay 2002's
    tiny = map_setup({"basic:1": 1}, {}, {"tiny-city-scoring": "2"})
    assert tiny.options == {"base:C1": {"farms": "2002", "small_city": True}}
    assert not tiny.warnings and not tiny.unsupported
    c2 = map_setup({"basic:2": 1, "traders-and-builders:2": 1}, {"builder": 1, "pig": 1}, {})
    assert c2.editions == ["base:C2", "traders-builders:C2"]
    assert c2.supply == {"abbot": 0, "builder": 1, "pig": 1}
    c2_tiny = map_setup({"basic:2": 1}, {}, {"tiny-city-scoring": "2"})
    assert c2_tiny.options == {"base:C2": {"small_city": True}} and not c2_tiny.unsupported
    assert "expected '4' or '2'" in map_setup({"basic:1": 1}, {}, {"tiny-city-scoring": "3"}
                                              ).unsupported[0][1]


@pytest.mark.parametrize(("sets", "edition"), [
    ({"basic:1": 1}, "traders-builders:C1"), ({"basic:2": 1}, "traders-builders:C2")])
def test_a_pig_without_the_traders_and_builders_tiles(sets, edition) -> None:
    """JCZ's pig-scoring and pigs-no-stack games: basic:1 with the ``pig`` element and no
    Traders & Builders set. Played as that expansion's figures with the base tiles only:
    no builder (JCZ gives none), as many pigs as the element says."""
    found = map_setup(sets, {"small-follower": 7, "pig": 2}, {})
    assert found.editions == [next(iter(sets)).replace("basic:", "base:C"), edition]
    assert found.figures_only == [edition]
    assert found.supply["pig"] == 2 and found.supply["builder"] == 0
    assert not found.unsupported and "base tiles only" in found.notes[0][1]


def test_unsupported_and_ignored_content_is_reported() -> None:
    found = map_setup({"basic:1": 1, "tower:1": 1}, {"tower": 4, "abbot": 1, "fairy": 0},
                      {"dragon-move": "before-scoring", "house-rule": True})
    messages = " | ".join(m for _, m in found.unsupported)
    assert "'tower:1'" in messages and "'tower'" in messages
    assert "abbot 1 needs base:C2" in messages and "'house-rule'" in messages
    assert any("Princess" in m for _, m in found.notes)
    assert any("'fairy' is off" in m for _, m in found.notes)
    assert map_setup({"traders-and-builders:1": 1}, {}, {}).unsupported
