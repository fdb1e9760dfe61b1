"""Exports of any position: tiles far apart get a message saying what to do, large boards a
bounded picture (#11.3), and control characters never make an SVG ill-formed (#11.5)."""

from __future__ import annotations

import json
import os
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from editor.cli import main
from editor.formats.jsonio import read_json
from editor.model.position import Note
from editor.qt import render
from editor.qt.render import RenderError
from editor.resources import data_dir
from editor.workspace import open_position

SAMPLE = data_dir("samples") / "first-steps.board.json"


def board_file(tmp_path: Path, edit: Any, name: str = "board.json") -> str:
    data, _ = read_json(SAMPLE)
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def far_apart(data: dict[str, Any], x: int = 10**9) -> None:
    data["tiles"].append({**data["tiles"][0], "x": x, "y": 0})


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


@pytest.mark.parametrize("ext", ["svg", "png"])
def test_tiles_far_apart_are_refused_with_what_to_do(tmp_path: Path, capsys: Any,
                                                     ext: str) -> None:
    board = board_file(tmp_path, far_apart)
    out = tmp_path / f"out.{ext}"
    assert main(["render", board, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"cannot draw {board}: the tiles lie too far apart to draw: 1,000,000,004 × 8 " \
           "cells (x from -3 to 1,000,000,000, y from -3 to 4); at most 10,000 cells either " \
           "way. Move the outlying tiles closer together." in err
    assert os.listdir(tmp_path) == ["board.json"]


def test_a_far_note_is_blamed_and_can_be_left_out(tmp_path: Path, capsys: Any) -> None:
    position, _ = open_position(SAMPLE)
    assert position is not None
    position.annotations.notes.append(Note(-(10**40), 0, "far away"))
    with pytest.raises(RenderError, match=r"the tiles and annotations lie too far apart .*"
                                          r"\(x from -1e\+40 to 2.*leave the annotations out"):
        render.render_svg(position, tmp_path / "a.svg")
    render.render_svg(position, tmp_path / "a.svg", annotations=False)
    assert (tmp_path / "a.svg").stat().st_size > 0


def test_a_large_board_gets_a_bounded_png(tmp_path: Path, capsys: Any) -> None:
    board = board_file(tmp_path, lambda d: far_apart(d, 600))
    out = tmp_path / "wide.png"
    assert main(["render", board, "-o", str(out)]) == 0
    width, height = png_size(out)
    assert width <= render.MAX_SIDE and width * height <= render.MAX_PIXELS
    assert width > render.MAX_SIDE * 0.99  # as large as allowed, not smaller
    assert main(["render", board, "-o", str(out), "--scale", "1"]) == 2
    assert "image is too large (at most 32,000 pixels a side and 100,000,000 in all); use a " \
           "scale of at most 0.52" in capsys.readouterr().err


def test_a_board_too_large_for_any_png_suggests_an_svg(tmp_path: Path, capsys: Any) -> None:
    board = board_file(tmp_path, lambda d: far_apart(d, 9000))
    assert main(["render", board, "-o", str(tmp_path / "x.png")]) == 2
    assert "too large for a PNG: 9,005 × 10 tiles would get less than 5 pixels each. Export " \
           "an SVG" in capsys.readouterr().err
    assert main(["render", board, "-o", str(tmp_path / "x.svg")]) == 0


def test_file_export_in_the_editor_shows_the_message(qtbot: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QSettings, QStandardPaths

    from editor.qt.document import BoardDocument
    from editor.qt.mainwindow import MainWindow

    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(tmp_path.parent / f"{tmp_path.name}-settings"))
    position, findings = open_position(SAMPLE)
    assert position is not None
    position.board.place(position.board.cells[(0, 0)].tile, 10**9, 0, 0)
    doc = BoardDocument(position, str(SAMPLE), findings)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    window = MainWindow(doc, doc.host, doc.catalogue)
    qtbot.addWidget(window)
    for kind in ("svg", "png"):
        assert not window.export_to(str(tmp_path / f"board.{kind}"), kind)
    assert len(shown) == 2 and all("too far apart to draw" in text and "Move the outlying "
                                   "tiles closer together" in text for text in shown)
    assert not list(tmp_path.iterdir())
    doc.mark_saved()


def test_control_characters_leave_the_svg_well_formed(tmp_path: Path) -> None:
    position, _ = open_position(SAMPLE)
    assert position is not None
    position.title = "Tit\x01le\x00 \ufffe\x0b"
    position.description = "A\x02B\nC"
    position.annotations.notes.append(Note(0, 0, "no\x03te \x1b[2J"))
    position.board.players[0].name = "Ali\x04ce"
    out = tmp_path / "board.svg"
    render.render_svg(position, out)
    root = ET.parse(out).getroot()  # raises on ill-formed XML
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.findtext("svg:title", namespaces=ns) == "Title "
    assert root.findtext("svg:desc", namespaces=ns) == "AB\nC"
    texts = "".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "note [2J" in texts and "Alice" in texts
