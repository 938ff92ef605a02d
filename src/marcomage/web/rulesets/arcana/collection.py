"""A player's Arcana collection (issue 34): the coins in the purse, earned by playing and
spent in the store, and the cards owned with their counts; what a finished game pays; and the
"collection" format's check that a deck holds only cards its owner owns.

Coins never go below 0: they are taken by one conditional UPDATE that changes no row when
they do not cover the price (and the database refuses a negative balance besides), so two
purchases at once cannot both spend the same coins."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F

from marcomage.games.arcana.cards import CARDS
from marcomage.platform.protocol import SURRENDER, DeckDoc, Outcome, Violation

from .models import Earning, OwnedCard, Purse

COLLECTION_FORMAT = "collection"
"""The deck format whose decks hold only cards their owner owns (the ruleset declares it)."""

GAME_COINS, WIN_COINS = 20, 30
"""A finished game pays each player GAME_COINS, and its winner WIN_COINS more."""
FRIENDLY_SHARE = 2
"""A friendly game (every game against the computer is one) pays a half: the sums above
divided by this."""


class Refused(ValueError):
    """Something the store or the collection refuses; the message says why, for the player."""


def purse_of(user: Any) -> Purse:
    """The player's purse, made empty on first use."""
    purse, _ = Purse.objects.get_or_create(owner=user)
    return purse


def coins_of(user: Any) -> int:
    """The player's coins now."""
    found = Purse.objects.filter(owner=user).values_list("coins", flat=True).first()
    return int(found or 0)


def spend(user: Any, price: int) -> None:
    """Take `price` coins from the player's purse, or Refused when they do not cover it. One
    conditional UPDATE: under concurrent requests the second one finds the coins already
    gone (the row lock of the first is held to the end of its transaction)."""
    purse_of(user)
    taken = Purse.objects.filter(owner=user, coins__gte=price).update(coins=F("coins") - price)
    if not taken:
        raise Refused(f"That costs {price} coins; you have {coins_of(user)}.")


def add_coins(user: Any, coins: int) -> None:
    """Put coins into the player's purse."""
    purse_of(user)
    Purse.objects.filter(owner=user).update(coins=F("coins") + coins)


def add_cards(user: Any, cards: Iterable[int]) -> None:
    """Put cards (ids, repeated for copies) into the player's collection."""
    for card, count in sorted(Counter(cards).items()):
        row, made = OwnedCard.objects.get_or_create(owner=user, card=card,
                                                    defaults={"count": count})
        if not made:
            OwnedCard.objects.filter(pk=row.pk).update(count=F("count") + count)


def owned(user: Any) -> dict[int, int]:
    """The player's cards: id -> copies owned (only cards of the card file)."""
    return {row.card: row.count for row in OwnedCard.objects.filter(owner=user, count__gt=0)
            if row.card in CARDS}


# --- what a game pays ------------------------------------------------------------------------


def game_pay(won: bool, friendly: bool) -> int:
    """The coins a finished game pays one player."""
    coins = GAME_COINS + (WIN_COINS if won else 0)
    return coins // FRIENDLY_SHARE if friendly else coins


@transaction.atomic
def pay_for_game(game_id: int, outcome: Outcome, players: Sequence[Any],
                 results: Sequence[str], friendly: bool) -> list[int]:
    """Pay every seat of a finished game (results: "win", "loss", "draw" per seat); an
    aborted game (no result) pays nothing, nor does a game to the player who surrendered it,
    and a game pays each player once. The coins paid per seat."""
    if outcome.result == "none":
        return [0] * len(players)
    paid = []
    for seat, (player, result) in enumerate(zip(players, results, strict=True)):
        if outcome.end_type == SURRENDER and seat not in outcome.winners:
            paid.append(0)  # no coins for giving up, so games cannot be farmed by resigning
            continue
        coins = game_pay(result == "win", friendly)
        if Earning.objects.filter(player=player, game_id=game_id).exists():
            paid.append(0)
            continue
        Earning.objects.create(player=player, game_id=game_id, coins=coins,
                               reason="win" if result == "win" else "game")
        add_coins(player, coins)
        paid.append(coins)
    return paid


# --- the collection format -------------------------------------------------------------------


def missing_cards(user: Any, entries: Iterable[Mapping[str, Any]]) -> list[tuple[int, int, int]]:
    """The deck's cards the player owns too few of: (card id, copies in the deck, copies
    owned), in the card file's order; unknown cards are the ruleset's to refuse."""
    wanted: Counter[int] = Counter()
    for entry in entries:
        card, count = entry.get("card"), entry.get("count", 1)
        if type(card) is int and card in CARDS and type(count) is int and count > 0:
            wanted[card] += count
    have = owned(user) if wanted else {}
    return [(card, wanted[card], have.get(card, 0)) for card in CARDS
            if wanted[card] > have.get(card, 0)]


def owner_violations(owner: Any, doc: DeckDoc, fmt: str) -> list[Violation]:
    """What the collection format says against a deck of `owner` (nothing in any other
    format): every card the deck holds more copies of than the owner owns, by name."""
    if fmt != COLLECTION_FORMAT or owner is None:
        return []
    missing = missing_cards(owner, doc.get("entries", []))
    if not missing:
        return []
    named = ", ".join(f"{CARDS[card].name} ({need} in the deck, {have} owned)"
                      for card, need, have in missing)
    return [Violation("NOT_OWNED", f"A Collection deck holds only cards you own; you lack "
                                   f"{named}. Buy boosters in the Arcana store, or play the "
                                   "deck in the Open format.")]
