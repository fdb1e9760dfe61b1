"""Our own positions: every feature kind, completed in play and incomplete at the end."""

from __future__ import annotations

import pytest
from positions import board, final_scores, play, scores

from editor.rules.engine import Engine
from editor.rules.moves import TAKE_BACK, FigureAction, IllegalMove, Move, Turn

RING = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


@pytest.fixture
def c2(host):
    return Engine(host.ruleset("base:C2"))


def test_road_completed_in_play(c2, catalogue):
    """Junction W, straight U with Red's thief, junction W closes it: 3 tiles → Red 3,
    and the thief goes back to supply."""
    b = board(catalogue, "base-c2", [("W", 0, 0, 0), ("U", 1, 0, 0)],
              figures=[(0, 1, 0, "road", "follower")])
    result = play(c2, b, catalogue, "base-c2/W", 2, 0, 0, player=1)
    assert result.points() == {0: 3}
    assert [e.reason for e in result.events if e.type == "score"] == ["road of 3 tiles"]
    assert b.players[0].supply["follower"] == 7 and not b.figures


def test_road_incomplete_at_end(c2, catalogue):
    """Straight road U + curve V, open at both ends, Red's thief: 2 tiles → 2."""
    b = board(catalogue, "base-c2", [("U", 0, 0, 0), ("V", 1, 0, 0)],
              figures=[(0, 0, 0, "road", "follower")])
    assert final_scores(c2, b) == [2, 0]


def test_city_incomplete_with_pennant(c2, catalogue):
    """Corner city M with a pennant, alone: 1 tile + 1 pennant = 2 at the end."""
    b = board(catalogue, "base-c2", [("M", 0, 0, 0)], figures=[(1, 0, 0, "city", "follower")])
    assert final_scores(c2, b) == [0, 2]


def test_city_completed_with_pennants(c2, catalogue):
    """M (pennant) + two caps: 3 tiles, 1 pennant → 2×3 + 2 = 8."""
    b = board(catalogue, "base-c2", [("M", 0, 0, 0), ("E", 0, -1, 2)],
              figures=[(0, 0, 0, "city", "follower")])
    result = play(c2, b, catalogue, "base-c2/E", -1, 0, 1)
    assert result.points() == {0: 8}


def test_majority_beats_minority(c2, catalogue):
    """Two Red knights against one Blue knight in a completed 4-tile city: Red 8, Blue 0."""
    b = board(catalogue, "base-c2", [("E", -1, 0, 1), ("G", 0, 0, 0), ("G", 1, 0, 0)],
              figures=[(0, 0, 0, "city", "follower"), (0, -1, 0, "city", "follower"),
                       (1, 1, 0, "city", "follower")])
    result = play(c2, b, catalogue, "base-c2/E", 2, 0, 3)
    assert result.points() == {0: 8}
    assert b.players[1].supply["follower"] == 7  # the loser's knight comes back too


def test_monastery_completed_and_incomplete(c2, catalogue):
    """Monastery B with Red's monk: 3 neighbours at the end → 4; surrounded in play → 9."""
    b = board(catalogue, "base-c2", [("B", 0, 0, 0), ("B", 1, 0, 0), ("B", -1, 0, 0),
                                     ("B", 0, 1, 0)],
              figures=[(0, 0, 0, "monastery", "follower")])
    assert final_scores(c2, b) == [4, 0]
    for x, y in RING[:-1]:
        if (x, y) not in b.cells:
            b.place(catalogue.tile("base-c2/B"), x, y, 0)
    result = play(c2, b, catalogue, "base-c2/B", 1, 1, 0)
    assert result.points() == {0: 9}


def test_garden_with_abbot(c2, catalogue):
    """C2 garden tile Eg with Blue's abbot, surrounded → 9; C1 has no abbot at all."""
    tiles = [("Eg", 0, 0, 0), ("E", 0, -1, 2)] + [("B", x, y, 0) for x, y in RING
                                                  if (x, y) not in ((0, -1), (1, 1))]
    b = board(catalogue, "base-c2", tiles, figures=[(1, 0, 0, "garden", "abbot")])
    result = play(c2, b, catalogue, "base-c2/B", 1, 1, 0)
    assert result.points() == {1: 9}
    assert b.players[1].supply["abbot"] == 1


