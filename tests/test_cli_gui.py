"""``gui`` checks Qt's X11 platform before starting Qt: missing libraries and a missing
display are explained (packages to install, the offscreen and command-line ways) with exit
code 4, never Qt's abort."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from editor.cli import gui, main

MISSING = "libxcb-cursor.so.0: cannot open shared object file: No such file or directory"


@pytest.fixture
def x11(monkeypatch) -> None:
    """An X11 session as Qt would see it (the test run itself is offscreen)."""
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")


def test_missing_xcb_libraries_name_the_packages(x11, monkeypatch, capsys) -> None:
    if gui.xcb_plugin() is None:
        pytest.skip("this PySide6 has no xcb plugin")
    absent = {"libxcb-cursor.so.0", "libxkbcommon-x11.so.0"}

    def load(path: str) -> None:
        if path.endswith("libqxcb.so"):
            raise OSError(MISSING)
        if path in absent:
            raise OSError(f"{path}: cannot open shared object file")

    monkeypatch.setattr(gui, "_load", load)
    started = []
    monkeypatch.setattr("editor.qt.app.main", lambda files, lang=None: started.append(files) or 0)
    assert main(["gui"]) == gui.EXIT_NO_DISPLAY == 4
    err = capsys.readouterr().err
    assert "libxcb-cursor.so.0, libxkbcommon-x11.so.0" in err
    assert "sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0" in err
    assert "QT_QPA_PLATFORM=offscreen" in err and "render BOARD" in err
    assert not started


def test_no_display_is_explained_without_starting_qt(tmp_path) -> None:
    """A real process: whichever this machine lacks, the X11 libraries or the display, is
    said with code 4 and Qt never aborts."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "xcb"
    done = subprocess.run([sys.executable, "-m", "editor", "gui"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 4, done.stderr
    plugin = gui.xcb_plugin()
    lacks = plugin is not None and gui.missing_libraries(plugin)
    assert ("needs libraries this system lacks" if lacks else
            "there is no display (DISPLAY is not set)") in done.stderr
    assert "qt.qpa" not in done.stderr and "Traceback" not in done.stderr


def test_no_display_is_said_when_the_libraries_are_there(monkeypatch) -> None:
    monkeypatch.setattr(gui, "missing_libraries", lambda plugin: [])
    monkeypatch.setattr(gui, "xcb_plugin", lambda: __file__)
    assert gui.platform_problem({"QT_QPA_PLATFORM": "xcb"}) == \
        "there is no display (DISPLAY is not set)."


def test_a_display_nobody_answers_is_explained(monkeypatch) -> None:
    monkeypatch.setattr(gui, "missing_libraries", lambda plugin: [])
    monkeypatch.setattr(gui, "xcb_plugin", lambda: __file__)
    problem = gui.platform_problem({"DISPLAY": ":987"})
    assert problem == "cannot connect to the X display ':987'."


@pytest.mark.parametrize("env", [{"QT_QPA_PLATFORM": "offscreen"},
                                 {"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ""},
                                 {"WAYLAND_DISPLAY": "wayland-0"}])
def test_other_platforms_are_left_to_qt(env, monkeypatch) -> None:
    monkeypatch.setattr(gui, "_load", lambda path: (_ for _ in ()).throw(OSError(MISSING)))
    assert gui.platform_problem(env) is None
