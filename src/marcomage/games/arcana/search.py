"""Placeholder replaced below."""
from __future__ import annotations

from collections.abc import Callable

from marcomage.platform.bots import Bot

BOTS: dict[str, Callable[[int], Bot]] = {}
