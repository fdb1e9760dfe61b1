"""Starting the desktop editor: the QApplication, recovery, and the first windows."""

from __future__ import annotations

import os
import sys
from functools import partial

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.i18n import _
from editor.model.findings import Finding
from editor.model.tilesets import Catalogue, TileSet
from editor.plugins import PluginHost, default_host
from editor.resources import data_dir
from editor.workspace import catalogue as load_catalogue

from . import about, collector, files
from .art.pixmaps import tile_pixmap
from .designer import open_tileset_window
from .designer.document import DocumentError, playtest_signals
from .document import BoardDocument
from .mainwindow import APP_TITLE, MainWindow
from .notices import report_unopened
from .preferences import install_language

ORGANIZATION = "carcassonne-editor"
DOMAIN = "carcassonne-editor.org"
APPLICATION = "Carcassonne Editor"
SESSION_KEY = "session/files"
SAMPLE = "first-steps.board.json"

#: Open windows (kept referenced so that Qt does not delete them).
WINDOWS: list[MainWindow] = []


def configure(app: QApplication) -> None:
    """Names for QSettings and QStandardPaths, the style and the icon; cycles collected
    on the GUI thread only."""
    collector.install(app)
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain(DOMAIN)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APP_TITLE)
    app.setApplicationVersion(about.version())
    if sys.platform != "darwin":
        app.setStyle("Fusion")


def sample_path() -> str:
    """The sample position shown on first start."""
    return str(data_dir("samples") / SAMPLE)


def ask_recovery(entries: list[files.Recovery]) -> str:
    """Ask whether to recover autosaves: ``recover``, ``discard`` or ``later``."""
    box = QMessageBox(QMessageBox.Icon.Question, APP_TITLE,
                      _("The editor did not close properly last time."))
    box.setInformativeText(_("Unsaved work was autosaved:\n\n{files}\n\nRecover it?").format(
        files="\n".join(f"• {e.label}" for e in entries)))
    recover = box.addButton(_("Recover"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(_("Discard"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(_("Decide later"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover)
    box.exec()
    clicked = box.clickedButton()
    return "recover" if clicked is recover else "discard" if clicked is discard else "later"


def recovered_documents(host: PluginHost, catalogue: Catalogue) -> list[BoardDocument]:
    """Offer the autosaves a crashed session left; the recovered ones as documents."""
    entries = files.recoverable()
    if not entries:
        return []
    choice = ask_recovery(entries)
    docs = []
    for entry in entries:
        if choice == "recover":
            result = files.recover(entry, host, catalogue)
            if result.document is not None:
                docs.append(result.document)  # its autosave stays until saved or discarded
            # an autosave that does not load is kept: it may still be wanted
        elif choice == "discard":
            files.forget(entry)
    return docs


def open_window(doc: BoardDocument, host: PluginHost, catalogue: Catalogue) -> MainWindow:
    """Show a document in a new window."""
    window = MainWindow(doc, host, catalogue)
    WINDOWS.append(window)
    window.closed.connect(lambda: _closed(window))
    window.show()
    return window


def board_for_playtest(tile_set: TileSet, path: str) -> MainWindow | None:
    """A board window to play-test ``tile_set`` on (the board at ``path``, or a new one when
    ``path`` is empty), its catalogue showing the set; ``None`` when the board cannot be
    opened (the person is told why)."""
    host = default_host()
    catalogue = load_catalogue(host)
    if path:
        result = files.guarded_open(path, partial(files.open_board, path, host, catalogue))
        if result.document is None:
            report_unopened(None, [(path, result.findings)])
            return None
        files.add_recent(path)
        doc = result.document
    else:
        doc = BoardDocument(host=host, catalogue=catalogue)
    window = open_window(doc, host, catalogue)
    window.show_playtested(tile_set)
    return window


_PLAYTEST_CONNECTED: list[bool] = []


def _connect_playtest() -> None:
    """Let the designer ask for a board to play-test on (once per process)."""
    if not _PLAYTEST_CONNECTED:
        playtest_signals().boardWanted.connect(board_for_playtest)
        _PLAYTEST_CONNECTED.append(True)


def _closed(window: MainWindow) -> None:
    """Forget a window closed mid-session; on quit, remember every window's file."""
    app = QApplication.instance()
    others = [w for w in WINDOWS if w is not window and w.isVisible()]
    if others and not (app is not None and app.property("quitting")):
        WINDOWS.remove(window)
        return
    QSettings().setValue(SESSION_KEY, [w.doc.path for w in WINDOWS if w.doc.path])


def start(paths: list[str], host: PluginHost | None = None,
          catalogue: Catalogue | None = None) -> list[MainWindow]:
    """Open the windows of a start: recovered autosaves, then ``paths``; with neither, the
    last session's files, or the sample position on first start (no recent files).

    A file that cannot be opened never stops the start: the others open (or an empty
    board when none does), then one message says which files failed and why.
    """
    host = host or default_host()
    catalogue = catalogue or load_catalogue(host)
    _connect_playtest()
    docs = recovered_documents(host, catalogue)
    designing = False
    failures: list[tuple[str, list[Finding] | str]] = []
    for path in paths:
        if files.is_tileset_file(path):
            try:
                open_tileset_window(path)
                designing = True
            except DocumentError as exc:
                failures.append((path, str(exc)))
            except Exception as exc:  # the designer's bug must not stop the start
                failures.append((path, [files.internal_error(path, exc)]))
            continue
        result = files.guarded_open(path, partial(files.open_board, path, host, catalogue))
        if result.document is None:
            failures.append((path, result.findings))
        else:
            files.add_recent(path)
            docs.append(result.document)
    if not docs and not paths:
        for path in startup_files():
            result = files.open_document(path, host, catalogue)
            if result.document is not None:
                docs.append(result.document)
    if not docs and not designing:
        docs.append(BoardDocument(host=host, catalogue=catalogue))
    windows = [open_window(doc, host, catalogue) for doc in docs]
    if failures:
        report_unopened(windows[0] if windows else None, failures)
    return windows


def startup_files() -> list[str]:
    """The last session's files that still exist; the sample on first start."""
    if not files.recent_files():
        return [sample_path()]
    return [p for p in files.setting_list(SESSION_KEY) if os.path.isfile(p)]


def main(paths: list[str], lang: str | None = None) -> int:
    """Run the editor until its last window closes; returns the exit code. ``lang`` (the
    ``--lang`` option) overrides the language chosen in Preferences and the system's."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    configure(app)
    install_language(app, lang)
    host = default_host()
    catalogue = load_catalogue(host)
    tile = next((t for s in catalogue.sets for t in s.tiles if t.start), None)
    if tile is not None:
        app.setWindowIcon(QIcon(tile_pixmap(tile, 0, 128)))
    start(paths, host, catalogue)
    return app.exec()
