"""The editor's score report and layout findings, kept up to date edit by edit
(``editor.rules.rescoring``), are those computed from scratch after any edits: placing,
removing, turning and moving tiles, standing and taking off figures, and undoing each,
under every ruleset."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import RULESETS, farmers_first

from editor.model.position import Position
from editor.plugins import PluginHost
from editor.rules.analysis import Analysis
from editor.rules.engine import Engine
from editor.rules.geometry import layout_findings
from editor.rules.position_editor import FigureSpec, PositionEditor, TileSpec
from editor.rules.rescoring import Layout, Rescorer, shared_prefix
from editor.rules.score_report import score_report
from editor.rules.selfplay import box, new_board, random_game


def edited(host: PluginHost, catalogue, spec: str, seed: int, tiles: int = 25
           ) -> tuple[PositionEditor, random.Random, list]:
    """An editor of a random game's position under ``spec``, its random source and tiles."""
    rules = host.ruleset(spec)
    engine = Engine(rules)
    rng = random.Random(seed)
    board = new_board(engine, 3)
    for _ in random_game(engine, box(catalogue, rules), rng, board=board, tiles=tiles,
                         figure_rate=0.7, pick=farmers_first):
        pass
    editor = PositionEditor(Position(board), lambda _position: rules, host)
    return editor, rng, list(box(catalogue, rules).tiles)


def random_edit(editor: PositionEditor, rng: random.Random, tiles: list, undo: list) -> None:
    """One random edit, its inverse pushed on ``undo``; or, one time in six, an undo."""
    board = editor.board
    cells = list(board.cells)
    op = rng.choice(["place", "place", "remove", "rotate", "move", "figure", "figure",
                     "unfigure", "undo"])
    if op == "undo" and undo:
        undo.pop()()
    elif op in ("remove", "rotate", "move") and len(cells) > 2:
        cell = rng.choice(cells)
        tile = editor.tile_at(*cell)
        assert tile is not None
        if op == "remove":
            figures = editor.figures()
            editor.remove_tile(*cell)
            undo.append(lambda: (editor.place_tile(tile), editor.set_figures(figures)))
        elif op == "rotate":
            editor.rotate_tile(*cell, rng.randrange(4))
            undo.append(lambda: editor.rotate_tile(*cell, tile.rotation))
        else:
            target = rng.choice(list(board.frontier))
            editor.move_tile(cell, target)
            undo.append(lambda: editor.move_tile(target, cell))
    elif op == "figure" and cells:
        x, y = rng.choice(cells)
        segment = rng.choice(board.cells[(x, y)].tile.segments).id
        kind = rng.choice(editor.figure_kinds())
        index, _change = editor.add_figure(FigureSpec(kind, rng.randrange(3), x, y, segment))
        undo.append(lambda: editor.remove_figure(index))
    elif op == "unfigure" and board.figures:
        index = rng.randrange(len(board.figures))
        spec, _change = editor.remove_figure(index)
        undo.append(lambda: editor.add_figure(spec, index))
    else:
        x, y = rng.choice(list(board.frontier) or [(0, 0)])
        tile = rng.choice(tiles)
        fitting = tile.fits[board.frontier.get((x, y), 0)]
        rotation = rng.choice(fitting) if fitting and rng.random() < 0.8 else rng.randrange(4)
        editor.place_tile(TileSpec(tile, x, y, rotation))
        undo.append(lambda: editor.remove_tile(x, y))


