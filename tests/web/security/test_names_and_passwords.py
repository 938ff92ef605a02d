"""Names that look like reserved ones and weak passwords are refused at registration
(issue 23, C-SITE-1, C-SITE-8): confusables of the system sender and of the computer (by
homoglyph, digit, width or decoration), Latin spoofed with another script's look-alikes, and
passwords that Django's validators refuse or that are only spaces."""

from __future__ import annotations

import pytest
from django.test import Client

from marcomage.web.accounts.lookalike import reserved_lookalike, skeleton, spoofed_latin
from marcomage.web.accounts.models import User

GOOD_PASSWORD = "long enough words"


def register(name: str, password: str = GOOD_PASSWORD) -> tuple[int, str]:
    response = Client().post("/accounts/register/", {
        "username": name, "password": password, "password_again": password})
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("name", [
    "M\u0410rcomage",        # Cyrillic А
    "C\u043emputer",         # Cyrillic о
    "Computer (easy)", "computer_hard", "C0MPUTER", "\uff23omputer",  # fullwidth С
    "MArcomage", "Marc0mage", "rnarcomage", "M.A.R.C.O.M.A.G.E", "MArcomage-bot",
    "The Moderator", "SYSTEM", "\U0001d412ystem",  # mathematical bold S
])
def test_names_that_look_like_reserved_ones_are_refused(db: None, name: str) -> None:
    status, body = register(name)
    assert status == 400, name
    assert "reserved" in body or "look like" in body or "look-alike" in body, name
    assert not User.objects.exists()


def test_latin_spoofed_with_another_script_is_refused(db: None) -> None:
    status, body = register("\u0430lice")  # Cyrillic а + Latin
    assert status == 400 and "look-alike letters of another script" in body


@pytest.mark.parametrize("name", ["alice", "Иван", "日本語テスト", "Zoë", "Søren", "José 2",
                                  "Ελένη", "compute", "marco"])
def test_ordinary_names_in_any_script_still_register(db: None, name: str) -> None:
    status, _ = register(name)
    assert status == 302, name
    assert User.objects.filter(username=name).exists()


def test_the_skeleton_reads_like_a_person_would() -> None:
    assert skeleton("M\u0410rcomage") == skeleton("marcomage")
    assert reserved_lookalike("xX_C0mputer_Xx") == "computer"
    assert reserved_lookalike("alice") is None
    assert spoofed_latin("Cоmputer") and not spoofed_latin("Иван") and not spoofed_latin("Zoë")


@pytest.mark.parametrize(("password", "reason"), [
    (" ", "only spaces"), ("        ", "only spaces"), ("short", "too short"),
    ("12345678901", "entirely numeric"), ("password", "too common"),
    ("carolcarol1", "too similar"),
])
def test_weak_passwords_are_refused(db: None, password: str, reason: str) -> None:
    status, body = register("carolcarol1" if reason == "too similar" else "carol", password)
    assert status == 400, password
    assert reason in body, (password, body[-800:])
    assert not User.objects.exists()


def test_a_password_change_follows_the_same_rules(db: None) -> None:
    alice = User.objects.create_user("alice", GOOD_PASSWORD)
    client = Client()
    client.force_login(alice)
    response = client.post("/accounts/password/", {
        "old_password": GOOD_PASSWORD, "new_password1": " ", "new_password2": " "})
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.check_password(GOOD_PASSWORD)


# Accents folded, and look-alikes of existing players (issue 38).


@pytest.mark.parametrize("name", ["Marcomag\u00e9", "C\u00f6mputer", "Compute\u0155",
                                  "Co\u0301mputer", "S\u00ffstem", "M\u00e0rcomage (bot)"])
def test_issue_38_reserved_names_with_accents_are_refused(db: None, name: str) -> None:
    status, body = register(name)
    assert status == 400, name
    assert "look like" in body, name
    assert not User.objects.exists()


@pytest.mark.parametrize(("taken", "name"), [
    ("alice", "Al\u00efce"), ("alice", "\u00c0lice"), ("bob", "B0B"), ("Zo\u00eb", "zoe"),
    ("carol", "Caro\u013a"), ("dave", "d a v e"),
])
def test_issue_38_a_name_that_looks_like_an_existing_players_is_refused(
        db: None, taken: str, name: str) -> None:
    User.objects.create_user(taken, GOOD_PASSWORD)
    status, body = register(name)
    assert status == 400, name
    assert "looks like the name of another player" in body, name
    assert User.objects.count() == 1


def test_issue_38_skeletons_fold_accents_and_different_names_still_register(db: None) -> None:
    assert skeleton("Marcomag\u00e9") == "marcomage"
    assert skeleton("C\u00f6mputer") == skeleton("Compute\u0155") == "computer"
    User.objects.create_user("alice", GOOD_PASSWORD)
    assert register("alicia")[0] == 302
    assert User.objects.get(username="alicia").name_skeleton == "alicia"
