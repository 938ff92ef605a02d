"""The system messages' texts (C-EXP-13, C-EXP-14, C-EXP-15) and the message rules as
properties (C-SITE-1): whatever the input, a stored message keeps the limits."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marcomage.games.marcomage import EndType
from marcomage.games.marcomage.awards import GAME_RATING, Achievement, Award, Rating, Result, rate
from marcomage.web.messaging import notices
from marcomage.web.messaging.models import SUBJECT_LENGTH, TEXT_LENGTH
from marcomage.web.messaging.services import MessageRefused, clean
from marcomage.web.rulesets.marcomage import reports


@pytest.mark.parametrize(("modifier", "text"), [
    ("1.05", "105%"), ("1", "100%"), ("0.7", "70%"), ("1.60", "160%"), ("0", "0%"),
    ("2.10", "210%"), ("1.375", "137.5%"),
])
def test_modifiers_are_written_as_the_manuals_percentages(modifier: str, text: str) -> None:
    assert reports.percent(Decimal(modifier)) == text


@pytest.mark.parametrize(("level", "game_slot", "deck_slot"), [
    (1, False, False), (4, True, False), (6, False, True), (12, True, True)])
def test_C_EXP_15_level_up_names_the_bonus_slots_of_that_level(
        level: int, game_slot: bool, deck_slot: bool) -> None:
    assert notices.level_up_subject(level) == f"Level up ({level})"
    text = reports.level_up(level)
    assert f"level {level}." in text
    assert ("bonus game slot" in text) is game_slot
    assert ("bonus deck slot" in text) is deck_slot


def test_C_EXP_14_challenge_answers_name_the_challenged_player() -> None:
    assert notices.challenge_answer("bob", True)[0] == "Challenge accepted"
    assert notices.challenge_answer("bob", False) == (
        "Challenge rejected", "bob has rejected your challenge.")


ratings = st.builds(
    lambda pair, level, other, achieved, awards: rate(
        pair[0], pair[1], level, other, achieved, awards if pair[0] is Result.WIN else ()),
    st.sampled_from(sorted(GAME_RATING, key=str)), st.integers(0, 200), st.integers(0, 200),
    st.sampled_from(list(Achievement)), st.sets(st.sampled_from(list(Award))),
)


@given(ratings, st.text(min_size=1, max_size=20), st.booleans())
def test_C_EXP_13_every_battle_report_fits_a_message(
        rating: Rating, opponent: str, hidden: bool) -> None:
    text = reports.report_text(rating, opponent, opponent, hidden)
    subject, stored = clean(notices.BATTLE_REPORT, text)
    assert len(stored) <= TEXT_LENGTH and subject == "Battle report"
    assert f"Total: you gained {rating.gain} EXP." in stored


@given(st.text(max_size=40), st.text(max_size=1100))
def test_C_SITE_1_clean_either_refuses_or_keeps_the_limits(subject: str, text: str) -> None:
    try:
        kept_subject, kept_text = clean(subject, text)
    except MessageRefused:
        return
    assert len(kept_subject) <= SUBJECT_LENGTH and len(kept_text) <= TEXT_LENGTH
    assert kept_subject or kept_text.strip()
    assert "\r" not in kept_text and "\x00" not in kept_subject + kept_text


def test_end_types_of_phase_1_all_have_a_name() -> None:
    for result, end_type in GAME_RATING:
        if result is not Result.DRAW:
            assert end_type in reports.END_TEXT
    assert EndType.ABORT not in reports.END_TEXT


def test_PL_SHARED_4_the_generic_battle_report_names_game_result_and_exp() -> None:
    text = notices.battle_report("Toy", "loss", 15, "bob, carol", "carol")
    assert text.splitlines() == ["Game: Toy", "Opponent: bob, carol", "Result: Loss",
                                 "Winner: carol", "", "Total: you gained 15 EXP."]
    assert "Winner: none (draw)" in notices.battle_report("Toy", "draw", 50, "bob", None)


def test_PL_SHARED_4_a_level_up_in_another_game_names_it_and_no_site_bonus() -> None:
    text = notices.level_up(12, "Toy")  # no slots: they follow the MArcomage level
    assert text == "Congratulations, you have reached level 12 in Toy."
