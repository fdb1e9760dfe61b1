"""Time the editor's interactive events on large boards: hover, placement preview, edits.

    python benchmarks/canvas_events.py [--sizes 1000 5000 10000] [--events 200] [--seed 1]

For each size a random board is opened in a document, a scene and a shown view
(offscreen), then mouse events are sent through Qt exactly as a person's would be.
"handler" is the time Qt spends dispatching the event (our code: hit-test, feature
highlight, ghost and legality); "+ paint" adds processing the repaint it caused.
Target: hover and preview under 16 ms per event (one frame at 60 Hz) at 10,000 tiles.
Edits and the debounced rescoring are reported for information.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Figure, Player
from editor.model.position import Position
from editor.qt.commands import PlaceTile, RotateTile
from editor.qt.document import BoardDocument, TileSpec
from editor.qt.scene import CELL, BoardScene
from editor.qt.view import BoardView
from editor.workspace import catalogue

VIEW = (1400, 900)


def random_board(n: int, rng: random.Random) -> Board:
    """``n`` tiles grown from the centre at fitting frontier cells; a follower on every
    fifth tile (fast enough for 10,000 tiles in a few seconds)."""
    tiles = list(catalogue().get_set("base-c2").tiles)
    board = Board([Player(f"P{i + 1}", DEFAULT_COLOURS[i]) for i in range(4)])
    board.place(tiles[3], 0, 0, 0)
    while len(board) < n:
        tile = rng.choice(tiles)
        frontier = list(board.frontier.items())
        for (x, y), required in rng.sample(frontier, min(40, len(frontier))):
            rotations = tile.fitting_rotations(required)
            if rotations:
                placed = board.place(tile, x, y, rng.choice(rotations))
                if len(board) % 5 == 0:
                    board.add_figure(Figure("follower", rng.randrange(4),
                                            rng.choice(list(placed.nodes()))))
                break
    board.commit()
    return board


def per_event(points: list[QPoint], view: BoardView, app: QApplication
              ) -> tuple[list[float], list[float]]:
    """Milliseconds per mouse move: dispatch only, and dispatch plus the repaint."""
    handler, painted = [], []
    for pos in points:
        start = time.perf_counter()
        QTest.mouseMove(view.viewport(), pos)
        mid = time.perf_counter()
        app.processEvents()
        end = time.perf_counter()
        handler.append((mid - start) * 1000)
        painted.append((end - start) * 1000)
    return handler, painted


def summary(values: list[float]) -> str:
    """Median and 95th percentile."""
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"median {statistics.median(values):6.2f} ms  p95 {p95:6.2f} ms"


def timed(fn: Callable[[], object]) -> float:
    """Milliseconds one call takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def run(size: int, events: int, rng: random.Random, app: QApplication) -> None:
    """Time one board size."""
    board = random_board(size, rng)
    build = {}
    build["document"] = timed(lambda: build.setdefault("doc", BoardDocument(Position(board))))
    doc: BoardDocument = build["doc"]  # type: ignore[assignment]
    scene_ms = timed(lambda: build.setdefault("scene", BoardScene(doc)))
    view = BoardView(build["scene"])  # type: ignore[arg-type]
    view.resize(*VIEW)
    view.show()
    app.processEvents()
    view.zoom_by(0.5, animate=False)
    print(f"\n{size} tiles: document {build['document']:.0f} ms, scene {scene_ms:.0f} ms")

    cells = list(doc.board.cells)
    near = [c for c in cells if abs(c[0]) < 6 and abs(c[1]) < 4] or cells[:50]
    view.centre_on_cell(0, 0)
    points = []
    for _ in range(events):
        x, y = rng.choice(near)
        points.append(view.mapFromScene(QPointF((x + rng.random()) * CELL,
                                                (y + rng.random()) * CELL)))
    handler, painted = per_event(points, view, app)
    print(f"  hover             handler {summary(handler)} | + paint {summary(painted)}")

    tile = catalogue().tile("base-c2/D")
    view.set_tile(tile)
    app.processEvents()
    frontier = [c for c in doc.board.frontier if abs(c[0]) < 8 and abs(c[1]) < 5]
    frontier = frontier or list(doc.board.frontier)[:50]
    points = [view.mapFromScene(QPointF((x + 0.5) * CELL, (y + 0.5) * CELL))
              for x, y in (rng.choice(frontier) for _ in range(events))]
    handler, painted = per_event(points, view, app)
    print(f"  placement preview handler {summary(handler)} | + paint {summary(painted)}")
    legal = timed(view.refresh_legal)
    print(f"  legal spots for a new tile: {legal:.1f} ms ({len(view.board_scene.markers)} cells)")

    x, y = frontier[0]
    place = timed(lambda: doc.undo_stack.push(PlaceTile(doc, TileSpec(tile, x, y))))
    old = cells[len(cells) // 10]
    rotate_old = timed(lambda: doc.undo_stack.push(RotateTile(doc, *old, 1)))
    rotate_again = timed(lambda: doc.undo_stack.push(RotateTile(doc, *old, 2)))
    undo = timed(doc.undo_stack.undo)
    rescore = timed(doc.flush)
    print(f"  place {place:.1f} ms · rotate an early tile {rotate_old:.0f} ms, the same again "
          f"{rotate_again:.1f} ms · undo {undo:.1f} ms · rescoring (debounced) {rescore:.0f} ms")
    view.close()
    doc.mark_saved()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 10_000])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    rng = random.Random(args.seed)
    for size in args.sizes:
        run(size, args.events, rng, app)  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
