"""Opening, saving, recent files, autosave and crash recovery.

Saves are atomic (:func:`editor.formats.boards.save_position` writes through a temporary
file). While a document is open an :class:`Autosaver` writes it, when modified, every few
seconds to its own file under ``QStandardPaths.AppDataLocation/autosave`` and holds a lock
file beside it. A clean save or a close removes both; after a crash the files stay, their
locks go stale, and :func:`recoverable` lists them at the next start.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QSettings, QStandardPaths, QTimer

from editor.formats.boards import load_position, save_position
from editor.formats.findings_report import FileResult, render_text
from editor.formats.jsonio import write_json_atomic
from editor.model.findings import Finding
from editor.model.tilesets import Catalogue
from editor.plugins import PluginHost

from .document import BoardDocument

MAX_RECENT = 10
#: Seconds between autosaves unless the settings say otherwise.
DEFAULT_AUTOSAVE_SECONDS = 30
RECENT_KEY = "files/recent"
AUTOSAVE_KEY = "files/autosave_seconds"


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


def open_document(path: str, host: PluginHost, catalogue: Catalogue) -> OpenResult:
    """Load a board file. A file that fails its schema is refused (no document); lint
    findings (an unknown tile, a figure on a missing segment) open with the document."""
    position, findings = load_position(path, catalogue)
    if position is None:
        return OpenResult(None, findings)
    doc = BoardDocument(position, os.path.abspath(path), findings, host, catalogue)
    return OpenResult(doc, findings)


def save_document(doc: BoardDocument, path: str) -> None:
    """Write the document atomically and make it clean; ``OSError`` leaves the old file."""
    save_position(path, doc.position)
    doc.set_path(os.path.abspath(path))
    doc.mark_saved()
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
        self.id = uuid.uuid4().hex
        self.folder = folder or autosave_dir()
        self._lock: QLockFile | None = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.save)
        seconds = autosave_seconds() if seconds is None else seconds
        if seconds > 0:
            self.timer.start(seconds * 1000)
        doc.destroyed.connect(self.timer.stop)

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
            self.folder.mkdir(parents=True, exist_ok=True)
            if self._lock is None:
                self._lock = QLockFile(str(self.folder / f"{self.id}.lock"))
                self._lock.setStaleLockTime(0)
                self._lock.tryLock(0)
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
        name = os.path.basename(self.original) if self.original else (self.title or "Untitled")
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.time))
        return f"{name} (autosaved {when})"


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
    """Open an autosave as a modified document belonging to its original file."""
    position, findings = load_position(entry.board, catalogue)
    if position is None:
        return OpenResult(None, findings)
    doc = BoardDocument(position, entry.original or None, findings, host, catalogue)
    doc.mark_dirty()
    return OpenResult(doc, findings)


def forget(entry: Recovery) -> None:
    """Delete a recovered or declined autosave."""
    for path in (entry.board, entry.board.with_name(f"{entry.id}.meta.json"),
                 entry.board.with_name(f"{entry.id}.lock")):
        with contextlib.suppress(OSError):
            path.unlink()
