"""Translations: one gettext mechanism for everything the program writes.

The editor, its command line, the findings and the score explanations all translate
through the functions here (the Qt windows too: no ``tr()``). Messages are whole sentences
with named placeholders (``_("{name} has no farmer on this field").format(name=...)``),
plural forms come from the catalogue (:func:`ngettext`), and a word that changes with its
place in a sentence is told apart by a context (:func:`pgettext`).

Each distribution has its own *text domain*: ``carcassonne-editor`` for ``editor/``
(catalogues in ``editor/locale/<lang>/LC_MESSAGES/``), ``carcassonne-editor-plugins`` for
the built-in plugins, and one per third-party plugin. A plugin makes its own
:class:`Domain` and calls its methods; rule statements (``rulebook.define``) are looked up
in every domain made so far, the plugin's own first.

The language is chosen once per process by :func:`set_language` (the command line's
``--lang``, the editor's *Preferences → Language*, else the system locale: see
:func:`resolve`); English is the source language and needs no catalogue.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

#: The languages the program ships catalogues for, each named in its own language.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "ro": "Română",
    "vi": "Tiếng Việt",
}
#: The source language: messages are written in it, it needs no catalogue.
SOURCE = "en"
#: Environment variables that name the user's language, in the order gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current = SOURCE
_domains: list[Domain] = []


class Domain:
    """A text domain: the catalogues of one distribution, ``<localedir>/<lang>/LC_MESSAGES/
    <name>.mo``, read when first needed. Its methods translate into the current language."""

    def __init__(self, name: str, localedir: Path | str) -> None:
        self.name = name
        self.localedir = Path(localedir)
        self._loaded: dict[str, gettext.NullTranslations] = {}
        _domains.insert(0, self)

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        """The catalogue of ``language`` (default: the current one); an empty one for
        English or a language this domain has no catalogue for."""
        code = language or _current
        found = self._loaded.get(code)
        if found is None:
            found = gettext.translation(self.name, self.localedir, [code], fallback=True)
            self._loaded[code] = found
        return found

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The plural form for ``n`` in the current language (the catalogue's rule)."""
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the current language, in the sense ``context`` names."""
        return self.translations().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` in the sense ``context`` names."""
        return self.translations().npgettext(context, singular, plural, n)


#: The editor's own domain (``editor/``: core, command line, desktop editor).
EDITOR = Domain("carcassonne-editor", Path(__file__).parent / "locale")

_ = EDITOR.gettext
ngettext = EDITOR.ngettext
pgettext = EDITOR.pgettext
npgettext = EDITOR.npgettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (module constants
    made at import time, translated where they are shown with :func:`translate`)."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` for a message in the sense ``context`` names (shown with
    :func:`pgettext`)."""
    return message


def translate(message: str) -> str:
    """``message`` translated by the first domain that knows it (plugins' first, then the
    editor's), or unchanged: for texts marked with :func:`N_` whose domain the caller
    does not know, such as rule statements."""
    if _current == SOURCE:
        return message
    for domain in _domains:
        text = domain.gettext(message)
        if text != message:
            return text
    return message


def language() -> str:
    """The current language code (``en``, ``fr``, …)."""
    return _current


def set_language(code: str) -> str:
    """Translate into ``code`` from now on (any code: one without a catalogue shows
    English); returns the previous language."""
    global _current
    previous, _current = _current, normalise(code) or SOURCE
    return previous


@contextmanager
def using(code: str) -> Iterator[None]:
    """Translate into ``code`` inside the block (``--format json`` writes English)."""
    previous = set_language(code)
    try:
        yield
    finally:
        set_language(previous)


def normalise(code: str) -> str:
    """``fr_FR.UTF-8`` → ``fr``; ``C``, ``POSIX`` and an empty code → ``""``."""
    code = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if code in ("", "C", "POSIX"):
        return ""
    return code.split("_")[0].lower()


def system_language(env: Mapping[str, str] = os.environ) -> str:
    """The user's language from the environment (``LANGUAGE`` may list several: the first
    one we have a catalogue for wins), else the locale the system reports, else English."""
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        codes = [normalise(v) for v in value.split(":")]
        codes = [c for c in codes if c]
        for code in codes:
            if code in LANGUAGES:
                return code
        if codes:
            return codes[0]
    if env is os.environ:
        found = locale.getlocale()[0]
        if found:
            return normalise(found) or SOURCE
    return SOURCE


def resolve(requested: str | None = None, saved: str | None = None,
            env: Mapping[str, str] = os.environ) -> str:
    """The language to use: ``requested`` (``--lang``), else ``saved`` (the editor's
    preference), else the system's; ``""`` and ``"system"`` mean "not chosen"."""
    for choice in (requested, saved):
        if choice and choice != "system":
            return normalise(choice) or SOURCE
    return system_language(env)
