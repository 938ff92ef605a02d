"""The pack (MW-SETUP-2): the six shared decks of one game, its validator with the violation
codes of MAGEWARS.md, and the sample pack.

A pack is a platform deck document: `entries` list cards and counts; a card sits in the deck
its data names, unless `extra["placement"]` maps the card id to another deck (which the
validator then judges, WRONG_DECK)."""

from __future__ import annotations

from collections.abc import Mapping

from marcomage.platform.protocol import DeckDoc, Violation

from .cards import CARDS, DECKS, HEALTH_DECKS, STANDARD_COUNTS, Card
from .victory import WinConditionError, check_condition

FORMAT = "pack"
MIN_MAGES = 4
HEALTH_RANGE = range(1, 21)
RESURRECT_ICONS = range(2, 6)
QUEST_ICONS, OTHER_ICONS, MAX_RESOURCES = 6, 4, 5
BARE_TYPES = ("fate", "challenge", "curse")
"""Types that carry neither resources nor requirements."""

MISSING_DECK, WRONG_DECK, TOO_FEW_MAGES = "MISSING_DECK", "WRONG_DECK", "TOO_FEW_MAGES"
BAD_HEALTH_COUNTS, BAD_WIN_CONDITION = "BAD_HEALTH_COUNTS", "BAD_WIN_CONDITION"
TOO_MANY_REQUIREMENTS, TOO_MANY_RESOURCES = "TOO_MANY_REQUIREMENTS", "TOO_MANY_RESOURCES"
FORBIDDEN_RESOURCES, DECK_TOO_SMALL, LEVEL_GAP = ("FORBIDDEN_RESOURCES", "DECK_TOO_SMALL",
                                                  "LEVEL_GAP")
PACK_TOO_SMALL_FOR_SEATS, UNKNOWN_CARD = "PACK_TOO_SMALL_FOR_SEATS", "UNKNOWN_CARD"
DUPLICATE_MAGE = "DUPLICATE_MAGE"
"""Our code: a mage in the Mage deck more than once (MW-SETUP-3 deals no duplicates, so a
copy could only ever deal two identical mages)."""


def home_deck(card: Card) -> tuple[str, ...]:
    """The decks a card of this type may sit in (MAGEWARS.md, pack validator)."""
    if card.type == "mage":
        return ("mage",)
    if card.type == "fate":
        return ("fate",)
    if card.type in ("level", "structure", "challenge"):
        return ("quest",)
    if card.type in ("curse", "blessing"):
        return tuple(d for d in DECKS if d != "mage")
    return HEALTH_DECKS  # creatures, plants, items, magic, potions and resources


def placements(pack: DeckDoc) -> tuple[list[tuple[Card, str]], list[Violation]]:
    """Every card copy of the pack with its deck; unknown cards are violations."""
    placed = pack.get("extra", {}).get("placement", {})
    if not isinstance(placed, Mapping):
        placed = {}
    out: list[tuple[Card, str]] = []
    problems: list[Violation] = []
    for entry in pack.get("entries", []):
        card = CARDS.get(str(entry["card"]))
        if card is None:
            problems.append(Violation(UNKNOWN_CARD, f"There is no card {entry['card']!r}."))
            continue
        deck = str(placed.get(card.id, card.deck))
        out += [(card, deck)] * int(entry["count"])
    return out, problems


def deck_contents(pack: DeckDoc) -> dict[str, list[str]]:
    """The card ids of each deck, in the pack's order (a valid pack)."""
    decks: dict[str, list[str]] = {d: [] for d in DECKS}
    for card, deck in placements(pack)[0]:
        decks.setdefault(deck, []).append(card.id)
    return decks


def distinct_mages(cards: list[Card]) -> list[Card]:
    """The different mages among these cards, each once, in order: a second copy of a mage
    is no second mage (MW-SETUP-3: there are no duplicates)."""
    return list({c.id: c for c in cards if c.type == "mage"}.values())


def _largest(mages: list[Card], deck: str, seats: int) -> int:
    counts = sorted((m.health_cards.get(deck, 0) for m in mages), reverse=True)
    return sum(counts[:seats])


