"""The card template's restrictions on a concept's data (manual: "Card template", C-SITE-6):
what the form accepts, with one message per problem."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .models import EFFECT_LENGTH, MAX_COST, NAME_LENGTH, NOTE_LENGTH, Rarity
from .system import concept_widget

KEYWORD_NAMES: tuple[str, ...] = tuple(concept_widget().keywords)
WITH_PARAMETER = frozenset({"Charge", "Enduring"})  # "Carries a number N"
MAX_PARAMETER = 99


@dataclass
class ConceptData:
    """A concept's template data as typed, checked by `check`."""

    name: str = ""
    rarity: str = "common"
    bricks: int = 0
    gems: int = 0
    recruits: int = 0
    keywords: list[dict[str, Any]] = field(default_factory=list)
    effect: str = ""
    note: str = ""
    code: str = ""


def _number(raw: str, what: str, problems: list[str]) -> int:
    raw = (raw or "0").strip() or "0"
    if not raw.isdigit() or len(raw) > 2:
        problems.append(f"{what} must be a number from 0 to {MAX_COST}.")
        return 0
    return int(raw)


def from_form(values: Mapping[str, Any], chosen_keywords: list[str]) -> tuple[ConceptData,
                                                                             list[str]]:
    """Read the form (keywords: the ticked names, `param_<name>` their parameter) and check
    it; returns the data and the problems (empty when the concept may be saved)."""
    problems: list[str] = []
    text = {key: str(values.get(key, "") or "").replace("\x00", "") for key in
            ("name", "rarity", "effect", "note", "code")}
    data = ConceptData(
        name=" ".join(text["name"].split()),
        rarity=text["rarity"] or "common",
        effect=text["effect"].replace("\r\n", "\n").strip(),
        note=text["note"].replace("\r\n", "\n").strip(),
        code=text["code"].replace("\r\n", "\n").strip(),
    )
    data.bricks = _number(values.get("bricks", "0"), "Bricks", problems)
    data.gems = _number(values.get("gems", "0"), "Gems", problems)
    data.recruits = _number(values.get("recruits", "0"), "Recruits", problems)
    for name in dict.fromkeys(chosen_keywords):
        if name not in KEYWORD_NAMES:
            problems.append(f"There is no keyword “{name}”.")
            continue
        param: int | None = None
        if name in WITH_PARAMETER:
            raw = str(values.get(f"param_{name}", "") or "").strip()
            if not raw.isdigit() or not 1 <= int(raw) <= MAX_PARAMETER:
                problems.append(f"{name} needs its number, from 1 to {MAX_PARAMETER}.")
            else:
                param = int(raw)
        data.keywords.append({"name": name, "param": param})
    data.keywords.sort(key=lambda entry: KEYWORD_NAMES.index(entry["name"]))
    problems.extend(check(data))
    return data, problems


def check(data: ConceptData) -> list[str]:
    """The template's rules on a concept (C-SITE-6); one message per problem."""
    problems = []
    if not data.name:
        problems.append("A concept needs a name.")
    elif len(data.name) > NAME_LENGTH:
        problems.append(f"A name has at most {NAME_LENGTH} characters.")
    if data.rarity not in Rarity.values:
        problems.append("The class is Common, Uncommon or Rare.")
    costs = (data.bricks, data.gems, data.recruits)
    if any(cost < 0 or cost > MAX_COST for cost in costs):
        problems.append(f"Costs are numbers from 0 to {MAX_COST}.")
    if all(cost > 0 for cost in costs) and len(set(costs)) != 1:
        problems.append("When all three costs are positive they must be equal.")
    if not data.keywords and not data.effect:
        problems.append("A concept needs keywords or an effect text.")
    if len(data.effect) > EFFECT_LENGTH:
        problems.append(
            f"The effect text has at most {EFFECT_LENGTH} characters (this one has "
            f"{len(data.effect)}).")
    if len(data.note) > NOTE_LENGTH:
        problems.append(f"The note has at most {NOTE_LENGTH} characters.")
    return problems
