"""Positions that break the rules are findings (validate, score, the editor): figures of a
kind the ruleset does not have, figures on completed features (docs/rules.md,
*Position findings*). Each position is our own, with exact points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from positions import board

from editor.cli import main
from editor.rules.engine import Engine
from editor.rules.score_report import score_report

RED, BLUE = 0, 1


def codes(host, spec, b):
    return [f.code for f in Engine(host.ruleset(spec)).position_findings(b)]


def test_a_knight_on_a_completed_city(host, catalogue):
    """Two city caps E at (0, 0) and (0, -1) facing each other: a completed 2-tile city,
    with Red's knight still on it. It would have been scored (4) and the knight sent home:
    a finding. Final scoring does not pay a completed city again."""
    b = board(catalogue, "base-c2", [("E", 0, 0, 0), ("E", 0, -1, 2)],
              figures=[(RED, 0, 0, "city", "follower")])
    assert codes(host, "base:C2", b) == ["figure-on-completed"]
    report = score_report(b, host.ruleset("base:C2"))
    assert report.final == [0, 0]
    finding, = report.findings
    assert finding.cell == (0, 0) and finding.segment == "city"
    assert "completed city" in finding.message and "base.completed-feature" in finding.message


def test_a_monk_on_a_surrounded_monastery(host, catalogue):
    """Monastery B at the origin and its 8 neighbours (more monasteries): Blue's monk on
    the completed centre one is a finding; Red's on a corner one, with 3 neighbours,
    is not."""
    ring = [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)]
    b = board(catalogue, "base-c2", [("B", x, y, 0) for x, y in ring],
              figures=[(BLUE, 0, 0, "monastery", "follower"),
                       (RED, -1, -1, "monastery", "follower")])
    assert codes(host, "base:C2", b) == ["figure-on-completed"]
    assert score_report(b, host.ruleset("base:C2")).final == [4, 0]


def test_a_farmer_is_never_on_a_completed_feature(host, catalogue):
    b = board(catalogue, "base-c2", [("E", 0, 0, 0), ("E", 0, -1, 2)],
              figures=[(RED, 0, 0, "field", "follower")])
    assert codes(host, "base:C2", b) == []


@pytest.mark.parametrize(("spec", "kind", "segment", "found", "points"), [
    # the abbot exists in C2 (1 + 1 neighbour = 2 at the end), not in C1
    ("base:C1", "abbot", "monastery", ["unknown-figure"], 0),
    ("base:C2", "abbot", "monastery", [], 2),
    # a builder (strength 0) without Traders & Builders
    ("base:C2", "builder", "road", ["unknown-figure"], 0),
    ("base:C2 + traders-builders:C2", "builder", "road", ["builder-alone"], 0),
])
def test_a_figure_the_ruleset_does_not_know(host, catalogue, spec, kind, segment, found,
                                            points):
    """A (monastery with a road) at the origin and a straight road U east of it: the
    figure stands on A's monastery or road."""
    b = board(catalogue, "base-c2" if "C2" in spec else "base-c1",
              [("A", 0, 0, 0), ("U", 1, 0, 0)], figures=[(RED, 0, 0, segment, kind)])
    assert codes(host, spec, b) == found
    assert score_report(b, host.ruleset(spec)).final == [points, 0]


def board_file(tmp_path: Path, editions: list[str], figures: list[dict]) -> str:
    data = {"format": 1, "ruleset": {"editions": editions},
            "players": [{"name": "Red", "colour": "#d62828"},
                        {"name": "Blue", "colour": "#1d4ed8"}],
            "tiles": [{"tile": "base-c1/E", "x": 0, "y": 0, "rotation": 0},
                      {"tile": "base-c1/E", "x": 0, "y": -1, "rotation": 180},
                      {"tile": "base-c1/B", "x": 1, "y": 0, "rotation": 0}],
            "figures": figures}
    path = tmp_path / "broken.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_validate_and_score_report_them(tmp_path, capsys):
    """validate names each figure by its JSON path; score prints the findings."""
    path = board_file(tmp_path, ["base:C1"], [
        {"kind": "follower", "owner": 1, "x": 1, "y": 0, "segment": "monastery"},
        {"kind": "follower", "owner": 0, "x": 0, "y": 0, "segment": "city"},
        {"kind": "abbot", "owner": 1, "x": 1, "y": 0, "segment": "monastery"}])
    assert main(["validate", path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert sorted(line.split(": ")[0] for line in out[:-1]) == [
        f"{path}::$.figures[1]", f"{path}::$.figures[2]"]
    assert any(line.startswith(f"{path}::$.figures[1]: Red's figure stands on a completed "
                               "city") for line in out)
    assert any(line.startswith(f"{path}::$.figures[2]: Blue's figure (abbot): "
                               "base:C1[rules=2000] has no such figure") for line in out)
    assert out[-1] == "2 errors in 1 file"
    assert main(["score", path]) == 0
    text = capsys.readouterr().out
    assert "finding: Red's figure stands on a completed city" in text
    assert "finding: Blue's figure (abbot)" in text


def test_a_legal_position_stays_valid(tmp_path, capsys):
    path = board_file(tmp_path, ["base:C2"], [
        {"kind": "abbot", "owner": 1, "x": 1, "y": 0, "segment": "monastery"}])
    assert main(["validate", path]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 file valid"]
