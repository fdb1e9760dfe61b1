"""Start-up: lazy subcommands and the validation cache (#14.9). Timings are not asserted
here: ``benchmarks/startup.py`` measures them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from editor.formats import cache, tilesets
from editor.formats.tilesets import TilesetError, builtin_tileset_paths

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "first-steps.board.json")

#: Runs the command line in a fresh process and prints which heavy modules it imported.
PROBE = """
import json, sys
from editor.cli import main
code = main(sys.argv[1:])
heavy = ("jsonschema", "editor.puzzles", "editor.jcz", "editor.qt", "editor.jcz.replay",
         "editor.cli.compare", "editor.cli.solve", "tqdm", "argcomplete")
print("IMPORTED", json.dumps(sorted(m for m in heavy if m in sys.modules)), code)
"""


def probe(tmp_path: Path, *argv: str, cache_dir: Path | None = None) -> tuple[list[str], int]:
    env = {**os.environ, "CARCASSONNE_EDITOR_CACHE": str(cache_dir or tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    line = next(ln for ln in done.stdout.splitlines() if ln.startswith("IMPORTED "))
    modules, code = line.removeprefix("IMPORTED ").rsplit(" ", 1)
    return json.loads(modules), int(code)


def test_score_loads_only_what_it_needs(tmp_path: Path) -> None:
    first, code = probe(tmp_path, "score", SAMPLE)
    assert code == 0
    assert first == ["jsonschema"]  # the first start checks the files and fills the cache
    again, code = probe(tmp_path, "score", SAMPLE)
    assert code == 0 and again == []  # nothing is checked twice, no other command loaded
    saved = json.loads((tmp_path / "cache" / "validated.json").read_text(encoding="utf-8"))
    assert len(saved["valid"]) == len(builtin_tileset_paths()) + 1  # the sets and the board


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
    load = tilesets.load_builtin_catalogue.__wrapped__
    assert len(load().sets) == 9  # checked, and remembered
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


def test_the_key_depends_on_the_content_and_the_schemas() -> None:
    assert cache.key(b"{}") == cache.key(b"{}") != cache.key(b"{ }")
    assert cache.data_key({"a": 1}, "board") != cache.data_key({"a": 1}, "tileset")
    assert cache.data_key({"a": 1}, "board") != cache.data_key({"a": 1.0}, "board")
