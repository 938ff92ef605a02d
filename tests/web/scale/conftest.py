"""The live server of the scale tests: the real ASGI application over real HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .server import RedisServer
from .site import uvicorn_in_thread


@pytest.fixture(scope="session")
def live_url(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """uvicorn serving the site against this process's test database."""
    from django.db import connections

    with uvicorn_in_thread() as url:
        yield url
    with django_db_blocker.unblock():
        for connection in connections.all():  # the server threads' pooled connections
            close_pool = getattr(connection, "close_pool", None)
            if close_pool is not None and connection.vendor == "postgresql":
                close_pool()


@pytest.fixture
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A private Redis for the multi-process and fault tests."""
    found = RedisServer(tmp_path_factory.mktemp("redis"))
    found.start()
    yield found
    found.kill()
