"""Replays (PL-STATE-3): a header, the accepted steps with the state hash after each, and
re-simulation that checks every hash.

The state hash is SHA-256 of the state's canonical JSON (PL-STATE-2): sorted keys, no spaces,
no floats.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .protocol import Ruleset, State


def canonical_json(doc: Any) -> str:
    """The one text form of a JSON document: sorted keys, no spaces, ASCII only."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False)


def state_hash(ruleset: Ruleset, state: State) -> str:
    """SHA-256 (hex) of the state's canonical JSON."""
    return hashlib.sha256(canonical_json(ruleset.to_json(state)).encode()).hexdigest()
