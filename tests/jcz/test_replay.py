"""Converting the test saves and replaying their logs: the board and scores after each move,
assertions of both forms, and our own boards' move logs."""

from __future__ import annotations

from pathlib import Path

from jcz_support import load_save, save_path, write_save

from editor.cli import main
from editor.formats.boards import position_from_dict, position_to_dict, save_position
from editor.jcz import convert, parse_save, read_save
from editor.jcz.importer import import_save
from editor.jcz.replay import check, start_of
from editor.model.findings import Severity
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost

Tiles = set[tuple[str, int, int, int]]


def tiles_after(played, k: int) -> Tiles:
    return {(p.tile.ref, p.x, p.y, p.rotation * 90) for p in played.board_at(k)}


def test_tiny_city_rule_gives_wendy_8(open_played) -> None:
    """RULES.md §6 example 1 under JCZ's tiny-city-scoring "2"."""
    position, played = open_played(save_path("tiny-city"))
    assert position.editions == ["base:C1"]
    assert position.options == {"base:C1": {"farms": "2002", "small_city": True}}
    assert [s.player for s in played.steps] == [0, 0, 0]
    assert [played.scores(k) for k in range(4)] == [[0], [0], [6], [8]]
    assert played.final == [8]
    checks = check(played, position.extras["x-assertions"])
    assert [c.ok for c in checks] == [True, True, True]


def test_base_game_board_and_scores_after_each_move(open_played) -> None:
    position, played = open_played(save_path("base-game"))
    assert position.editions == ["base:C1"] and position.options["base:C1"]["rules"] == "2002"
    assert {m["rotation"] for m in position.moves} == {0, 90, 180, 270}
    start: Tiles = {("base-c1/D", 0, 0, 0)}
    placed = [("base-c1/U", 1, 0, 0), ("base-c1/B", 0, 1, 90), ("base-c1/W", 2, 0, 0),
              ("base-c1/E", 0, -1, 180), ("base-c1/W", -1, 0, 180), ("base-c1/V", 1, 1, 270)]
    figures = [
        [("follower", 0, 1, 0, "road")],
        [("follower", 0, 1, 0, "road"), ("follower", 1, 0, 1, "monastery")],
        [("follower", 0, 1, 0, "road"), ("follower", 1, 0, 1, "monastery"),
         ("follower", 0, 2, 0, "field-n")],
        [("follower", 0, 1, 0, "road"), ("follower", 1, 0, 1, "monastery"),
         ("follower", 0, 2, 0, "field-n")],
        [("follower", 1, 0, 1, "monastery"), ("follower", 0, 2, 0, "field-n")],
        [("follower", 1, 0, 1, "monastery"), ("follower", 0, 2, 0, "field-n")],
    ]
    scores = [[0, 0], [0, 0], [0, 0], [0, 4], [4, 4], [4, 4]]
    assert tiles_after(played, 0) == start
    for k, step in enumerate(played.steps, start=1):
        assert tiles_after(played, k) == start | set(placed[:k]), k
        assert sorted(step.figures) == sorted(figures[k - 1]), k
        assert played.scores(k) == scores[k - 1], k
        assert step.player == (k - 1) % 2
    assert [s.entry.get("figure", {}).get("segment") for s in played.steps] == [
        "road", "monastery", "field-n", "city", None, None]
    assert played.steps[3].lines[0].feature == "city"
    assert played.final == [7, 9]
    assert all(c.ok for c in check(played, position.extras["x-assertions"]))


def test_builder_double_turn_and_pig(open_played) -> None:
    position, played = open_played(save_path("builder-and-pig"))
    assert position.editions == ["base:C2", "traders-builders:C2"]
    kinds = [s.entry.get("figure", {}).get("kind") for s in played.steps]
    assert kinds == ["follower", "follower", "builder", "pig", None, None, None]
    assert [s.player for s in played.steps] == [0, 1, 0, 1, 0, 0, 1]
    assert [e.type for e in played.steps[4].events] == ["extra-turn"]
    assert played.scores(6) == [5, 0]
    assert not any(f[0] == "builder" for f in played.steps[5].figures)
    assert ("pig", 1, 1, -1, "field") in played.steps[6].figures
    assert played.final == [5, 4]
    assert all(c.ok for c in check(played, position.extras["x-assertions"]))


