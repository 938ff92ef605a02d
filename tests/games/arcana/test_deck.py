"""AR-DECK: the standard format's validator and the two sample decks."""

from __future__ import annotations

from marcomage.games.arcana.cards import CARDS, CREATURE, RUNE, WARD
from marcomage.games.arcana.ruleset import RULESET
from marcomage.platform.protocol import DeckDoc

from .build import BY_NAME


def deck(*entries: tuple[str | int, int]) -> DeckDoc:
    return {"game": "arcana", "format": "standard", "name": "t",
            "entries": [{"card": BY_NAME[c] if isinstance(c, str) else c, "count": n}
                        for c, n in entries]}


FILLER = [("Ember Whelp", 3), ("Cinder Scout", 3), ("Tide Runner", 3), ("Reef Warden", 3),
          ("Thornling", 3), ("Bramble Boar", 3), ("Decay", 3), ("Wither", 3),
          ("Iron Band", 3), ("Fang Charm", 3)]


def codes(d: DeckDoc) -> list[str]:
    return [v.code for v in RULESET.validate_deck(d, "standard")]


def test_AR_DECK_1_thirty_to_sixty_cards() -> None:
    assert codes(deck(*FILLER)) == []
    assert codes(deck(*FILLER[:-1])) == ["DECK_TOO_SMALL"]
    big = [*FILLER, ("Mist Diviner", 3), ("Seedcaller", 3), ("Ashen Sentry", 3),
           ("Tornado", 3), ("Quake", 3), ("Stone Skin", 3), ("Mirror Veil", 3),
           ("Flame Drake", 3), ("Grove Stag", 3), ("Tidecaller Serpent", 3),
           ("Elder Treant", 1)]
    problems = RULESET.validate_deck(deck(*big), "standard")
    assert [v.code for v in problems] == ["DECK_TOO_LARGE"]
    assert "61 cards" in problems[0].message


def test_AR_DECK_2_three_copies_by_name() -> None:
    problems = RULESET.validate_deck(deck(*FILLER[1:], ("Ember Whelp", 2),
                                          ("Ember Whelp", 2)), "standard")
    assert [v.code for v in problems] == ["TOO_MANY_COPIES"]
    assert "Ember Whelp" in problems[0].message


def test_AR_DECK_3_one_of_each_three_star_creature() -> None:
    problems = RULESET.validate_deck(deck(*FILLER[1:], ("Inferno Wyrm", 2),
                                          ("Ember Whelp", 1)), "standard")
    assert [v.code for v in problems] == ["THREE_STAR_DUPLICATE"]
    assert "Inferno Wyrm" in problems[0].message


def test_AR_DECK_4_one_of_each_relic_ward() -> None:
    problems = RULESET.validate_deck(deck(*FILLER[1:], ("Crown of Embers", 2),
                                          ("Ember Whelp", 1)), "standard")
    assert [v.code for v in problems] == ["RELIC_DUPLICATE"]
    assert "Crown of Embers" in problems[0].message
    assert CARDS[BY_NAME["Crown of Embers"]].relic and not CARDS[BY_NAME["Iron Band"]].relic


def test_AR_DECK_5_rarity_is_cosmetic() -> None:
    rare = deck(*FILLER[:-1], ("Mist Diviner", 3))    # rare cards, no rarity limit
    assert codes(rare) == []
    assert {c.rarity for c in CARDS.values()} == {"common", "rare", "mythic"}


def test_unknown_card_is_named() -> None:
    problems = RULESET.validate_deck(deck(*FILLER, (999, 1)), "standard")
    assert [v.code for v in problems] == ["UNKNOWN_CARD"]
    assert "999" in problems[0].message


def test_sample_set_of_the_document_is_still_in_the_pool() -> None:
    """ARCANA.md's sample set (ids 1 to 24) keeps its ids, names and numbers inside issue
    34's larger pool, so that old decks and replays still name the same cards."""
    creatures = [c for c in CARDS.values() if c.kind == CREATURE and c.id <= 24]
    assert len(creatures) == 14
    assert sorted(c.stars for c in creatures) == [1] * 9 + [2] * 3 + [3] * 2
    assert all(1 <= c.power <= 4 and 1 <= c.toughness <= 4 for c in creatures if c.stars == 1)
    assert sum(c.timing == "flip" for c in creatures) == 2
    assert max(max(c.power, c.toughness) for c in creatures) in (7, 8)
    assert sum(c.kind == RUNE for c in CARDS.values() if c.id <= 24) == 6
    wards = [c for c in CARDS.values() if c.kind == WARD and c.id <= 24]
    assert len(wards) == 4 and sum(w.relic for w in wards) == 2
    assert (CARDS[15].name, CARDS[16].name, CARDS[13].power) == ("Decay", "Tornado", 8)
    starters = RULESET.starter_decks()
    assert len(starters) >= 4
    for d in starters:
        assert RULESET.validate_deck(d, "standard") == []
