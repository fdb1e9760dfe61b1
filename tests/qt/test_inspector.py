"""The Inspector: every row it shows for the feature under the cursor, with the exact points
(base:C2: a complete city 2 a tile, an open one 1 a tile at the end; a monastery 1 plus 1 a
neighbour)."""

from __future__ import annotations

import re
from html import unescape

from editor.qt.docks.inspector import EMPTY, InspectorWidget
from editor.qt.document import BoardDocument, FigureSpec, TileSpec, new_position


def rows(widget: InspectorWidget) -> dict[str, str]:
    """The inspector's table as label → plain text (line breaks as ' / ')."""
    found = re.findall(r"<tr><td[^>]*>(.*?)</td><td>(.*?)</td></tr>", widget.text())
    return {label: unescape(re.sub(r"<[^>]+>", "", value.replace("<br>", " / ")))
            for label, value in found}


def document(tiles: list[tuple[str, int, int, int]],
             figures: list[tuple[str, int, int, int, str]] = ()) -> BoardDocument:
    """A base:C2 document with tiles (letter, x, y, turns) and figures (kind, owner, x, y,
    segment)."""
    doc = BoardDocument(new_position(["base:C2"]))
    for letter, x, y, rotation in tiles:
        doc.place_tile(TileSpec(doc.catalogue.tile(f"base-c2/{letter}"), x, y, rotation))
    for kind, owner, x, y, segment in figures:
        doc.add_figure(FigureSpec(kind, owner, x, y, segment))
    doc.flush()
    return doc


def inspected(doc: BoardDocument, x: int, y: int, segment: str | None) -> InspectorWidget:
    widget = InspectorWidget()
    widget.set_document(doc)
    assert EMPTY in widget.text()  # the hint, in its grey paragraph
    widget.show_feature(x, y, segment)
    return widget


def test_an_open_city_with_a_knight(qapp) -> None:
    doc = document([("E", 0, 0, 0)], [("follower", 0, 0, 0, "city")])
    widget = inspected(doc, 0, 0, "city")
    assert "base-c2/E at (0, 0)" in widget.text() and "Turned 0°" in widget.text()
    assert rows(widget) == {
        "Feature": "city (segment on NNW, N, NNE)", "Tiles": "1",
        "State": "open (1 open side)", "Owners": "■ Red: follower × 1",
        "If completed now": "Red 2", "At the end": "Red 1"}


def test_a_complete_city_says_so_and_what_it_scored(qapp) -> None:
    doc = document([("E", 0, 0, 0), ("E", 0, -1, 2)], [("follower", 1, 0, -1, "city")])
    info = rows(inspected(doc, 0, 0, "city"))
    assert info["Tiles"] == "2" and info["State"] == "complete"
    assert info["Owners"] == "■ Blue: follower × 1"
    assert info["Scored when completed"] == "Blue 4" and "If completed now" not in info


def test_a_road_counts_its_open_sides(qapp) -> None:
    """A straight road U alone: both ends open; nobody on it."""
    info = rows(inspected(document([("U", 0, 0, 0)]), 0, 0, "road"))
    assert info["State"] == "open (2 open sides)" and info["Owners"] == "nobody"
    assert info["If completed now"] == "nothing" and info["At the end"] == "nothing"


def test_a_monastery_is_surrounded_or_not(qapp) -> None:
    around = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    doc = document([("B", 0, 0, 0), ("B", 1, 0, 0)], [("follower", 0, 0, 0, "monastery")])
    info = rows(inspected(doc, 0, 0, "monastery"))
    assert info["State"] == "not surrounded" and info["At the end"] == "Red 2"
    full = document([("B", 0, 0, 0)] + [("B", dx, dy, 0) for dx, dy in around],
                    [("follower", 0, 0, 0, "monastery")])
    info = rows(inspected(full, 0, 0, "monastery"))
    assert info["State"] == "surrounded" and info["Scored when completed"] == "Red 9"


def test_a_field_has_no_state_and_counts_its_cities(qapp) -> None:
    """The field of E under its closed city (E at (0, 0) and E turned at (0, -1)): one city
    touching, complete; a farmer there makes 3 at the end."""
    doc = document([("E", 0, 0, 0), ("E", 0, -1, 2)], [("follower", 0, 0, 0, "field")])
    info = rows(inspected(doc, 0, 0, "field"))
    assert "State" not in info and "If completed now" not in info
    assert info["Cities"] == "1 touching, 1 complete" and info["At the end"] == "Red 3"


def test_it_follows_the_document_and_empty_cells(qapp) -> None:
    doc = document([("E", 0, 0, 0)], [("follower", 0, 0, 0, "city")])
    widget = inspected(doc, 0, 0, "city")
    doc.place_tile(TileSpec(doc.catalogue.tile("base-c2/E"), 0, -1, 2))
    doc.flush()
    assert rows(widget)["State"] == "complete"
    widget.show_feature(4, 4, None)
    assert "Cell (4, 4)" in widget.text() and "Empty." in widget.text()
