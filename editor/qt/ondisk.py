"""The file on disk and the document: notice changes made by others, ask before overwriting.

A document remembers the :class:`FileStamp` of its file as it last read or wrote it. Saving
over a file whose content changed since (another window saved it, another program edited
it) asks first: overwrite, save under another name, or cancel. So does saving over a
read-only file (:class:`~editor.formats.jsonio.ReadOnlyFileError`). While a window is open,
:class:`DiskWatch` watches its file and, when the window is next active, offers to reload a
file changed by someone else (saying that unsaved changes would be lost) or tells that it
was deleted.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject
from PySide6.QtWidgets import QMessageBox, QWidget

from editor.formats.atomic import is_read_only, resolved
from editor.i18n import N_, _

from .timers import call_later

if TYPE_CHECKING:
    from .document import BoardDocument

TITLE = "Carcassonne Editor"
OVERWRITE, SAVE_AS, CANCEL = "overwrite", "save-as", "cancel"


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What a file held when it was looked at: its modification time, size and digest."""

    mtime_ns: int
    size: int
    digest: str

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> FileStamp | None:
        """The file's stamp now (``None`` when it cannot be read: gone, or a folder)."""
        try:
            with open(path, "rb") as file:
                info = os.fstat(file.fileno())
                digest = hashlib.sha256(file.read()).hexdigest()
        except OSError:
            return None
        return cls(info.st_mtime_ns, info.st_size, digest)

    def same_content(self, other: FileStamp | None) -> bool:
        """Whether ``other`` holds the same bytes."""
        return other is not None and other.digest == self.digest


def changed_on_disk(doc: BoardDocument) -> FileStamp | None:
    """The file's stamp when its content is no longer what the document read or wrote (and
    not a change the person already chose to keep their version over); else ``None``."""
    if not doc.path or doc.disk_stamp is None:
        return None
    now = FileStamp.of(doc.path)
    if now is None or doc.disk_stamp.same_content(now):
        return None
    if doc.disk_seen is not None and doc.disk_seen.same_content(now):
        return None
    return now


def _ask(parent: QWidget | None, text: str, detail: str, buttons: list[tuple[str, str, Any]],
         default: str) -> str:
    """A question box; returns the key of the button pressed (``cancel`` when closed)."""
    box = QMessageBox(QMessageBox.Icon.Warning, TITLE, text, parent=parent)
    box.setInformativeText(detail)
    keys: dict[object, str] = {}
    for key, label, role in buttons:
        button = box.addButton(_(label), role)
        keys[button] = key
        if key == default:
            box.setDefaultButton(button)
    box.exec()
    return keys.get(box.clickedButton(), CANCEL)


_OVERWRITE_CHOICES = [(OVERWRITE, N_("Overwrite"), QMessageBox.ButtonRole.DestructiveRole),
                      (SAVE_AS, N_("Save As…"), QMessageBox.ButtonRole.AcceptRole),
                      (CANCEL, N_("Cancel"), QMessageBox.ButtonRole.RejectRole)]


def ask_changed(parent: QWidget | None, path: str) -> str:
    """``overwrite``, ``save-as`` or ``cancel`` for a file changed on disk since it was read."""
    name = os.path.basename(path)
    return _ask(parent, _("{name} was changed on disk since you opened it.").format(name=name),
                _("Another window or program saved {path}. Overwrite its version with yours, "
                  "or save yours under another name?").format(path=path),
                _OVERWRITE_CHOICES, SAVE_AS)


def ask_read_only(parent: QWidget | None, path: str) -> str:
    """``overwrite``, ``save-as`` or ``cancel`` for a read-only file."""
    return _ask(parent, _("{name} is read-only.").format(name=os.path.basename(path)),
                _("{path} is protected against writing. Overwrite it anyway (it stays "
                  "read-only), or save under another name?").format(path=path),
                _OVERWRITE_CHOICES, SAVE_AS)


def ask_replace(parent: QWidget | None, path: str) -> bool:
    """Whether to replace an existing file (a name completed with ``.board.json``)."""
    return _ask(parent, _("{name} already exists.").format(name=os.path.basename(path)),
                _("Replace {path}?").format(path=path),
                [(OVERWRITE, N_("Replace"), QMessageBox.ButtonRole.DestructiveRole),
                 (CANCEL, N_("Cancel"), QMessageBox.ButtonRole.RejectRole)],
                CANCEL) == OVERWRITE


