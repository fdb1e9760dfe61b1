"""The River in JCloisterZone saves: ``river/1:2`` within ``base:C2``, ``river/1:1`` as
river-c2 tiles under ``base:C1``, both copies of ``RI.1/IFI``, start on the spring, figures
beside the river, on a bridge road and in the river garden, never on the river."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jcz_support import load_save, save_path, write_save

from editor.cli import main
from editor.jcz import convert, parse_save
from editor.jcz.mapping import map_setup, segment_for
from editor.jcz.replay import check
from editor.model.findings import Severity
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost

#: JCZ's River I tile ids (farin/JCloisterZone-Client river.xml) → our river-c2 letters.
RIVER_IDS = {
    "RI/s": "A", "RI.1/CIRI": "B", "RI.1/CICI": "C", "RI.1/IFI": "D", "RI.1/CcII": "E",
    "RI.1/II": "G", "RI.1/LIRI": "H", "RI.1/RrII": "I", "RI.1/IIG": "J", "RI.1/RIrI": "K",
    "RI.1/I.e": "L",
}
Tiles = set[tuple[str, int, int, int]]


def tiles_after(played, k: int) -> Tiles:
    return {(p.tile.ref, p.x, p.y, p.rotation * 90) for p in played.board_at(k)}


def c1_variant() -> dict[str, Any]:
    """The river game as JCZ writes it with gardens off: basic:1 and river/1:1, whose second
    plain bend RI.1/II takes the place of the garden bend; no abbot."""
    data = load_save("river")
    data["setup"]["sets"] = {"basic:1": 1, "river/1:1": 1}
    data["setup"]["elements"] = {"small-follower": 7, "farmers": True}
    for i, msg in enumerate(data["replay"]):
        if msg["type"] == "PLACE_TILE" and msg["payload"]["tileId"] == "RI.1/IIG":
            msg["payload"]["tileId"] = "RI.1/II"
            data["replay"][i + 1] = {"type": "PASS", "payload": {}, "player": msg["player"]}
    order = data["gameAnnotations"]["drawOrder"]
    data["gameAnnotations"]["drawOrder"] = ["RI.1/II" if t == "RI.1/IIG" else t for t in order]
    data["test"]["assertions"] = ["Ann has 7 points", "Bob has 7 points"]
    return data


def test_every_river_tile_id_maps_to_our_letter(catalogue: Catalogue) -> None:
    for jcz_id, letter in RIVER_IDS.items():
        tile = catalogue.find_alias(jcz_id, ["river-c2"])
        assert tile is not None and tile.ref == f"river-c2/{letter}", jcz_id
    assert not catalogue.tile("river-c2/F").aliases  # JCZ's second copy of RI.1/IFI


def test_river_sets_map_to_river_c2() -> None:
    c2 = map_setup({"basic:2": 1, "river/1:2": 1}, {"abbot": 1, "garden": True}, {})
    assert (c2.editions, c2.tilesets, c2.unsupported) == (["base:C2"],
                                                          ["base-c2", "river-c2"], [])
    assert c2.river == "2" and not c2.notes
    c1 = map_setup({"river/1:1": 1, "basic:1": 1}, {}, {})
    assert (c1.editions, c1.tilesets, c1.unsupported) == (["base:C1"],
                                                          ["river-c2", "base-c1"], [])
    assert [p for p, m in c1.notes if "under base:C1" in m] == ["$.setup.sets['river/1:1']"]
    bare = map_setup({"basic:1": 1, "river/1": 1}, {}, {})
    assert bare.tilesets == ["base-c1", "river-c2"] and not bare.unsupported
    assert any("read as river/1:1" in m for _, m in bare.notes)


@pytest.mark.parametrize("name", ["river/2:2", "river/2:1", "river:1"])
def test_other_river_sets_are_unsupported(name: str) -> None:
    found = map_setup({"basic:2": 1, name: 1}, {}, {})
    assert [p for p, _ in found.unsupported] == [f"$.setup.sets['{name}']"]
    assert "only The River I (river/1:1, river/1:2)" in found.unsupported[0][1]


def test_river_without_a_base_game_is_unsupported() -> None:
    found = map_setup({"river/1:2": 1}, {}, {})
    assert "no base game tile set" in found.unsupported[0][1]
    assert "used 2 times" in map_setup({"basic:2": 1, "river/1:2": 2}, {}, {}
                                       ).unsupported[0][1]


def test_river_locations(catalogue: Catalogue) -> None:
    """Fields beside the river as usual; the bridge road; the garden; never the river."""
    d = catalogue.tile("river-c2/D")  # river W–E
    assert segment_for(d, 0, "Field", "WR.NL.NR.EL") == "field-n"
    assert segment_for(d, 2, "Field", "WR.NL.NR.EL") == "field-s"
    k = catalogue.tile("river-c2/K")  # river N–S, road W–E on a bridge
    assert segment_for(k, 0, "Road", "WE") == "road"
    assert segment_for(k, 1, "Road", "NS") == "road"
    assert segment_for(k, 1, "Field", "NR.EL") == "field-nw"
    j = catalogue.tile("river-c2/J")
    assert segment_for(j, 2, "Garden", "I") == "garden"
    a = catalogue.tile("river-c2/A")
    assert segment_for(a, 0, "Field", "NL.NR.EL.ER.SL.SR.WL.WR") == "field"
    with pytest.raises(ValueError, match="no figure may stand on a river"):
        segment_for(d, 0, None, "WE")
    with pytest.raises(ValueError, match="no figure may stand on a river"):
        segment_for(k, 1, None, "WE")
    with pytest.raises(ValueError, match="'River' is not supported"):
        segment_for(d, 0, "River", "WE")


def test_river_game_board_and_scores(open_played) -> None:
    position, played = open_played(save_path("river"))
    assert position.editions == ["base:C2"] and position.tilesets == []
    start: Tiles = {("river-c2/A", 0, 0, 0)}
    placed = [("river-c2/D", 1, 0, 0), ("river-c2/K", 2, 0, 90), ("river-c2/F", 3, 0, 180),
              ("river-c2/C", 4, 0, 0), ("river-c2/G", 5, 0, 0), ("river-c2/J", 5, 1, 180),
              ("river-c2/L", 6, 1, 0), ("base-c2/E", 4, -1, 180), ("base-c2/A", 2, -1, 0),
              ("base-c2/A", 2, 1, 180)]
    farmer, thief = ("follower", 0, 1, 0, "field-n"), ("follower", 1, 2, 0, "road")
    abbot, monk = ("abbot", 1, 5, 1, "garden"), ("follower", 0, 2, -1, "monastery")
    figures = [[farmer], *[[farmer, thief]] * 4, *[[farmer, thief, abbot]] * 3,
               [farmer, thief, abbot, monk], [farmer, abbot, monk]]
    scores = [[0, 0]] * 7 + [[0, 4], [0, 4], [0, 7]]
    assert tiles_after(played, 0) == start
    for k, step in enumerate(played.steps, start=1):
        assert tiles_after(played, k) == start | set(placed[:k]), k
        assert sorted(step.figures) == sorted(figures[k - 1]), k
        assert played.scores(k) == scores[k - 1], k
        assert step.player == (k - 1) % 2
        assert not step.findings, k  # the river continues and never turns back
    assert [e.feature for e in played.steps[6].events] == ["river"]
    assert played.final == [7, 11]
    assert all(c.ok for c in check(played, position.extras["x-assertions"]))
    assert position.extras["x-draw-order"][:3] == ["river-c2/D", "river-c2/K", "river-c2/F"]


def test_river_save_converts_without_findings(catalogue: Catalogue, host: PluginHost) -> None:
    save, _ = parse_save(load_save("river"), "river.jcz")
    assert save is not None
    result = convert(save, catalogue, host)
    assert result.position is not None and result.findings == []
    assert [m["tile"] for m in result.position.moves][:3] == ["river-c2/D", "river-c2/K",
                                                              "river-c2/F"]


def test_river_under_basic_1(tmp_path: Path, open_played) -> None:
    """river/1:1 with basic:1: river-c2 tiles under base:C1; the second plain bend is a second
    river-c2/G, with a warning; the same scores less Bob's garden."""
    path = write_save(tmp_path, "river-c1", c1_variant())
    position, played = open_played(path)
    assert position.editions == ["base:C1"] and position.tilesets == ["base-c1", "river-c2"]
    assert position.options == {"base:C1": {"rules": "2002"}}
    assert ("river-c2/G", 5, 1, 180) in tiles_after(played, 6)
    assert ("river-c2/G", 5, 0, 0) in tiles_after(played, 6)
    assert not any(step.findings for step in played.steps)
    assert played.scores() == [0, 7] and played.final == [7, 7]
    assert all(c.ok for c in check(played, position.extras["x-assertions"]))
    assert position.extras["x-draw-order"][4:6] == ["river-c2/G", "river-c2/G"]


