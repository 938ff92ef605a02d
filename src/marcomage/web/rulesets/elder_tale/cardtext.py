"""Elder Tale cards and effects in words for the pages: "2 hits of 3", "Attack Up 1 for 1 hit
in 1 round", "Poison 3". Card texts come from the card data (the ruleset's file, or the
custom card itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.games.elder_tale.cards import EFFECT_NAMES

NO_INTENSITY = ("add_card", "facedown", "draw", "draw_random", "doom", "draw_up",
                "draw_down", "random_draw_up", "random_draw_down", "destroy_card")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def effect_text(effect: Mapping[str, Any], left: bool = False) -> str:
    """An effect of a card, or (`left`) an effect in force with what is left of its
    bounds ("hits_left", "rounds_left")."""
    kind = str(effect["type"])
    words = EFFECT_NAMES.get(kind, kind)
    if kind == "add_card":
        return f"Add Card: {effect.get('copies', 1)} {str(effect.get('clutter')).capitalize()}"
    if kind not in NO_INTENSITY:
        words += f" {effect.get('intensity', 1)}"
    if effect.get("deck"):
        words += f" ({str(effect['deck']).capitalize()} deck)"
    if effect.get("resist"):
        words += f" vs {effect['resist']}"
    hits = effect.get("hits_left" if left else "hits")
    rounds = effect.get("rounds_left" if left else "rounds")
    bounds = []
    if hits is not None:
        bounds.append(_plural(int(hits), "hit"))
    if rounds is not None:
        bounds.append(_plural(int(rounds), "round"))
    if bounds:
        words += (" — " + " and ".join(bounds) + " left") if left else (
            " for " + " in ".join(bounds))
    stage = effect.get("stage")
    if left and stage == "waiting":
        words += " (from the next turn)"
    elif left and stage in ("defense", "attack"):
        words += f" (on the next {stage})"
    if left and effect.get("source"):
        words += f" — from {effect['source']}"
    return words


EVERY_ONE_COUNTS = frozenset({"gain_defense"})
"""Effects of which every one in force counts: each Gain Defense is a guard hit of its own
(ET-XCH-2). Of any other kind only the highest counts (ET-DP-9)."""


def effects_in_force(effects: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The effects in force as a player should read them (issue 35): of several of one kind
    (same type, deck, resisted type and stage) only the one that counts, the highest (the
    first of equals, as the engine picks it), with how many others of its kind it outranks;
    every Gain Defense apart. Each item: "text", "others" (how many do not count)."""
    shown: list[dict[str, Any]] = []
    best: dict[tuple[Any, ...], dict[str, Any]] = {}
    for n, effect in enumerate(effects):
        kind = str(effect["type"])
        key: tuple[Any, ...] = ((n,) if kind in EVERY_ONE_COUNTS else
                                (kind, effect.get("deck"), effect.get("resist"),
                                 effect.get("stage")))
        held = best.get(key)
        if held is None:
            held = {"effect": effect, "others": 0}
            best[key] = held
            shown.append(held)
        else:
            held["others"] += 1
            if int(effect.get("intensity", 1)) > int(held["effect"].get("intensity", 1)):
                held["effect"] = effect
    return [{"text": effect_text(h["effect"], left=True), "others": h["others"]}
            for h in shown]


def hp_text(hp: int, max_hp: int) -> dict[str, Any]:
    """HP as a player reads it (issue 35): never below 0; a combatant at 0 or below is
    "knocked out", with how far past 0 the last blow went in words."""
    shown = max(0, hp)
    words = ""
    if hp <= 0:
        words = "knocked out" + (f", {_plural(-hp, 'point')} past 0" if hp < 0 else "")
    return {"hp": shown, "max_hp": max_hp, "down": hp <= 0, "words": words}


def card_summary(card: Mapping[str, Any]) -> dict[str, Any]:
    """What a card face shows: name, deck, rarity, EN, hits and value, effects, grants."""
    kind = str(card["kind"])
    body = ""
    if kind in ("attack", "defense"):
        noun = "damage" if kind == "attack" else "defense"
        body = f"{card.get('hits', 0)} × {card.get('value', 0)} {noun}"
    return {
        "id": card["id"], "name": card["name"], "kind": kind, "rarity": card["rarity"],
        "en": card["en"], "body": body,
        "effects": [effect_text(e) for e in card.get("effects", [])],
        "grants": ", ".join(f"{n}x{m}" if m > 1 else str(n) for n, m in card.get("grants", [])),
        "text": card.get("text", ""),
    }
