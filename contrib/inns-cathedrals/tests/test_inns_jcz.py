"""JCloisterZone saves with Inns & Cathedrals: our own saves equivalent to JCloisterZone's
engine test games ``inns-and-cathedrals/inns-scoring``, ``cathedrals-scoring`` and
``cathedrals-scoring-2`` (the same tiles, placements, meeples and assertions, written here
from EXAMPLES.md §3, not copied), imported with ``import-jcz`` and checked with
``replay --check``; and the mapping of the set-up (sets, ``big-follower``, ``0.big.1``, the
``inn``/``cathedral`` switches)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.jcz.mapping import map_setup, merged
from editor.model.findings import Severity
from editor.rules.editions import JczNames

#: (player, JCZ tile, x, y, rotation, location, feature, meeple) or without the meeple.
Step = tuple[Any, ...]
GAMES: dict[str, tuple[list[str], list[Step], list[str]]] = {
    "inns-scoring": (["Alice", "Bob"], [
        (0, "IC/RRR.i", -1, 0, 0, "E", "Road", "0.small.1"),
        (1, "IC/RFr.i", -2, 0, 0, "WE", "Road", "1.small.1"),
        (0, "BA/RRR", 1, 0, 0)],
        ["Alice has 6 points", "Bob has 0 points", "Alice scored road for 6 points",
         "Bob scored road for 0 points"]),
    "cathedrals-scoring": (["Alice", "Bob"], [
        (0, "IC/Cccc.c", 0, -1, 0, "NWSE", "City", "0.small.1"),
        (1, "BA/CFC.2", 0, -2, 0), (0, "BA/CFC.2", 1, -1, 90),
        (1, "IC/Cccc.c", 2, -1, 0, "NWSE", "City", "1.small.1"),
        (0, "BA/C", -1, -1, 90)],
        ["Alice has 15 points", "Bob has 0 points", "Alice scored city for 15 points",
         "Bob scored city for 0 points"]),
    "cathedrals-scoring-2": (["Alice", "Bob"], [
        (0, "IC/Cccc.c", 0, -1, 0, "NWSE", "City", "0.small.1"),
        (1, "BA/Cc+", 1, -1, 0), (0, "BA/Cc+", 1, -2, 270), (1, "BA/Ccc+", 0, -2, 180),
        (0, "IC/CCc+", -1, -2, 180), (1, "BA/CcRr+", -1, -1, 90)],
        ["Alice has 36 points", "Alice scored city for 36 points"]),
}
SETUP: dict[str, Any] = {
    "sets": {"basic:1": 1, "inns-and-cathedrals:1": 1},
    "elements": {"small-follower": 7, "farmers": True, "big-follower": 1, "cathedral": True,
                 "inn": True},
    "rules": {"tiny-city-scoring": "4"},
}


def message(kind: str, player: int, payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": kind, "payload": payload, "player": player}


def save(name: str, setup: dict[str, Any] = SETUP) -> dict[str, Any]:
    """A JCZ 5 save of one game, with its assertions in the test block."""
    players, steps, assertions = GAMES[name]
    replay = []
    for player, tile, x, y, rotation, *meeple in steps:
        replay.append(message("PLACE_TILE", player, {"tileId": tile, "rotation": f"R{rotation}",
                                                     "position": [x, y]}))
        if meeple:
            location, feature, meeple_id = meeple
            replay.append(message("DEPLOY_MEEPLE", player, {
                "pointer": {"position": [x, y], "location": location, "feature": feature},
                "meepleId": meeple_id}))
        else:
            replay.append(message("PASS", player, {}))
        replay.append(message("COMMIT", player, {"salt": "0"}))
    return {"appVersion": "5.7.0", "gameId": "1", "name": "", "created":
            "2025-01-01T00:00:00.000Z", "clock": 0,
            "test": {"description": name, "assertions": assertions},
            "setup": {**setup, "timer": None, "options": {},
                      "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]},
            "players": [{"name": n, "slot": i} for i, n in enumerate(players)],
            "replay": replay}


def write(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / f"{name}.jcz"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", list(GAMES))
def test_the_jcz_test_game_passes_replay_check(name, tmp_path, capsys):
    board = tmp_path / f"{name}.board.json"
    assert main(["import-jcz", str(write(tmp_path, name, save(name))), "-o", str(board)]) == 0
    position = json.loads(board.read_text(encoding="utf-8"))
    assert position["ruleset"]["editions"] == ["base:C1", "inns-cathedrals:C1"]
    capsys.readouterr()
    assert main(["replay", str(board), "--check"]) == 0
    out = capsys.readouterr().out
    assert [line.strip() for line in out.splitlines() if "PASS" in line] == [
        f"PASS  {a}" for a in GAMES[name][2]]
    assert "FAIL" not in out and "CANNOT" not in out


def test_the_check_fails_without_the_expansion(tmp_path, capsys):
    """Replayed under the base game alone, Alice's road with the inn is worth 3, not 6."""
    board = tmp_path / "inns.board.json"
    main(["import-jcz", str(write(tmp_path, "inns", save("inns-scoring"))), "-o", str(board)])
    capsys.readouterr()
    assert main(["replay", str(board), "--check", "--rules", "base:C1[rules=2002]"]) == 1
    assert "FAIL  Alice has 6 points" in capsys.readouterr().out


