"""Live lint: findings appear for a broken tile, select what they name, and go when fixed."""

from __future__ import annotations

from editor.model.ports import PORT_INDEX
from editor.qt.designer.commands import MovePort, RemoveSegment, SetSegmentValue, SetSide
from editor.qt.designer.document import locate
from editor.qt.designer.window import LintList, TileSetWindow


def texts(lint: LintList) -> list[str]:
    return [lint.list.item(i).text() for i in range(lint.list.count())]


def test_findings_appear_for_a_broken_tile_and_go_when_it_is_fixed(doc, push, qtbot) -> None:
    lint = LintList(doc)
    qtbot.addWidget(lint)
    assert texts(lint) == []
    assert "No problems" in lint.header.text()
    push(SetSide(doc, 0, 0, "road"))
    push(RemoveSegment(doc, 0, "road"))  # port N is now in no segment
    assert [f.code for f in doc.findings()] == ["port-missing"]
    assert texts(lint) == ["tile A: port N in no segment: every port belongs to exactly one "
                           "segment"]
    assert "1 error" in lint.header.text()
    push(MovePort(doc, 0, PORT_INDEX["N"], "field"))
    assert doc.findings() == []
    assert texts(lint) == []
    assert "No problems" in lint.header.text()


def test_schema_findings_come_first_and_lint_follows_once_they_are_fixed(doc, push) -> None:
    push(SetSide(doc, 0, 0, "city"))
    push(SetSegmentValue(doc, 0, "city", "kind", ""))  # an empty kind breaks the schema
    assert [f.code for f in doc.findings()] == ["schema.required"]
    push(SetSegmentValue(doc, 0, "city", "kind", "road"))  # a road owning half-side ports
    assert {f.code for f in doc.findings()} == {"half-port"}
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.flush()
    assert doc.findings() == []


def test_clicking_a_finding_selects_its_tile_and_segment(window: TileSetWindow) -> None:
    doc = window.doc
    window.tiles.add()
    window.tiles.add()
    assert window.tiles.current() == 2
    doc.undo_stack.push(SetSide(doc, 1, 0, "city"))
    doc.undo_stack.push(SetSegmentValue(doc, 1, "city", "kind", "road"))
    doc.flush()
    finding = doc.findings()[0]
    assert locate(finding.path) == (1, 0)
    item = window.lint.list.item(0)
    assert item.text().startswith("tile B › city: ")
    window.lint.list.itemClicked.emit(item)
    assert window.tiles.current() == 1
    assert window.editor.index == 1
    assert window.editor.selected == "city"
    assert window.editor.segment_id.text() == "city"


def test_locate_reads_tile_and_segment_from_a_json_path() -> None:
    assert locate("$.tiles[3].segments[1].ports[0]") == (3, 1)
    assert locate("$.tiles[12].id") == (12, None)
    assert locate("$.tiles[0]") == (0, None)
    assert locate("$.goods_totals.wine") == (None, None)
