"""Package metadata, the GUI entry, the desktop file, its icon and MIME types (#14.14)."""

from __future__ import annotations

import configparser
import fnmatch
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor import cli

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "editor" / "desktop"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


def entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP / "carcassonne-editor.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def mime_types() -> dict[str, list[str]]:
    root = ET.parse(DESKTOP / "carcassonne-editor.xml").getroot()
    return {t.get("type", ""): [g.get("pattern", "") for g in t.iter(f"{MIME}glob")]
            for t in root.iter(f"{MIME}mime-type")}


def test_metadata_names_urls_python_versions_audience_and_status() -> None:
    project = PROJECT["project"]
    assert set(project["urls"]) >= {"Homepage", "Documentation"}
    classifiers = project["classifiers"]
    low = project["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {low}" in classifiers
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    assert any(c.startswith("Intended Audience :: ") for c in classifiers)
    assert "Typing :: Typed" in classifiers


def test_no_empty_entry_point_table() -> None:
    assert all(group for group in PROJECT["project"].get("entry-points", {}).values())


def test_py_typed_is_shipped_for_plugin_authors() -> None:
    assert (ROOT / "editor" / "py.typed").is_file()
    assert "editor" in PROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]


def test_the_gui_entry_opens_the_editor(monkeypatch: pytest.MonkeyPatch) -> None:
    assert PROJECT["project"]["gui-scripts"] == {"carcassonne-editor-gui": "editor.cli:gui_main"}
    opened: list[list[str]] = []
    monkeypatch.setattr("editor.qt.app.main", lambda files, lang=None: opened.append(files) or 0)
    monkeypatch.setattr("sys.argv", ["carcassonne-editor-gui", "score"])
    assert cli.gui_main() == 0
    assert opened == [["score"]]  # a file named like a command is still a file here


def test_the_desktop_entry_starts_the_gui_entry_with_files() -> None:
    desktop = entry()
    assert desktop["Type"] == "Application" and desktop["Terminal"] == "false"
    command, *args = desktop["Exec"].split()
    assert command in PROJECT["project"]["gui-scripts"] and args == ["%F"]
    assert (DESKTOP / f"{desktop['Icon']}.svg").is_file()


def test_the_desktop_entry_opens_our_file_types() -> None:
    declared = [t for t in entry()["MimeType"].split(";") if t]
    types = mime_types()
    assert declared == list(types)
    assert all(types[t] for t in declared)
    examples = {
        "application/x-carcassonne-board": ROOT / "samples" / "first-steps.board.json",
        "application/x-jcloisterzone-save": ROOT / "tests" / "jcz" / "data" / "river.jcz",
        "application/x-carcassonne-tileset": Path("my-tiles.tileset.json"),
    }
    for kind, example in examples.items():
        assert any(fnmatch.fnmatch(example.name, glob) for glob in types[kind]), kind


def test_the_icon_is_an_svg() -> None:
    root = ET.parse(DESKTOP / "carcassonne-editor.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 64 64"


def test_the_wheel_installs_the_desktop_files() -> None:
    shared = PROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    assert shared == {
        "editor/desktop/carcassonne-editor.desktop":
            "share/applications/carcassonne-editor.desktop",
        "editor/desktop/carcassonne-editor.svg":
            "share/icons/hicolor/scalable/apps/carcassonne-editor.svg",
        "editor/desktop/carcassonne-editor.xml": "share/mime/packages/carcassonne-editor.xml",
    }
    assert all((ROOT / source).is_file() for source in shared)


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils is not installed")
def test_desktop_file_validate_accepts_the_entry() -> None:
    done = subprocess.run(["desktop-file-validate", str(DESKTOP / "carcassonne-editor.desktop")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout == "", done.stdout


def test_gitignore_keeps_environments_and_caches_out() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert {".venv/", "__pycache__/", "*.egg-info/", "dist/", ".pytest_cache/"} <= set(ignored)
