"""Carcassonne tile-catalogue and board-state editor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.hookspecs import hookimpl

__version__ = "0.1.0"
__all__ = ["__version__", "hookimpl"]


def __getattr__(name: str) -> Any:
    """``editor.hookimpl`` on first use, so that ``import editor`` does not load pluggy."""
    if name == "hookimpl":
        from editor.hookspecs import hookimpl

        return hookimpl
    raise AttributeError(f"module 'editor' has no attribute {name!r}")
