"""The five combinable card pool filters of the manual's "Deck building" and the name search."""

from __future__ import annotations

from marcomage.games.marcomage.cards import CARDS, COMMON, RARE
from marcomage.web.rulesets.marcomage.filters import ADVANCED, CardFilter, pool


def ids(**chosen: str) -> set[int]:
    return {card.id for card in pool(CardFilter(**chosen))}


def test_no_filter_gives_every_real_card_by_name() -> None:
    cards = pool(CardFilter())
    assert len(cards) == len(CARDS) - 1 and 0 not in {c.id for c in cards}
    names = [c.name.casefold() for c in cards]
    assert names == sorted(names)


def test_class_filter_selects_one_rarity() -> None:
    assert ids(cls="rare") == {c.id for c in CARDS if c.rarity == RARE}
    assert ids(cls="common") == {c.id for c in CARDS if c.rarity == COMMON}


def test_keyword_filter_selects_cards_with_the_keyword_or_any_or_none() -> None:
    holy = ids(keyword="Holy")
    assert holy and all("Holy" in CARDS[c].keywords for c in holy)
    assert ids(keyword="any") | ids(keyword="none") == ids()
    assert not ids(keyword="any") & ids(keyword="none")
    assert ids(keyword="Charge") == {c.id for c in CARDS if c.charge}


def test_cost_filter_selects_by_the_resources_paid() -> None:
    gems = ids(cost="gems")
    assert gems and all(CARDS[c].gems and not CARDS[c].bricks and not CARDS[c].recruits
                        for c in gems)
    assert all(CARDS[c].cost_total == 0 for c in ids(cost="zero"))
    mixed = ids(cost="mixed")
    assert all(sum(1 for x in (CARDS[c].bricks, CARDS[c].gems, CARDS[c].recruits) if x) >= 2
               for c in mixed)
    kinds = ("bricks", "gems", "recruits", "mixed", "zero")
    assert sum(len(ids(cost=kind)) for kind in kinds) == len(CARDS) - 1


def test_advanced_filter_selects_by_the_effect_text() -> None:
    attack = ids(advanced="attack")
    assert attack and all("Attack:" in CARDS[c].text for c in attack)
    assert all(ids(advanced=key) for key in ADVANCED)  # every choice finds something
    wall = ids(advanced="wall-up")
    assert 1 in wall  # Basic wall: "Wall: +3"


def test_support_filter_selects_cards_whose_text_names_the_keyword() -> None:
    supporting = ids(support="Brigand")
    assert supporting
    assert all("Brigand" in CARDS[c].text for c in supporting)


def test_filters_combine() -> None:
    both = ids(cls="uncommon", keyword="Soldier", cost="recruits")
    assert both == ids(cls="uncommon") & ids(keyword="Soldier") & ids(cost="recruits")
    assert both


def test_name_search_ignores_case_and_unknown_values_are_off() -> None:
    assert ids(name="basic WALL") == {1}
    params = {"cls": "legendary", "keyword": "<script>", "cost": "x", "name": " wall "}
    card_filter = CardFilter.from_params(params, default_class="common")
    assert card_filter == CardFilter(cls="common", name="wall")
