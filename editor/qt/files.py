"""Opening, saving, recent files, autosave and crash recovery.

Opening never raises: a file that cannot be read, is not a board, or makes a loader fail
comes back as findings naming the file (an internal error is logged with its traceback).
Saves are atomic (:func:`editor.formats.boards.save_position` writes through a temporary
file). While a document is open an :class:`Autosaver` writes it, when modified, every few
seconds to its own file under ``QStandardPaths.AppDataLocation/autosave`` and holds a lock
file beside it. A clean save or a close removes both; after a crash the files stay, their
locks go stale, and :func:`recoverable` lists them at the next start. A recovered document
keeps writing to the autosave it came from, which stays until that document is saved or
discarded, so a second crash loses nothing either.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QSettings, QStandardPaths, QTimer

from editor import logs
from editor.formats.boards import load_position, save_position
from editor.formats.findings_report import FileResult, render_text
from editor.formats.jsonio import read_json, write_json_atomic
from editor.formats.lint import is_tileset
from editor.i18n import _
from editor.jcz import read_save
from editor.jcz.importer import import_save
from editor.model.findings import Finding
from editor.model.position import Position
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost

from .document import BoardDocument

log = logs.get(__name__)

MAX_RECENT = 10
#: Seconds between autosaves unless the settings say otherwise.
DEFAULT_AUTOSAVE_SECONDS = 30
RECENT_KEY = "files/recent"
AUTOSAVE_KEY = "files/autosave_seconds"
#: What Save adds to a name typed without it.
BOARD_SUFFIX = ".board.json"


# -- recent files --------------------------------------------------------------------------


def setting_list(key: str) -> list[str]:
    """A list of strings from QSettings (an INI file gives one value as a plain string)."""
    value = QSettings().value(key, [])
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, list | tuple) else []


def recent_files() -> list[str]:
    """Recently opened or saved files, newest first."""
    return setting_list(RECENT_KEY)


def add_recent(path: str) -> None:
    """Put ``path`` at the top of the recent files."""
    path = os.path.abspath(path)
    files = [path] + [p for p in recent_files() if p != path]
    QSettings().setValue(RECENT_KEY, files[:MAX_RECENT])


def remove_recent(path: str) -> None:
    """Forget a file that no longer opens."""
    QSettings().setValue(RECENT_KEY, [p for p in recent_files() if p != path])


def clear_recent() -> None:
    """Forget every recent file."""
    QSettings().setValue(RECENT_KEY, [])


def autosave_seconds() -> int:
    """The autosave interval from the settings (0 turns autosave off)."""
    try:
        return int(str(QSettings().value(AUTOSAVE_KEY, DEFAULT_AUTOSAVE_SECONDS)))
    except (TypeError, ValueError):
        return DEFAULT_AUTOSAVE_SECONDS


# -- open and save -------------------------------------------------------------------------


@dataclass(slots=True)
class OpenResult:
    """A document, or the reason it could not be opened."""

    document: BoardDocument | None
    findings: list[Finding]

    @property
    def message(self) -> str:
        """The validator's report, as the dialog shows it."""
        file = self.findings[0].file if self.findings else ""
        return render_text([FileResult(file, self.findings)])


def internal_error(path: str, exc: Exception, doing: str = "reading") -> Finding:
    """A loader that raised, as a finding naming the file (the traceback goes to the log)."""
    log.error("internal error while %s %s:\n%s", doing, path, traceback.format_exc())
    text = _("internal error while showing the file ({error}); please report it") \
        if doing == "showing" else _("internal error while reading the file ({error}); please "
                                     "report it")
    return Finding(text.format(error=f"{type(exc).__name__}: {exc}"), "$", path, "internal")


def guarded_open(path: str, open_: Callable[[], OpenResult]) -> OpenResult:
    """Run an opener; whatever it raises becomes a finding instead."""
    try:
        return open_()
    except Exception as exc:  # a loader's bug must not stop the editor
        return OpenResult(None, [internal_error(str(path), exc)])


