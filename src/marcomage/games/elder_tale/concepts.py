"""The concept vocabulary of ELDERTALE.md: combat concepts by group, the free concept groups
of ET-COPO-2, and the concepts each damage type, defense type and effect goes with."""

from __future__ import annotations

POWER_ORIGINS = ("Physical", "Magical", "System Arte")
RANGES = ("Melee", "Ranged")
DEFENSE_TYPES = ("Shield", "Evasion")
DAMAGE_TYPES = ("Slashing", "Bludgeoning", "Piercing")
ELEMENTS = ("Fire", "Air", "Water", "Earth", "Light", "Dark")
COMBAT_CONCEPTS = frozenset(POWER_ORIGINS + RANGES + DEFENSE_TYPES + DAMAGE_TYPES + ELEMENTS)

FREE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Physical or Magical", ("Physical", "Magical")),
    ("Melee or Ranged", RANGES),
    ("Shield or Evasion", DEFENSE_TYPES),
    ("Bludgeoning, Piercing or Slashing", ("Bludgeoning", "Piercing", "Slashing")),
)
"""ET-COPO-2: the first point of one concept of each group is free."""

DAMAGE_ELEMENTS = {
    "Bludgeoning": ("Earth",),
    "Slashing": ("Fire", "Water", "Light", "Dark"),
    "Piercing": ("Air",),
}
"""ET-ATK-2: the elements each damage type goes with (guidance, ET-ATK-4)."""

DEFENSE_ELEMENTS = {
    "Shield": ("Earth", "Fire", "Water", "Light"),
    "Evasion": ("Air", "Fire", "Water", "Dark"),
}
"""ET-DEF-3: the elements each defense type goes with (guidance)."""

EFFECT_CONCEPTS: dict[str, tuple[str, ...]] = {
    "heal_over_time": ("Light", "Water", "Pharmacy"),
    "blind": ("Dark", "Light"),
    "start_guard": ("Earth", "Light", "Shield"),
    "gain_defense": ("Light", "Shield"),
    "facedown": ("Dark", "Sneaking", "Legerdemain"),
    "thorn_bind": ("Earth", "Dark"),
    "doom": ("Dark",),
    "thorns": ("Fire", "Handle Monster"),
    "poison": ("Fire", "Earth", "Dark", "Water", "Alchemy", "Brew"),
    "draw": ("Air", "Song", "Divination"),
    "draw_up": ("Air", "Song", "Divination"),
    "draw_down": ("Air", "Song", "Divination"),
    "attack_up": ("Enchanting",),
    "attack_down": ("Enchanting",),
    "guard_up": ("Enchanting",),
    "guard_down": ("Enchanting",),
}
"""ET-FX-21: the page's "Concept Guidelines & Effects", effect by effect."""

CLUTTER_CONCEPTS = {"burning": ("Fire",), "drowning": ("Water", "Air"),
                    "bleeding": ("Earth",), "cursed": ()}
"""ET-FX-21: the clutter each element is iconic to (Cursed has none)."""
