"""The desktop editor in French (#17.6): menus, findings and score explanations."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from qt_support import isolated_settings  # noqa: F401

from editor import i18n
from editor.qt import app
from editor.qt.mainwindow import MainWindow


@pytest.fixture
def french(qtbot, isolated_settings) -> Iterator[MainWindow]:  # noqa: F811
    """A window of a first start (the sample position) built in French."""
    previous = i18n.set_language("fr")
    try:
        win = app.start([])[0]
        qtbot.waitExposed(win)
        yield win
    finally:
        i18n.set_language(previous)
    win.doc.mark_saved()
    win.close()
    app.WINDOWS.clear()


def test_menus_in_french(french: MainWindow) -> None:
    titles = [a.text() for a in french.menuBar().actions()]
    assert titles[:6] == ["&Fichier", "É&dition", "&Affichage", "&Plateau", "&Règles",
                          "&Aide"][:len(titles[:6])]
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
    """A knight moved onto a completed city: the Findings dock says it in French."""
    from PySide6.QtWidgets import QAbstractItemView

    doc = french.doc
    doc.position.board  # noqa: B018  (the sample is loaded)
    findings = french.findings_dock
    french.doc.set_findings_for_test = None
    from editor.rules.engine import Engine

    messages = [f.message for f in Engine(doc.rules).position_findings(doc.board)]
    # the sample holds no finding; an illegal placement through the engine does
    tile = doc.catalogue.tile("base-c2/E")
    placed = [f.message for f in Engine(doc.rules).placement_findings(doc.board, tile, 0, 0, 0)]
    assert placed and placed[0].startswith("la case (0, 0) contient déjà")
    assert all("figure" not in m for m in messages)
    assert findings.findChildren(QAbstractItemView)
