"""Issue 34: the card pool as data (at least 120 original cards of every kind, star rating
and rarity, AR-DECK-5), no card strictly worse than another of the same cost and kind, and
at least four legal starter decks with different plans."""

from __future__ import annotations

from collections import Counter
from typing import Any

from marcomage.games.arcana.cards import (
    CARDS,
    CREATURE,
    RARITIES,
    RUNE,
    STARTER_PLANS,
    TYPES,
    WARD,
    CardDef,
)
from marcomage.games.arcana.ruleset import RULESET

CONDITION_REACH = {"any": 2, "": 2}
"""A rune usable at any time can do all a rune waiting for one event can (rank 2 against 1);
two different events are not comparable."""


def test_issue_34_pool_has_120_cards_of_every_kind_and_rarity() -> None:
    assert len(CARDS) >= 120
    assert len({c.name for c in CARDS.values()}) == len(CARDS)   # names are unique
    kinds = Counter(c.kind for c in CARDS.values())
    assert kinds[CREATURE] >= 60 and kinds[RUNE] >= 30 and kinds[WARD] >= 15
    creatures = [c for c in CARDS.values() if c.kind == CREATURE]
    stars = Counter(c.stars for c in creatures)
    assert stars[1] >= 30 and stars[2] >= 12 and stars[3] >= 10
    assert len(TYPES) >= 6 and {c.type for c in creatures} == set(TYPES)
    for t in TYPES:   # every type has creatures of each star rating to tribute with
        assert {c.stars for c in creatures if c.type == t} == {1, 2, 3}
    timings = Counter(c.timing for c in creatures if c.effect)
    assert timings["flip"] >= 5 and timings["summon"] >= 5 and timings["attack"] >= 5
    runes = [c for c in CARDS.values() if c.kind == RUNE]
    assert {r.condition for r in runes} >= {"any", "attacked", "attacks", "opponent_attacks",
                                            "summoned", "chain"}
    wards = [c for c in CARDS.values() if c.kind == WARD]
    assert sum(w.relic for w in wards) >= 6
    assert {c.rarity for c in CARDS.values()} == set(RARITIES) == {"common", "rare", "mythic"}
    assert Counter(c.rarity for c in CARDS.values())["mythic"] >= 10


def _effect_at_most(a: dict[str, Any], b: dict[str, Any], a_cond: str, b_cond: str) -> bool:
    """True if effect a does no more than effect b: the same operation on the same things,
    every number no larger in size (and of the same sign), b at least as free to use."""
    if a_cond != b_cond and CONDITION_REACH.get(b_cond, 1) <= CONDITION_REACH.get(a_cond, 1):
        return False
    words = {k for k in a.keys() | b.keys() if not isinstance(a.get(k, b.get(k)), int)
             or isinstance(a.get(k, b.get(k)), bool)}
    if any(a.get(k) != b.get(k) for k in words):
        return False
    for key in (a.keys() | b.keys()) - words:
        x, y = int(a.get(key, 0)), int(b.get(key, 0))
        if x * y < 0 or abs(x) > abs(y):
            return False
    return True


def _strictly_worse(a: CardDef, b: CardDef) -> bool:
    """a is worse than or the same as b in every way, at the same cost and kind: the same
    kind, star rating and type (a creature) or relic flag (a ward), power and toughness no
    higher, and an effect no better (none at all counts as no better than any)."""
    if a.id == b.id or a.kind != b.kind:
        return False
    if a.kind == CREATURE and (a.stars, a.type) != (b.stars, b.type):
        return False
    if a.kind == WARD and a.relic != b.relic:
        return False
    if a.power > b.power or a.toughness > b.toughness:
        return False
    if not a.effect:
        return True
    return bool(b.effect) and _effect_at_most(a.effect, b.effect, a.condition or "any",
                                              b.condition or "any")


def test_issue_34_no_card_is_strictly_worse_than_another_of_its_cost_and_kind() -> None:
    worse = [(a.name, b.name) for a in CARDS.values() for b in CARDS.values()
             if _strictly_worse(a, b)]
    assert worse == []


def test_issue_34_the_dominance_check_catches_a_worse_card() -> None:
    """The check above is not vacuous: a 1-star Flame 2/1 with no text is worse than Ember
    Whelp (3/1), and a Wither giving -1/-1 is worse than Wither (-2/-2)."""
    whelp = next(c for c in CARDS.values() if c.name == "Ember Whelp")
    wither = next(c for c in CARDS.values() if c.name == "Wither")
    weak = CardDef(999, "Weak", CREATURE, "common", "", stars=1, type="Flame", power=2,
                   toughness=1)
    small = CardDef(998, "Small Wither", RUNE, "common", "", condition="any",
                    effect={**wither.effect, "power": -1, "toughness": -1})
    assert _strictly_worse(weak, whelp) and _strictly_worse(small, wither)
    assert not _strictly_worse(wither, small)


def test_issue_34_four_legal_starter_decks_with_different_plans() -> None:
    starters = RULESET.starter_decks()
    assert len(starters) >= 4
    names = [d["name"] for d in starters]
    assert len(set(names)) == len(names)
    plans = [STARTER_PLANS[n] for n in names]
    for word in ("Aggressive", "Defensive", "Rune control", "Tribute"):
        assert sum(p.startswith(word) for p in plans) == 1, word
    for d in starters:
        assert RULESET.validate_deck(d, "standard") == []
        assert sum(e["count"] for e in d["entries"]) == 30
    big = {c.id for c in CARDS.values() if c.kind == CREATURE and c.stars >= 2}
    bigs = [sum(e["count"] for e in d["entries"] if e["card"] in big) for d in starters]
    tribute = [p.startswith("Tribute") for p in plans].index(True)
    assert bigs[tribute] >= 9 and sorted(bigs)[-2] < bigs[tribute]
    runes = [sum(e["count"] for e in d["entries"] if CARDS[e["card"]].kind == RUNE)
             for d in starters]
    control = [p.startswith("Rune control") for p in plans].index(True)
    assert runes[control] >= 10 and runes[control] == max(runes)
    assert sorted(runes)[-2] < runes[control]
