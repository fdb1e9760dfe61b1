"""``carcassonne-editor validate`` and ``tilesets``: exit codes and what they print."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from editor.formats.tilesets import builtin_tileset_paths
from editor.workspace import catalogue

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ROOT / "tests" / "formats"
SAMPLE_SET = str(FORMATS / "sample.tileset.json")
SAMPLE_BOARD = str(FORMATS / "sample.board.json")
INVALID = FORMATS / "invalid"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    return code, capsys.readouterr().out.splitlines()


def test_valid_tileset(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", SAMPLE_SET) == (0, ["1 file valid"])


def test_board_with_extra_tileset(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", SAMPLE_BOARD, "--tileset", SAMPLE_SET) == (0, ["1 file valid"])


def test_board_with_tileset_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", SAMPLE_BOARD, SAMPLE_SET) == (0, ["2 files valid"])


def test_board_without_its_tileset(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "validate", SAMPLE_BOARD)
    assert code == 1
    assert lines[0] == (f"{SAMPLE_BOARD}::$.tilesets[0]: tile set 'sample' is not loaded "
                        f"(loaded: {', '.join(s.id for s in catalogue().sets)})")
    assert lines[-1].endswith(" errors in 1 file")


def test_errors_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    file = str(INVALID / "wrong_type.tileset.json")
    assert run(capsys, "validate", file, SAMPLE_SET) == (1, [
        f"{file}::$.tiles[0].count: expected an integer, got a string ('4')",
        "1 error in 1 file (2 checked)",
    ])


def test_board_errors_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    file = str(INVALID / "figure_segment.board.json")
    assert run(capsys, "validate", "--tileset", SAMPLE_SET, file) == (1, [
        f"{file}::$.figures[0].segment: tile sample/D has no segment 'cloister' "
        "(segments: city, road, field-n, field-s)",
        "1 error in 1 file",
    ])


def test_warnings_alone_exit_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(Path(SAMPLE_SET).read_text(encoding="utf-8"))
    data["tiles"][1]["aliases"] = ["BA/RCr"]
    file = tmp_path / "aliases.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "validate", str(file)) == (0, [
        f"{file}::$.tiles[2].aliases[0]: warning: alias 'BA/RCr' is already used by tile 'B'",
        "1 warning in 1 file",
    ])


def test_broken_json_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    file = str(INVALID / "broken.json")
    code, lines = run(capsys, "validate", SAMPLE_SET, file)
    assert code == 2
    assert lines == [
        f"{file}::$: not valid JSON: Expecting property name enclosed in double quotes at "
        "line 5, column 16",
        "1 error in 1 file (2 checked)",
    ]


def test_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = str(tmp_path / "nope.json")
    assert run(capsys, "validate", file) == (2, [
        f"{file}::$: cannot read the file: No such file or directory", "1 error in 1 file"])


def test_broken_extra_tileset_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    extra = str(INVALID / "port_twice.tileset.json")
    code, lines = run(capsys, "validate", "--tileset", extra, SAMPLE_SET)
    assert code == 1
    assert lines == [f"{extra}::$.tiles[0].segments[1].ports[0]: port NNE is already in "
                     "segment 'city'", "1 error in 1 file (2 checked)"]


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 2
    assert "give files to check, or --builtin" in capsys.readouterr().err


def test_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    bad = str(INVALID / "same_cell.board.json")
    code = main(["validate", "--format", "json", SAMPLE_SET, bad])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["summary"] == {"files": 2, "valid": 1, "errors": 1, "warnings": 0, "notes": 0}
    assert report["files"][0] == {"file": SAMPLE_SET, "valid": True, "findings": []}
    assert report["files"][1]["findings"] == [{
        "file": bad, "path": "$.tiles[1]", "message": "cell (0, 0) already holds sample/D "
        "(tiles[0])", "code": "cell-taken", "severity": "error", "cell": [0, 0]}]


def test_builtin_tilesets_validate(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "validate", *map(str, builtin_tileset_paths()))
    assert code == 0
    assert all(": warning: " in line for line in lines[:-1])


def test_tilesets_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "tilesets")
    assert code == 0
    assert lines[0].split() == ["id", "part", "edition", "kinds", "tiles", "goods", "start",
                                "provisional", "name", "file"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert list(rows) == [s.id for s in catalogue().sets]  # built-in, then plugins' sets


def test_tilesets_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tilesets", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)["tilesets"]
    for row, tile_set in zip(listed, catalogue().sets, strict=True):
        start = tile_set.start_tile()
        assert row == {
            "id": tile_set.id, "part": tile_set.part, "edition": tile_set.edition,
            "kinds": len(tile_set.tiles), "tiles": tile_set.tile_count,
            "goods": tile_set.goods_symbols(), "start": start.id if start else None,
            "provisional": sum(t.provenance.provisional for t in tile_set.tiles),
            "name": tile_set.name, "file": tile_set.source,
        }


def test_python_m_editor_help_lists_the_commands() -> None:
    done = subprocess.run([sys.executable, "-m", "editor", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    for command in ("gui", "validate", "tilesets"):
        assert f"    {command} " in done.stdout
