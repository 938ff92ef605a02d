"""The design calculator and card validator of ELDERTALE.md (ET-SCOPE, ET-DP, ET-COPO,
ET-GRANT, ET-ATK, ET-DEF, ET-UTIL, ET-FX): what a custom card spends in design points (DP)
and concept points (CoPo), step by step, against its budget, and every error, warning and
note with a stable code.

Pure: a card in, numbers and findings out; the site's designer page and the command line
`marcomage eldertale price CARD.json` both call it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import (
    ATTACK,
    CLUTTER,
    DEFENSE,
    EPIC,
    KINDS,
    MODIFIERS,
    RARE,
    UNCOMMON,
    UTILITY,
    Card,
    Effect,
)
from .concepts import (
    CLUTTER_CONCEPTS,
    COMBAT_CONCEPTS,
    DAMAGE_ELEMENTS,
    DAMAGE_TYPES,
    DEFENSE_ELEMENTS,
    DEFENSE_TYPES,
    EFFECT_CONCEPTS,
    ELEMENTS,
    FREE_GROUPS,
    POWER_ORIGINS,
    RANGES,
)

DESIGN_RULES_VERSION = "2023-02-10"
"""ET-SCOPE-5: the version of the page's rules a validated card records."""

DP_PER_EN = {UNCOMMON: 10, RARE: 13}
"""ET-DP-1."""
COPO_BUDGET = {UNCOMMON: 7, RARE: 8}
"""ET-COPO-1."""
DP_UNDER_WARNING = 2
"""ET-DP-2: a card this many DP or more under budget gets a warning."""
MAX_MULTIPLIER = {UNCOMMON: 2, RARE: 3}
"""ET-GRANT-6."""
MAX_HITS = {UNCOMMON: 3, RARE: 4}
"""ET-ATK-2, ET-DEF-2, ET-FX-3 (Blind's hits)."""
MAX_ELEMENTS = 3
"""ET-GRANT-3."""
ATTACK_BANDS = {
    UNCOMMON: {"Bludgeoning": (1, 1), "Slashing": (2, 2), "Piercing": (3, 3)},
    RARE: {"Bludgeoning": (1, 2), "Slashing": (2, 3), "Piercing": (3, 4)},
}
"""ET-ATK-2: the hits each damage type allows, by rarity."""
DEFENSE_BANDS = {
    UNCOMMON: {"Shield": (1, 2), "Evasion": (2, 3)},
    RARE: {"Shield": (1, 2), "Evasion": (3, 4)},
}
"""ET-DEF-2."""
TIME_CAP = {UNCOMMON: 3, RARE: 4}
"""ET-FX-14, ET-FX-15: the largest n of Heal over Time and Poison."""
DRAW_ROUNDS_CAP = {UNCOMMON: 2, RARE: 3}
"""ET-FX-8, ET-FX-10: rounds of the Utility-deck and random draw modifiers."""
AD_EFFECT_ROUNDS = 1
"""ET-FX-2: the round bound of a modifier on an Attack or Defense card."""
TYPE_RESIST_MAX = 6
"""ET-FX-20."""
CLUTTER_PRICE = {"burning": 6, "drowning": 6, "bleeding": 5, "cursed": 5}
"""ET-FX-1: DP per copy added."""
NOT_IN_USE = ("retaliate", "retaliate_attack_down", "retaliate_guard_down")
"""ET-FX-16."""
UNGRADED = ("add_card", "facedown", "draw", "draw_random", "doom", "draw_up", "draw_down",
            "random_draw_up", "random_draw_down", "destroy_card")
"""Effects without an intensity of their own to show (capped at 1, or none)."""
COARSE_RESISTS = ("Physical", "Magical", "Melee", "Ranged")
"""ET-FX-20: resisted at 1 DP per 2 intensity per round; the rest at 1 per 3."""


