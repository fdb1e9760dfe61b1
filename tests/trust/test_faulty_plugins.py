"""A faulty plugin harms only itself (#11.14–17): an installed package whose plugins fail
to import, raise, return garbage and never answer, beside one that works."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats.jsonio import read_json
from editor.plugins import default_host
from editor.resources import data_dir
from editor.rules.engine import Engine
from editor.rules.guard import HostError, bind, time_budget
from editor.workspace import open_position

SAMPLE = data_dir("samples") / "first-steps.board.json"
#: The sample's final scores under base:C2 (Alice, Bob).
BASE_FINAL = [16, 17]


def board_with(tmp_path: Path, *editions: str) -> str:
    """The sample position under another ruleset."""
    data, _ = read_json(SAMPLE)
    data["ruleset"] = {"editions": ["base:C2", *editions]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def final_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    code = main(["score", *argv, "--final", "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_a_raising_hook_exits_1_names_the_plugin_and_the_rest_still_scores(
        faulty_plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_with(tmp_path, "good:G1", "raising:R1")
    code, report, err = final_json(capsys, board)
    assert code == 1
    assert "plugin 'raising' failed in hook carcassonne_final_scoring: RuntimeError: boom in " \
           "final scoring (edition raising:R1 disabled)" in err
    assert f"error: {board}: edition raising:R1 of plugin 'raising' failed" in err
    # the base game and the good expansion score as without the failing one
    assert [p["final"] for p in report["players"]] == [BASE_FINAL[0] + 5, BASE_FINAL[1]]
    assert {line["edition"] for line in report["lines"]} == {"base:C2", "good:G1"}


def test_garbage_returns_disable_that_edition_only(
        faulty_plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = board_with(tmp_path, "good:G1", "garbage:X1")
    code, report, err = final_json(capsys, board)
    assert code == 1
    assert ("plugin 'garbage' failed in hook carcassonne_final_scoring: HookReturnError: "
            "returned a list where None is not an Event (edition garbage:X1 disabled)") in err
    assert [p["final"] for p in report["players"]] == [BASE_FINAL[0] + 5, BASE_FINAL[1]]


def test_garbage_while_playing_moves_is_caught_before_the_host_uses_it(
        faulty_plugins: Path, catalogue: Any) -> None:
    host = default_host()
    rules = host.ruleset("base:C2 + garbage:X1")
    position, _ = open_position(SAMPLE)
    assert position is not None
    engine = Engine(rules)
    tile = catalogue.tile("base-c2/E")
    moves = engine.legal_moves(position.board, tile, 0)  # slot options: garbage
    assert moves
    assert "garbage:X1" in host.disabled
    result = engine.apply(position.board, moves[0])  # tile_placed: garbage, skipped
    engine.undo(position.board, result)
    stages = {e.stage for e in host.errors if e.plugin == "garbage"}
    assert "carcassonne_slot_options" in stages


def test_bad_registrations_are_reported_and_the_good_ones_kept(
        faulty_plugins: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["plugins", "--format", "json"])
    listing = json.loads(capsys.readouterr().out)
    assert code == 1
    errors = {(e["plugin"], e["stage"], e["message"]) for e in listing["errors"]}
    assert ("garbage", "carcassonne_editions",
            "HookReturnError: None is not an Edition") in errors
    assert ("garbage", "carcassonne_editions", "HookReturnError: edition name 'bad name' is "
            "not 'part:label' (such as 'base:C2')") in errors
    assert ("garbage", "carcassonne_tileset_paths",
            "HookReturnError: returned a list where 42 is not a path") in errors
    assert ("nonsense", "carcassonne_editions",
            "HookReturnError: returned None, not a list of editions") in errors
    assert any(p == "broken" and stage == "load" and "a_module_that_does_not_exist" in m
               for p, stage, m in errors)
    editions = {e["name"] for p in listing["plugins"] for e in p["editions"]}
    assert {"base:C1", "base:C2", "base:C3", "good:G1", "raising:R1", "garbage:X1",
            "slow:S1"} <= editions


def test_a_hook_that_never_answers_is_abandoned_within_the_budget(
        faulty_plugins: Path) -> None:
    earlier = {t for t in threading.enumerate() if t.name == "plugin hook"}
    host = default_host()
    rules = host.ruleset("base:C2 + good:G1 + slow:S1")
    position, _ = open_position(SAMPLE)
    assert position is not None
    board = position.board
    start = time.perf_counter()
    with time_budget(0.5):
        mark = board.mark()
        Engine(rules).final_scoring(board)
        scores = [p.score for p in board.players]
        board.undo_to(mark)
    assert time.perf_counter() - start < 5
    assert scores == [BASE_FINAL[0] + 5, BASE_FINAL[1]]
    # the farm scoring of the base game waited for the slow city bonus: not its fault
    (error,) = [e for e in host.errors if e.edition]
    assert error.plugin == "slow" and error.edition == "slow:S1"
    assert error.stage == "carcassonne_field_city_bonus"
    assert "HookTimeout: no answer after 0.5 s" in error.message
    assert host.disabled == {"slow:S1"}
    # the stuck loop was interrupted: its worker thread ends
    def stuck() -> list[threading.Thread]:  # this test's workers (earlier tests' may linger)
        return [t for t in threading.enumerate()
                if t.name == "plugin hook" and t.is_alive() and t not in earlier]

    deadline = time.perf_counter() + 10
    while len(stuck()) > 1 and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert len(stuck()) <= 1  # the current worker (idle, reused) at most


def test_within_the_budget_answers_are_the_same(faulty_plugins: Path) -> None:
    host = default_host()
    rules = host.ruleset("base:C2 + good:G1")
    position, _ = open_position(SAMPLE)
    assert position is not None
    engine = Engine(rules)
    plain = [(e.player, e.points, e.rule) for e in _final(engine, position.board)]
    with time_budget(5):
        budgeted = [(e.player, e.points, e.rule) for e in _final(engine, position.board)]
    assert budgeted == plain and not host.disabled


def _final(engine: Engine, board: Any) -> list[Any]:
    mark = board.mark()
    events = engine.final_scoring(board)
    board.undo_to(mark)
    return events


def test_installed_plugins_load_only_when_a_command_needs_them(
        faulty_plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SAMPLE)]) == 0
    assert main(["score", str(SAMPLE)]) == 0
    capsys.readouterr()
    assert main(["compare", str(SAMPLE), "--format", "json"]) == 0
    rulesets = json.loads(capsys.readouterr().out)["rulesets"]
    assert not list(faulty_plugins.iterdir())  # nothing third-party imported
    assert not any("good" in r for r in rulesets)
    assert main(["score", board_with(tmp_path, "good:G1")]) == 0  # needs an installed one
    assert {p.name for p in faulty_plugins.iterdir()} >= {"good", "raising", "slow"}


def test_compare_adds_only_the_installed_editions_the_board_uses(
        faulty_plugins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", board_with(tmp_path, "good:G1"), "--format", "json"]) == 0
    rulesets = json.loads(capsys.readouterr().out)["rulesets"]
    assert "base:C2 + good:G1" in rulesets
    assert not any(name in r for r in rulesets for name in ("raising", "slow", "garbage"))


def test_a_missing_hook_argument_is_the_hosts_error(faulty_plugins: Path) -> None:
    host = default_host()
    rules = host.ruleset("base:C2")
    with pytest.raises(TypeError, match="board"):
        rules.hooks.final_scoring()  # type: ignore[call-arg]
    # the guard's own check, for an implementation that takes what the host did not pass
    with pytest.raises(HostError, match="carcassonne_final_scoring was called without "
                                        "'board'"):
        bind("carcassonne_final_scoring", ("rules", "board"), {"rules": rules})
    assert not host.errors and not host.disabled
