"""The scores panel shows exactly what the engine's score report says (as the CLI does)."""

from __future__ import annotations

import random

import pytest
from qt_support import sample_document

from editor.model import events as ev
from editor.model.position import Position
from editor.plugins import default_host
from editor.qt.commands import ChangeRuleset, EditPlayer
from editor.qt.docks.scores import ScoresWidget, comparison_rulesets, short_name
from editor.qt.document import BoardDocument
from editor.rules.engine import Engine
from editor.rules.score_report import ScoreReport, score_report
from editor.rules.selfplay import random_game
from editor.workspace import catalogue

RULESETS = ["base:C1", "base:C1[rules=2001]", "base:C2", "base:C2 + traders-builders:C2",
            "base:C3 + traders-builders:C3.1"]


def played(spec: str, seed: int, tiles: int = 45) -> BoardDocument:
    """A document holding a random game of ``tiles`` moves under ``spec``."""
    rules = default_host().ruleset(spec)
    engine = Engine(rules)
    tile_set = catalogue().get_set(rules.tilesets()[0])
    steps = list(random_game(engine, tile_set, random.Random(seed), players=3, tiles=tiles,
                             figure_rate=0.7))
    board = steps[-1][0]
    board.commit()
    position = Position(board, editions=[e.name for e in rules.editions],
                        options={k: v for k, v in rules.options.items() if v})
    return BoardDocument(position)


def shown_matches(widget: ScoresWidget, report: ScoreReport) -> None:
    assert widget.shown_totals() == list(zip(report.players, report.current, report.final,
                                             strict=True))
    expected = []
    for line in report.lines:
        amount = f"{line.count} {line.goods}" if line.type == ev.GOODS else f"{line.points:+d}"
        reason = line.reason + (" (unofficial)" if line.unofficial else "")
        expected.append((report.players[line.player], amount, reason,
                         f"[{line.edition}] {line.rule}"))
    assert widget.shown_lines() == expected


def test_the_sample_position_shows_the_score_report(qtbot) -> None:
    doc = sample_document()
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    report = score_report(doc.board, doc.rules)
    assert report.lines, "the sample has something to score at the end"
    shown_matches(widget, report)
    assert "wins" in widget.winner.text() or "share" in widget.winner.text()


@pytest.mark.parametrize("spec", RULESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_show_the_score_report(qtbot, spec: str, seed: int) -> None:
    doc = played(spec, seed)
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    report = score_report(doc.board, doc.host.ruleset(spec))
    assert report.ruleset == doc.rules.name
    shown_matches(widget, report)


def test_the_comparison_lists_every_base_edition_and_pairs(qtbot) -> None:
    host = default_host()
    specs = comparison_rulesets(host)
    for base in host.base_editions():
        assert host.ruleset(base.name).name in specs
    assert "base:C2 + traders-builders:C2" in specs
    assert host.ruleset("base:C3 + traders-builders:C3.1").name in specs
    assert "base:C1[rules=2001]" in specs
    doc = played("base:C2", 3)
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    widget.setCurrentIndex(2)
    shown = widget.shown_comparison()
    assert list(shown) == specs
    for spec in specs:
        assert shown[spec] == score_report(doc.board, host.ruleset(spec)).final


def test_scores_follow_edits_and_ruleset_changes_live(qtbot) -> None:
    doc = sample_document()
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    with qtbot.waitSignal(doc.scoresChanged, timeout=2000):
        doc.undo_stack.push(EditPlayer(doc, 0, score=50))
    assert widget.shown_totals()[0][1] == 50
    with qtbot.waitSignal(doc.scoresChanged, timeout=2000):
        doc.undo_stack.push(ChangeRuleset(doc, ["base:C1"], {"base:C1": {"rules": "2000"}}))
    assert "base:C1" in widget.ruleset_label.text()
    shown_matches(widget, score_report(doc.board, doc.host.ruleset("base:C1")))


def compared(qtbot, path: str) -> ScoresWidget:
    from editor.resources import data_dir
    from editor.workspace import open_position

    position, findings = open_position(data_dir("samples") / path)
    assert position is not None, findings
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(BoardDocument(position))
    widget.setCurrentIndex(2)
    return widget


def test_the_comparison_lists_each_differing_line_once_with_its_rule(qtbot) -> None:
    widget = compared(qtbot, "first-steps.board.json")
    rows = widget.shown_differences()
    assert rows, "the editions score this position differently"
    keys = [row[:5] for row in rows]
    assert len(keys) == len(set(keys))  # no line repeated for each ruleset giving it
    specs = widget.compared_specs()
    reports = {s: widget.compared[s] for s in specs}
    for _player, points, feature, _where, reason, rule, given_by in rows:
        assert rule.startswith("[") and "]" in rule
        givers = given_by.split(", ")
        assert 0 < len(givers) < len(specs)
        for spec, report in reports.items():
            has = any(f"{line.points:+d}" == points and line.reason == reason
                      and line.feature == feature for line in report.lines)
            assert has == (short_name(spec, default_host()) in givers), (spec, reason)


def test_the_final_tab_sums_each_category_per_player(qtbot) -> None:
    from editor.qt.docks.scores import shown

    doc = played("base:C2 + traders-builders:C2", 5)
    widget = ScoresWidget()
    qtbot.addWidget(widget)
    widget.set_document(doc)
    report = widget.report
    table = widget.ranking
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[:3] == ["Rank", "Player", "Board"] and headers[-1] == "Final"
    assert {"Roads", "Cities", "Monasteries", "Fields"} <= set(headers)
    for row in range(table.rowCount()):
        player = report.players.index(shown(table, row, 1))
        by_header = {h: shown(table, row, c) for c, h in enumerate(headers)}
        for name, features in (("Roads", "road"), ("Cities", "city"), ("Fields", "field"),
                               ("Monasteries", "monastery")):
            assert by_header[name] == sum(line.points for line in report.lines
                                          if line.player == player and line.feature == features)
        categories = sum(v for h, v in by_header.items()
                         if h not in ("Rank", "Player", "Board", "Final"))
        assert by_header["Board"] + categories == by_header["Final"] == report.final[player]