@dataclass(frozen=True, slots=True)
class DesignOptions:
    """The design-rule options of ELDERTALE.md, fixed per site configuration."""

    multi_type_bands: str = "all"
    """ET-ATK-3: hits lie in the band of "all" granted damage types, or of "any"."""
    draw_price_by: str = "target_deck"
    """ET-FX-7: Draw is priced by the deck drawn from, or by the "card_deck"."""
    harm_self_credit_rarities: frozenset[str] = frozenset({RARE})
    """ET-FX-13: the rarities on which Harm Self gives DP back."""


DEFAULT_DESIGN = DesignOptions()


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a breakdown: `what` in the page's words, the points it adds and the
    running total; `why` says the rule in a sentence."""

    what: str
    amount: int
    total: int
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "amount": self.amount, "total": self.total,
                "why": self.why}


@dataclass(frozen=True, slots=True)
class Finding:
    """An error, warning or note of the validator: a stable code and a readable message."""

    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def breakdown_text(steps: Iterable[Step], unit: str = "DP") -> str:
    """The steps as the page writes them: "3 Hits of 2 Defense --> 3x2 --> 6 DP --> +1 for
    High Hits --> 7 DP --> +1 for First Defensive --> 8 DP"."""
    return " --> ".join(f"{s.what} --> {s.total} {unit}" for s in steps)


def _t(n: int) -> int:
    """The triangular number 1 + 2 + ... + n."""
    return n * (n + 1) // 2


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _modifier_price(card: Card, effect: Effect) -> tuple[int, str, str]:
    """ET-FX-2, ET-ATK-7, ET-UTIL-3: the per-hit price on Attack and Defense cards (their
    round bound is 1); on Utility, per hit (all rounds) or 4 per round (all hits)."""
    i = effect.intensity
    if card.kind != UTILITY or effect.hits is not None:
        hits = effect.hits or 1
        within = f" in {_plural(effect.rounds, 'round')}" if effect.rounds else ""
        return (i * hits, f" for {_plural(hits, 'hit')}{within}",
                f"1 DP per intensity per hit: {i} x {hits}")
    rounds = effect.rounds or 1
    return (4 * i * rounds, f" for {_plural(rounds, 'round')}",
            f"4 DP per intensity per round: 4 x {i} x {rounds}")


def priced_deck(card: Card, effect: Effect, options: DesignOptions = DEFAULT_DESIGN
                ) -> str | None:
    """The deck that prices and caps a Draw, Draw Up or Draw Down (ET-FX-7, ET-FX-8): the
    deck drawn from, or under `draw_price_by="card_deck"` the card's own deck. Price and
    round cap read the same deck, so the option never prices one deck and caps another."""
    return effect.deck if options.draw_price_by == "target_deck" else card.kind


