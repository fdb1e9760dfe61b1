"""Replacing a file atomically: the old content or the new one, never a mix, never lost.

Every file the program writes (boards, tile sets, autosaves, PNG and SVG exports) goes
through :func:`write_atomic`: the new content is written to a temporary file beside the
target, flushed to disk, then renamed over it.

- A **symbolic link** is written through: the file it points to is replaced and the link
  stays a link.
- A **read-only** file (no write permission for its owner, or none for us) is not replaced:
  :class:`ReadOnlyFileError` says so, and the caller may ask the person and call again with
  ``read_only_ok=True``, which keeps the file's mode.
- A save killed in its write window leaves a temporary file named
  ``.NAME.PID.RANDOM.tmp``; the next save of ``NAME`` in that folder removes those whose
  process is gone (or that are older than :data:`STALE_SECONDS`).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path

from editor.i18n import _

#: A temporary file older than this is stale even if a process with its number runs.
STALE_SECONDS = 3600.0


class ReadOnlyFileError(PermissionError):
    """The file to be replaced is read-only; nothing was written.

    ``path`` is the file as given, ``target`` the file that would be replaced (the end of a
    symbolic link). Call again with ``read_only_ok=True`` to replace it anyway (after asking
    the person); its mode is kept.
    """

    def __init__(self, path: str, target: str) -> None:
        shown = path if path == target else f"{path} (→ {target})"
        super().__init__(_("{file} is read-only: not overwritten (make it writable, or write "
                           "to another file)").format(file=shown))
        self.path = path
        self.target = target


def _new_file_mode() -> int:
    """0o666 less the process umask (read once, at import, before any thread runs)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


_NEW_FILE_MODE = _new_file_mode()


def resolved(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: symbolic links followed, made absolute."""
    return Path(os.path.realpath(os.fspath(path)))


def is_read_only(target: Path) -> bool:
    """Whether an existing file must not be replaced without asking: its owner may not
    write it (``chmod a-w``; checked by mode, as ``root`` may write anything), or we may
    not."""
    try:
        info = target.stat()
    except FileNotFoundError:
        return False
    if hasattr(os, "getuid") and info.st_uid == os.getuid():
        return not info.st_mode & stat.S_IWUSR
    return not os.access(target, os.W_OK)


def write_atomic(path: str | os.PathLike[str], write: Callable[[str], None], *,
                 read_only_ok: bool = False) -> None:
    """Replace the file at ``path`` (through symbolic links) with what ``write(temp)``
    writes to a temporary file beside it.

    The temporary file is flushed to disk before the rename; on any failure the old file
    stays as it was and the temporary file is removed. Raises :class:`ReadOnlyFileError`
    (a ``PermissionError``) for a read-only target unless ``read_only_ok``, and any
    ``OSError`` of writing; ``write`` may raise too.
    """
    target = resolved(path)
    if not read_only_ok and is_read_only(target):
        raise ReadOnlyFileError(os.fspath(path), str(target))
    try:
        mode = target.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    remove_stale_temporaries(target)
    import tempfile  # not at import: reading files (every start) does not need it

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}.",
                               suffix=".tmp")
    try:
        os.close(fd)
        write(tmp)
        with open(tmp, "rb+") as done:
            os.fsync(done.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(target.parent)


def write_text_atomic(path: str | os.PathLike[str], text: str, *,
                      read_only_ok: bool = False) -> None:
    """:func:`write_atomic` for UTF-8 text with ``\\n`` line ends."""

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)

    write_atomic(path, write, read_only_ok=read_only_ok)


def _temporary_pattern(name: str) -> re.Pattern[str]:
    """Our temporary files for ``name``: ``.NAME.PID.RANDOM.tmp`` (``.NAME.RANDOM.tmp``
    from versions before 0.2, which did not say their process)."""
    return re.compile(rf"^\.{re.escape(name)}\.(?:(\d+)\.)?[a-z0-9_]{{8}}\.tmp$")


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Delete the temporary files earlier saves of ``target`` left behind (their process is
    gone, or they are older than :data:`STALE_SECONDS`); returns those removed."""
    pattern = _temporary_pattern(target.name)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = pattern.match(entry.name)
        if m is None:
            continue
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            if old or (m.group(1) is not None and not _alive(int(m.group(1)))):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    """Whether a process with this number runs (ours is, while it saves)."""
    if pid == os.getpid() or os.name != "posix":
        return True  # on other systems, signal 0 is no probe: rely on the age
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or we cannot tell: leave its file alone
    return True


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
