"""Carcassonne tile-catalogue and board-state editor."""

from editor.hookspecs import hookimpl

__version__ = "0.1.0"
__all__ = ["__version__", "hookimpl"]