def effect_price(card: Card, effect: Effect, options: DesignOptions = DEFAULT_DESIGN
                 ) -> tuple[int, str, str]:
    """The DP price of one effect on `card` (ET-FX): (points, the bound in words, why)."""
    i, kind = effect.intensity, effect.type
    rounds = effect.rounds or 1
    if kind == "add_card":
        clutter = effect.clutter or "burning"
        each = CLUTTER_PRICE[clutter]
        return (each * effect.copies, f" ({effect.copies} {clutter.capitalize()})",
                f"{each} DP per {clutter.capitalize()} card added")
    if kind in MODIFIERS:
        return _modifier_price(card, effect)
    if kind == "blind":
        hits = effect.hits or 1
        return i * hits, f" for {_plural(hits, 'hit')}", f"1 DP per intensity per hit: {i} x {hits}"
    if kind == "discard_random":
        return (2 * i * rounds, f" for {_plural(rounds, 'round')}",
                f"2 DP per intensity per round: 2 x {i} x {rounds}")
    if kind == "doom":
        return 2 * rounds, f" for {_plural(rounds, 'round')}", f"2 DP per round: 2 x {rounds}"
    if kind in ("draw", "draw_up", "draw_down"):
        deck = priced_deck(card, effect, options)
        each = 1 if deck == UTILITY else 2
        where = f" from the {str(effect.deck).capitalize()} deck"
        if kind == "draw":
            return each, where, f"{each} DP for a draw from the {deck} deck"
        return (each * rounds, f"{where} for {_plural(rounds, 'round')}",
                f"{each} DP per round ({deck} deck) x {rounds}")
    if kind == "draw_random":
        return 1, "", "1 DP"
    if kind in ("random_draw_up", "random_draw_down"):
        return rounds, f" for {_plural(rounds, 'round')}", f"1 DP per round x {rounds}"
    if kind == "facedown":
        return 1, "", "1 DP"
    if kind == "gain_defense":
        return i, "", f"1 DP per intensity x {i}"
    if kind == "harm_self":
        if card.rarity in options.harm_self_credit_rarities or card.rarity == CLUTTER:
            return -i, "", f"-1 DP per intensity x {i} (a credit on {card.rarity} cards)"
        return 0, "", f"no credit on {card.rarity} cards"
    if kind == "heal_over_time":
        return _t(i) + 2, "", f"the triangular number of {i} plus 2"
    if kind == "poison":
        return _t(i) + 1, "", f"the triangular number of {i} plus 1"
    if kind in ("start_guard", "thorn_bind", "thorns"):
        return (i * rounds, f" for {_plural(rounds, 'round')}",
                f"1 DP per intensity per round: {i} x {rounds}")
    if kind == "type_resist":
        per = 2 if effect.resist in COARSE_RESISTS else 3
        units = _ceil_div(i, per)
        return (units * rounds, f" vs {effect.resist} for {_plural(rounds, 'round')}",
                f"1 DP per {per} intensity (rounded up) per round: {units} x {rounds}")
    return 0, "", "not in use" if kind in NOT_IN_USE else "no price (Epic and clutter only)"


def first_defensive(card: Card) -> bool:
    """ET-DP-5: the card has Defense, Gain Defense or Start Guard."""
    return card.kind == DEFENSE or any(e.type in ("gain_defense", "start_guard")
                                       for e in card.effects)


def dp_budget(card: Card) -> int:
    """ET-DP-1: the DP budget (0 for the rarities the rules do not judge)."""
    return DP_PER_EN.get(card.rarity, 0) * card.en


def dp_breakdown(card: Card, options: DesignOptions = DEFAULT_DESIGN
                 ) -> tuple[list[Step], int, int]:
    """(steps, total, budget) in the order of ET-DP-8: base, high hits, each effect,
    first defensive."""
    steps: list[Step] = []
    total = 0
    if card.kind in (ATTACK, DEFENSE):
        base = card.hits * card.value
        total = base
        noun = "Damage" if card.kind == ATTACK else "Defense"
        steps.append(Step(f"{card.hits} Hits of {card.value} {noun} --> {card.hits}x{card.value}",
                          base, total, f"The base: hits times {noun.lower()} (ET-DP-3)."))
        if card.hits > 2:
            total += 1
            steps.append(Step("+1 for High Hits", 1, total,
                              "A card with more than 2 hits costs 1 more (ET-DP-4)."))
    else:
        steps.append(Step("No base (Utility deck)", 0, 0,
                          "The Utility deck has no base: effects spend the budget (ET-DP-6)."))
    for effect in card.effects:
        price, bound, why = effect_price(card, effect, options)
        total += price
        sign = "+" if price >= 0 else "-"
        level = "" if effect.type in UNGRADED else f"({effect.intensity})"
        steps.append(Step(f"{effect.name}{level}{bound} as {sign}{abs(price)} DP",
                          price, total, f"{effect.name}: {why} (ET-FX)."))
    if first_defensive(card):
        total += 1
        steps.append(Step("+1 for First Defensive", 1, total,
                          "The first Defense, Gain Defense or Start Guard costs 1 more "
                          "(ET-DP-5)."))
    return steps, total, dp_budget(card)


