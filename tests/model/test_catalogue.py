"""The catalogue: tile sets by id, tiles by reference and alias, a set replaced whole."""

from __future__ import annotations

import pytest

from editor.model.tiles import Segment, Tile
from editor.model.tilesets import Catalogue, TileSet

FIELD = (Segment("field", "field", tuple(range(12))),)


def tile_set(set_id: str, *letters: str, aliases: dict[str, tuple[str, ...]] | None = None
             ) -> TileSet:
    tiles = tuple(Tile(letter, set_id, FIELD, aliases=(aliases or {}).get(letter, ()))
                  for letter in letters)
    return TileSet(set_id, set_id.title(), "custom", "C2", tiles)


def test_a_replaced_set_takes_its_old_tiles_and_aliases_with_it() -> None:
    catalogue = Catalogue([tile_set("mine", "A", "B", aliases={"B": ("Bee",)}),
                           tile_set("other", "B")])
    assert "mine/B" in catalogue and catalogue.tile("mine/Bee").ref == "mine/B"
    catalogue.add(tile_set("mine", "A", "C"))
    assert "mine/B" not in catalogue and "mine/Bee" not in catalogue
    assert catalogue.tile("mine/C").ref == "mine/C" and catalogue.tile("mine/A").ref == "mine/A"
    assert "other/B" in catalogue
    assert [s.id for s in catalogue.sets] == ["mine", "other"]


def test_an_unknown_tile_is_a_key_error_naming_it() -> None:
    catalogue = Catalogue([tile_set("mine", "A")])
    with pytest.raises(KeyError, match="mine/Z"):
        catalogue.tile("mine/Z")
