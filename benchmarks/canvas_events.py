"""Time the editor's interactive events on large boards: hover, placement preview, edits.

    python benchmarks/canvas_events.py [--sizes 1000 10000] [--events 200] [--runs 5]
        [--seed 1]

For each size a random board is opened in a document, a scene and a shown view
(offscreen), then mouse events are sent through Qt exactly as a person's would be, in
``--runs`` runs of ``--events`` moves to random points near the middle of the view (each
run other points). "handler" is the time Qt spends dispatching the event (our code:
hit-test, feature wash, ghost and legality); "+ paint" adds processing the repaint it
caused. Each run gives its median and 95th percentile per event; the rows print the
min / median / max of those over the runs, in wall-clock time (what a person waits for)
and in CPU time of the process (what a loaded machine changes less). Python's cycle
collector runs as in the editor, on the GUI thread's timer (:mod:`editor.qt.collector`),
so its collections fall where they fall in the editor, in whatever event is under way.
Target: hover and preview under 16 ms per event (one frame at 60 Hz) at 10,000 tiles, p95.

Rescoring (the debounced recomputation of scores and findings, ``BoardDocument.flush``) is
timed in CPU time after each of the edits of every run: a tile placed where it fits, a
follower stood on it, the follower taken off, the tile's placement undone. Target: under
30 ms at 10,000 tiles. Its first computation (the board just opened) and the one after
turning an early tile (the journal rewound to it: most tiles are placed again) score the
whole board.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import fmt, machine, table
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from editor.model.board import Board
from editor.model.players import DEFAULT_COLOURS, Figure, Player
from editor.model.position import Position
from editor.qt import collector
from editor.qt.commands import AddFigure, PlaceTile, RemoveFigure, RotateTile
from editor.qt.document import BoardDocument, FigureSpec, TileSpec
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
            rotations = tile.fits[required]
            if rotations:
                placed = board.place(tile, x, y, rng.choice(rotations))
                if len(board) % 5 == 0:
                    board.add_figure(Figure("follower", rng.randrange(4),
                                            rng.choice(list(placed.nodes()))))
                break
    board.commit()
    return board


Sample = tuple[float, float, float]  # handler (wall), + paint (wall), + paint (CPU)


def per_event(points: list[QPoint], view: BoardView, app: QApplication) -> list[Sample]:
    """Milliseconds per mouse move: dispatch only, dispatch plus the repaint, and the
    latter in CPU time."""
    found = []
    for pos in points:
        cpu, start = time.process_time(), time.perf_counter()
        QTest.mouseMove(view.viewport(), pos)
        mid = time.perf_counter()
        app.processEvents()
        end, cpu_end = time.perf_counter(), time.process_time()
        found.append(((mid - start) * 1000, (end - start) * 1000, (cpu_end - cpu) * 1000))
    return found


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * 0.95))]


def event_rows(name: str, runs: list[list[Sample]]) -> list[tuple[str, str, str]]:
    """Rows of per-run medians and 95th percentiles, min / median / max over the runs."""
    rows = []
    for i, what in enumerate(("handler", "+ paint", "+ paint, CPU")):
        medians = [statistics.median(s[i] for s in run) for run in runs]
        tails = [p95([s[i] for s in run]) for run in runs]
        rows.append((f"{name}: {what}, median", f"{fmt(medians, '{:.2f}')} ms", ""))
        rows.append((f"{name}: {what}, p95", f"{fmt(tails, '{:.2f}')} ms",
                     "< 16 ms" if i else ""))
    return rows


def cpu_ms(fn: Callable[[], object]) -> float:
    """Milliseconds of CPU one call takes."""
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def run(size: int, events: int, runs: int, rng: random.Random, app: QApplication) -> None:
    """Time one board size."""
    board = random_board(size, rng)
    doc = BoardDocument(Position(board))
    first = cpu_ms(doc.flush)
    scene = BoardScene(doc)
    view = BoardView(scene)
    view.resize(*VIEW)
    view.show()
    app.processEvents()
    view.zoom_by(0.5, animate=False)
    view.centre_on_cell(0, 0)
    app.processEvents()
    print(f"\n{size} tiles, {len(doc.board.figures)} figures, view {VIEW[0]}x{VIEW[1]} at 50 %")

    cells = list(doc.board.cells)
    near = [c for c in cells if abs(c[0]) < 6 and abs(c[1]) < 4] or cells[:50]

    def points() -> list[QPoint]:
        return [view.mapFromScene(QPointF((x + rng.random()) * CELL, (y + rng.random()) * CELL))
                for x, y in (rng.choice(near) for _ in range(events))]

    hover = [per_event(points(), view, app) for _ in range(runs)]
    rows = event_rows("hover", hover)
    repaint = []
    for _ in range(runs):  # every tile's cache is made again at a new zoom
        view.zoom_by(1.25, animate=False)
        repaint.append(cpu_ms(view.viewport().repaint))
        view.zoom_by(0.8, animate=False)
        app.processEvents()
    rows.append(("full repaint after a zoom step, CPU", f"{fmt(repaint, '{:.1f}')} ms", ""))

    tile = catalogue().tile("base-c2/D")
    view.set_tile(tile)
    app.processEvents()
    frontier = [c for c in doc.board.frontier if abs(c[0]) < 8 and abs(c[1]) < 5]
    frontier = frontier or list(doc.board.frontier)[:50]
    preview = [per_event([view.mapFromScene(QPointF((x + 0.5) * CELL, (y + 0.5) * CELL))
                          for x, y in (rng.choice(frontier) for _ in range(events))], view, app)
               for _ in range(runs)]
    rows += event_rows("placement preview", preview)
    legal = [cpu_ms(view.refresh_legal) for _ in range(runs)]
    rows.append((f"legal spots for a new tile ({len(scene.markers)} cells), CPU",
                 f"{fmt(legal, '{:.1f}')} ms", ""))
    view.set_tile(None)

    rescores: dict[str, list[float]] = {"place": [], "figure": [], "unfigure": [], "undo": []}
    stack = doc.undo_stack
    for _ in range(runs):
        fits = [(c, r) for c, need in doc.board.frontier.items()
                for r in tile.fits[need][:1]]
        (x, y), rotation = rng.choice(fits)
        stack.push(PlaceTile(doc, TileSpec(tile, x, y, rotation)))
        rescores["place"].append(cpu_ms(doc.flush))
        stack.push(AddFigure(doc, FigureSpec("follower", 0, x, y, "road")))
        rescores["figure"].append(cpu_ms(doc.flush))
        stack.push(RemoveFigure(doc, len(doc.board.figures) - 1))
        rescores["unfigure"].append(cpu_ms(doc.flush))
        for _undo in range(3):
            stack.undo()
        rescores["undo"].append(cpu_ms(doc.flush))
    every = [t for times in rescores.values() for t in times]
    rows.append(("rescoring after an edit, CPU (all edits below)", f"{fmt(every, '{:.1f}')} ms",
                 "< 30 ms"))
    for what, times in rescores.items():
        rows.append((f"  after {what}", f"{fmt(times, '{:.1f}')} ms", ""))
    old = cells[len(cells) // 10]
    rotate = cpu_ms(lambda: stack.push(RotateTile(doc, *old, 1)))
    again = cpu_ms(lambda: stack.push(RotateTile(doc, *old, 2)))
    rows.append(("rescoring, the board just opened (all of it), CPU", f"{first:.0f} ms", ""))
    rows.append(("rescoring after turning an early tile (rewound), CPU",
                 f"{cpu_ms(doc.flush):.0f} ms", ""))
    rows.append(("turning an early tile (rewind) / the same again, CPU",
                 f"{rotate:.0f} / {again:.1f} ms", ""))
    print(table(rows))
    view.close()
    doc.mark_saved()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    collector.install(app)  # the cycle collector as the editor runs it (editor.qt.app)
    print(machine())
    rng = random.Random(args.seed)
    for size in args.sizes:
        run(size, args.events, args.runs, rng, app)  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
