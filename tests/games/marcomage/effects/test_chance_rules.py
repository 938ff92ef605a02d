"""How the original engine plays the cards of chance (CLARIFICATIONS C-FX-12 to C-FX-17,
C-FLAG-7, C-TOK-7): one or more seeded tests per rule, with decks and hands chosen so the
rule decides the outcome. The per-card tests live beside each card's other tests."""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE, UNCOMMON, Card, card_ids
from marcomage.games.marcomage.state import Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 60
SEEDS = range(1, 31)
MY_DECK = DECK
THEIR_DECK = (card_ids(COMMON)[15:30], card_ids(UNCOMMON)[15:30], card_ids(RARE)[15:30])
"""Two decks with no card in common, so a card in a hand tells which deck it came from."""
MY_CARDS = {c for pool in MY_DECK for c in pool}
THEIR_CARDS = {c for pool in THEIR_DECK for c in pool}
MERCHANT, CARAVAN, PALISADE = 273, 23, 297
BARBARIAN, SWORDSMAN = 45, 20
FANATIC, BRIGANDS = 340, {c.id for c in CARDS if c.kw & KW.BRIGAND}


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, *,
        mode: int = 0, seed: int = 1) -> tuple[Player, Player]:
    """Play `card` from slot 1; both players are rich and draw from disjoint decks."""
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    game = duel(me={**rich, "deck": MY_DECK, **(me or {})},
                opp={**rich, "deck": THEIR_DECK, **(opp or {})}, seed=seed)
    play(game, card, mode=mode)
    return game.players[0], game.players[1]


def first(fits: Any) -> Card:
    """The first card of the database that fits."""
    return next(c for c in CARDS if c.id > 0 and fits(c))


# --- C-FX-12: refill first ----------------------------------------------------------------

def test_c_fx_12_micramix_hands_over_my_fresh_card() -> None:
    """152 Micramix: the played slot is drawn from my deck first, so the enemy ends with
    that card at the played position and I keep theirs there, with no second draw."""
    theirs = [BARBARIAN, SWORDSMAN, CARAVAN, MERCHANT, PALISADE, 1, 2, 18]
    for seed in SEEDS:
        me, opp = run(152, dict(hand=[GOBLIN] * 8), dict(hand=theirs), seed=seed)
        assert opp.hand[0] in MY_CARDS and opp.hand[1:] == [GOBLIN] * 7
        assert me.hand == theirs
        assert all(me.new) and all(opp.new)


def test_c_fx_12_played_slot_is_never_recorded_in_a_pile() -> None:
    """251 Tribute with a deck of Commons only: the fresh card is my one non-rare card, so
    it is what I discard; it enters no pile (C-DISC-2), and the enemy discards one too."""
    commons = card_ids(COMMON)[:15]
    rares = list(card_ids(RARE)[:7])
    for seed in SEEDS:
        me, opp = run(251, dict(hand=[GOBLIN, *rares], deck=(commons, commons, commons)),
                      seed=seed)
        assert me.discarded_own == [] and me.hand[1:] == rares
        assert me.hand[0] in commons and len(me.discarded_opp) == 1
        assert sum(opp.new) == 1


@pytest.mark.parametrize("card, replaced_by", [(342, {FANATIC}), (472, BRIGANDS)])
def test_c_fx_12_played_slot_can_be_replaced_by_the_list(card: int, replaced_by: set[int]
                                                           ) -> None:
    """342 Heresy and 472 Pirate bay: the fresh card of the played slot is one of the
    candidates, so it sometimes ends as a Fanatic or a Brigand."""
    ends = [run(card, seed=s)[0].hand[0] for s in range(1, 61)]
    assert any(c in replaced_by for c in ends)
    assert any(c in MY_CARDS for c in ends)


