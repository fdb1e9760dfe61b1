"""``validate --builtin`` and set ids, ``tilesets``' file column (#14.7), and a board's
misspelt editions and options (#12.20, the ``validate`` half)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.formats.tilesets import builtin_tileset_paths
from editor.plugins import default_host
from editor.workspace import catalogue, ruleset_findings

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "first-steps.board.json"
#: Every edition: the built-in ones and those of installed plugins (Inns & Cathedrals).
EDITIONS = ", ".join(sorted(default_host().editions))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, (out.out + out.err).splitlines()


def test_validate_every_builtin_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "validate", "--builtin", "--format", "json")
    report = json.loads("\n".join(lines))
    assert code == 0
    shipped = [*builtin_tileset_paths(), *default_host().tileset_paths()]
    assert [f["file"] for f in report["files"]] == [str(p) for p in shipped]
    assert report["summary"]["valid"] == len(shipped) and len(builtin_tileset_paths()) == 9


def test_validate_sets_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "validate", "river-c3", "base-c2", "--format", "json")
    files = [Path(f["file"]).name for f in json.loads("\n".join(lines))["files"]]
    assert code == 0 and files == ["river-c3.json", "base-c2.json"]


def test_an_unknown_id_says_which_exist(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", "base-c4") == (2, [
        "base-c4::$: no such file, nor a built-in tile set (did you mean base-c3, base-c2?)",
        "1 error in 1 file"])


def test_an_existing_file_wins_over_an_id(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("base-c2").write_text("{", encoding="utf-8")
    code, lines = run(capsys, "validate", "base-c2")
    assert code == 2 and lines[0].startswith("base-c2::$: not valid JSON")


def test_tilesets_shows_each_sets_file(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, lines = run(capsys, "tilesets")
    assert code == 0
    files = [line.split()[-1] for line in lines[1:]]
    assert files == [Path(s.source).resolve().relative_to(ROOT).as_posix()
                     for s in catalogue().sets]
    assert files[:9] == [f"tilesets/{p.name}" for p in builtin_tileset_paths()]


# --- #12.20: the ruleset against the editions that exist ------------------------------


def board(tmp_path: Path, ruleset: dict[str, Any]) -> str:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["ruleset"] = ruleset
    path = tmp_path / "typo.board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_misspelt_edition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board(tmp_path, {"editions": ["base:c2"]})
    assert run(capsys, "validate", path) == (1, [
        f"{path}::$.ruleset.editions[0]: unknown edition 'base:c2'; did you mean 'base:C2'? "
        f"(editions: {EDITIONS})", "1 error in 1 file"])
    code, lines = run(capsys, "score", path)
    assert code == 2
    assert lines == [f"carcassonne-editor score: {path}::$.ruleset.editions[0]: unknown edition "
                     f"'base:c2'; did you mean 'base:C2'? (editions: {EDITIONS})"]


def test_a_misspelt_option_value_and_name(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = board(tmp_path, {"editions": ["base:C1"],
                            "options": {"base:C1": {"rules": "200", "rule": "2001",
                                                    "x-house": "fine"},
                                        "base:C3": {}, "x-any": 1}})
    assert run(capsys, "validate", path) == (1, [
        f"{path}::$.ruleset.options['base:C1'].rules: base:C1: option 'rules' must be one of "
        "'2000', '2001', '2002', not '200'",
        f"{path}::$.ruleset.options['base:C1'].rule: base:C1 has no option 'rule'; did you "
        "mean 'rules'? (options: rules, farms, small_city, river)",
        f"{path}::$.ruleset.options['base:C3']: warning: options for base:C3, which the "
        "ruleset does not use",
        "2 errors, 1 warning in 1 file"])


def test_options_of_an_edition_without_any(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = board(tmp_path, {"editions": ["base:C2", "traders-builders:C2"],
                            "options": {"traders-builders:C2": {"rules": "2001"},
                                        "bsae:C2": {}}})
    code, lines = run(capsys, "validate", path)
    assert code == 1
    assert lines[:2] == [
        f"{path}::$.ruleset.options['traders-builders:C2'].rules: traders-builders:C2 has no "
        "option 'rules' (it has no options)",
        f"{path}::$.ruleset.options['bsae:C2']: options for unknown edition 'bsae:C2'; did you "
        f"mean 'base:C2', 'base:C3'? (editions: {EDITIONS})"]


def test_a_ruleset_of_two_bases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board(tmp_path, {"editions": ["base:C1", "base:C2"]})
    code, lines = run(capsys, "validate", path)
    assert code == 1
    assert lines[0] == (f"{path}::$.ruleset.editions: a ruleset has one base edition, not "
                        "base:C1 and base:C2")


def test_an_expansion_brings_its_base_and_its_options(host: Any) -> None:
    assert ruleset_findings(["traders-builders:C1"], {"base:C1": {"rules": "2002"}},
                            host) == []
    assert ruleset_findings(["base:C2"], {}, host) == []


def test_a_disabled_edition_is_named(host: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host, "disabled", {"base:C3"})
    findings = ruleset_findings(["base:C3"], {}, host, "b.json")
    assert [str(f) for f in findings] == [
        "b.json::$.ruleset.editions[0]: edition 'base:C3' is disabled after a plugin error "
        "(carcassonne-editor plugins says which)"]


def test_tilesets_names_a_broken_plugin_set_and_exits_1(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from editor.model.findings import Finding

    broken = Finding("not valid JSON: Expecting value at line 1, column 1", "$",
                     "/plugins/my/tiles.json", "json-syntax")
    monkeypatch.setattr("editor.cli.tilesets.catalogue_findings", lambda: [broken])
    code, lines = run(capsys, "tilesets")
    assert code == 1
    assert "/plugins/my/tiles.json::$: not valid JSON: Expecting value at line 1, column 1" \
        in lines
