"""Issue 34: the Arcana collection, store, boosters and card binder on the site, with the real
database: coins earned by finished games, buying starter decks and boosters (a double click
buys once; coins never go below 0, even for purchases at the same moment), the seeded draw
made again, the binder's filters and duplicates, the Collection format at deck save and at
joining a game, and the API."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

from django.db import connection
from django.utils.html import escape

from marcomage.games.arcana.boosters import BOOSTER, open_arcana_booster
from marcomage.games.arcana.cards import CARDS
from marcomage.platform.protocol import Outcome
from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import create_deck, give_starter_decks
from marcomage.web.games import computer, services
from marcomage.web.games.models import Game
from marcomage.web.rulesets.arcana import collection, shop
from marcomage.web.rulesets.arcana.binder import deck_limit
from marcomage.web.rulesets.arcana.models import Earning, OwnedCard, Purchase

from ...api.helpers import call, token_for
from ...base import BaseTestCase, BaseTransactionTestCase
from .test_board import arcana_game

STARTER = shop.offers()[1]
"""The first starter deck on sale."""


def finished_game(winner: Any, loser: Any, seed: int = 4) -> Game:
    """A rated Arcana game `winner` won by the loser's surrender, through the services."""
    game = arcana_game(winner, loser, seed)
    services.surrender(loser, game.pk)
    return Game.objects.get(pk=game.pk)


def run_together(jobs: list[Any]) -> list[str]:
    """Run the jobs on threads released at once; each returns a word for its outcome."""
    barrier = threading.Barrier(len(jobs))
    results: list[str] = []
    lock = threading.Lock()

    def run(job: Any) -> None:
        try:
            barrier.wait()
            outcome = job()
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return sorted(results)


class EarningTests(BaseTestCase):
    def test_issue_34_a_finished_game_pays_the_players_and_the_winner_more_once(self) -> None:
        game = finished_game(self.alice, self.bob)
        self.assertEqual(collection.coins_of(self.alice), 50)
        self.assertEqual(collection.coins_of(self.bob), 0)  # he surrendered: no coins
        self.assertEqual(list(Earning.objects.filter(game_id=game.pk).values_list(
            "player__username", "coins", "reason")), [("alice", 50, "win")])
        paid = collection.pay_for_game(game.pk + 1, Outcome("win", (1,), "hp", 9),
                                       [self.alice, self.bob], ["loss", "win"], False)
        self.assertEqual(paid, [20, 50])
        collection.pay_for_game(game.pk, Outcome("win", (0,), "surrender", 1),
                                [self.alice, self.bob], ["win", "loss"],
                                False)  # the same game again pays nothing
        self.assertEqual(collection.coins_of(self.alice), 70)

    def test_issue_34_friendly_games_pay_half_and_aborted_ones_nothing(self) -> None:
        self.assertEqual(collection.game_pay(True, True), 25)
        self.assertEqual(collection.game_pay(False, True), 10)
        game = arcana_game(self.alice, self.bob)
        paid = collection.pay_for_game(game.pk, Outcome("none", (), "abort", 1),
                                       [self.alice, self.bob], ["none", "none"], False)
        self.assertEqual(paid, [0, 0])
        self.assertEqual(collection.coins_of(self.alice), 0)


class StoreTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        collection.add_coins(self.alice, 250)
        self.log_in(self.alice)

    def buy(self, item: str, key: str) -> Any:
        return self.post("/arcana/store/buy/", {"item": item, "key": key})

    def test_issue_34_the_store_page_shows_coins_prices_and_the_stated_odds(self) -> None:
        page = self.client.get("/arcana/store/").content.decode()
        self.assertIn("250 coins", page)
        self.assertIn(f"Booster of {BOOSTER.size} cards</strong> · {shop.BOOSTER_PRICE} coins",
                      page)
        self.assertIn(f"Starter deck {STARTER.name.split(' ', 2)[2]}", page)
        self.assertIn("cards 1 to 7", page)
        self.assertIn("Mythic rare (golden text): 3.0%", page)
        self.assertIn("Rare (blue text): 85.0%", page)

    def test_issue_34_a_booster_is_opened_with_a_stored_seed_that_draws_it_again(self) -> None:
        response = self.buy("booster", "key-one-booster")
        purchase = Purchase.objects.get(buyer=self.alice)
        self.assertRedirects(response, f"/arcana/store/purchases/{purchase.pk}/")
        self.assertEqual(collection.coins_of(self.alice), 150)
        assert purchase.seed is not None
        self.assertEqual(purchase.cards, open_arcana_booster(purchase.seed))
        self.assertEqual(len(purchase.cards), BOOSTER.size)
        self.assertEqual(collection.owned(self.alice), dict(Counter(purchase.cards)))
        page = self.client.get(response["Location"]).content.decode()
        self.assertIn(f'<code id="booster-seed">{purchase.seed}</code>', page)
        self.assertIn('data-same="yes"', page)
        for card in purchase.cards:
            self.assertIn(escape(CARDS[card].name), page)

    def test_issue_34_a_double_click_buys_once(self) -> None:
        first = self.buy("booster", "double-click-key")
        second = self.buy("booster", "double-click-key")
        self.assertEqual(first["Location"], second["Location"])
        self.assertEqual(Purchase.objects.filter(buyer=self.alice).count(), 1)
        self.assertEqual(collection.coins_of(self.alice), 150)
        self.assertEqual(sum(collection.owned(self.alice).values()), BOOSTER.size)
        store = self.client.get("/arcana/store/").content.decode()
        self.assertEqual(store.count(f"Booster of {BOOSTER.size} cards</a> for 100 coins"), 1)

    def test_issue_34_refusals_spend_nothing_and_say_why(self) -> None:
        for item, key, reason in (
                (STARTER.item, "starter-too-dear", "costs 300 coins; you have 250"),
                ("gold", "unknown-item-key", "sells no &#x27;gold&#x27;"),
                ("booster", "short", "needs its key")):
            response = self.post("/arcana/store/buy/", {"item": item, "key": key},
                                 follow=True)
            self.assertIn(reason, response.content.decode())
        self.buy("booster", "used-for-a-booster")
        self.post("/arcana/store/buy/", {"item": STARTER.item, "key": "used-for-a-booster"})
        self.assertEqual(Purchase.objects.filter(buyer=self.alice).count(), 1)
        self.assertEqual(collection.coins_of(self.alice), 150)
        self.assertEqual(self.client.get("/arcana/store/buy/").status_code, 405)
        self.log_in(self.bob)
        purchase = Purchase.objects.get(buyer=self.alice)
        self.assertEqual(self.client.get(f"/arcana/store/purchases/{purchase.pk}/").status_code,
                         404)

    def test_issue_34_a_starter_deck_puts_its_cards_in_the_collection(self) -> None:
        collection.add_coins(self.alice, 50)
        self.buy(STARTER.item, "starter-deck-key")
        self.assertEqual(collection.coins_of(self.alice), 0)
        self.assertEqual(collection.owned(self.alice), dict(Counter(STARTER.cards)))

    def test_issue_34_the_binder_lists_counts_filters_and_duplicates(self) -> None:
        first, second = sorted(CARDS)[:2]
        collection.add_cards(self.alice, [first] * 5 + [second])
        page = self.client.get("/arcana/binder/").content.decode()
        self.assertEqual(page.count('<tr data-card="'), 2)
        self.assertIn(CARDS[first].text, page)
        duplicates = 5 - deck_limit(CARDS[first])
        self.assertIn(f'<td class="count">5</td><td class="duplicates">{duplicates}</td>', page)
        page = self.client.get("/arcana/binder/?show=duplicates").content.decode()
        self.assertEqual(page.count('<tr data-card="'), 1)
        name = CARDS[second].name
        page = self.client.get(f"/arcana/binder/?name={name[:5].lower()}").content.decode()
        self.assertIn(f'<tr data-card="{second}"', page)
        rarity = CARDS[first].rarity
        page = self.client.get(f"/arcana/binder/?rarity={rarity}&kind=bogus").content.decode()
        self.assertIn(f'<tr data-card="{first}"', page)
        missing = self.client.get("/arcana/binder/?show=missing").content.decode()
        self.assertEqual(missing.count('<tr data-card="'), len(CARDS) - 2)


class CollectionFormatTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.deck = create_deck(self.alice, "arcana", "collection", "mine",
                                starter=STARTER.item.split(":", 1)[1])
        self.deck.format = "collection"
        self.deck.save()

    def test_issue_34_a_collection_deck_names_the_cards_its_owner_lacks(self) -> None:
        codes = [v.code for v in self.deck.violations]
        self.assertEqual(codes, ["NOT_OWNED"])
        first = CARDS[self.deck.entries[0]["card"]].name
        self.assertIn(f"{first} ({self.deck.entries[0]['count']} in the deck, 0 owned)",
                      self.deck.violations[0].message)
        collection.add_cards(self.alice, STARTER.cards)
        self.assertTrue(Deck.objects.get(pk=self.deck.pk).ready)
        self.deck.format = "standard"  # Open: every card, owned or not
        OwnedCard.objects.filter(owner=self.alice).delete()
        self.assertTrue(self.deck.ready)

    def test_issue_34_the_editor_shows_owned_copies_and_why_the_deck_is_refused(self) -> None:
        self.log_in(self.alice)
        page = self.client.get(f"/decks/{self.deck.pk}/").content.decode()
        self.assertIn('data-code="NOT_OWNED"', page)
        self.assertIn('class="owned lacking"', page)
        self.post(f"/decks/{self.deck.pk}/arcana/format/", {"format": "standard"})
        self.assertEqual(Deck.objects.get(pk=self.deck.pk).format, "standard")
        self.post(f"/decks/{self.deck.pk}/arcana/format/", {"format": "gold"})
        self.assertEqual(Deck.objects.get(pk=self.deck.pk).format, "standard")

    def test_issue_34_a_collection_game_refuses_a_deck_of_unowned_cards_at_joining(self) -> None:
        collection.add_cards(self.alice, STARTER.cards)
        game = services.host(self.alice, self.deck.pk, ruleset="arcana", format="collection")
        give_starter_decks(self.bob, "arcana")
        open_deck = Deck.objects.filter(owner=self.bob, game="arcana").first()
        assert open_deck is not None and open_deck.ready
        with self.assertRaises(services.GameError) as refused:
            services.join(self.bob, game.pk, open_deck.pk)
        self.assertIn("A Collection deck holds only cards you own", str(refused.exception))
        self.assertIn("0 owned", str(refused.exception))
        self.assertEqual(Game.objects.get(pk=game.pk).status, "hosted")
        collection.add_cards(self.bob, [e["card"] for e in open_deck.entries
                                        for _ in range(e["count"])])
        started = services.join(self.bob, game.pk, open_deck.pk)
        self.assertEqual(started.status, "running")


    def test_issue_34_challenging_or_playing_the_computer_in_collection_needs_the_cards(
            self) -> None:
        give_starter_decks(self.bob, "arcana")
        for start in (lambda: services.challenge(self.alice, self.bob, self.deck.pk,
                                                 ruleset="arcana", format="collection"),
                      lambda: computer.start(self.alice, self.deck.pk, "easy",
                                             ruleset="arcana", format="collection")):
            with self.assertRaises(services.GameError) as refused:
                start()
            self.assertIn("0 owned", str(refused.exception))
        self.assertFalse(Game.objects.exists())
        self.deck.format = "standard"
        self.deck.save()
        game = computer.start(self.alice, self.deck.pk, "easy", ruleset="arcana")
        self.assertEqual(game.format, "standard")  # Open: every card, owned or not


class ConcurrentPurchases(BaseTransactionTestCase):
    def test_issue_34_coins_never_go_negative_under_purchases_at_once(self) -> None:
        collection.add_coins(self.alice, shop.BOOSTER_PRICE)

        def purchase(key: str) -> Any:
            def job() -> str:
                try:
                    shop.buy(User.objects.get(pk=self.alice.pk), "booster", key)
                except collection.Refused:
                    return "refused"
                return "bought"
            return job

        self.assertEqual(run_together([purchase(f"parallel-{n}-key") for n in range(4)]),
                         ["bought"] + ["refused"] * 3)
        self.assertEqual(collection.coins_of(self.alice), 0)
        self.assertEqual(Purchase.objects.filter(buyer=self.alice).count(), 1)
        self.assertEqual(sum(collection.owned(self.alice).values()), BOOSTER.size)

    def test_issue_34_the_same_key_sent_at_once_buys_once(self) -> None:
        collection.add_coins(self.alice, 3 * shop.BOOSTER_PRICE)

        def job() -> str:
            _purchase, new = shop.buy(User.objects.get(pk=self.alice.pk), "booster",
                                      "same-key-twice")
            return "new" if new else "again"

        self.assertEqual(run_together([job, job, job]), ["again", "again", "new"])
        self.assertEqual(collection.coins_of(self.alice), 2 * shop.BOOSTER_PRICE)
        self.assertEqual(sum(collection.owned(self.alice).values()), BOOSTER.size)


