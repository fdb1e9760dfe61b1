"""Tile images come only from the tile set's own folder, and only images (#11.18)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.cli import main
from editor.formats.images import image_file, image_problem
from editor.formats.tilesets import load_tileset
from editor.qt.art.images import register_tile_set
from editor.qt.art.tiles import paint_tile

SAMPLE_SET = Path(__file__).parents[1] / "formats" / "sample.tileset.json"


@pytest.mark.parametrize(("image", "words"), [
    ("../secret.png", "leaves the tile set's folder"),
    ("art/../../secret.png", "leaves the tile set's folder"),
    ("..\\secret.png", "leaves the tile set's folder"),
    ("/proc/self/environ", "is an absolute path"),
    ("/home/me/tile.png", "is an absolute path"),
    ("C:\\tiles\\a.png", "is an absolute path"),
    ("\\\\server\\share\\a.png", "is an absolute path"),
    ("notes.txt", "is not an image file by its name"),
    ("tile.png.sh", "is not an image file by its name"),
    ("environ", "is not an image file by its name"),
])
def test_refused_paths(image: str, words: str) -> None:
    problem = image_problem(image)
    assert problem is not None and words in problem and "not read" in problem


@pytest.mark.parametrize("image", ["a.png", "art/a.JPG", "art/sub/a.svg", "./a.webp", "a.gif"])
def test_accepted_paths(image: str) -> None:
    assert image_problem(image) is None


def write_set(folder: Path, image: str) -> Path:
    data = json.loads(SAMPLE_SET.read_text(encoding="utf-8"))
    data["id"] = f"pictures-{abs(hash(image)) % 10_000}"
    data["tiles"][0]["image"] = image
    path = folder / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def red_png(path: Path) -> None:
    image = QImage(40, 40, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ff0000"))
    assert image.save(str(path), "PNG")


def test_validate_warns_and_the_set_still_loads(tmp_path: Path, capsys: Any) -> None:
    path = write_set(tmp_path, "/proc/self/environ")
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}::$.tiles[0].image: warning: image '/proc/self/environ' is an absolute " \
           "path" in out
    tile_set, _ = load_tileset(path)
    assert tile_set is not None


def drawn_red(tile_set: Any) -> bool:
    """Whether the first tile is drawn from its (red) picture."""
    register_tile_set(tile_set)
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    paint_tile(painter, tile_set.tiles[0], 0, QRectF(0, 0, 100, 100))
    painter.end()
    return image.pixelColor(50, 50) == QColor("#ff0000")


def test_only_pictures_inside_the_folder_are_drawn(qapp: Any, tmp_path: Path) -> None:
    inside = tmp_path / "set"
    (inside / "art").mkdir(parents=True)
    red_png(inside / "art" / "ok.png")
    red_png(tmp_path / "outside.png")
    (inside / "escape.png").symlink_to(tmp_path / "outside.png")
    cases = {"art/ok.png": True, "../outside.png": False, "escape.png": False,
             str(tmp_path / "outside.png"): False}
    for image, drawn in cases.items():
        tile_set, findings = load_tileset(write_set(inside, image))
        assert tile_set is not None, findings
        assert drawn_red(tile_set) is drawn, image
        assert (image_file(str(inside), image) is not None) is drawn


def test_a_picture_outside_is_never_embedded_in_an_export(qapp: Any, tmp_path: Path) -> None:
    from editor.model.board import Board
    from editor.model.players import Player
    from editor.model.position import Position
    from editor.qt import render

    red_png(tmp_path / "private.png")
    folder = tmp_path / "set"
    folder.mkdir()
    red_png(folder / "own.png")
    (folder / "link.png").symlink_to(tmp_path / "private.png")
    embedded = {}
    for image in ("own.png", "link.png", "../private.png"):
        tile_set, _ = load_tileset(write_set(folder, image))
        assert tile_set is not None
        register_tile_set(tile_set)
        board = Board([Player("Ann")])
        board.place(tile_set.tiles[0], 0, 0, 0)
        out = tmp_path / f"{tile_set.id}.svg"
        render.render_svg(Position(board, ["base:C2"]), out)
        embedded[image] = "<image" in out.read_text(encoding="utf-8")
    assert embedded == {"own.png": True, "link.png": False, "../private.png": False}
