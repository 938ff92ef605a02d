"""What each keyword does, in our words (manual: "Keywords", "Tokens"), for the card pages.

Their order and token gains come from the engine; only the descriptions live here.
"""

from __future__ import annotations

from dataclasses import dataclass

from marcomage.games.marcomage.cards import KEYWORD_NAMES, TOKEN_GAINS, TOKEN_KEYWORDS

DESCRIPTIONS: dict[str, str] = {
    "Alliance": (
        "Token keyword. When its counter fills, the played card also gives Production x2 "
        "(Arcane knowledge)."
    ),
    "Aqua": (
        "Played right after a different non-common Aqua card: your tower and wall rise by 5 and"
        " the enemy loses 5 of each resource."
    ),
    "Banish": (
        "Discards a random Durable card from the enemy's hand. A Common card can only hit "
        "Common and Uncommon cards; Uncommon and Rare cards can hit any rarity, and a Rare also"
        " gives you stock equal to the discarded card's cost. Higher rarity targets come first."
    ),
    "Barbarian": (
        "Token keyword. When its counter fills, the enemy wall loses 3, 8 or 15 more (Common, "
        "Uncommon, Rare played card) (Devastation)."
    ),
    "Beast": (
        "Token keyword. When its counter fills, the enemy takes 2, 5 or 10 extra damage by the "
        "played card's rarity (Fierce attack)."
    ),
    "Brigand": (
        "Token keyword. When its counter fills, you steal 1, 2 or 3 of each resource from the "
        "enemy, by the played card's rarity (Robbery)."
    ),
    "Burning": (
        "Token keyword. When its counter fills, one random non-Burning card in the enemy's "
        "hand, of the played card's rarity or lower, becomes Searing fire (Fire blast)."
    ),
    "Charge": (
        "Carries a number N. If the enemy wall is 0 after the card's attack, the enemy takes N "
        "more damage."
    ),
    "Destruction": (
        "Played right after a different non-common Destruction card: the enemy's highest "
        "facility drops by 1 if above 3, otherwise the enemy's highest resource drops by 10."
    ),
    "Dragon": (
        "With another Dragon in hand, your next card is a Dragon egg, or Gems production x2 if "
        "you already hold a Dragon egg."
    ),
    "Durable": (
        "The card stays in your hand after it is played."
    ),
    "Enduring": (
        "Carries a number N. If your previous played card was this same card, the enemy takes N"
        " more damage."
    ),
    "Flare attack": (
        "Searing fire cards land on one player's odd hand positions and the other's even ones, "
        "decided at random. Burning cards are spared, and rares too unless the played card is "
        "rare."
    ),
    "Frenzy": (
        "With another Frenzy card in hand, the enemy takes extra damage equal to the played "
        "card's recruit cost."
    ),
    "Holy": (
        "Token keyword. When its counter fills, one random Undead card in the enemy's hand, of "
        "the played card's rarity or lower, becomes Purified ashes and you gain 1, 2 or 3 of "
        "each resource by that card's rarity (Purification)."
    ),
    "Illusion": (
        "Played right after a different non-common Illusion card: your next card is a rare card"
        " from the enemy's deck."
    ),
    "Legend": (
        "If you hold another rare card, a random facility of yours rises by 1."
    ),
    "Mage": (
        "Token keyword. When its counter fills: Magic +1 if your Magic is less than 2 above the"
        " enemy's, else Gems +10 (Willpower)."
    ),
    "Nature": (
        "Played right after a different non-common Nature card: your next card is a rare Nature"
        " card."
    ),
    "Quick": (
        "You play again at once, without production this turn; no rare card can be drawn after "
        "it."
    ),
    "Rebirth": (
        "With more than 3 Burning cards in the game, the card stays in your hand and you gain "
        "16 gems."
    ),
    "Restoration": (
        "Played right after a different non-common Restoration card: your lowest facility rises"
        " by 1 if below 3, otherwise you gain 10 of your lowest resource."
    ),
    "Skirmisher": (
        "Discards a random Charge card from the enemy's hand, with the same rarity limits as "
        "Banish; a Rare also makes the enemy lose stock equal to the discarded card's cost."
    ),
    "Soldier": (
        "Token keyword. When its counter fills, you get back half of the played card's recruit "
        "cost (Veteran troops)."
    ),
    "Swift": (
        "You play again at once, with production; no rare card can be drawn after it."
    ),
    "Titan": (
        "Token keyword. When its counter fills, the next card you receive is a Titan (Titan's "
        "will)."
    ),
    "Undead": (
        "Token keyword. When its counter fills, you get back a third of the played card's total"
        " cost (Eternal servitude)."
    ),
    "Unliving": (
        "Token keyword. When its counter fills, your bricks production is multiplied by 2, 3 or"
        " 4 by the played card's rarity (Artificial workers)."
    ),
}

@dataclass(frozen=True)
class Keyword:
    """A keyword as the card pages show it."""

    name: str
    slug: str
    description: str
    token: bool
    basic_gain: int = 0
    bonus_gain: int = 0


def slug(name: str) -> str:
    """The keyword's anchor on the keywords page: "Flare attack" -> "flare-attack"."""
    return name.lower().replace(" ", "-")


KEYWORDS: dict[str, Keyword] = {
    name: Keyword(
        name, slug(name), DESCRIPTIONS[name], name in TOKEN_KEYWORDS,
        *TOKEN_GAINS.get(name, (0, 0)),
    )
    for name in KEYWORD_NAMES
}
"""All 28 keywords in the manual's execution order (C-TURN-8)."""
