"""Nationality flags from Unicode regional-indicator symbols, no image files."""

from __future__ import annotations

from marcomage.web.preferences.countries import COUNTRIES, COUNTRY_NAMES, flag


def test_it_draws_a_flag_from_the_country_code() -> None:
    assert flag("SK") == "\U0001f1f8\U0001f1f0"
    assert flag("gb") == "\U0001f1ec\U0001f1e7"


def test_it_draws_nothing_for_anything_else() -> None:
    assert flag("") == flag("S") == flag("SVK") == flag("1A") == ""


def test_it_knows_the_iso_countries() -> None:
    assert len(COUNTRIES) == len(COUNTRY_NAMES) == 249
    assert COUNTRY_NAMES["CZ"] == "Czechia"