def copo_breakdown(card: Card) -> tuple[list[Step], int, int]:
    """(steps, total, budget) of ET-COPO: each grant's multiplier, then 1 back for each
    free group the card grants."""
    steps: list[Step] = []
    total = 0
    for name, times in card.grants:
        total += times
        steps.append(Step(f"{name}x{times}" if times > 1 else name, times, total,
                          f"Granting {name} costs its multiplier, {times} (ET-COPO-3)."))
    for label, members in FREE_GROUPS:
        if card.granted & set(members):
            total -= 1
            steps.append(Step(f"-1 free {label}", -1, total,
                              f"The first {label} is free (ET-COPO-2)."))
    return steps, total, COPO_BUDGET.get(card.rarity, 0)


def _bound_findings(card: Card, effect: Effect, errors: list[Finding],
                    options: DesignOptions) -> None:
    """MISSING_BOUND, HITS_CAP, ROUNDS_CAP and INTENSITY_CAP of one effect."""
    name, rarity = effect.name, card.rarity

    def missing(what: str) -> None:
        errors.append(Finding("MISSING_BOUND", f"{card.name}: {name} needs {what}."))

    if effect.type in MODIFIERS:
        if card.kind in (ATTACK, DEFENSE):
            if effect.hits is None or effect.rounds is None:
                missing(f"a hit and a round bound on {card.kind.capitalize()} cards (ET-ATK-7)")
            elif effect.rounds > AD_EFFECT_ROUNDS:
                errors.append(Finding("ROUNDS_CAP", f"{card.name}: {name} lasts "
                                      f"{AD_EFFECT_ROUNDS} round on Attack and Defense cards, "
                                      f"not {effect.rounds} (ET-FX-2)."))
        elif effect.hits is None and effect.rounds is None:
            missing("a bound in hits or in rounds (ET-UTIL-3)")
    elif effect.type == "blind":
        if effect.hits is None:
            missing("a bound in hits (ET-FX-3)")
        elif effect.hits > MAX_HITS.get(rarity, 4):
            errors.append(Finding("HITS_CAP", f"{card.name}: Blind covers at most "
                                  f"{MAX_HITS.get(rarity, 4)} hits on a {rarity} card, not "
                                  f"{effect.hits} (ET-FX-3)."))
    elif effect.type in ("discard_random", "doom", "start_guard", "thorn_bind", "thorns",
                         "type_resist", "draw_up", "draw_down", "random_draw_up",
                         "random_draw_down") and effect.rounds is None:
        missing("a bound in rounds")
    if effect.type in ("draw", "draw_up", "draw_down", "draw_random", "random_draw_up",
                       "random_draw_down") and effect.intensity > 1:
        errors.append(Finding("INTENSITY_CAP", f"{card.name}: {name} has intensity 1 at "
                              f"most, not {effect.intensity} (ET-FX-7)."))
    if effect.rounds is not None:
        cap = None
        if effect.type in ("draw_up", "draw_down"):
            deck = priced_deck(card, effect, options)
            cap = 1 if deck in (ATTACK, DEFENSE) else DRAW_ROUNDS_CAP.get(rarity, 3)
        elif effect.type in ("random_draw_up", "random_draw_down"):
            cap = DRAW_ROUNDS_CAP.get(rarity, 3)
        if cap is not None and effect.rounds > cap:
            errors.append(Finding("ROUNDS_CAP", f"{card.name}: {name} lasts at most "
                                  f"{_plural(cap, 'round')} here, not {effect.rounds} "
                                  "(ET-FX-8, ET-FX-10)."))
    if effect.type in ("heal_over_time", "poison") and effect.intensity > TIME_CAP.get(rarity, 4):
        errors.append(Finding("INTENSITY_CAP", f"{card.name}: {name} goes up to "
                              f"{TIME_CAP.get(rarity, 4)} on a {rarity} card, not "
                              f"{effect.intensity} (ET-FX-14, ET-FX-15)."))
    if effect.type == "type_resist" and effect.intensity > TYPE_RESIST_MAX:
        errors.append(Finding("INTENSITY_CAP", f"{card.name}: Type Resist has intensity "
                              f"{TYPE_RESIST_MAX} at most, not {effect.intensity} (ET-FX-20)."))


