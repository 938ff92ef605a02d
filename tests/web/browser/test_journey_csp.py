"""Journey: the Content-Security-Policy holds in real Chromium (issue 23). The site's pages,
htmx and the live sockets work with no inline script or style and no eval: a tour of the
sections logs no violation (every journey checks that too, in conftest.new_page); and the
policy really is enforced: script and style slipped into a page are blocked and reported."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.games.helpers import start

from .helpers import log_in, player

TOUR = ["/", "/games/", "/decks/", "/cards/", "/messages/", "/settings/", "/players/",
        "/ladder/", "/replays/", "/stats/", "/forum/", "/concepts/", "/help/",
        "/elder-tale/", "/no/such/page/"]


def test_the_sites_pages_load_with_no_policy_violation(new_page: Any, browser_test: Any) -> None:
    alice, bob = player("alice"), player("bob")
    browser_test.detach()
    try:
        game = start(alice, bob)
    finally:
        browser_test.attach()
    page = new_page()
    log_in(page, "alice")
    for url in [*TOUR, f"/games/{game.pk}/"]:
        page.goto(url)
        page.wait_for_load_state()
    expect(page.locator(".game-live")).to_have_attribute("data-live", "open")  # ws: 'self'
    page.fill("#chat-text", "hello")
    page.click("#chat-form button[type=submit]")
    expect(page.locator("#chat-log")).to_contain_text("hello")
    expect(page.locator("#chat-text")).to_have_value("")  # reset by site.js, not hx-on


def test_the_policy_blocks_inline_script_and_style(browser_test: Any, live_site: Any) -> None:
    player("alice")
    context = browser_test.browser.new_context(base_url=live_site.url)
    try:
        page = context.new_page()
        seen: list[str] = []
        page.on("console", lambda message: seen.append(message.text))
        page.goto("/")
        page.evaluate("""() => {
          const s = document.createElement("script");
          s.textContent = "window.__ran = true";
          document.body.appendChild(s);
          document.body.insertAdjacentHTML("beforeend",
            '<img src="/static/marcomage/favicon.svg" onload="window.__ran = true">');
          const st = document.createElement("style");
          st.textContent = "body { background: red }";
          document.head.appendChild(st);
        }""")
        page.wait_for_timeout(300)
        assert page.evaluate("() => window.__ran === undefined")
        assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") != \
            "rgb(255, 0, 0)"
        blocked = [text for text in seen if "Content Security Policy" in text]
        assert any("script-src" in text for text in blocked), seen
        assert any("style-src" in text for text in blocked), seen
    finally:
        context.close()
