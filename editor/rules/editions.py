"""Editions as plugins announce them: options, figure kinds, tile sets, JCloisterZone names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from editor.i18n import _
from editor.model.records import record

Value = str | int | bool


@record(frozen=True, slots=True)
class OptionSpec:
    """A rule option of an edition, with its allowed values and default.

    A *preset* (``presets`` given) is no rule of its own: each of its values stands for
    values of other options of the edition (``base:C1``'s ``rules=2001`` is ``farms=2001``
    with ``small_city=on``). A ruleset keeps the options it stands for, never the preset;
    its name shows the preset whose values match. ``named`` says whether a ruleset's name
    shows an option with choices even at its default (true for presets and for choices
    that tell which rules apply, false for variants). ``choosable``: a player may take
    another value for themselves during a move (:data:`editor.rules.moves.Choice`); the
    option's value is then the default of that decision."""

    name: str
    default: Value
    choices: tuple[Value, ...] = ()
    help: str = ""
    presets: tuple[tuple[Value, tuple[tuple[str, Value], ...]], ...] = ()
    named: bool = True
    choosable: bool = False

    @property
    def is_preset(self) -> bool:
        """Whether the option stands for values of other options."""
        return bool(self.presets)

    def preset(self, value: object) -> dict[str, Value]:
        """The option values a preset value stands for (empty for an unknown value)."""
        return dict(next((values for v, values in self.presets if v == value), ()))

    def covers(self) -> set[str]:
        """The options a preset sets."""
        return {name for _, values in self.presets for name, _ in values}

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed, or None."""
        if self.choices and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            return _("option {name!r} must be one of {allowed}, not {value!r}").format(
                name=self.name, allowed=allowed, value=value)
        if not self.choices and type(value) is not type(self.default):
            return _("option {name!r} must be a {type}").format(
                name=self.name, type=type(self.default).__name__)
        return None


@record(frozen=True, slots=True)
class FigureKind:
    """A kind of figure: its strength in majorities and how many each player has."""

    name: str
    strength: int
    supply: int
    help: str = ""


@record(frozen=True, eq=False)
class Edition:
    """One edition of one game part, e.g. ``base:C2``; ``rules`` holds its rule hooks."""

    name: str
    title: str
    rules: object
    tilesets: tuple[str, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    figures: tuple[FigureKind, ...] = ()
    expansion: bool = False
    #: For an expansion: the base editions it was published for, best match first.
    pairs_with: tuple[str, ...] = ()
    citation: str = ""
    plugin: str = ""

    @property
    def part(self) -> str:
        """The game part, before the colon."""
        return self.name.split(":", 1)[0]

    @property
    def label(self) -> str:
        """The edition label, after the colon (``C2``)."""
        return self.name.split(":", 1)[1]

    def option(self, name: str) -> OptionSpec:
        """An option by name (``KeyError`` if the edition has none by that name)."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)


@record(frozen=True, slots=True)
class JczNames:
    """JCloisterZone's names for what a plugin's editions bring, so that saves using them
    import (hook ``carcassonne_jcz_names``; :mod:`editor.jcz.mapping` reads them).

    ``sets``: JCZ tile set (expansion, edition) → (our edition, our tile set).
    ``figures``: a figure element of ``setup.elements`` (a count per player) → (our figure
    kind, the game part that has it). ``meeples``: the type in a JCZ meeple id (``big`` in
    ``0.big.1``) → our figure kind. ``switches``: elements that turn one of the
    expansion's rules on or off in JCZ, with what the rule is; our edition always plays
    it, so a save that turns it off is refused.
    """

    sets: Mapping[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    figures: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    meeples: Mapping[str, str] = field(default_factory=dict)
    switches: Mapping[str, str] = field(default_factory=dict)
