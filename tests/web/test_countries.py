"""Nationality flags: a vendored SVG image per ISO 3166-1 country (issue 22: images, not emoji)."""

from __future__ import annotations

from pathlib import Path

import marcomage.web
from marcomage.web.preferences.countries import COUNTRIES, COUNTRY_NAMES, flag_file

STATIC = Path(marcomage.web.__file__).parent / "static"


def test_every_country_has_its_flag_image() -> None:
    for code, _name in COUNTRIES:
        path = STATIC / flag_file(code)
        assert path.is_file(), code
        assert path.read_text().lstrip().startswith("<svg"), code


def test_it_names_no_file_for_anything_else() -> None:
    assert flag_file("sk") == flag_file("SK") == "vendor/flags/sk.svg"
    assert flag_file("") == flag_file("S") == flag_file("SVK") == flag_file("XX") == ""


def test_it_knows_the_iso_countries() -> None:
    assert len(COUNTRIES) == len(COUNTRY_NAMES) == 249
    assert COUNTRY_NAMES["CZ"] == "Czechia"
