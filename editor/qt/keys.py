"""Key sequences for actions: every binding of a standard key, plus the ones we add; and
the actions of a window built with them."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget

#: What an action's keys may be given as: a key string ("Ctrl+Shift+S"), a sequence, a
#: standard key (every binding the platform has for it), or a list of those.
Key = str | QKeySequence | QKeySequence.StandardKey
Keys = Key | Iterable[Key] | None


def key_sequences(keys: Keys) -> list[QKeySequence]:
    """The sequences for ``keys`` in order, each once. A standard key brings all its
    bindings: ``QKeySequence(StandardKey.Close)`` keeps only the first (Ctrl+F4 on some
    platforms, so Ctrl+W would do nothing)."""
    if keys is None:
        return []
    items = [keys] if isinstance(keys, str | QKeySequence | QKeySequence.StandardKey) \
        else list(keys)
    found: list[QKeySequence] = []
    for item in items:
        if isinstance(item, QKeySequence.StandardKey):
            sequences = QKeySequence.keyBindings(item)
        else:
            sequences = [QKeySequence(item)]
        found += [s for s in sequences if not s.isEmpty() and s not in found]
    return found


def window_action(window: QWidget, text: str, keys: Keys = None, tip: str = "",
                  icon: QStyle.StandardPixmap | None = None) -> QAction:
    """An action of ``window`` with ``keys``, ``tip`` as its status and tool tip, and one of
    the style's standard icons."""
    action = QAction(text, window)
    action.setShortcuts(key_sequences(keys))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if icon is not None:
        action.setIcon(window.style().standardIcon(icon))
    return action
