"""Inns & Cathedrals for carcassonne-editor: editions C1 (2002), C2 (2015) and C3 (2021).

A third-party plugin written only on the editor's public API (:mod:`.host` is the one
module that imports it). The entry point ``inns-cathedrals`` in the group
``carcassonne_editor`` names this module; the editor then calls its two registration
hooks: :func:`carcassonne_editions` (the three editions, each with its tile set, the large
follower and an :class:`~.rules.InnsCathedralsRules` whose rule hooks run when a ruleset
selects the edition) and :func:`carcassonne_tileset_paths` (the tile sets in
``tilesets/``). The rules and our choices are in ``rules.md`` beside this file; the
research behind them in the distribution's RESEARCH.md.
"""

from __future__ import annotations

from pathlib import Path

from .host import Edition, FigureKind, hookimpl
from .jcz import carcassonne_jcz_names
from .rules import LARGE_FOLLOWER, InnsCathedralsRules
from .translations import N_

__all__ = ["carcassonne_editions", "carcassonne_jcz_names", "carcassonne_tileset_paths"]
__version__ = "0.1.0"

TILESETS = Path(__file__).with_name("tilesets")
#: The rules reference of this plugin, cited by every score line it changes.
REFERENCE = Path(__file__).with_name("rules.md")

LARGE = FigureKind(LARGE_FOLLOWER, 2, 1, "counts as two followers in every majority, fields "
                                         "included; scores the feature once")


@hookimpl
def carcassonne_editions() -> list[Edition]:
    """Inns & Cathedrals in editions C1, C2 and C3 (C3.1 is not known well enough)."""
    def edition(label: str, title: str, base: str, cite: str) -> Edition:
        return Edition(f"inns-cathedrals:{label}", title, InnsCathedralsRules(label),
                       tilesets=(f"inns-cathedrals-{label.lower()}",), figures=(LARGE,),
                       expansion=True, pairs_with=(base,),
                       citation=f"carcassonne_inns/rules.md#editions [{cite}]")
    return [
        edition("C1", N_("Inns & Cathedrals, 1st edition (2002)"), "base:C1", "WCP-IC1"),
        edition("C2", N_("Inns & Cathedrals, 2nd edition (2015)"), "base:C2", "WCP-IC2"),
        edition("C3", N_("Inns & Cathedrals, 3rd edition (2021, Big Box 7)"), "base:C3",
                "WCP-IC2"),
    ]


@hookimpl
def carcassonne_tileset_paths() -> list[Path]:
    """The three tile sets (our own data, sources cited per tile)."""
    return sorted(TILESETS.glob("inns-cathedrals-c?.json"))
