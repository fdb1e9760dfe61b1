"""The game's words as the program shows them: names of segment kinds, figure kinds and
goods in the current language (the glossaries in ``editor/locale/*/glossary.tsv`` fix them).

A name goes into a message only as a label (``on this segment (field)``), never into
running text, where it would have to agree in gender, case or article: a message that
speaks of one kind in a sentence is written once per kind.
"""

from __future__ import annotations

from editor.i18n import NP_, pgettext

#: The kinds we name, by the context their name is translated in.
KNOWN = {
    "feature": frozenset({NP_("feature", "city"), NP_("feature", "road"),
                          NP_("feature", "field"), NP_("feature", "monastery"),
                          NP_("feature", "garden"), NP_("feature", "river"),
                          NP_("feature", "goods")}),
    "figure": frozenset({NP_("figure", "follower"), NP_("figure", "abbot"),
                         NP_("figure", "builder"), NP_("figure", "pig")}),
    "goods": frozenset({NP_("goods", "wine"), NP_("goods", "wheat"), NP_("goods", "cloth"),
                        NP_("goods", "chicken")}),
}


def name(context: str, kind: str) -> str:
    """``kind``'s name in the current language; an unknown kind (a plugin's) as it is."""
    return pgettext(context, kind) if kind in KNOWN[context] else kind


def feature_name(kind: str) -> str:
    """``city`` → « ville » in French."""
    return name("feature", kind)


def figure_name(kind: str) -> str:
    """``follower`` → « meeple » in French."""
    return name("figure", kind)


def goods_name(kind: str) -> str:
    """``wine`` → « vin » in French."""
    return name("goods", kind)
