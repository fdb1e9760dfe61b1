"""The program's loggers, which cost nothing until a record could be shown.

Importing :mod:`logging` takes several milliseconds of every start (with ``traceback``,
``string`` and ``threading``). Until something has imported it, nothing can have given a
logger a handler or a level, so a debug or info record would be dropped: :class:`Logger`
drops it without the import. Any other record, and every record once ``logging`` is
imported, goes to the standard logger of that name, after the set-up given to
:func:`set_up` (the command line's handler on stderr) has run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import logging

_pending: Callable[[], None] | None = None


def set_up(setup: Callable[[], None], now: bool = False) -> None:
    """Run ``setup`` (which configures :mod:`logging`) now if ``now`` or if ``logging`` is
    imported already, else before the first record that needs it; replaces a set-up still
    pending."""
    global _pending
    _pending = None
    if now or "logging" in sys.modules:
        setup()
    else:
        _pending = setup


class Logger:
    """A stand-in for ``logging.getLogger(name)`` that imports :mod:`logging` only for a
    record that could be shown."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def logger(self) -> logging.Logger:
        """The standard logger (importing :mod:`logging` and running a pending set-up)."""
        global _pending
        import logging

        if _pending is not None:
            setup, _pending = _pending, None
            setup()
        return logging.getLogger(self.name)

    def debug(self, msg: object, *args: object, **kwargs: Any) -> None:
        """Log at DEBUG level."""
        if "logging" in sys.modules:
            self.logger().debug(msg, *args, **_caller(kwargs))

    def info(self, msg: object, *args: object, **kwargs: Any) -> None:
        """Log at INFO level."""
        if "logging" in sys.modules:
            self.logger().info(msg, *args, **_caller(kwargs))

    def warning(self, msg: object, *args: object, **kwargs: Any) -> None:
        """Log at WARNING level."""
        self.logger().warning(msg, *args, **_caller(kwargs))

    def error(self, msg: object, *args: object, **kwargs: Any) -> None:
        """Log at ERROR level."""
        self.logger().error(msg, *args, **_caller(kwargs))


def _caller(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The record names the module that logged, not this one."""
    return {**kwargs, "stacklevel": kwargs.get("stacklevel", 1) + 1}


def get(name: str) -> Logger:
    """The logger of a module (``get(__name__)``)."""
    return Logger(name)
