"""The choices of the settings page, in the manual's words."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.db import models


class Status(models.TextChoices):
    """Player status (manual: "New game"; C-ACT-3). Newbie is the default."""

    LOOKING = "looking", "Looking for game"
    QUICK = "quick", "Looking for quick game"
    DND = "dnd", "Do not disturb"
    NEWBIE = "newbie", "Newbie"


class Gender(models.TextChoices):
    """Profile gender; empty means not given."""

    UNSET = "", "Not given"
    MALE = "male", "Male"
    FEMALE = "female", "Female"


class Skin(models.TextChoices):
    """Colour schemes of the whole site."""

    LIGHT = "light", "Light"
    DARK = "dark", "Dark"
    PARCHMENT = "parchment", "Parchment"


class Background(models.TextChoices):
    """Game backgrounds, drawn with CSS only."""

    NONE = "none", "None"
    STONE = "stone", "Stone wall"
    PARCHMENT = "parchment", "Parchment"
    NIGHT = "night", "Night sky"
    FOREST = "forest", "Forest"
    EMBERS = "embers", "Embers"


class PlayersFilter(models.TextChoices):
    """Players list activity filter (C-ACT-3); "none" is the default."""

    NONE = "none", "Active in the last 21 days"
    ACTIVE = "active", "Online (last 10 minutes)"
    OFFLINE = "offline", "Active in the last 7 days"
    ALL = "all", "All players"


AUTO_REFRESH_CHOICES: list[tuple[int, str]] = [
    (0, "Off"),
    (30, "30 seconds"),
    (60, "1 minute"),
    (120, "2 minutes"),
    (300, "5 minutes"),
    (600, "10 minutes"),
    (1800, "30 minutes"),
]


AREAS = ("Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian",
         "Pacific")


@cache
def timezone_names() -> tuple[str, ...]:
    """The IANA time zones of the world's regions this machine knows, sorted, UTC first."""
    names = sorted(
        name for name in zoneinfo.available_timezones() if name.split("/", 1)[0] in AREAS
        and "/" in name
    )
    return ("UTC", *names)


def timezone_choices() -> list[tuple[str, str]]:
    """Time zones for a select box."""
    return [(name, name.replace("_", " ")) for name in timezone_names()]
