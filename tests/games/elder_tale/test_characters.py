"""Issue 35: the prebuilt characters (six styles, legal decks priced by the design rules) and
the exhaustion rule that ends mirror matches before the round limit (ET-END-3)."""

from __future__ import annotations

from marcomage.games.elder_tale import engine
from marcomage.games.elder_tale.cards import EPIC, KINDS, RARE, UNCOMMON, card_set
from marcomage.games.elder_tale.deck import deck_cards, validate
from marcomage.games.elder_tale.design import validate_card
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.platform.rng import Rng

from ..stale_replays import assert_an_older_replay_is_stale
from .duels import duel_of


def test_issue_35_six_characters_of_different_styles_are_the_starter_decks() -> None:
    starters = RULESET.starter_decks()
    characters = card_set().characters
    assert len(starters) == len(characters) >= 6
    assert len({d["name"] for d in starters}) == len(starters)
    styles = " ".join(str(c["style"]).lower() for c in characters)
    for word in ("physical", "magical", "melee", "ranged", "tank", "healer", "poisoner",
                 "control"):
        assert word in styles, word


def test_ET_DECK_every_character_is_legal_and_its_customs_pass_the_design_rules() -> None:
    for deck in RULESET.starter_decks():
        assert validate(deck) == [], deck["name"]
        cards, piles, _ = deck_cards(deck)
        for kind in KINDS:
            assert len(piles[kind]) >= 10
        customs = [c for c in cards.values() if c.rarity in (UNCOMMON, RARE)]
        assert customs, deck["name"]
        for card in customs:
            assert validate_card(card)[0] == [], card.name
            assert validate_card(card)[1] == [], card.name  # no warning either
        assert sum(1 for c in cards.values() if c.rarity == EPIC) <= 1


def test_ET_END_3_exhaustion_takes_one_hp_per_round_past_the_tenth() -> None:
    duel = duel_of(piles=({}, {k: ["ember_cut"] * 3 for k in KINDS}), turn=2 * 11)
    duel.active = 0
    hp = duel.fighters[1].hp
    duel, log = engine.apply(duel, 0, {"type": "end_turn"})
    assert duel.round == 12 and duel.active == 1
    assert duel.fighters[1].hp == hp - (12 - engine.EXHAUSTION_ROUND)
    assert {"type": "exhaustion", "seat": 1, "damage": 2} in log


def test_ET_END_3_no_exhaustion_up_to_round_ten() -> None:
    duel = duel_of(piles=({}, {k: ["ember_cut"] * 3 for k in KINDS}),
                   turn=2 * (engine.EXHAUSTION_ROUND - 1))
    hp = duel.fighters[1].hp
    duel, log = engine.apply(duel, 0, {"type": "end_turn"})
    assert duel.round == engine.EXHAUSTION_ROUND
    assert duel.fighters[1].hp == hp and not any(e["type"] == "exhaustion" for e in log)


def test_issue_35_mirror_matches_do_not_reach_the_round_limit() -> None:
    """Random play, every character against itself: no duel reaches ROUND_LIMIT (the Sefa
    mirror reached it in 148 of 200 before ET-END-3)."""
    for index, deck in enumerate(RULESET.starter_decks()):
        for seed in range(4):
            duel = RULESET.new_game(RULESET.options_from_json({}), [deck, deck], seed)
            rng = Rng.from_seed(seed + 100 * index)
            while duel.outcome is None:
                legal = engine.legal_actions(duel, duel.active)
                duel, _ = engine.apply(duel, duel.active, legal[rng.below(len(legal))])
            assert duel.outcome.end_type == engine.KNOCKOUT, deck["name"]


def test_PL_STATE_3_a_ruleset_3_duel_reports_its_version_after_the_issue_35_retune() -> None:
    """Ruleset 4 changed Edge of Shadow (issue 35): a replay recorded under version 3 is not
    re-simulated with the new numbers but reported stale, naming its own version."""
    assert_an_older_replay_is_stale(RULESET, 3)
