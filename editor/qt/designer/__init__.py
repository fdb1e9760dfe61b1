"""The tile-set designer: author, lint and play-test custom tiles.

A tile set opens in its own :class:`TileSetWindow`. The API for the rest of the editor:

- :func:`install_designer(window) <install_designer>` adds "File → New tile set…" and
  "File → Open tile set…" to a board main window.
- :func:`open_tileset_window(path) <open_tileset_window>` opens a tile set file in a designer
  window (for ``carcassonne-editor gui some-tileset.json``); it raises
  :class:`DocumentError` when the file is not JSON or not shaped like a tile set.
- :func:`playtest(tile_set) <playtest>` adds a set to the catalogue the board editor uses
  (``editor.workspace.catalogue()``) and emits ``playtest_signals().tileSetAdded(tile_set)``.
  A board window refreshes its catalogue dock on that signal::

      from editor.qt.designer import install_designer, playtest_signals

      install_designer(self)
      playtest_signals().tileSetAdded.connect(self.refresh_catalogue)

  where ``refresh_catalogue`` rebuilds the dock's tile list from ``self.catalogue`` (the same
  object, now holding the play-tested set).
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from editor.i18n import _

from .document import DocumentError, PlaytestError, TileSetDocument, playtest, playtest_signals
from .window import FILTER, TileSetWindow, new_tileset_window, open_tileset_window

__all__ = [
    "DocumentError",
    "PlaytestError",
    "TileSetDocument",
    "TileSetWindow",
    "install_designer",
    "new_tileset_window",
    "open_tileset_window",
    "playtest",
    "playtest_signals",
]


def _file_menu(window: QMainWindow) -> QMenu:
    """The window's File menu: the one it keeps as ``file_menu``, else the menu bar's menu
    titled File (made when it has none). Never through ``QAction.menu()``: before PySide6
    6.11.2 the wrapper it returns is already deleted."""
    menu = getattr(window, "file_menu", None)
    if isinstance(menu, QMenu):
        return menu
    for menu in window.menuBar().findChildren(QMenu):
        if menu.title().replace("&", "").strip() == "File":
            return menu
    return window.menuBar().addMenu(_("&File"))


def install_designer(window: QMainWindow) -> None:
    """Add "New tile set…" and "Open tile set…" to the File menu of a board window, after
    its first group of actions (New, Open, Open Recent)."""
    menu = _file_menu(window)
    new = QAction(_("New &tile set…"), window)
    new.setStatusTip(_("Design a new tile set in its own window"))
    new.triggered.connect(lambda _=False: new_tileset_window())
    open_ = QAction(_("Open tile s&et…"), window)
    open_.setStatusTip(_("Open a tile set file in the tile-set designer"))
    open_.triggered.connect(lambda _=False: _open_dialog(window))
    separator = next((a for a in menu.actions() if a.isSeparator()), None)
    if separator is None:
        menu.addSeparator()
        menu.addActions([new, open_])
    else:
        menu.insertActions(separator, [new, open_])
        menu.insertSeparator(new)


def _open_dialog(window: QMainWindow) -> None:
    path, _filter = QFileDialog.getOpenFileName(window, _("Open tile set"), "", _(FILTER))
    if not path:
        return
    try:
        open_tileset_window(path)
    except DocumentError as exc:
        QMessageBox.warning(window, _("Tile set designer"),
                            _("Cannot open {path}:\n{error}").format(path=path, error=exc))
