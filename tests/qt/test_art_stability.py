"""The art draws the same whatever its caches hold: a tile's pixmap does not depend on which
pixmaps were drawn before it, and the sample board exports the same image from cold and warm
caches (the pixel-for-pixel check behind moving the art into modules)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from editor.model.tilesets import Catalogue
from editor.qt import render
from editor.qt.art.pixmaps import clear_cache, figure_pixmap, tile_pixmap
from editor.workspace import open_position

SAMPLE = Path(__file__).parents[2] / "samples" / "first-steps.board.json"
#: (rotation, size, device pixel ratio) of each pixmap asked for
KEYS = [(rotation, size, dpr) for rotation in range(4) for size in (48, 64) for dpr in (1.0, 2.0)]


def drawn(tile_ref: str, catalogue: Catalogue, keys: list[tuple[int, int, float]]
          ) -> dict[tuple[int, int, float], QImage]:
    clear_cache()
    tile = catalogue.tile(tile_ref)
    return {key: tile_pixmap(tile, *key).toImage() for key in keys}


def test_a_tile_pixmap_does_not_depend_on_what_was_drawn_before(qapp, catalogue: Catalogue
                                                                ) -> None:
    for ref in ("base-c2/D", "river-c2/K", "traders-builders-c2/M"):
        forward = drawn(ref, catalogue, KEYS)
        backward = drawn(ref, catalogue, KEYS[::-1])
        assert all(forward[key] == backward[key] for key in KEYS), ref
        assert len({forward[key].cacheKey() for key in KEYS}) == len(KEYS)
        assert forward[(0, 48, 1.0)] != forward[(1, 48, 1.0)], ref  # D is not symmetric


def test_a_figure_pixmap_does_not_depend_on_what_was_drawn_before(qapp) -> None:
    keys = [(kind, colour, lying) for kind in ("follower", "abbot", "pig")
            for colour in ("#d03030", "#3050d0") for lying in (False, True)]
    clear_cache()
    forward = {k: figure_pixmap(k[0], k[1], 32, k[2]).toImage() for k in keys}
    clear_cache()
    backward = {k: figure_pixmap(k[0], k[1], 32, k[2]).toImage() for k in keys[::-1]}
    assert all(forward[k] == backward[k] for k in keys)
    assert forward[keys[0]] != forward[keys[2]]  # a red follower standing and a red one lying


def test_the_sample_exports_the_same_from_cold_and_warm_caches(qapp) -> None:
    position, findings = open_position(SAMPLE)
    assert position is not None and not findings
    clear_cache()
    cold = render.render_image(position)
    warm = render.render_image(position)
    assert not cold.isNull() and cold.size() == warm.size()
    assert cold == warm
    assert len({cold.pixel(x, y) for x in range(0, cold.width(), 7)
                for y in range(0, cold.height(), 7)}) > 50  # a board was drawn, not a blank
