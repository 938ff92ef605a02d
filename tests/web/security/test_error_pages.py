"""The site's own 400/403/404/500 pages (issue 23): in the site's style, saying what happened,
and with DEBUG off a 500 shows no stack trace, no exception text and no settings."""

from __future__ import annotations

import logging

import pytest
from django.test import Client, override_settings

from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck

pytestmark = pytest.mark.urls("tests.web.security.crash_urls")


@override_settings(DEBUG=False)
def test_a_500_shows_the_sites_page_and_no_stack_trace(db: None) -> None:
    logging.disable(logging.CRITICAL)  # the crash is logged on purpose
    try:
        response = Client(raise_request_exception=False).get("/crash/")
    finally:
        logging.disable(logging.NOTSET)
    body = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in body and "marcomage/site.css" in body
    for leak in ("Traceback", "secret-internal-detail", "RuntimeError", "crash_urls",
                 "SECRET_KEY", 'File "'):
        assert leak not in body


@override_settings(DEBUG=False)
@pytest.mark.parametrize(("url", "status", "words"), [
    ("/forbidden/", 403, "You may not see or do this"),
    ("/suspicious/", 400, "could not read this request"),
    ("/no/such/page/", 404, "There is nothing here"),
])
def test_the_other_error_pages_are_the_sites_own(db: None, url: str, status: int,
                                                  words: str) -> None:
    logging.disable(logging.CRITICAL)
    try:
        response = Client(raise_request_exception=False).get(url)
    finally:
        logging.disable(logging.NOTSET)
    body = response.content.decode()
    assert response.status_code == status
    assert words in body and 'class="topbar"' in body
    assert "secret-internal-detail" not in body


def test_a_deck_file_with_a_control_character_is_refused(db: None) -> None:
    alice = User.objects.create_user("alice", "a-long-enough-password")
    deck = Deck.objects.filter(owner=alice, name="deck 4").get()
    client = Client()
    client.force_login(alice)
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = b"evil\x00name\n" + b"0," * 14 + b"0\n" + b"0," * 14 + b"0\n" + b"0," * 14 + \
        b"0\nnone,none,none\n"
    upload = SimpleUploadedFile("deck.csv", content, "text/csv")
    response = client.post(f"/decks/{deck.pk}/import/", {"deck_file": upload}, follow=True)
    assert "control characters" in response.content.decode()
    assert Deck.objects.get(pk=deck.pk).name == "deck 4"
