"""What one seat may see (FW views, PL-VIEW): own hand in full, the opponent's as a count,
deck order hidden from everyone, public counts and discard piles, the map under fog, the
mulligan choice sealed until both have chosen, and the battle log as the viewer saw it;
`resample_hidden` draws anew what a seat cannot see."""

from __future__ import annotations

import dataclasses
from typing import Any

from marcomage.platform.rng import Rng

from .cards import CARDS, domain_name
from .casting import OK, REASONS, Sight, hand_reason
from .combat import attack_of, hp, max_hp
from .fog import known_spaces
from .hexmap import MAPS
from .movement import speed_of
from .sight import control, domain_levels, income, revealed, sees, wells_held
from .state import BATTLE, KEEP, MULL, Battle, Enchant


def _options(state: Battle) -> dict[str, Any]:
    return dataclasses.asdict(state.options)


def _ench(e: Enchant) -> dict[str, Any]:
    return {"owner": e.owner, "card": e.card, "dimmed": e.dimmed}


def _saw(entry: dict[str, Any], viewer: int | None, key: str) -> bool:
    """Whether `viewer` saw the space the entry's `key` ("seen", "seen_to") speaks of; an
    entry without it was seen by its own seat only (hidden information is never guessed
    into a view)."""
    if viewer is None or viewer == entry.get("seat"):
        return True
    flags = entry.get(key)
    return bool(flags[viewer]) if isinstance(flags, list) else False


def log_text(entry: dict[str, Any], viewer: int | None, label: Any) -> str:
    """One log entry in words for `viewer`; where a cast went (its target space, and Wind
    Step's destination) is told only to those who saw that space (`label(space)` names a
    space)."""
    what = entry["what"]
    seen = viewer is None or entry.get("seen", [True, True])[viewer]
    card = CARDS[entry["card"]].name if entry.get("card") else ""
    where = ""
    if entry.get("space") is not None:
        where = f" at {label(entry['space'])}" if seen else " where you cannot see"
    if what == "round":
        return f"Round {entry['round']} begins."
    if what == "end":
        return "The battle ends by glory." if entry["end"] == "glory" else \
            "The battle ends at the round limit."
    if what == "mulligan":
        return f"mulligans to {entry['size']} cards."
    if what == "keep":
        return f"keeps a hand of {entry['size']} cards."
    if what == "pass":
        return "passes."
    if what == "cycle":
        return "cycles a card."
    if what == "glory":
        if "amount" in entry:
            wells = "a Flux Well" if entry["wells"] == 1 else f"{entry['wells']} Flux Wells"
            return f"holds {wells} and gains {entry['amount']} glory."
        return f"holds the most Flux Wells ({entry['wells']}) and gains 2 glory."
    if what in ("move", "attack", "ability", "dies", "heal"):
        return _figure_text(entry, viewer, label)
    if what == "built":
        return f"finishes building {card}{where}."
    if what == "cancel":
        return f"casts {card}{where}, but {CARDS[entry['by']].name} cancels it."
    text = f"casts {card}{where}"
    if entry.get("target") and seen:  # whose HP or numbers change (issue 32)
        text = f"casts {card} on {CARDS[entry['target']].name}{where}"
    if entry.get("site"):
        text = f"starts a construction site of {card}{where}"
    if entry.get("to") is not None and _saw(entry, viewer, "seen_to"):
        text += f" to {label(entry['to'])}"
        if entry.get("blocked"):
            text += ", but that space is taken: nothing moves"
    if entry.get("damage"):
        text += f", dealing {entry['damage']} damage"
    if entry.get("healed"):
        text += f", healing {entry['healed']} HP"
    if entry.get("destroyed"):
        text += f", destroying {CARDS[entry['destroyed']].name}"
    return text + "."


