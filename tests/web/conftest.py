"""Django for the web tests: settings, a private data dir per test process, shared fixtures.

Each pytest-xdist worker imports this file in its own process, so each gets its own data
directory, test database (pytest-django adds the worker suffix) and, for the browser
journeys, its own live server. Settings are passed to `settings.configure()` rather than
through DJANGO_SETTINGS_MODULE, which xdist workers would inherit and try to import before
the project root is on their import path.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_DATA_DIR = tempfile.mkdtemp(prefix="marcomage-web-test-")
os.environ["MARCOMAGE_DATA_DIR"] = _DATA_DIR
os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-" + "x" * 40)
for _name in ("DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS", "DEBUG", "DJANGO_SETTINGS_MODULE"):
    os.environ.pop(_name, None)

import importlib  # noqa: E402

import django  # noqa: E402
import pytest  # noqa: E402
from django.conf import settings  # noqa: E402

if not settings.configured:
    _module = importlib.import_module("tests.web.settings")
    settings.configure(**{name: getattr(_module, name) for name in dir(_module) if name.isupper()})
    django.setup()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove this process's data directory."""
    shutil.rmtree(_DATA_DIR, ignore_errors=True)


@pytest.fixture
def media_dir() -> str:
    """The directory avatars are stored in."""
    from django.conf import settings

    return str(settings.MEDIA_ROOT)