def _effect_findings(card: Card, errors: list[Finding], warnings: list[Finding],
                     options: DesignOptions) -> None:
    seen: set[str] = set()
    clutters = [e for e in card.effects if e.type == "add_card"]
    for effect in card.effects:
        name = effect.name
        if effect.type in seen and effect.type != "add_card":
            errors.append(Finding("DUPLICATE_EFFECT", f"{card.name}: {name} appears twice; "
                                  "effects of one type overwrite each other (ET-DP-9)."))
        seen.add(effect.type)
        if effect.type in NOT_IN_USE:
            errors.append(Finding("EFFECT_NOT_IN_USE", f"{card.name}: {name} is not in use "
                                  "(ET-FX-16)."))
            continue
        if effect.type == "destroy_card" and card.rarity not in (EPIC, CLUTTER):
            errors.append(Finding("DESTROY_CARD_NOT_ALLOWED", f"{card.name}: Destroy Card "
                                  "belongs to Epic and clutter cards only (ET-FX-4)."))
        if effect.type == "add_card" and card.kind != UTILITY:
            errors.append(Finding("CLUTTER_OUTSIDE_UTILITY", f"{card.name}: only Utility "
                                  "cards add clutter (ET-UTIL-2)."))
        if effect.type == "type_resist":
            if card.kind != DEFENSE:
                errors.append(Finding("TYPE_RESIST_OUTSIDE_DEFENSE", f"{card.name}: Type "
                                      "Resist belongs to Defense cards only (ET-DEF-5)."))
            if effect.resist in ("Physical", "Melee") and "Shield" not in card.granted:
                errors.append(Finding("TYPE_RESIST_NEEDS_SHIELD", f"{card.name}: resisting "
                                      f"{effect.resist} needs the card to grant Shield "
                                      "(ET-FX-20)."))
            if effect.resist in ("Magical", "Ranged") and "Evasion" not in card.granted:
                errors.append(Finding("TYPE_RESIST_NEEDS_EVASION", f"{card.name}: resisting "
                                      f"{effect.resist} needs the card to grant Evasion "
                                      "(ET-FX-20)."))
        _bound_findings(card, effect, errors, options)
        wanted = (CLUTTER_CONCEPTS.get(effect.clutter or "", ()) if effect.type == "add_card"
                  else EFFECT_CONCEPTS.get(effect.type, ()))
        if wanted and not set(wanted) & set(card.required):
            warnings.append(Finding("EFFECT_CONCEPT_MISSING", f"{card.name}: {name} goes with "
                                    f"{' or '.join(wanted)}, and the card requires none of "
                                    "them (ET-FX-21)."))
    if len(clutters) > 1 or len({e.clutter for e in clutters}) > 1:
        errors.append(Finding("MULTIPLE_CLUTTER", f"{card.name}: a card carries one clutter "
                              "effect at most (ET-UTIL-2)."))


def _hit_band(card: Card, errors: list[Finding], types: list[str],
              bands: dict[str, tuple[int, int]], any_of: bool) -> None:
    outside = [t for t in types if not bands[t][0] <= card.hits <= bands[t][1]]
    if outside and (not any_of or len(outside) == len(types)):
        words = "; ".join(f"{t} takes {bands[t][0]}" + (
            f" to {bands[t][1]}" if bands[t][1] != bands[t][0] else "") for t in outside)
        errors.append(Finding("HITS_OUT_OF_BAND", f"{card.name}: {card.hits} hits is outside "
                              f"the band on a {card.rarity} card ({words}; ET-ATK-2, "
                              "ET-DEF-2)."))


