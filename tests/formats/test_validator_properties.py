"""Whatever the input, validation ends in a result or in findings, never in an exception."""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.formats.boards import position_of, position_to_dict
from editor.formats.jsonio import read_json
from editor.formats.lint import check_board, check_tileset, is_tileset
from editor.formats.tilesets import load_tileset, tileset_from_dict, tileset_to_dict
from editor.model.findings import Finding, Severity
from editor.model.tilesets import Catalogue

HERE = Path(__file__).parent
TILESET = read_json(HERE / "sample.tileset.json")[0]
BOARD = read_json(HERE / "sample.board.json")[0]
CATALOGUE = Catalogue([tileset_from_dict(TILESET)])
Strip = Callable[[Any], Any]
SETTINGS = settings(max_examples=200, deadline=None)

scalars = (st.none() | st.booleans() | st.integers(-5, 300)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=12,
)
#: Values of another JSON type than the one given.
OTHER_TYPE: dict[type, list[Any]] = {
    dict: [[], "x", 1], list: [{}, "x", 0], str: [1, None, ["x"]], bool: [0, "true", None],
    int: ["1", 1.5, True], float: ["1.5", None, [1.5]], type(None): [0, "", {}],
}


def locations(node: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in a document."""
    found: list[tuple[Any, Any]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, value in items:
        found.append((node, key))
        found += locations(value)
    return found


@st.composite
def edited(draw: st.DrawFn, original: dict[str, Any]) -> dict[str, Any]:
    """A valid document with one to three random edits.

    An edit deletes a key or item, gives a value another type, replaces it with random JSON or
    with a copy of another value of the document, or adds an unknown or an ``x-`` key.
    """
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        spots = locations(doc)
        edit = draw(st.sampled_from(["delete", "retype", "replace", "copy", "add", "add-x"]))
        if edit.startswith("add") or not spots:
            objects = [doc, *(c[k] for c, k in spots if isinstance(c[k], dict))]
            key = draw(st.text(min_size=1, max_size=8))
            draw(st.sampled_from(objects))["x-" + key if edit == "add-x" else key] = draw(
                json_values)
            continue
        container, key = draw(st.sampled_from(spots))
        if edit == "delete":
            del container[key]
        elif edit == "retype":
            # a copy: the sampled constants must not be edited by later edits or the checks
            other = draw(st.sampled_from(OTHER_TYPE[type(container[key])]))
            container[key] = copy.deepcopy(other)
        elif edit == "copy":
            source, name = draw(st.sampled_from(spots))
            container[key] = copy.deepcopy(source[name])
        else:
            container[key] = draw(json_values)
    return doc


@st.composite
def retargeted(draw: st.DrawFn, original: dict[str, Any]) -> dict[str, Any]:
    """A board whose tiles and figures are moved, retyped or given to other players: edits
    the schema accepts and only the lint (unknown tiles, shared cells, missing segments or
    players) can judge."""
    doc = copy.deepcopy(original)
    tiles = [tile for tile_set in CATALOGUE.sets for tile in tile_set.tiles]
    refs = [*sorted(tile.ref for tile in tiles), "sample/ZZ", "nowhere/A"]
    segments = [*sorted({s.id for tile in tiles for s in tile.segments}), "moat"]
    for _ in range(draw(st.integers(1, 3))):
        what = draw(st.sampled_from(["owner", "segment", "figure-cell", "tile", "tile-cell"]))
        items = doc["figures"] if what in ("owner", "segment", "figure-cell") else doc["tiles"]
        item = draw(st.sampled_from(items))
        if what == "owner":
            item["owner"] = draw(st.integers(0, 3))
        elif what == "segment":
            item["segment"] = draw(st.sampled_from(segments))
        elif what == "tile":
            item["tile"] = draw(st.sampled_from(refs))
        else:
            item["x"], item["y"] = draw(st.integers(-2, 1)), draw(st.integers(-1, 1))
    return doc


def outcome(findings: list[Finding]) -> bool:
    """Whether the findings are well-formed; True when the input is valid."""
    for f in findings:
        assert isinstance(f, Finding) and f.path.startswith("$") and f.message
    return not any(f.severity is Severity.ERROR for f in findings)


def check_as_tileset(data: Any, without_defaults: Strip) -> bool:
    """The tile set checker's verdict; a tile set it accepts loads and saves back as it was."""
    valid = outcome(check_tileset(data))
    if valid:
        assert is_tileset(data)
        assert tileset_to_dict(tileset_from_dict(data)) == without_defaults(data)
    return valid


def check_as_board(data: Any) -> bool:
    """The board checker's verdict, which the loader shares: a board it accepts loads with
    every tile and figure and saves to a file that loads to the same position; a board it
    refuses is refused by the loader too (no position, or an error finding)."""
    valid = outcome(check_board(data, CATALOGUE))
    position, findings = position_of(copy.deepcopy(data), "board.json", CATALOGUE)
    errors = [f.message for f in findings if f.severity is Severity.ERROR]
    assert valid == (position is not None and not errors), errors
    if position is not None and valid:
        assert len(position.board) == len(data["tiles"])
        assert len(position.board.figures) == len(data.get("figures", []))
        assert [p.name for p in position.board.players] == [p["name"] for p in data["players"]]
        saved = position_to_dict(position)
        again, findings = position_of(saved, "saved.json", CATALOGUE)
        assert again is not None and outcome(findings)
        assert position_to_dict(again) == saved
    return valid


@SETTINGS
@given(data=json_values)
def test_random_json_values(data: Any, without_defaults: Strip) -> None:
    """Random JSON is refused as a board (no random value is one), and a value that is not an
    object is refused by both checkers with one error at the root saying so."""
    as_tileset = check_as_tileset(data, without_defaults)
    assert not check_as_board(data)
    if not isinstance(data, dict):
        assert not as_tileset and not is_tileset(data)
        for findings in (check_tileset(data), check_board(data, CATALOGUE)):
            assert [(f.path, f.severity) for f in findings] == [("$", Severity.ERROR)]
            assert findings[0].message.startswith("expected an object, got ")


@SETTINGS
@given(data=edited(TILESET))
def test_edited_tilesets(data: dict[str, Any], without_defaults: Strip) -> None:
    check_as_tileset(data, without_defaults)


@SETTINGS
@given(edited(BOARD))
def test_edited_boards(data: dict[str, Any]) -> None:
    check_as_board(data)


@SETTINGS
@given(retargeted(BOARD))
def test_retargeted_boards(data: dict[str, Any]) -> None:
    check_as_board(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
def test_random_files(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.json"
        path.write_bytes(content)
        tile_set, findings = load_tileset(path)
        assert tile_set is not None or findings
        outcome(findings)
