"""The public plugin API: our plugins use nothing else, and the board satisfies it."""

from __future__ import annotations

import ast
from pathlib import Path

from positions import board

from editor import api
from editor.model.board import Board

PLUGINS = Path(__file__).parents[2] / "plugins"


def editor_imports(path: Path) -> set[str]:
    """The ``editor`` modules a source file imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m == "editor" or m.startswith("editor.")}


def test_our_plugins_import_only_the_api():
    files = sorted(PLUGINS.rglob("*.py"))
    assert len(files) > 5
    used = {f.relative_to(PLUGINS).as_posix(): editor_imports(f) for f in files}
    assert {m for ms in used.values() for m in ms} == {"editor.api"}, used


def test_every_exported_name_exists():
    for name in api.__all__:
        assert hasattr(api, name), name


def protocol_members(protocol: type) -> set[str]:
    return {n for n in vars(protocol) if not n.startswith("_") or n in ("__len__", "__iter__")}


def test_the_model_board_has_every_query_of_the_api_board(catalogue):
    """A plugin typed against ``api.Board`` runs on the model's board: every query the
    protocol declares answers there (and agrees with what the feature reading says)."""
    b = board(catalogue, "base-c2", [("U", 0, 0, 0), ("U", 1, 0, 0)])
    for name in protocol_members(api.Board) - {"__len__", "__iter__"}:
        assert hasattr(b, name), name
    road = next(n for p in b for n in p.nodes() if b.node_kind(n) == "road")
    info = api.describe(b, road)
    assert {b.cell_of(n) for n in info.nodes} == info.tiles == {(0, 0), (1, 0)}
    assert b.is_complete(road) is info.complete is False
    assert isinstance(b, Board) and len(b) == 2


def test_the_ruleset_has_every_query_of_the_api_ruleset(host):
    rules = host.ruleset("base:C2 + traders-builders:C2")
    for name in protocol_members(api.Ruleset):
        assert hasattr(rules, name), name
    assert rules.has("traders-builders") is rules.editions[1]
    assert rules.strengths()["follower"] == 1
