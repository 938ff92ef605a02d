"""Concepts: the card template's rules (C-SITE-6), author-only changes, moderator states
with feedback, the discussion thread, filters, orderings and the bulb icon."""

from __future__ import annotations

from datetime import timedelta

from django.test import override_settings
from django.utils import timezone

from marcomage.web.accounts.models import User
from marcomage.web.concepts import services
from marcomage.web.concepts.models import Concept, State
from marcomage.web.concepts.template import ConceptData, from_form
from marcomage.web.forum.models import Post, Thread
from marcomage.web.notifications.services import icons_for
from marcomage.web.preferences.models import Preferences

from ..base import BaseTestCase


def data(**values: object) -> ConceptData:
    base = {"name": "Stone giant", "rarity": "uncommon", "bricks": 8, "effect": "Wall +6"}
    base.update(values)
    return ConceptData(**base)  # type: ignore[arg-type]


def icons(user: User) -> list[str]:
    return [kind.key for kind in icons_for(User.objects.get(pk=user.pk))]


class TemplateTestCase(BaseTestCase):
    def test_c_site_6_template_rules_with_a_message_each(self) -> None:
        _, problems = from_form({"name": "", "rarity": "epic", "bricks": "3", "gems": "4",
                                 "recruits": "5", "effect": "x" * 101}, [])
        self.assertEqual(problems, [
            "A concept needs a name.", "The class is Common, Uncommon or Rare.",
            "When all three costs are positive they must be equal.",
            "The effect text has at most 100 characters (this one has 101)."])
        _, problems = from_form({"name": "A", "bricks": "100", "gems": "-1"}, [])
        self.assertIn("Bricks must be a number from 0 to 99.", problems)
        self.assertIn("Gems must be a number from 0 to 99.", problems)
        self.assertIn("A concept needs keywords or an effect text.", problems)

    def test_keywords_carry_a_fixed_parameter_only_where_the_template_allows(self) -> None:
        found, problems = from_form(
            {"name": "A", "param_Charge": "3", "param_Enduring": "x"},
            ["Quick", "Charge", "Enduring", "Nonsense"])
        self.assertEqual(problems, ["Enduring needs its number, from 1 to 99.",
                                    "There is no keyword “Nonsense”."])
        self.assertIn({"name": "Charge", "param": 3}, found.keywords)
        self.assertIn({"name": "Quick", "param": None}, found.keywords)
        self.assertEqual(len(found.keywords), 3)  # in the keywords' execution order


class ConceptServicesTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.mod = User.objects.create_user("moddy", "x", is_staff=True)

    def test_a_concept_starts_waiting_with_its_thread_in_the_concepts_section(self) -> None:
        concept = services.create(self.alice, data(keywords=[{"name": "Quick", "param": None}]))
        self.assertEqual(concept.state, State.WAITING)
        thread = Thread.objects.get()
        self.assertEqual(concept.thread, thread)
        self.assertEqual(thread.section.slug, "concepts")
        self.assertEqual(thread.title, f"Concept #{concept.pk}: Stone giant")
        self.assertIn("Keywords: Quick.", thread.posts.get().text)

    def test_only_the_author_or_a_moderator_edits_and_deletes(self) -> None:
        concept = services.create(self.alice, data())
        with self.assertRaisesMessage(services.ConceptRefused, "Only its author"):
            services.edit(self.bob, concept, data(name="Mine now"))
        with self.assertRaisesMessage(services.ConceptRefused, "Only its author"):
            services.delete(self.bob, concept)
        services.edit(self.alice, concept, data(name="Stone titan"))
        self.assertEqual(Thread.objects.get().title, f"Concept #{concept.pk}: Stone titan")
        services.edit(self.mod, concept, data(name="Moderated"))
        services.delete(self.mod, Concept.objects.get())
        self.assertFalse(Concept.objects.exists() or Thread.objects.exists()
                         or Post.objects.exists())

    def test_c_site_6_only_moderators_set_the_state_with_feedback(self) -> None:
        concept = services.create(self.alice, data())
        with self.assertRaisesMessage(services.ConceptRefused, "Only moderators"):
            services.set_state(self.alice, concept, State.IMPLEMENTED, "")
        services.set_state(self.mod, concept, State.INTERESTING, "  Nice idea. ")
        concept.refresh_from_db()
        self.assertEqual((concept.state, concept.feedback), ("interesting", "Nice idea."))
        with self.assertRaisesMessage(services.ConceptRefused, "no such state"):
            services.set_state(self.mod, concept, "approved", "")

    def test_a_broken_effect_is_refused_at_save_time(self) -> None:
        with self.assertRaises(services.ConceptRefused) as refused:
            services.create(self.alice, data(code="attack\nme.round += 1"))
        self.assertEqual(len(refused.exception.problems), 2)
        self.assertFalse(Concept.objects.exists())

    def test_filters_and_orderings(self) -> None:
        old = services.create(self.alice, data(name="Old", rarity="common"))
        Concept.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=40))
        new = services.create(self.bob, data(name="Bee", rarity="rare", keywords=[
            {"name": "Beast", "param": None}]))
        services.set_state(self.mod, new, State.REJECTED, "")
        F = services.Filters

        def names(filters: services.Filters) -> list[str]:
            return [c.name for c in services.listed(filters)]

        self.assertEqual(names(F()), ["Bee", "Old"])
        self.assertEqual(names(F(order="old")), ["Old", "Bee"])
        self.assertEqual(names(F(order="name")), ["Bee", "Old"])
        self.assertEqual(names(F(author="ALICE")), ["Old"])
        self.assertEqual(names(F(state="rejected")), ["Bee"])
        self.assertEqual(names(F(rarity="common")), ["Old"])
        self.assertEqual(names(F(keyword="Beast")), ["Bee"])
        self.assertEqual(names(F(keyword="-")), ["Old"])
        self.assertEqual(names(F(date="30")), ["Bee"])

    def test_the_bulb_lights_for_others_new_concepts_until_the_list_is_seen(self) -> None:
        User.objects.update(notification_mark=timezone.now() - timedelta(hours=1))
        services.create(self.alice, data())
        self.assertNotIn("concepts", icons(self.alice))
        self.assertIn("concepts", icons(self.bob))
        Preferences.objects.update_or_create(user=self.bob, defaults={
            "concepts_notification": False})
        self.assertNotIn("concepts", icons(self.bob))
        Preferences.objects.filter(user=self.bob).update(concepts_notification=True)
        services.looked(User.objects.get(pk=self.bob.pk))
        self.assertNotIn("concepts", icons(self.bob))

    @override_settings(FORUM_POSTS_PER_MINUTE=2)
    def test_creating_concepts_is_rate_limited(self) -> None:
        services.create(self.alice, data(name="A"))
        services.create(self.alice, data(name="B"))
        with self.assertRaisesMessage(services.ConceptRefused, "too fast"):
            services.create(self.alice, data(name="C"))
        self.assertEqual(Concept.objects.count(), 2)
