"""The desktop editor in French (#17.6): menus, findings and score explanations."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from qt_support import isolated_settings, window_in  # noqa: F401

from editor.qt.mainwindow import MainWindow


@pytest.fixture
def french(qtbot, isolated_settings) -> Iterator[MainWindow]:  # noqa: F811
    """A window of a first start (the sample position) built in French."""
    with window_in("fr", qtbot) as win:
        yield win


def test_menus_in_french(french: MainWindow) -> None:
    titles = [a.text() for a in french.menuBar().actions()]
    assert titles == ["&Fichier", "É&dition", "&Affichage", "&Plateau", "&Règles",
                      "É&nigme", "&Aide"]
    file_items = [a.text() for a in french.file_menu.actions() if a.text()]
    assert "&Ouvrir…" in file_items and "Enregistrer &sous…" in file_items
    assert french.preferences_action.text() == "&Préférences…"
    assert french.preferences_action in french.edit_menu.actions()


def test_score_explanations_and_rules_in_french(french: MainWindow, qtbot) -> None:
    """The final-scoring lines of the sample, explained in French."""
    french.show_scores(1)
    dock = french.scores_dock

    def texts() -> str:
        from PySide6.QtWidgets import QAbstractItemView, QLabel

        found = [w.text() for w in dock.findChildren(QLabel)]
        for view in dock.findChildren(QAbstractItemView):
            model = view.model()
            if model is None:
                continue
            for row in range(model.rowCount()):
                for column in range(model.columnCount()):
                    found.append(str(model.index(row, column).data() or ""))
        return "\n".join(found)

    qtbot.waitUntil(lambda: "tuiles adjacentes" in texts(), timeout=10000)
    assert "abbaye avec 3 tuiles adjacentes : 1 + 3" in texts()
    assert "ville incomplète" in texts()


def test_findings_in_french(french: MainWindow, qtbot) -> None:
    """An abbot stood on a field of the start tile (C2): the Findings dock says why in
    French."""
    from PySide6.QtWidgets import QTreeWidget

    from editor.qt.commands import AddFigure
    from editor.qt.document import FigureSpec

    doc = french.doc
    placed = doc.board.cells[(0, 0)]
    field = next(s.id for s in placed.tile.segments if s.kind == "field")
    doc.undo_stack.push(AddFigure(doc, FigureSpec("abbot", 0, 0, 0, field)))
    tree = french.findings_dock.findChild(QTreeWidget)
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=10000)
    texts = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert any(t.startswith("l’abbé ne peut se trouver que sur une abbaye ou un jardin, pas "
                            "sur cette section (pré)") for t in texts), texts
    assert tree.headerItem().text(0) == "Constat"


def test_edits_puzzle_menu_and_dock_in_french(french: MainWindow, qtbot) -> None:
    """Undo texts, the Puzzle menu and the puzzle dock's answers, in French."""
    from editor.qt.commands import PlaceTile
    from editor.qt.document import TileSpec

    doc = french.doc
    tile = doc.catalogue.tile("base-c2/E")
    free = next((x, -5) for x in range(-5, 6) if (x, -5) not in doc.board.cells)
    doc.undo_stack.push(PlaceTile(doc, TileSpec(tile, *free, 0)))
    assert doc.undo_stack.undoText() == f"Poser base-c2/E en ({free[0]}, {free[1]})"
    menu = next(a.menu() for a in french.menuBar().actions() if a.text() == "É&nigme")
    texts = [a.text() for a in menu.actions() if a.text()]
    assert {"&Résoudre", "&Indice"} <= set(texts) and "&Solve" not in texts
    panel = french.puzzle_dock.panel
    panel.hand_edit.setText("E")
    with qtbot.waitSignal(panel.solved, timeout=60000):
        panel.solve()
    assert " classés ; le meilleur : " in panel.solve_status.text()
    assert panel.results.horizontalHeaderItem(1).text() == "coup"
