"""The public plugin API: everything a rules plugin may use, and nothing else.

A plugin (ours in ``plugins/``, or a third-party distribution registered under the entry-point
group ``carcassonne_editor``) imports only this module. Names listed in ``__all__`` keep their
meaning and signature across minor releases; a change that breaks them is a major release and
is announced in the README (*Plugin API*). Everything else in ``editor`` is internal and may
change at any time.

What a plugin receives in its hooks (:mod:`editor.hookspecs` lists them):

- ``rules``, a :class:`Ruleset`: the editions in force, their options, figure kinds and
  strengths, and :attr:`Ruleset.hooks` to ask the other editions (the base game asks for
  farm bonuses).
- ``board``, a :class:`Board`: read-only queries of the position. Nodes are the segments of
  placed tiles; a feature is named by its root node (:meth:`Board.find`).
- ``placed``, a :class:`Placed` tile; ``turn``, the :class:`Turn` in progress; ``slot``, a
  :class:`Slot`; ``feature``, a :class:`FeatureInfo` from :func:`describe`.

What it returns is data: :class:`Event` values made with :mod:`events <editor.model.events>`
(``events.score``, ``events.returned``, ...), :class:`Finding` values, offers and figure
actions. Rules are cited with :func:`define` so that every point says why.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast

from editor.hookspecs import hookimpl
from editor.i18n import Domain
from editor.model import events
from editor.model import features as _features
from editor.model.board import Cell, Placed
from editor.model.boardview import BoardView as Board
from editor.model.events import Event, FeatureValue
from editor.model.features import FeatureInfo
from editor.model.findings import Finding, Severity
from editor.model.players import ABBOT, BUILDER, FOLLOWER, PIG, Figure, Player
from editor.model.ports import SIDE_DELTA, SIDE_NAMES
from editor.model.rulebook import RuleRef, define
from editor.model.tiles import (
    CITY,
    CLOISTER_KINDS,
    EDGE_KINDS,
    FIELD,
    GARDEN,
    MONASTERY,
    RIVER,
    ROAD,
    Segment,
    Tile,
)
from editor.rules.editions import Edition, FigureKind, JczNames, OptionSpec, Value
from editor.rules.hooks import Hooks
from editor.rules.moves import PLACE, TAKE_BACK, FigureAction, Offer, Slot, Turn
from editor.terms import feature_name, figure_name, goods_name

if TYPE_CHECKING:
    from editor.model.board import Board as ModelBoard

__all__ = [
    "ABBOT", "BUILDER", "CITY", "CLOISTER_KINDS", "EDGE_KINDS", "FIELD", "FOLLOWER", "GARDEN",
    "MONASTERY", "PIG", "PLACE", "RIVER", "ROAD", "SIDE_DELTA", "SIDE_NAMES", "TAKE_BACK",
    "Board", "Cell", "Domain", "Edition", "Event", "FeatureInfo", "FeatureValue", "Figure",
    "FigureAction", "FigureKind", "Finding", "Hooks", "JczNames", "Offer", "OptionSpec",
    "Placed", "Player", "RuleRef", "Ruleset", "Segment", "Severity", "Slot", "Tile", "Turn",
    "Value", "city_roots_of_field", "define", "describe", "events", "feature_name",
    "field_reach", "figure_name", "figures_by_root", "goods_name", "hookimpl", "measure",
]


class Ruleset(Protocol):
    """The ruleset in force, as a rule hook sees it."""

    @property
    def name(self) -> str:
        """A readable name (``base:C2 + traders-builders:C2``)."""

    @property
    def editions(self) -> tuple[Edition, ...]:
        """The editions in force: the base game first, then expansions."""

    @property
    def base(self) -> Edition:
        """The base game's edition."""

    def has(self, part: str) -> Edition | None:
        """The selected edition of a game part (``traders-builders``), if any."""

    def option(self, edition: str, name: str) -> Any:
        """An option's value for an edition (its default when not set)."""

    def figure_kinds(self) -> Mapping[str, FigureKind]:
        """Figure kinds in play; a later edition's kind replaces an earlier one's."""

    def strengths(self) -> Mapping[str, int]:
        """Majority strength per figure kind (a figure absent here has none)."""

    @property
    def hooks(self) -> Hooks:
        """The other editions' rule hooks, one typed method per hook
        (``rules.hooks.field_city_bonus(board, fields, cities, player, farms)``)."""


def describe(board: Board, node: int,
             figures: Mapping[int, list[Figure]] | None = None) -> FeatureInfo:
    """The feature holding ``node``: kind, nodes, tiles, completion, pennants, goods,
    figures (and for a field the cities it touches). ``figures`` from
    :func:`figures_by_root` saves a scan of every figure when many features are described."""
    return _features.describe(cast("ModelBoard", board), node, figures)


def figures_by_root(board: Board) -> dict[int, list[Figure]]:
    """Every figure under the root of its feature."""
    return _features.figures_by_root(cast("ModelBoard", board))


def measure(board: Board, node: int) -> tuple[int, int]:
    """Tiles and pennants of the feature holding ``node``: what :func:`describe` counts,
    without describing the rest (for scoring that needs only the points)."""
    return _features.measure(cast("ModelBoard", board), node)


def field_reach(board: Board, roots: Collection[int], completed: bool = False
                ) -> dict[int, tuple[int, set[int]]]:
    """For each field root in ``roots``: its tiles and the roots of the cities it touches
    (as :func:`describe` counts them; with ``completed``, only the completed ones), for
    many fields at once."""
    return _features.field_reach(cast("ModelBoard", board), roots, completed)


def city_roots_of_field(board: Board, field_root: int) -> set[int]:
    """Roots of the cities the field with this root touches."""
    return _features.city_roots_of_field(cast("ModelBoard", board), field_root)
