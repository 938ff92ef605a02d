"""Django settings for the MArcomage site, read from the environment.

Every value has a safe default for a local run (`marcomage serve`): SQLite in WAL mode under
the data directory, an in-memory channel layer, and a generated secret key kept in a file.
docs/site.md lists the environment variables an operator sets.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

WEB_DIR = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("MARCOMAGE_DATA_DIR", "var")).resolve()


def env_flag(name: str, default: bool = False) -> bool:
    """A boolean environment variable: 1/true/yes/on are true."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated environment variable as a list of non-blank items."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def secret_key(data_dir: Path) -> str:
    """SECRET_KEY from the environment, or one generated once and kept in the data dir."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key + "\n")
    return key


SQLITE_ENGINE = "marcomage.web.core.sqlite"
"""Django's SQLite backend with the process's writers queued in Python (core/sqlite/base.py)."""
SQLITE_OPTIONS: dict[str, Any] = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
        "PRAGMA busy_timeout=20000"
    ),
}


def database(url: str | None, data_dir: Path) -> dict[str, Any]:
    """The default database from DATABASE_URL (postgres://… or sqlite:///path), else SQLite."""
    if not url:
        return {
            "ENGINE": SQLITE_ENGINE,
            "NAME": str(data_dir / "marcomage.sqlite3"),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        return {
            "ENGINE": SQLITE_ENGINE,
            "NAME": unquote(parts.path[1:] if parts.path.startswith("//") else parts.path),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    if parts.scheme in {"postgres", "postgresql", "pgsql"}:
        # `?host=/run/postgresql` (libpq's own way) names the server's Unix socket
        # directory: on the site's own machine a query costs the site's process ~25 us less
        # of CPU than over loopback TCP (issue 36, fourteenth pass; docs/deploy.md).
        query = parse_qs(parts.query)
        socket_dir = query.get("host", [""])[-1]
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")),
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": socket_dir or unquote(parts.hostname or ""),
            "PORT": str(parts.port or query.get("port", [""])[-1]),
            # Django's own pool (psycopg-pool): each process opens at most DB_POOL_MAX
            # connections however many requests arrive at once; a request past that waits
            # up to DB_POOL_TIMEOUT seconds for one. Persistent per-thread connections
            # (CONN_MAX_AGE) would leak one per request thread under ASGI (docs/deploy.md).
            "CONN_MAX_AGE": 0,
            "OPTIONS": {"pool": {
                "min_size": int(os.environ.get("DB_POOL_MIN", "2")),
                "max_size": int(os.environ.get("DB_POOL_MAX", "10")),
                "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "30")),
                "max_idle": float(os.environ.get("DB_POOL_MAX_IDLE", "60")),
            }},
        }
    raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r} (use postgres or sqlite)")


def channel_layers(redis_url: str | None) -> dict[str, Any]:
    """Redis pub/sub when REDIS_URL is set (several processes), else the in-memory layer."""
    if redis_url:
        return {
            "default": {
                # channels_redis's pub/sub layer, every call bounded by CHANNEL_TIMEOUT
                # seconds, held and retried every CHANNEL_RETRY seconds while Redis is
                # away (core/channel_layer.py, docs/deploy.md).
                "BACKEND": "marcomage.web.core.channel_layer.SteadyChannelLayer",
                # Sites (or test processes) sharing one Redis keep apart by prefix.
                "CONFIG": {"hosts": [redis_url],
                           "prefix": os.environ.get("CHANNEL_PREFIX", "asgi"),
                           "timeout": float(os.environ.get("CHANNEL_TIMEOUT", "3.0")),
                           "retry": float(os.environ.get("CHANNEL_RETRY", "2.0"))},
            }
        }
    # One process: channels' in-memory layer without its per-message walk of every socket
    # (core/memory_layer.py).
    return {"default": {"BACKEND": "marcomage.web.core.memory_layer.QuickMemoryLayer"}}


SECRET_KEY = secret_key(DATA_DIR)
DEBUG = env_flag("DEBUG")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "ninja",
    "csp",
    "marcomage.web.core",
    "marcomage.web.home",
    "marcomage.web.accounts",
    "marcomage.web.players",
    "marcomage.web.preferences",
    "marcomage.web.notifications",
    "marcomage.web.decks",
    "marcomage.web.rulesets.marcomage",
    "marcomage.web.rulesets.elder_tale",
    "marcomage.web.rulesets.mage_wars",
    "marcomage.web.rulesets.arcana",
    "marcomage.web.rulesets.far_wilds",
    "marcomage.web.scores",
    "marcomage.web.messaging",
    "marcomage.web.games",
    "marcomage.web.replays",
    "marcomage.web.stats",
    "marcomage.web.forum",
    "marcomage.web.concepts",
    "marcomage.web.api",
]

MIDDLEWARE = [
    # First: a Host header not in ALLOWED_HOSTS is a plain 400, logged without a traceback.
    "marcomage.web.core.request_guard.HostGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Pages are gzip-compressed; CSRF tokens are masked per response, which defeats BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "marcomage.web.accounts.middleware.ActivityMiddleware",
    "marcomage.web.preferences.middleware.TimezoneMiddleware",
    # Last, so its refusals get every header above; it still runs before any view and before
    # the CSRF check reads the body (process_view). Refuses unreadable bodies, non-UTF-8
    # forms and control characters (docs/security.md).
    "marcomage.web.core.request_guard.RequestGuardMiddleware",
]