def _deck_findings(card: Card, errors: list[Finding], warnings: list[Finding],
                   options: DesignOptions) -> None:
    granted, rarity = card.granted, card.rarity
    if card.kind in (ATTACK, DEFENSE):
        cap = MAX_HITS[rarity]
        if card.hits > cap:
            errors.append(Finding("TOO_MANY_HITS", f"{card.name}: a {rarity} card has at most "
                                  f"{cap} hits, not {card.hits} (ET-ATK-2, ET-DEF-2)."))
        if card.hits < 1 or card.value < 1:
            errors.append(Finding("HITS_OUT_OF_BAND", f"{card.name}: an {card.kind.capitalize()} "
                                  "card has at least 1 hit of at least 1."))
    elif card.hits or card.value:
        errors.append(Finding("TOO_MANY_HITS", f"{card.name}: a Utility card has no hits or "
                              "value of its own (ET-UTIL-4)."))
    if card.kind == ATTACK:
        types = [t for t in DAMAGE_TYPES if t in granted]
        if not types:
            errors.append(Finding("NO_DAMAGE_TYPE", f"{card.name}: an Attack card grants "
                                  "Slashing, Bludgeoning or Piercing (ET-ATK-1)."))
        elif card.hits >= 1:
            _hit_band(card, errors, types, ATTACK_BANDS[rarity],
                      options.multi_type_bands == "any")
        for t in types:
            if not set(DAMAGE_ELEMENTS[t]) & granted:
                warnings.append(Finding("ELEMENT_MISMATCH", f"{card.name}: {t} goes with "
                                        f"{', '.join(DAMAGE_ELEMENTS[t])}, and the card "
                                        "grants none of them (ET-ATK-4)."))
        ranges = [r for r in RANGES if r in granted]
        if not ranges:
            errors.append(Finding("NO_RANGE", f"{card.name}: an Attack card grants Melee or "
                                  "Ranged (ET-ATK-5)."))
        elif len(ranges) == 2 and rarity != RARE:
            errors.append(Finding("BOTH_RANGES_NOT_RARE", f"{card.name}: granting both Melee "
                                  "and Ranged is for Rare cards (ET-ATK-5)."))
        for concept in DEFENSE_TYPES:
            if concept in granted:
                errors.append(Finding("FORBIDDEN_CONCEPT", f"{card.name}: an Attack card "
                                      f"never grants {concept} (ET-ATK-6)."))
    elif card.kind == DEFENSE:
        types = [t for t in DEFENSE_TYPES if t in granted]
        if not types:
            errors.append(Finding("NO_DEFENSE_TYPE", f"{card.name}: a Defense card grants "
                                  "Shield or Evasion (ET-DEF-1)."))
        elif len(types) == 2:
            errors.append(Finding("BOTH_DEFENSE_TYPES", f"{card.name}: a Defense card never "
                                  "grants both Shield and Evasion (ET-DEF-1)."))
        elif card.hits >= 1:
            _hit_band(card, errors, types, DEFENSE_BANDS[rarity], False)
        for t in types:
            if not set(DEFENSE_ELEMENTS[t]) & granted:
                warnings.append(Finding("ELEMENT_MISMATCH", f"{card.name}: {t} goes with "
                                        f"{', '.join(DEFENSE_ELEMENTS[t])}, and the card "
                                        "grants none of them (ET-DEF-3)."))
    if card.kind in (DEFENSE, UTILITY):
        for concept in DAMAGE_TYPES:
            if concept in granted:
                errors.append(Finding("FORBIDDEN_CONCEPT", f"{card.name}: a "
                                      f"{card.kind.capitalize()} card never grants {concept} "
                                      "(ET-DEF-4, ET-UTIL-1)."))


