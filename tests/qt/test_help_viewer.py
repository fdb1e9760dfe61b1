"""Help: F1 opens the README at the editor's section inside the editor; the format and rules
references are one click away; About names the version (from the package metadata), the
licence and links."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QUrl
from PySide6.QtWidgets import QApplication, QMessageBox
from qt_support import isolated_settings  # noqa: F401

from editor.qt import about, app
from editor.qt.mainwindow import MainWindow

pytestmark = pytest.mark.usefixtures("isolated_settings")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def close_help() -> Iterator[None]:
    yield
    about.help_viewer().close()




def top_line(viewer: about.HelpViewer) -> str:
    """The text of the block at the top of the visible part."""
    return viewer.browser.cursorForPosition(QPoint(4, 4)).block().text()


def test_f1_opens_the_readme_at_the_editor_section(window: MainWindow, qtbot) -> None:
    assert "F1" in {k.toString() for k in window.help_action.shortcuts()}
    window.help_action.trigger()
    viewer = about.help_viewer()
    qtbot.waitExposed(viewer)
    assert viewer.path() == ROOT / "README.md"
    assert top_line(viewer) == about.EDITOR_SECTION
    assert "Designing tile sets" in viewer.browser.toPlainText()


def test_the_shipped_documents_are_listed_and_linked(window: MainWindow, qtbot) -> None:
    titles = [title for title, _ in about.documents()]
    assert titles[:2] == ["User guide (README)", "File formats"]
    assert ("Rules reference" in titles) == (ROOT / "docs" / "rules.md").is_file()
    menu = [a.text() for a in window.help_menu.actions()]
    assert "File formats…" in menu and "&About" in menu
    viewer = about.open_help()
    viewer.browser.anchorClicked.emit(QUrl("docs/FORMATS.md"))
    assert viewer.path() == ROOT / "docs" / "FORMATS.md"
    assert "Puzzle block" in viewer.browser.toPlainText()
    viewer.search.setText("Move log")
    assert viewer.find_next()
    assert viewer.browser.textCursor().selectedText().lower() == "move log"


def test_a_link_to_a_heading_opens_there(qtbot) -> None:
    viewer = about.open_help()
    qtbot.waitExposed(viewer)
    viewer.browser.anchorClicked.emit(QUrl("docs/FORMATS.md#puzzle-block"))
    assert viewer.path() == ROOT / "docs" / "FORMATS.md"
    assert about.slug(top_line(viewer)) == "puzzle-block"
    viewer.close()


def test_about_names_version_licence_and_guide(window: MainWindow, monkeypatch) -> None:
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    next(a for a in window.help_menu.actions() if a.text() == "&About").trigger()
    installed = metadata.version("carcassonne-editor")
    assert about.version() == installed
    assert f"Carcassonne Editor {installed}" in shown[0]
    assert "Licence: MIT" in shown[0]
    assert "README.md" in shown[0] and "User guide" in shown[0]


def test_the_application_version_comes_from_the_metadata(qapp) -> None:
    app.configure(QApplication.instance())
    assert QApplication.applicationVersion() == metadata.version("carcassonne-editor")
