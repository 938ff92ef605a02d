"""The protocol's shared pieces (PL-PROTO)."""

from __future__ import annotations

import pytest

from marcomage.platform.protocol import Outcome, platform_end


def test_PL_PROTO_6_platform_end_checks_its_type_and_winners() -> None:
    assert platform_end("surrender", [1], 7) == Outcome("win", (1,), "surrender", 7)
    assert platform_end("abandon", [2, 0], 3).winners == (0, 2)
    assert platform_end("abort", [], 5) == Outcome("none", (), "abort", 5)
    for end_type, winners in (("abort", [1]), ("surrender", []), ("resign", [0])):
        with pytest.raises(ValueError):
            platform_end(end_type, winners, 1)