def validate_card(card: Card, creator_concepts: Iterable[str] | None = None,
                  options: DesignOptions = DEFAULT_DESIGN
                  ) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """(errors, warnings, notes) for a custom card. Common, Epic and clutter cards are
    curated data: the only finding is the note EXEMPT_RARITY (ET-SCOPE-1)."""
    errors: list[Finding] = []
    warnings: list[Finding] = []
    notes: list[Finding] = []
    if card.rarity not in (UNCOMMON, RARE) or card.kind not in KINDS:
        notes.append(Finding("EXEMPT_RARITY", f"{card.name}: the design rules judge custom "
                             "Uncommon and Rare cards only (ET-SCOPE-1)."))
        return errors, warnings, notes
    if card.en not in (1, 2):
        errors.append(Finding("BAD_EN", f"{card.name}: cards are 1 EN or 2 EN, not {card.en} "
                              "(ET-SCOPE-4)."))
    _, dp, budget = dp_breakdown(card, options)
    if dp > budget:
        errors.append(Finding("DP_OVER_BUDGET", f"{card.name}: spends {dp} DP of a budget of "
                              f"{budget}, {dp - budget} over (ET-DP-1, ET-DP-2)."))
    elif budget - dp >= DP_UNDER_WARNING:
        warnings.append(Finding("DP_UNDER_BUDGET", f"{card.name}: spends {dp} DP of a budget "
                                f"of {budget}, {budget - dp} under (ET-DP-2)."))
    _, copo, copo_budget = copo_breakdown(card)
    if copo > copo_budget:
        errors.append(Finding("COPO_OVER_BUDGET", f"{card.name}: spends {copo} CoPo of a "
                              f"budget of {copo_budget} (ET-COPO-1, ET-COPO-3)."))
    granted = card.granted
    if not granted & set(POWER_ORIGINS):
        errors.append(Finding("NO_POWER_ORIGIN", f"{card.name}: a card grants Physical, "
                              "Magical and/or a System Arte (ET-GRANT-1)."))
    elements = granted & set(ELEMENTS)
    if not elements:
        errors.append(Finding("NO_ELEMENT", f"{card.name}: a card grants at least one "
                              f"element ({', '.join(ELEMENTS)}; ET-GRANT-2)."))
    elif len(elements) > MAX_ELEMENTS:
        errors.append(Finding("TOO_MANY_ELEMENTS", f"{card.name}: grants {len(elements)} "
                              f"elements; at most {MAX_ELEMENTS} (ET-GRANT-3)."))
    for name, times in card.grants:
        if name not in card.required:
            errors.append(Finding("GRANT_NOT_REQUIRED", f"{card.name}: grants {name}, which "
                                  "is not among its required concepts (ET-GRANT-4)."))
        if times > MAX_MULTIPLIER[card.rarity]:
            errors.append(Finding("MULTIPLIER_TOO_HIGH", f"{card.name}: {name}x{times} is over "
                                  f"the {card.rarity} cap of x{MAX_MULTIPLIER[card.rarity]} "
                                  "(ET-GRANT-6)."))
    if creator_concepts is not None:
        owned = set(creator_concepts)
        for name, _ in card.grants:
            if name not in COMBAT_CONCEPTS and name not in owned:
                notes.append(Finding("NONCOMBAT_NOT_OWNED", f"{card.name}: grants {name}, a "
                                     "non-combat concept the creator does not have; that is "
                                     "allowed from Uncommon up (ET-GRANT-5)."))
    _deck_findings(card, errors, warnings, options)
    _effect_findings(card, errors, warnings, options)
    return errors, warnings, notes


def report(card: Card, creator_concepts: Iterable[str] | None = None,
           options: DesignOptions = DEFAULT_DESIGN) -> dict[str, Any]:
    """Everything the calculator says about a card, as JSON (the designer page, the
    command line and each saved card's record)."""
    dp_steps, dp, dp_total_budget = dp_breakdown(card, options)
    copo_steps, copo, copo_total_budget = copo_breakdown(card)
    errors, warnings, notes = validate_card(card, creator_concepts, options)
    return {
        "card": card.to_json(), "rules_version": DESIGN_RULES_VERSION,
        "dp": {"steps": [s.to_json() for s in dp_steps], "total": dp,
               "budget": dp_total_budget, "margin": dp_total_budget - dp,
               "text": breakdown_text(dp_steps)},
        "copo": {"steps": [s.to_json() for s in copo_steps], "total": copo,
                 "budget": copo_total_budget, "margin": copo_total_budget - copo,
                 "text": breakdown_text(copo_steps, "CoPo")},
        "errors": [f.to_json() for f in errors], "warnings": [f.to_json() for f in warnings],
        "notes": [f.to_json() for f in notes], "legal": not errors,
    }
