"""Smart sides and port clicks on tile dicts: each edit leaves a tile the lint accepts."""

from __future__ import annotations

from typing import Any

import pytest

from editor.formats.lint import check_tileset
from editor.model.ports import PORT_INDEX
from editor.qt.designer import tileops

N, E, S, W = range(4)


def lint(tile: dict[str, Any]) -> list[str]:
    data = {"format": 1, "id": "t", "name": "t", "part": "p", "edition": "e", "tiles": [tile]}
    return [f.code for f in check_tileset(data)]


def shape(tile: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(s["id"], s["kind"], " ".join(s["ports"]), s.get("cities", []),
             s.get("wraps", [])) for s in tile["segments"]]


def build(*sides: tuple[int, str]) -> dict[str, Any]:
    tile = tileops.blank_tile("T")
    for side, kind in sides:
        tile = tileops.set_side(tile, side, kind)
    assert lint(tile) == []
    return tile


def test_a_city_side_takes_three_ports_and_the_field_lists_it() -> None:
    assert shape(build((N, "city"))) == [
        ("city", "city", "NNW N NNE", [], []),
        ("field", "field", "ENE E ESE SSE S SSW WSW W WNW", ["city"], [])]


def test_a_road_side_takes_the_centre_and_leaves_the_halves_to_the_field() -> None:
    assert shape(build((S, "road"))) == [
        ("road", "road", "S", [], []),
        ("field", "field", "SSW WSW W WNW NNW N NNE ENE E ESE SSE", [], ["S"])]


def test_a_road_on_a_tile_with_a_city_runs_to_its_gate_and_cuts_the_field() -> None:
    assert shape(build((N, "city"), (E, "road"))) == [
        ("city", "city", "NNW N NNE", [], []),
        ("road", "road", "E", [], []),
        ("field", "field", "ESE SSE S SSW WSW W WNW", ["city"], []),
        ("field-ne", "field", "ENE", ["city"], [])]


def test_joining_two_roads_cuts_the_field_and_the_strip_under_the_city_is_one() -> None:
    tile = tileops.join(build((N, "city"), (E, "road"), (W, "road")), "road", "road-w")
    assert lint(tile) == []
    assert shape(tile) == [
        ("city", "city", "NNW N NNE", [], []),
        ("road", "road", "E W", [], []),
        ("field", "field", "ESE SSE S SSW WSW", [], []),
        ("field-ne", "field", "WNW ENE", ["city"], [])]


def test_joining_two_city_sides_and_splitting_them_again() -> None:
    two = build((N, "city"), (W, "city"))
    one = tileops.join(two, "city", "city-w")
    assert lint(one) == []
    assert shape(one)[0] == ("city", "city", "WSW W WNW NNW N NNE", [], [])
    assert shape(one)[1][3] == ["city"]
    assert tileops.split_ports(one, "city", PORT_INDEX["W"]) == [8, 9, 10]
    again = tileops.split(one, "city", PORT_INDEX["WNW"])
    assert shape(again) == [
        ("city", "city", "NNW N NNE", [], []),
        ("city-w", "city", "WSW W WNW", [], []),
        ("field", "field", "ENE E ESE SSE S SSW", ["city", "city-w"], [])]


def test_a_field_side_joins_the_land_on_both_sides() -> None:
    crossing = tileops.join(build((N, "road"), (S, "road")), "road", "road-s")
    assert [s[0] for s in shape(crossing)] == ["road", "field", "field-w"]
    opened = tileops.set_side(crossing, N, "field")
    assert lint(opened) == []
    assert shape(opened) == [
        ("road", "road", "S", [], []),
        ("field", "field", "SSW WSW W WNW NNW N NNE ENE E ESE SSE", [], ["S"])]


def test_a_river_and_a_bridge_make_four_fields() -> None:
    tile = build((N, "river"), (S, "river"), (E, "road"), (W, "road"))
    tile = tileops.join(tileops.join(tile, "river", "river-s"), "road", "road-w")
    assert lint(tile) == []
    assert sorted(" ".join(s["ports"]) for s in tile["segments"] if s["kind"] == "field") == [
        "ESE SSE", "NNE ENE", "SSW WSW", "WNW NNW"]


def test_segments_without_ports_and_removal() -> None:
    tile, monastery = tileops.add_segment(build((S, "road")), "monastery")
    tile, inner = tileops.add_segment(tile, "field", inner=True)
    assert (monastery, inner) == ("monastery", "field-inner")
    assert tileops.find(tile, inner) == {"id": "field-inner", "kind": "field", "ports": [],
                                         "tags": ["inner"]}
    assert [s["kind"] for s in tile["segments"]] == ["road", "monastery", "field", "field"]
    removed = tileops.remove_segment(tile, "road")
    assert lint(removed) == ["port-missing"]
    fixed = tileops.move_port(removed, PORT_INDEX["S"], "field")
    assert lint(fixed) == []
    assert "wraps" not in tileops.find(fixed, "field")  # type: ignore[operator]


def test_renaming_a_city_renames_it_in_the_fields() -> None:
    tile = tileops.rename_segment(build((N, "city")), "city", "castle")
    assert shape(tile)[1][3] == ["castle"]


def test_values_default_away_and_keys_keep_the_file_order() -> None:
    tile = tileops.set_segment_value(build((N, "city")), "city", "pennants", 2)
    assert list(tile["segments"][0]) == ["id", "kind", "ports", "pennants"]
    assert "pennants" not in tileops.set_segment_value(tile, "city", "pennants", 0)["segments"][0]
    tile = tileops.set_tile_value(tileops.set_tile_value(tile, "tags", ["cowshed"]), "start", True)
    assert list(tile) == ["id", "count", "start", "segments", "tags"]
    assert "start" not in tileops.set_tile_value(tile, "start", False)


def test_edits_never_change_their_input() -> None:
    tile = build((N, "city"))
    before = repr(tile)
    tileops.set_side(tile, S, "road")
    tileops.join(tileops.set_side(tile, W, "city"), "city", "city-w")
    tileops.set_segment_value(tile, "city", "goods", {"wine": 1})
    assert repr(tile) == before


def test_joining_segments_of_different_kinds_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot join"):
        tileops.join(build((N, "city")), "city", "field")


@pytest.mark.parametrize(("taken", "stem", "expected"), [
    ([], "", "A"), (["A", "B"], "", "C"), ([chr(c) for c in range(65, 91)], "", "AA"),
    (["D"], "D", "D-2"), (["D", "D-2"], "D", "D-3"),
])
def test_free_tile_ids(taken: list[str], stem: str, expected: str) -> None:
    assert tileops.free_id(taken, stem) == expected
