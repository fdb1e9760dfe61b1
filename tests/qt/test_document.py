"""BoardDocument: edits keep the feature graph exact, signals name what changed."""

from __future__ import annotations

import random

import pytest
from board_support import partition
from qt_support import sample_document, snapshot

from editor.model.board import Board
from editor.model.findings import Severity
from editor.model.players import Player
from editor.qt.document import BoardDocument, FigureSpec, TileSpec


def fresh(doc: BoardDocument) -> Board:
    """The document's tiles and figures placed on a new board."""
    board = Board(doc.players)
    for spec in doc.tiles():
        board.place(spec.tile, spec.x, spec.y, spec.rotation)
    return board


def test_random_edits_keep_the_graph_equal_to_a_fresh_build(qapp) -> None:
    doc = sample_document()
    rng = random.Random(7)
    tiles = list(doc.catalogue.get_set("base-c2").tiles)
    for _ in range(150):
        cells = list(doc.board.cells)
        op = rng.choice(["place", "place", "rotate", "remove", "move"])
        if op == "place" or not cells:
            x, y = rng.choice(list(doc.board.frontier) or [(0, 0)])
            doc.place_tile(TileSpec(rng.choice(tiles), x, y, rng.randrange(4)))
        elif op == "rotate":
            doc.rotate_tile(*rng.choice(cells), rng.randrange(4))
        elif op == "remove":
            doc.remove_tile(*rng.choice(cells))
        else:
            target = rng.choice(list(doc.board.frontier))
            doc.move_tile(rng.choice(cells), target)
        board = doc.board
        assert partition(board) == partition(fresh(doc))
        for root in range(len(board.parent)):
            if board.parent[root] == root and board.node_cell[root] in board.cells:
                feature = board.feature_of[root]
                expected = sum(1 for f in board.figures if board.find(f.node) == root)
                assert feature.nfig == expected


def test_figures_follow_their_tile_and_go_with_it(qapp) -> None:
    doc = sample_document()
    before = [f for f in doc.figures() if f.cell == (1, 1)]
    assert before
    doc.rotate_tile(1, 1, 1)
    assert [f for f in doc.figures() if f.cell == (1, 1)] == before
    doc.move_tile((1, 1), (9, 9))
    assert [f.segment for f in doc.figures() if f.cell == (9, 9)] == [f.segment for f in before]
    spec, gone = doc.remove_tile(9, 9)
    assert spec.tile.ref == "base-c2/D"
    assert [f for _, f in gone] == [FigureSpec(f.kind, f.owner, 9, 9, f.segment)
                                    for f in before]
    assert not any(f.cell == (9, 9) for f in doc.figures())


def test_edits_emit_the_signal_of_what_changed(qtbot) -> None:
    doc = sample_document()
    tile = doc.catalogue.tile("base-c2/E")
    with qtbot.waitSignal(doc.tileAdded) as added:
        doc.place_tile(TileSpec(tile, 5, 5))
    assert added.args == [5, 5]
    with qtbot.waitSignal(doc.tileChanged) as changed:
        doc.rotate_tile(5, 5, 2)
    assert changed.args == [5, 5]
    with qtbot.waitSignal(doc.figuresChanged) as figures:
        doc.add_figure(FigureSpec("follower", 0, 5, 5, doc.tile_at(5, 5).tile.segments[0].id))
    assert figures.args == [[(5, 5)]]
    with qtbot.waitSignal(doc.tileRemoved):
        doc.remove_tile(5, 5)
    with qtbot.waitSignal(doc.playersChanged):
        doc.set_player(0, score=30)
    with qtbot.waitSignal(doc.annotationsChanged):
        doc.set_info(title="New title")
    with qtbot.waitSignal(doc.rulesetChanged):
        doc.set_ruleset(["base:C1"], {"base:C1": {"rules": "2001"}})
    assert doc.rules.name == "base:C1[rules=2001]"
    assert doc.position.options == {"base:C1": {"rules": "2001"}}


def test_scores_are_recomputed_once_after_a_burst_of_edits(qtbot) -> None:
    doc = sample_document()
    emitted = []
    doc.scoresChanged.connect(lambda: emitted.append(1))
    for score in range(10):
        doc.set_player(0, score=score)
    assert emitted == []
    qtbot.waitUntil(lambda: emitted == [1], timeout=2000)
    assert doc.score_report().current[0] == 9


def test_removing_a_player_renumbers_and_restores_owners(qapp) -> None:
    doc = sample_document()
    before = doc.figures()
    player, saved = doc.remove_player(0)
    assert player.name == "Alice"
    assert all(f.owner == 0 for f in doc.figures())
    assert len(doc.figures()) == sum(1 for f in before if f.owner == 1)
    doc.insert_player(0, player)
    doc.set_figures(saved)
    assert doc.figures() == before


def test_inserting_a_player_shifts_later_owners(qapp) -> None:
    doc = sample_document()
    before = doc.figures()
    doc.insert_player(0, Player("Carol", "#2a9d3f"))
    assert [f.owner for f in doc.figures()] == [f.owner + 1 for f in before]