def ask_reload(parent: QWidget | None, doc: BoardDocument) -> bool:
    """Whether to reload a file another program changed (losing unsaved changes)."""
    if doc.modified:
        detail = _("Reload it and lose your unsaved changes, or keep your version? If you "
                   "keep it, saving asks before overwriting theirs.")
        default = CANCEL
    else:
        detail = _("Reload it? You have no unsaved changes.")
        default = OVERWRITE
    return _ask(parent, _("{name} was changed on disk by another program or window.").format(
                    name=doc.display_name), detail,
                [(OVERWRITE, N_("Reload"), QMessageBox.ButtonRole.DestructiveRole),
                 (CANCEL, N_("Keep my version"), QMessageBox.ButtonRole.RejectRole)],
                default) == OVERWRITE


def read_only(path: str) -> bool:
    """Whether an existing file is protected against writing (the file a link points to)."""
    return is_read_only(resolved(path))


SAVED, FAILED = "saved", "failed"


def save_checked(parent: QWidget | None, doc: BoardDocument, path: str) -> str:
    """Save ``doc`` to ``path``, asking first when the file changed on disk since the
    document read it or is read-only. Returns ``saved``, ``save-as`` (the person wants
    another name), ``cancel``, or ``failed`` (the error was shown; the file is as it was)."""
    from .files import save_document

    path = os.path.abspath(path)
    if path == doc.path and changed_on_disk(doc) is not None:
        choice = ask_changed(parent, path)
        if choice != OVERWRITE:
            return choice
    protected = read_only(path)
    if protected:
        choice = ask_read_only(parent, path)
        if choice != OVERWRITE:
            return choice
    try:
        save_document(doc, path, read_only_ok=protected)
    except (OSError, ValueError) as exc:
        QMessageBox.critical(parent, TITLE, _("Could not save {path}:\n{error}\n\n"
                                              "The file on disk was left as it was.").format(
                                                  path=path, error=exc))
        return FAILED
    return SAVED


class DiskWatch(QObject):
    """Watches one window's file; asks about outside changes when the window is active."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self._pending = False
        self._asking = False
        window.installEventFilter(self)

    def follow(self) -> None:
        """Watch the file of the window's document (again after a save replaced it)."""
        watched = self.watcher.files()
        path = self.window.doc.path
        if watched and watched != [path]:
            self.watcher.removePaths(watched)
        if path and os.path.exists(path) and path not in self.watcher.files():
            self.watcher.addPath(path)

    def _changed(self, _path: str) -> None:
        self._pending = True
        # a save replaces the file: watch the new one once the rename is done
        call_later(200, self.window, self.follow)
        if self.window.isActiveWindow():
            call_later(0, self.window, self.check)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowActivate and self._pending:
            call_later(0, self.window, self.check)
        return False

    def check(self) -> None:
        """Ask about a change made by someone else, if there is one."""
        self._pending = False
        if self._asking:
            return
        doc = self.window.doc
        if not doc.path or doc.disk_stamp is None:
            return
        if not os.path.exists(doc.path):
            self.window.statusBar().showMessage(
                _("{name} was deleted or moved on disk: Save writes it again").format(
                    name=doc.display_name),
                10000)
            return
        now = changed_on_disk(doc)
        if now is None:
            return
        self._asking = True
        try:
            reload = ask_reload(self.window, doc)
        finally:
            self._asking = False
        if not reload:
            doc.disk_seen = now
            return
        from .files import open_document

        result = open_document(doc.path, self.window.host, self.window.catalogue)
        if result.document is None:
            from .notices import refuse_file

            refuse_file(self.window, doc.path, result.findings)
            doc.disk_seen = now
            return
        result.document.undo_stack.clear()
        self.window.set_document(result.document)
        self.window.statusBar().showMessage(
            _("Reloaded {name}").format(name=result.document.display_name), 6000)


def install_disk_watch(window: Any) -> DiskWatch:
    """Watch the file of every document ``window`` shows (kept as ``window.disk_watch``)."""
    watch = DiskWatch(window)
    window.disk_watch = watch
    watch.follow()
    window.doc.pathChanged.connect(lambda _: watch.follow())

    def follow(doc: Any) -> None:
        doc.pathChanged.connect(lambda _: watch.follow())
        watch.follow()

    window.documentChanged.connect(follow)
    return watch
