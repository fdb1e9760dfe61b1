"""The board lint against a catalogue: tile refs, cells, figures, players, notes, puzzle."""

from __future__ import annotations

from typing import Any

from editor.formats.lint import check_board
from editor.model.findings import Severity
from editor.model.tilesets import Catalogue

Data = dict[str, Any]


def found(data: Data, catalogue: Catalogue) -> list[tuple[str, str]]:
    return [(f.path, f.message) for f in check_board(data, catalogue)]


def test_sample_board_is_valid(board_data: Data, sample_catalogue: Catalogue) -> None:
    assert check_board(board_data, sample_catalogue) == []


def test_schema_errors_stop_the_lint(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["tiles"][0]["tile"] = "sample/Z"
    board_data["tiles"][1]["rotation"] = 45
    assert found(board_data, sample_catalogue) == [
        ("$.tiles[1].rotation", "45 is not one of the 4 rotations 0, 90, 180, 270")]


def test_unknown_tiles_and_sets(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["tiles"][0]["tile"] = "smaple/D"
    board_data["tiles"][1]["tile"] = "base-c9/Zz"
    board_data["tilesets"] = ["sample", "base-c9"]
    assert found(board_data, sample_catalogue) == [
        ("$.tilesets[1]", "tile set 'base-c9' is not loaded (loaded: sample)"),
        ("$.tiles[0].tile", "unknown tile 'smaple/D'; did you mean sample/D?"),
        ("$.tiles[1].tile", "unknown tile 'base-c9/Zz'; no tile set 'base-c9' is loaded"),
    ]


def test_tile_from_a_set_the_board_does_not_list(board_data: Data,
                                                 sample_catalogue: Catalogue) -> None:
    board_data["tilesets"] = ["sample-other"]
    findings = check_board(board_data, sample_catalogue)
    assert findings[0].message == "tile set 'sample-other' is not loaded (loaded: sample)"
    assert findings[1].severity is Severity.WARNING
    assert (findings[1].path, findings[1].message) == (
        "$.tiles[0].tile", "tile 'sample/D' comes from set 'sample', which tilesets does not list")


def test_figures_need_a_tile_a_segment_and_a_player(board_data: Data,
                                                    sample_catalogue: Catalogue) -> None:
    board_data["figures"] = [
        {"kind": "follower", "owner": 0, "x": 5, "y": 5, "segment": "city"},
        {"kind": "abbot", "owner": 2, "x": 0, "y": 0, "segment": "monastery"},
    ]
    findings = check_board(board_data, sample_catalogue)
    assert [(f.path, f.message, f.cell) for f in findings] == [
        ("$.figures[0]", "no tile at (5, 5) for this follower", (5, 5)),
        ("$.figures[1].owner", "no player 2: the board has 2 players (indices 0 to 1)", None),
        ("$.figures[1].segment", "tile sample/D has no segment 'monastery' (segments: city, "
                                 "road, field-n, field-s)", (0, 0)),
    ]


def test_no_players(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["players"] = []
    del board_data["puzzle"], board_data["moves"]
    assert found(board_data, sample_catalogue) == [
        ("$.figures[0].owner", "no player 0: the board has no players"),
        ("$.figures[1].owner", "no player 1: the board has no players"),
    ]


def test_annotations(board_data: Data, sample_catalogue: Catalogue) -> None:
    notes = board_data["annotations"]
    notes["arrows"][0]["to"] = [0, 0]
    notes["highlights"][0]["cells"].append([0, -1])
    notes["highlights"][1]["feature"]["segment"] = "city"
    findings = check_board(board_data, sample_catalogue)
    assert [(f.path, f.message, f.severity) for f in findings] == [
        ("$.annotations.arrows[0]", "the arrow starts and ends on the same cell",
         Severity.WARNING),
        ("$.annotations.highlights[0].cells[2]", "cell (0, -1) is listed twice",
         Severity.WARNING),
        ("$.annotations.highlights[1].feature.segment", "tile sample/U has no segment 'city' "
         "(segments: road, field-w, field-e)", Severity.ERROR),
    ]


def test_highlight_needs_cells_or_feature(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["annotations"]["highlights"][0]["feature"] = {"x": 0, "y": 0, "segment": "city"}
    assert found(board_data, sample_catalogue) == [
        ("$.annotations.highlights[0]", "needs exactly one of 'cells' or 'feature'")]


def test_moves_and_puzzle(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["moves"][0]["tile"] = "sample/Y"
    board_data["moves"][1]["player"] = 3
    board_data["puzzle"]["to_move"] = 2
    board_data["puzzle"]["hand"][1] = "sample/a"
    board_data["puzzle"]["objective"] = {"type": "block-completion",
                                         "feature": {"x": 9, "y": 9, "segment": "city"}}
    board_data["puzzle"]["solution"][0]["figure"]["segment"] = "abbey"
    assert found(board_data, sample_catalogue) == [
        ("$.moves[0].tile", "unknown tile 'sample/Y'; set 'sample' has no such tile"),
        ("$.moves[1].player", "no player 3: the board has 2 players (indices 0 to 1)"),
        ("$.puzzle.to_move", "no player 2: the board has 2 players (indices 0 to 1)"),
        ("$.puzzle.hand[1]", "unknown tile 'sample/a'; did you mean sample/A?"),
        ("$.puzzle.objective.feature", "no tile at (9, 9) for the objective"),
        ("$.puzzle.solution[0].figure.segment", "tile sample/A has no segment 'abbey' "
         "(segments: monastery, road, field)"),
    ]


def test_pass_has_only_player_and_pass(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["moves"][1]["x"] = 3
    del board_data["moves"][0]["rotation"]
    assert found(board_data, sample_catalogue) == [
        ("$.moves[0]", "missing required key 'rotation'"),
        ("$.moves[1].x", "key 'x' is not allowed here (allowed: player, pass, x-*)"),
    ]


def test_objective_needs_its_parameters(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["puzzle"]["objective"] = {"type": "reach-points"}
    board_data["ruleset"]["options"]["base"] = {}
    assert found(board_data, sample_catalogue) == [
        ("$.puzzle.objective", "missing required key 'points'"),
        ("$.ruleset.options.base",
         "unknown key 'base' (allowed: keys matching ^[a-z0-9-]+:[A-Za-z0-9.]+$, x-*)"),
    ]


def test_tile_ids_are_case_sensitive(board_data: Data, sample_catalogue: Catalogue) -> None:
    board_data["tiles"][2]["tile"] = "sample/u"
    assert found(board_data, sample_catalogue) == [
        ("$.tiles[2].tile", "unknown tile 'sample/u'; did you mean sample/U?")]
