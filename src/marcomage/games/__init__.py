"""The game systems the site hosts, each a pure ruleset behind the platform protocol.

`RULESETS` maps a ruleset id to its ruleset; the site, the bots and the command line find a
game only here (`find_ruleset`). Tests may `register` a ruleset of their own.
"""

from __future__ import annotations

from marcomage.platform.protocol import Ruleset

from .arcana.ruleset import RULESET as ARCANA
from .elder_tale.ruleset import RULESET as ELDER_TALE
from .far_wilds.ruleset import RULESET as FAR_WILDS
from .mage_wars.ruleset import RULESET as MAGE_WARS
from .marcomage.ruleset import RULESET as MARCOMAGE

SHIPPED: tuple[str, ...] = tuple(
    ruleset.id for ruleset in (MARCOMAGE, ARCANA, ELDER_TALE, FAR_WILDS, MAGE_WARS))
"""The five systems the site ships, apart from any a test registers."""

RULESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset for ruleset in (MARCOMAGE, ARCANA, ELDER_TALE, FAR_WILDS, MAGE_WARS)}

DEFAULT_RULESET = MARCOMAGE.id
"""The site's main game system: preselected in forms, the default of lists and the ladder."""


class UnknownRuleset(KeyError):
    """No game system has this id."""


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered under `ruleset_id`."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(f"There is no game system {ruleset_id!r}.") from None


def ruleset_name(ruleset_id: str) -> str:
    """The game system's name for players ("MArcomage"), or its id once it is unknown."""
    found = RULESETS.get(ruleset_id)
    return str(found.name) if found is not None else ruleset_id


def registered() -> list[tuple[str, str]]:
    """(id, name) of every game system, the default first, then by name: what a form or a
    filter offers."""
    order = sorted(RULESETS.values(), key=lambda r: (r.id != DEFAULT_RULESET, str(r.name)))
    return [(ruleset.id, str(ruleset.name)) for ruleset in order]


def register(ruleset: Ruleset) -> None:
    """Add a ruleset (the test-only ones); an id already taken by another is refused."""
    present = RULESETS.get(ruleset.id)
    if present is not None and present is not ruleset:
        raise ValueError(f"A ruleset {ruleset.id!r} is registered already.")
    RULESETS[ruleset.id] = ruleset
