"""Every hook a plugin may implement. This file is the plugin author's reference.

A plugin is a module or object with functions named like the specs below, decorated with
``editor.api.hookimpl``; it imports nothing from ``editor`` but :mod:`editor.api`. Built-in
plugins live in ``plugins/``; a third-party package registers its module under the
entry-point group ``carcassonne_editor``::

    [project.entry-points.carcassonne_editor]
    my_expansion = "my_package.plugin"

Hooks come in two sections.

*Registration hooks* are called on every loaded plugin: they announce editions and tile sets.
What they return is checked (:func:`editor.plugins.edition_problem`): an item that is no
usable edition or path is reported with the plugin's name and left out. Installed plugins
are loaded when something first needs them (see :class:`editor.plugins.PluginHost`).

*Rule hooks* are called only on the implementations of the editions a ruleset selects, in the
ruleset's order (base edition first, then expansions), each inside a guard
(:mod:`editor.rules.guard`): a hook that raises, returns what its spec below does not allow
(the wrong type, an event for a player or segment the board does not have), or runs past a
:func:`~editor.rules.guard.time_budget` is reported with the plugin's name, that edition is
disabled, and the others carry on. Returning ``None`` means no answer.
A rule hook receives ``rules`` (the :class:`editor.rules.ruleset.Ruleset` in force: options,
figure kinds, strengths) and reads the :class:`editor.model.board.Board`; it never mutates the
board. It returns data (events, findings, options) that the host applies, so that every change
is journaled and undoable and every point can say which rule produced it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from editor.model.board import Placed
    from editor.model.boardview import BoardView as Board
    from editor.model.events import Event, FeatureValue
    from editor.model.features import FeatureInfo
    from editor.model.findings import Finding
    from editor.model.tiles import Tile
    from editor.rules.editions import Edition, JczNames
    from editor.rules.moves import FigureAction, Offer, Slot, Turn
    from editor.rules.ruleset import Ruleset

PROJECT = "carcassonne_editor"

hookspec = pluggy.HookspecMarker(PROJECT)
#: Decorator for plugin functions implementing a hook (``editor.api.hookimpl``).
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- Registration ---------------------------------------------------------------------


@hookspec
def carcassonne_editions() -> list[Edition]:
    """Return the editions this plugin provides (e.g. ``base:C1``, ``base:C2``).

    Each :class:`~editor.rules.editions.Edition` names its game part and label, the tile
    sets it plays with, its options, its figure kinds, and the object whose rule hooks run
    when a ruleset selects it.
    """


@hookspec
def carcassonne_tileset_paths() -> list[Path]:
    """Return paths of tile set files (JSON) this plugin ships, added to the catalogue."""


@hookspec
def carcassonne_jcz_names() -> JczNames:
    """Return JCloisterZone's names for this plugin's tile sets and figures
    (:class:`editor.rules.editions.JczNames`), so that ``import-jcz`` reads saves that use
    them (``inns-and-cathedrals:1``, element ``big-follower``, meeple ``0.big.1``)."""


# -- Rules: placing tiles and figures -----------------------------------------------------


@hookspec
def carcassonne_placement_findings(
    rules: Ruleset, board: Board, tile: Tile, x: int, y: int, rotation: int
) -> list[Finding]:
    """Return what is wrong with putting ``tile`` at (x, y) turned ``rotation`` quarter turns,
    beyond what the host checks (free cell, touching the board, sides that fit).

    Called before the tile is placed, only for tiles where
    :func:`carcassonne_restricts_placement` answered true. The River's rules live here.
    """


@hookspec
def carcassonne_restricts_placement(rules: Ruleset, tile: Tile) -> bool:
    """Return true when :func:`carcassonne_placement_findings` must be asked about ``tile``.

    Lets move enumeration skip the per-cell call for ordinary land tiles.
    """


@hookspec
def carcassonne_slot_options(rules: Ruleset, slot: Slot, part: int) -> list[Offer]:
    """Return the figures a player may stand on one segment of the tile just placed, as
    ``(figure kind, kinds assigned beside it)`` pairs: ``("follower", ())`` for a follower,
    ``("builder", ())`` for a C2 builder, ``("follower", ("pig",))`` for a C3.1 farmer with
    its pig.

    ``slot`` says the segment's kind and tags, whether its feature already holds a figure,
    and whether it holds one of the acting player's followers; ``part`` is the part of the
    turn (2 in the second half of a double turn). The answer must depend on these arguments
    only: the host memoizes it, which keeps move enumeration fast. Supply is checked by the
    host. Not placing a figure is always allowed and is not listed.
    """


@hookspec
def carcassonne_special_actions(rules: Ruleset, board: Board, player: int, turn: Turn
                                ) -> list[FigureAction]:
    """Return figure actions that do not stand a figure on the tile just placed but may be
    taken instead, such as taking an abbot back (``FigureAction(..., action="take-back")``).
    """


@hookspec
def carcassonne_figure_findings(
    rules: Ruleset, board: Board, placed: Placed, player: int, action: FigureAction, turn: Turn
) -> list[Finding]:
    """Return why ``action`` by ``player`` after placing ``placed`` breaks a rule.

    An empty list from every edition means the action is legal. Must agree with
    :func:`carcassonne_figure_options`; it exists to explain a refusal to a person.
    """


@hookspec
def carcassonne_figure_action(
    rules: Ruleset, board: Board, placed: Placed, player: int, action: FigureAction, turn: Turn
) -> list[Event]:
    """Return the events an action causes by itself, after the host has moved the figure:
    taking an abbot back scores its monastery or garden at once."""


@hookspec
def carcassonne_tile_placed(rules: Ruleset, board: Board, placed: Placed, turn: Turn
                            ) -> list[Event]:
    """Return events of the tile itself, once it and the move's figure are on the board and
    before anything is scored. Plugins may note what the tile did in ``turn.flags`` (the
    Traders & Builders builder notices here that its feature was extended)."""


# -- Rules: scoring ---------------------------------------------------------------------


@hookspec
def carcassonne_feature_completed(
    rules: Ruleset, board: Board, feature: FeatureInfo, turn: Turn
) -> list[Event]:
    """Return the events of a feature completed by the current move: points, goods taken,
    figures returned, pigs scored.

    Called once per completed feature and edition, in the ruleset's order; the events of
    one edition are applied before the next is asked, so an expansion sees the board after
    the base game scored the feature.
    """


@hookspec
def carcassonne_after_move(rules: Ruleset, board: Board, placed: Placed, turn: Turn,
                           events: list[Event]) -> list[Event]:
    """Return events that follow once the move's features are scored: figures left without
    the follower they depend on going back, extra turns (``extra-turn`` events)."""


@hookspec
def carcassonne_feature_value(rules: Ruleset, board: Board, feature: FeatureInfo, final: bool,
                              value: FeatureValue) -> FeatureValue | None:
    """Return what a road, city, monastery or garden is worth instead of ``value``, or None
    to leave it (Inns & Cathedrals: a completed road with an inn scores 2 per tile).

    Called by the base game whenever it scores such a feature, at completion
    (``final`` false) and at the end of the game (``final`` true, for incomplete features),
    once per edition after the base, in the ruleset's order: each edition receives the
    value the editions before it gave, so two expansions' changes compose. The winners of
    the feature's majority score the final value; its reason and rule are their score line.
    """


@hookspec
def carcassonne_final_scoring(rules: Ruleset, board: Board, explain: bool,
                              roots: frozenset[int] | None) -> list[Event]:
    """Return the end-of-game events: incomplete features, fields, goods majorities.

    ``explain`` is False when the host needs only the points per player (a solver, an
    objective, :meth:`~editor.rules.engine.Engine.final_totals`): the edition may then
    return ``score`` events without reasons or rules and skip whatever only an explanation
    reads. The points per player must be the same either way.

    ``roots`` (optional) lets a solver rescore only what a move changed
    (:meth:`~editor.rules.engine.Engine.final_parts`), and the editor only what an edit
    changed (:mod:`editor.rules.rescoring`, with ``explain``). An implementation that
    takes it gives each feature's points in ``score`` events carrying the feature's root,
    and points that depend on no one feature (goods majorities) in events without a root;
    given a set of roots, it returns only the points of those features, and all the points
    that belong to no feature. A feature's points must depend on that feature alone (its
    segments, figures, neighbours, and for a field the cities it touches); an edition
    whose scoring does not split so (the 2000 and 2001 farm rules) returns those points
    without a root. An implementation that does not take ``roots`` is scored in full.
    With ``explain``, the explained events of the features come first, each feature's in a
    run carrying its root, the other features' before the fields', each kind in root
    order; the events belonging to no one feature come after them and are the same for
    any ``roots`` (the 2000 and 2001 farm rules' events name the city they pay for).
    """


@hookspec
def carcassonne_field_city_bonus(
    rules: Ruleset, board: Board, fields: list[FeatureInfo], cities: list[FeatureInfo],
    player: int, farms: str
) -> list[Event]:
    """Return extra points ``player`` earns for ``cities`` in farm scoring, beyond the base
    game's value (a Traders & Builders pig adds 1 per city).

    Called by the base game's farm scoring for each player who scores: ``fields`` are the
    fields scored together (one field, or under the 2000 rules every field touching the one
    city in ``cities``), ``cities`` the completed cities being paid for, ``farms`` the farm
    rule they are scored under (``2000``, ``2001`` or ``2002``: the ``farms`` option of
    ``base:C1``, ``2002`` in later editions). Return ``score`` events for ``player`` with
    the bonus, its reason and rule.
    """


# -- Rules: checking a position ---------------------------------------------------------


@hookspec
def carcassonne_board_findings(rules: Ruleset, board: Board) -> list[Finding]:
    """Return what is wrong with the position as a whole under this edition: figures on
    segments they may not stand on, more figures than the supply allows, ..."""