def open_document(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """Load a board file. A file that fails its schema is refused (no document); lint
    findings (an unknown tile, a figure on a missing segment) open with the document."""
    def load() -> OpenResult:
        position, findings = load_position(path, catalogue)
        if position is None:
            return OpenResult(None, findings)
        return document_for(position, os.path.abspath(path), findings, host, catalogue)

    return guarded_open(path, load)


def is_tileset_file(path: str) -> bool:
    """Whether a file is a tile set (for the designer) rather than a board."""
    data, problems = read_json(path)
    return not problems and is_tileset(data)


def open_board(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """A board file, or a JCloisterZone save when the name ends in ``.jcz``."""
    if path.lower().endswith(".jcz"):
        return open_jcz(path, host, catalogue)
    return open_document(path, host, catalogue)


def open_jcz(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """A JCloisterZone save as a new, unsaved document showing the end of its log, imported
    as ``import-jcz`` imports it (:func:`editor.jcz.importer.import_save`)."""
    def load() -> OpenResult:
        save, findings = read_save(path)
        if save is None:
            return OpenResult(None, findings)
        imported = import_save(save, catalogue, host, path)
        if imported.position is None:
            return OpenResult(None, imported.findings)
        # the board's own findings show the log's illegal moves where they are
        findings = [f for f in imported.findings if f not in imported.illegal]
        doc = BoardDocument(imported.position, None, findings, host, catalogue)
        doc.mark_dirty()
        return OpenResult(doc, findings)

    return guarded_open(path, load)


def document_for(position: Position, path: str | None, findings: list[Finding],
                 host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """A loaded position as a document (building one can run plugin code: guarded)."""
    try:
        doc = BoardDocument(position, path, findings, host, catalogue)
    except Exception as exc:  # a loader's or a plugin's bug must not stop the editor
        return OpenResult(None, [*findings, internal_error(path or position.title, exc,
                                                           "showing")])
    if path:
        doc.remember_disk()
    return OpenResult(doc, findings)


def with_board_suffix(path: str) -> str:
    """``path`` as Save writes it: ``.board.json`` added to a name typed without ``.json``
    (``game`` → ``game.board.json``, ``game.board`` → ``game.board.json``)."""
    lower = path.lower()
    if lower.endswith(".json"):
        return path
    if lower.endswith(".board"):
        return path + ".json"
    return path + BOARD_SUFFIX


def save_document(doc: BoardDocument, path: str, *, read_only_ok: bool = False) -> None:
    """Write the document atomically and make it clean; ``OSError`` leaves the old file (a
    read-only one is replaced only with ``read_only_ok``, after the person was asked)."""
    save_position(path, doc.position, read_only_ok=read_only_ok)
    doc.set_path(os.path.abspath(path))
    doc.mark_saved()
    doc.remember_disk()
    add_recent(path)


# -- autosave and recovery -----------------------------------------------------------------


def autosave_dir() -> Path:
    """Where autosaves go (created on demand)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "autosave"


class Autosaver(QObject):
    """Writes one document to its autosave file while it is modified."""

    def __init__(self, doc: BoardDocument, seconds: int | None = None,
                 folder: Path | None = None) -> None:
        super().__init__(doc)
        self.doc = doc
        recovered = doc.autosave_id
        self.id = recovered or uuid.uuid4().hex
        self.folder = folder or autosave_dir()
        self._lock: QLockFile | None = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.save)
        seconds = autosave_seconds() if seconds is None else seconds
        if seconds > 0:
            self.timer.start(seconds * 1000)
        doc.destroyed.connect(self.timer.stop)
        if recovered:
            self._take_lock()  # the autosave is this session's now: nobody else offers it

    def _take_lock(self) -> None:
        if self._lock is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock = QLockFile(str(self.folder / f"{self.id}.lock"))
            self._lock.setStaleLockTime(0)
            self._lock.tryLock(0)

    @property
    def board_path(self) -> Path:
        """The autosaved board."""
        return self.folder / f"{self.id}.board.json"

    @property
    def meta_path(self) -> Path:
        """What the autosave belongs to: the original file, title and time."""
        return self.folder / f"{self.id}.meta.json"

    def save(self) -> bool:
        """Write the document if it is modified; returns whether a file was written."""
        if not self.doc.modified:
            return False
        try:
            self._take_lock()
            save_position(self.board_path, self.doc.position)
            write_json_atomic(self.meta_path, {"path": self.doc.path, "title":
                                               self.doc.position.title, "time": time.time()})
        except OSError:
            return False
        return True

    def discard(self) -> None:
        """Remove the autosave (after a clean save or close)."""
        for path in (self.board_path, self.meta_path):
            with contextlib.suppress(OSError):
                path.unlink()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
        self.doc.autosave_id = None


@dataclass(frozen=True, slots=True)
class Recovery:
    """An autosave left behind by a session that did not close cleanly."""

    id: str
    board: Path
    original: str
    title: str
    time: float

    @property
    def label(self) -> str:
        """How the recovery dialog lists it."""
        name = os.path.basename(self.original) if self.original else (self.title
                                                                       or _("Untitled"))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.time))
        return _("{name} (autosaved {when})").format(name=name, when=when)


def recoverable(folder: Path | None = None) -> list[Recovery]:
    """Autosaves whose session is gone (their lock is free or stale), newest first."""
    folder = folder or autosave_dir()
    found = []
    for meta in folder.glob("*.meta.json"):
        ident = meta.name.removesuffix(".meta.json")
        board = folder / f"{ident}.board.json"
        lock = QLockFile(str(folder / f"{ident}.lock"))
        lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        if not board.exists() or not lock.tryLock(0):
            continue
        lock.unlock()
        try:
            info = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            info = {}
        found.append(Recovery(ident, board, str(info.get("path", "")),
                              str(info.get("title", "")), float(info.get("time", 0.0))))
    return sorted(found, key=lambda r: -r.time)


def recover(entry: Recovery, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """Open an autosave as a modified document belonging to its original file. The
    document's autosaver takes the autosave over (see the module docstring)."""
    def load() -> OpenResult:
        position, findings = load_position(entry.board, catalogue)
        if position is None:
            return OpenResult(None, findings)
        result = document_for(position, entry.original or None, findings, host, catalogue)
        if result.document is not None:
            result.document.autosave_id = entry.id
            result.document.mark_dirty()
        return result

    return guarded_open(str(entry.board), load)


def forget(entry: Recovery) -> None:
    """Delete a declined autosave."""
    for path in (entry.board, entry.board.with_name(f"{entry.id}.meta.json"),
                 entry.board.with_name(f"{entry.id}.lock")):
        with contextlib.suppress(OSError):
            path.unlink()
