"""Time the board canvas: scene building and offscreen frames for large random boards.

    python benchmarks/canvas.py [--tiles 1000] [--big 10000] [--seed 1]

Boards are random and legal under base:C2, drawn from every built-in tile (sets repeat).
Targets: scene < 1 s at 1,000 tiles, a frame < 50 ms, 10,000 tiles opened + scene < 5 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from editor.formats.boards import save_position
from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Figure, Player
from editor.model.position import Position
from editor.plugins import default_host
from editor.qt import render
from editor.qt.art.pixmaps import clear_cache
from editor.qt.items import CELL
from editor.rules.engine import Engine
from editor.workspace import catalogue, open_position

VIEW = (1600, 1000)


def random_board(n: int, seed: int) -> Board:
    """``n`` tiles placed one by one at random legal spots; a follower on every fifth."""
    rng = random.Random(seed)
    engine = Engine(default_host().ruleset("base:C2"))
    tiles = [t for s in catalogue().sets for t in s.tiles]
    board = Board([Player(f"P{i + 1}", DEFAULT_COLOURS[i]) for i in range(4)])
    while len(board) < n:
        tile = rng.choice(tiles)
        spots = engine.legal_placements(board, tile)
        if not spots:
            continue
        x, y, r = rng.choice(spots)
        placed = board.place(tile, x, y, r)
        if len(board) % 5 == 0:
            node = rng.choice(list(placed.nodes()))
            board.add_figure(Figure(rng.choice(("follower", "follower", "abbot", "pig")),
                                    rng.randrange(4), node))
    board.commit()
    return board


def frame(scene: QGraphicsScene, source: QRectF) -> float:
    """Milliseconds to draw ``source`` of the scene into a view-sized image."""
    image = QImage(*VIEW, QImage.Format.Format_ARGB32_Premultiplied)
    start = time.perf_counter()
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    scene.render(painter, QRectF(0, 0, *VIEW), source)
    painter.end()
    return (time.perf_counter() - start) * 1000


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def median_frame(scene: QGraphicsScene, source: QRectF, runs: int = 7) -> float:
    return statistics.median(frame(scene, source) for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=int, default=1000)
    parser.add_argument("--big", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    render.ensure_app()
    rows: list[tuple[str, str, str]] = []

    def row(what: str, value: float, unit: str, target: float | None = None) -> None:
        verdict = "" if target is None else ("ok" if value < target else "SLOW")
        limit = "" if target is None else f"< {target:g} {unit}"
        rows.append((what, f"{value:,.{3 if unit == 's' else 1}f} {unit}", f"{limit} {verdict}"))

    made, board = timed(lambda: random_board(args.tiles, args.seed))
    assert isinstance(board, Board)
    row(f"random legal board, {args.tiles} tiles (setup)", made, "s")
    position = Position(board=board, title="Benchmark")
    built, scene = timed(lambda: render.build_scene(position))
    assert isinstance(scene, QGraphicsScene)
    row(f"scene built, {args.tiles} tiles, {len(board.figures)} figures (cold art)", built, "s", 1)
    clear_cache()
    whole = scene.sceneRect()
    row("first frame, whole board fitted (cold pixmaps)", frame(scene, whole), "ms")
    row(f"frame, whole board fitted in {VIEW[0]}x{VIEW[1]}", median_frame(scene, whole), "ms",
        50)
    centre = board.at(0, 0)
    assert centre is not None
    zoomed = QRectF(-VIEW[0] / 2, -VIEW[1] / 2, *VIEW)
    frame(scene, zoomed)
    row(f"frame, 100% zoom ({VIEW[0] // int(CELL)}x{VIEW[1] // int(CELL)} cells)",
        median_frame(scene, zoomed), "ms", 50)
    rebuilt, _ = timed(lambda: render.build_scene(position))
    row(f"scene built again, {args.tiles} tiles (warm art)", rebuilt, "s", 1)

    made, big = timed(lambda: random_board(args.big, args.seed + 1))
    assert isinstance(big, Board)
    row(f"random legal board, {args.big} tiles (setup)", made, "s")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "big.board.json")
        save_position(path, Position(board=big, title="Big benchmark"))
        opened, (loaded, findings) = timed(lambda: open_position(path))
        assert loaded is not None and not findings, findings[:3]
        built, big_scene = timed(lambda: render.build_scene(loaded))
        assert isinstance(big_scene, QGraphicsScene)
        row(f"{args.big} tiles: board file opened", opened, "s")
        row(f"{args.big} tiles: scene built", built, "s")
        row(f"{args.big} tiles: opened + scene built", opened + built, "s", 5)
        row(f"{args.big} tiles: frame, whole board fitted",
            median_frame(big_scene, big_scene.sceneRect(), 3), "ms")

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>12}  target")
    for what, value, target in rows:
        print(f"{what:<{width}}  {value:>12}  {target}")
    return 0 if all("SLOW" not in r[2] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
