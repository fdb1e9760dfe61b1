"""The command line's log handler (imported when a record is first logged)."""

from __future__ import annotations

import logging
import sys


class StderrHandler(logging.Handler):
    """Log records as ``PROGRAM: level: message`` on the current ``sys.stderr``."""

    def __init__(self, program: str) -> None:
        super().__init__()
        self.program = program

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(f"{self.program}: {record.levelname.lower()}: {self.format(record)}",
                  file=sys.stderr)
        except Exception:  # a log line must never end the command
            self.handleError(record)
