"""The XSS corpus through the players' own text (issue 23): every payload of xss_payloads as
player names, profile fields, deck names, chat lines, message subjects and texts, game notes
and an imported deck file's name renders inert in real Chromium: no dialog opens, no trapped
function is called, no payload sets its window flag, and no markup of the payload's making
(event handler, javascript: link, script, frame) appears. The forum and concepts have their
own corpus journey (test_journey_xss)."""

from __future__ import annotations

import json
from typing import Any

from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.games.models import ChatMessage, Seat
from marcomage.web.messaging.models import Message
from marcomage.web.preferences.models import profile_of
from tests.web.games.helpers import start

from .helpers import log_in, player
from .test_journey_xss import TRAP
from .xss_payloads import PAYLOADS

CHECK = """() => {
  const bad = [];
  for (const el of document.querySelectorAll("main *, header *")) {
    for (const attr of el.getAttributeNames()) {
      if (attr.startsWith("on")) bad.push(el.tagName + "@" + attr);
    }
    const link = el.getAttribute("href") || el.getAttribute("src") || el.getAttribute("action")
      || el.getAttribute("formaction") || "";
    if (/^\\s*(javascript|data|vbscript):/i.test(link)) bad.push(el.tagName + " " + link);
    if (el.tagName === "SCRIPT" && !(el.getAttribute("src") || "").startsWith("/static/")) {
      bad.push("inline script");
    }
    if (["IFRAME", "OBJECT", "EMBED", "BASE", "META", "FRAME"].includes(el.tagName)) {
      bad.push("element " + el.tagName);
    }
  }
  return {calls: window.__xss || [], bad, pwned: window.__pwned || null};
}"""
CLEAN = {"calls": [], "bad": [], "pwned": None}


def inert(page: Any, url: str, dialogs: list[str]) -> int:
    page.goto(url)
    page.wait_for_timeout(30)
    found = page.evaluate(CHECK)
    assert found == CLEAN and dialogs == [], (url, found, dialogs)
    return 1


def test_player_text_renders_inert_everywhere(new_page: Any, browser_test: Any,
                                              tmp_path: Any) -> None:
    assert len(PAYLOADS) >= 50
    alice, bob = player("alice"), player("bob")
    browser_test.detach()
    try:
        named = [User.objects.create_user(f"{n}{payload}"[:20], "x")
                 for n, payload in enumerate(PAYLOADS)]
        games = [start(alice, other) for other in named[:3]]
        start(bob, alice)
    finally:
        browser_test.attach()
    profile = profile_of(alice)
    for n, payload in enumerate(PAYLOADS):
        deck = Deck(owner=alice, game="marcomage", format="standard", name=f"{n}{payload}"[:20])
        deck.save()
        Message.objects.create(author=named[n], recipient=alice, subject=payload[:30],
                               text=payload)
        ChatMessage.objects.create(game=games[n % 3], author=named[n % 3] if n % 2 else alice,
                                   text=payload[:300], created=timezone.now())
    profile.hobby = " ".join(PAYLOADS)[:300]
    profile.first_name, profile.surname = PAYLOADS[0][:20], PAYLOADS[2][:20]
    profile.save()
    notes = " ".join(PAYLOADS)
    for number, game in enumerate(games):
        Seat.objects.filter(game=game, user=alice).update(note=notes[number * 1000:][:1000])
    for other, payload in zip(named, PAYLOADS, strict=True):  # their profiles, one each
        theirs = profile_of(other)
        theirs.hobby = payload[:300]
        theirs.save()

    page = new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(TRAP)
    log_in(page, "alice")
    checked = 0
    for url in ["/players/", "/players/?page=2", "/players/?page=3", "/ladder/", "/decks/",
                "/messages/", "/messages/?page=2", "/messages/?page=3", "/games/",
                "/players/alice/", "/settings/"]:
        checked += inert(page, url, dialogs)
    for game in games:
        checked += inert(page, f"/games/{game.pk}/", dialogs)
    for message in Message.objects.filter(recipient=alice):
        checked += inert(page, f"/messages/{message.pk}/", dialogs)
    for other in named:
        checked += inert(page, f"/players/{other.username}/".replace("%", "%25").replace(
            "#", "%23").replace("?", "%3F"), dialogs)
    payload_decks = [f"{n}{p}"[:20] for n, p in enumerate(PAYLOADS)]
    for deck in Deck.objects.filter(owner=alice, name__in=payload_decks)[:10]:
        checked += inert(page, f"/decks/{deck.pk}/", dialogs)

    # An imported deck file named by a payload, through the real form.
    target = Deck.objects.filter(owner=alice, name="deck 4").get()
    file = tmp_path / "deck.csv"
    zeros = ",".join(["0"] * 15)
    file.write_text(f"{PAYLOADS[4][:20]}\n{zeros}\n{zeros}\n{zeros}\nnone,none,none\n")
    page.goto(f"/decks/{target.pk}/")
    page.set_input_files("input[name=deck_file]", str(file))
    page.click("#import-form button[type=submit], form[action$='/import/'] button")
    page.wait_for_load_state()
    assert page.evaluate(CHECK) == CLEAN and dialogs == []
    imported = Deck.objects.get(pk=target.pk).name
    assert imported == PAYLOADS[4][:20], page.inner_text("main")[:300]
    checked += inert(page, "/decks/", dialogs)
    assert checked > len(PAYLOADS) * 2

    # The detector itself: it sees markup slipped in, and the dialog it opens.
    probe = new_page(bypass_csp=True)
    seen: list[str] = []
    probe.on("dialog", lambda dialog: (seen.append(dialog.message), dialog.dismiss()))
    log_in(probe, "alice")
    probe.goto("/decks/")
    probe.evaluate("""document.querySelector('main').insertAdjacentHTML(
        'beforeend', '<img src=x onerror="window.__pwned=1; alert(7)">')""")
    probe.wait_for_timeout(300)
    caught = probe.evaluate(CHECK)
    assert caught["pwned"] == 1 and "IMG@onerror" in caught["bad"] and seen == ["7"], \
        json.dumps(caught)
