"""The scripted players' MArcomage move, read from a board's HTML: the first playable card
of the hand (its first mode), else a discard of the first card. Shared by the load
benchmark's players (load/players.py) and the computer-games page benchmark
(faults/computer_pages.py), so both play alike."""

from __future__ import annotations

import re

SLOT = re.compile(r'<div class="slot( playable)?[^"]*" data-pos="(\d+)"')
OPTION = re.compile(r'<option value="(\d+)"')


def choice(board: str) -> dict[str, str]:
    """The form of the first playable card (first mode) in the board's hand (`#my-hand`),
    else the discard of the first card."""
    hand = board.split('id="my-hand"', 1)[-1].split("</section>", 1)[0]
    for chunk in hand.split('<div class="slot')[1:]:
        found = SLOT.match('<div class="slot' + chunk)
        if found and found.group(1):
            option = OPTION.search(chunk)
            return {"kind": "play", "pos": found.group(2),
                    "mode": option.group(1) if option else "0"}
    return {"kind": "discard", "pos": "1"}
