"""End types in words (issue 31): no player reads "Hp", "Win_condition" or "Round_limit",
and the platform's "surrender" and MArcomage's "Surrender" read the same."""

from __future__ import annotations

from django.template import Context, Template

from marcomage.web.core.end_types import end_words


def test_the_ids_of_the_newer_systems_read_as_words() -> None:
    assert end_words("hp") == "Out of health"
    assert end_words("win_condition") == "Victory condition met"
    assert end_words("round_limit") == "Round limit reached"
    assert end_words("surrender") == end_words("Surrender") == "Surrender"
    assert end_words("Destruction") == "Destruction"  # MArcomage's are words already
    assert end_words("some_new_end") == "Some new end"


def test_the_replay_pages_filter_writes_them() -> None:
    html = Template("{% load marcomage %}{{ e|end_words }}").render(Context({"e": "deck_out"}))
    assert html == "Out of cards"
