"""Keywords and token counters (C-KW, C-TOK), run after the card's effect in the
manual's order: category keywords first, then effect keywords (C-TURN-8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from marcomage.platform.rounding import div_round

from .cards import (
    CARDS,
    COMMON,
    DRAGON_EGG,
    KW,
    PURIFIED_ASHES,
    RARE,
    SEARING_FIRE,
    TOKEN_GAINS,
    Card,
)
from .context import Turn, ids_where
from .effects.patterns import random_tied
from .state import Player

BY_RARITY_DEVASTATION: Final = (3, 8, 15)  # Barbarian (C-KW-3)
BY_RARITY_FIERCE_ATTACK: Final = (2, 5, 10)  # Beast (C-KW-4)
BY_RARITY_ROBBERY: Final = (1, 2, 3)  # Brigand (C-KW-5)
BY_RARITY_PURIFICATION: Final = (1, 2, 3)  # Holy, by the replaced card (C-KW-9)
BY_RARITY_ARTIFICIAL_WORKERS: Final = (2, 3, 4)  # Unliving (C-KW-18)
REBIRTH_BURNING_CARDS: Final = 4  # "greater then 3" (C-KW-24)
TOKEN_THRESHOLD: Final = 100


def token_fires(t: Turn, keyword: int, name: str) -> bool:
    """Raise the counter of a token keyword, if the deck counts it (C-TOK-2), and say
    whether it reached 100 (then it resets to 0 and the side effect happens, C-TOK-3)."""
    me = t.me
    try:
        i = me.token_names.index(name)
    except ValueError:
        return False
    basic, bonus = TOKEN_GAINS[name]
    me.tokens[i] += basic + bonus * (t.count(keyword) - 1)
    if me.tokens[i] >= TOKEN_THRESHOLD:
        me.tokens[i] = 0
        return True
    return False


def combo(t: Turn, keyword: int) -> bool:
    """"Played after playing a different, non-common X card" (C-KW-2, C-HIST-4)."""
    last = CARDS[t.me.last_played]
    return last.kw & keyword != 0 and last.rarity != COMMON and last.id != t.card.id


def pick_target(t: Turn, player: Player, fits: Callable[[Card], bool]) -> int | None:
    """A slot of `player` whose card fits, preferring the highest rarity present and
    choosing uniformly among equals (C-KW-6, C-KW-9, C-KW-22); None if none fits."""
    slots = [i for i, c in enumerate(player.hand) if fits(CARDS[c])]
    if not slots:
        return None
    top = max(CARDS[player.hand[i]].rarity for i in slots)
    best = [i for i in slots if CARDS[player.hand[i]].rarity == top]
    return best[t.random(len(best))]


# --- category keywords ------------------------------------------------------------

def alliance(t: Turn) -> None:
    if token_fires(t, KW.ALLIANCE, "Alliance"):
        t.production(2)  # Arcane knowledge


def aqua(t: Turn) -> None:
    if combo(t, KW.AQUA):
        t.me.tower += 5
        t.me.wall += 5
        t.stock(t.opp, -5)


def barbarian(t: Turn) -> None:
    if token_fires(t, KW.BARBARIAN, "Barbarian"):
        t.opp.wall -= BY_RARITY_DEVASTATION[t.card.rarity]


def beast(t: Turn) -> None:
    if token_fires(t, KW.BEAST, "Beast"):
        t.attack(BY_RARITY_FIERCE_ATTACK[t.card.rarity])


def brigand(t: Turn) -> None:
    if token_fires(t, KW.BRIGAND, "Brigand"):
        k = BY_RARITY_ROBBERY[t.card.rarity]
        t.stock(t.me, k)
        t.stock(t.opp, -k)


def burning(t: Turn) -> None:
    if token_fires(t, KW.BURNING, "Burning"):  # Fire blast
        rank = t.card.rarity
        slot = pick_target(t, t.opp, lambda c: not c.kw & KW.BURNING and c.rarity <= rank)
        if slot is not None:
            t.replace(t.opp, slot, SEARING_FIRE)


def destruction(t: Turn) -> None:
    if combo(t, KW.DESTRUCTION):
        o = t.opp
        facilities = [o.quarry, o.magic, o.dungeons]
        if max(facilities) > 3:
            i = random_tied(t, facilities, max(facilities))
            setattr(o, ("quarry", "magic", "dungeons")[i], facilities[i] - 1)
        else:
            stock = [o.bricks, o.gems, o.recruits]
            i = random_tied(t, stock, max(stock))
            setattr(o, ("bricks", "gems", "recruits")[i], stock[i] - 10)


def dragon(t: Turn) -> None:
    if t.count(KW.DRAGON) >= 2:
        if DRAGON_EGG in t.me.hand:
            t.fg *= 2
        else:
            t.next_card = DRAGON_EGG


def holy(t: Turn) -> None:
    if token_fires(t, KW.HOLY, "Holy"):  # Purification
        rank = t.card.rarity
        slot = pick_target(t, t.opp, lambda c: c.kw & KW.UNDEAD != 0 and c.rarity <= rank)
        if slot is not None:
            t.stock(t.me, BY_RARITY_PURIFICATION[CARDS[t.opp.hand[slot]].rarity])
            t.replace(t.opp, slot, PURIFIED_ASHES)


def illusion(t: Turn) -> None:
    if combo(t, KW.ILLUSION):
        t.next_from(t.opp.deck[RARE])


def legend(t: Turn) -> None:
    hand = t.me.hand
    if any(CARDS[c].rarity == RARE for i, c in enumerate(hand) if i != t.slot):
        name = ("quarry", "magic", "dungeons")[t.random(3)]
        setattr(t.me, name, getattr(t.me, name) + 1)


def mage(t: Turn) -> None:
    if token_fires(t, KW.MAGE, "Mage"):  # Willpower
        if t.me.magic - t.opp.magic < 2:
            t.me.magic += 1
        else:
            t.me.gems += 10


def nature(t: Turn) -> None:
    if combo(t, KW.NATURE):
        t.next_from(ids_where(KW.NATURE, (RARE,)))


def restoration(t: Turn) -> None:
    if combo(t, KW.RESTORATION):
        me = t.me
        facilities = [me.quarry, me.magic, me.dungeons]
        if min(facilities) < 3:
            i = random_tied(t, facilities, min(facilities))
            setattr(me, ("quarry", "magic", "dungeons")[i], facilities[i] + 1)
        else:
            stock = [me.bricks, me.gems, me.recruits]
            i = random_tied(t, stock, min(stock))
            setattr(me, ("bricks", "gems", "recruits")[i], stock[i] + 10)


def soldier(t: Turn) -> None:
    if token_fires(t, KW.SOLDIER, "Soldier"):  # Veteran troops
        t.me.recruits += div_round(t.card.recruits, 2)


def titan(t: Turn) -> None:
    if token_fires(t, KW.TITAN, "Titan"):  # Titan's will
        t.next_from(ids_where(KW.TITAN))


def undead(t: Turn) -> None:
    if token_fires(t, KW.UNDEAD, "Undead"):  # Eternal servitude
        card = t.card
        t.me.bricks += div_round(card.bricks, 3)
        t.me.gems += div_round(card.gems, 3)
        t.me.recruits += div_round(card.recruits, 3)


def unliving(t: Turn) -> None:
    if token_fires(t, KW.UNLIVING, "Unliving"):  # Artificial workers
        t.fb *= BY_RARITY_ARTIFICIAL_WORKERS[t.card.rarity]


# --- effect keywords --------------------------------------------------------------

def durable(t: Turn) -> None:
    t.next_card = t.card.id


def quick(t: Turn) -> None:
    t.next_player = t.me_index
    t.fb = t.fg = t.fr = 0  # C-PROD-3: overrides every earlier factor


def swift(t: Turn) -> None:
    t.next_player = t.me_index


def _discard_enemy(t: Turn, target_keyword: int) -> Card | None:
    """Banish / Skirmisher targeting (C-KW-22/23): Common reaches Uncommon, above any."""
    reach = t.card.rarity + 1
    slot = pick_target(t, t.opp, lambda c: c.kw & target_keyword != 0 and c.rarity <= reach)
    if slot is None:
        return None
    target = CARDS[t.opp.hand[slot]]
    if t.card.rarity == RARE:
        if target_keyword == KW.DURABLE:
            t.me.bricks += target.bricks
            t.me.gems += target.gems
            t.me.recruits += target.recruits
        else:
            t.opp.bricks -= target.bricks
            t.opp.gems -= target.gems
            t.opp.recruits -= target.recruits
    t.discard(t.opp, slot)  # NR for Common and Quick/Swift cards (C-DRAW-10, C-DRAW-11)
    return target


def banish(t: Turn) -> None:
    _discard_enemy(t, KW.DURABLE)


def skirmisher(t: Turn) -> None:
    _discard_enemy(t, KW.CHARGE)


def rebirth(t: Turn) -> None:
    if t.count_in_game(KW.BURNING) >= REBIRTH_BURNING_CARDS:
        t.next_card = t.card.id
        t.me.gems += 16


def flare_attack(t: Turn) -> None:
    mine_odd = t.random(2) == 0
    played_rare = t.card.rarity == RARE
    for owner, start in ((t.me, 0 if mine_odd else 1), (t.opp, 1 if mine_odd else 0)):
        for slot in range(start, 8, 2):
            card = CARDS[owner.hand[slot]]
            if card.kw & KW.BURNING or (card.rarity == RARE and not played_rare):
                continue
            if owner is t.me and slot == t.slot:
                continue
            t.replace(owner, slot, SEARING_FIRE)


def frenzy(t: Turn) -> None:
    if t.count(KW.FRENZY) >= 2:
        t.attack(t.card.recruits)


def enduring(t: Turn) -> None:
    if t.me.last_played == t.card.id:  # C-KW-27 with C-HIST-4
        t.attack(t.card.enduring)


def charge(t: Turn) -> None:
    if t.opp.wall == 0:
        t.opp.tower -= t.card.charge


KEYWORD_ORDER: Final[tuple[tuple[int, Callable[[Turn], None]], ...]] = (
    (KW.ALLIANCE, alliance), (KW.AQUA, aqua), (KW.BARBARIAN, barbarian), (KW.BEAST, beast),
    (KW.BRIGAND, brigand), (KW.BURNING, burning), (KW.DESTRUCTION, destruction),
    (KW.DRAGON, dragon), (KW.HOLY, holy), (KW.ILLUSION, illusion), (KW.LEGEND, legend),
    (KW.MAGE, mage), (KW.NATURE, nature), (KW.RESTORATION, restoration),
    (KW.SOLDIER, soldier), (KW.TITAN, titan), (KW.UNDEAD, undead), (KW.UNLIVING, unliving),
    (KW.DURABLE, durable), (KW.QUICK, quick), (KW.SWIFT, swift), (KW.BANISH, banish),
    (KW.SKIRMISHER, skirmisher), (KW.REBIRTH, rebirth), (KW.FLARE_ATTACK, flare_attack),
    (KW.FRENZY, frenzy), (KW.ENDURING, enduring), (KW.CHARGE, charge),
)
"""Every keyword with its behaviour, in execution order (C-TURN-8)."""


def apply_keywords(t: Turn) -> None:
    """Run the played card's keywords in the manual's order."""
    kw = t.card.kw
    if kw:
        for bit, run in KEYWORD_ORDER:
            if kw & bit:
                run(t)
