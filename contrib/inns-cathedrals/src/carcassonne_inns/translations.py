"""This plugin's text domain, ``carcassonne-inns-cathedrals`` (catalogues in ``locale/``
beside this file), made as the editor's README tells a third-party plugin to."""

from __future__ import annotations

from pathlib import Path

from .host import Domain

DOMAIN = Domain("carcassonne-inns-cathedrals", Path(__file__).parent / "locale")

_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext


def N_(message: str) -> str:
    """Mark ``message`` for this catalogue without translating it now (the host shows it
    translated, looking it up in every domain)."""
    return message
