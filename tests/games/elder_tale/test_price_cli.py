"""`marcomage eldertale price CARD.json` prints the breakdowns and findings (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from marcomage.cli import main

from .builders import card_doc, fx


def test_ET_DP_8_price_prints_the_page_style_breakdown(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card_doc(hits=2, value=3, effects=[fx("gain_defense",
                                                                     intensity=2)])))
    assert main(["eldertale", "price", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("2 Hits of 3 Damage --> 2x3 --> 6 DP --> Gain Defense(2) as +2 DP --> 8 DP --> "
            "+1 for First Defensive --> 9 DP") in out
    assert "total 9 DP of 10 (under by 1)" in out and "Legal: yes" in out


def test_price_exits_1_with_the_error_codes_of_an_illegal_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card_doc(hits=2, value=6, en=3)))
    assert main(["elder_tale", "price", "--json", str(path)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {"BAD_EN"} <= {e["code"] for e in doc["errors"]} and not doc["legal"]


def test_price_refuses_an_unreadable_card(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "card.json"
    path.write_text(json.dumps(card_doc(effects=[{"type": "teleport"}])))
    assert main(["eldertale", "price", str(path)]) == 2
    assert "no effect type 'teleport'" in capsys.readouterr().err
