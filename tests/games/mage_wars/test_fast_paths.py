"""Issue 33 (lab speed): the engine's fast paths answer exactly as the reference code they
replace: the ready-made win conditions as `victory.met` (MW-WIN-2), and a sampler reused
for many determinizations as a fresh `sample_state` (PL-SHARED-5)."""

from __future__ import annotations

from marcomage.games.mage_wars.cards import ALIGNMENTS, CARDS, ICONS
from marcomage.games.mage_wars.state import state_to_json
from marcomage.games.mage_wars.view import Sampler, sample_state, view
from marcomage.games.mage_wars.victory import Mage, Table, met, predicate
from marcomage.platform.rng import Rng

from .tables import game


def test_MW_WIN_2_a_prepared_win_condition_answers_as_met_on_random_tables() -> None:
    rng = Rng.from_seed("fast-wins")
    conditions = [card.win for card in CARDS.values() if card.type == "mage"]
    conditions += [{"structures_built": 2, "alignment": "good", "element": "fire"},
                   {"or": [{"destroy_all": "evil"}, {"and": [{"level_reached": 3},
                                                            {"pets_kept": 2}]}]},
                   {"rivals_fallen": 1, "alignment": "grey"}, {"destroy_everyone": True}]
    agreed = {True: 0, False: 0}
    for _ in range(400):
        seats = 2 + rng.below(3)
        mages = [Mage(ALIGNMENTS[rng.below(len(ALIGNMENTS))], 1 + rng.below(4),
                      rng.below(3) > 0, rng.below(4), rng.below(3) == 0)
                 for _ in range(seats)]
        built = [(ALIGNMENTS[rng.below(len(ALIGNMENTS))], ICONS[rng.below(len(ICONS))])
                 for _ in range(rng.below(5))]
        table = Table(mages, built)
        for doc in conditions:
            for seat in range(seats):
                expected = met(doc, seat, table)
                assert predicate(doc)(seat, table) is expected, (doc, seat, table)
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