def test_river_under_basic_1_findings(catalogue: Catalogue, host: PluginHost) -> None:
    save, _ = parse_save(c1_variant(), "river-c1.jcz")
    assert save is not None
    findings = convert(save, catalogue, host).findings
    assert [(f.path, f.severity) for f in findings] == [
        ("$.setup.sets['river/1:1']", Severity.INFO),
        ("$.replay[15].payload.tileId", Severity.WARNING)]
    assert findings[1].message == ("'RI.1/II' copy 2: river-c2 has 1 tile of that layout, so "
                                   "river-c2/G is placed beyond its count")


def test_a_third_straight_goes_beyond_the_box(catalogue: Catalogue, host: PluginHost) -> None:
    """JCZ has two RI.1/IFI (our D and F): a third one is a third D copy, with a warning."""
    data = load_save("river")
    data["replay"][21:21] = [
        {"type": "PLACE_TILE", "payload": {"tileId": "RI.1/IFI", "rotation": "R270",
                                           "position": [6, 2]}, "player": 0},
        {"type": "PASS", "payload": {}, "player": 0},
        {"type": "COMMIT", "payload": {}, "player": 0}]
    save, _ = parse_save(data, "three.jcz")
    assert save is not None
    result = convert(save, catalogue, host)
    assert result.position is not None
    straights = ("river-c2/D", "river-c2/F")
    assert [m["tile"] for m in result.position.moves if m["tile"] in straights] == [
        "river-c2/D", "river-c2/F", "river-c2/D"]
    assert [f.message for f in result.findings] == [
        "'RI.1/IFI' copy 3: river-c2 has 2 tiles of that layout, so river-c2/D is placed "
        "beyond its count"]


def test_a_figure_on_the_river_is_an_error(catalogue: Catalogue, host: PluginHost) -> None:
    data = load_save("river")
    pointer = data["replay"][1]["payload"]["pointer"]  # Ann's farmer on D, river W–E
    pointer["location"] = "WE"
    del pointer["feature"]
    save, findings = parse_save(data, "swim.jcz")
    assert save is not None, findings
    result = convert(save, catalogue, host)
    assert result.position is None
    assert [f.path for f in result.errors] == ["$.replay[1].payload.pointer"]
    assert "no figure may stand on a river" in result.errors[0].message


def test_import_jcz_writes_the_river_sets(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "river-c1.board.json"
    save = write_save(tmp_path, "river-c1", c1_variant())
    assert main(["import-jcz", save, "-o", str(board)]) == 0
    out = capsys.readouterr().out
    assert "ruleset base:C1[rules=2002], scores Ann 0, Bob 7" in out
    data = json.loads(board.read_text(encoding="utf-8"))
    assert data["tilesets"] == ["base-c1", "river-c2"]
    assert main(["validate", str(board)]) == 0
    assert main(["replay", str(board), "--check"]) == 0
    assert main(["replay", save_path("river"), "--check"]) == 0
