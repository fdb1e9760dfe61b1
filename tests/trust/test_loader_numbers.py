"""Every loader reads numbers, nesting and text one way (#11.1, #11.2): what a program
cannot hold is a finding with its JSON path, never an exception."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats.jsonio import MAX_DEPTH, MAX_DIGITS, parse_json, read_json
from editor.resources import data_dir

SAMPLE = data_dir("samples") / "first-steps.board.json"
TILESET = data_dir("tilesets") / "base-c2.json"
SAVE = Path(__file__).parents[1] / "jcz" / "data" / "base-game.jcz"


def sample(path: Path = SAMPLE) -> dict[str, Any]:
    data, findings = read_json(path)
    assert not findings
    return data


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


HUGE = "1" + "0" * 5000  # past Python's own limit of 4,300 digits


@pytest.mark.parametrize("command", [["validate"], ["score"], ["render", "-o", "x.svg"],
                                     ["replay"], ["compare"], ["scenario", "--remaining"]])
def test_a_huge_integer_is_a_finding_with_its_path(tmp_path: Path, capsys: Any,
                                                   command: list[str]) -> None:
    text = json.dumps(sample()).replace('"score": 8', f'"score": {HUGE}', 1)
    board = write(tmp_path, "huge.board.json", text)
    argv = [command[0], board, *command[1:]]
    if command[0] == "render":
        argv[3] = str(tmp_path / "x.svg")
    code, output = run(capsys, *argv)
    assert code in (1, 2)
    assert (f"{board}::$.players[0].score: an integer of 5,001 digits is too long to read "
            f"(at most {MAX_DIGITS})") in output


@pytest.mark.parametrize(("literal", "message"), [
    ("1" + "0" * MAX_DIGITS,
     f"an integer of 301 digits is too long to read (at most {MAX_DIGITS})"),
    ("-1e400", "the number -1e400 is too large (at most about 1.8e308)"),
])
def test_numbers_no_reader_can_hold(literal: str, message: str) -> None:
    (finding,) = parse_json(f'{{"a": [0, {literal}]}}', "f.json")[1]
    assert (finding.path, finding.message) == ("$.a[1]", message)
    assert parse_json("1" + "0" * (MAX_DIGITS - 1))[0] == 10 ** (MAX_DIGITS - 1)


def test_a_huge_integer_in_a_tile_set_and_in_a_save(tmp_path: Path, capsys: Any) -> None:
    text = TILESET.read_text(encoding="utf-8").replace('"count": 4', f'"count": {HUGE}', 1)
    tiles = write(tmp_path, "huge-set.json", text)
    code, output = run(capsys, "validate", tiles)
    assert code == 2 and f"{tiles}::$.tiles[" in output and "5,001 digits" in output
    save = sample(SAVE)
    save["setup"]["start"][0]["x"] = 0
    text = json.dumps(save).replace('"x": 0', f'"x": {HUGE}', 1)
    jcz = write(tmp_path, "huge.jcz", text)
    code, output = run(capsys, "import-jcz", jcz, "-o", str(tmp_path / "out.json"))
    assert code == 2 and f"{jcz}::$.setup.start[0].x: an integer of 5,001 digits" in output


@pytest.mark.parametrize(("where", "edit", "message"), [
    ("$.tiles[0].rotation", lambda d: d["tiles"][0].update(rotation=90.0),
     "90.0 is not one of the 4 rotations 0, 90, 180, 270"),
    ("$.players[0].score", lambda d: d["players"][0].update(score=8.0),
     "expected an integer, got a number (8.0)"),
    ("$.figures[0].owner", lambda d: d["figures"][0].update(owner=1.0),
     "expected an integer, got a number (1.0)"),
    ("$.tiles[1].x", lambda d: d["tiles"][1].update(x=1e0), "expected an integer, got a "
     "number (1.0)"),
    ("$.players[0].supply.follower", lambda d: d["players"][0]["supply"].update(follower=5.0),
     "expected an integer, got a number (5.0)"),
])
def test_integer_valued_floats_are_refused_everywhere(tmp_path: Path, capsys: Any, where: str,
                                                      edit: Any, message: str) -> None:
    data = sample()
    edit(data)
    board = write(tmp_path, "floats.board.json", json.dumps(data))
    for command in (["validate", board], ["score", board], ["solve", board],
                    ["render", board, "-o", str(tmp_path / "x.png")], ["replay", board]):
        code, output = run(capsys, *command)
        assert code in (1, 2), command
        assert f"{board}::{where}: {message}" in output, (command, output)


def test_integer_valued_floats_in_a_save_and_a_tile_set(tmp_path: Path, capsys: Any) -> None:
    save = sample(SAVE)
    save["setup"]["start"][0]["y"] = 0.0
    jcz = write(tmp_path, "float.jcz", json.dumps(save))
    code, output = run(capsys, "replay", jcz)
    assert code == 2 and f"{jcz}::$.setup.start[0].y: expected an integer, got float" in output
    tiles = sample(TILESET)
    tiles["tiles"][0]["count"] = 2.0
    path = write(tmp_path, "float-set.json", json.dumps(tiles))
    code, output = run(capsys, "validate", path)
    assert code == 1 and f"{path}::$.tiles[0].count: expected an integer, got a number (2.0)" \
        in output


def test_a_number_that_may_be_fractional_stays_one() -> None:
    data, findings = parse_json('{"anchor": [1.0, 0.5], "n": 1e2}')
    assert findings == [] and data == {"anchor": [1.0, 0.5], "n": 100.0}


def test_nesting_deeper_than_the_formats_allow_is_refused(tmp_path: Path, capsys: Any) -> None:
    data = sample()
    data["x-deep"] = json.loads("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))
    board = write(tmp_path, "deep.board.json", json.dumps(data))
    for command in ("validate", "score", "replay"):
        code, output = run(capsys, command, board)
        assert code in (1, 2)
        assert f"{board}::$.x-deep" + "[0]" * (MAX_DEPTH - 1) + ": nested more than " \
            f"{MAX_DEPTH} levels deep" in output
    very = write(tmp_path, "very.board.json", "[" * 200_000)
    code, output = run(capsys, "validate", very)
    assert code == 2 and f"{very}::$: not valid JSON: nested too deeply" in output


def test_a_repeated_key_is_refused(tmp_path: Path, capsys: Any) -> None:
    text = json.dumps(sample()).replace('"score": 8', '"score": 8, "score": 80', 1)
    board = write(tmp_path, "twice.board.json", text)
    code, output = run(capsys, "validate", board)
    assert code == 2
    assert f"{board}::$.players[0].score: key 'score' appears more than once" in output


def test_unpaired_surrogates_are_refused_and_never_printed(tmp_path: Path,
                                                           capsys: Any) -> None:
    text = json.dumps(sample()).replace('"Alice"', '"Al\\ud800ice"', 1)
    board = write(tmp_path, "surrogate.board.json", text)
    code, output = run(capsys, "score", board)
    assert code == 2
    assert f"{board}::$.players[0].name: the text holds an unpaired UTF-16 surrogate" in output
    output.encode("utf-8")  # what a terminal gets is valid text
    key = write(tmp_path, "key.board.json", text.replace('"x-', '"x-\\udc00', 1)
                .replace('"format"', '"\\udc00": 1, "format"', 1))
    code, output = run(capsys, "validate", key)
    assert code == 2 and "$['\\udc00']: this key holds an unpaired" in output
    output.encode("utf-8")