def test_c_fx_12_call_of_the_wilds_pays_for_the_fresh_card() -> None:
    """347 Call of the wilds with seven Beasts in hand: only the fresh card can be
    replaced, and it costs 2 stock exactly when it was not a Beast."""
    beasts = [c.id for c in CARDS if c.kw & KW.BEAST and c.rarity == COMMON][:7]
    paid = set()
    for seed in range(1, 61):
        me, _ = run(347, dict(hand=[GOBLIN, *beasts]), seed=seed)
        assert me.hand[1:] == beasts and CARDS[me.hand[0]].has(KW.BEAST)
        cost = RICH - me.bricks + me.quarry
        if cost == 0:  # the fresh card was a Beast of my deck, and stayed
            assert me.hand[0] in MY_CARDS
        paid.add(cost)
    assert paid == {0, 2}


# --- C-FX-13 ------------------------------------------------------------------------------

def test_c_fx_13_dont_be_hasty_discards_the_new_played_card_too() -> None:
    """365 on my extra turn after a Quick card: the played slot is new, so it is one of
    the three cards paid for."""
    game = duel(me=dict(history=[(145, 0, True)], new=(1, 3, 4)), seed=3)
    play(game, 365)
    me = game.players[0]
    assert (me.bricks, me.gems, me.recruits) == (15 - 3 + 3, 5 - 3 + 3, 10 - 3 + 3)


# --- C-FX-14: a text that names no hand acts on both -------------------------------------

def test_c_fx_14_sheath_your_swords_replaces_in_both_hands() -> None:
    peaceful = {MERCHANT, CARAVAN, PALISADE}
    for seed in SEEDS:
        me, opp = run(386, dict(hand=[GOBLIN, BARBARIAN, *[GOBLIN] * 6]),
                      dict(hand=[SWORDSMAN, BARBARIAN, *[GOBLIN] * 6]), seed=seed)
        assert me.hand[1] in peaceful and set(opp.hand[:2]) <= peaceful
        assert me.discarded_opp == [SWORDSMAN, BARBARIAN] and me.discarded_own == [BARBARIAN]
        assert opp.new[:2] == [True, True] and not any(opp.new[2:])


def test_c_fx_16_sheath_your_swords_list_pick_uses_anti_flood() -> None:
    """Six Merchants in the other slots: a Merchant is accepted with probability 1/64, so
    the Barbarian becomes a Caravan or a Palisade wall nearly always."""
    picks = [run(386, dict(hand=[GOBLIN, BARBARIAN, *[MERCHANT] * 6]), seed=s)[0].hand[1]
             for s in range(1, 101)]
    assert picks.count(MERCHANT) <= 5
    assert {CARAVAN, PALISADE} <= set(picks)


# --- C-FX-16: the "different" refill after an opponent discard ---------------------------

def _plain() -> int:
    return first(lambda c: c.kw == 0 and c.rarity == COMMON and c.cost_total == 1).id


def _cases() -> list[tuple[int, int, int]]:
    """(card, mode, discarded card X) for each card whose enemy discard refills with D."""
    keyworded = first(lambda c: c.kw & KW.SOLDIER and c.rarity == COMMON).id
    legend = first(lambda c: c.kw & KW.LEGEND).id
    rare_dragon = first(lambda c: c.kw & KW.DRAGON and c.rarity == RARE).id
    frenzy = first(lambda c: c.kw & KW.FRENZY).id
    costly = first(lambda c: c.kw == 0 and c.cost_total >= 30).id
    return [(316, 1, costly), (414, 1, GOBLIN), (51, 0, keyworded), (270, 1, costly),
            (280, 1, costly), (373, 1, costly), (408, 0, legend), (409, 0, rare_dragon),
            (433, 0, costly), (510, 0, frenzy)]