def test_assertions_pass_and_fail_in_both_forms(open_played) -> None:
    _, played = open_played(save_path("base-game"))
    results = check(played, ["Ann has 7 points", "Ann has 8 points.",
                             "Bob scored monastery for 5 points", "Bob scored city for 5 points",
                             "Zoe has 1 point", "Bob scored castle for 4 points",
                             "phase is TilePhase"])
    assert [r.ok for r in results] == [True, False, True, False, False, None, None]
    assert results[1].detail == "Ann has 7 points"
    assert results[3].detail == "Bob scored for city: 4"
    assert "no player 'Zoe'" in results[4].detail


def test_imported_board_replays_like_the_save(tmp_path: Path, open_played,
                                              catalogue: Catalogue) -> None:
    _, from_save = open_played(save_path("builder-and-pig"))
    board = tmp_path / "game.board.json"
    position = from_save.position
    position.board = from_save.board_at(len(from_save.steps))
    save_position(board, position)
    reopened, from_board = open_played(str(board))
    assert [s.text for s in from_board.steps] == [s.text for s in from_save.steps]
    assert [from_board.scores(k) for k in range(8)] == [from_save.scores(k) for k in range(8)]
    assert from_board.final == from_save.final and not from_board.findings
    tiles, players = start_of(reopened)
    assert [t[0].ref for t in tiles] == ["base-c2/D"]
    assert [(p.score, p.supply) for p in players] == [
        (0, {"follower": 7, "abbot": 0, "builder": 1, "pig": 1})] * 2


def test_our_board_log_starts_from_tiles_no_move_places(catalogue: Catalogue, host,
                                                        open_played, tmp_path: Path) -> None:
    """A board built by playing moves: its snapshot, then the log from the start tile."""
    data = {
        "format": 1, "ruleset": {"editions": ["base:C2"]},
        "players": [{"name": "Red", "colour": "#d62828", "score": 2,
                     "supply": {"follower": 7, "abbot": 1}},
                    {"name": "Blue", "colour": "#1d4ed8", "score": 0,
                     "supply": {"follower": 7, "abbot": 1}}],
        "tiles": [{"tile": "base-c2/D", "x": 0, "y": 0, "rotation": 0},
                  {"tile": "base-c2/W", "x": 1, "y": 0, "rotation": 0},
                  {"tile": "base-c2/W", "x": -1, "y": 0, "rotation": 180}],
        "figures": [],
        "moves": [{"player": 0, "tile": "base-c2/W", "x": 1, "y": 0, "rotation": 0,
                   "figure": {"kind": "follower", "segment": "road-w"}},
                  {"player": 1, "pass": True},
                  {"player": 0, "tile": "base-c2/W", "x": -1, "y": 0, "rotation": 180}],
        "x-assertions": ["Red has 3 points", "Red scored road for 3 points"],
    }
    path = tmp_path / "played.board.json"
    save_position(path, position_from_dict(data, catalogue)[0])
    position, played = open_played(str(path))
    assert [t[0].ref for t in played.start_tiles] == ["base-c2/D"]
    assert [s.text for s in played.steps][1] == "Blue passes"
    assert played.scores() == [3, 0]
    assert [c.ok for c in check(played, position.extras["x-assertions"])] == [True, True]
    assert [f.code for f in played.findings] == ["log-differs"]  # the snapshot says 2 points
    assert position_to_dict(played.position_at(1))["moves"] == data["moves"][:1]


def test_unsupported_content_gives_no_position(catalogue: Catalogue, host: PluginHost) -> None:
    save, findings = read_save(save_path("other-expansion"))
    assert save is not None and not findings
    result = convert(save, catalogue, host)
    assert result.position is None
    assert any("'princess-and-dragon:1'" in f.message for f in result.errors)
    save, _ = read_save(save_path("unknown-tile"))
    assert save is not None
    result = convert(save, catalogue, host)
    assert result.position is None
    assert {f.path for f in result.errors} == {"$.replay[3].payload.tileId",
                                               "$.gameAnnotations.drawOrder[1]"}


