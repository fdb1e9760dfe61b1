"""One small invalid file per problem: the exact path and the words a user reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.formats.jsonio import read_json
from editor.formats.lint import check_board, check_tileset, is_tileset
from editor.model.tilesets import Catalogue

INVALID = Path(__file__).parent / "invalid"

CASES = [
    ("unknown_port.tileset.json", "$.tiles[0].segments[0].ports[1]",
     "'NNX' is not one of the 12 port names N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW, NNW",
     "schema.enum"),
    ("port_twice.tileset.json", "$.tiles[0].segments[1].ports[0]",
     "port NNE is already in segment 'city'", "port-twice"),
    ("missing_city.tileset.json", "$.tiles[0].segments[1].cities[0]",
     "no segment 'town' on this tile (segments: city, field)", "unknown-city"),
    ("wrong_type.tileset.json", "$.tiles[0].count",
     "expected an integer, got a string ('4')", "schema.type"),
    ("unknown_key.board.json", "$.players[0].colour2",
     "unknown key 'colour2' (allowed: name, colour, score, goods, supply, x-*)",
     "schema.additionalProperties"),
    ("road_halves.tileset.json", "$.tiles[0].segments[2]",
     "field 'field' holds both SSE and SSW around the road on side S; list 'S' in its wraps",
     "road-halves"),
    ("goods_totals.tileset.json", "$.goods_totals.wine",
     "goods_totals says wine 9 but the tiles show 8", "goods-totals"),
    ("unknown_tile.board.json", "$.tiles[1].tile",
     "unknown tile 'smaple/E'; did you mean sample/E?", "unknown-tile"),
    ("figure_segment.board.json", "$.figures[0].segment",
     "tile sample/D has no segment 'cloister' (segments: city, road, field-n, field-s)",
     "unknown-segment"),
    ("same_cell.board.json", "$.tiles[1]",
     "cell (0, 0) already holds sample/D (tiles[0])", "cell-taken"),
]


@pytest.mark.parametrize(("name", "path", "phrase", "code"), CASES, ids=[c[0] for c in CASES])
def test_invalid_file(name: str, path: str, phrase: str, code: str,
                      sample_catalogue: Catalogue) -> None:
    file = str(INVALID / name)
    data, problems = read_json(file)
    assert problems == []
    assert is_tileset(data) == name.endswith(".tileset.json")
    findings = (check_tileset(data, file) if is_tileset(data)
                else check_board(data, sample_catalogue, file))
    assert len(findings) == 1, findings
    (finding,) = findings
    assert (finding.file, finding.path, finding.code) == (file, path, code)
    assert phrase in finding.message


def test_broken_json_names_line_and_column() -> None:
    file = str(INVALID / "broken.json")
    data, findings = read_json(file)
    assert data is None
    assert [(f.path, f.code) for f in findings] == [("$", "json-syntax")]
    assert findings[0].message == (
        "not valid JSON: Expecting property name enclosed in double quotes at line 5, column 16")


def test_board_findings_carry_the_cell(sample_catalogue: Catalogue) -> None:
    file = str(INVALID / "figure_segment.board.json")
    (finding,) = check_board(read_json(file)[0], sample_catalogue, file)
    assert (finding.cell, finding.segment) == ((0, 0), "cloister")
