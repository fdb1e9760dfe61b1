"""The Findings dock shows every message whole: in the tooltip of its row and, for the
selected finding, in the details pane beside or under the list."""

from __future__ import annotations

import json

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication
from qt_support import SAMPLE

from editor.formats.jsonio import dumps
from editor.qt.docks.findings import NO_SELECTION, FindingsWidget
from editor.qt.files import open_document


def test_the_selected_finding_is_shown_in_full(qtbot, tmp_path, host, catalogue) -> None:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["tiles"].append({"tile": "base-c2/A-VERY-LONG-TILE-REFERENCE-NOBODY-HAS",
                          "x": 9, "y": 9, "rotation": 0})
    path = tmp_path / "long.board.json"
    path.write_text(dumps(data), encoding="utf-8")
    doc = open_document(str(path), host, catalogue).document
    assert doc is not None
    widget = FindingsWidget()
    qtbot.addWidget(widget)
    widget.resize(500, 160)
    widget.show()
    widget.set_document(doc)
    doc.flush()
    tree = widget.tree
    row = next(i for i in range(tree.topLevelItemCount())
               if "A-VERY-LONG" in tree.topLevelItem(i).text(0))
    item = tree.topLevelItem(row)
    message = item.text(0)
    assert widget.details.text() == NO_SELECTION
    assert all(message in item.toolTip(c) for c in range(3))
    tree.setCurrentItem(item)
    details = widget.details.text()
    assert message in details and "Error" in details
    assert item.text(2) in details  # the code
    QApplication.processEvents()
    assert widget.details.isVisible() and widget.details.width() > 100


def test_the_details_sit_beside_a_wide_list_and_under_a_tall_one(qtbot) -> None:
    widget = FindingsWidget()
    qtbot.addWidget(widget)
    QApplication.sendEvent(widget, QResizeEvent(QSize(700, 180), QSize(100, 100)))
    assert widget.split.orientation().name == "Horizontal"
    QApplication.sendEvent(widget, QResizeEvent(QSize(300, 600), QSize(700, 180)))
    assert widget.split.orientation().name == "Vertical"
