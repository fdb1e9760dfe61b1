"""The tile set being designed: its file dict, its path, its undo stack and its live lint.

The document holds the tile set exactly as the file will hold it (a dict), so that undo
restores the exact previous data and saving writes what the lint checked. Views never change
it: they push commands (:mod:`.commands`) whose ``redo``/``undo`` call the edit methods here,
and every edit announces itself with a signal naming what changed. The lint
(``check_tileset``: schema, then semantics) reruns shortly after each edit.

Play-testing adds the set to a catalogue (by default the one every board window uses) and
tells the board windows through :func:`playtest_signals`.
"""

from __future__ import annotations

import copy
import os
import re
import weakref
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication

from editor.formats.jsonio import read_json, write_json_atomic
from editor.formats.lint import check_tileset
from editor.formats.tilesets import tileset_from_dict
from editor.i18n import _, ngettext
from editor.model.findings import Finding, Severity
from editor.model.ports import PORT_INDEX, SIDE_INDEX
from editor.model.tiles import Segment, Tile
from editor.model.tilesets import Catalogue, TileSet
from editor.qt.art.images import register_tile_set
from editor.workspace import catalogue as workspace_catalogue

from . import tileops

#: Milliseconds between the last edit and the lint.
LINT_DELAY_MS = 150
#: The set id a tile is drawn under before the set has a valid id.
DRAFT_SET = "draft"


class DocumentError(ValueError):
    """A file that cannot be edited as a tile set (not JSON, or not shaped like one)."""


def new_tileset() -> dict[str, Any]:
    """The data of a new tile set: one blank tile."""
    return {"format": 1, "id": "my-tiles", "name": "My tiles", "part": "custom",
            "edition": "custom", "tiles": [tileops.blank_tile("A")]}


def editable(data: Any) -> str:
    """Why ``data`` cannot be edited as a tile set ("" when it can); the lint says the rest."""
    if not isinstance(data, dict):
        return _("the file does not hold a JSON object")
    tiles = data.get("tiles")
    if not isinstance(tiles, list):
        return _("the file has no list of tiles")
    for i, tile in enumerate(tiles):
        if not isinstance(tile, dict) or not isinstance(tile.get("segments", []), list):
            return _("tiles[{i}] is not a tile with a list of segments").format(i=i)
    return ""


def model_tile(tile: dict[str, Any], set_id: str = DRAFT_SET, image: bool = False) -> Tile:
    """A model tile for drawing, from a tile dict that may break the schema (what cannot be
    read is left out); without ``image`` the segments are drawn even if the tile names one."""
    segs = []
    for seg in tileops.segments(tile):
        segs.append(Segment(
            id=str(seg.get("id", "")),
            kind=str(seg.get("kind", "")),
            ports=tuple(PORT_INDEX[p] for p in tileops.listing(seg.get("ports"))
                        if isinstance(p, str) and p in PORT_INDEX),
            pennants=_number(seg.get("pennants")),
            goods={str(k): _number(n) for k, n in tileops.mapping(seg.get("goods")).items()},
            cities=tuple(str(c) for c in tileops.listing(seg.get("cities"))),
            wraps=tuple(SIDE_INDEX[s] for s in tileops.listing(seg.get("wraps"))
                        if isinstance(s, str) and s in SIDE_INDEX),
            tags=tuple(str(t) for t in tileops.listing(seg.get("tags"))),
            anchor=_anchor(seg.get("anchor")),
        ))
    picture = tile.get("image")
    return Tile(id=str(tile.get("id", "?")), set_id=set_id, segments=tuple(segs),
                count=max(_number(tile.get("count")), 1),
                tags=tuple(str(t) for t in tileops.listing(tile.get("tags"))),
                image=picture if image and isinstance(picture, str) and picture else None)


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _anchor(value: Any) -> tuple[float, float] | None:
    numbers = [v for v in tileops.listing(value)
               if isinstance(v, int | float) and not isinstance(v, bool)]
    return (float(numbers[0]), float(numbers[1])) if len(numbers) == 2 == len(value) else None