def test_deployments_that_cannot_be_mapped_are_errors(catalogue: Catalogue,
                                                      host: PluginHost) -> None:
    data = load_save("base-game")
    data["replay"][1]["payload"]["pointer"]["location"] = "N"  # U has a field there
    data["replay"][4]["payload"]["meepleId"] = "1.big.1"
    data["replay"].insert(6, {"type": "FLOCK_EXPAND_OR_SCORE", "payload": {}, "player": 0})
    save, findings = parse_save(data, "variant.jcz")
    assert save is not None, findings
    errors = convert(save, catalogue, host).errors
    assert [f.path for f in errors] == ["$.replay[1].payload.pointer",
                                        "$.replay[4].payload.meepleId", "$.replay[6]"]
    assert "has a segment of another kind at 'N' (field; expected: road)" in errors[0].message
    assert "'1.big.1'" in errors[1].message and "FLOCK_EXPAND_OR_SCORE" in errors[2].message


def test_a_tile_placed_on_a_held_cell_is_refused(tmp_path: Path, catalogue: Catalogue,
                                                 host: PluginHost, capsys) -> None:
    """The start tile's cell, and a cell an earlier move placed a tile on: the save cannot
    be played (before, the start tile was silently replaced)."""
    for cell, holder in (([0, 0], "base-c1/D"), ([0, -1], "base-c1/G")):
        data = load_save("tiny-city")
        data["replay"][3]["payload"]["position"] = cell
        save, findings = parse_save(data, "variant.jcz")
        assert save is not None, findings
        result = convert(save, catalogue, host)
        assert result.position is None
        error = result.errors[0]
        assert error.path == "$.replay[3].payload.position"
        assert error.message == f"'BA/CFC.2' is placed on ({cell[0]}, {cell[1]}), which " \
                                f"already holds {holder}"
        path = write_save(tmp_path, "held", data)
        assert main(["import-jcz", path, "-o", str(tmp_path / "held.board.json")]) == 1
        assert "$.replay[3].payload.position" in capsys.readouterr().err
        assert not (tmp_path / "held.board.json").exists()


def test_a_move_our_rules_find_illegal_is_imported_with_a_warning(
        tmp_path: Path, catalogue: Catalogue, host: PluginHost, capsys) -> None:
    """A tile placed away from every other tile is played, as JCloisterZone played it, and
    said: a warning at the path of its message (before, it imported without a word)."""
    data = load_save("tiny-city")
    data["replay"][6]["payload"]["position"] = [5, 5]
    save, findings = parse_save(data, "away.jcz")
    assert save is not None, findings
    imported = import_save(save, catalogue, host, "away.jcz")
    assert imported.position is not None and imported.position.board.at(5, 5) is not None
    assert [(f.path, f.code, f.severity, f.file) for f in imported.findings] == [
        ("$.replay[6]", "not-adjacent", Severity.WARNING, "away.jcz")]
    assert imported.findings[0].message == "(5, 5) does not touch any tile on the board"
    path = write_save(tmp_path, "away", data)
    assert main(["import-jcz", path, "-o", str(tmp_path / "away.board.json")]) == 0
    out = capsys.readouterr().out
    assert "$.replay[6]" in out and "(5, 5) does not touch any tile on the board" in out
    assert (tmp_path / "away.board.json").exists()


def test_structure_findings_name_the_path() -> None:
    data = load_save("tiny-city")
    data["replay"][0]["payload"]["rotation"] = "R45"
    data["replay"][3]["payload"]["position"] = [0]
    data["players"][0] = "Wendy"
    save, findings = parse_save(data, "broken.jcz")
    assert save is None
    assert [str(f) for f in findings] == [
        "broken.jcz::$.players[0]: expected an object with a name",
        "broken.jcz::$.replay[0].payload.rotation: rotation 'R45' is not R0, R90, R180 or "
        "R270",
        "broken.jcz::$.replay[3].payload.position: expected a cell [x, y], got [0]",
    ]
    assert all(f.severity is Severity.ERROR for f in findings)
    assert str(parse_save([], "x.jcz")[1][0]) == "x.jcz::$: a JCloisterZone save is a JSON object"
