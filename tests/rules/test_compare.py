"""Comparing editions on one position, and moves written as text."""

from __future__ import annotations

import json

import pytest
from positions import board

from editor.cli import main
from editor.formats.boards import save_position
from editor.model.position import Position
from editor.rules.compare import compare, default_rulesets
from editor.rules.moves import TAKE_BACK, FigureAction
from editor.rules.notation import NotationError, format_move, parse_move

SPECS = ["base:C1[rules=2000]", "base:C1[rules=2001]", "base:C1[rules=2002]", "base:C2"]


def farm_position(catalogue):
    """H with both caps closed (cities X north, Y south); Red farms F1 north of X and F2
    between X and Y; Blue has a knight-less farmer nowhere. Hand-worked (RULES.md §6.14):
    2000 Red 8 (X 4, Y 4, paid per city); 2001 Red 6 (F1 3, F2 3: X once); 2002/C2 Red 9."""
    return board(catalogue, "base-c1", [("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0)],
                 figures=[(0, 0, -1, "field", "follower"), (0, 0, 0, "field", "follower")])


def test_compare_final_number_by_number(host, catalogue):
    b = farm_position(catalogue)
    before = b.mark()
    result = compare(b, [host.ruleset(s) for s in SPECS])
    assert b.mark() == before and [p.score for p in b.players] == [0, 0]
    assert result.rulesets == SPECS
    assert result.totals == [[8, 0], [6, 0], [9, 0], [9, 0]]
    rows = {row.label: row for row in result.rows}
    # 2000 pays per city (X north, Y south); 2001 pays F2 (it touches both cities) for X and Y,
    # then F1 nothing for X, already paid to Red.
    assert rows["fields beside the city at (0, -1) city"].points == [{0: 4}, {}, {}, {}]
    assert rows["fields beside the city at (0, 1) city"].points == [{0: 4}, {}, {}, {}]
    assert rows["field at (0, 0) field"].points == [{}, {0: 6}, {0: 6}, {0: 6}]
    assert rows["field at (0, -1) field"].points == [{}, {}, {0: 3}, {0: 3}]
    assert [row.differs for row in result.rows] == [True, True, True, True]
    assert "once per player" in " ".join(rows["field at (0, 0) field"].why[1])


def test_rows_on_which_the_rulesets_agree_are_not_marked(host, catalogue, tmp_path, capsys):
    """Blue's monastery at (5, 5) with one neighbour is worth 1 + 1 = 2 under every edition:
    its row agrees, the farm rows do not (the totals differ by the farms alone)."""
    b = board(catalogue, "base-c1", [("H", 0, 0, 0), ("E", 0, -1, 2), ("E", 0, 1, 0),
                                     ("B", 5, 5, 0), ("B", 6, 5, 0)],
              figures=[(0, 0, -1, "field", "follower"), (0, 0, 0, "field", "follower"),
                       (1, 5, 5, "monastery", "follower")])
    result = compare(b, [host.ruleset(s) for s in SPECS])
    assert result.totals == [[8, 2], [6, 2], [9, 2], [9, 2]]
    marked = {row.label: row.differs for row in result.rows}
    assert marked == {"monastery at (5, 5) monastery": False,
                      "fields beside the city at (0, -1) city": True,
                      "fields beside the city at (0, 1) city": True,
                      "field at (0, 0) field": True, "field at (0, -1) field": True}
    rows = result.to_json()["rows"]
    assert [r["differs"] for r in rows] == list(marked.values())
    path = tmp_path / "monastery.board.json"
    save_position(path, Position(b, ["base:C1"]))
    assert main(["compare", str(path), *[a for s in SPECS for a in ("--rules", s)]]) == 0
    text = capsys.readouterr().out
    assert "= monastery at (5, 5) monastery: Blue 2 under every ruleset" in text
    assert "≠ monastery" not in text and text.count("≠ ") == 4


def test_goods_get_a_row_per_kind(host, catalogue):
    """Red holds 3 wine and 1 grain, Blue 1 wine and 2 cloth: each kind is its own row, 10
    points to whoever has the most of it, under both editions alike."""
    b = board(catalogue, "base-c2", [("E", 0, 0, 0)])
    b.players[0].goods.update({"wine": 3, "grain": 1})
    b.players[1].goods.update({"wine": 1, "cloth": 2})
    result = compare(b, [host.ruleset(s) for s in ("base:C2 + traders-builders:C2",
                                                    "base:C3 + traders-builders:C3")])
    assert {row.label: row.points for row in result.rows} == {
        "goods wine": [{0: 10}, {0: 10}], "goods grain": [{0: 10}, {0: 10}],
        "goods cloth": [{1: 10}, {1: 10}]}
    assert result.totals == [[20, 10], [20, 10]]


def test_compare_a_move(host, catalogue):
    """Closing a 2-tile city with a knight in it: 2 points under 2000/2001, 4 otherwise."""
    b = board(catalogue, "base-c1", [("E", 0, 0, 0)], figures=[(1, 0, 0, "city", "follower")])
    move = parse_move("E@0,-1:180", 0, catalogue, ["base-c1"])
    result = compare(b, [host.ruleset(s) for s in SPECS], move)
    assert result.mode == "move"
    assert result.totals == [[0, 2], [0, 2], [0, 4], [0, 4]]
    assert len(b) == 1 and len(b.figures) == 1


def test_default_rulesets_pair_every_base_edition(host):
    names = [r.name for r in default_rulesets(host)]
    tb = [n for n in names if "traders-builders" in n]  # beside installed plugins' pairs
    assert tb[:3] == [f"base:C1[rules={v}] + traders-builders:C1" for v in ("2000", "2001", "2002")]
    assert "base:C2 + traders-builders:C2" in names
    assert "base:C3 + traders-builders:C3" in names
    assert any(n.startswith("base:C3 + traders-builders:C3.1") for n in names)


def test_compare_command(tmp_path, capsys, catalogue):
    path = tmp_path / "farm.board.json"
    save_position(path, Position(farm_position(catalogue), ["base:C1"]))
    args = ["compare", str(path), *[a for s in SPECS for a in ("--rules", s)]]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"][0] == "Red"
    assert [t["points"]["0"] for t in data["totals"]] == [8, 6, 9, 9]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "≠ field at (0, 0) field" in text and "base:C1[rules=2001]" in text
    assert main(["compare", str(path), "--move", "ZZ@9,9"]) == 2
    assert "no tile 'ZZ'" in capsys.readouterr().err
    assert main(["compare", str(path), "--move", "E@9,9", "--rules", "base:C2"]) == 0
    assert "finding: (9, 9) does not touch any tile" in capsys.readouterr().out


@pytest.mark.parametrize("text", ["E@0,-1:180+follower:city", "base-c2/E@3,4:90",
                                  "D@0,0:0+follower&pig:field-s",
                                  "B@2,0:0+back-abbot:monastery@1,1"])
def test_move_notation_round_trip(catalogue, text):
    move = parse_move(text, 1, catalogue, ["base-c2"])
    assert parse_move(format_move(move), 1, catalogue, ["base-c2"]) == move
    assert move.player == 1


def test_move_notation_details(catalogue):
    with_pig = parse_move("D@0,0:0+follower&pig:field-s", 1, catalogue, ["base-c2"])
    assert with_pig.figure == FigureAction("follower", "field-s", assign=("pig",))
    move = parse_move("BA/RCr@0,0:270+follower:road", 0, catalogue, ["base-c2"])
    assert move.tile.ref == "base-c2/D" and move.rotation == 3
    back = parse_move("B@2,0+back-abbot:monastery@1,1", 0, catalogue, ["base-c2"])
    assert back.figure == FigureAction("abbot", "monastery", TAKE_BACK, (1, 1))
    with pytest.raises(NotationError, match="has no segment 'citty'"):
        parse_move("E@0,0+follower:citty", 0, catalogue, ["base-c2"])
    with pytest.raises(NotationError, match="multiple of 90"):
        parse_move("E@0,0:45", 0, catalogue, ["base-c2"])
    with pytest.raises(NotationError, match="expected TILE@X,Y"):
        parse_move("E 0 0", 0, catalogue, ["base-c2"])


def abbot_board(catalogue):
    """Monastery B at the origin with Red's abbot on it."""
    return board(catalogue, "base-c2", [("B", 0, 0, 0)],
                 figures=[(0, 0, 0, "monastery", "abbot")])


def test_compare_an_abbot_move_where_one_ruleset_has_no_abbot(host, catalogue):
    """Red places B east of the abbot's monastery and takes the abbot back: under C2 and
    C3 it scores 1 + 1 neighbour = 2; C1 has no abbot, so under C1 the move cannot be
    played, which that ruleset's column says, while the others are compared."""
    b = abbot_board(catalogue)
    move = parse_move("B@1,0:0+back-abbot:monastery@0,0", 0, catalogue, ["base-c2"])
    specs = ["base:C1", "base:C2", "base:C3"]
    result = compare(b, [host.ruleset(s) for s in specs], move)
    assert result.totals == [[0, 0], [2, 0], [2, 0]]
    assert [bool(w) for w in result.unplayable] == [True, False, False]
    assert "has no figure 'abbot'" in result.unplayable[0][0]
    assert any("cannot be played" in n for n in result.notes[0])
    row, = result.rows
    assert row.points == [{}, {0: 2}, {0: 2}] and row.rule_ids[1] == ["base.abbot.take-back"]
    assert len(b) == 1 and len(b.figures) == 1


def test_compare_command_reports_each_ruleset(tmp_path, capsys, catalogue):
    path = tmp_path / "abbot.board.json"
    save_position(path, Position(abbot_board(catalogue), ["base:C2"]))
    args = ["compare", str(path), "--rules", "base:C1", "--rules", "base:C2",
            "--move", "B@1,0:0+back-abbot:monastery@0,0"]
    assert main([*args, "--format", "json"]) == 0
    totals = json.loads(capsys.readouterr().out)["totals"]
    assert [(t["played"], t["points"]["0"]) for t in totals] == [(False, 0), (True, 2)]
    assert main(args) == 0
    assert "base:C1[rules=2000] (cannot be played)" in capsys.readouterr().out
    assert main(["compare", str(path), "--rules", "base:C1",
                 "--move", "B@1,0:0+back-abbot:monastery@0,0"]) == 1


def test_compare_json_keeps_players_of_one_name_apart(tmp_path, capsys, catalogue):
    board = farm_position(catalogue)
    board.players[1].name = board.players[0].name
    path = tmp_path / "twins.board.json"
    save_position(path, Position(board, ["base:C1"]))
    rules = [a for s in SPECS for a in ("--rules", s)]
    assert main(["compare", str(path), "--format", "json", *rules]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"][0] == data["players"][1]
    assert all(set(t["points"]) == {"0", "1"} for t in data["totals"])
