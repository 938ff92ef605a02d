"""Test settings: the site's own, with a private test database."""

from __future__ import annotations

from marcomage.web.settings import *  # noqa: F403
from marcomage.web.settings import DATA_DIR, DATABASES

if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # The pool gives back idle connections after a second, so a test sees it shrink.
    DATABASES["default"]["OPTIONS"]["pool"]["max_idle"] = 1.0
if "sqlite" in DATABASES["default"]["ENGINE"]:
    # A file, not memory: the live server's threads must share the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The test-only three-seat ruleset (simultaneous bids), registered by the games app.
MARCOMAGE_EXTRA_RULESETS = ["tests.platform.toy:RULESET"]
