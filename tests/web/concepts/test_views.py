"""Concepts pages over real HTTP: the template form, the page with its effect in words,
author-only edits, moderator states, the list's filters and the picture."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from marcomage.web.accounts.models import User
from marcomage.web.concepts.models import Concept

from ..base import BaseTestCase
from ..images import picture as image_bytes

FORM = {"name": "Stone giant", "rarity": "uncommon", "bricks": "8", "gems": "0",
        "recruits": "0", "effect": "Wall +6. Attack 2.", "code": "me.wall += 6\nattack 2",
        "keyword": ["Charge"], "param_Charge": "4", "note": "Big"}


class ConceptViewsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.mod = User.objects.create_user("moddy", "x", is_staff=True)

    def test_create_through_the_form_and_see_the_effect_in_words(self) -> None:
        self.log_in(self.alice)
        response = self.post("/concepts/new/", FORM)
        concept = Concept.objects.get()
        self.assertRedirects(response, f"/concepts/{concept.pk}/")
        self.assertEqual(concept.keywords, [{"name": "Charge", "param": 4}])
        page = self.client.get(f"/concepts/{concept.pk}/").content.decode()
        self.assertIn("Your wall +6.", page)
        self.assertIn("Attack for 2 (wall first, then tower).", page)
        self.assertIn("Charge (4).", page)
        self.assertIn('id="concept-thread"', page)

    def test_every_problem_is_listed_and_nothing_is_stored(self) -> None:
        self.log_in(self.alice)
        response = self.post("/concepts/new/", {**FORM, "name": "", "gems": "3",
                                                "recruits": "2", "code": "me.round += 1"})
        self.assertEqual(response.status_code, 400)
        text = response.content.decode()
        self.assertIn("A concept needs a name.", text)
        self.assertIn("When all three costs are positive they must be equal.", text)
        self.assertIn("Line 1: “me.round” cannot be changed", text)
        self.assertFalse(Concept.objects.exists())

    def test_only_the_author_edits_moderators_set_the_state(self) -> None:
        self.log_in(self.alice)
        self.post("/concepts/new/", FORM)
        concept = Concept.objects.get()
        self.log_in(self.bob)
        self.assertEqual(self.client.get(f"/concepts/{concept.pk}/edit/").status_code, 404)
        self.post(f"/concepts/{concept.pk}/delete/")
        self.post(f"/concepts/{concept.pk}/state/", {"state": "implemented"})
        concept.refresh_from_db()
        self.assertEqual(concept.state, "waiting")
        self.log_in(self.mod)
        self.post(f"/concepts/{concept.pk}/state/", {"state": "interesting",
                                                      "feedback": "Worth a try"})
        page = self.client.get(f"/concepts/{concept.pk}/").content.decode()
        self.assertIn(">Interesting<", page)
        self.assertIn("Worth a try", page)

    def test_list_filters(self) -> None:
        self.log_in(self.alice)
        self.post("/concepts/new/", FORM)
        self.post("/concepts/new/", {**FORM, "name": "Pebble", "rarity": "common",
                                     "keyword": [], "code": ""})
        self.log_in(self.bob)
        listing = self.client.get("/concepts/?rarity=common").content.decode()
        self.assertIn("Pebble", listing)
        self.assertNotIn("Stone giant", listing)
        listing = self.client.get("/concepts/?keyword=Charge&order=name").content.decode()
        self.assertIn("Stone giant", listing)
        self.assertNotIn("Pebble", listing)

    def test_a_picture_within_the_avatar_limits(self) -> None:
        self.log_in(self.alice)
        picture = SimpleUploadedFile("p.png", image_bytes("PNG", (120, 120)), "image/png")
        self.post("/concepts/new/", {**FORM, "picture": picture})
        concept = Concept.objects.get()
        self.assertRegex(concept.picture, r"^[0-9a-f]{32}\.png$")
        self.assertEqual(self.client.get(f"/avatars/{concept.picture}").status_code, 200)
        big = SimpleUploadedFile("p.png", b"\x89PNG" + b"0" * 20_000, "image/png")
        response = self.post("/concepts/new/", {**FORM, "name": "Other", "picture": big})
        self.assertContains(response, "at most 10 kB", status_code=400)
        self.assertEqual(Concept.objects.count(), 1)
