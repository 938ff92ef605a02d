"""The generic board: any game system's view as labelled fields in words and its legal actions
as buttons, each posting the action's JSON with the version (used by every game without a
board of its own)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from marcomage.platform.protocol import Action
from marcomage.platform.replay import canonical_json

TEMPLATE = "rulesets/generic/_board.html"
LOG_KEYS = ("log", "events", "history")
ACTION_LENGTH = 1000  # an action holds a type and ids only (PL-PROTO-4)


SHOWN_ELSEWHERE = ("you", "to_act", "outcome")
"""View keys the board already says in words: the seat list marks you and who is to act, the
status line says how the game ended."""


def _text(value: Any, inner: bool = False) -> str:
    """A value of the view in words: yes/no, lists comma-separated (a list of lists with
    "|" between them), objects as "key: value"; None is nothing, or "-" inside a list."""
    if value is None:
        return "-" if inner else ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        separator = " | " if any(isinstance(v, (list, dict)) for v in value) else ", "
        return separator.join(_text(v, True) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{_label(str(k))}: {_text(v, True)}"
                         for k, v in sorted(value.items()))
    return str(value)


def _label(key: str) -> str:
    """A view key as a label: "hand_sizes" -> "Hand sizes"."""
    return key.replace("_", " ").strip().capitalize() or key


def _player_names(players: list[Any]) -> list[str]:
    return [str(p.username) if p is not None else f"Player {n}"
            for n, p in enumerate(players, start=1)]


def _field(key: str, value: Any, names: list[str]) -> dict[str, Any]:
    """One field of the view; a list of lists or objects with one entry per seat (every
    hand, say) is shown one line per player, by name."""
    field: dict[str, Any] = {"key": key, "label": _label(key), "text": _text(value), "rows": []}
    if (isinstance(value, list) and len(names) > 1 and len(value) == len(names)
            and all(isinstance(v, (list, dict)) for v in value)):
        field["rows"] = [(name, _text(v)) for name, v in zip(names, value, strict=True)]
    return field


def label(action: Action) -> str:
    """Words for a button: the type, then each other field ("bid: amount 3")."""
    rest = ", ".join(f"{key} {value}" for key, value in sorted(action.items())
                     if key != "type")
    return f"{action.get('type', '?')}: {rest}" if rest else str(action.get("type", "?"))


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """The view split into its fields (a log apart) and one button per legal action."""
    names = _player_names(players)
    fields = [_field(key, value, names) for key, value in sorted(view.items())
              if key not in LOG_KEYS and key not in SHOWN_ELSEWHERE]
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
