"""The Qt-free position editor and its analysis: edits keep the graph exact, say what they
changed, restore exactly; findings come from one geometry; scores are cached per state."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import pytest
from board_support import partition

from editor.model.board import Board
from editor.model.players import Player
from editor.model.position import Note
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.resources import data_dir
from editor.rules.analysis import Analysis
from editor.rules.geometry import layout_findings, placement_geometry
from editor.rules.position_editor import (
    BoardState,
    Change,
    FigureSpec,
    PositionEditor,
    TileSpec,
    UnavailableRuleset,
    new_position,
)
from editor.rules.ruleset import RulesetError
from editor.workspace import open_position, ruleset_of

SAMPLE = data_dir("samples") / "first-steps.board.json"


def editor_of(host: PluginHost, position=None) -> PositionEditor:
    return PositionEditor(position or new_position(), lambda p: ruleset_of(p, host), host,
                          fill_supply=position is None)


def sample(host: PluginHost) -> PositionEditor:
    position, findings = open_position(SAMPLE)
    assert position is not None, findings
    return editor_of(host, position)



def fresh(editor: PositionEditor) -> Board:
    board = Board(editor.players)
    for spec in editor.tiles():
        board.place(spec.tile, spec.x, spec.y, spec.rotation)
    return board


def test_random_edits_rewind_and_replay_to_the_graph_of_a_fresh_build(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = sample(host)
    rng = random.Random(11)
    tiles = list(catalogue.get_set("base-c2").tiles)
    for _ in range(120):
        cells = list(editor.board.cells)
        op = rng.choice(["place", "place", "rotate", "remove", "move"])
        if op == "place" or not cells:
            x, y = rng.choice(list(editor.board.frontier) or [(0, 0)])
            change = editor.place_tile(TileSpec(rng.choice(tiles), x, y, rng.randrange(4)))
            assert change.added == [(x, y)]
        elif op == "rotate":
            cell = rng.choice(cells)
            assert editor.rotate_tile(*cell, rng.randrange(4)).changed == [cell]
        elif op == "remove":
            cell = rng.choice(cells)
            _, _, change = editor.remove_tile(*cell)
            assert change.removed == [cell] and cell not in editor.board.cells
        else:
            source, target = rng.choice(cells), rng.choice(list(editor.board.frontier))
            change = editor.move_tile(source, target)
            assert (change.removed, change.added) == ([source], [target])
        assert partition(editor.board) == partition(fresh(editor))


def test_figures_go_with_their_tile_and_the_change_names_their_cells(host: PluginHost) -> None:
    editor = sample(host)
    before = [f for f in editor.figures() if f.cell == (1, 1)]
    assert before
    assert editor.rotate_tile(1, 1, 1).figures == [(1, 1)]
    change = editor.move_tile((1, 1), (9, 9))
    assert change.figures == [(1, 1), (9, 9)]
    assert [f.segment for f in editor.figures() if f.cell == (9, 9)] == [
        f.segment for f in before]
    spec, gone, change = editor.remove_tile(9, 9)
    assert spec.tile.ref == "base-c2/D" and change.figures == [(9, 9)]
    assert [f for _, f in gone] == [FigureSpec(f.kind, f.owner, 9, 9, f.segment)
                                    for f in before]


def test_set_state_restores_exactly_and_names_every_changed_cell(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = sample(host)
    saved: BoardState = editor.state()
    editor.place_tile(TileSpec(catalogue.tile("base-c2/E"), 7, 7))
    editor.rotate_tile(0, 0, 3)
    editor.remove_tile(1, 1)
    editor.set_player(0, score=42, name="Ann")
    change = editor.set_state(saved)
    assert editor.state() == saved
    assert change.removed == [(7, 7)] and change.added == [(1, 1)]
    assert change.changed == [(0, 0)] and change.players


def test_players_edits_renumber_the_owners_of_figures(host: PluginHost) -> None:
    editor = sample(host)
    owners = [f.owner for f in editor.figures()]
    change = editor.insert_player(0, Player("Green", "#00a000"))
    assert [f.owner for f in editor.figures()] == [o + 1 for o in owners]
    assert change.players and change.figures is not None
    player, _, _ = editor.remove_player(0)
    assert player.name == "Green" and [f.owner for f in editor.figures()] == owners
    old, change = editor.set_player(0, colour="#123456")
    assert old["colour"] != "#123456" and editor.players[0].colour == "#123456"
    assert change.figures == sorted({f.cell for f in editor.figures() if f.owner == 0})
    with pytest.raises(ValueError, match="no field"):
        editor.set_player(0, age=3)


def test_notes_title_and_puzzle_change_no_score(host: PluginHost) -> None:
    editor = sample(host)
    assert editor.set_info(title="T") == Change(annotations=True, rescore=False)
    assert editor.insert_annotation("notes", 0, Note(0, 0, "hi")).rescore is False
    assert editor.position.annotations.notes[0].text == "hi"
    puzzle = {"to_move": 1}
    assert editor.set_puzzle(puzzle) == Change(puzzle=True, rescore=False)
    puzzle["to_move"] = 0  # the editor keeps its own copy
    assert editor.position.puzzle == {"to_move": 1}
    with pytest.raises(ValueError, match="unknown annotation kind"):
        editor.annotation_list("doodles")


def test_continue_from_sets_the_board_and_the_log_together(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = sample(host)
    before, log = editor.state(), [{"move": 1}, {"move": 2}]
    editor.place_tile(TileSpec(catalogue.tile("base-c2/E"), 7, 7))
    change = editor.continue_from(before, log[:1])
    assert change.moves and change.removed == [(7, 7)]
    assert editor.position.moves == [{"move": 1}] and editor.state() == before


def test_an_unbuildable_ruleset_stands_in_and_is_told(host: PluginHost) -> None:
    def refuse(_position):
        raise RulesetError("no edition nowhere:C9")
    editor = PositionEditor(new_position(), refuse, host)
    assert isinstance(editor.rules, UnavailableRuleset)
    assert editor.ruleset_problem == "no edition nowhere:C9"
    found = Analysis(editor, host).findings()
    assert [f.code for f in found] == ["ruleset-unavailable"]


def test_geometry_is_told_on_the_later_tile_by_one_rule_for_both_uses(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = editor_of(host)
    road = catalogue.tile("base-c2/D")  # city north, road west–east
    city = catalogue.tile("base-c2/C")  # city on all four sides
    editor.place_tile(TileSpec(road, 0, 0))
    prospective = placement_geometry(editor.board, city, 1, 0, 0)
    assert [(f.code, f.cell) for f in prospective] == [("sides-differ", (1, 0))]
    assert prospective == editor.engine.placement_findings(editor.board, city, 1, 0, 0)
    editor.place_tile(TileSpec(city, 1, 0))
    editor.place_tile(TileSpec(road, 5, 5))
    found = [(f.code, f.cell) for f in layout_findings(editor.board)]
    assert found == [("sides-differ", (1, 0)), ("not-adjacent", (5, 5))]
    assert [(f.code, f.cell) for f in Analysis(editor, host).findings()
            if f.code in ("sides-differ", "not-adjacent")] == found


def test_river_findings_are_recorded_as_the_tile_goes_down(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = editor_of(host)
    river = catalogue.get_set("river-c2")
    spring = next(t for t in river.tiles if "spring" in t.tags or t.start)
    editor.place_tile(TileSpec(spring, 0, 0))
    editor.place_tile(TileSpec(catalogue.tile("base-c2/D"), 0, 1))
    bend = next(t for t in river.tiles if t.has("river") and t is not spring)
    editor.place_tile(TileSpec(bend, 5, 5))
    recorded = editor.recorded_findings()
    assert recorded and {f.cell for f in recorded} == {(5, 5)}
    assert set(recorded) <= set(Analysis(editor, host).findings())
    editor.remove_tile(5, 5)
    assert editor.recorded_findings() == []


def test_the_score_report_is_computed_once_per_state(
        host: PluginHost, catalogue: Catalogue) -> None:
    editor = sample(host)
    analysis = Analysis(editor, host)
    report = analysis.score_report()
    assert analysis.score_report() is report
    editor.place_tile(TileSpec(catalogue.tile("base-c2/E"), 7, 7))
    analysis.invalidate()
    assert analysis.score_report() is not report
    assert analysis.refresh() == ""


def test_worth_of_a_road_now_and_at_the_end(host: PluginHost, catalogue: Catalogue) -> None:
    editor = editor_of(host)
    road = catalogue.tile("base-c2/U")  # a straight road, west–east
    editor.place_tile(TileSpec(road, 0, 0))
    editor.place_tile(TileSpec(road, 1, 0))
    segment = next(s.id for s in road.segments if s.kind == "road")
    editor.add_figure(FigureSpec("follower", 0, 0, 0, segment))
    info = editor.feature(0, 0, segment)
    assert info is not None
    now, end = Analysis(editor, host).worth(info)
    assert now == {0: 2} and end == {0: 2}


def test_the_core_edits_and_scores_without_qt() -> None:
    script = textwrap.dedent("""
        import sys
        from editor.plugins import default_host
        from editor.workspace import catalogue, ruleset_of
        from editor.rules.analysis import Analysis
        from editor.rules.position_editor import PositionEditor, TileSpec, new_position
        host = default_host()
        editor = PositionEditor(new_position(), lambda p: ruleset_of(p, host), host)
        editor.place_tile(TileSpec(catalogue(host).tile("base-c2/D"), 0, 0))
        Analysis(editor, host).findings()
        assert not [m for m in sys.modules if m.startswith(("PySide6", "shiboken"))]
        print(len(editor.board.cells))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
