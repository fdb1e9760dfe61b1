"""``gui`` (the default): open the desktop editor.

Before Qt starts, the X11 platform plugin is checked: when Qt cannot load it, Qt aborts
the process with a message about plugins that tells a person nothing. We load the plugin
ourselves first (the same ``dlopen`` Qt would do), and when it fails, say which system
packages to install and how to work without a display, and exit with
:data:`EXIT_NO_DISPLAY`.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from editor.i18n import N_, _

#: Exit code when the desktop cannot start on this system (no display, missing libraries).
EXIT_NO_DISPLAY = 4

#: The libraries Qt's xcb plugin loads, with the Debian/Ubuntu package of each.
XCB_PACKAGES = {
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}
_MISSING = re.compile(r"(lib[\w.+-]+\.so[\w.]*): cannot open shared object file")

ALTERNATIVES = N_("""Without a display:
  QT_QPA_PLATFORM=offscreen carcassonne-editor ...  runs Qt without a window (scripts, tests)
  carcassonne-editor render BOARD -o board.png      draws a board; validate, score, compare,
                                                    solve and the other commands need no display
""")


def register(subparsers: Any) -> None:
    """Add the ``gui`` subcommand."""
    parser = subparsers.add_parser(
        "gui", help=_("open the desktop editor (the default)"),
        description=_("Open the desktop editor. With no file it reopens the last session's "
        "files, or the sample position on first start. Exit code 4 when the desktop "
        "cannot start here (no display, or system libraries Qt needs are missing)."))
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help=_("board files (.json), tile sets or JCloisterZone saves to open"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Check the platform, then start Qt (only now, so the other commands never need it)."""
    problem = platform_problem()
    if problem is not None:
        print(_("carcassonne-editor: the desktop editor cannot start: {problem}").format(
            problem=problem) + "\n\n" + _(ALTERNATIVES), file=sys.stderr, end="")
        return EXIT_NO_DISPLAY
    from editor.qt.app import main

    return main(args.files, getattr(args, "lang", None))


def platform_problem(env: Mapping[str, str] = os.environ) -> str | None:
    """Why Qt's X11 platform would fail here, or None (other platforms are not checked)."""
    if not sys.platform.startswith("linux") or not _uses_xcb(env):
        return None
    plugin = xcb_plugin()
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    if missing:
        packages = sorted({XCB_PACKAGES.get(lib, lib) for lib in missing})
        return _("Qt's X11 platform plugin needs libraries this system lacks: {libraries}."
                 "\n\nInstall them (Debian, Ubuntu):\n  sudo apt-get install {packages}").format(
                     libraries=", ".join(missing), packages=" ".join(packages))
    display = env.get("DISPLAY", "")
    if not display:
        return _("there is no display (DISPLAY is not set).")
    if not _can_connect(display):
        return _("cannot connect to the X display {display!r}.").format(display=display)
    return None


def _uses_xcb(env: Mapping[str, str]) -> bool:
    """Whether Qt will try only the X11 (xcb) platform."""
    chosen = [p.split(":")[0].strip() for p in env.get("QT_QPA_PLATFORM", "").split(";")]
    chosen = [p for p in chosen if p]
    if chosen:
        return all(p == "xcb" for p in chosen)
    return not env.get("WAYLAND_DISPLAY")


def xcb_plugin() -> Path | None:
    """The xcb platform plugin of the installed PySide6, when it has one."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def _load(path: str) -> None:
    """``dlopen`` a library as Qt would (raises OSError naming what is missing)."""
    ctypes.CDLL(path)


def missing_libraries(plugin: Path) -> list[str]:
    """The system libraries the plugin cannot load: the one ``dlopen`` names, then every
    other known one that is absent too (so that one install fixes them all)."""
    try:
        _load(str(plugin))
    except OSError as exc:
        named = _MISSING.findall(str(exc))
        others = []
        for lib in XCB_PACKAGES:
            if lib in named:
                continue
            try:
                _load(lib)
            except OSError:
                others.append(lib)
        return named + others or [str(exc)]
    return []


def _can_connect(display: str) -> bool:
    """Whether an X server answers on ``display`` (True when libxcb cannot be asked)."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        return connection is not None and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection is not None:
            xcb.xcb_disconnect(connection)
