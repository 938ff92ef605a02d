"""The generic board: any game system's view as data and its legal actions as buttons, each
posting the action's JSON with the version (used by every game without a board of its own)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json

TEMPLATE = "rulesets/generic/_board.html"
LOG_KEYS = ("log", "events", "history")
ACTION_LENGTH = 1000  # an action holds a type and ids only (PL-PROTO-4)


def _shown(value: Any) -> dict[str, Any]:
    """A value of the view: plain text for a scalar, indented JSON for the rest."""
    if isinstance(value, (dict, list)):
        return {"block": True, "text": json.dumps(value, indent=1, sort_keys=True)}
    return {"block": False, "text": "" if value is None else str(value)}


def label(action: Action) -> str:
    """Words for a button: the type, then each other field ("bid: amount 3")."""
    rest = ", ".join(f"{key} {value}" for key, value in sorted(action.items())
                     if key != "type")
    return f"{action.get('type', '?')}: {rest}" if rest else str(action.get("type", "?"))


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """The view split into its fields (a log apart) and one button per legal action."""
    fields = [{"key": key, **_shown(value)} for key, value in sorted(view.items())
              if key not in LOG_KEYS]
    log: list[str] = []
    for key in LOG_KEYS:
        entries = view.get(key)
        if isinstance(entries, list):
            log.extend(e if isinstance(e, str) else canonical_json(e) for e in entries)
    return {
        "fields": fields,
        "log": log,
        "actions": [{"json": canonical_json(action), "label": label(action)}
                    for action in legal],
    }


def action_from_form(data: Mapping[str, Any]) -> Action:
    """The action JSON a button posted; ValueError when it is not a JSON object."""
    text = str(data.get("action", ""))
    if len(text) > ACTION_LENGTH:
        raise ValueError(f"The action is too long: at most {ACTION_LENGTH} characters.")
    try:
        action = json.loads(text)
    except (ValueError, RecursionError):  # too deep or an integer too long, too
        raise ValueError("The action is not valid JSON.") from None
    if not isinstance(action, dict):
        raise ValueError("An action is a JSON object with a type.")
    return action
