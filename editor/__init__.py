"""Carcassonne tile-catalogue and board-state editor. Plugins use :mod:`editor.api`."""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]
