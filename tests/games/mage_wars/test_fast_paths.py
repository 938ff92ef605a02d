"""Issue 33 (lab speed): the engine's fast paths answer exactly as the reference code they
replace: the ready-made win conditions as `victory.met` (MW-WIN-2), and a sampler reused
for many determinizations as a fresh `sample_state` (PL-SHARED-5)."""

from __future__ import annotations

from marcomage.games.mage_wars.cards import CARDS
from marcomage.games.mage_wars.state import Player, state_to_json
from marcomage.games.mage_wars.victory import met, predicate, table_of
from marcomage.games.mage_wars.view import Sampler, sample_state, shuffle, view
from marcomage.platform.rng import Rng

from .tables import game


def test_MW_WIN_2_a_prepared_win_condition_answers_as_met_on_random_tables() -> None:
    rng = Rng.from_seed("fast-wins")
    mages = [c for c, card in CARDS.items() if card.type == "mage"]
    structures = [c for c, card in CARDS.items() if card.type == "structure"]
    conditions = [CARDS[c].win for c in mages]
    conditions += [{"structures_built": 2, "alignment": "good", "element": "fire"},
                   {"or": [{"destroy_all": "evil"}, {"and": [{"level_reached": 3},
                                                            {"pets_kept": 2}]}]},
                   {"rivals_fallen": 1, "alignment": "neutral"}, {"destroy_everyone": True}]
    agreed = {True: 0, False: 0}
    for _ in range(400):
        seats = 2 + rng.below(3)
        cards = [mages[rng.below(len(mages))] for _ in range(seats)]
        cards += [structures[rng.below(len(structures))] for _ in range(rng.below(5))]
        players = []
        for seat in range(seats):
            left = rng.below(3) == 0
            players.append(Player(mage=seat, alive=rng.below(3) > 0, left=left,
                                  level=1 + rng.below(4), pets=list(range(rng.below(4))),
                                  fallen=left and rng.below(2) == 0))
        built = list(range(seats, len(cards)))
        table = table_of(players, cards, built)
        for doc in conditions:
            for seat, player in enumerate(players):
                if player.left or not player.alive:  # engine.check_wins asks only these
                    continue
                expected = met(doc, seat, table)
                assert predicate(doc)(seat, players, cards, built) is expected, (doc, seat)
                agreed[expected] += 1
    assert agreed[True] > 50 and agreed[False] > 50  # both answers were exercised


def test_PL_SHARED_5_a_reused_sampler_deals_as_fresh_samples_do() -> None:
    state = game(4, seed=5)
    doc = view(state, 1)
    sampler = Sampler(doc)
    first, second = Rng.from_seed("s"), Rng.from_seed("s")
    for _ in range(3):
        mine = sampler.sample(first)
        fresh = sample_state(doc, second)
        assert state_to_json(mine) == state_to_json(fresh)
        mine.players[0].hand.append(0)  # a sample's changes stay in that sample
        assert view(sampler.sample(Rng.from_seed(1)), 1) == doc


def test_PL_STATE_1_the_samplers_shuffle_is_the_generators_own() -> None:
    """The inlined shuffle gives the permutation `Rng.shuffle` gives and leaves the
    generator where `Rng.shuffle` leaves it, for every length up to a pack's."""
    ours, theirs = Rng.from_seed("shuffle"), Rng.from_seed("shuffle")
    for length in range(170):
        mine, reference = list(range(length)), list(range(length))
        shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference and ours.state == theirs.state
