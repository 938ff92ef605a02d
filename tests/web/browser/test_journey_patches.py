"""Journey (issue 36): the opponent's moves reach a live MArcomage page as patches of the
board's changed parts, which the page applies without asking for the whole board again, and
the board it then shows is the board a fresh load of it gives. The page's own moves go over
its open socket (unless the page sets `window.marcomageMovesOverSocket = false`); one
refused there is posted, for the board with the notice."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .test_journey_games import board, live_pair, move, version

SAME_AS_FRESH = """async () => {
  const live = document.getElementById("game-board").cloneNode(true);
  const answer = await fetch(`/games/${live.dataset.game}/board/`,
                             {headers: {"HX-Request": "true"}});
  const holder = document.createElement("template");
  holder.innerHTML = await answer.text();
  const fresh = holder.content.getElementById("game-board");
  for (const one of [live, fresh]) {
    one.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((e) => e.remove());
    one.querySelectorAll('[class=""]').forEach((e) => e.removeAttribute("class"));
  }
  return live.isEqualNode(fresh) ? "same" : live.outerHTML + "\\n----\\n" + fresh.outerHTML;
}"""


def test_a_patched_board_equals_a_freshly_loaded_one_issue_36(new_page: Any) -> None:
    alice, bob = live_pair(new_page, "() => {}")
    for _ in range(6):
        mover, other = ((alice, bob) if "your-turn" in (board(alice).get_attribute("class")
                                                        or "") else (bob, alice))
        before = version(mover)
        move(mover)
        expect(board(other)).to_have_attribute("data-version", str(before + 1))
        expect(board(mover)).to_have_attribute("data-version", str(before + 1))
        other.wait_for_timeout(100)  # let htmx settle the swapped parts
        assert other.evaluate(SAME_AS_FRESH) == "same"
    patches = [page.evaluate("window.marcomagePatches || 0") for page in (alice, bob)]
    resyncs = [page.evaluate("window.marcomageResyncs || 0") for page in (alice, bob)]
    assert sum(patches) >= 2 and resyncs == [0, 0], (patches, resyncs)
    # Every move went over the page's open socket (game.js), none was posted, and each
    # mover's patched board was checked as equal to a fresh one when it was the other's.
    sent = [page.evaluate("window.marcomageSocketMoves") for page in (alice, bob)]
    posted = [page.evaluate("window.marcomagePostedMoves || 0") for page in (alice, bob)]
    assert sum(sent) == 6 and posted == [0, 0], (sent, posted)
    assert alice.evaluate(SAME_AS_FRESH) == "same"
    assert bob.evaluate(SAME_AS_FRESH) == "same"


def test_a_move_the_socket_refuses_is_posted_for_its_notice_issue_36(new_page: Any) -> None:
    """A move refused over the socket (here a form of an old version) is posted by the page,
    whose answer is the board with the refusal's notice, as a posted move's always was;
    nothing is played. With the socket closed, the next move is posted and played."""
    alice, bob = live_pair(new_page, "() => {}")
    mover = alice if "your-turn" in (board(alice).get_attribute("class") or "") else bob
    before = version(mover)
    mover.evaluate("""() => document.querySelectorAll('#game-board input[name="version"]')
                       .forEach((input) => { input.value = "0"; })""")
    move(mover)
    expect(mover.locator("#game-board .game-notice")).to_contain_text("changed since")
    expect(board(mover)).to_have_attribute("data-version", str(before))
    assert mover.evaluate("window.marcomageSocketMoves") == 1
    assert mover.evaluate("window.marcomagePostedMoves") == 1
    # Without an open socket the form is posted by htmx as always, and is played. The form
    # carries no hx-target, hx-swap nor hx-disabled-elt: htmx takes them from the hand
    # (issue 36, thirteenth pass), so its buttons are disabled while it is posted (at
    # htmx:beforeSend one of its two already was, with the attributes on the form too) and
    # the answer replaces the board.
    mover.evaluate("""() => {
      document.querySelector(".game-live").setAttribute("data-live", "closed");
      document.addEventListener("htmx:beforeSend", (event) => {
        const form = event.detail.elt;
        if (!form.classList.contains("act-form")) { return; }
        window.postedForm = {buttons: form.querySelectorAll("button").length,
                             disabled: form.querySelectorAll("button[disabled]").length,
                             target: event.detail.target.id,
                             own: ["hx-target", "hx-swap", "hx-disabled-elt"]
                               .filter((name) => form.hasAttribute(name))};
      });
    }""")
    move(mover)
    expect(board(mover)).to_have_attribute("data-version", str(before + 1))
    assert mover.evaluate("window.marcomageSocketMoves") == 1
    posted = mover.evaluate("window.postedForm")
    assert posted["buttons"] >= 2 and posted["disabled"] >= 1, posted  # as on main
    assert posted["target"] == "game-board" and posted["own"] == [], posted
    assert mover.locator("#game-board").count() == 1  # swapped as outerHTML, not nested


def test_a_page_whose_socket_closes_for_good_says_so_issue_36(new_page: Any) -> None:
    """After a close that htmx does not reconnect (here the log-in ended elsewhere: 4401),
    the game page no longer hears the other seat's moves; it says so, with a link to
    reload, instead of waiting silently (a socket closed for good once left a duel against
    the computer at "Waiting for Computer")."""
    alice, _bob = live_pair(new_page, "() => {}")
    stopped = alice.locator(".live-stopped")
    expect(stopped).to_be_hidden()
    # Log out with alice's own cookies, as another tab of hers would. (A second tab opened
    # and closed here once hung Chromium's page close for minutes in CI.)
    token = next(c["value"] for c in alice.context.cookies() if c["name"] == "csrftoken")
    answer = alice.context.request.post("/accounts/logout/", headers={"X-CSRFToken": token},
                                        max_redirects=0)
    assert answer.status == 302, answer.status
    expect(alice.locator(".game-live")).to_have_attribute("data-live", "closed")
    expect(stopped).to_be_visible()
    expect(stopped.get_by_role("link", name="reload the page")).to_be_visible()
