"""Where an Arcana card is and what it is worth: looking cards up by uid and zone, a
creature's power and toughness with its modifiers, moving cards to the netherworld or back to
hand, placing creatures and the tributes a summon may take, and the duel's log."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import CARDS, CREATURE, RUNE, CardDef
from .state import Game, Piece

LOG_KEEP = 60
"""Public log lines kept in the state."""


# -- looking things up ------------------------------------------------------------------


def name(card_id: int) -> str:
    return CARDS[card_id].name


def find(g: Game, uid: int) -> tuple[int, str, int, Piece] | None:
    """Where a field card is: (side, "creature" | "rune", zone, piece)."""
    for side, p in enumerate(g.players):
        for z, c in enumerate(p.creatures):
            if c is not None and c.uid == uid:
                return side, CREATURE, z, c
        for z, c in enumerate(p.runes):
            if c is not None and c.uid == uid:
                return side, RUNE, z, c
    return None


def find_ward(g: Game, uid: int) -> tuple[int, int, Piece] | None:
    """The creature a ward is attached to: (side, zone, creature)."""
    for side, p in enumerate(g.players):
        for z, c in enumerate(p.creatures):
            if c is not None and any(w.uid == uid for w in c.wards):
                return side, z, c
    return None


def power(c: Piece) -> int:
    """Power now: base, wards and modifiers, never below 0 (AR-POS-9); a face-down creature
    shows its base only (AR-POS-6)."""
    value = CARDS[c.card].power
    if c.face_up:
        value += sum(CARDS[w.card].power for w in c.wards) + sum(m[0] for m in c.mods)
    return max(0, value)


def toughness(c: Piece) -> int:
    """Toughness now, as `power`."""
    value = CARDS[c.card].toughness
    if c.face_up:
        value += sum(CARDS[w.card].toughness for w in c.wards) + sum(m[1] for m in c.mods)
    return max(0, value)


def is_set_rune(c: Piece | None) -> bool:
    """A rune face down in its zone (activated runes are no longer set, AR-RUNE-5)."""
    return c is not None and not c.face_up and c.active_until == 0


def free_zone(zones: Sequence[Piece | None]) -> int:
    for z, c in enumerate(zones):
        if c is None:
            return z
    return -1


def log(g: Game, text: str) -> None:
    g.log.append(text)
    if len(g.log) > LOG_KEEP:
        del g.log[: len(g.log) - LOG_KEEP]


def who(seat: int) -> str:
    return f"Player {seat + 1}"


# -- moving cards ---------------------------------------------------------------------------


def to_nether(g: Game, c: Piece) -> None:
    """Into the owner's netherworld, back to its base state (AR-NETHER-1, AR-NETHER-2)."""
    for w in c.wards:
        w.reset()
        g.players[w.owner].nether.append(w)   # AR-WARD-4
    c.reset()
    g.players[c.owner].nether.append(c)


def leave_field(g: Game, side: int, z: int, to_hand: bool = False) -> Piece:
    """A creature leaves its zone for its owner's netherworld (or hand)."""
    c = g.players[side].creatures[z]
    assert c is not None
    g.players[side].creatures[z] = None
    if to_hand:
        for w in c.wards:
            w.reset()
            g.players[w.owner].nether.append(w)
        c.reset()
        g.players[c.owner].hand.append(c)
    else:
        to_nether(g, c)
    return c


# -- placing creatures ----------------------------------------------------------------------


def place(g: Game, seat: int, z: int, c: Piece, face_up: bool, position: str,
          special: bool) -> None:
    c.reset()
    c.face_up, c.position, c.arrived, c.special = face_up, position, g.turn, special
    g.players[seat].creatures[z] = c


def can_sacrifice(g: Game, c: Piece) -> bool:
    """AR-SUMMON-6: on the side since the start of its controller's current turn, or
    special summoned."""
    return c.special or c.arrived < g.turn


def tribute_sets(g: Game, seat: int, card: CardDef) -> list[tuple[int, ...]]:
    """The sacrifice zones a tribute summon may use (AR-SUMMON-2, AR-SUMMON-7)."""
    zones = [z for z, c in enumerate(g.players[seat].creatures)
             if c is not None and can_sacrifice(g, c)]
    creatures = g.players[seat].creatures

    def same(z: int) -> bool:
        c = creatures[z]
        return c is not None and CARDS[c.card].type == card.type

    if card.stars == 2:
        return [(z,) for z in zones if same(z)]
    if card.stars == 3:
        return [(a, b) for i, a in enumerate(zones) for b in zones[i + 1:]
                if same(a) or same(b)]
    return [()]


def all_pieces(g: Game) -> Iterator[Piece]:
    for p in g.players:
        yield from p.deck
        yield from p.hand
        yield from p.nether
        for c in p.creatures:
            if c is not None:
                yield c
                yield from c.wards
        for c in p.runes:
            if c is not None:
                yield c
