"""The games app."""

from __future__ import annotations

import importlib

from django.apps import AppConfig
from django.conf import settings


def load_ruleset(path: str) -> object:
    """The object named by "package.module:NAME" (a ruleset the settings add)."""
    module_name, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"A ruleset is named as 'module:NAME', not {path!r}.")
    return getattr(importlib.import_module(module_name), attribute)


class GamesConfig(AppConfig):
    """Challenges, hosted games and playing any registered game system, with its chat."""

    name = "marcomage.web.games"
    label = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        """Register the game systems the settings add (MARCOMAGE_EXTRA_RULESETS, e.g. the
        test-only toy), light the crossed swords when the player is to act anywhere and the letter
        when a challenge arrives."""
        from marcomage.games import register
        from marcomage.web.notifications.registry import register as register_icon

        from . import computer, leaving  # noqa: F401  (their receivers listen)
        from .queries import new_challenge, your_turn_anywhere

        for path in getattr(settings, "MARCOMAGE_EXTRA_RULESETS", ()):
            register(load_ruleset(path))  # type: ignore[arg-type]
        register_icon("games", your_turn_anywhere)
        register_icon("messages", new_challenge)
