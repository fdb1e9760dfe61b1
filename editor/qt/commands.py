"""One undo command per edit. ``redo`` and ``undo`` only call the document's edit methods."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from editor.i18n import N_, _
from editor.model.board import Cell
from editor.model.players import Player
from editor.terms import figure_name

from .document import Annotation, BoardDocument, BoardState, FigureSpec, TileSpec

#: Command ids for merging consecutive edits of the same field.
MERGE_PLAYER = 1
MERGE_INFO = 2
MERGE_ANNOTATION = 3


class DocumentCommand(QUndoCommand):
    """A command bound to one document."""

    def __init__(self, doc: BoardDocument, text: str) -> None:
        super().__init__(text)
        self.doc = doc


def check_segment(doc: BoardDocument, spec: FigureSpec) -> None:
    """Refuse (before the command exists) a figure on a segment the board does not have."""
    placed = doc.board.at(spec.x, spec.y)
    if placed is None or spec.segment not in placed.tile.segment_index:
        raise ValueError(f"no segment {spec.segment!r} at ({spec.x}, {spec.y})")


# -- tiles ---------------------------------------------------------------------------------


class PlaceTile(DocumentCommand):
    """Put a tile on an empty cell."""

    def __init__(self, doc: BoardDocument, spec: TileSpec) -> None:
        if spec.cell in doc.board.cells:
            raise ValueError(f"cell {spec.cell} already holds a tile")
        super().__init__(doc, _("Place {tile} at ({x}, {y})").format(
            tile=spec.tile.ref, x=spec.x, y=spec.y))
        self.spec = spec

    def redo(self) -> None:
        self.doc.place_tile(self.spec)

    def undo(self) -> None:
        self.doc.remove_tile(self.spec.x, self.spec.y)


class RemoveTile(DocumentCommand):
    """Take a tile, with the figures on it, off the board."""

    def __init__(self, doc: BoardDocument, x: int, y: int) -> None:
        spec = doc.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        super().__init__(doc, _("Remove {tile} at ({x}, {y})").format(tile=spec.tile.ref, x=x, y=y))
        self.cell = (x, y)
        self.removed: tuple[TileSpec, list[tuple[int, FigureSpec]]] | None = None

    def redo(self) -> None:
        self.removed = self.doc.remove_tile(*self.cell)

    def undo(self) -> None:
        assert self.removed is not None
        spec, figures = self.removed
        self.doc.place_tile(spec)
        for index, figure in figures:
            self.doc.add_figure(figure, index)


class RotateTile(DocumentCommand):
    """Turn a placed tile."""

    def __init__(self, doc: BoardDocument, x: int, y: int, rotation: int) -> None:
        spec = doc.tile_at(x, y)
        if spec is None:
            raise ValueError(f"no tile at ({x}, {y})")
        super().__init__(doc, _("Rotate {tile} at ({x}, {y}) to {degrees}°").format(
            tile=spec.tile.ref, x=x, y=y, degrees=rotation % 4 * 90))
        self.cell = (x, y)
        self.old = spec.rotation
        self.new = rotation % 4

    def redo(self) -> None:
        self.doc.rotate_tile(*self.cell, self.new)

    def undo(self) -> None:
        self.doc.rotate_tile(*self.cell, self.old)


class MoveTile(DocumentCommand):
    """Move a tile and its figures to an empty cell."""

    def __init__(self, doc: BoardDocument, source: Cell, target: Cell) -> None:
        if source not in doc.board.cells or target in doc.board.cells:
            raise ValueError(f"cannot move a tile from {source} to {target}")
        super().__init__(doc, _("Move tile {source} to {target}").format(source=source,
                                                                          target=target))
        self.source = source
        self.target = target

    def redo(self) -> None:
        self.doc.move_tile(self.source, self.target)

    def undo(self) -> None:
        self.doc.move_tile(self.target, self.source)


# -- figures -------------------------------------------------------------------------------


class AddFigure(DocumentCommand):
    """Stand a figure on a segment, taking it from its owner's supply when there is one."""

    def __init__(self, doc: BoardDocument, spec: FigureSpec) -> None:
        check_segment(doc, spec)
        owner = doc.players[spec.owner].name if 0 <= spec.owner < len(doc.players) else "?"
        super().__init__(doc, _("Add a figure of {owner} ({figure}) on {segment} at ({x}, {y})"
                                ).format(owner=owner, figure=figure_name(spec.kind),
                                         segment=spec.segment, x=spec.x, y=spec.y))
        self.spec = spec
        self.index: int | None = None
        self.took = False

    def redo(self) -> None:
        self.index = self.doc.add_figure(self.spec, self.index)
        supply = self.doc.players[self.spec.owner].supply if self.spec.owner < len(
            self.doc.players) else {}
        self.took = supply.get(self.spec.kind, 0) > 0
        if self.took:
            self.doc.take_supply(self.spec.owner, self.spec.kind, -1)

    def undo(self) -> None:
        assert self.index is not None
        if self.took:
            self.doc.take_supply(self.spec.owner, self.spec.kind, 1)
        self.doc.remove_figure(self.index)


