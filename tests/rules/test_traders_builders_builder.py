"""Traders & Builders: the builder (RULES.md §4.2, §6 ex. 9, 10)."""

from __future__ import annotations

import pytest
from test_traders_builders import ALL, C1_TO_C3, Game, of, pts, snapshot

from editor.rules.moves import FigureAction, Turn

RED, BLUE = 0, 1


def road_west(g: Game) -> None:
    """A road closed in the west: base A (monastery, road facing east) at (-1, 0) and the
    start tile D (city N, road W–E) at (0, 0); the road is open east of (0, 0)."""
    g.put("A", -1, 0, 3)
    g.put("D", 0, 0)


def extra(result) -> list[tuple[int | None, int, object]]:
    return [(e.player, e.part, e.detail.get("optional")) for e in of(result.events,
                                                                      "extra-turn")]


@pytest.mark.parametrize("edition", ["C1-2000", *C1_TO_C3])
def test_double_turn_example(host, catalogue, edition):
    """§6 ex. 9 (C2; C1 and C3 alike, C1 under both its first and final rules: its "complete
    or extend" and "extend" wordings agree, see plugins/traders_builders/builder.py).
    Turn 1: Red's thief on U at (1, 0). Turn 2: Red's builder on U at (2, 0), allowed by
    the thief. Turn 3a: L at (3, 0) closes the road A–D–U–U–L (5 tiles: Red 5) and Red
    puts a knight on L's city; the road returns thief and builder, and since the tile
    extended the builder's road Red draws a second tile. Turn 3b: G at (3, -1) extends
    the knight's city and the builder, back in supply, goes on it. No third tile."""
    g = Game(host, catalogue, edition)
    road_west(g)
    first = g.play("U", 1, 0, 0, "follower", "road")
    assert first.next_turn.player == BLUE
    second = g.play("U", 2, 0, 0, "builder", "road")
    assert extra(second) == [] and second.next_turn.player == BLUE
    third = g.play("L", 3, 0, 0, "follower", "city")
    assert pts(third.events) == [(RED, 5)]
    assert sorted(e.figure.kind for e in of(third.events, "return")) == ["builder", "follower"]
    assert extra(third) == [(RED, 2, True)]
    assert (third.next_turn.player, third.next_turn.part) == (RED, 2)
    assert g.board.players[RED].supply["builder"] == 1
    fourth = g.play("G", 3, -1, 1, "builder", "city", turn=third.next_turn)
    assert extra(fourth) == [] and (fourth.next_turn.player, fourth.next_turn.part) == (BLUE, 1)
    assert [g.board.node_cell[f.node] for f in g.figures("builder")] == [(3, -1)]
    assert g.scores == [5, 0]


def test_second_tile_may_take_the_returned_builder(host, catalogue):
    """The builder returned by part 1 is offered on the second tile (§4.2 "same turn as
    completion"): after ex. 9's turn 3a, G at (3, -1) offers the builder on its city,
    where Red's new knight stands, and not on its fields."""
    g = Game(host, catalogue, "C2")
    road_west(g)
    g.play("U", 1, 0, 0, "follower", "road")
    g.play("U", 2, 0, 0, "builder", "road")
    third = g.play("L", 3, 0, 0, "follower", "city")
    placed = g.board.place(g.tile("G"), 3, -1, 1)
    options = g.engine.figure_options(g.board, placed, RED, third.next_turn)
    assert [a for a in options if a.kind == "builder"] == [FigureAction("builder", "city")]


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_no_third_tile_and_builder_stays(host, catalogue, edition):
    """Red's thief and builder stand on the open road A–D–U–U. Part 1: U at (3, 0)
    extends it: second tile. Part 2: U at (4, 0) extends it again: no third tile, Blue is
    next. The builder stays on the open road, so Red's next turn extending it at (5, 0)
    gives a second tile again (C1–C3: "every turn", §4.2)."""
    g = Game(host, catalogue, edition)
    road_west(g)
    g.put("U", 1, 0)
    g.put("U", 2, 0)
    g.stand(RED, 1, 0, "road")
    g.stand(RED, 2, 0, "road", "builder")
    part1 = g.play("U", 3, 0)
    assert extra(part1) == [(RED, 2, True)]
    part2 = g.play("U", 4, 0, turn=part1.next_turn)
    assert extra(part2) == []
    assert (part2.next_turn.player, part2.next_turn.part) == (BLUE, 1)
    assert len(g.figures("builder")) == 1
    later = g.play("U", 5, 0)
    assert extra(later) == [(RED, 2, True)]


