"""Every user-visible string of the translated modules goes through gettext (#17.6): an
English literal handed straight to a widget, a status bar, an undo command or a finding
fails here, so a string that stops being marked (or a new one never marked) is caught
before the catalogue check, which only sees marked strings."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Modules whose every shown string is translated: the whole Qt editor, the command line,
#: the JCloisterZone import and export, the file formats (validator, lint, notes), the
#: study's reports and plots, and the core modules finished so far (the placement
#: geometry, the editor's analysis, the plugin host and guard, puzzle objectives and
#: progress). What is left is listed in the README.
PACKAGES = ("qt", "cli", "jcz", "formats", "study")
MODULES = sorted({p for package in PACKAGES for p in (ROOT / "editor" / package).rglob("*.py")}
                 | {ROOT / "editor" / name for name in (
                     "rules/geometry.py", "rules/analysis.py", "rules/guard.py", "plugins.py",
                     "puzzles/objectives.py", "puzzles/puzzle.py", "puzzles/check.py",
                     "puzzles/progress.py", "workspace.py", "rules/notation.py",
                     "rules/editions.py", "rules/movelog.py", "rules/ruleset.py",
                     "puzzles/solver.py")})
#: English kept on purpose, by module and text: data the study records in its table (a
#: game's failure: written in English whatever the language, so that a table resumed in
#: another language stays one language), a bug in a shipped file (read by developers),
#: the study table reader's internal errors (wrapped in a translated message).
KEPT = {
    "editor/study/games.py": {" returned , not a move", " played  as player : it drew  as player ",
                              " changed the board while choosing its move",
                              " chose an illegal move, : "},
    "editor/study/table.py": {"no column ", "more fields than columns"},
    "editor/formats/tilesets.py": {"built-in tile set  is broken:\n"},
}
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
#: In the command line and the core packages (not the Qt editor, whose ValueErrors guard
#: its own calls): errors people read, findings, printed lines, progress words, plots.
CORE_SHOWN = SHOWN | frozenset({
    "JczError", "ReplayError", "NotationError", "MoveLogError", "PlayerError", "GameError",
    "CommandError", "ValueError",
    "ArgumentTypeError", "PlotsUnavailable", "TilesetError", "SchemaLoadError", "print",
    "add", "warn", "error", "tile_note", "advance", "work_bar", "track", "set_xlabel",
    "set_ylabel", "set_title", "suptitle",
})
#: Keyword arguments people read (argparse's help texts, a plot's legend).
SHOWN_KEYWORDS = frozenset({"help", "description", "epilog", "usage", "label"})


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


#: The modules :data:`CORE_SHOWN` applies to.
CORE = ("editor/cli/", "editor/jcz/", "editor/formats/", "editor/study/",
        "editor/puzzles/progress.py", "editor/workspace.py", "editor/rules/notation.py",
        "editor/rules/editions.py", "editor/rules/movelog.py")
#: Objects whose methods log (English, for developers), not shown.
LOGGERS = frozenset({"log", "logger", "logging"})


def _logs(func: ast.expr) -> bool:
    """Whether ``func`` is a logger's method (``log.error``, ``diagnostics.log.debug``)."""
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value
    name = owner.id if isinstance(owner, ast.Name) else (
        owner.attr if isinstance(owner, ast.Attribute) else "")
    return name in LOGGERS


def unmarked(path: Path, core: bool | None = None) -> list[str]:
    """``line: text`` of each English literal handed to a shown call in ``path`` (as a
    positional argument, a shown keyword, or an entry of a message list: ``(where,
    text)`` appended to a list of findings)."""
    found = []
    relative = path.resolve().relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) \
        else path.name
    shown = CORE_SHOWN if (relative.startswith(CORE) if core is None else core) else SHOWN
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or _logs(node.func):
            continue
        for keyword in node.keywords:
            if keyword.arg in SHOWN_KEYWORDS:
                text = _english(keyword.value)
                if text is not None:
                    found.append(f"{node.lineno}: {text!r}")
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "append" and node.args
                and isinstance(node.args[0], ast.Tuple) and len(node.args[0].elts) == 2):
            text = _english(node.args[0].elts[1])
            if text is not None:
                found.append(f"{node.lineno}: {text!r}")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        is_super_init = (name == "__init__" and isinstance(func, ast.Attribute)
                         and isinstance(func.value, ast.Call))
        if name not in shown and not is_super_init:
            continue
        for arg in node.args[:3]:
            text = _english(arg, name in WIDGETS)
            if text is not None:
                found.append(f"{node.lineno}: {text!r}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_shown_strings_are_marked(path: Path) -> None:
    kept = {repr(text) for text in KEPT.get(path.relative_to(ROOT).as_posix(), ())}
    assert [f for f in unmarked(path) if f.split(": ", 1)[1] not in kept] == []


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


def test_an_unmarked_core_message_is_found(tmp_path: Path) -> None:
    """The command line's and the core's forms: a help text, a set-up note appended as
    ``(where, text)``, an error raised, a line printed, a plot's label; logging is not
    shown."""
    source = tmp_path / "command.py"
    source.write_text(
        "parser.add_argument('--x', help='the board to read')\n"
        "out.notes.append((where, f'element {name!r} is off: ignored'))\n"
        "raise JczError(f'{file} is not XML: {exc}')\n"
        "print(f'wrote {path}: {n} tiles')\n"
        "ax.set_title('Points by feature')\n"
        "log.debug('study in %s on %s', a, b)\n"
        "out.notes.append((where, _('element {name!r} is off: ignored').format(name=n)))\n"
        "parser.add_argument('--x', help=_('the board to read'))\n", encoding="utf-8")
    assert unmarked(source, core=True) == [
        "1: 'the board to read'", "2: 'element  is off: ignored'", "3: ' is not XML: '",
        "4: 'wrote :  tiles'", "5: 'Points by feature'"]


def test_what_is_kept_english_is_still_there() -> None:
    """Every entry of :data:`KEPT` is found where it says (none is left once fixed)."""
    for name, texts in KEPT.items():
        found = {f.split(": ", 1)[1] for f in unmarked(ROOT / name)}
        assert {repr(text) for text in texts} <= found, name
