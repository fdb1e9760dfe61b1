"""What the rules need of the plugin host: a protocol the host (:class:`editor.plugins.PluginHost`)
implements, so that the rules layer never imports the layer above it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .editions import Edition
    from .ruleset import HookCall, Ruleset


class Host(Protocol):
    """The editions, their hook implementations and the record of plugin failures."""

    @property
    def disabled(self) -> Set[str]:
        """Editions disabled after a plugin error."""

    def implementations(self, hook: str, editions: Iterable[Edition]) -> list[HookCall]:
        """The implementations of ``hook`` by these editions, in their order."""

    def report(self, plugin: str, stage: str, exc: BaseException, details: str = "",
               edition: str | None = None) -> None:
        """Record a plugin failure; a failing rule hook disables its edition."""

    def edition(self, name: str) -> Edition | None:
        """An edition by name."""

    def is_builtin(self, edition: Edition) -> bool:
        """Whether a built-in plugin provides the edition."""

    def builtin_editions(self) -> list[Edition]:
        """The editions of the built-in plugins."""

    def ruleset(self, spec: str | Sequence[tuple[str, dict[str, Any]]] | None = None,
                options: dict[str, dict[str, Any]] | None = None) -> Ruleset:
        """A ruleset from its name or (edition, options) pairs."""
