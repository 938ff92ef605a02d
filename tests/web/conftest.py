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
from collections.abc import Iterator

_DATA_DIR = tempfile.mkdtemp(prefix="marcomage-web-test-")
os.environ["MARCOMAGE_DATA_DIR"] = _DATA_DIR
os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-" + "x" * 40)
# The PostgreSQL + Redis run (`make test`, scripts/with-services.sh) sets MARCOMAGE_TEST_SERVICES
# to keep the DATABASE_URL and REDIS_URL the script exported; any other run uses SQLite.
_dropped = ["ALLOWED_HOSTS", "DEBUG", "DJANGO_SETTINGS_MODULE"]
if not os.environ.get("MARCOMAGE_TEST_SERVICES"):
    _dropped += ["DATABASE_URL", "REDIS_URL"]
for _name in _dropped:
    os.environ.pop(_name, None)
# xdist workers share the run's Redis: each keeps its channel groups to itself (player ids
# repeat across the workers' databases).
os.environ["CHANNEL_PREFIX"] = "test-" + os.environ.get("PYTEST_XDIST_WORKER", "main")

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


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Iterator[None]:
    """Each test starts with an empty cache; the rate-limit counters are database rows
    (core.RateCounter), which each test's database rollback or flush empties."""
    from django.core.cache import cache

    from marcomage.web.core.held import HELD

    cache.clear()
    HELD.forget()  # and the counts of held connections (core/held.py)
    yield


@pytest.fixture(autouse=True)
def every_finished_game_replays(request: pytest.FixtureRequest) -> Iterator[None]:
    """PL-STATE-3: every game a test finishes (through the services, in any process thread,
    browser journeys included) is re-simulated from its seed and steps the moment it ends,
    and every recorded hash must match."""
    from marcomage.web.core.events import game_finished
    from marcomage.web.games.models import Game
    from marcomage.web.replays.services import verify_game

    checked: list[tuple[int, str]] = []

    def check(sender: object, *, game_id: int, **_: object) -> None:
        game = Game.objects.filter(pk=game_id).prefetch_related("seats__user", "steps").first()
        if game is not None and game.recorded:  # signals sent by hand name no stored game
            report = verify_game(game).report
            checked.append((game_id, "" if report.ok else report.message))

    uid = f"tests.replays.{request.node.nodeid}"
    game_finished.connect(check, weak=False, dispatch_uid=uid)
    try:
        yield
    finally:
        game_finished.disconnect(dispatch_uid=uid)
    drifted = [(game_id, problem) for game_id, problem in checked if problem]
    assert drifted == [], f"finished games whose replay drifted: {drifted}"


@pytest.fixture(autouse=True)
def no_computer_outlives_its_test() -> Iterator[None]:
    """Every computer worker a test started has stopped before the next test begins: game
    ids repeat across tests, and a worker left over from an earlier game would take the
    next test's game of the same id for its own."""
    yield
    from marcomage.web.games import computer

    computer.wait(timeout=60)