def test_c31_builder_is_one_shot(host, catalogue):
    """The same position under C3.1, the builder assigned beside the thief at (1, 0).
    Part 1: U at (3, 0) continues the road: the builder leaves for the stacks (back to
    supply) and Red takes one extra turn, which is mandatory. Part 2: U at (4, 0): nothing.
    Red's next turn extending the road at (5, 0): nothing either, the builder is gone
    (C1–C3 give a second tile here: see the test above)."""
    g = Game(host, catalogue, "C3.1")
    road_west(g)
    g.put("U", 1, 0)
    g.put("U", 2, 0)
    g.stand(RED, 1, 0, "road")
    builder = g.stand(RED, 1, 0, "road", "builder")
    part1 = g.play("U", 3, 0)
    assert [e.figure for e in of(part1.events, "return")] == [builder]
    assert "tile stacks" in of(part1.events, "return")[0].reason
    assert extra(part1) == [(RED, 2, False)]
    assert g.board.players[RED].supply["builder"] == 1
    part2 = g.play("U", 4, 0, turn=part1.next_turn)
    assert extra(part2) == [] and part2.next_turn.player == BLUE
    later = g.play("U", 5, 0)
    assert extra(later) == [] and later.next_turn.player == BLUE
    assert g.figures("builder") == []


def test_c31_builder_example(host, catalogue):
    """§6 ex. 10 (C3.1). Turn 1: Red places U at (1, 0) with a thief and assigns the
    builder beside it; placing never triggers. Turn 2: U at (2, 0) continues the road: the
    builder goes to the stacks, and at the end of the turn back to supply with one extra
    turn. Extra turn: L at (3, 0) closes the road (A–D–U–U–L, Red 5) and Red assigns the
    builder to a new knight on L's city. No further extra turn: Blue is next."""
    g = Game(host, catalogue, "C3.1")
    road_west(g)
    first = g.play("U", 1, 0, 0, "follower", "road", assign=("builder",))
    assert extra(first) == [] and first.next_turn.player == BLUE
    nodes = {f.kind: f.node for f in g.board.figures}
    assert nodes["builder"] == nodes["follower"]
    second = g.play("U", 2, 0)
    assert [e.figure.kind for e in of(second.events, "return")] == ["builder"]
    assert extra(second) == [(RED, 2, False)]
    third = g.play("L", 3, 0, 0, "follower", "city", assign=("builder",),
                   turn=second.next_turn)
    assert pts(third.events) == [(RED, 5)]
    assert extra(third) == [] and (third.next_turn.player, third.next_turn.part) == (BLUE, 1)
    assert [g.board.node_cell[f.node] for f in g.figures("builder")] == [(3, 0)]
    assert g.scores == [5, 0]


def test_c31_completing_tile_triggers(host, catalogue):
    """C3.1 "even if the same tile completes the feature": Red's thief and builder on U at
    (1, 0); L at (2, 0) closes the road (4 tiles). The builder goes to the stacks before
    the road is scored (one return, for the stacks), the thief scores 4 and comes back,
    and Red takes the extra turn."""
    g = Game(host, catalogue, "C3.1")
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road")
    g.stand(RED, 1, 0, "road", "builder")
    result = g.play("L", 2, 0)
    returns = [(e.figure.kind, "stacks" in e.reason) for e in of(result.events, "return")]
    assert returns == [("builder", True), ("follower", False)]
    assert pts(result.events) == [(RED, 4)]
    assert extra(result) == [(RED, 2, False)]
    assert g.board.players[RED].supply == {"follower": 7, "abbot": 1, "builder": 1, "pig": 1}