def test_only_the_abbot_on_a_garden(c2, catalogue, host):
    b = board(catalogue, "base-c2", [("D", 0, 0, 0)])
    move = Move(0, catalogue.tile("base-c2/Eg"), 0, -1, 2, FigureAction("follower", "garden"))
    with pytest.raises(IllegalMove, match="only the abbot may stand on a garden"):
        c2.apply(b, move, Turn(0))
    c1 = Engine(host.ruleset("base:C1"))
    abbot = Move(0, catalogue.tile("base-c2/Eg"), 0, -1, 2, FigureAction("abbot", "garden"))
    with pytest.raises(IllegalMove, match="no figure 'abbot'"):
        c1.apply(b, abbot, Turn(0))


def test_abbot_taken_back_scores_at_once(c2, catalogue):
    """Red's abbot on a monastery with 3 neighbours; Red places a tile elsewhere and takes
    the abbot back instead of placing a figure: 1 + 3 = 4 now, abbot back in supply."""
    b = board(catalogue, "base-c2", [("B", 0, 0, 0), ("B", 1, 0, 0), ("B", -1, 0, 0),
                                     ("B", 0, 1, 0)],
              figures=[(0, 0, 0, "monastery", "abbot")])
    moves = c2.legal_moves(b, catalogue.tile("base-c2/B"), 0)
    back = [m for m in moves if m.figure and m.figure.action == TAKE_BACK]
    assert back and all(m.figure.cell == (0, 0) for m in back)
    take = Move(0, catalogue.tile("base-c2/B"), 3, 0, 0)
    b.place(catalogue.tile("base-c2/B"), 2, 0, 0)
    result = c2.apply(b, Move(0, take.tile, 3, 0, 0,
                              FigureAction("abbot", "monastery", TAKE_BACK, (0, 0))), Turn(0))
    assert result.points() == {0: 4}
    assert b.players[0].supply["abbot"] == 1 and not b.figures


def test_follower_refused_on_occupied_feature(c2, catalogue):
    b = board(catalogue, "base-c2", [("U", 0, 0, 0)], figures=[(1, 0, 0, "road", "follower")])
    with pytest.raises(IllegalMove, match="already occupied"):
        c2.apply(b, Move(0, catalogue.tile("base-c2/U"), 1, 0, 0,
                         FigureAction("follower", "road")), Turn(0))
    edit = c2.apply(b, Move(0, catalogue.tile("base-c2/U"), 1, 0, 0,
                            FigureAction("follower", "road")), Turn(0), mode="edit")
    assert [f.code for f in edit.findings] == ["feature-occupied"]
    assert len(b.figures) == 2  # editor mode records the finding and keeps the figure


def test_placement_findings(c2, catalogue):
    b = board(catalogue, "base-c2", [("D", 0, 0, 0)])
    e = catalogue.tile("base-c2/E")
    assert [f.code for f in c2.placement_findings(b, e, 0, 0, 0)] == ["cell-taken"]
    assert [f.code for f in c2.placement_findings(b, e, 5, 5, 0)] == ["not-adjacent"]
    codes = [f.code for f in c2.placement_findings(b, e, 0, -1, 0)]
    assert codes == ["sides-differ"]
    assert c2.placement_findings(b, e, 0, -1, 2) == []
    with pytest.raises(IllegalMove, match="S side shows field"):
        c2.apply(b, Move(0, e, 0, -1, 0), Turn(0))
    assert scores(b) == [0, 0] and len(b) == 1


def test_river_must_continue_and_not_turn_back(c2, catalogue):
    """Spring A (river east) at the origin, curve G (river west→south) east of it.
    A straight river D south of the spring touches it only through fields: refused.
    The garden curve J turned to run north→west at (1, 1) would point back at the spring's
    row: refused as a U-turn; turned north→east it is fine."""
    b = board(catalogue, "river-c2", [("A", 0, 0, 0), ("G", 1, 0, 0)])
    straight, curve = catalogue.tile("river-c2/D"), catalogue.tile("river-c2/J")
    assert [f.code for f in c2.placement_findings(b, straight, 0, 1, 0)] == ["river-detached"]
    assert [f.code for f in c2.placement_findings(b, curve, 1, 1, 1)] == ["river-u-turn"]
    assert c2.placement_findings(b, curve, 1, 1, 2) == []
    assert (1, 1, 1) not in c2.legal_placements(b, curve)
    assert (1, 1, 2) in c2.legal_placements(b, curve)
    assert all(x != 0 or y != 1 for x, y, _ in c2.legal_placements(b, straight))