class StoreApiTests(BaseTestCase):
    def test_issue_34_the_api_shows_the_store_the_collection_and_opens_boosters(self) -> None:
        token = token_for(self.alice)
        status, store = call(self.client, token, "GET", "/systems/arcana/store")
        self.assertEqual(status, 200)
        self.assertEqual(store["booster"]["size"], BOOSTER.size)
        self.assertEqual(store["booster"]["slots"][0]["odds"],
                         {"common": 80.0, "rare": 17.0, "mythic": 3.0})
        self.assertIn({"item": "booster", "name": f"Booster of {BOOSTER.size} cards",
                       "price": shop.BOOSTER_PRICE, "cards": BOOSTER.size}, store["offers"])
        status, refused = call(self.client, token, "POST", "/systems/arcana/store/buy",
                               {"item": "booster", "key": "api-key-0001"})
        self.assertEqual((status, refused["detail"]), (400, "That costs 100 coins; you have 0."))
        collection.add_coins(self.alice, 100)
        status, bought = call(self.client, token, "POST", "/systems/arcana/store/buy",
                              {"item": "booster", "key": "api-key-0001"})
        self.assertEqual(status, 201)
        self.assertTrue(bought["new"] and bought["redrawn_same"])
        self.assertEqual(bought["cards"], open_arcana_booster(int(bought["seed"])))
        self.assertEqual(bought["coins"], 0)
        status, again = call(self.client, token, "POST", "/systems/arcana/store/buy",
                             {"item": "booster", "key": "api-key-0001"})
        self.assertEqual((status, again["id"], again["new"]), (200, bought["id"], False))
        status, mine = call(self.client, token, "GET", "/systems/arcana/collection")
        self.assertEqual(status, 200)
        self.assertEqual({c["id"]: c["count"] for c in mine["cards"]},
                         dict(Counter(bought["cards"])))
        self.assertEqual(mine["cards"][0]["name"], CARDS[mine["cards"][0]["id"]].name)
        status, shown = call(self.client, token, "GET",
                             f"/systems/arcana/store/purchases/{bought['id']}")
        self.assertEqual((status, shown["seed"]), (200, bought["seed"]))

    def test_issue_34_bad_store_requests_are_refused_with_a_reason(self) -> None:
        token = token_for(self.alice)
        status, answer = call(self.client, token, "GET", "/systems/arcana/store/purchases/9")
        self.assertEqual((status, answer["detail"]), (404, "There is no such purchase of yours."))
        status, answer = call(self.client, token, "POST", "/systems/arcana/store/buy",
                              {"item": "booster", "key": "no"})
        self.assertEqual(status, 400)
        self.assertIn("needs its key", answer["detail"])
        status, _ = call(self.client, token, "POST", "/systems/arcana/store/buy", {"item": 3})
        self.assertIn(status, (400, 422))
        reader = token_for(self.bob, ("read",))
        status, _ = call(self.client, reader, "POST", "/systems/arcana/store/buy",
                         {"item": "booster", "key": "reader-key-01"})
        self.assertEqual(status, 403)
        self.assertFalse(Purchase.objects.exists())


class StoreHelpTests(BaseTestCase):
    def test_issue_34_the_help_publishes_prices_earnings_and_the_booster_odds(self) -> None:
        page = self.client.get("/help/arcana/").content.decode()
        self.assertIn('id="store"', page)
        self.assertIn(f"A booster holds {BOOSTER.size} cards", page)
        self.assertIn("Common: 80.0%", page)
        self.assertIn("Rare (blue text): 85.0%", page)
        self.assertIn("Mythic rare (golden text): 15.0%", page)
        self.assertIn(f"a booster {shop.BOOSTER_PRICE}", page)
        self.assertIn("20 coins to each player and 50 to the winner", page)
        self.assertIn("A <em>Collection</em> deck holds only cards you own", page)