@pytest.mark.parametrize("card, mode, x", _cases())
def test_c_fx_16_enemy_refill_differs_from_the_discarded_card(card: int, mode: int, x: int
                                                             ) -> None:
    """The enemy's deck is 14 copies of X and one other card per rarity: a normal refill
    would bring X back nearly every time, the different draw never does."""
    other = _plain()
    deck = tuple((x,) * 14 + (other,) for _ in range(3))
    hand = [x, *[first(lambda c: c.kw == 0 and c.cost_total == 5).id] * 7]
    for seed in range(1, 11):
        me, opp = run(card, opp=dict(hand=hand, deck=deck), mode=mode, seed=seed)
        assert x in me.discarded_opp, CARDS[card].name
        assert opp.hand[0] == other, CARDS[card].name


# --- C-FX-17: card-specific readings ------------------------------------------------------

def test_c_fx_17_lich_discards_the_enemy_card_at_the_selected_position() -> None:
    theirs = [BARBARIAN, SWORDSMAN, CARAVAN, MERCHANT, PALISADE, 1, 2, 18]
    for mode in range(1, 9):
        me, _ = run(316, opp=dict(hand=theirs), mode=mode)
        assert me.discarded_opp == [theirs[mode - 1]]


def test_c_fx_17_necromancy_amplifier_upgrades_the_first_uncommon_only() -> None:
    """Two Uncommon Undead: the first in slot order becomes Rare, the second stays; each
    Common Undead becomes Uncommon; every upgraded slot is flagged new (C-FLAG-7)."""
    vampire, host, ghoul = 28, 88, 112
    for seed in SEEDS:
        me, _ = run(307, dict(hand=[GOBLIN, GOBLIN, vampire, ghoul, host, *[GOBLIN] * 3]),
                    seed=seed)
        upgraded = [CARDS[c] for c in me.hand[2:5]]
        assert all(c.has(KW.UNDEAD) for c in upgraded)
        assert [c.rarity for c in upgraded] == [RARE, UNCOMMON, UNCOMMON]
        assert me.hand[4] == host
        assert me.new[2:5] == [True, True, False]  # C-FLAG-7


def test_c_fx_17_valley_counts_each_keyword() -> None:
    """429: Elf enchantress (Alliance and Mage) counts twice, so my 2 beat the enemy's one
    Alliance card and only I gain a facility."""
    enchantress, griffin = 136, 25
    assert CARDS[enchantress].has(KW.ALLIANCE) and CARDS[enchantress].has(KW.MAGE)
    me, opp = run(429, dict(hand=[GOBLIN, enchantress, *[GOBLIN] * 6]),
                  dict(hand=[griffin, *[GOBLIN] * 7]))
    assert me.quarry + me.magic + me.dungeons == 10
    assert opp.quarry + opp.magic + opp.dungeons == 9


def test_c_fx_17_veteran_militia_never_draws_itself_or_the_selected_card() -> None:
    """513 from my own deck: its Uncommons here are Veteran militia, the selected card and
    one other card, so the replacement is always that other card."""
    vampire, other = 28, 3
    uncommons = (513, vampire, other, *[513] * 12)
    for seed in SEEDS:
        me, _ = run(513, dict(hand=[GOBLIN, vampire, *[GOBLIN] * 6],
                              deck=(DECK[0], uncommons, DECK[2])), mode=2, seed=seed)
        assert me.hand[1] == other and me.new[1]


# --- C-TOK-7: Ranger replacing its own slot ------------------------------------------------

def test_c_tok_7_ranger_on_its_own_slot_keeps_the_soldier_bonus() -> None:
    """394 Ranger (Alliance, Soldier) selecting its own slot: the played card stays until
    the refill (C-SLOT-1), so each other Soldier in hand earns the bonus gain."""
    alone = run(394, dict(hand=[GOBLIN] * 8, tokens={"Soldier": 0}), mode=1)[0]
    with_two = run(394, dict(hand=[GOBLIN, SWORDSMAN, SWORDSMAN, *[GOBLIN] * 5],
                             tokens={"Soldier": 0}), mode=1)[0]
    bonus = with_two.tokens[0] - alone.tokens[0]
    assert alone.tokens[0] > 0 and bonus > 0 and bonus % 2 == 0
