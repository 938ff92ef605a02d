"""Deck files: export (C-DECK-12) and import (C-DECK-13); a refused file changes nothing."""

from __future__ import annotations

import pytest

from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON, card_ids
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckError
from marcomage.web.rulesets.marcomage import exchange
from marcomage.web.rulesets.marcomage.slots import slots, store

from ..base import BaseTestCase

COMMONS, UNCOMMONS, RARES = card_ids(COMMON), card_ids(UNCOMMON), card_ids(RARE)
STARTER_1 = (
    "deck 1\n"
    "54,240,71,256,250,259,261,113,247,79,57,140,7,236,257\n"
    "28,189,83,10,204,211,230,36,150,201,53,96,180,164,208\n"
    "32,197,75,74,151,61,69,66,232,229,291,21,126,182,181\n"
    "none,none,none\n"
)


def line(ids: list[int] | tuple[int, ...]) -> str:
    return ",".join(str(i) for i in ids)


class ExportTest(BaseTestCase):
    def test_c_deck_12_export_is_five_lines_each_ending_in_a_line_feed(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        assert exchange.export_text(deck) == STARTER_1

    def test_c_deck_12_an_incomplete_deck_exports_its_empty_slots_as_0(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 4")
        layout = slots(deck)
        layout.common[2] = COMMONS[0]
        layout.tokens = ["Holy", "Mage", "none"]
        store(deck, layout)
        text = exchange.export_text(deck)
        lines = text.split("\n")
        assert lines[1] == line([0, 0, COMMONS[0]] + [0] * 12)
        assert lines[2] == line([0] * 15) and lines[4] == "Holy,Mage,none" and lines[5] == ""

    def test_c_deck_12_file_name_replaces_other_characters_by_underscore(self) -> None:
        deck = Deck(owner=self.alice, name="Holy army: v2.ä")
        assert exchange.file_name(deck) == "Holy_army__v2__.csv"
        assert exchange.file_name(Deck(owner=self.alice, name="a-b_C9")) == "a-b_C9.csv"


class ImportTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.deck = Deck.objects.get(owner=self.alice, name="deck 4")

    def content(self, name: str = "Imported", common: str | None = None,
                uncommon: str | None = None, rare: str | None = None,
                tokens: str = "Holy,none,Mage") -> bytes:
        lines = [
            name,
            common if common is not None else line(COMMONS[:14]) + ",0",
            uncommon if uncommon is not None else line(UNCOMMONS[:15]),
            rare if rare is not None else line(RARES[:15]),
            tokens,
        ]
        return ("\n".join(lines) + "\n").encode()

    def refused(self, reason: str, content: bytes, name: str = "deck.csv") -> None:
        before = Deck.objects.get(pk=self.deck.pk)
        with pytest.raises(DeckError, match=reason):
            exchange.import_file(self.deck, name, content)
        after = Deck.objects.get(pk=self.deck.pk)
        assert (after.name, slots(after), after.modified) == (
            before.name, slots(before), before.modified)

    def test_c_deck_13_a_valid_file_overwrites_name_cards_and_tokens(self) -> None:
        exchange.import_file(self.deck, "x.csv", self.content())
        saved = Deck.objects.get(pk=self.deck.pk)
        assert saved.name == "Imported"
        assert slots(saved).common == [*COMMONS[:14], 0] and slots(saved).rare == list(RARES[:15])
        assert slots(saved).tokens == ["Holy", "none", "Mage"]
        assert saved.card_count == 44

    def test_c_deck_13_export_then_import_round_trips(self) -> None:
        starter = Deck.objects.get(owner=self.alice, name="deck 2")
        text = exchange.export_text(starter).replace("deck 2", "copy of 2")
        exchange.import_file(self.deck, "deck_2.csv", text.encode())
        saved = Deck.objects.get(pk=self.deck.pk)
        assert slots(saved).sections == slots(starter).sections and saved.ready

    def test_c_deck_13_our_choice_crlf_and_spaces_are_accepted(self) -> None:
        content = self.content(name=" Spaced ", common=" " + line(COMMONS[:15]).replace(",", " , "),
                               tokens=" none , Beast ,none ").replace(b"\n", b"\r\n")
        exchange.import_file(self.deck, "DECK.CSV", content)
        saved = Deck.objects.get(pk=self.deck.pk)
        assert saved.name == "Spaced" and slots(saved).common == list(COMMONS[:15])
        assert slots(saved).tokens == ["none", "Beast", "none"]

    def test_c_deck_13_the_file_must_be_a_small_csv_text(self) -> None:
        self.refused("ends in .csv", self.content(), name="deck.txt")
        self.refused("at most 1000 bytes", self.content() + b" " * 1000)
        self.refused("UTF-8", self.content(name="\xff").replace(b"\xc3\xbf", b"\xff"))
        self.refused("5 lines, this one has 4", self.content().rsplit(b"\n", 2)[0] + b"\n")
        self.refused("5 lines, this one has 6", self.content() + b"extra\n")

    def test_c_deck_13_the_name_must_be_usable(self) -> None:
        self.refused("blank", self.content(name="   "))
        self.refused("at most 20", self.content(name="n" * 21))
        self.refused("already have a deck", self.content(name="DECK 1"))
        exchange.import_file(self.deck, "a.csv", self.content(name="deck 4"))  # its own name

    def test_c_deck_13_card_lines_must_be_15_distinct_ids_of_their_rarity(self) -> None:
        self.refused("Common line has 14 entries", self.content(common=line(COMMONS[:14])))
        self.refused("Uncommon line holds card", self.content(
            uncommon=line([UNCOMMONS[0]] * 2 + list(UNCOMMONS[2:15]))))
        self.refused(f"Card {RARES[0]} is not a Common card",
                     self.content(common=line([RARES[0], *COMMONS[1:15]])))
        self.refused("not a card id", self.content(rare=line(RARES[:14]) + ",x"))
        self.refused("not a card id", self.content(rare=line(RARES[:14]) + ",-1"))
        self.refused("is not a Rare card", self.content(rare=line(RARES[:14]) + ",99999"))

    def test_c_deck_13_the_token_line_is_three_distinct_token_keywords_or_none(self) -> None:
        self.refused("token line has 2", self.content(tokens="Holy,none"))
        self.refused("'Aqua' is not a token keyword", self.content(tokens="Aqua,none,none"))
        self.refused("names a keyword twice", self.content(tokens="Holy,none,Holy"))
        self.refused("'holy' is not a token keyword", self.content(tokens="holy,none,none"))