def test_modified_follows_the_undo_stack_and_recovery(qapp) -> None:
    doc = sample_document()
    assert not doc.modified
    from editor.qt.commands import EditPlayer

    doc.undo_stack.push(EditPlayer(doc, 0, score=1))
    assert doc.modified
    doc.undo_stack.undo()
    assert not doc.modified
    doc.mark_dirty()
    assert doc.modified
    doc.mark_saved()
    assert not doc.modified


def test_worth_of_an_open_city_now_and_at_the_end(qapp) -> None:
    doc = sample_document()
    doc.flush()
    info = doc.feature(1, 3, "city")
    assert info is not None and info.kind == "city"
    now, end = doc.worth(info)
    report = doc.score_report()
    located = sum(line.points for line in report.lines
                  if line.cell is not None and doc.board.find(
                      doc.board.cells[line.cell].node(line.segment)) == info.root)
    assert sum(end.values()) == located
    if not info.complete:
        assert sum(now.values()) >= sum(end.values())


@pytest.mark.parametrize(("ruleset", "says"), [
    ({"editions": ["base:c2"]}, "unknown edition 'base:c2' (known: base:C1, base:C2"),
    ({"editions": ["base:C1"], "options": {"base:C1": {"rules": "200"}}}, "base:C1: "),
    ({"editions": ["base:C2"], "options": {"base:C2": {"rulez": "2001"}}},
     "base:C2 has no option 'rulez'")])
def test_an_unavailable_ruleset_is_shown_never_replaced(qapp, ruleset, says) -> None:
    from editor.formats.boards import position_from_dict, position_to_dict
    from editor.qt.commands import ChangeRuleset

    sample = sample_document()
    data = position_to_dict(sample.position)
    data["ruleset"] = ruleset
    position, _ = position_from_dict(data, sample.catalogue)
    doc = BoardDocument(position)
    doc.flush()
    assert doc.rules.name.endswith(" (unavailable)") and says in doc.ruleset_problem
    assert not doc.rules.editions and doc.figure_kinds() == []
    report = doc.score_report()
    assert not report.lines  # nothing scored with another ruleset
    problem = [f for f in doc.findings() if f.code == "ruleset-unavailable"]
    assert len(problem) == 1 and problem[0].severity is Severity.ERROR
    assert says in problem[0].message and "Nothing is scored" in problem[0].message
    assert position_to_dict(doc.position)["ruleset"] == ruleset  # kept for saving
    doc.undo_stack.push(ChangeRuleset(doc, ["base:C3"], {}))
    doc.flush()
    assert doc.rules.name == "base:C3" and not doc.ruleset_problem
    assert not [f for f in doc.findings() if f.code == "ruleset-unavailable"]
    assert doc.score_report().lines
    doc.undo_stack.undo()
    doc.flush()
    assert doc.ruleset_problem and position_to_dict(doc.position)["ruleset"] == ruleset


def test_illegal_placements_become_findings_not_refusals(qapp) -> None:
    doc = sample_document()
    doc.flush()
    assert not [f for f in doc.findings() if f.cell == (0, 4)]
    wrong = doc.catalogue.tile("base-c2/C")  # a four-sided city below the road end
    doc.place_tile(TileSpec(wrong, 0, 4))
    doc.place_tile(TileSpec(doc.catalogue.tile("base-c2/A"), 20, 20))
    doc.flush()
    codes = {(f.cell, f.code) for f in doc.findings()}
    assert ((0, 4), "sides-differ") in codes or ((0, 3), "sides-differ") in codes
    assert ((20, 20), "not-adjacent") in codes


def test_river_findings_are_recorded_when_placed(qapp) -> None:
    doc = BoardDocument()
    river = doc.catalogue.get_set("river-c2")
    spring = next(t for t in river.tiles if "spring" in t.tags or t.start)
    doc.place_tile(TileSpec(spring, 0, 0))
    doc.place_tile(TileSpec(doc.catalogue.tile("base-c2/D"), 0, 1))
    bend = next(t for t in river.tiles if t.has("river") and t is not spring)
    doc.place_tile(TileSpec(bend, 5, 5))
    doc.flush()
    assert any(f.cell == (5, 5) for f in doc.findings())


def test_a_new_document_has_two_players_with_full_supply(qapp) -> None:
    doc = BoardDocument()
    assert [p.name for p in doc.players] == ["Red", "Blue"]
    assert doc.players[0].supply == {"follower": 7, "abbot": 1}
    assert snapshot(doc)["tiles"] == []


@pytest.mark.parametrize("spec", ["base:C3", "base:C2 + traders-builders:C2"])
def test_figure_kinds_come_from_the_ruleset(qapp, spec: str) -> None:
    doc = sample_document()
    doc.set_ruleset([s.strip() for s in spec.split("+")], {})
    assert set(doc.figure_kinds()) == set(doc.rules.figure_kinds())
