"""Collect what the server logs as an error, to assert that bad input leaves no traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

WATCHED = ("uvicorn.error", "django.request", "django.security", "django", "asyncio", "")


class Collector(logging.Handler):
    """Keeps every record at ERROR or above, and every record that carries a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)

    def problems(self) -> list[str]:
        """One line per collected record."""
        return [f"{r.name}: {r.getMessage()[:300]}" for r in self.records]


@contextmanager
def server_errors() -> Iterator[Collector]:
    """Collect error records of the server's loggers (uvicorn's do not reach the root)."""
    collector = Collector()
    loggers = [logging.getLogger(name) for name in WATCHED]
    for logger in loggers:
        logger.addHandler(collector)
    try:
        yield collector
    finally:
        for logger in loggers:
            logger.removeHandler(collector)