class RemoveFigure(DocumentCommand):
    """Take a figure off the board, back into its owner's supply."""

    def __init__(self, doc: BoardDocument, index: int) -> None:
        spec = doc.figures()[index]
        super().__init__(doc, _("Remove a figure ({figure}) from {segment} at ({x}, {y})").format(
            figure=figure_name(spec.kind), segment=spec.segment, x=spec.x, y=spec.y))
        self.index = index
        self.spec = spec
        self.gave = False

    def redo(self) -> None:
        self.spec = self.doc.remove_figure(self.index)
        self.gave = (self.spec.kind in self.doc.figure_kinds()
                     and 0 <= self.spec.owner < len(self.doc.players))
        if self.gave:
            self.doc.take_supply(self.spec.owner, self.spec.kind, 1)

    def undo(self) -> None:
        if self.gave:
            self.doc.take_supply(self.spec.owner, self.spec.kind, -1)
        self.doc.add_figure(self.spec, self.index)


class MoveFigure(DocumentCommand):
    """Move a figure to another segment (of any tile), keeping its place in the list."""

    def __init__(self, doc: BoardDocument, index: int, target: FigureSpec) -> None:
        check_segment(doc, target)
        self.old = doc.figures()[index]
        super().__init__(doc, _("Move a figure ({figure}) to {segment} at ({x}, {y})").format(
            figure=figure_name(self.old.kind), segment=target.segment, x=target.x, y=target.y))
        self.index = index
        self.new = target

    def redo(self) -> None:
        self.doc.remove_figure(self.index)
        self.doc.add_figure(self.new, self.index)

    def undo(self) -> None:
        self.doc.remove_figure(self.index)
        self.doc.add_figure(self.old, self.index)


# -- players -------------------------------------------------------------------------------


class AddPlayer(DocumentCommand):
    """Add a player (at the end unless ``index`` says where)."""

    def __init__(self, doc: BoardDocument, player: Player, index: int | None = None) -> None:
        super().__init__(doc, _("Add player {name}").format(name=player.name))
        self.player = player
        self.index = len(doc.players) if index is None else index

    def redo(self) -> None:
        self.doc.insert_player(self.index, self.player)

    def undo(self) -> None:
        self.doc.remove_player(self.index)


class RemovePlayer(DocumentCommand):
    """Remove a player and their figures."""

    def __init__(self, doc: BoardDocument, index: int) -> None:
        super().__init__(doc, _("Remove player {name}").format(name=doc.players[index].name))
        self.index = index
        self.saved: tuple[Player, list[FigureSpec]] | None = None

    def redo(self) -> None:
        self.saved = self.doc.remove_player(self.index)

    def undo(self) -> None:
        assert self.saved is not None
        player, figures = self.saved
        self.doc.insert_player(self.index, player)
        self.doc.set_figures(figures)


class EditPlayer(DocumentCommand):
    """Change a player's name, colour, score, goods or supply.

    Consecutive edits of the same fields of the same player merge into one step.
    """

    def __init__(self, doc: BoardDocument, index: int, **fields: Any) -> None:
        names = ", ".join(fields)
        super().__init__(doc, _("Edit {name}: {fields}").format(name=doc.players[index].name,
                                                                 fields=names))
        self.index = index
        self.new = fields
        self.old: dict[str, Any] = {}

    def id(self) -> int:
        return MERGE_PLAYER

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditPlayer) or other.index != self.index \
                or set(other.new) != set(self.new) or "colour" in self.new:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        old = self.doc.set_player(self.index, **self.new)
        if not self.old:
            self.old = old

    def undo(self) -> None:
        self.doc.set_player(self.index, **self.old)