def validate_pack(pack: DeckDoc) -> list[Violation]:
    """Every rule of the pack validator the pack breaks, each naming the card."""
    cards, problems = placements(pack)
    decks: dict[str, list[Card]] = {d: [] for d in DECKS}
    for card, deck in cards:
        if deck not in DECKS:
            problems.append(Violation(WRONG_DECK, f"{card.name} is placed in {deck!r}, which "
                                                  "is not one of the six decks."))
            continue
        decks[deck].append(card)
        if deck not in home_deck(card):
            problems.append(Violation(WRONG_DECK, f"{card.name} ({card.type}) cannot be in "
                                                  f"the {deck.capitalize()} deck."))
    for deck in DECKS:
        if not decks[deck]:
            problems.append(Violation(MISSING_DECK, f"The pack has no {deck.capitalize()} "
                                                    "deck."))
    mages = distinct_mages(decks["mage"])
    if len(mages) < MIN_MAGES:
        problems.append(Violation(TOO_FEW_MAGES, f"The Mage deck holds {len(mages)} different "
                                                 f"mages; a pack needs at least {MIN_MAGES}."))
    for card in mages:
        copies = sum(1 for c in decks["mage"] if c.id == card.id)
        if copies > 1:
            problems.append(Violation(DUPLICATE_MAGE, f"{card.name} is in the Mage deck "
                                      f"{copies} times; each mage may be in it once, since "
                                      "no two players play the same mage."))
    for card, _deck in cards:
        problems += _card_problems(card)
    for deck in HEALTH_DECKS:
        need = _largest(mages, deck, 2)
        if len(decks[deck]) < need:
            problems.append(Violation(DECK_TOO_SMALL, f"The {deck.capitalize()} deck holds "
                                      f"{len(decks[deck])} cards; two mages may need {need} "
                                      "health cards from it."))
    levels = {c.level for c in decks["quest"] if c.type == "level"}
    for level in range(2, max(levels, default=1) + 1):
        if level not in levels:
            problems.append(Violation(LEVEL_GAP, f"The Quest deck has no level {level} card "
                                                 "(levels must follow from 2 up)."))
    return problems


def _card_problems(card: Card) -> list[Violation]:
    problems: list[Violation] = []
    if card.type == "mage":
        total = sum(card.health_cards.get(d, 0) for d in HEALTH_DECKS)
        if (total != card.health or card.health not in HEALTH_RANGE or card.fate < 1
                or card.max_cards < 1 or set(card.health_cards) - set(HEALTH_DECKS)
                or any(n < 0 for n in card.health_cards.values())):
            problems.append(Violation(BAD_HEALTH_COUNTS, f"{card.name}: health cards per deck "
                                      f"must sum to its Health ({card.health}, 1 to 20), with "
                                      "at least 1 fate card and 1 card in hand."))
        icons = len(card.resurrection[0])
        if icons not in RESURRECT_ICONS or len(card.resurrection) != 1:
            problems.append(Violation(BAD_HEALTH_COUNTS, f"{card.name}: resurrection needs 2 to "
                                      f"5 icons, not {icons}."))
        try:
            check_condition(card.win)
        except WinConditionError as err:
            problems.append(Violation(BAD_WIN_CONDITION, f"{card.name}: {err}"))
        return problems
    limit = QUEST_ICONS if card.type in ("level", "structure") else OTHER_ICONS
    if any(len(alt) > limit for alt in card.alternatives):
        problems.append(Violation(TOO_MANY_REQUIREMENTS, f"{card.name} requires more than "
                                                         f"{limit} icons in one alternative."))
    if len(card.resources) > MAX_RESOURCES:
        problems.append(Violation(TOO_MANY_RESOURCES, f"{card.name} carries "
                                  f"{len(card.resources)} resource icons; at most "
                                  f"{MAX_RESOURCES}."))
    has_requirements = any(card.alternatives[0]) or len(card.alternatives) > 1
    if card.type in BARE_TYPES and (card.resources or has_requirements):
        problems.append(Violation(FORBIDDEN_RESOURCES, f"{card.name} ({card.type}) may carry "
                                                       "no resources and no requirements."))
    if card.type == "blessing" and card.resources:
        problems.append(Violation(FORBIDDEN_RESOURCES, f"{card.name} (blessing) may carry no "
                                                       "resources."))
    return problems


def seat_problems(pack: DeckDoc, seats: int) -> list[Violation]:
    """PACK_TOO_SMALL_FOR_SEATS when a health deck cannot deal `seats` mages with the
    largest counts (checked at game creation)."""
    contents = deck_contents(pack)
    mages = distinct_mages([CARDS[c] for c in contents["mage"]])
    problems = []
    if len(mages) < seats:
        problems.append(Violation(PACK_TOO_SMALL_FOR_SEATS, f"The pack has {len(mages)} "
                                  f"different mages for {seats} players."))
    for deck in HEALTH_DECKS:
        need = _largest(mages, deck, seats)
        if len(contents[deck]) < need:
            problems.append(Violation(PACK_TOO_SMALL_FOR_SEATS, f"The {deck.capitalize()} deck "
                                      f"holds {len(contents[deck])} cards; {seats} mages may "
                                      f"need {need} health cards from it."))
    return problems


def sample_pack() -> DeckDoc:
    """Every card of the set once: the shape of MAGEWARS.md's sample pack, which the rule
    tests build their tables from (one instance per card)."""
    return {"game": "mage_wars", "format": FORMAT, "name": "Sample pack",
            "entries": [{"card": card_id, "count": 1} for card_id in CARDS], "extra": {}}


def standard_pack() -> DeckDoc:
    """The pack a group plays with (issue 33): every card of the set, in the copy counts of
    the card file's `standard_pack` (cheap resources and common spells several times, mages
    and structures once), over 150 cards in the six decks."""
    return {"game": "mage_wars", "format": FORMAT, "name": "Standard pack",
            "entries": [{"card": card_id, "count": count}
                        for card_id, count in STANDARD_COUNTS.items()], "extra": {}}
