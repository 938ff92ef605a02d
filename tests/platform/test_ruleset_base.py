"""The protocol's optional parts (issue 30, PL-PROTO): declared on `Ruleset`, given their
defaults in one place (`RulesetBase`), so callers call them and never probe for them."""

from __future__ import annotations

import pytest

from marcomage.games import RULESETS
from marcomage.platform.bots import RandomBot, bots_for
from marcomage.platform.protocol import Ruleset
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from .toy import RULESET as TOY


class Plain(type(TOY)):  # type: ignore[misc]
    """The toy without its own optional parts: only the defaults remain."""

    resample_hidden = RulesetBase.resample_hidden
    bots = RulesetBase.bots


def test_every_registered_ruleset_has_every_part_of_the_protocol() -> None:
    for ruleset in [*RULESETS.values(), TOY]:
        assert isinstance(ruleset, Ruleset), ruleset.id
        assert isinstance(ruleset, RulesetBase), ruleset.id


def test_the_defaults_of_the_optional_parts() -> None:
    plain = Plain()
    assert plain.bots() == {}
    assert bots_for(plain) == {"random": RandomBot}
    state = plain.new_game(plain.options_from_json({}), plain.starter_decks()[:3], 5)
    copy = plain.resample_hidden(state, 0, Rng.from_seed(1))
    assert copy is not state and plain.to_json(copy) == plain.to_json(state)
    with pytest.raises(NotImplementedError):
        plain.sample_state(plain.view(state, 0), Rng.from_seed(1))
    starters = plain.starter_decks()
    decks = [plain.random_deck(Rng.from_seed(seed)) for seed in range(20)]
    assert all(deck in starters for deck in decks)
    assert len({str(deck) for deck in decks}) > 1  # drawn, not always the first


def test_a_rulesets_own_parts_win_over_the_defaults() -> None:
    marcomage = RULESETS["marcomage"]
    assert set(bots_for(marcomage)) > {"random"}
    assert type(marcomage).resample_hidden is not RulesetBase.resample_hidden


def test_the_sixth_game_of_the_docs_conforms_with_only_the_defaults() -> None:
    """docs/platform.md's example (tests/platform/nim.py): a ruleset that writes only its
    own parts passes the conformance suite (PL-SHARED-6), and a game of perfect information
    keeps the default resample_hidden."""
    from marcomage.platform import conformance

    from .nim import RULESET as NIM

    assert isinstance(NIM, Ruleset) and NIM.hides_information is False
    conformance.check_playouts_end(NIM, (1, 2, 3))
    conformance.check_all(NIM, (1, 2))
    assert bots_for(NIM) == {"random": RandomBot}


def test_a_game_that_hides_information_must_redraw_it() -> None:
    """The default copy does not pass for a game whose views hide something."""
    from marcomage.platform import conformance

    class Lazy(type(TOY)):  # type: ignore[misc]
        resample_hidden = RulesetBase.resample_hidden

    with pytest.raises(AssertionError, match="never changed anything"):
        conformance.check_all(Lazy(), (1,))
