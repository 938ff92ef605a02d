"""The turn in progress: who acts, which card, the snapshots the rules read, and the
vocabulary card effects are written in (`t.attack(7)`, `t.me.wall += 3`, ...)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Final

from . import draw
from .cards import CARDS, COMMON, KW, Card
from .state import ATTRIBUTES, Entry, Game, Player

DRAW: Final = -1
"""`Turn.next_card` default: refill the played slot by the normal procedure (C-SLOT-1b)."""
KEEP: Final = 0
"""`Turn.next_card` value meaning "no draw": the slot keeps what it holds (C-SLOT-1c)."""

_ATTR_INDEX: Final = {name: i for i, name in enumerate(ATTRIBUTES)}


@cache
def ids_where(
    keyword: int = 0, rarities: tuple[int, ...] = (0, 1, 2), predicate: str = ""
) -> tuple[int, ...]:
    """Ids of all cards in the card database with a keyword (0 = any) and rarity."""
    test = _PREDICATES[predicate]
    return tuple(
        c.id for c in CARDS
        if c.rarity in rarities and (keyword == 0 or c.kw & keyword) and test(c)
    )


@cache
def ids_named(*names: str) -> tuple[int, ...]:
    """Ids of the cards with these names, in the order named."""
    by_name = {c.name: c.id for c in CARDS}
    return tuple(by_name[name] for name in names)


def card_named(name: str) -> int:
    """The id of the card with this name."""
    return ids_named(name)[0]


def stock_lowered_last_round(t: Turn) -> bool:
    """"Opponent lowered your stock last round": any resource of mine fell (C-HIST-5)."""
    return any(t.last_round_change(r) < 0 for r in ("bricks", "gems", "recruits"))


_PREDICATES: Final[dict[str, Callable[[Card], bool]]] = {
    "": lambda c: True,
    "zero cost": lambda c: c.cost_total == 0,
}


class Turn:
    """One play or discard being carried out, as card effects and keywords see it."""

    __slots__ = (
        "card", "extra", "fb", "fg", "fr", "game", "last_me", "last_opp", "me", "me_index",
        "mode", "new_before_me", "new_before_opp", "next_card", "next_player", "opp",
        "prev_changes_me", "prev_changes_opp", "prev_discarded_opp", "prev_discarded_own",
        "slot", "slot_open",
    )

    def __init__(self, game: Game, slot: int, mode: int) -> None:
        self.game = game
        self.me_index = game.current
        self.me: Player = game.players[game.current]
        self.opp: Player = game.players[1 - game.current]
        self.slot = slot
        self.mode = mode
        self.card: Card = game.card(self.me.hand[slot], self.me_index)
        # C-TURN-2 snapshots, taken before the start-of-round reset.
        self.last_me: Entry = self.me.history[-1]
        self.last_opp: Entry = self.opp.history[-1]
        self.extra = (
            self.last_me.played and CARDS[self.last_me.card].kw & (KW.QUICK | KW.SWIFT) != 0
        )
        self.new_before_me = self.me.new[:]
        self.new_before_opp = self.opp.new[:]
        self.prev_changes_me = self.me.changes[:]
        self.prev_changes_opp = self.opp.changes[:]
        self.prev_discarded_own = self.me.discarded_own[:]
        self.prev_discarded_opp = self.me.discarded_opp[:]
        # C-TURN-4 defaults.
        self.fb = self.fg = self.fr = 1
        self.next_player = 1 - game.current
        self.next_card: int | tuple[int, ...] = DRAW
        self.slot_open = False
        """Whether the played slot is an ordinary slot of my hand for the effect (C-FX-12)."""

    # --- what the turn knows -------------------------------------------------------

    @property
    def pos(self) -> int:
        """The played slot, 1..8 as the rules number it."""
        return self.slot + 1

    @property
    def selected(self) -> int:
        """The slot (0-based) a "Select a card" card's mode names, in my hand or the
        enemy's as the text says (C-FX-5)."""
        return self.mode - 1

    @property
    def is_new(self) -> bool:
        """"If New": the played card had the NEW CARD flag (C-FLAG-4)."""
        return self.new_before_me[self.slot]

    @property
    def matching(self) -> Card:
        """The matching card: the opponent's card in the played slot's position (C-FX-4)."""
        return CARDS[self.opp.hand[self.slot]]

    @property
    def matching_is_new(self) -> bool:
        return self.new_before_opp[self.slot]

    @property
    def last_played(self) -> Card:
        """"Last card played": the most recent card this player played (C-HIST-4)."""
        return CARDS[self.me.last_played]

    @property
    def last_card(self) -> Entry:
        """"Last card": this player's most recent action, played or discarded (C-HIST-3)."""
        return self.last_me

    def last_round_change(self, attribute: str, *, mine: bool = True) -> int:
        """What the opponent's last round changed (C-HIST-5): 0 on an extra turn."""
        if self.extra:
            return 0
        changes = self.prev_changes_me if mine else self.prev_changes_opp
        return changes[_ATTR_INDEX[attribute]]

    @property
    def refill_no_rare(self) -> bool:
        """Whether deck refills caused by this card avoid rares (C-DRAW-9..11)."""
        return self.card.rarity == COMMON or self.card.kw & (KW.QUICK | KW.SWIFT) != 0

    def count(self, keyword: int, player: Player | None = None) -> int:
        """Number of cards with a keyword in a hand (the played card counts, C-FX-8)."""
        hand = (player or self.me).hand
        return sum(1 for c in hand if CARDS[c].kw & keyword)

    def count_in_game(self, keyword: int) -> int:
        """Number of cards with a keyword in both hands (C-FX-7)."""
        return self.count(keyword, self.me) + self.count(keyword, self.opp)

    # --- effects on attributes ------------------------------------------------------

    def attack(self, damage: int, target: Player | None = None) -> None:
        """Attack: wall first, the rest on the tower (C-DMG-1)."""
        p = target or self.opp
        if damage <= 0:
            return
        if p.wall > 0:
            if damage > p.wall:
                p.tower -= damage - p.wall
                p.wall = 0
            else:
                p.wall -= damage
        else:
            p.tower -= damage

    @staticmethod
    def stock(player: Player, amount: int) -> None:
        """Stock: +N (each of Bricks, Gems and Recruits, C-FX-2)."""
        player.bricks += amount
        player.gems += amount
        player.recruits += amount

    @staticmethod
    def facilities(player: Player, amount: int) -> None:
        """Facilities: +N (each of Quarry, Magic and Dungeons, C-FX-2)."""
        player.quarry += amount
        player.magic += amount
        player.dungeons += amount

    def production(self, factor: int) -> None:
        """Production xN (C-PROD-2)."""
        self.fb *= factor
        self.fg *= factor
        self.fr *= factor

    # --- effects on hands -----------------------------------------------------------

    def next_from(self, ids: Sequence[int]) -> None:
        """Next card received will be one of these (drawn with anti-flood at refill)."""
        self.next_card = tuple(ids)

    def replace(self, player: Player, slot: int, card_id: int) -> None:
        """Put a named card into a slot: no draw, the owner's NEW flag, not revealed."""
        player.hand[slot] = card_id
        player.new[slot] = True
        player.revealed[slot] = False

    def discard(self, player: Player, slot: int, *, no_rare: bool | None = None,
                different: bool = False) -> int:
        """Discard a card from hand and refill the slot from its owner's deck (C-FX-6).

        Returns the discarded card's id."""
        old = player.hand[slot]
        rare_ok = not (self.refill_no_rare if no_rare is None else no_rare)
        player.hand[slot] = draw.from_deck(
            self.game.rng, player.deck, player.hand, slot, no_rare=not rare_ok,
            differ_from=old if different else -1,
        )
        player.new[slot] = True
        player.revealed[slot] = False
        return old

    def refill_first(self) -> None:
        """Draw the played slot's replacement now, from my deck by the normal draw with
        anti-flood, and skip the end-of-turn refill (C-FX-12): for the rest of the effect the
        played slot holds that fresh card and is an ordinary slot of my hand."""
        me, slot = self.me, self.slot
        me.hand[slot] = draw.from_deck(self.game.rng, me.deck, me.hand, slot)
        me.new[slot] = True
        self.next_card = KEEP
        self.slot_open = True

    def pick_from(self, player: Player, ids: Sequence[int], slot: int) -> int:
        """A card from a list for a slot of `player`'s hand, with anti-flood (C-DRAW-5)."""
        return draw.from_list(self.game.rng, ids, player.hand, slot)

    def random(self, n: int) -> int:
        """A uniform integer in 0..n-1 from the game's random source."""
        return self.game.rng.below(n)
