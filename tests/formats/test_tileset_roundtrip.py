"""Every built-in tile set (and the sample) validates and saves back to the same dict."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editor.formats.jsonio import read_json
from editor.formats.lint import check_tileset
from editor.formats.tilesets import (
    TilesetError,
    builtin_tileset_paths,
    builtin_tilesets_data,
    load_builtin_catalogue,
    load_tileset,
    tileset_from_dict,
    tileset_to_dict,
)
from editor.model.findings import Severity

SAMPLE = Path(__file__).parent / "sample.tileset.json"
PATHS = [*builtin_tileset_paths(), SAMPLE]
Strip = Callable[[Any], Any]
@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_tileset_validates_and_round_trips(path: Path, without_defaults: Strip) -> None:
    data, problems = read_json(path)
    assert problems == []
    findings = check_tileset(data, str(path))
    assert [str(f) for f in findings if f.severity is Severity.ERROR] == []
    assert tileset_to_dict(tileset_from_dict(data, str(path))) == without_defaults(data)


def test_sample_has_no_findings_at_all() -> None:
    tile_set, findings = load_tileset(SAMPLE)
    assert findings == []
    assert tile_set is not None and tile_set.source == str(SAMPLE)


def test_model_objects() -> None:
    tile_set, _ = load_tileset(SAMPLE)
    assert tile_set is not None
    a = tile_set.tiles[0]
    assert (a.ref, a.count, a.aliases) == ("sample/A", 2, ("BA/LR",))
    road, field = a.segment("road"), a.segment("field")
    assert road.ports == (6,) and road.tags == ("dead-end",)
    assert field.wraps == (2,) and len(field.ports) == 11
    assert a.segment("monastery").anchor == (0.5, 0.45)
    f = tile_set.tiles[4]
    assert (f.segment("city").pennants, dict(f.segment("city").goods)) == (1, {"wine": 1})
    assert f.segment("field-n").cities == ("city",) and f.image == "images/F.png"
    b = tile_set.tiles[1]
    assert b.provenance.provisional and b.tags == ("cowshed",)
    assert tile_set.start_tile() is tile_set.tiles[2]
    assert tile_set.goods_totals == {"wine": 2} and tile_set.goods_symbols() == {"wine": 2}
    assert tile_set.provenance.sources == ("tests",) and tile_set.provenance.note == "hand-made"


def test_x_keys_are_kept_on_sets_tiles_and_segments(tileset_data: dict[str, Any],
                                                    without_defaults: Strip) -> None:
    tileset_data["x-editor"] = {"zoom": 2}
    tileset_data["tiles"][0]["x-artist"] = "me"
    tileset_data["tiles"][0]["segments"][0]["x-colour"] = "#000000"
    tileset_data["goods_totals"]["x-note"] = "checked"
    assert check_tileset(tileset_data) == []
    saved = tileset_to_dict(tileset_from_dict(tileset_data))
    assert saved["x-editor"] == {"zoom": 2}
    assert saved["tiles"][0]["x-artist"] == "me"
    assert saved["tiles"][0]["segments"][0]["x-colour"] == "#000000"
    assert saved["goods_totals"] == {"wine": 2, "x-note": "checked"}
    assert tileset_from_dict(tileset_data).goods_totals == {"wine": 2}
    assert saved == without_defaults(tileset_data)


def test_load_tileset_refuses_a_set_with_errors() -> None:
    tile_set, findings = load_tileset(Path(__file__).parent / "invalid" / "port_twice.tileset.json")
    assert tile_set is None and [f.code for f in findings] == ["port-twice"]


def test_builtin_catalogue_holds_every_builtin_set() -> None:
    catalogue = load_builtin_catalogue()
    assert load_builtin_catalogue() is catalogue
    assert [s.source for s in catalogue.sets] == [str(p) for p in builtin_tileset_paths()]


def test_a_broken_builtin_set_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "tilesets" / "broken.json"
    broken.parent.mkdir()
    broken.write_text('{"format": 1}', encoding="utf-8")
    monkeypatch.setattr("editor.formats.tilesets.data_dir", lambda name: tmp_path / name)
    builtin_tilesets_data.cache_clear()
    try:
        with pytest.raises(TilesetError, match=r"built-in tile set .*broken\.json is broken"):
            builtin_tilesets_data()
    finally:
        builtin_tilesets_data.cache_clear()