@pytest.mark.parametrize("spec", RULESETS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_report_after_random_edits_is_the_one_from_scratch(host, catalogue, spec, seed):
    editor, rng, tiles = edited(host, catalogue, spec, seed)
    rules = editor.rules
    analysis = Analysis(editor, host)
    undo: list = []
    for _ in range(14):
        random_edit(editor, rng, tiles, undo)
        analysis.invalidate()
        report = analysis.score_report()
        fresh = score_report(editor.board, rules)
        assert report.lines == fresh.lines
        assert json.dumps(report.to_json()) == json.dumps(fresh.to_json())
        assert [f.to_json() for f in analysis.findings()] == \
            [f.to_json() for f in Analysis(editor, host).findings()]


def test_layout_findings_after_edits_are_those_from_scratch(host, catalogue):
    """Tiles placed anyhow (sides that disagree, tiles touching nothing), then moved, turned
    and taken off: the findings kept up to date are those of the whole board, in order."""
    editor, rng, tiles = edited(host, catalogue, "base:C2", 5, tiles=15)
    layout = Layout()
    told = 0
    for _ in range(60):
        random_edit(editor, rng, tiles, [])
        found = layout.findings(editor.board)
        assert [f.to_json() for f in found] == \
            [f.to_json() for f in layout_findings(editor.board)]
        told += len(found)
    assert told > 0


def test_an_edit_far_off_keeps_the_other_features_scores(host, catalogue, monkeypatch):
    """Standing a follower on one tile asks the editions for the few features around it, not
    for every feature of the board."""
    editor, _rng, _tiles = edited(host, catalogue, "base:C2", 7, tiles=60)
    rescorer = Rescorer()
    rules = editor.rules
    rescorer.report(editor.board, rules)
    asked: list[frozenset[int] | None] = []
    final_scoring = type(rules.hooks).final_scoring

    def spy(self, board, explain, roots):
        asked.append(roots)
        return final_scoring(self, board, explain, roots)

    monkeypatch.setattr(type(rules.hooks), "final_scoring", spy)
    x, y = next(iter(editor.board.cells))
    segment = editor.board.cells[(x, y)].tile.segments[0].id
    editor.add_figure(FigureSpec("follower", 0, x, y, segment))
    report = rescorer.report(editor.board, rules)
    assert report.lines == score_report(editor.board, rules).lines
    features = len({editor.board.find(n) for n in range(len(editor.board.parent))})
    assert asked[0] is not None and 0 < len(asked[0]) < features // 4


def test_shared_prefix_finds_where_two_journals_part():
    """Entries are told apart by identity: one written again after an undo is another."""
    def entry(name: str) -> tuple[str, ...]:
        return tuple([name])

    first, second, third = entry("a"), entry("b"), entry("c")
    assert shared_prefix([first, second, third], [first, second, entry("c")]) == 2
    assert shared_prefix([first], [first, second]) == 1
    assert shared_prefix([], [first]) == 0
    assert shared_prefix([first, second], [entry("a"), entry("b")]) == 0


def test_a_city_completed_far_from_a_farmer_pays_the_farmer(host, catalogue):
    """A farmer on a field touching only the far end of a long city scores once the city is
    completed at the other end, four cells away (the field is not beside the edit)."""
    rules = host.ruleset("base:C2")
    editor = PositionEditor(Position(new_board(Engine(rules), 2)), lambda _p: rules, host)
    tiles = {t.ref: t for t in catalogue.get_set("base-c2").tiles}

    def turned(ref: str, sides: tuple[str, ...]) -> int:
        return next(r for r, o in enumerate(tiles[ref].orientations) if o.side_kinds == sides)

    cap = ("city", "field", "field", "field")
    editor.place_tile(TileSpec(tiles["base-c2/E"], 0, 0, turned("base-c2/E", cap)))
    editor.add_figure(FigureSpec("follower", 1, 0, 0, "field"))
    wall = turned("base-c2/G", ("city", "field", "city", "field"))
    for y in (-1, -2, -3):
        editor.place_tile(TileSpec(tiles["base-c2/G"], 0, y, wall))
    rescorer = Rescorer()
    assert rescorer.report(editor.board, rules).final == [0, 0]
    down = turned("base-c2/E", ("field", "field", "city", "field"))
    editor.place_tile(TileSpec(tiles["base-c2/E"], 0, -4, down))
    report = rescorer.report(editor.board, rules)
    assert report.final == [0, 3]
    assert report.lines == score_report(editor.board, rules).lines