class TileSetDocument(QObject):
    """A tile set file being edited; the only object that changes its data."""

    #: tiles were added, removed or reordered
    tilesChanged = Signal()
    #: the tile at this index changed
    tileChanged = Signal(int)
    #: a set-level key (id, name, provenance, ...) changed
    setChanged = Signal()
    #: the lint ran again
    findingsChanged = Signal()
    pathChanged = Signal(str)
    modifiedChanged = Signal(bool)

    def __init__(self, data: dict[str, Any] | None = None, path: str = "",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data: dict[str, Any] = data if data is not None else new_tileset()
        self._path = path
        self._dirty = False
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._findings: list[Finding] = check_tileset(self.data, path)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(LINT_DELAY_MS)
        self._timer.timeout.connect(self.flush)

    @classmethod
    def open(cls, path: str | os.PathLike[str], parent: QObject | None = None
             ) -> TileSetDocument:
        """Read a tile set file (broken ones too, as long as their shape can be edited)."""
        data, problems = read_json(path)
        if problems:
            raise DocumentError(problems[0].message)
        reason = editable(data)
        if reason:
            raise DocumentError(_("{reason}: not a tile set").format(reason=reason))
        return cls(data, os.path.abspath(path), parent)

    # -- queries ---------------------------------------------------------------------------

    @property
    def tiles(self) -> list[dict[str, Any]]:
        """The tile dicts (read them; never change them directly)."""
        tiles: list[dict[str, Any]] = self.data["tiles"]
        return tiles

    @property
    def set_id(self) -> str:
        """The set id, or a stand-in while it is not a string."""
        value = self.data.get("id")
        return value if isinstance(value, str) and value else DRAFT_SET

    @property
    def path(self) -> str:
        """The file the document was read from or saved to ("" when new)."""
        return self._path

    @property
    def modified(self) -> bool:
        """Whether the document differs from its file."""
        return self._dirty or not self.undo_stack.isClean()

    @property
    def display_name(self) -> str:
        """The file name, or the set's name while it has no file."""
        if self._path:
            return os.path.basename(self._path)
        name = self.data.get("name")
        return _("{name} (unsaved)").format(name=name) if isinstance(name, str) and name \
            else _("Untitled tile set")

    def findings(self) -> list[Finding]:
        """Schema and lint findings of the data as it was at the last lint."""
        return self._findings

    def errors(self) -> list[Finding]:
        """The findings that stop the set from loading."""
        return [f for f in self._findings if f.severity is Severity.ERROR]

    def tile_set(self) -> TileSet:
        """The set as model objects (``ValueError`` while the lint finds errors)."""
        self.flush()
        errors = self.errors()
        if errors:
            raise ValueError(ngettext("the tile set has {n} error; first: {first}",
                                      "the tile set has {n} errors; first: {first}",
                                      len(errors)).format(n=len(errors), first=errors[0]))
        return tileset_from_dict(copy.deepcopy(self.data), self._path)

    def tile_ids(self) -> list[str]:
        """Every tile id, as text."""
        return [str(t.get("id", "")) for t in self.tiles]

    # -- edits (called by commands) --------------------------------------------------------

    def replace_tile(self, index: int, tile: dict[str, Any]) -> None:
        """Put ``tile`` at ``index`` in place of the tile there."""
        self.tiles[index] = copy.deepcopy(tile)
        self.tileChanged.emit(index)
        self._touched()

    def insert_tile(self, index: int, tile: dict[str, Any]) -> None:
        """Add a tile at ``index``."""
        self.tiles.insert(index, copy.deepcopy(tile))
        self.tilesChanged.emit()
        self._touched()

    def remove_tile(self, index: int) -> dict[str, Any]:
        """Remove the tile at ``index``; returns it."""
        tile = self.tiles.pop(index)
        self.tilesChanged.emit()
        self._touched()
        return tile

    def move_tile(self, source: int, target: int) -> None:
        """Move the tile at ``source`` so that it ends up at ``target``."""
        self.tiles.insert(target, self.tiles.pop(source))
        self.tilesChanged.emit()
        self._touched()

    def set_value(self, key: str, value: Any) -> None:
        """Set a set-level key; ``None`` removes it (keys keep the file order)."""
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = copy.deepcopy(value)
        order = ("format", "id", "name", "part", "edition", "description", "provenance",
                 "goods_totals", "tiles")
        ordered = {k: self.data[k] for k in order if k in self.data}
        ordered.update((k, v) for k, v in self.data.items() if k not in ordered)
        self.data.clear()
        self.data.update(ordered)
        self.setChanged.emit()
        self._touched()

    def _clean_changed(self, _clean: bool) -> None:
        self.modifiedChanged.emit(self.modified)

    def _touched(self) -> None:
        self._timer.start()

    def flush(self) -> None:
        """Lint now instead of after the delay."""
        self._timer.stop()
        self._findings = check_tileset(self.data, self._path)
        self.findingsChanged.emit()

    # -- file ------------------------------------------------------------------------------

    def save(self, path: str | None = None) -> None:
        """Write the file atomically (the old file stays whole when this raises ``OSError``)."""
        if not (path or self._path):
            raise ValueError(_("the tile set has no file yet"))
        target = os.path.abspath(path or self._path)
        write_json_atomic(target, self.data)
        if target != self._path:
            self._path = target
            self.pathChanged.emit(target)
        was = self.modified
        self._dirty = False
        self.undo_stack.setClean()
        if was:
            self.modifiedChanged.emit(False)

    def mark_unsaved(self) -> None:
        """The data did not come from its file (an import): it is modified from the start."""
        self._dirty = True
        self.modifiedChanged.emit(True)


# -- play-testing ---------------------------------------------------------------------------


class PlaytestError(ValueError):
    """Play-testing would replace a tile set that was not play-tested."""


class PlaytestSignals(QObject):
    """Announces play-tested sets to the board windows."""

    #: a TileSet now in the catalogue (new, or replacing its earlier play-test)
    tileSetAdded = Signal(object)
    #: a board window is wanted to play a TileSet on: the path of a board to open, or ""
    #: for a new board (the application opens it and shows the set in its catalogue)
    boardWanted = Signal(object, str)

    @staticmethod
    def board_windows() -> int:
        """How many board windows are open (those with the ``boardWindow`` property)."""
        return sum(1 for w in QApplication.topLevelWidgets()
                   if w.isVisible() and w.property("boardWindow"))


_signals: PlaytestSignals | None = None
_playtested: weakref.WeakKeyDictionary[Catalogue, set[str]] = weakref.WeakKeyDictionary()


def playtest_signals() -> PlaytestSignals:
    """The one object whose ``tileSetAdded`` tells board windows to refresh their catalogue."""
    global _signals
    if _signals is None:
        _signals = PlaytestSignals()
    return _signals


def playtest(tile_set: TileSet, catalogue: Catalogue | None = None) -> None:
    """Add ``tile_set`` to ``catalogue`` (default: :func:`editor.workspace.catalogue`, the one
    the board editor uses) so that its tiles can be placed at once, then emit
    ``playtest_signals().tileSetAdded``. A set play-tested again replaces its earlier version;
    a set that was not play-tested (a built-in one) is never replaced: ``PlaytestError``."""
    target = catalogue if catalogue is not None else workspace_catalogue()
    mine = _playtested.setdefault(target, set())
    if tile_set.id in {s.id for s in target.sets} and tile_set.id not in mine:
        raise PlaytestError(_("a tile set {id!r} is already loaded; give the set another id "
                              "to play-test it").format(id=tile_set.id))
    target.add(tile_set)
    mine.add(tile_set.id)
    register_tile_set(tile_set)
    playtest_signals().tileSetAdded.emit(tile_set)


_LOCATION = re.compile(r"^\$\.tiles\[(\d+)\](?:\.segments\[(\d+)\])?")


def locate(path: str) -> tuple[int | None, int | None]:
    """The tile and segment indices a JSON path points into (``$.tiles[3].segments[1]...``)."""
    match = _LOCATION.match(path)
    if match is None:
        return None, None
    segment = match.group(2)
    return int(match.group(1)), int(segment) if segment is not None else None
