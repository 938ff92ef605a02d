"""The scripted players of the Mage Wars journeys: a fixed choice among the legal actions
(no randomness), so that a seeded game plays the same way in the browser as offline, and
goes through crafting, a curse answered, a death and a resurrection."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

ORDER = ("pick", "draw_dead", "resurrect", "pay", "deflect", "negate", "accept", "lose", "discard",
         "keep", "replace", "target", "use_once", "fizzle", "attack", "claim", "contribute",
         "waive", "open", "use_health", "end_turn")
"""`draw_dead` first: a dead turn makes all three draws before resurrecting, as when the
draws were forced (MW-DEATH-2), so the seeded game plays as it did."""


def mage_targets(view: Mapping[str, Any]) -> set[int]:
    return {int(p["mage"]) for p in view["players"]}


def scripted(view: Mapping[str, Any], legal: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The first legal action of the first type in ORDER, aiming at mages when it can, and
    using a health card only while at least three are left."""
    mages = mage_targets(view)
    seat = int(view["you"])
    health = view["players"][seat]["health"] or []
    for kind in ORDER:
        found = [a for a in legal if a["type"] == kind]
        if kind == "use_health" and len(health) < 3:
            continue
        if kind in ("target", "use_once", "attack"):
            at_mages = [a for a in found if a.get("target") in mages]
            found = at_mages or ([] if kind == "attack" else found)
        if found:
            return dict(found[0])
    return dict(legal[0])
