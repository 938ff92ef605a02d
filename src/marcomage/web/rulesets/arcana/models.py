"""A player's Arcana collection and purse (issue 34): the cards owned with their counts, the
coins earned by playing (never real money), what was bought with them, and the games that
paid them, each counted once."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Purse(models.Model):
    """A player's coins. Spent only by a conditional UPDATE (`store.spend`) that leaves the
    row alone when the coins do not cover the price, so the balance never goes below 0; the
    database checks it too."""

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="arcana_purse")
    coins = models.IntegerField(default=0)

    class Meta:
        constraints = (models.CheckConstraint(condition=models.Q(coins__gte=0),
                                              name="arcana_purse_not_negative"),)

    def __str__(self) -> str:
        return f"{self.owner}: {self.coins} coins"


class OwnedCard(models.Model):
    """How many copies of one card (an id of the card file) a player owns."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="arcana_cards")
    card = models.IntegerField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("card",)
        constraints = (models.UniqueConstraint(fields=("owner", "card"),
                                               name="arcana_card_once_per_owner"),)

    def __str__(self) -> str:
        return f"{self.owner}: card {self.card} x{self.count}"


class Purchase(models.Model):
    """One thing bought in the store: a booster (with the seed it was opened from and the
    cards drawn, so that anyone can draw it again) or a starter deck. `key` is the buying
    form's own key: the same key twice is the same purchase (a double click buys once)."""

    buyer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="arcana_purchases")
    key = models.CharField(max_length=64)
    item = models.CharField(max_length=80)
    price = models.PositiveIntegerField()
    seed = models.BigIntegerField(null=True, blank=True)
    pool = models.CharField(max_length=32, blank=True)
    cards = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-created", "-id")
        constraints = (models.UniqueConstraint(fields=("buyer", "key"),
                                               name="arcana_purchase_key_once"),)

    def __str__(self) -> str:
        return f"{self.buyer}: {self.item} for {self.price}"


class Earning(models.Model):
    """The coins one finished game paid one player; one row per player and game, so a game
    never pays twice."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="arcana_earnings")
    game_id = models.IntegerField()
    coins = models.PositiveIntegerField()
    reason = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created", "-id")
        constraints = (models.UniqueConstraint(fields=("player", "game_id"),
                                               name="arcana_earning_once_per_game"),)

    def __str__(self) -> str:
        return f"{self.player}: {self.coins} coins for game {self.game_id}"
