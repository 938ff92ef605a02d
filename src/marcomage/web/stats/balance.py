"""The Balance page: the latest `marcomage balance` run, read from the summary file the lab
writes into the data directory (`DATA_DIR/balance/latest.json`); nothing is computed here."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from marcomage.lab.report import diverging, strongest_weakest

TOP = 20


def latest() -> dict[str, Any] | None:
    """The latest run's summary, or None when there is none (or it cannot be read)."""
    path = settings.DATA_DIR / "balance" / "latest.json"
    try:
        doc: dict[str, Any] = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and "cards" in doc else None


def balance(request: HttpRequest) -> HttpResponse:
    """The strongest and weakest cards of the latest run, its outliers and first-player
    advantage, each row said to count decks that held a card or seats that held it early
    (a shared-pack game such as Mage Wars, issue 33); the charts are the lab's own SVG (names
    escaped where it is drawn)."""
    doc = latest()
    context: dict[str, Any] = {"run": doc, "nav_current": "stats"}
    if doc is not None:
        strong, weak = strongest_weakest(doc, TOP)
        names = {c["card"]: c["name"] for c in doc["cards"]}
        context.update(
            strong=strong, weak=weak, early=doc.get("card_measure") == "early",
            strong_chart=mark_safe(diverging(strong, "strongest cards")),
            weak_chart=mark_safe(diverging(weak, "weakest cards")),
            outliers_strong=[names[c] for c in doc["outliers"]["strong"]],
            outliers_weak=[names[c] for c in doc["outliers"]["weak"]])
    return render(request, "stats/balance.html", context)
