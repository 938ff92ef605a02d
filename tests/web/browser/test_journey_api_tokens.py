"""Journey: a player makes an API token on the Settings page, sees it once, uses it from
a program, marks the account as a bot (the players list says so) and revokes the token
(issue 24)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from playwright.sync_api import expect

from marcomage.web.api.models import ApiToken

from .helpers import log_in, player


def me(base: str, token: str) -> tuple[int, Any]:
    """GET /api/v1/me with the token, from outside the browser (no cookies)."""
    request = urllib.request.Request(base.rstrip("/") + "/api/v1/me",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_token_is_made_shown_once_used_and_revoked(page: Any) -> None:
    player("alice")
    player("bob")
    log_in(page, "alice")
    page.goto("/settings/")
    page.fill("#token-name", "my bot")
    page.uncheck("#token-form input[value=decks]")
    page.click("#token-form button[type=submit]")
    secret = page.locator("#token-secret").inner_text()
    assert secret.startswith("mcg_") and len(secret) > 40
    base = page.url.split("/settings/")[0]

    status, answer = me(base, secret)
    assert (status, answer["name"], answer["scopes"]) == (200, "alice", ["read", "play"])

    page.click("text=Back to Settings")
    row = page.locator("tr.token-row[data-token='my bot']")
    expect(row).to_contain_text(secret[:8])
    expect(page.locator("#api-tokens")).not_to_contain_text(secret)  # shown once only
    assert ApiToken.objects.get(name="my bot").digest != secret

    page.check("#bot-form input[name=bot]")
    page.click("#bot-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("marked as a bot")
    page.goto("/players/?activity=all")
    expect(page.locator("tr[data-player=alice] .bot-badge")).to_have_text("bot")
    expect(page.locator("tr[data-player=bob] .bot-badge")).to_have_count(0)

    page.goto("/settings/")
    row.locator("button", has_text="Revoke").click()
    expect(page.locator(".messages")).to_contain_text("Token my bot revoked.")
    expect(row).to_contain_text("revoked")
    assert me(base, secret)[0] == 401
