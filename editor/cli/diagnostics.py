"""What the command line says about itself: ``--verbose`` logging on stderr, the log file of
internal errors, and a quiet end when standard output is closed early."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from editor import __version__, logs

if TYPE_CHECKING:
    import logging

APP = "carcassonne-editor"
LOG_NAME = f"{APP}.log"
#: Past this size the log file is renamed ``….log.1`` (replacing the older one).
LOG_LIMIT = 1_000_000

log = logs.get("editor")
_verbose = False
_handler: logging.Handler | None = None


def configure(verbose: bool) -> None:
    """Warnings on stderr; with ``verbose``, every debug message too (``logging`` is
    imported at once only then: see :mod:`editor.logs`)."""
    global _verbose
    _verbose = verbose
    logs.set_up(lambda: _install(verbose), now=verbose)


def _install(verbose: bool) -> None:
    global _handler
    import logging

    from .stderr_log import StderrHandler

    logger = logging.getLogger("editor")
    if _handler is None:
        _handler = StderrHandler(APP)
    logger.removeHandler(_handler)
    logger.addHandler(_handler)
    logger.propagate = False
    logger.setLevel(logging.DEBUG if verbose else logging.WARNING)


def verbose() -> bool:
    """Whether ``--verbose`` was given."""
    return _verbose


def log_path() -> Path:
    """The file internal errors are written to: ``$CARCASSONNE_EDITOR_LOG`` when set, else
    ``carcassonne-editor.log`` in the user's log folder (``~/.local/state/carcassonne-editor/
    log`` on Linux, ``%LOCALAPPDATA%\\carcassonne-editor\\Logs`` on Windows, ``~/Library/Logs/
    carcassonne-editor`` on macOS)."""
    chosen = os.environ.get("CARCASSONNE_EDITOR_LOG")
    if chosen:
        return Path(chosen)
    from platformdirs import user_log_path

    return user_log_path(APP, appauthor=False) / LOG_NAME


def internal_error(exc: BaseException, argv: Sequence[str]) -> None:
    """Report a bug: the traceback to the log file (and to stderr with ``--verbose``), one
    line naming the file on stderr."""
    import traceback

    details = "".join(traceback.format_exception(exc))
    if verbose():
        print(details, end="", file=sys.stderr)
    written = _append_report(details, argv)
    try:
        lines = str(exc).strip().splitlines()
    except Exception:  # an exception that cannot even say what it is
        lines = []
    summary = lines[0][:200] if lines else ""
    what = f"{type(exc).__name__}: {summary}" if summary else type(exc).__name__
    from editor.i18n import _

    if isinstance(written, Path):
        text = _("{app}: internal error ({what}): this is a bug; the details are in {log}; the "
                 "traceback is above") if verbose() else _(
            "{app}: internal error ({what}): this is a bug; the details are in {log}; "
            "--verbose shows the traceback")
    else:
        text = _("{app}: internal error ({what}): this is a bug; no log could be written "
                 "({log}); the traceback is above") if verbose() else _(
            "{app}: internal error ({what}): this is a bug; no log could be written ({log}); "
            "--verbose shows the traceback")
    print(text.format(app=APP, what=what, log=written), file=sys.stderr)


def _append_report(details: str, argv: Sequence[str]) -> Path | str:
    """Append one report to the log file; its path, or why it could not be written."""
    import platform
    from datetime import datetime

    stamp = datetime.now().astimezone().isoformat(timespec="seconds")
    report = (f"{stamp} internal error in {APP} {__version__} (Python "
              f"{platform.python_version()}, {platform.platform()})\n"
              f"command line: {' '.join([APP, *argv])}\n{details}\n")
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file() and path.stat().st_size > LOG_LIMIT:
            path.replace(path.with_name(path.name + ".1"))
        with path.open("a", encoding="utf-8") as out:
            out.write(report)
    except OSError as exc:
        return exc.strerror or str(exc)
    return path


@contextmanager
def unhandled(argv: Sequence[str]) -> Iterator[list[BaseException]]:
    """While a command runs, an exception that reaches ``sys.excepthook`` without ending
    the command (Qt reports one raised in a slot of the editor that way and goes on) is
    reported as an internal error; the list collects them."""
    seen: list[BaseException] = []
    previous = sys.excepthook

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        seen.append(exc)
        internal_error(exc, argv)

    sys.excepthook = hook
    try:
        yield seen
    finally:
        sys.excepthook = previous


def silence_stdout() -> None:
    """Standard output was closed by its reader: point it at the null device, so that the
    interpreter's final flush does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (a test's capture)
        pass
