"""Start-up: lazy subcommands and the validation cache (#14.9). Timings are not asserted
here: ``benchmarks/startup.py`` measures them."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor import cli, logs
from editor.formats import cache, tilesets
from editor.formats.tilesets import TilesetError, builtin_tileset_paths

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")

#: Runs the command line in a fresh process and prints which heavy modules it imported.
PROBE = """
import json, sys
from editor.cli import main
code = main(sys.argv[1:])
heavy = ("jsonschema", "importlib.metadata", "email", "logging", "shutil", "platformdirs",
         "hashlib", "editor.puzzles", "editor.jcz", "editor.qt", "editor.jcz.replay",
         "editor.cli.compare", "editor.cli.solve", "tqdm", "argcomplete")
print("IMPORTED", json.dumps(sorted(m for m in heavy if m in sys.modules)), code)
"""


def probe(tmp_path: Path, *argv: str, cache_dir: Path | None = None,
          xdg: bool = False) -> tuple[list[str], int]:
    env = {**os.environ, "CARCASSONNE_EDITOR_CACHE": str(cache_dir or tmp_path / "cache")}
    if xdg:  # the cache where a user has it
        del env["CARCASSONNE_EDITOR_CACHE"]
        env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("IMPORTED "))
    modules, code = line.removeprefix("IMPORTED ").rsplit(" ", 1)
    found = json.loads(modules)
    if "jsonschema" in found:  # checking against the schema: what jsonschema brings
        found = [m for m in found if m != "shutil"]  # (its resources use tempfile)
    return found, int(code)


def test_score_loads_only_what_it_needs(tmp_path: Path) -> None:
    first, code = probe(tmp_path, "score", SAMPLE)
    assert code == 0
    assert first == ["jsonschema"]  # the first start checks the files and fills the cache
    again, code = probe(tmp_path, "score", SAMPLE)
    assert code == 0 and again == []  # nothing is checked twice, no other command loaded
    saved = json.loads((tmp_path / "cache" / "validated.json").read_text(encoding="utf-8"))
    assert len(saved["valid"]) == len(builtin_tileset_paths()) + 1  # the sets and the board


def test_score_in_the_users_cache_folder_loads_only_what_it_needs(tmp_path: Path) -> None:
    assert probe(tmp_path, "score", SAMPLE, xdg=True) == (["jsonschema"], 0)
    assert probe(tmp_path, "score", SAMPLE, xdg=True) == ([], 0)  # no platformdirs, shutil
    assert (tmp_path / "xdg" / "carcassonne-editor" / "validated.json").is_file()


@pytest.mark.parametrize("xdg", ["/somewhere/cache", "", "relative/cache", None])
def test_the_cache_folder_is_the_one_platformdirs_gives(
        xdg: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    expected = (Path(xdg) if xdg and xdg.startswith("/") else tmp_path / "home" / ".cache") \
        / "carcassonne-editor"
    assert cache.user_cache_folder() == expected  # relative: ignored, as XDG says
    if xdg != "relative/cache":  # platformdirs < 4 took a relative one as it is
        from platformdirs import user_cache_path

        assert user_cache_path("carcassonne-editor", appauthor=False) == expected


@pytest.mark.parametrize("columns", ["50", "140", None])
def test_help_is_as_wide_as_argparse_makes_it(columns: str | None,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    if columns is None:  # no terminal: 80 columns
        monkeypatch.delenv("COLUMNS", raising=False)
        monkeypatch.setattr(os, "get_terminal_size", _no_terminal)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    ours = cli.build_parser(["score"])
    monkeypatch.setattr(cli, "_Formatter", argparse.RawDescriptionHelpFormatter)
    standard = cli.build_parser(["score"])
    for words in ([], ["score"]):
        assert _help(ours, words) == _help(standard, words)
    usage = _help(ours, ["score"]).split("\n\n")[0].splitlines()
    assert (len(usage) == 1) is (columns == "140")  # the width is the terminal's


def _no_terminal(fd: int = 1) -> os.terminal_size:
    raise OSError("not a terminal")


def _help(parser: argparse.ArgumentParser, words: list[str]) -> str:
    for action in parser._actions:  # the subcommand's parser, when one is asked for
        if words and isinstance(action, argparse._SubParsersAction):
            parser = action.choices[words[0]]
    return parser.format_help()


def test_version_and_a_usage_error_load_no_command(tmp_path: Path) -> None:
    assert probe(tmp_path, "--version") == ([], 0)
    assert probe(tmp_path, "scor") == ([], 2)


def test_without_the_cache_every_start_checks(tmp_path: Path) -> None:
    assert probe(tmp_path, "score", SAMPLE, cache_dir=Path("0"))[0] == ["jsonschema"]
    assert probe(tmp_path, "score", SAMPLE, cache_dir=Path("0"))[0] == ["jsonschema"]
    assert not (tmp_path / "cache").exists() and not Path("0").exists()


def test_a_changed_builtin_set_is_checked_again(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "tilesets"
    shutil.copytree(ROOT / "tilesets", folder)
    monkeypatch.setenv("CARCASSONNE_EDITOR_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "validated", cache.validated.__wrapped__)
    monkeypatch.setattr(tilesets, "validated", lambda: cache.Validated())
    monkeypatch.setattr(tilesets, "builtin_tileset_paths", lambda: sorted(folder.glob("*.json")))
    load = tilesets.builtin_tilesets_data.__wrapped__
    assert len(load()) == 9  # checked, and remembered
    broken = folder / "base-c2.json"
    data = json.loads(broken.read_text(encoding="utf-8"))
    data["tiles"][0]["segments"][0]["ports"].append("N")  # a port twice
    broken.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TilesetError, match=r"base-c2\.json is broken"):
        load()


def test_a_damaged_cache_only_means_checking_again(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "validated.json").write_text("{not json", encoding="utf-8")
    assert probe(tmp_path, "score", SAMPLE) == (["jsonschema"], 0)
    assert probe(tmp_path, "score", SAMPLE) == ([], 0)
    monkeypatch.setenv("CARCASSONNE_EDITOR_CACHE", str(tmp_path / "cache"))
    assert len(cache.Validated().keys) == 10


def test_an_unwritable_cache_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert probe(tmp_path, "score", SAMPLE, cache_dir=blocker / "cache") == (["jsonschema"], 0)


def test_the_key_is_the_sha256_hashlib_gives() -> None:
    import hashlib

    assert cache.key(b"{}") == hashlib.sha256(cache._salt() + b"{}").hexdigest()
    assert cache._salt() == cache._salt.__wrapped__()


def test_the_key_depends_on_the_content_and_the_schemas() -> None:
    assert cache.key(b"{}") == cache.key(b"{}") != cache.key(b"{ }")
    assert cache.data_key({"a": 1}, "board") != cache.data_key({"a": 1}, "tileset")
    assert cache.data_key({"a": 1}, "board") != cache.data_key({"a": 1.0}, "board")


#: Logs through editor.logs in a fresh process, as the command line sets it up.
LOGS = """
import sys
from editor import cli, logs
from editor.cli import diagnostics
diagnostics.configure(sys.argv[1] == "-v")
log = logs.get("editor.formats.probe")
log.debug("a detail %d", 1)
print("imported" if "logging" in sys.modules else "not imported")
log.warning("a warning %d", 2)
"""


@pytest.mark.parametrize("verbose", [False, True])
def test_logging_is_imported_only_for_a_record_that_is_shown(verbose: bool) -> None:
    done = subprocess.run([sys.executable, "-c", LOGS, "-v" if verbose else "-"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout == ("imported\n" if verbose else "not imported\n")
    assert done.stderr == ("carcassonne-editor: debug: a detail 1\n" if verbose else "") + \
        "carcassonne-editor: warning: a warning 2\n"


def test_a_record_names_the_module_that_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level("DEBUG", logger="elsewhere"):
        logs.get("elsewhere.probe").debug("here")
    assert [(r.name, r.filename, r.getMessage()) for r in caplog.records] == [
        ("elsewhere.probe", "test_startup.py", "here")]


def test_the_collector_is_off_only_while_the_program_loads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Run as the program (no arguments given to main), a command's modules load with the
    garbage collector off and the command runs with it on, what was loaded frozen; a
    caller passing its own arguments keeps its collector as it was."""
    import gc

    from editor.cli import score

    monkeypatch.setenv("CARCASSONNE_EDITOR_CACHE", str(tmp_path / "cache"))
    seen: dict[str, object] = {}
    build, run = cli.build_parser, score.run

    def building(commands: list[str] | None = None) -> argparse.ArgumentParser:
        seen["loading"] = gc.isenabled()
        return build(commands)

    def running(args: argparse.Namespace) -> int:
        seen["command"], seen["frozen"] = gc.isenabled(), gc.get_freeze_count()
        return run(args)

    monkeypatch.setattr(cli, "build_parser", building)
    monkeypatch.setattr(score, "run", running)
    before = gc.get_freeze_count()
    monkeypatch.setattr(sys, "argv", ["carcassonne-editor", "score", SAMPLE])
    try:
        assert cli.main() == 0
        assert seen["loading"] is False and seen["command"] is True
        assert isinstance(seen["frozen"], int) and seen["frozen"] > before
    finally:
        gc.unfreeze()
    assert cli.main(["score", SAMPLE]) == 0
    assert seen == {"loading": True, "command": True, "frozen": 0} and gc.isenabled()
    assert "Ruleset: base:C2" in capsys.readouterr().out
