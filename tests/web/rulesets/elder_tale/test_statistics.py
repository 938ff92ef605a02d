"""Issue 35: the statistics count Elder Tale plays. The engine's log names a played card by
its name (or hides it when it is Facedown), while the statistics count uses by card id, the
key of the decks' card rows; so every Elder Tale card showed 0 plays. The ruleset's events
now name the card by its id."""

from __future__ import annotations

from collections import Counter

from marcomage.games import find_ruleset
from marcomage.platform.replay import record
from marcomage.platform.rng import Rng
from marcomage.web.rulesets.elder_tale import collection
from marcomage.web.rulesets.elder_tale.design_form import card_from_form
from marcomage.web.stats.facts import card_uses
from marcomage.web.stats.services import card_label

from ...base import BaseTestCase
from .test_designer import CARD


def played_duel(seed: int = 5) -> tuple[Counter[tuple[str, str]], set[str], int]:
    """A seeded random duel between the two first characters: its card uses as the
    statistics count them, the card ids of both decks, and how many plays it had."""
    rules = find_ruleset("elder_tale")
    decks = rules.starter_decks()[:2]
    rec = record(rules, rules.options_from_json({}), decks, seed)
    rng = Rng.from_seed(seed)
    plays = 0
    while rules.outcome(rec.state) is None:
        seat = min(rules.to_act(rec.state))
        legal = rules.legal_actions(rec.state, seat)
        action = legal[rng.below(len(legal))]
        plays += action["type"] == "play"
        rec.act(seat, action)
    ids = {str(e["card"]) for d in decks for e in d["entries"]}
    return card_uses(rec.replay()), ids, plays


class ElderTaleStatisticsTest(BaseTestCase):
    def test_every_play_is_counted_under_the_card_id_of_the_deck_issue_35(self) -> None:
        uses, ids, plays = played_duel()
        played = {card: n for (card, verb), n in uses.items() if verb == "play"}
        assert plays > 10
        assert set(played) <= ids, set(played) - ids
        assert sum(played.values()) == plays

    def test_a_custom_card_is_named_by_its_name_not_its_id_issue_35(self) -> None:
        card = collection.save_card(self.alice, card_from_form(CARD))
        assert card_label("elder_tale", card.card_id) == "Cinder Edge (custom)"
        _, ids, _ = played_duel()
        some = sorted(ids)[0]
        assert card_label("elder_tale", some) not in (some, "")
        assert card_label("elder_tale", "custom-999999") == "Custom 999999"
