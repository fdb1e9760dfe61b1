"""The editor opens a JCloisterZone save as ``import-jcz`` imports it (one home:
:func:`editor.jcz.importer.import_save`): the same position, what an export of ours kept
restored, and the same messages when a save cannot be opened."""

from __future__ import annotations

from pathlib import Path

import pytest
from jcz_support import load_save, save_path, write_save

from editor.cli import main
from editor.formats.boards import position_to_dict
from editor.jcz import read_save
from editor.jcz.export import save_jcz
from editor.jcz.importer import import_save
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost
from editor.qt.files import open_board, open_jcz
from editor.resources import data_dir
from editor.workspace import open_position

SAMPLE = data_dir("samples") / "first-steps.board.json"


@pytest.mark.parametrize("name", ["base-game", "builder-and-pig", "tiny-city", "river"])
def test_a_save_opens_as_the_position_import_jcz_writes(qapp, host: PluginHost,
                                                        catalogue: Catalogue,
                                                        name: str) -> None:
    save, problems = read_save(save_path(name))
    assert save is not None, problems
    imported = import_save(save, catalogue, host, save_path(name))
    assert imported.position is not None, imported.findings
    result = open_jcz(save_path(name), host, catalogue)
    doc = result.document
    assert doc is not None, result.findings
    assert position_to_dict(doc.position) == position_to_dict(imported.position)
    assert result.findings == imported.findings
    assert not doc.path and doc.modified  # a new document: Save asks where


def test_an_export_of_ours_opens_with_what_it_kept(qapp, tmp_path: Path, host: PluginHost,
                                                  catalogue: Catalogue) -> None:
    """The sample has a title, scores and no move log; its export makes up a log for
    JCloisterZone and keeps the rest for us: the editor opens the sample again."""
    sample, _ = open_position(SAMPLE)
    assert sample is not None and not sample.moves
    path = tmp_path / "first-steps.jcz"
    assert save_jcz(sample, path, catalogue, host).save is not None
    doc = open_board(str(path), host, catalogue).document
    assert doc is not None
    opened = doc.position
    assert opened.title == sample.title == "A quiet afternoon"
    assert [(p.name, p.colour, p.score) for p in opened.board.players] == [
        (p.name, p.colour, p.score) for p in sample.board.players] == [
        ("Alice", "#d62828", 8), ("Bob", "#1d4ed8", 6)]
    assert opened.moves == []
    assert sorted(map(str, position_to_dict(opened)["tiles"])) == sorted(
        map(str, position_to_dict(sample)["tiles"]))


def on_a_held_cell(tmp_path: Path) -> str:
    """tiny-city with its second tile laid on the first."""
    data = load_save("tiny-city")
    data["replay"][3]["payload"]["position"] = [0, -1]
    data["replay"][4]["payload"]["pointer"]["position"] = [0, -1]
    return write_save(tmp_path, "held", data)


def broken(tmp_path: Path) -> str:
    path = tmp_path / "broken.jcz"
    path.write_text("{", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("make", "code", "text"), [
    (lambda tmp: save_path("unknown-tile"), "jcz-unsupported",
     "$.replay[3].payload.tileId: unknown tile id 'BA/Nope'"),
    (lambda tmp: save_path("other-expansion"), "jcz-unsupported",
     "tile set 'princess-and-dragon:1' is not supported"),
    (on_a_held_cell, "jcz-unsupported",
     "$.replay[3].payload.position: 'BA/CFC.2' is placed on (0, -1), which already holds "
     "base-c1/G"),
    (broken, None, "not valid JSON"),
])
def test_a_save_that_cannot_be_opened_says_what_import_jcz_says(
        qapp, tmp_path: Path, capsys: pytest.CaptureFixture[str], host: PluginHost,
        catalogue: Catalogue, make, code: str | None, text: str) -> None:
    path = make(tmp_path)
    refused = open_board(path, host, catalogue)
    assert refused.document is None
    assert text in refused.message
    if code is not None:
        assert code in {f.code for f in refused.findings}
    assert main(["import-jcz", path, "-o", str(tmp_path / "out.board.json")]) in (1, 2)
    said = capsys.readouterr().err
    assert all(str(f) in said for f in refused.findings)


def test_a_move_our_rules_find_illegal_is_shown_once_on_the_board(
        qapp, tmp_path: Path, host: PluginHost, catalogue: Catalogue) -> None:
    """import-jcz warns at the move's message; the editor shows the board's own finding at
    the tile instead of both."""
    data = load_save("tiny-city")
    data["replay"][6]["payload"]["position"] = [5, 5]
    result = open_jcz(write_save(tmp_path, "away", data), host, catalogue)
    doc = result.document
    assert doc is not None and result.findings == []
    assert [(f.code, f.cell) for f in doc.findings() if f.code == "not-adjacent"] == [
        ("not-adjacent", (5, 5))]