def test_a_large_follower_in_a_save(tmp_path, capsys):
    """``0.big.1`` is the large follower: on Bob's inn road, the incomplete road scores 0."""
    data = save("inns-scoring")
    data["replay"][4]["payload"]["meepleId"] = "1.big.1"
    board = tmp_path / "big.board.json"
    assert main(["import-jcz", str(write(tmp_path, "big", data)), "-o", str(board)]) == 0
    position = json.loads(board.read_text(encoding="utf-8"))
    assert position["moves"][1]["figure"] == {"kind": "large-follower", "segment": "road"}
    assert [p["supply"]["large-follower"] for p in position["players"]] == [1, 0]
    assert position["figures"] == [{"kind": "large-follower", "owner": 1, "x": -2, "y": 0,
                                    "segment": "road"}]


def test_the_setup_maps_sets_figures_and_switches(host):
    names = merged(host.registrations("carcassonne_jcz_names", JczNames))
    out = map_setup(SETUP["sets"], SETUP["elements"], SETUP["rules"], names)
    assert out.editions == ["base:C1", "inns-cathedrals:C1"]
    assert out.tilesets == ["base-c1", "inns-cathedrals-c1"]
    assert out.supply["large-follower"] == 1 and not out.unsupported
    c2 = map_setup({"basic:2": 1, "inns-and-cathedrals:2": 1}, {}, {}, names)
    assert c2.editions == ["base:C2", "inns-cathedrals:C2"]
    assert c2.supply["large-follower"] == 0  # JCZ gives none unless the set-up says so
    off = map_setup(SETUP["sets"], {**SETUP["elements"], "inn": False}, {}, names)
    assert off.unsupported == [("$.setup.elements['inn']", "inn off: a road with an inn "
                                "scoring 2 per tile or nothing is always played here")]
    builtin = map_setup(SETUP["sets"], SETUP["elements"], SETUP["rules"])
    assert builtin.unsupported[0][1].startswith("tile set 'inns-and-cathedrals:1' is not "
                                                "supported")


def test_import_refuses_a_save_that_turns_cathedrals_off(tmp_path, capsys):
    data = save("cathedrals-scoring", {**SETUP, "elements": {**SETUP["elements"],
                                                             "cathedral": False}})
    assert main(["import-jcz", str(write(tmp_path, "off", data)), "-o",
                 str(tmp_path / "off.board.json"), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert any(f["path"] == "$.setup.elements['cathedral']" and
               f["severity"] == Severity.ERROR.value for f in found)


@pytest.mark.parametrize("name", list(GAMES))
def test_exported_again_the_save_still_passes(name, tmp_path, capsys):
    """import-jcz, export-jcz, replay --check: the set, the elements and the meeples go back
    under JCloisterZone's names."""
    data = save(name)
    if name == "inns-scoring":
        data["replay"][4]["payload"]["meepleId"] = "1.big.1"  # Bob's large follower
    board, out = tmp_path / "b.board.json", tmp_path / "out.jcz"
    assert main(["import-jcz", str(write(tmp_path, name, data)), "-o", str(board)]) == 0
    assert main(["export-jcz", str(board), "-o", str(out)]) == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["setup"]["sets"] == {"basic:1": 1, "inns-and-cathedrals:1": 1}
    assert {k: exported["setup"]["elements"][k] for k in ("inn", "cathedral", "big-follower")
            } == {"inn": True, "cathedral": True, "big-follower": 1}
    meeples = [m["payload"]["meepleId"] for m in exported["replay"]
               if m["type"] == "DEPLOY_MEEPLE"]
    assert ("1.big.1" in meeples) == (name == "inns-scoring")
    capsys.readouterr()
    assert main(["replay", str(out), "--check"]) == 0
    text = capsys.readouterr().out
    assert "FAIL" not in text and text.count("PASS") == len(GAMES[name][2])


def test_a_c3_board_cannot_be_exported(host, catalogue, tmp_path, capsys):
    """JCloisterZone has no C3 of the expansion: the export says so and writes nothing."""
    from inns_game import Game

    from editor.formats.boards import save_position
    from editor.model.position import Position

    g = Game(host, catalogue, "base:C3 + inns-cathedrals:C3")
    g.put("base-c3/D", 0, 0)
    path = tmp_path / "c3.board.json"
    save_position(path, Position(g.board, ["base:C3", "inns-cathedrals:C3"]))
    assert main(["export-jcz", str(path), "-o", str(tmp_path / "c3.jcz")]) == 1
    err = capsys.readouterr().err
    assert "JCloisterZone has no inns-cathedrals:C3 (it has inns-cathedrals:C1, " in err
    assert not (tmp_path / "c3.jcz").exists()
