"""Every command's ``--format json`` output against its published schema (#14.4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from editor.cli import COMMANDS, build_parser, main
from editor.formats import schemas

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")
PUZZLE = str(ROOT / "samples" / "puzzles" / "tb-c2-two-for-one.board.json")
GATE = str(ROOT / "samples" / "puzzles" / "c3-close-the-gate.board.json")
JCZ = ROOT / "tests" / "jcz" / "data"
BROKEN = str(ROOT / "tests" / "formats" / "invalid" / "unknown_tile.board.json")

#: (schema, command line without --format json); every variant of every command's output.
RUNS: list[tuple[str, list[str]]] = [
    ("validate", ["validate", SAMPLE, str(ROOT / "tilesets" / "base-c1.json")]),
    ("validate", ["validate", BROKEN]),
    ("tilesets", ["tilesets"]),
    ("score", ["score", SAMPLE]),
    ("score", ["score", SAMPLE, "--final", "--rules", "traders-builders:C3.1"]),
    ("compare", ["compare", SAMPLE]),
    ("compare", ["compare", PUZZLE, "--move", "U@1,0:0+follower:road"]),
    ("solve", ["solve", PUZZLE]),
    ("solve", ["solve", GATE, "--top", "0"]),
    ("check", ["check", PUZZLE]),
    ("check", ["check", GATE]),
    ("scenario", ["scenario", PUZZLE, "--remaining"]),
    ("scenario", ["scenario", GATE, "--dead"]),
    ("scenario", ["scenario", PUZZLE, "--fits", "E"]),
    ("plugins", ["plugins"]),
    ("replay", ["replay", str(JCZ / "builder-and-pig.jcz"), "--check"]),
    ("replay", ["replay", str(JCZ / "river.jcz")]),
    ("replay", ["replay", str(JCZ / "unknown-tile.jcz")]),
    ("replay", ["replay", str(JCZ / "missing.jcz")]),
]


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schemas.schema(f"output/{name}"), registry=schemas.registry())


def output(capsys: pytest.CaptureFixture[str], argv: list[str]) -> object:
    main([*argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("name", "argv"), RUNS, ids=[" ".join(a[:1] + a[2:]) for _, a in RUNS])
def test_output_follows_its_schema(capsys: pytest.CaptureFixture[str], name: str,
                                   argv: list[str]) -> None:
    data = output(capsys, argv)
    errors = [f"{e.json_path}: {e.message}" for e in validator(name).iter_errors(data)]
    assert errors == []
    assert data["format"] == 1


@pytest.mark.parametrize("code", [0, 1, 2])
def test_import_jcz_output_follows_its_schema(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, code: int) -> None:
    save = {0: "tiny-city.jcz", 1: "other-expansion.jcz", 2: "missing.jcz"}[code]
    target = tmp_path / "out.board.json"
    main(["import-jcz", str(JCZ / save), "-o", str(target), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert data["exit"] == code
    assert [e.message for e in validator("import-jcz").iter_errors(data)] == []


@pytest.mark.parametrize("source", ["self-play", "corpus", "refused"])
def test_study_output_follows_its_schema(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         source: str) -> None:
    argv = {"self-play": ["--games", "2", "--rules", "traders-builders:C2", "--rules",
                          "base:C1[rules=2000]", "--player", "random"],
            "corpus": ["--corpus", str(JCZ), "--rules", "base:C2"],
            "refused": ["--players", "9"]}[source]
    main(["study", *argv, "--out", str(tmp_path / "r"), "--jobs", "1", "--plots", "none",
          "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert [f"{e.json_path}: {e.message}" for e in validator("study").iter_errors(data)] == []
    if source != "refused":
        stored = json.loads((tmp_path / "r" / "summary.json").read_text(encoding="utf-8"))
        assert stored == {"format": 1, **data["summary"]}
        assert validator("study").is_valid({**data, "summary": stored})


def test_a_key_the_schema_does_not_know_fails(capsys: pytest.CaptureFixture[str]) -> None:
    data = output(capsys, ["score", SAMPLE])
    data["players"][0]["bonus"] = 1
    assert not validator("score").is_valid(data)


def test_every_command_with_json_output_has_a_schema_and_a_run() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    with_json = {name for name, sub in commands.items()
                 if any(a.dest == "format" and "json" in (a.choices or ()) for a in sub._actions)}
    assert with_json <= set(COMMANDS)
    assert with_json == {name for name, _ in RUNS} | {"import-jcz", "export-jcz", "study"}
    assert {f"output/{name}" for name in with_json} <= set(schemas.schema_names())


def test_replay_events_are_data(capsys: pytest.CaptureFixture[str]) -> None:
    data = output(capsys, ["replay", str(JCZ / "builder-and-pig.jcz")])
    events = [e for move in data["moves"] for e in move["events"]]
    scored = [e for e in events if e["type"] == "score"]
    assert scored and all(isinstance(e["points"], int) and e["rule"] and e["feature"]
                          for e in scored)
    assert all(e["text"] for e in events)
    assert {e["type"] for e in events} >= {"score", "return", "completed"}
