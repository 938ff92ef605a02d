"""Issue 35, the curated card pool: every card has a reason to be in some deck, so none is
strictly worse than (or a copy of) another of the same kind, rarity and EN with the same
concepts (a higher rarity may be stronger: the design rules give it more DP, ET-DESIGN, and
a deck holds fewer of it)."""

from __future__ import annotations

from collections.abc import Callable

from marcomage.games.elder_tale.cards import CLUTTER, Card, Effect, card_set

DRAWBACKS = frozenset({"harm_self"})
"""Effects that cost the player who plays the card: less of them is better."""
BOUNDS = ("intensity", "hits", "rounds", "copies")


def effect_covers(better: Effect, worse: Effect) -> bool:
    """Whether `better` does what `worse` does, at least as much (the same type and target
    deck, resisted type or clutter; every number as high, or as low for a drawback)."""
    if (better.type, better.deck, better.resist, better.clutter) != (
            worse.type, worse.deck, worse.resist, worse.clutter):
        return False
    for bound in BOUNDS:
        mine, theirs = getattr(better, bound), getattr(worse, bound)
        if (mine is None) != (theirs is None):
            return False
        if mine is None:
            continue
        if (mine < theirs) if better.type not in DRAWBACKS else (mine > theirs):
            return False
    return True


def at_least_as_good(better: Card, worse: Card) -> bool:
    """Whether `better` does all that `worse` does for the same EN, rarity and concepts: as
    many hits of at least the value, each of `worse`'s effects matched, and no drawback that
    `worse` lacks."""
    if ((better.kind, better.rarity, better.en, better.required, better.grants)
            != (worse.kind, worse.rarity, worse.en, worse.required, worse.grants)):
        return False
    if better.hits < worse.hits or better.value < worse.value:
        return False
    gains = [[e for e in c.effects if e.type not in DRAWBACKS] for c in (better, worse)]
    costs = [[e for e in c.effects if e.type in DRAWBACKS] for c in (better, worse)]
    # each gain of `worse` has a gain of `better` as large; each drawback of `better` has a
    # drawback of `worse` as large (effect_covers reads a drawback's numbers the other way)
    return (_matched(gains[1], gains[0], lambda offer, need: effect_covers(offer, need))
            and _matched(costs[0], costs[1], lambda offer, need: effect_covers(need, offer)))


def _matched(needs: list[Effect], offers: list[Effect],
             covers: Callable[[Effect, Effect], bool]) -> bool:
    """Whether each effect of `needs` is covered by an effect of `offers` of its own."""
    left = list(offers)
    for need in needs:
        match = next((offer for offer in left if covers(offer, need)), None)
        if match is None:
            return False
        left.remove(match)
    return True

def test_issue_35_no_card_is_strictly_worse_than_another_of_its_rarity_and_cost() -> None:
    cards = [c for c in card_set().cards.values() if c.rarity != CLUTTER]
    dominated = [(worse.id, better.id) for worse in cards for better in cards
                 if better is not worse and at_least_as_good(better, worse)]
    assert dominated == []


def test_the_check_finds_a_weaker_copy() -> None:
    """The check itself: a card with one hit fewer, or a weaker effect, or an extra drawback,
    is found worse than the card it was made from."""
    base = card_set().cards["numbing_haze"]
    weaker = Card(**{**{f: getattr(base, f) for f in Card.__slots__ if f != "custom"},
                     "id": "weaker", "effects": (base.effects[0],
                                                 Effect("attack_down", 1, hits=3))})
    assert at_least_as_good(base, weaker) and not at_least_as_good(weaker, base)
    costly = Card(**{**{f: getattr(base, f) for f in Card.__slots__ if f != "custom"},
                     "id": "costly", "effects": (*base.effects, Effect("harm_self", 2))})
    assert at_least_as_good(base, costly) and not at_least_as_good(costly, base)
    attack = card_set().cards["ember_cut"]
    fewer = Card(**{**{f: getattr(attack, f) for f in Card.__slots__ if f != "custom"},
                    "id": "fewer", "hits": attack.hits - 1})
    assert at_least_as_good(attack, fewer) and not at_least_as_good(fewer, attack)