# -- annotations and description -----------------------------------------------------------

#: The undo texts of the annotation commands, per kind of annotation.
ADD = {"notes": N_("Add note"), "arrows": N_("Add arrow"), "highlights": N_("Add highlight")}
EDIT = {"notes": N_("Edit note"), "arrows": N_("Edit arrow"),
        "highlights": N_("Edit highlight")}
REMOVE = {"notes": N_("Remove note"), "arrows": N_("Remove arrow"),
          "highlights": N_("Remove highlight")}


class SetInfo(DocumentCommand):
    """Change the title or the description (typing merges into one step)."""

    def __init__(self, doc: BoardDocument, title: str | None = None,
                 description: str | None = None) -> None:
        super().__init__(doc, _("Edit title") if title is not None else _("Edit description"))
        self.new = (title, description)
        self.old = (doc.position.title if title is not None else None,
                    doc.position.description if description is not None else None)

    def id(self) -> int:
        return MERGE_INFO

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetInfo) or [v is None for v in other.new] != [
                v is None for v in self.new]:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.doc.set_info(*self.new)

    def undo(self) -> None:
        self.doc.set_info(*self.old)


class AddAnnotation(DocumentCommand):
    """Add a note, arrow or highlight."""

    def __init__(self, doc: BoardDocument, kind: str, item: Annotation,
                 index: int | None = None) -> None:
        super().__init__(doc, _(ADD[kind]))
        self.kind = kind
        self.item = item
        self.index = len(doc.annotation_list(kind)) if index is None else index

    def redo(self) -> None:
        self.doc.insert_annotation(self.kind, self.index, self.item)

    def undo(self) -> None:
        self.doc.remove_annotation(self.kind, self.index)


class EditAnnotation(DocumentCommand):
    """Replace a note, arrow or highlight (edits of the same one merge)."""

    def __init__(self, doc: BoardDocument, kind: str, index: int, item: Annotation) -> None:
        super().__init__(doc, _(EDIT[kind]))
        self.kind = kind
        self.index = index
        self.new = item
        self.old = doc.annotation_list(kind)[index]

    def id(self) -> int:
        return MERGE_ANNOTATION

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditAnnotation) or (other.kind, other.index) != (
                self.kind, self.index):
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.doc.replace_annotation(self.kind, self.index, self.new)

    def undo(self) -> None:
        self.doc.replace_annotation(self.kind, self.index, self.old)


class RemoveAnnotation(DocumentCommand):
    """Remove a note, arrow or highlight."""

    def __init__(self, doc: BoardDocument, kind: str, index: int) -> None:
        super().__init__(doc, _(REMOVE[kind]))
        self.kind = kind
        self.index = index
        self.item: Annotation = doc.annotation_list(kind)[index]

    def redo(self) -> None:
        self.item = self.doc.remove_annotation(self.kind, self.index)

    def undo(self) -> None:
        self.doc.insert_annotation(self.kind, self.index, self.item)


# -- ruleset -------------------------------------------------------------------------------


class ChangeRuleset(DocumentCommand):
    """Switch editions and options; scores follow at once. With ``state`` the board becomes
    that state too (supplies that follow the ruleset, tiles converted to its sets), with
    ``tilesets`` the board lists those sets (tiles kept against the sets they come from)."""

    def __init__(self, doc: BoardDocument, editions: list[str],
                 options: dict[str, dict[str, Any]], state: BoardState | None = None,
                 tilesets: list[str] | None = None) -> None:
        super().__init__(doc, _("Rules: {editions}").format(editions=" + ".join(editions)))
        self.new = (list(editions), {k: dict(v) for k, v in options.items()})
        self.old = (list(doc.position.editions),
                    {k: dict(v) for k, v in doc.position.options.items()})
        self.states = (doc.state(), state) if state is not None else None
        self.tilesets = (list(doc.position.tilesets), list(tilesets)) \
            if tilesets is not None else None

    def redo(self) -> None:
        self.doc.set_ruleset(*self.new)
        if self.tilesets is not None:
            self.doc.set_tilesets(self.tilesets[1])
        if self.states is not None:
            self.doc.set_state(self.states[1])

    def undo(self) -> None:
        if self.states is not None:
            self.doc.set_state(self.states[0])
        if self.tilesets is not None:
            self.doc.set_tilesets(self.tilesets[0])
        self.doc.set_ruleset(*self.old)