def _figure_text(entry: dict[str, Any], viewer: int | None, label: Any) -> str:
    """A move, an attack, a special action, a death or a heal in words for `viewer`, naming
    the cards and the cause of every change of HP; a space the viewer did not see is not
    named, and an action it saw nothing of says only that something happened out of sight
    (FARWILDS.md Fog)."""
    what = entry["what"]
    saw_from = _saw(entry, viewer, "seen")
    saw_to = _saw(entry, viewer, "seen_to")
    name = CARDS[entry["card"]].name

    def at(key: str, seen: bool) -> str:
        return label(entry[key]) if seen else "a space you cannot see"
    if what == "dies":
        if not saw_from:
            return "loses a figure where you cannot see."
        verb, tail = {"building": ("destroyed", ", leaving ruins"), "site": ("destroyed", ""),
                      }.get(entry["kind"], ("killed", ", leaving a corpse"))
        return (f"loses {name} at {label(entry['space'])}: {verb} by "
                f"{CARDS[entry['cause']].name}{tail}.")
    if what == "heal":
        return (f"heals {name} at {label(entry['space'])} by {entry['amount']} HP (Heal)."
                if saw_from else "heals a figure where you cannot see.")
    if not saw_from and not saw_to and not _saw(entry, viewer, "seen_at"):
        return "acts where you cannot see."
    if what == "move":
        saw_at = _saw(entry, viewer, "seen_at")
        if not saw_from:
            return f"moves {name} into sight at {label(entry['at'])}."
        if not saw_at:
            return f"moves {name} from {label(entry['space'])} out of your sight."
        text = f"moves {name} from {label(entry['space'])} to {label(entry['at'])}"
        if entry.get("stopped") and viewer in (None, entry["seat"]):
            why = ("a figure it could not see stands in the way" if entry["stopped"] ==
                   "taken" else "a figure it had not seen frightens it (Fear)")
            text = (f"moves {name} from {label(entry['space'])} toward "
                    f"{label(entry['to'])}, but {why}: it stops at {label(entry['at'])}")
        return text + "."
    target = CARDS[entry["target"]].name if entry.get("target") else ""
    if what == "ability":
        ability = next((a.name for a in CARDS[entry["card"]].actions
                        if a.id == entry["ability"]), entry["ability"])
        text = f"uses {name}'s {ability}"
        if entry["effect"] == "damage":
            text += f" on {target} at {at('to', saw_to)}: {entry['amount']} damage"
        elif entry["effect"] == "heal":
            text += f" on {target} at {at('to', saw_to)}: heals {entry['amount']} HP"
        elif entry["effect"] == "gain_flux":
            text += f": gains {entry['amount']} flux"
        else:
            text += f": {entry['amount']} entrenchment"
        return text + "."
    how = "shoots" if entry["how"] == "ranged" else "attacks"
    text = (f"{how} {target} at {at('to', saw_to)} with {name} from "
            f"{at('space', saw_from)}: {entry['damage']} damage")
    if entry.get("answer"):
        kind = "Battle Ready" if entry["answer"] == "battle_ready" else "battles back"
        text += f"; {target} {'strikes back (Battle Ready)' if kind == 'Battle Ready' else kind}"
        text += f": {entry['back']} damage to {name}"
    return text + "."


def hand_status(state: Battle, seat: int) -> list[dict[str, Any]]:
    """Each card in `seat`'s hand, castable now or not, with the reason in words."""
    sight = Sight.of(state, seat)
    out = []
    mine = state.phase == BATTLE and state.turn == seat and state.outcome is None
    for card_id in state.players[seat].hand:
        code = hand_reason(state, seat, card_id, sight) if mine else "not_your_turn"
        out.append({"card": card_id, "castable": code == OK, "reason": code,
                    "text": "It is not your turn." if code == "not_your_turn"
                    else REASONS[code]})
    return out


