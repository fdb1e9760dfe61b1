"""The rules reference shipped with the program (``docs/rules.md``) and where each rule is in
it: for the editor's "open the rule" and for tools.

Every rule's section starts with an anchor named by its id (``<a id="base.city.small-city">``),
so ``url("base.city.small-city")`` opens the file at the rule in a browser, and
``section("base.city.small-city")`` gives the section's Markdown text, to show in a window
(``QTextBrowser.setMarkdown``) without a browser. A plugin's rules are in its own
document, named ``package/file`` (``carcassonne_inns/rules.md``) and found inside that
package; ``section`` and ``url`` read it the same way.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from editor.model.rulebook import REFERENCE, lookup
from editor.resources import data_dir

_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def reference_path() -> Path:
    """``docs/rules.md``: in the package when installed from a wheel, else the checkout's."""
    return data_dir("docs") / Path(REFERENCE).name


def document_path(doc: str = REFERENCE) -> Path | None:
    """The file of a rules document: ``docs/rules.md``, or a plugin's ``package/file``
    (``carcassonne_inns/rules.md``: ``rules.md`` inside the importable package
    ``carcassonne_inns``, the form :func:`editor.model.rulebook.define` asks plugins to
    use); None when there is no such file."""
    if doc == REFERENCE:
        return reference_path()
    package, _, name = doc.partition("/")
    try:
        found = resources.files(package).joinpath(name)
    except (ImportError, ValueError, TypeError):
        return None
    return Path(str(found)) if name and found.is_file() else None


@lru_cache(maxsize=8)
def _text(doc: str = REFERENCE) -> str:
    path = document_path(doc)
    try:
        return path.read_text(encoding="utf-8") if path is not None else ""
    except OSError:
        return ""


def _doc_of(rule_id: str) -> str:
    ref = lookup(rule_id)
    return ref.doc if ref is not None else REFERENCE


def anchors() -> list[str]:
    """Every anchor of the reference, in order."""
    return _ANCHOR.findall(_text())


def anchor(rule_id: str) -> str | None:
    """The anchor of a rule's section (its id), or None when the reference has none."""
    return rule_id if rule_id in anchors() else None


def url(rule_id: str) -> str | None:
    """``file:///…/rules.md#base.city.small-city`` for a rule of the reference or of a
    plugin's document (None for a rule whose document or section is missing)."""
    doc = _doc_of(rule_id)
    path = document_path(doc)
    if path is None or f'<a id="{rule_id}"></a>' not in _text(doc):
        return None
    return f"{path.resolve().as_uri()}#{rule_id}"


def section(rule_id: str) -> str | None:
    """The Markdown of a rule's section in its document: from its anchor to the next."""
    text = _text(_doc_of(rule_id))
    start = text.find(f'<a id="{rule_id}"></a>')
    if start < 0:
        return None
    start = text.index("\n", start) + 1
    following = _ANCHOR.search(text, start)
    end = following.start() if following else len(text)
    return text[start:end].strip()
