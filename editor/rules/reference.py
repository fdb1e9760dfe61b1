"""The rules reference shipped with the program (``docs/rules.md``) and where each rule is in
it: for the editor's "open the rule" and for tools.

Every rule's section starts with an anchor named by its id (``<a id="base.city.small-city">``),
so ``url("base.city.small-city")`` opens the file at the rule in a browser, and
``section("base.city.small-city")`` gives the section's Markdown text, to show in a window
(``QTextBrowser.setMarkdown``) without a browser.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from editor.model.rulebook import REFERENCE, lookup
from editor.resources import data_dir

_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def reference_path() -> Path:
    """``docs/rules.md``: in the package when installed from a wheel, else the checkout's."""
    return data_dir("docs") / Path(REFERENCE).name


@lru_cache(maxsize=1)
def _text() -> str:
    try:
        return reference_path().read_text(encoding="utf-8")
    except OSError:
        return ""


def anchors() -> list[str]:
    """Every anchor of the reference, in order."""
    return _ANCHOR.findall(_text())


def anchor(rule_id: str) -> str | None:
    """The anchor of a rule's section (its id), or None when the reference has none."""
    return rule_id if rule_id in anchors() else None


def url(rule_id: str) -> str | None:
    """``file:///…/rules.md#base.city.small-city`` for a rule of the reference (None for a
    rule that another document explains, or that has no section)."""
    ref = lookup(rule_id)
    if (ref is not None and ref.doc != REFERENCE) or anchor(rule_id) is None:
        return None
    return f"{reference_path().resolve().as_uri()}#{rule_id}"


def section(rule_id: str) -> str | None:
    """The Markdown of a rule's section: from its anchor to the next anchor."""
    text = _text()
    start = text.find(f'<a id="{rule_id}"></a>')
    if start < 0:
        return None
    start = text.index("\n", start) + 1
    following = _ANCHOR.search(text, start)
    end = following.start() if following else len(text)
    return text[start:end].strip()
