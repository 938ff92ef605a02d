"""What one seat may see (PL-VIEW, MAGEWARS.md Views), and the reverse: a whole state sampled
from a view (`sample_state`), its hidden zones refilled with the unseen cards.

A view is the state's JSON with the hidden parts taken out: draw piles become counts; another
seat's hand, health cards and charges become counts by card back (their origin deck, which a
card's back shows); the generator is dropped; `cards` maps only the visible instances. The
replay view (viewer None) shows everything but the draw piles' order and the generator.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.platform import rng as rng_module
from marcomage.platform.rng import Rng

from .cards import CARDS, DECKS
from .decisions import to_act
from .state import GameState, state_from_json, state_to_json
from .tabletop import STAT_KEYS, mage_damage, stat

HIDDEN_ZONES = ("hand", "health")


def _backs(state: GameState, iids: list[int]) -> dict[str, int]:
    counts = {d: 0 for d in DECKS}
    for iid in iids:
        counts[state.homes[state.cards[iid]]] += 1
    return {d: n for d, n in counts.items() if n}


def view(state: GameState, viewer: int | None) -> dict[str, Any]:
    """The view of `viewer` (None: the replay view)."""
    doc = state_to_json(state)
    del doc["rng"]
    hidden: set[int] = set()
    doc["decks"] = {d: len(state.decks[d]) for d in DECKS}
    for d in DECKS:
        hidden.update(state.decks[d])
    doc["face_up_mages"] = None
    if state.stage == "select":  # the Mage deck lies face up while mages are chosen
        doc["face_up_mages"] = state.decks["mage"][:]
        hidden.difference_update(state.decks["mage"])
    for seat, player in enumerate(state.players):
        entry = doc["players"][seat]
        if viewer is None or seat == viewer:
            continue
        for zone in HIDDEN_ZONES:
            iids = getattr(player, zone)
            hidden.update(iids)
            entry[zone] = None
            entry[f"{zone}_backs"] = _backs(state, iids)
        entry["charges"] = {str(k): _backs(state, v) for k, v in sorted(player.charges.items())}
        for charges in player.charges.values():
            hidden.update(charges)
        entry["discounts"] = None
    for seat, player in enumerate(state.players):
        entry = doc["players"][seat]
        entry["hand_count"] = len(player.hand)
        entry["health_count"] = len(player.health)
        entry["charge_counts"] = {str(k): len(v) for k, v in sorted(player.charges.items())}
        if player.mage >= 0 and not player.left:
            entry["stats"] = {key: stat(state, seat, key) for key in STAT_KEYS}
            entry["stats"]["armor"] = len(player.armor)
    doc["cards"] = {str(i): c for i, c in enumerate(state.cards) if i not in hidden}
    doc["you"] = viewer
    seat_to_act = to_act(state)
    doc["to_act"] = [] if seat_to_act is None else [seat_to_act]
    doc["seats"] = len(state.players)
    return doc


def damage_preview(state_view: Mapping[str, Any], attacker: int, damage: int,
                   flags: list[str], defender: int) -> int:
    """The damage an attack would deal to a mage, from a view only (the board's preview):
    the same sum as MW-COMBAT-1..3, read from the public stats."""
    mine = state_view["players"][attacker]["stats"]
    theirs = state_view["players"][defender]["stats"]
    total = damage + int(mine["damage"])
    if "ignores_armor" not in flags:
        total -= int(theirs["armor"])
    if "ignores_defense_buffs" not in flags:
        total -= int(theirs["defense"])
    return max(0, total)


SEAT_TOKEN = re.compile(r"\{seat:(\d+)\}")


def log_words(text: str, names: Sequence[str]) -> str:
    """A log line's text with each `{seat:N}` token replaced by that player's name (the
    engine knows seats, the site knows names)."""
    return SEAT_TOKEN.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                          else f"seat {int(m.group(1)) + 1}", text)


def dangers(state_view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """Why an action of `seat` is dangerous to its own mage, or "" (MW-HEALTH-7): using the
    last health card kills the mage (and, with no resurrection left, ends its game);
    the site asks for a confirmation with this warning."""
    if action.get("type") != "use_health":
        return ""
    player = state_view["players"][seat]
    if int(player["health_count"]) > 1:
        return ""
    mage = state_view["cards"].get(str(player["mage"]))
    allowed = CARDS[mage].resurrections if mage in CARDS else 0
    if int(player.get("deaths", 0)) >= allowed:
        return ("This is your last health card: your mage dies, and with no resurrection "
                "left it falls for good and you are out of the game.")
    return ("This is your last health card: your mage dies and must be resurrected before "
            "it can win.")


def sample_state(doc: Mapping[str, Any], rng: Rng) -> GameState:
    """A whole state consistent with the view `doc`: for each origin deck, the cards of the
    pack not visible are dealt at random into that deck's hidden places (its draw pile, the
    other seats' hands, health cards and charges with that back), under fresh ids; the
    generator is new. What the viewer sees is unchanged (PL-SHARED-5, PL-SHARED-6)."""
    return Sampler(doc).sample(rng)


_INTERPRETED_RNG = str(rng_module.__file__).endswith(".py")
"""The generator runs as Python, not compiled by mypyc (native.py)."""
_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


def shuffle(rng: Rng, items: list[Any]) -> None:
    """`rng.shuffle(items)`, the same permutation and the same generator state after, with
    the PCG32 step and the unbiased `below` inlined in the loop: interpreted, the two calls
    a swap cost more than the step itself (the sampler shuffles seven piles a sample). The
    compiled generator (native.py) and any subclass keep their own method."""
    if not _INTERPRETED_RNG or type(rng) is not Rng:
        rng.shuffle(items)
        return
    state, inc = rng.state, rng.inc
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        threshold = (0x100000000 - n) % n
        while True:
            old = state
            state = (old * _MULT + inc) & _MASK64
            mixed = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            drawn = ((mixed >> rot) | (mixed << ((-rot) & 31))) & 0xFFFFFFFF
            if drawn >= threshold:
                break
        j = drawn % n
        items[i], items[j] = items[j], items[i]
    rng.state = state


class Sampler:
    """`sample_state` for many samples of one view: the view is read once into a template
    state with its hidden places empty, and each sample clones the template and deals the
    unseen cards into those places, drawing from the generator exactly as `sample_state`
    always has (the search bot's determinizations, issue 33: reading the view again for
    every rollout was a third of a lab game's time)."""

    __slots__ = ("_cards", "_decks", "_free", "_holes", "_template", "_unseen")

    def __init__(self, doc: Mapping[str, Any]) -> None:
        homes = {str(e["card"]): str(e["deck"]) for e in doc["pack"]}
        total = sum(int(e["count"]) for e in doc["pack"])
        visible = {int(k): str(v) for k, v in doc["cards"].items()}
        unseen: dict[str, list[str]] = {d: [] for d in DECKS}
        remaining = {str(e["card"]): int(e["count"]) for e in doc["pack"]}
        for card in visible.values():
            remaining[card] -= 1
        for entry in doc["pack"]:
            unseen[homes[str(entry["card"])]] += ([str(entry["card"])]
                                                  * remaining[str(entry["card"])])
        self._unseen = unseen
        self._free = [i for i in range(total) if i not in visible]
        cards = [""] * total
        for iid, card in visible.items():
            cards[iid] = card
        self._cards = cards
        # the hidden places in the order they are dealt: (seat, zone, charge key, the back
        # of each card to deal)
        holes: list[tuple[int, str, int, list[str]]] = []
        out = {key: value for key, value in doc.items()
               if key not in ("you", "to_act", "seats", "cards", "face_up_mages")}
        players = []
        for seat, entry in enumerate(doc["players"]):
            player = {k: v for k, v in entry.items()
                      if k not in ("hand_backs", "health_backs", "hand_count", "health_count",
                                   "charge_counts", "stats")}
            for zone in HIDDEN_ZONES:
                if player[zone] is None:
                    player[zone] = []
                    holes.append((seat, zone, 0, [d for d in DECKS for _ in
                                                  range(entry[f"{zone}_backs"].get(d, 0))]))
            if player["discounts"] is None:
                player["discounts"] = {}
                player["charges"] = {k: [] for k in entry["charges"]}
                holes += [(seat, "charges", int(k), [d for d in DECKS
                                                     for _ in range(backs.get(d, 0))])
                          for k, backs in entry["charges"].items()]
            players.append(player)
        out["players"] = players
        face_up = doc.get("face_up_mages")
        decks: list[tuple[str, int]] = []
        out["decks"] = {d: [] for d in DECKS}
        for deck in DECKS:
            if deck == "mage" and face_up is not None:
                out["decks"][deck] = [int(i) for i in face_up]
            else:
                decks.append((deck, int(doc["decks"][deck])))
        self._decks = decks
        self._holes = holes
        out["cards"] = cards
        out["rng"] = Rng(0, 0).to_json()
        self._template = state_from_json(out)

    def sample(self, rng: Rng) -> GameState:
        """One whole state consistent with the view (`sample_state`)."""
        free = self._free[:]
        shuffle(rng, free)
        cards = self._cards[:]
        unseen = {d: self._unseen[d][:] for d in DECKS}
        for deck in DECKS:
            shuffle(rng, unseen[deck])
        state = self._template.clone()
        players = state.players
        for seat, zone, key, backs in self._holes:
            dealt = []
            for deck in backs:
                iid = free.pop()
                cards[iid] = unseen[deck].pop()
                dealt.append(iid)
            if zone == "charges":
                players[seat].charges[key] = dealt
            elif zone == "hand":
                players[seat].hand = dealt
            else:
                players[seat].health = dealt
        for deck, count in self._decks:
            pile = state.decks[deck]
            for _ in range(count):
                iid = free.pop()
                cards[iid] = unseen[deck].pop()
                pile.append(iid)
        state.cards = cards
        state.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
        return state


__all__ = ["Sampler", "damage_preview", "dangers", "log_words", "mage_damage", "sample_state",
           "view"]
