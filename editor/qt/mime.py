"""Drag-and-drop formats the editor's widgets exchange."""

#: A catalogue tile dragged onto the board (its ``set/id`` reference).
TILE_MIME = "application/x-carcassonne-tile"