def view(state: Battle, viewer: int | None) -> dict[str, Any]:
    hexes = MAPS[state.options.map]
    everything = viewer is None or not state.options.fog
    # Figures, sites, enchantments and control show only where the viewer sees now (views,
    # FW-BOARD-2). A space only remembered (`reveal_memory`, FW-CAST-10) stays a target but
    # shows its terrain alone: what stands there now is hidden.
    seen = set(range(len(hexes))) if everything else sees(state, viewer)  # type: ignore[arg-type]
    remembered: set[int] = (set() if everything
                            else revealed(state, viewer) - seen)  # type: ignore[arg-type]
    # Wells held, areas of control and income count only the buildings the viewer may know
    # of: an unseen building would tell where it stands (issue 38).
    known = None if everything else known_spaces(state, viewer, seen)
    players = []
    for seat, p in enumerate(state.players):
        levels = domain_levels(state, seat)
        players.append({
            "flux": p.flux, "glory": p.glory, "domains": levels,
            "domain_text": ", ".join(f"{domain_name(d)} {n}" for d, n in levels.items() if n)
            or "none",
            "hand_size": len(p.hand), "deck_size": len(p.deck),
            "external_size": len(p.external), "discard": p.discard[:],
            "wells": len(wells_held(state, seat, known)), "cycled": p.cycled,
            "chosen": p.choice is not None, "kept": p.kept,
        })
    figures = []
    for space, f in enumerate(state.figures):
        if f is not None and space in seen:
            figures.append({"space": space, "owner": f.owner, "card": f.card, "kind": f.kind,
                            "dimmed": f.dimmed, "damage": f.damage, "progress": f.progress,
                            "enchantments": [_ench(e) for e in f.enchantments],
                            "hp": hp(f), "max_hp": max_hp(f), "attack": attack_of(f),
                            "speed": speed_of(f), "entrench": f.entrench, "hit": f.hit,
                            "struck_ground": f.struck_ground})
    areas = [sorted(control(state, s, known) & seen) for s in range(2)]
    doc: dict[str, Any] = {
        "you": viewer, "options": _options(state), "phase": state.phase, "round": state.round,
        "round_limit": state.options.round_limit, "first": state.first,
        "turn": state.turn if state.phase == BATTLE and state.outcome is None else None,
        "passes": state.passes,
        "map": {"id": hexes.id, "name": hexes.name, "spaces": [[q, r, t] for (q, r), t in
                                           zip(hexes.coords, hexes.terrain, strict=True)],
                "wells": list(hexes.wells), "bases": list(hexes.bases)},
        "visible": sorted(seen), "remembered": sorted(remembered), "control": areas,
        "figures": figures,
        "space_enchantments": [{"space": s, **_ench(e)} for s, es in
                               sorted(state.space_enchantments.items()) if s in seen
                               for e in es],
        "world": [_ench(e) for e in state.world],
        "corpses": [{"space": s, "cards": c[:]} for s, c in sorted(state.corpses.items())],
        "ruins": [{"space": s, "cards": c[:]} for s, c in sorted(state.ruins.items())],
        "players": players,
        "log": [{"round": e["round"], "seat": e["seat"],
                 "text": log_text(e, viewer, hexes.label)} for e in state.log],
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }
    if viewer is None:
        doc["hands"] = [p.hand[:] for p in state.players]
        doc["choices"] = [p.choice for p in state.players]
    else:
        me = state.players[viewer]
        doc["hand"] = me.hand[:]
        doc["deck"] = sorted(me.deck)
        doc["external"] = sorted(me.external)
        doc["my_choice"] = me.choice
        doc["income"] = income(state, viewer, known)
        doc["hand_status"] = hand_status(state, viewer) if state.phase == BATTLE else []
    return doc


def resample_hidden(state: Battle, viewer: int | None, rng: Rng) -> Battle:
    """What `viewer` cannot see drawn anew: deck orders; the opponent's hand redealt from
    its hand and deck (sizes kept) and its sealed mulligan choice; the game's random source
    (the conformance suite's check of views, PL-SHARED-6)."""
    after = state.clone()
    for seat, player in enumerate(after.players):
        if viewer is None or seat == viewer:
            rng.shuffle(player.deck)
            continue
        pool = player.hand + player.deck
        rng.shuffle(pool)
        size = len(player.hand)
        player.hand, player.deck = pool[:size], pool[size:]
        if player.choice is not None:
            player.choice = MULL if player.hand and rng.below(2) else KEEP
    after.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
    return after