@pytest.mark.parametrize("edition", ALL)
def test_only_the_owner_triggers(host, catalogue, edition):
    """Blue extending Red's builder's road gains nothing, and neither does Red."""
    g = Game(host, catalogue, edition)
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road")
    g.stand(RED, 1, 0, "road", "builder")
    result = g.play("U", 2, 0, player=BLUE)
    assert extra(result) == [] and of(result.events, "return") == []
    assert result.next_turn.player == RED


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_builder_strength_zero(host, catalogue, edition):
    """Red's thief and builder against Blue's two thieves: L at (3, 0) closes the 5-tile
    road; only Blue scores (5), Red's builder adds nothing; every figure comes home."""
    g = Game(host, catalogue, edition)
    road_west(g)
    g.put("U", 1, 0)
    g.put("U", 2, 0)
    g.stand(RED, 0, 0, "road")
    g.stand(RED, 1, 0, "road", "builder")
    g.stand(BLUE, 1, 0, "road")
    g.stand(BLUE, 2, 0, "road")
    result = g.play("L", 3, 0, player=BLUE)
    assert pts(result.events) == [(BLUE, 5)]
    assert g.board.figures == []


@pytest.mark.parametrize("edition", C1_TO_C3)
def test_builder_options_and_findings(host, catalogue, edition):
    """C1–C3: the builder goes instead of a follower on a road or city of the new tile
    where the player already has a meeple; Blue (no meeple there) may not, nor on a field."""
    g = Game(host, catalogue, edition)
    g.put("D", 0, 0)
    g.stand(RED, 0, 0, "road")
    placed = g.board.place(g.tile("U"), 1, 0, 0)
    options = g.engine.figure_options(g.board, placed, RED)
    assert [a for a in options if a.kind in ("builder", "pig")] == [
        FigureAction("builder", "road")]
    assert [a for a in g.engine.figure_options(g.board, placed, BLUE)
            if a.kind in ("builder", "pig")] == []

    def findings(player, action):
        return [f.code for f in g.engine.figure_findings(g.board, placed, player, action)]

    assert findings(RED, FigureAction("builder", "road")) == []
    assert findings(BLUE, FigureAction("builder", "road")) == ["builder-needs-meeple"]
    assert findings(RED, FigureAction("builder", "field-n")) == ["builder-placement"]
    assert findings(RED, FigureAction("follower", "field-n", assign=("builder",))) == [
        "builder-placement"]
    assert findings(RED, FigureAction("follower", "field-n", assign=("pig",))) == [
        "assign-not-allowed"]


def test_c31_builder_options_and_findings(host, catalogue):
    """C3.1: the builder is only assigned beside a new traveller or knight on an unoccupied
    road or city; never alone, never on a field."""
    g = Game(host, catalogue, "C3.1")
    g.put("D", 0, 0)
    placed = g.board.place(g.tile("U"), 1, 0, 0)
    options = g.engine.figure_options(g.board, placed, RED)
    assert [a for a in options if a.assign] == [
        FigureAction("follower", "road", assign=("builder",)),
        FigureAction("follower", "field-n", assign=("pig",)),
        FigureAction("follower", "field-s", assign=("pig",))]

    def findings(action):
        return [f.code for f in g.engine.figure_findings(g.board, placed, RED, action)]

    assert findings(FigureAction("follower", "road", assign=("builder",))) == []
    assert findings(FigureAction("builder", "road")) == ["builder-alone"]
    assert findings(FigureAction("follower", "field-n", assign=("builder",))) == [
        "builder-placement"]
    g.board.add_supply(RED, "builder", -1)
    assert all(not a.assign or a.assign == ("pig",)
               for a in g.engine.figure_options(g.board, placed, RED))


