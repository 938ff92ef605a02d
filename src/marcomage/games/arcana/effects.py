"""What a card's effect may do now (AR-EFFECT, AR-RUNE): the targets it may choose, its
conditions, and the effects and set runes a seat may start or answer with."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CREATURE
from .field import find, free_zone, is_set_rune, toughness
from .state import Game


def all_selected(g: Game, spec: dict[str, Any], seat: int, *, public: bool = False
                 ) -> list[int]:
    """The creatures an "all" effect of `seat`'s reaches now: face-down ones too unless it
    says face up (AR-POS-6), within its sides and toughness bound. `public`: as far as
    everyone can tell, a face-down creature's hidden toughness taken as within the bound
    (what may be chosen must not depend on hidden cards, PL-VIEW-1)."""
    out: list[int] = []
    for side in sides(spec, seat):
        for c in g.players[side].creatures:
            if c is None or (spec.get("face_up") and not c.face_up):
                continue
            if ("toughness_max" in spec and (c.face_up or not public)
                    and toughness(c) > int(spec["toughness_max"])):
                continue
            out.append(c.uid)
    return out


def sides(spec: dict[str, Any], seat: int) -> tuple[int, ...]:
    side = spec.get("side", "any")
    return (seat,) if side == "own" else (1 - seat,) if side == "opponent" else (0, 1)


def effect_targets(g: Game, seat: int, spec: dict[str, Any],
                   exclude: int = 0) -> list[dict[str, int]] | None:
    """The target fields an effect may take; [] when it selects and nothing fits (or it
    reaches "all" and there is nothing to reach), None when it needs no target (AR-RUNE-4,
    AR-RUNE-7)."""
    select = spec.get("select")
    if select == "target":   # "with toughness N or less" narrows the choice (AR-EFFECT-2);
        # a face-down creature's toughness is hidden, so the bound is checked only when the
        # effect resolves (`chain.targets_of`), never in what may be chosen (PL-VIEW-1)
        return [{"ts": side, "tz": z} for side in sides(spec, seat)
                for z, c in enumerate(g.players[side].creatures)
                if c is not None and (c.face_up or not spec.get("face_up", True))
                and ("toughness_max" not in spec or not c.face_up
                     or toughness(c) <= int(spec["toughness_max"]))]
    if select == "set_rune":
        return [{"ts": side, "tr": z} for side in (0, 1)
                for z, c in enumerate(g.players[side].runes)
                if is_set_rune(c) and c.uid != exclude]   # type: ignore[union-attr]
    if select == "nether":
        if free_zone(g.players[seat].creatures) < 0:
            return []
        return [{"tn": i} for i, c in enumerate(g.players[seat].nether)
                if summonable(c.card, spec)]
    if select == "hand":   # one choice per card name: copies in hand are alike
        if free_zone(g.players[seat].creatures) < 0:
            return []
        seen: set[int] = set()
        out: list[dict[str, int]] = []
        for h, c in enumerate(g.players[seat].hand):
            if c.card not in seen and summonable(c.card, spec):
                seen.add(c.card)
                out.append({"th": h})
        return out
    if select == "attack_target":
        a = g.attack
        if a is None or a.stage != "window" or a.target_uid < 0:
            return []
        where = find(g, a.target_uid)
        return None if where is not None and where[3].face_up else []
    if select == "all":   # AR-RUNE-4: an "all" effect that would reach nothing is no use
        return None if all_selected(g, spec, seat, public=True) else []
    if select == "arrival":   # AR-EFFECT-7: the creature just summoned face up
        where = find(g, g.arrival) if g.arrival else None
        return None if where is not None and where[1] == CREATURE and where[3].face_up else []
    if select == "equipped":
        return None
    return None


def condition_holds(g: Game, seat: int, condition: str) -> bool:
    """AR-RUNE-4 and AR-EFFECT-2: a rune, or a triggered effect, that waits for an event can
    be used only while the response window that event opened is open: an attack's window
    (a creature attacked; a creature attacks; an opponent's creature attacks), or the
    window after a creature is summoned face up. Conditions are checked against
    cards.CONDITIONS when the card set is read, so any other name is a programming error."""
    a = g.attack
    attack_window = a is not None and a.stage == "window"
    if condition in ("", "any"):
        return True
    if condition == "attacked":
        return attack_window and a is not None and a.target_uid >= 0
    if condition == "attacks":
        return attack_window
    if condition == "opponent_attacks":
        return attack_window and g.current != seat
    if condition == "summoned":
        return g.arrival != 0
    if condition == "chain":   # AR-EFFECT-5: only in answer to an opponent's link
        return bool(g.chain) and g.chain[-1].seat != seat
    raise ValueError(f"Unknown Arcana condition {condition!r}.")


def summonable(card_id: int, spec: dict[str, Any]) -> bool:
    """A creature a special summon may call (AR-SUMMON-5): of the star rating and type the
    effect names, when it names them."""
    card = CARDS[card_id]
    return card.kind == CREATURE and all(
        key not in spec or getattr(card, key) == spec[key] for key in ("stars", "type"))


def rune_targets(g: Game, seat: int, card_id: int, exclude: int = 0) -> list[dict[str, int]]:
    card = CARDS[card_id]
    if not condition_holds(g, seat, card.condition):
        return []
    found = effect_targets(g, seat, card.effect, exclude)
    return [{}] if found is None else found


def set_rune_actions(g: Game, seat: int) -> list[dict[str, Any]]:
    """Set runes that may be activated now (AR-RUNE-3, AR-RUNE-4)."""
    out: list[dict[str, Any]] = []
    for r, c in enumerate(g.players[seat].runes):
        if not is_set_rune(c):
            continue
        assert c is not None
        if g.options.set_rune_delay and c.set_turn == g.turn:
            continue
        out += [{"type": "activate", "rune": r, **t}
                for t in rune_targets(g, seat, c.card, exclude=c.uid)]
    return out


def creature_effects(g: Game, seat: int, quick_only: bool) -> list[dict[str, Any]]:
    """Creature and ward effects usable now: quick ones always, triggered ones while their
    condition holds, activated ones in the owner's Main phases (AR-EFFECT-1, AR-EFFECT-2,
    AR-CHAIN-7); once per turn each."""
    out: list[dict[str, Any]] = []
    for z, c in enumerate(g.players[seat].creatures):
        if c is None or not c.face_up:
            continue
        card = CARDS[c.card]
        if card.timing in ("quick", "activated", "triggered") and c.used != g.turn and (
                card.quick or not quick_only) and condition_holds(g, seat, card.condition):
            found = effect_targets(g, seat, card.effect)
            out += [{"type": "effect", "zone": z, **t} for t in ([{}] if found is None
                                                                  else found)]
        for w_index, w in enumerate(c.wards):
            ward = CARDS[w.card]
            if ward.quick and w.used != g.turn and condition_holds(g, seat, ward.condition):
                out.append({"type": "ward_effect", "zone": z, "ward": w_index})
    return out


def responses(g: Game, seat: int) -> list[dict[str, Any]]:
    """In a response window: set runes, quick creature and ward effects (AR-CHAIN-6)."""
    return set_rune_actions(g, seat) + creature_effects(g, seat, quick_only=True)
