"""``import-jcz`` and ``replay``: output, ``--check`` and the documented exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jcz_support import load_save, save_path, write_save

from editor.cli import main


def test_replay_check_passes_on_the_tiny_city_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", save_path("tiny-city"), "--check"]) == 0
    out = capsys.readouterr().out
    assert "Ruleset: base:C1[farms=2002,small_city=on]" in out
    assert "   2. Wendy: base-c1/H at (0, -2) R0 + follower on city-n" in out
    assert "Wendy +6 city: completed city (tiles: 3, pennants: 0)" in out
    assert "PASS  Wendy has 8 points" in out and "FAIL" not in out


@pytest.mark.parametrize(("assertion", "detail"), [
    ("Wendy has 10 points", "Wendy has 8 points"),
    ("Wendy scored city for 4 points", "Wendy scored for city: 6, 2"),
])
def test_replay_check_names_a_failing_assertion(tmp_path: Path, assertion: str, detail: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = load_save("tiny-city")
    data["test"]["assertions"] = ["Wendy has 8 points", assertion]
    path = write_save(tmp_path, "failing", data)
    assert main(["replay", path, "--check"]) == 1
    out = capsys.readouterr().out
    assert "PASS  Wendy has 8 points" in out
    assert f"FAIL  {assertion}  ({detail})" in out


def test_replay_check_refuses_a_form_it_cannot_check(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    data = load_save("tiny-city")
    data["test"]["assertions"] = ["phase is TilePhase"]
    assert main(["replay", write_save(tmp_path, "form", data), "--check"]) == 1
    assert "CANNOT CHECK  phase is TilePhase" in capsys.readouterr().out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", save_path("base-game"), "--check", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["Ann", "Bob"]
    assert [m["scores"] for m in data["moves"]][-1] == [4, 4]
    assert data["final"] == [7, 9]
    assert all(c["ok"] for c in data["checks"])
    assert {line["feature"] for line in data["end_of_game"]} == {"monastery", "field"}


def test_replay_with_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The same log under the 2002 rules: the two-tile city scores 4."""
    assert main(["replay", save_path("tiny-city"), "--rules", "base:C1[rules=2002]",
                 "--check"]) == 1
    assert "FAIL  Wendy has 8 points  (Wendy has 10 points)" in capsys.readouterr().out


@pytest.mark.parametrize(("name", "expected"), [
    ("other-expansion", "tile set 'princess-and-dragon:1' is not supported"),
    ("unknown-tile", "$.replay[3].payload.tileId: unknown tile id 'BA/Nope'"),
])
def test_unsupported_content_exits_1(tmp_path: Path, name: str, expected: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "out.board.json"
    assert main(["import-jcz", save_path(name), "-o", str(output)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "nothing written" in err
    assert not output.exists()
    assert main(["replay", save_path(name)]) == 1
    assert expected in capsys.readouterr().err


def test_unreadable_saves_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jcz"
    broken.write_text("{", encoding="utf-8")
    assert main(["import-jcz", str(broken), "-o", str(tmp_path / "x.json")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    shapeless = write_save(tmp_path, "shapeless", {"players": []})
    assert main(["replay", shapeless]) == 2
    assert "$: missing 'setup'" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jcz")]) == 2


def test_import_writes_a_valid_board_that_replays(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "game.board.json"
    assert main(["import-jcz", save_path("builder-and-pig"), "-o", str(output)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {output}: 8 tiles, 7 moves, ruleset base:C2 + traders-builders:C2" in out
    assert "note: rule option 'princess-action' belongs to The Princess & the Dragon" in out
    board = json.loads(output.read_text(encoding="utf-8"))
    assert board["x-assertions"][0] == "Cara has 5 points"
    assert board["x-draw-order"][:2] == ["base-c2/U", "base-c2/E"]
    assert board["moves"][2]["figure"] == {"kind": "builder", "segment": "road"}
    assert [p["score"] for p in board["players"]] == [5, 0]
    assert main(["validate", str(output)]) == 0
    assert main(["replay", str(output), "--check"]) == 0
    assert "PASS  Dan has 4 points" in capsys.readouterr().out
