"""One undo command per edit of a tile set. ``redo`` and ``undo`` only call the document.

A tile edit computes the new tile with :mod:`.tileops` when it is made and keeps the old and
the new dict, so undo restores exactly what was there. ``changed`` says whether the edit does
anything; views push only commands that do.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QUndoCommand

from editor.i18n import _
from editor.model.ports import PORT_NAMES, SIDE_NAMES
from editor.terms import feature_name

from . import tileops
from .document import TileSetDocument

#: Command ids: consecutive edits of the same value merge into one undo step.
MERGE_TILE_VALUE = 1
MERGE_SEGMENT_VALUE = 2
MERGE_SET_VALUE = 3


class TileEdit(QUndoCommand):
    """Replace the tile at ``index`` by ``new``."""

    merge_id = -1

    def __init__(self, doc: TileSetDocument, index: int, new: dict[str, Any],
                 text: str) -> None:
        super().__init__(f"{text} ({doc.tile_ids()[index]})")
        self.doc = doc
        self.index = index
        self.old = copy.deepcopy(doc.tiles[index])
        self.new = new
        self.key: tuple[Any, ...] = ()

    @property
    def changed(self) -> bool:
        """Whether the edit changes the tile."""
        return self.new != self.old

    def redo(self) -> None:
        self.doc.replace_tile(self.index, self.new)

    def undo(self) -> None:
        self.doc.replace_tile(self.index, self.old)

    def id(self) -> int:
        return self.merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, TileEdit) or other.key != self.key or other.index != self.index:
            return False
        self.new = other.new
        return True


class SetSide(TileEdit):
    """Make a side a city, road, field or river side."""

    def __init__(self, doc: TileSetDocument, index: int, side: int, kind: str) -> None:
        tile = doc.tiles[index]
        new = tile if tileops.side_is(tile, side, kind) else tileops.set_side(tile, side, kind)
        super().__init__(doc, index, new, _("Side {side}: {kind}").format(
            side=SIDE_NAMES[side], kind=feature_name(kind)))


class JoinSegments(TileEdit):
    """Join two segments of the same kind into the first."""

    def __init__(self, doc: TileSetDocument, index: int, keep: str, other: str) -> None:
        super().__init__(doc, index, tileops.join(doc.tiles[index], keep, other),
                         _("Join {segment} into {into}").format(segment=other, into=keep))


class SplitSegment(TileEdit):
    """Move a port (a city's whole side) out of a segment into a new one."""

    def __init__(self, doc: TileSetDocument, index: int, segment: str, port: int) -> None:
        super().__init__(doc, index, tileops.split(doc.tiles[index], segment, port),
                         _("Split {port} off {segment}").format(port=PORT_NAMES[port],
                                                                  segment=segment))


class MovePort(TileEdit):
    """Put one port into a segment."""

    def __init__(self, doc: TileSetDocument, index: int, port: int, segment: str) -> None:
        super().__init__(doc, index, tileops.move_port(doc.tiles[index], port, segment),
                         _("Move {port} into {segment}").format(port=PORT_NAMES[port],
                                                                  segment=segment))


class AddSegment(TileEdit):
    """Add a segment without ports (monastery, garden, inner field); ``segment`` is its id."""

    def __init__(self, doc: TileSetDocument, index: int, kind: str, inner: bool = False) -> None:
        new, self.segment = tileops.add_segment(doc.tiles[index], kind, inner)
        super().__init__(doc, index, new, _("Add an inner field") if inner
                         else _("Add a segment ({kind})").format(kind=feature_name(kind)))


class RemoveSegment(TileEdit):
    """Remove a segment (its ports are left in no segment)."""

    def __init__(self, doc: TileSetDocument, index: int, segment: str) -> None:
        super().__init__(doc, index, tileops.remove_segment(doc.tiles[index], segment),
                         _("Remove {segment}").format(segment=segment))


class RenameSegment(TileEdit):
    """Give a segment another id."""

    def __init__(self, doc: TileSetDocument, index: int, old: str, new: str) -> None:
        super().__init__(doc, index, tileops.rename_segment(doc.tiles[index], old, new),
                         _("Rename {old} to {new}").format(old=old, new=new))


class SetSegmentValue(TileEdit):
    """Set one attribute of a segment (kind, pennants, goods, cities, tags)."""

    merge_id = MERGE_SEGMENT_VALUE

    def __init__(self, doc: TileSetDocument, index: int, segment: str, key: str,
                 value: Any) -> None:
        new = tileops.set_segment_value(doc.tiles[index], segment, key, value)
        super().__init__(doc, index, new,
                         _("Set {key} of {segment}").format(key=key, segment=segment))
        self.key = (segment, key)


class SetTileValue(TileEdit):
    """Set one attribute of a tile (id, count, aliases, tags, provenance, image, ...)."""

    merge_id = MERGE_TILE_VALUE

    def __init__(self, doc: TileSetDocument, index: int, key: str, value: Any) -> None:
        new = tileops.set_tile_value(doc.tiles[index], key, value)
        super().__init__(doc, index, new, _("Set {key}").format(key=key))
        self.key = (key,)


class AddTile(QUndoCommand):
    """Insert a tile (a new one or a duplicate)."""

    def __init__(self, doc: TileSetDocument, index: int, tile: dict[str, Any],
                 text: str = "") -> None:
        super().__init__(text or _("Add tile {id}").format(id=tile.get("id")))
        self.doc = doc
        self.index = index
        self.tile = copy.deepcopy(tile)

    def redo(self) -> None:
        self.doc.insert_tile(self.index, self.tile)

    def undo(self) -> None:
        self.doc.remove_tile(self.index)


class DeleteTile(QUndoCommand):
    """Remove a tile."""

    def __init__(self, doc: TileSetDocument, index: int) -> None:
        super().__init__(_("Delete tile {id}").format(id=doc.tile_ids()[index]))
        self.doc = doc
        self.index = index
        self.tile = copy.deepcopy(doc.tiles[index])

    def redo(self) -> None:
        self.doc.remove_tile(self.index)

    def undo(self) -> None:
        self.doc.insert_tile(self.index, self.tile)


class MoveTile(QUndoCommand):
    """Move a tile to another place in the list."""

    def __init__(self, doc: TileSetDocument, source: int, target: int) -> None:
        super().__init__(_("Move tile {id}").format(id=doc.tile_ids()[source]))
        self.doc = doc
        self.source = source
        self.target = target

    def redo(self) -> None:
        self.doc.move_tile(self.source, self.target)

    def undo(self) -> None:
        self.doc.move_tile(self.target, self.source)


class SetSetValue(QUndoCommand):
    """Set a set-level key (id, name, part, edition, description, provenance, goods totals);
    ``None`` removes it."""

    def __init__(self, doc: TileSetDocument, key: str, value: Any) -> None:
        super().__init__(_("Set tile set {key}").format(key=key))
        self.doc = doc
        self.key = key
        self.old = copy.deepcopy(doc.data.get(key))
        self.new = copy.deepcopy(value)

    @property
    def changed(self) -> bool:
        """Whether the edit changes the set."""
        return bool(self.new != self.old)

    def redo(self) -> None:
        self.doc.set_value(self.key, self.new)

    def undo(self) -> None:
        self.doc.set_value(self.key, self.old)

    def id(self) -> int:
        return MERGE_SET_VALUE

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetSetValue) or other.key != self.key:
            return False
        self.new = other.new
        return True
