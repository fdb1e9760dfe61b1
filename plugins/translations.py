"""The built-in plugins' text domain, ``carcassonne-editor-plugins`` (catalogues in
``plugins/locale/``): a plugin distribution translates its own messages, as a third-party
plugin does with a :class:`editor.i18n.Domain` of its own."""

from __future__ import annotations

from pathlib import Path

from editor.api import Domain

DOMAIN = Domain("carcassonne-editor-plugins", Path(__file__).parent / "locale")

_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext
