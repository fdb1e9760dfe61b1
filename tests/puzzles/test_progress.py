"""Progress, cancellation and time limits of the solver, ``check`` and ``scenario``; the
CLI's ``--time-limit`` and the box warning of ``check``."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from puzzle_support import board_dict, capped, move, position

from editor.cli import main
from editor.formats.boards import position_from_dict
from editor.puzzles import CANCELLED, TIME_LIMIT, Fitter, Progress, Solver, Stopped, bag, check
from editor.resources import data_dir
from editor.workspace import ruleset_of

SAMPLE = data_dir("samples") / "first-steps.board.json"


def slow_board(hand: int = 2) -> dict:
    """The 21-tile sample with a best-margin puzzle: three tiles in hand take seconds (two,
    a fraction of one)."""
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["supply"]["follower"] = 3
    data["puzzle"] = {"to_move": 0, "objective": {"type": "best-margin"},
                      "hand": ["base-c2/L", "base-c2/K", "base-c2/J"][:hand]}
    return data


def solver_for(data: dict, catalogue, host, progress: Progress | None = None) -> Solver:
    found, findings = position_from_dict(data, catalogue)
    assert found is not None and not findings
    return Solver.for_position(found, ruleset_of(found, host), catalogue, progress=progress)


def board_state(solver: Solver) -> tuple:
    board = solver.board
    return (len(board.journal), sorted(board.cells), [(f.kind, f.owner, f.node)
                                                       for f in board.figures],
            [(p.score, dict(p.supply)) for p in board.players])


def test_progress_stops_when_cancelled_or_out_of_time(monkeypatch):
    seen: list[tuple[float, str]] = []
    progress = Progress(lambda f, t: seen.append((f, t)), interval=0)
    progress.advance(0.25, "a quarter")
    progress.advance(2.0, "done")
    assert seen == [(0.25, "a quarter"), (1.0, "done")]
    progress.cancel()
    with pytest.raises(Stopped) as stopped:
        progress.check()
    assert stopped.value.reason == CANCELLED and "cancelled" in str(stopped.value)
    clock = [100.0]
    monkeypatch.setattr("editor.puzzles.progress.clock", lambda: clock[0])
    timed = Progress(time_limit=2)
    timed.check()
    clock[0] += 2.5
    with pytest.raises(Stopped) as stopped:
        timed.advance(0.5, "move 3 of 6")
    assert stopped.value.reason == TIME_LIMIT
    assert str(stopped.value) == "time limit of 2 s reached after 2.5 s (move 3 of 6)"
    with pytest.raises(ValueError):
        Progress(time_limit=0)


def test_reports_are_throttled(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr("editor.puzzles.progress.clock", lambda: clock[0])
    seen: list[float] = []
    progress = Progress(lambda f, _: seen.append(f), interval=1.0)
    for i in range(10):
        clock[0] = i * 0.3
        progress.advance(i / 10)
    progress.advance(1.0)
    assert seen == [0.0, 0.4, 0.8, 1.0]


def test_the_solver_reports_its_progress_and_ranks_as_without_it(catalogue, host):
    data = capped(None, second_city=True)
    plain = solver_for(data, catalogue, host).rank()
    seen: list[float] = []
    watched = solver_for(data, catalogue, host, Progress(lambda f, _: seen.append(f),
                                                         interval=0))
    assert watched.rank() == plain
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > len(plain) // 2


def test_a_cancelled_solve_leaves_the_board_and_keeps_what_was_searched(catalogue, host):
    full = {r.move: r.outcome for r in solver_for(capped(None, True), catalogue, host).rank()}
    calls = [0]

    def cancel_after_five(_fraction: float, _text: str) -> None:
        calls[0] += 1
        if calls[0] == 5:
            progress.cancel()

    progress = Progress(cancel_after_five, interval=0)
    solver = solver_for(capped(None, True), catalogue, host, progress)
    before = board_state(solver)
    with pytest.raises(Stopped) as stopped:
        solver.rank()
    assert board_state(solver) == before
    partial = stopped.value.partial
    assert 0 < len(partial) < len(full)
    assert all(full[r.move] == r.outcome for r in partial)
    assert partial[0].rank == 1


def test_cancel_from_another_thread_stops_a_long_solve(catalogue, host):
    progress = Progress()
    solver = solver_for(slow_board(3), catalogue, host, progress)
    timer = threading.Timer(0.3, progress.cancel)
    timer.start()
    with pytest.raises(Stopped) as stopped:
        solver.rank()
    timer.join()
    assert stopped.value.reason == CANCELLED and stopped.value.elapsed < 5


def test_dead_cells_report_progress(catalogue, host):
    found, _ = position_from_dict(json.loads(SAMPLE.read_text(encoding="utf-8")), catalogue)
    assert found is not None
    rules = ruleset_of(found, host)
    from editor.puzzles import bag_sets
    from editor.rules.engine import Engine

    fitter = Fitter(Engine(rules), bag(found.board, bag_sets(found, rules, catalogue))
                    .available())
    seen: list[str] = []
    assert fitter.dead_cells(found.board, Progress(lambda _, t: seen.append(t), interval=0)) \
        == fitter.dead_cells(found.board)
    assert seen[0] == f"cell 1 of {len(found.board.frontier)}"


# -- the command line -----------------------------------------------------------------------


def write(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "slow.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_solve_time_limit_prints_the_moves_searched(tmp_path, capsys):
    board = write(tmp_path, slow_board(3))
    code = main(["solve", board, "--time-limit", "0.5", "--top", "0"])
    out, err = capsys.readouterr()
    assert code == 1
    assert f"solve: {board}: time limit of 0.5 s reached after" in err
    # the first tile alone is ranked in full unless the machine is very slow
    assert ("Not proven: time limit of 0.5 s" in out) != ("Incomplete: time limit of 0.5 s"
                                                          in out)
    listed = err.split("the ranking lists the ")[1].split(" first move")[0]
    assert int(listed) == sum(1 for line in out.splitlines() if "base-c2/L@" in line)


def test_solve_time_limit_as_json(tmp_path, capsys):
    code = main(["solve", write(tmp_path, slow_board(3)), "--time-limit", "0.3", "--format",
                 "json"])
    out, _ = capsys.readouterr()
    assert code == 1 and json.loads(out)["complete"] is False


def test_check_time_limit(tmp_path, capsys):
    data = slow_board(3)
    data["puzzle"]["solution"] = [{"player": 0, "tile": "base-c2/L", "x": 1, "y": -4,
                                   "rotation": 180}]
    code = main(["check", write(tmp_path, data), "--time-limit", "0.3"])
    _, err = capsys.readouterr()
    assert code == 1 and "slow.board.json: not checked: time limit of 0.3 s reached" in err


@pytest.mark.parametrize("limit", ["0", "-2", "soon", "inf"])
def test_a_bad_time_limit_is_a_usage_error(tmp_path, capsys, limit):
    assert main(["solve", write(tmp_path, slow_board()), f"--time-limit={limit}"]) == 2
    assert f"--time-limit: {limit!r} is not a" in capsys.readouterr().err


def test_no_progress_line_when_stderr_is_not_a_terminal(tmp_path, capsys):
    assert main(["scenario", write(tmp_path, slow_board()), "--dead", "--time-limit",
                 "30"]) == 0
    assert "\r" not in capsys.readouterr().err


# -- more copies than the box -------------------------------------------------------------


def test_check_warns_about_more_copies_than_the_box(catalogue, host, tmp_path, capsys):
    data = capped([move(0, -1, 180)])
    data["tiles"] += [{"tile": "base-c2/E", "x": x, "y": 3, "rotation": 0} for x in range(4)]
    report = check(position(data, catalogue), host.ruleset("base:C2"), catalogue)
    assert report.ok
    assert report.warnings == ["base-c2/E: the board and hand hold 5, the box (base-c2, "
                               "river-c2) has 4; nobody can set this puzzle up with a real box"]
    path = tmp_path / "many.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "warning: base-c2/E: the board and hand hold 5" in err
    assert "warning: base-c2/E" in out and json.loads(json.dumps(report.to_json()))[
        "warnings"] == report.warnings


def test_no_warning_within_the_box(catalogue, host):
    data = board_dict(["base:C2"], "base-c2", [("D", 0, 0, 0)],
                      puzzle={"to_move": 0, "hand": ["E"], "objective": {"type": "most-points"},
                              "solution": [move(0, -1, 180)]})
    assert check(position(data, catalogue), host.ruleset("base:C2"), catalogue).warnings == []
