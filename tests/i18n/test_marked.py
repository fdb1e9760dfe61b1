"""Every user-visible string of the translated modules goes through gettext (#17.6): an
English literal handed straight to a widget, a status bar, an undo command or a finding
fails here, so a string that stops being marked (or a new one never marked) is caught
before the catalogue check, which only sees marked strings."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Modules whose every shown string is translated: the whole Qt editor, and the core
#: modules finished so far (the validator's JSON and schema messages, the placement
#: geometry, the editor's analysis, the plugin host and guard, puzzle objectives). What
#: is left is listed in the README.
MODULES = sorted({*(ROOT / "editor" / "qt").rglob("*.py")} | {
    ROOT / "editor" / name for name in (
        "formats/jsonio.py", "formats/schemas.py", "rules/geometry.py",
        "rules/analysis.py", "rules/guard.py", "plugins.py", "puzzles/objectives.py",
        "puzzles/puzzle.py", "puzzles/check.py")})
#: Calls whose first argument people read: Qt's text setters and constructors, status
#: messages, undo texts, menus, message boxes, findings.
SHOWN = frozenset({
    "setText", "setToolTip", "setWindowTitle", "setTitle", "setPlaceholderText",
    "setStatusTip", "setFormat", "setPrefix", "setSuffix", "setAccessibleName",
    "showMessage", "beginMacro", "addAction", "addMenu", "addItem", "addItems", "addTab",
    "addRow", "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QMenu",
    "QAction", "QDockWidget", "QMessageBox", "information", "warning", "critical",
    "question", "about", "getOpenFileName", "getSaveFileName", "getMultiLineText",
    "getText", "drawText", "Finding", "RenderError", "PuzzleError", "DocumentError",
    "StudyError", "PlaytestError", "RulesetError", "HookReturnError", "HookTimeout",
    "setHorizontalHeaderLabels", "setHeaderLabels",
})


#: Calls where even one lower-case word is shown (a label, a button).
WIDGETS = frozenset({"QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox",
                     "QMenu", "QAction", "setText", "setTitle", "setWindowTitle"})


def _english(node: ast.expr, one_word: bool = False) -> str | None:
    """The English text of a literal (or f-string) argument, if it reads as words (with
    ``one_word``, a single word of letters is enough)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values
                       if isinstance(v, ast.Constant) and isinstance(v.value, str))
    elif isinstance(node, ast.List | ast.Tuple):
        texts = [_english(item) for item in node.elts]
        return next((t for t in texts if t), None)
    else:
        return None
    words = [w for w in text.replace("&", "").split() if w.isalpha() and len(w) > 1]
    single = len(words) == 1 and text.replace("&", "").strip().isalpha()
    return text if len(words) >= 2 or (single and (one_word or text.strip()[:1].isupper())) \
        else None


def unmarked(path: Path) -> list[str]:
    """``line: text`` of each English literal handed to a shown call in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        is_super_init = (name == "__init__" and isinstance(func, ast.Attribute)
                         and isinstance(func.value, ast.Call))
        if name not in SHOWN and not is_super_init:
            continue
        for arg in node.args[:3]:
            text = _english(arg, name in WIDGETS)
            if text is not None:
                found.append(f"{node.lineno}: {text!r}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_shown_strings_are_marked(path: Path) -> None:
    assert unmarked(path) == []


def test_an_unmarked_string_is_found(tmp_path: Path) -> None:
    """The check sees the mistakes it is for (it would pass vacuously otherwise)."""
    source = tmp_path / "widget.py"
    source.write_text(
        "label.setText('Ready to play')\n"
        "menu.addAction(f'Open {name}', slot)\n"
        "super().__init__(doc, f'Place {tile} here')\n"
        "raise RenderError(f'too large: {n} cells')\n"
        "label.setText(_('Ready to play'))\n"
        "box.setObjectName('SamplePuzzles')\n"
        "label.setText(f'{count} × {n}')\n"
        "row.addWidget(QLabel('seats'))\n", encoding="utf-8")
    assert unmarked(source) == ["1: 'Ready to play'", "2: 'Open '", "3: 'Place  here'",
                                "4: 'too large:  cells'", "8: 'seats'"]