@pytest.mark.parametrize("edition", ALL)
def test_stranded_builder_goes_home(host, catalogue, edition):
    """A builder whose owner has no meeple left on its feature (an edited position) goes
    back to supply after the next move, with a finding before."""
    g = Game(host, catalogue, edition)
    road_west(g)
    g.stand(RED, 0, 0, "road", "builder")
    assert [f.code for f in g.engine.position_findings(g.board)] == ["builder-alone"]
    result = g.play("E", 0, -1, 2, player=BLUE)
    assert [(e.figure.kind, e.player) for e in of(result.events, "return")] == [
        ("builder", RED)]
    assert g.board.players[RED].supply["builder"] == 1


@pytest.mark.parametrize("edition", ["C2", "C3.1"])
def test_undo_double_turn(host, catalogue, edition):
    """Undoing part 1 of a double turn after part 2 restores the board exactly: tiles,
    figures, scores, goods, supply, frontier and feature graph (ex. 9 / ex. 10 turn 3)."""
    g = Game(host, catalogue, edition)
    road_west(g)
    assign = ("builder",) if edition == "C3.1" else ()
    g.play("U", 1, 0, 0, "follower", "road", assign=assign)
    if edition != "C3.1":
        g.play("U", 2, 0, 0, "builder", "road")
    before = snapshot(g.board)
    part1 = g.play("L", 3, 0, 0, "follower", "city") if edition != "C3.1" else \
        g.play("U", 2, 0)
    assert part1.next_turn.part == 2
    g.play("G", 3, -1, 1, turn=part1.next_turn) if edition != "C3.1" else \
        g.play("L", 3, 0, 0, "follower", "city", assign=("builder",), turn=part1.next_turn)
    assert snapshot(g.board) != before
    g.engine.undo(g.board, part1)
    assert snapshot(g.board) == before


def test_turn_flags_do_not_leak(host, catalogue):
    """Reusing one Turn object for two moves: the second, extending nothing, gives no
    extra tile even though the first did."""
    g = Game(host, catalogue, "C2")
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road")
    g.stand(RED, 1, 0, "road", "builder")
    turn = Turn(RED)
    assert extra(g.play("U", 2, 0, turn=turn)) == [(RED, 2, True)]
    assert extra(g.play("E", 0, -1, 2, turn=turn)) == []


@pytest.mark.parametrize("edition", ["C1-2000", *C1_TO_C3])
@pytest.mark.parametrize("blue_thief", [False, True])
def test_a_builder_without_its_owners_meeple_gives_no_second_tile(host, catalogue, edition,
                                                                  blue_thief):
    """A position that breaks the rules: Red's builder on the road of U at (1, 0) with no
    thief of Red's on that road (only Blue's, or none). Red extends the road with U at
    (2, 0): the builder works only beside its owner's meeple, so no second tile; it goes
    back to supply as stranded, and nobody scores. With Red's thief there, the same tile
    gives the second tile."""
    g = Game(host, catalogue, edition)
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road", "builder")
    if blue_thief:
        g.stand(BLUE, 0, 0, "road")
    result = g.play("U", 2, 0, 0)
    assert extra(result) == [] and result.next_turn.player == BLUE
    assert [e.figure.kind for e in of(result.events, "return")] == ["builder"]
    assert pts(result.events) == [] and g.scores == [0, 0]
    assert g.board.players[RED].supply["builder"] == 1

    g = Game(host, catalogue, edition)
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road", "builder")
    g.stand(RED, 0, 0, "road")
    result = g.play("U", 2, 0, 0)
    assert extra(result) == [(RED, 2, True)]


def test_c31_builder_without_its_meeple_gives_no_extra_turn(host, catalogue):
    """C3.1: Red's builder stands alone on U's road at (1, 0) (its knight or traveller
    gone), Red's traveller elsewhere on the road does not keep it: continuing the road
    gives no extra turn and the builder goes home."""
    g = Game(host, catalogue, "C3.1")
    road_west(g)
    g.put("U", 1, 0)
    g.stand(RED, 1, 0, "road", "builder")
    g.stand(RED, 0, 0, "road")
    result = g.play("U", 2, 0, 0)
    assert extra(result) == [] and result.next_turn.player == BLUE
    assert [e.figure.kind for e in of(result.events, "return")] == ["builder"]
