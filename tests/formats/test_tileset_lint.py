"""The tile set lint: each rule, with the path and the message a user sees."""

from __future__ import annotations

from typing import Any

from editor.formats.lint import check_tileset, lint_tileset
from editor.model.findings import Severity

Data = dict[str, Any]


def seg(data: Data, tile: int, segment: int) -> Data:
    return data["tiles"][tile]["segments"][segment]


def found(data: Data) -> list[tuple[str, str]]:
    return [(f.path, f.message) for f in check_tileset(data)]


def test_schema_errors_stop_the_lint(tileset_data: Data) -> None:
    tileset_data["tiles"][1]["id"] = tileset_data["tiles"][0]["id"]
    tileset_data["tiles"][0]["count"] = 0
    assert found(tileset_data) == [("$.tiles[0].count", "must be at least 1, got 0")]


def test_duplicate_tile_ids(tileset_data: Data) -> None:
    tileset_data["tiles"][3]["id"] = "B"
    assert found(tileset_data) == [("$.tiles[3].id", "tile id 'B' is already used by tiles[1]")]


def test_duplicate_segment_ids(tileset_data: Data) -> None:
    seg(tileset_data, 5, 2)["id"] = "field-w"
    assert found(tileset_data) == [
        ("$.tiles[5].segments[2].id", "segment id 'field-w' is already used by segments[1]")]


def test_duplicate_aliases_are_warnings(tileset_data: Data) -> None:
    tileset_data["tiles"][3]["aliases"] = ["BA/RCr", "U"]
    findings = check_tileset(tileset_data)
    assert [(f.path, f.message, f.severity) for f in findings] == [
        ("$.tiles[3].aliases[0]", "alias 'BA/RCr' is already used by tile 'D'", Severity.WARNING),
        ("$.tiles[3].aliases[1]", "alias 'U' is the id of tiles[5]", Severity.WARNING),
    ]


def test_port_in_no_segment(tileset_data: Data) -> None:
    seg(tileset_data, 1, 1)["ports"].remove("ESE")
    assert found(tileset_data) == [("$.tiles[1].segments", "port ESE in no segment: every port "
                                                          "belongs to exactly one segment")]


def test_port_twice_in_one_segment(tileset_data: Data) -> None:
    seg(tileset_data, 5, 0)["ports"].append("N")
    assert found(tileset_data) == [
        ("$.tiles[5].segments[0].ports[2]", "port N is already in this segment")]


def test_cities_only_on_fields_and_only_cities(tileset_data: Data) -> None:
    seg(tileset_data, 2, 1)["cities"] = ["city"]
    seg(tileset_data, 2, 3)["cities"] = ["road"]
    assert found(tileset_data) == [
        ("$.tiles[2].segments[1].cities",
         "only fields list cities; this segment is not a field (road)"),
        ("$.tiles[2].segments[3].cities[0]", "segment 'road' is not a city (road)"),
    ]


def test_wraps_only_on_fields_and_road_sides(tileset_data: Data) -> None:
    seg(tileset_data, 0, 1)["wraps"] = ["S"]
    seg(tileset_data, 0, 2)["wraps"] = ["S", "E"]
    seg(tileset_data, 2, 3)["wraps"] = ["E"]
    assert found(tileset_data) == [
        ("$.tiles[0].segments[1].wraps",
         "only fields have wraps; this segment is not a field (road)"),
        ("$.tiles[0].segments[2].wraps[1]",
         "side E has neither a road nor a river on its centre port (field)"),
        ("$.tiles[2].segments[3].wraps[0]", "wraps E but does not hold both ENE and ESE"),
    ]


def test_city_side_owns_all_three_ports(tileset_data: Data) -> None:
    seg(tileset_data, 3, 0)["ports"].remove("NNE")
    seg(tileset_data, 3, 1)["ports"].append("NNE")
    assert found(tileset_data) == [
        ("$.tiles[3].segments[0]", "side N is a city side: NNW, N and NNE must all be in city "
                                   "'city' (NNE is in 'field')")]


def test_half_side_ports_belong_to_fields(tileset_data: Data) -> None:
    seg(tileset_data, 5, 0)["ports"].append("NNE")
    seg(tileset_data, 5, 2)["ports"].remove("NNE")
    assert found(tileset_data) == [
        ("$.tiles[5].segments[0].ports[2]",
         "NNE is a half-side port: it belongs to a field, not to segment 'road' (road)")]


def test_road_halves_in_one_field_need_wraps(tileset_data: Data) -> None:
    road, west, east = tileset_data["tiles"][5]["segments"]
    road["ports"] = ["N"]
    west["ports"] += [*east["ports"], "S"]
    tileset_data["tiles"][5]["segments"] = [road, west]
    assert found(tileset_data) == [
        ("$.tiles[5].segments[1]", "field 'field-w' holds both NNW and NNE around the road on "
                                   "side N; list 'N' in its wraps if the road ends on this tile")]
    west["wraps"] = ["N"]
    assert found(tileset_data) == []


def test_goods_totals_names_each_kind_that_differs(tileset_data: Data) -> None:
    seg(tileset_data, 4, 0)["goods"] = {"wine": 1, "cloth": 2}
    tileset_data["goods_totals"] = {"wine": 3, "wheat": 1}
    assert found(tileset_data) == [
        ("$.goods_totals", "goods_totals does not list cloth, but the tiles show 4"),
        ("$.goods_totals.wheat", "goods_totals says wheat 1 but the tiles show 0"),
        ("$.goods_totals.wine", "goods_totals says wine 3 but the tiles show 2"),
    ]


def test_at_most_one_start_tile(tileset_data: Data) -> None:
    tileset_data["tiles"][4]["start"] = True
    assert found(tileset_data) == [("$.tiles[4].start", "a second start tile: 'D' is one already")]


def test_lint_findings_name_the_file(tileset_data: Data) -> None:
    tileset_data["tiles"][4]["start"] = True
    (finding,) = lint_tileset(tileset_data, "sets/mine.json")
    assert (str(finding), finding.code) == (
        "sets/mine.json::$.tiles[4].start: a second start tile: 'D' is one already",
        "second-start-tile")
