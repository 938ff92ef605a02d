"""Journey: upload a good avatar and see it at 60×60; a bad one is refused, the good stays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.web.images import noisy_png, picture

from .helpers import log_in, player


def test_it_uploads_a_good_avatar_and_refuses_bad_ones(page: Any, tmp_path: Path) -> None:
    player("alice")
    good = tmp_path / "me.png"
    good.write_bytes(picture("PNG", size=(120, 90)))
    big = tmp_path / "big.png"
    big.write_bytes(noisy_png())
    text = tmp_path / "notes.txt"
    text.write_text("not a picture")

    log_in(page, "alice")
    page.goto("/settings/")
    page.set_input_files("#id_avatar", str(good))
    page.click("#avatar-form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Avatar uploaded.")
    avatar = page.locator("#current-avatar")
    expect(avatar).to_be_visible()
    size = avatar.evaluate("img => img.decode().then(() => [img.naturalWidth, img.naturalHeight])")
    assert size == [60, 60]
    source = avatar.get_attribute("src")
    response = page.request.get(source)
    assert response.headers["content-type"] == "image/png"

    page.set_input_files("#id_avatar", str(big))
    page.click("#avatar-form button[type=submit]")
    expect(page.locator("#avatar-form .errorlist")).to_contain_text(
        "An avatar must have at most 10 kB"
    )
    expect(page.locator("#current-avatar")).to_have_attribute("src", source)

    page.set_input_files("#id_avatar", str(text))
    page.click("#avatar-form button[type=submit]")
    expect(page.locator("#avatar-form .errorlist")).to_contain_text(
        "An avatar must be a jpg, jpeg, png or gif image."
    )
    expect(page.locator("#current-avatar")).to_have_attribute("src", source)

    page.goto("/players/")
    expect(page.locator("tr[data-player=alice] img.avatar")).to_have_attribute("src", source)
