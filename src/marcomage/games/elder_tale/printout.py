"""The calculator's report as plain text, for `marcomage eldertale price CARD.json`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def printout(doc: Mapping[str, Any]) -> str:
    """The DP and CoPo breakdowns step by step, then the findings, of `design.report`."""
    card = doc["card"]
    lines = [f"{card['name']}: {card['rarity'].capitalize()} {card['kind'].capitalize()} "
             f"card, {card['en']} EN (design rules {doc['rules_version']})", "",
             "Design points (DP):"]
    for part, unit in (("dp", "DP"), ("copo", "CoPo")):
        if part == "copo":
            lines += ["", "Concept points (CoPo):"]
        block = doc[part]
        for step in block["steps"]:
            sign = "+" if step["amount"] >= 0 else "-"
            lines.append(f"  {sign}{abs(step['amount']):>3}  = {step['total']:>3}  "
                         f"{step['what']}")
        margin = block["margin"]
        lines.append(f"  total {block['total']} {unit} of {block['budget']} "
                     f"({'under' if margin >= 0 else 'over'} by {abs(margin)})")
        lines.append(f"  {block['text']}")
    lines.append("")
    for title, key in (("Errors", "errors"), ("Warnings", "warnings"), ("Notes", "notes")):
        found = doc[key]
        lines.append(f"{title}: {'none' if not found else ''}".rstrip())
        lines += [f"  {f['code']}: {f['message']}" for f in found]
    lines.append("")
    lines.append("Legal: yes" if doc["legal"] else "Legal: no")
    return "\n".join(lines) + "\n"