ROOT_URLCONF = "marcomage.web.urls"
ASGI_APPLICATION = "marcomage.web.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # The generic board keeps its templates beside its code (web/rulesets/generic/).
        "DIRS": [WEB_DIR / "templates", WEB_DIR / "rulesets" / "generic" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "marcomage.web.home.context_processors.site",
            ],
        },
    },
    # The move path's templates (issue 36): <app>/jinja2/**.jinja, compiled to Python once.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"environment": "marcomage.web.core.jinja.environment"},
    },
]

# HTTP requests at work at once per server process; more wait in the event loop (0: any).
HTTP_CONCURRENCY = int(os.environ.get("HTTP_CONCURRENCY", "8"))

# A served process collects its cyclic garbage on a clock rather than by Python's allocation
# counts (core/collector.py, issue 36); GC_CLOCK=0 keeps Python's own schedule.
GC_CLOCK = env_flag("GC_CLOCK", default=True)

DATABASES = {"default": database(os.environ.get("DATABASE_URL"), DATA_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
CHANNEL_LAYERS = channel_layers(os.environ.get("REDIS_URL"))

AUTH_USER_MODEL = "accounts.User"
# The first checks passwords and reads a session's player with his settings in one query
# (issue 36); Django's own stays listed so sessions opened before it stay valid.
AUTHENTICATION_BACKENDS = ["marcomage.web.accounts.backend.PlayerBackend",
                           "django.contrib.auth.backends.ModelBackend"]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home:home"
LOGOUT_REDIRECT_URL = "home:home"
# C-SITE-8 asks for a non-blank password typed twice; issue 23 adds Django's validators
# (at least PASSWORD_MIN_LENGTH characters, not a common or all-digit password, not the
# name) and refuses white space only (docs/security.md).
PASSWORD_MIN_LENGTH = int(os.environ.get("PASSWORD_MIN_LENGTH", "8"))
AUTH_PASSWORD_VALIDATORS: list[dict[str, Any]] = [
    {"NAME": "marcomage.web.accounts.password_policy.NotBlankValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": PASSWORD_MIN_LENGTH}},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
     "OPTIONS": {"user_attributes": ["username"]}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

SESSION_COOKIE_AGE = 60 * 60 * 24 * 30
# Database sessions, read on the move path by a SELECT built once (issue 36).
SESSION_ENGINE = "marcomage.web.accounts.sessions"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_flag("SECURE_COOKIES")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp; docs/security.md): everything from the site itself,
# no inline script or style, no eval, no framing, no plug-ins; WebSockets to the same origin.
CONTENT_SECURITY_POLICY: dict[str, Any] = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [WEB_DIR / "static"]
STATIC_ROOT = DATA_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # /static/<name>?v=<content hash>: cached for a year, a changed file gets a new URL.
    "staticfiles": {"BACKEND": "marcomage.web.core.static_files.VersionedStorage"},
}
MEDIA_ROOT = DATA_DIR / "media"
MEDIA_URL = "/media/"
# Upload bodies above this stay on disk in a temporary file only for the request's life.
FILE_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
# Any request body above this is refused with 413 before it is read (core/request_guard.py).
MAX_REQUEST_BODY = int(os.environ.get("MAX_REQUEST_BODY", str(2 * 1024 * 1024)))

# Rate limits {name: (count, seconds)} over core/rate_limit.DEFAULT_LIMITS: chat 20 a minute,
# message 10 a minute, challenge 10 a minute, register 5 an hour per address.
RATE_LIMITS: dict[str, tuple[int, int]] = {}

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# The computer opponent (games/computer.py): seconds of wall time per move of the search
# bot by difficulty ("easy" is the greedy bot and does not search). A level listed in
# AI_ITERATIONS searches that many iterations instead (deterministic: the tests use it);
# AI_AUTOPLAY off stops the background worker (the computer then never moves by itself).
AI_THINK_SECONDS: dict[str, float] = {
    "normal": float(os.environ.get("AI_NORMAL_SECONDS", "1.0")),
    "hard": float(os.environ.get("AI_HARD_SECONDS", "3.0")),
}
AI_ITERATIONS: dict[str, int] = {}
AI_AUTOPLAY = env_flag("AI_AUTOPLAY", True)
# The bots think in AI_PROCESSES separate processes (games/thinker.py; 0: in the server's
# own threads), with at most AI_QUEUE moves waiting for them at once.
AI_PROCESSES = int(os.environ.get("AI_PROCESSES", "1"))
AI_QUEUE = int(os.environ.get("AI_QUEUE", "16"))
# The computer's worker threads use the database (read a game, store a move) at most
# AI_DB_CONNECTIONS at once, and hold no connection while a bot thinks (games/computer.py).
AI_DB_CONNECTIONS = int(os.environ.get("AI_DB_CONNECTIONS", "2"))

# The public API (web/api/, docs/api.md): requests per token per period (seconds).
MARCOMAGE_API_RATE = int(os.environ.get("MARCOMAGE_API_RATE", "600"))
MARCOMAGE_API_PERIOD = float(os.environ.get("MARCOMAGE_API_PERIOD", "60"))

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Elder Tale custom cards (ELDERTALE.md, "What a player must be able to do on the site"):
# whether a moderator must approve a new card before it goes into decks (the game's staff
# review, done in the admin), and how many new cards a player may make in a calendar month
# (the game's wiki: two; None for no cap).
ELDER_TALE_APPROVAL = env_flag("ELDER_TALE_APPROVAL", False)
ELDER_TALE_CARDS_PER_MONTH: int | None = 2
# How many published cards of others a player may learn in a calendar month (issue 35;
# learning is growth like making a card, so the same two; None for no cap).
ELDER_TALE_LEARNED_PER_MONTH: int | None = 2
