"""decks 0002: today's 45-slot decks become platform deck documents with nothing lost
(PL-SHARED-2, C-DECK-1, C-DECK-9), on a database made at the old schema."""

from __future__ import annotations

from django.test import TransactionTestCase

from marcomage.web.decks.models import Deck
from marcomage.web.rulesets.marcomage.slots import slots

from .schema import migrate, migrate_to_latest, old_user

STARTER = (
    [54, 240, 71, 256, 250, 259, 261, 113, 247, 79, 57, 140, 7, 236, 257],
    [28, 189, 83, 10, 204, 211, 230, 36, 150, 201, 53, 96, 180, 164, 208],
    [32, 197, 75, 74, 151, 61, 69, 66, 232, 229, 291, 21, 126, 182, 181],
)
GAPPED = (
    [0, 240, 0, 256, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 257],
    [0] * 15,
    [32] + [0] * 13 + [181],
)


class DeckDocumentMigrationTest(TransactionTestCase):
    def setUp(self) -> None:
        apps = migrate([("decks", "0001_initial")])
        owner, other = old_user(apps, "olduser"), old_user(apps, "other")
        old_deck = apps.get_model("decks", "Deck")
        common, uncommon, rare = STARTER
        old_deck.objects.create(owner=owner, name="Full", name_key="full", common=common,
                                uncommon=uncommon, rare=rare, tokens=["Holy", "Mage", "none"])
        common, uncommon, rare = GAPPED
        old_deck.objects.create(owner=owner, name="Gapped", name_key="gapped", common=common,
                                uncommon=uncommon, rare=rare, tokens=["none"] * 3)
        old_deck.objects.create(owner=other, name="Empty", name_key="empty")
        self.owner_id, self.other_id = owner.pk, other.pk

    def tearDown(self) -> None:
        migrate_to_latest()

    def test_PL_SHARED_2_cards_and_tokens_arrive_in_slot_order(self) -> None:
        migrate_to_latest()
        full = Deck.objects.get(owner_id=self.owner_id, name="Full")
        assert (full.game, full.format) == ("marcomage", "standard")
        assert [entry["card"] for entry in full.entries] == [c for s in STARTER for c in s]
        assert all(entry["count"] == 1 for entry in full.entries)
        assert full.extra == {"tokens": ["Holy", "Mage", "none"]}  # no empty slot: no "empty"
        assert full.ready and full.violations == []
        layout = slots(full)
        assert (layout.common, layout.uncommon, layout.rare) == STARTER

    def test_C_DECK_1_empty_slots_keep_their_places(self) -> None:
        migrate_to_latest()
        gapped = Deck.objects.get(owner_id=self.owner_id, name="Gapped")
        assert [entry["card"] for entry in gapped.entries] == [240, 256, 257, 32, 181]
        assert gapped.extra["empty"]["common"] == [0, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
        assert gapped.extra["empty"]["uncommon"] == list(range(15))
        layout = slots(gapped)
        assert (layout.common, layout.uncommon, layout.rare) == GAPPED
        assert layout.tokens == ["none"] * 3 and not gapped.ready
        empty = Deck.objects.get(owner_id=self.other_id)
        assert empty.entries == [] and slots(empty).card_count == 0
        assert (slots(empty).common, empty.name_key) == ([0] * 15, "empty")

    def test_the_migration_can_be_undone_with_the_slots_restored(self) -> None:
        migrate_to_latest()
        apps = migrate([("decks", "0001_initial")])
        old = apps.get_model("decks", "Deck").objects.get(name="Gapped")
        assert (old.common, old.uncommon, old.rare) == tuple(list(s) for s in GAPPED)
        full = apps.get_model("decks", "Deck").objects.get(name="Full")
        assert (full.common, full.rare, full.tokens) == (
            STARTER[0], STARTER[2], ["Holy", "Mage", "none"])
