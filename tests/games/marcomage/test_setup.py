"""Starting a game (C-SETUP): start values, a random first player, the second player's
extra resources, starting hands without rares and with anti-flood."""

from __future__ import annotations

import pytest

from marcomage.games.marcomage import CARDS, InvalidDeck, Rng, new_game, random_deck
from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON
from marcomage.games.marcomage.state import START_ENTRY

from .builders import DECK

DECK_B = (DECK[0][::-1], DECK[1][::-1], DECK[2][::-1])


def test_C_SETUP_1_start_values_of_the_first_player() -> None:
    for seed in range(20):
        game = new_game(DECK, DECK_B, seed=seed)
        first = game.players[game.current]
        assert (first.tower, first.wall) == (30, 25)
        assert (first.quarry, first.magic, first.dungeons) == (3, 3, 3)
        assert (first.bricks, first.gems, first.recruits) == (15, 5, 10)


def test_C_SETUP_3_second_player_gets_one_of_each_resource() -> None:
    for seed in range(20):
        game = new_game(DECK, DECK_B, seed=seed)
        second = game.players[1 - game.current]
        assert (second.bricks, second.gems, second.recruits) == (16, 6, 11)
        assert (second.tower, second.wall) == (30, 25)  # nothing else changes
        assert (second.quarry, second.magic, second.dungeons) == (3, 3, 3)


def test_C_SETUP_2_first_player_is_random_from_the_seed() -> None:
    firsts = [new_game(DECK, DECK_B, seed=seed).current for seed in range(400)]
    assert set(firsts) == {0, 1}
    assert 150 < sum(firsts) < 250  # about half each (sigma 10)
    # The same seed always picks the same player, whatever the decks.
    for seed in range(30):
        a = new_game(DECK, DECK_B, seed=seed).current
        b = new_game(random_deck(Rng.from_seed(seed)), DECK, seed=seed).current
        assert a == b


def test_C_SETUP_2_string_seeds_work_too() -> None:
    assert {new_game(DECK, DECK_B, seed=f"game-{i}").current for i in range(60)} == {0, 1}


def test_C_SETUP_4_starting_hands_never_contain_rares() -> None:
    for seed in range(1500):
        game = new_game(DECK, DECK_B, seed=seed)
        for p in game.players:
            assert all(CARDS[c].rarity in (COMMON, UNCOMMON) for c in p.hand)


def test_C_SETUP_4_starting_hands_are_drawn_from_the_own_deck() -> None:
    deck_a = random_deck(Rng.from_seed(1))
    deck_b = random_deck(Rng.from_seed(2))
    for seed in range(100):
        game = new_game(deck_a, deck_b, seed=seed)
        for p, deck in zip(game.players, (deck_a, deck_b), strict=True):
            assert len(p.hand) == 8
            assert all(c in deck[COMMON] + deck[UNCOMMON] for c in p.hand)


def test_C_SETUP_4_starting_hands_use_no_rare_odds() -> None:
    commons = uncommons = 0
    for seed in range(1000):
        for p in new_game(DECK, DECK_B, seed=seed).players:
            commons += sum(CARDS[c].rarity == COMMON for c in p.hand)
            uncommons += sum(CARDS[c].rarity == UNCOMMON for c in p.hand)
    share = commons / (commons + uncommons)  # 16,000 cards; anti-flood barely moves it
    assert abs(share - 65 / 94) < 0.02


def test_C_SETUP_4_starting_hands_are_anti_flooded() -> None:
    """Slot 2 repeats slot 1 with probability sum q*(q/2)/(1-q/2) ~ 0.0195 with
    anti-flood, against sum q**2 ~ 0.0382 without it (q: no-rare odds per card)."""
    hands = 0
    repeats = 0
    for seed in range(5000):
        for p in new_game(DECK, DECK_B, seed=seed).players:
            hands += 1
            repeats += p.hand[1] == p.hand[0]
    rate = repeats / hands  # 10,000 hands: sigma 0.0014
    assert 0.0125 < rate < 0.0265, rate


def test_C_SETUP_4_three_of_a_kind_is_rare_in_starting_hands() -> None:
    """Without anti-flood about one hand in four would hold some card three times."""
    triples = 0
    for seed in range(2000):
        for p in new_game(DECK, DECK_B, seed=seed).players:
            triples += max(p.hand.count(c) for c in p.hand) >= 3
    assert triples < 4_000 * 0.06


def test_C_SETUP_5_the_game_keeps_a_copy_of_each_deck() -> None:
    deck = [list(DECK[0]), list(DECK[1]), list(DECK[2])]
    game = new_game(deck, DECK_B, seed=3)
    deck[0][0] = 999
    deck[1].clear()
    assert game.players[0].deck == DECK


def test_C_SETUP_5_an_invalid_deck_is_refused() -> None:
    with pytest.raises(InvalidDeck):
        new_game((DECK[0][:14], DECK[1], DECK[2]), DECK_B, seed=1)
    with pytest.raises(InvalidDeck):
        new_game(DECK, (DECK[1], DECK[0], DECK[2]), seed=1)


def test_C_SETUP_6_token_slots_come_from_the_deck_and_start_at_zero() -> None:
    game = new_game(DECK, DECK_B, seed=1, tokens1=("none", "Holy", "Holy"),
                    tokens2=("Mage", "Soldier", "Beast"))
    p1, p2 = game.players
    assert p1.token_names == ("Holy", "none", "none")
    assert p2.token_names == ("Mage", "Soldier", "Beast")
    for p in game.players:
        assert p.tokens == [0, 0, 0]
        assert p.token_changes == [0, 0, 0]
    with pytest.raises(InvalidDeck):
        new_game(DECK, DECK_B, seed=1, tokens1=("Quick",))


def test_C_SETUP_7_initial_history_flags_piles_and_changes() -> None:
    game = new_game(DECK, DECK_B, seed=4)
    for p in game.players:
        assert p.history == [START_ENTRY]
        assert (START_ENTRY.card, START_ENTRY.mode, START_ENTRY.played) == (0, 0, True)
        assert p.last_played == 0
        assert p.new == [False] * 8
        assert p.revealed == [False] * 8
        assert p.discarded_own == [] and p.discarded_opp == []
        assert p.changes == [0] * 8


def test_C_SETUP_8_round_starts_at_one_and_game_is_running() -> None:
    game = new_game(DECK, DECK_B, seed=5, hidden=True, friendly=True)
    assert game.round == 1
    assert game.outcome is None and not game.finished
    assert game.hidden and game.friendly


def test_C_GEN_5_same_seed_same_game() -> None:
    from marcomage.games.marcomage import dumps

    assert dumps(new_game(DECK, DECK_B, seed=99)) == dumps(new_game(DECK, DECK_B, seed=99))
    assert dumps(new_game(DECK, DECK_B, seed=99)) != dumps(new_game(DECK, DECK_B, seed=98))


def test_rare_cards_exist_in_the_decks_used() -> None:
    """Guard for the no-rare tests above: the decks do hold 15 rares."""
    assert all(CARDS[c].rarity == RARE for c in DECK[RARE] + DECK_B[RARE])
