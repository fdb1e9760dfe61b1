"""``solve``, ``check`` and ``scenario``: exit codes and output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzle_support import board_dict, capped, move
from test_scenario import WALLED

from editor.cli import main


def write(tmp_path: Path, data: dict, name: str = "puzzle.board.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_ranks_the_moves(tmp_path, capsys):
    path = write(tmp_path, capped([move(0, -1, 180)], second_city=True))
    code, out, _ = run(capsys, "solve", path, "--top", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == ["Ruleset: base:C2",
                         "Objective: Red: score as many points as possible this turn",
                         "Hand: base-c2/E"]
    assert lines[4].split() == ["rank", "move", "outcome", "best", "continuation"]
    assert lines[5].split() == ["1", "base-c2/E@0,-1:180", "+4", "points"]
    assert lines[6].split() == ["1", "base-c2/E@1,-1:180", "+4", "points"]
    assert lines[7].split()[:2] == ["3", "base-c2/E@0,1:90"]
    assert lines[8].startswith("… ") and "(--top 0 lists all)" in lines[8]


def test_solve_as_json(tmp_path, capsys):
    path = write(tmp_path, capped(None))
    code, out, _ = run(capsys, "solve", path, "--format", "json", "--top", "0")
    data = json.loads(out)
    assert code == 0 and data["considered"] == len(data["moves"])
    assert data["moves"][0] == {"rank": 1, "move": "base-c2/E@0,-1:180",
                                "line": ["base-c2/E@0,-1:180"],
                                "outcome": {"key": [4], "points": 4}}


def test_solve_under_another_ruleset(tmp_path, capsys):
    data = capped(None)
    data["players"][0]["supply"] = {"follower": 0}
    code, out, _ = run(capsys, "solve", write(tmp_path, data), "--rules",
                       "base:C1[rules=2000]", "--format", "json")
    assert code == 0
    assert json.loads(out)["moves"][0]["outcome"]["points"] == 2  # the small-city rule


def test_solve_exit_codes(tmp_path, capsys):
    unreachable = capped(None)
    unreachable["puzzle"]["objective"] = {"type": "reach-points", "points": 50}
    code, out, _ = run(capsys, "solve", write(tmp_path, unreachable))
    assert code == 1 and "not met (+4 points)" in out
    plain = board_dict(["base:C2"], "base-c2", [("D", 0, 0, 0)])
    code, _, err = run(capsys, "solve", write(tmp_path, plain))
    assert code == 2 and "has no puzzle block" in err
    empty = capped(None)
    empty["puzzle"]["hand"] = []
    code, _, err = run(capsys, "solve", write(tmp_path, empty))
    assert code == 2 and "no tile in hand" in err
    code, _, err = run(capsys, "solve", str(tmp_path / "missing.board.json"))
    assert code == 2


def test_check_passes_a_good_puzzle(tmp_path, capsys):
    code, out, _ = run(capsys, "check", write(tmp_path, capped([move(0, -1, 180)])))
    assert code == 0
    assert out.splitlines()[-3:] == [
        "Solution: base-c2/E@0,-1:180: +4 points",
        "legal: yes, optimal: yes, unique: yes (4 moves considered)", "OK"]


@pytest.mark.parametrize(("data", "says"), [
    (capped([move(0, -1, 180)], second_city=True),
     "the solution is not unique: 1 other move tie: base-c2/E@1,-1:180"),
    (capped([move(0, 1, 180)]), "the solution is not optimal: it gives +0 points, but "
                                "base-c2/E@0,-1:180 gives +4 points"),
    (capped([move(0, -1, 0)]), "the solution is not legal: S side shows field"),
    (capped(None), "the puzzle has no reference solution"),
])
def test_check_fails_and_says_why(tmp_path, capsys, data, says):
    code, out, _ = run(capsys, "check", write(tmp_path, data))
    assert code == 1
    assert out.splitlines()[-1] == "FAILED"
    assert any(line.strip().startswith(says) for line in out.splitlines())


def test_check_as_json(tmp_path, capsys):
    code, out, _ = run(capsys, "check", write(tmp_path, capped([move(0, -1, 180)], True)),
                       "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert (data["ok"], data["legal"], data["optimal"], data["unique"]) == (
        False, True, True, False)
    assert [t["moves"] for t in data["ties"]] == [["base-c2/E@1,-1:180"]]


def test_check_needs_a_puzzle(tmp_path, capsys):
    plain = board_dict(["base:C2"], "base-c2", [("D", 0, 0, 0)])
    code, _, err = run(capsys, "check", write(tmp_path, plain))
    assert code == 2 and "no puzzle block" in err


def walled(tmp_path: Path, **extra) -> str:
    return write(tmp_path, board_dict(["base:C2"], "base-c2", WALLED, tilesets=["base-c2"],
                                      **extra), "walled.board.json")


def test_scenario_dead_cells(tmp_path, capsys):
    code, out, _ = run(capsys, "scenario", walled(tmp_path), "--dead")
    assert code == 0
    assert out.splitlines() == ["1 dead cell (no tile of the 65 left fits):",
                                "  (1, 0)  needs N city, E field, S city, W road"]
    code, out, _ = run(capsys, "scenario", walled(tmp_path), "--dead", "--format", "json")
    assert json.loads(out) == {"format": 1, "query": "dead", "bag": 65, "dead": [[1, 0]]}


def test_scenario_remaining(tmp_path, capsys):
    path = walled(tmp_path, puzzle={"hand": ["E"], "objective": {"type": "most-points"}})
    code, out, _ = run(capsys, "scenario", path, "--remaining")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Tiles left in the bag (base-c2): 64 of 72 (the 1 tile in hand not " \
                       "counted)"
    assert "  base-c2/D   3/4" in lines and "  base-c2/E   0/4" in lines
    code, out, _ = run(capsys, "scenario", path, "--remaining", "--format", "json")
    data = json.loads(out)
    assert data["total"] == 64 and {"tile": "base-c2/B", "left": 1, "box": 4} in data["tiles"]


def test_scenario_reports_more_tiles_than_the_box(tmp_path, capsys):
    path = walled(tmp_path, puzzle={"hand": ["E", "E"], "objective": {"type": "most-points"}})
    code, _, err = run(capsys, "scenario", path, "--remaining")
    assert code == 1
    assert f"warning: {path}: 1 more base-c2/E on the board or in hand than the box holds " \
           "(4)" in err


def test_scenario_fits(tmp_path, capsys):
    code, out, _ = run(capsys, "scenario", walled(tmp_path), "--fits", "X")
    assert code == 0 and out.splitlines() == ["base-c2/X fits on 1 cell:", "  (-1, 0)  0°"]
    code, out, _ = run(capsys, "scenario", walled(tmp_path), "--fits", "base-c2/V",
                       "--format", "json")
    cells = json.loads(out)["cells"]
    assert {"cell": [-1, 0], "rotations": [180, 270]} in cells
    code, _, err = run(capsys, "scenario", walled(tmp_path), "--fits", "Z9")
    assert code == 2 and "no tile 'Z9'" in err


def test_scenario_needs_a_question(tmp_path, capsys):
    assert main(["scenario", walled(tmp_path)]) == 2
