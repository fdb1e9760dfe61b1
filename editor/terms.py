"""The game's words as the program shows them: names of segment kinds, figure kinds and goods in
the current language (the glossaries in ``editor/locale/*/glossary.tsv`` fix them).

A name goes into a message only as a label (``on this segment (field)``), never into
running text, where it would have to agree in gender, case or article: a message that
speaks of one kind in a sentence is written once per kind.
"""

from __future__ import annotations

from editor.i18n import pgettext


def feature_name(kind: str) -> str:
    """``city`` → « ville » in French; an unknown kind (a plugin's) as it is."""
    names = {
        "city": pgettext("feature", "city"),
        "road": pgettext("feature", "road"),
        "field": pgettext("feature", "field"),
        "monastery": pgettext("feature", "monastery"),
        "garden": pgettext("feature", "garden"),
        "river": pgettext("feature", "river"),
        "goods": pgettext("feature", "goods"),
    }
    return names.get(kind, kind)


def figure_name(kind: str) -> str:
    """``follower`` → « meeple » in French; an unknown kind (a plugin's) as it is."""
    names = {
        "follower": pgettext("figure", "follower"),
        "abbot": pgettext("figure", "abbot"),
        "builder": pgettext("figure", "builder"),
        "pig": pgettext("figure", "pig"),
    }
    return names.get(kind, kind)


def goods_name(kind: str) -> str:
    """``wine`` → « vin » in French; an unknown kind (a plugin's) as it is."""
    names = {
        "wine": pgettext("goods", "wine"),
        "wheat": pgettext("goods", "wheat"),
        "cloth": pgettext("goods", "cloth"),
        "chicken": pgettext("goods", "chicken"),
    }
    return names.get(kind, kind)
