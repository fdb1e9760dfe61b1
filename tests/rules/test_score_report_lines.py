"""The end-of-game breakdown (editor.rules.score_report): one line per score, located on the board
where it can be (the Scores dock and score --explain show and select it)."""

from __future__ import annotations

from positions import board

from editor.rules.engine import Engine
from editor.rules.score_report import score_report

RULES = "base:C2 + traders-builders:C2"


def position(catalogue):
    """Red's monk on B at (2, 1) with one neighbour (1 + 1); Red holds 3 wine, Blue 1."""
    b = board(catalogue, "base-c2", [("B", 2, 1, 0), ("B", 3, 1, 0)],
              figures=[(0, 2, 1, "monastery", "follower")])
    b.players[0].goods.update({"wine": 3})
    b.players[1].goods.update({"wine": 1})
    return b


def test_each_line_says_who_what_why_and_where(host, catalogue):
    b = position(catalogue)
    monastery, wine = score_report(b, host.ruleset(RULES)).lines
    assert (monastery.player, monastery.points, monastery.feature, monastery.reason) == (
        0, 2, "monastery", "monastery with 1 neighbour: 1 + 1")
    assert (monastery.type, monastery.goods, monastery.count, monastery.unofficial) == (
        "score", None, 0, False)
    assert (monastery.cell, monastery.segment) == ((2, 1), "monastery")
    assert (monastery.edition, monastery.rule_id) == ("base:C2", "base.monastery")
    assert (wine.player, wine.points, wine.feature, wine.reason) == (
        0, 10, "goods", "most tokens of a kind (wine: 3): 10")
    assert (wine.cell, wine.segment, wine.edition) == (None, None, "traders-builders:C2")


def test_a_goods_majority_names_its_kind_and_count(host, catalogue):
    b = position(catalogue)
    events = Engine(host.ruleset(RULES)).final_scoring(b)
    assert [e.detail for e in events if e.feature == "goods"] == [{"goods": "wine",
                                                                  "tokens": 3}]
