"""Format versions: newer files are refused clearly, older ones migrated step by step (#14.11).

No older format exists yet, so the chain is tested with synthetic steps: a "format 0"
board that called figures ``meeples``, and a "format -1" that called players ``seats``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats import versions
from editor.formats.boards import load_position, save_position
from editor.formats.tilesets import load_tileset
from editor.model.findings import Severity

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "first-steps.board.json"


def sample() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: dict[str, Any], name: str = "old.board.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def meeples_to_figures(data: dict[str, Any]) -> dict[str, Any]:
    data["figures"] = data.pop("meeples")
    return data


def seats_to_players(data: dict[str, Any]) -> dict[str, Any]:
    data["players"] = data.pop("seats")
    return data


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(versions.STEPS, versions.BOARD,
                        {-1: seats_to_players, 0: meeples_to_figures})


def format_0() -> dict[str, Any]:
    data = sample()
    data["format"] = 0
    data["meeples"] = data.pop("figures")
    return data


def test_a_newer_board_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               catalogue: Any) -> None:
    path = write(tmp_path, {**sample(), "format": 2, "hexes": []})
    position, findings = load_position(path, catalogue)
    assert position is None
    assert [(f.path, f.message) for f in findings] == [(
        "$.format", "written by a newer version of carcassonne-editor (format 2); this one "
        "reads format 1: update it to open this board")]
    assert main(["score", str(path)]) == 2
    assert "written by a newer version of carcassonne-editor (format 2)" in \
        capsys.readouterr().err
    assert main(["validate", str(path)]) == 1
    assert "(format 2); this one reads format 1" in capsys.readouterr().out


def test_a_newer_tile_set_says_so(tmp_path: Path) -> None:
    data = json.loads((ROOT / "tilesets" / "base-c2.json").read_text(encoding="utf-8"))
    tile_set, findings = load_tileset(write(tmp_path, {**data, "format": 7}, "t.json"))
    assert tile_set is None
    assert "written by a newer version of carcassonne-editor (format 7)" in findings[0].message
    assert "open this tile set" in findings[0].message


def test_an_older_format_without_a_step_is_refused(tmp_path: Path, catalogue: Any) -> None:
    position, findings = load_position(write(tmp_path, format_0()), catalogue)
    assert position is None
    assert findings[0].message == ("format 0 is not a board format this version can read (it "
                                   "reads format 1)")


@pytest.mark.usefixtures("steps")
def test_a_format_0_board_is_migrated_and_saved_as_format_1(tmp_path: Path,
                                                            catalogue: Any) -> None:
    path = write(tmp_path, format_0())
    before = path.read_bytes()
    position, findings = load_position(path, catalogue)
    assert position is not None
    assert [(f.severity, f.message) for f in findings] == [(
        Severity.INFO, "format 0 board, read as format 1; the file stays in format 0 until it "
        "is saved")]
    current, _ = load_position(SAMPLE, catalogue)
    assert current is not None
    assert len(position.board.figures) == len(current.board.figures) == 14
    assert path.read_bytes() == before  # reading never rewrites the file
    save_position(path, position)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["format"] == 1 and "meeples" not in saved
    assert len(saved["figures"]) == 14


@pytest.mark.usefixtures("steps")
def test_the_chain_runs_every_step_in_order(tmp_path: Path, catalogue: Any) -> None:
    data = format_0()
    data["format"] = -1
    data["seats"] = data.pop("players")
    upgraded, findings = versions.upgrade(copy.deepcopy(data), versions.BOARD)
    assert upgraded["format"] == 1
    assert "seats" not in upgraded and "meeples" not in upgraded
    assert upgraded["players"] == sample()["players"]
    assert "format -1 board, read as format 1" in findings[0].message
    position, _ = load_position(write(tmp_path, data), catalogue)
    assert position is not None and [p.name for p in position.board.players] == ["Alice", "Bob"]


@pytest.mark.usefixtures("steps")
def test_validate_reports_the_migration_as_a_note(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, format_0())
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}::$.format: note: format 0 board, read as format 1; the file stays in format "
        "0 until it is saved", "1 note in 1 file"]


@pytest.mark.parametrize("value", ["1", 1.5, True, None])
def test_a_format_that_is_no_integer_is_the_schemas_business(tmp_path: Path, value: object,
                                                             catalogue: Any) -> None:
    data, findings = versions.upgrade({**sample(), "format": value}, versions.BOARD)
    assert findings == [] and data["format"] == value
    _, findings = load_position(write(tmp_path, data), catalogue)
    assert findings and findings[0].path == "$.format"
