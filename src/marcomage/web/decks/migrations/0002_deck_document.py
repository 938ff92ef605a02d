"""Decks become the platform deck document (PL-SHARED-2).

Every existing deck is a MArcomage deck of format "standard". Its cards become entries
{"card": id, "count": 1} in slot order (Common slots 1 to 15, then Uncommon, then Rare);
its token slots go to extra["tokens"] as they were stored. An empty slot (card 0) is not a
card, so it is not an entry: where a deck has any, extra["empty"] records their positions in
each section ({"common": [2, 7], "uncommon": [], "rare": [14]}), so the editor shows the deck
slot for slot as before. A full deck has no "empty" key.
"""

from typing import Any

from django.conf import settings
from django.db import migrations, models

SECTIONS = ("common", "uncommon", "rare")
SECTION = 15


def to_document(apps: Any, schema_editor: Any) -> None:
    """Slots and tokens to entries and extra, nothing lost."""
    Deck = apps.get_model("decks", "Deck")
    for deck in Deck.objects.all():
        slots = [list(getattr(deck, name)) for name in SECTIONS]
        deck.entries = [{"card": int(card), "count": 1}
                        for section in slots for card in section if card]
        deck.extra = {"tokens": list(deck.tokens)}
        empty = {name: [i for i, card in enumerate(section) if not card]
                 for name, section in zip(SECTIONS, slots, strict=True)}
        if any(empty.values()):
            deck.extra["empty"] = empty
        deck.game, deck.format = "marcomage", "standard"
        deck.save(update_fields=["entries", "extra", "game", "format"])


def to_slots(apps: Any, schema_editor: Any) -> None:
    """Back to 45 slots: each section takes its share of the entries in order and gets its
    holes back; decks of other game systems cannot exist in the old schema and are deleted."""
    Deck = apps.get_model("decks", "Deck")
    Deck.objects.exclude(game="marcomage").delete()
    for deck in Deck.objects.all():
        cards = [int(entry["card"]) for entry in deck.entries]
        empty = deck.extra.get("empty", {})
        for name in SECTIONS:
            holes = set(empty.get(name, []))
            section = []
            for slot in range(SECTION):
                section.append(0 if slot in holes or not cards else cards.pop(0))
            setattr(deck, name, section)
        deck.tokens = list(deck.extra.get("tokens", ["none"] * 3))
        deck.save(update_fields=[*SECTIONS, "tokens"])


class Migration(migrations.Migration):

    dependencies = [
        ("decks", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="deck", name="game",
            field=models.CharField(db_index=True, default="marcomage", max_length=40),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="deck", name="format",
            field=models.CharField(default="standard", max_length=40),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="deck", name="entries", field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name="deck", name="extra", field=models.JSONField(default=dict),
        ),
        migrations.RunPython(to_document, to_slots),
        migrations.RemoveConstraint(model_name="deck", name="deck_name_unique"),
        migrations.AddConstraint(
            model_name="deck",
            constraint=models.UniqueConstraint(fields=("owner", "game", "name_key"),
                                               name="deck_name_unique_per_game"),
        ),
        migrations.RemoveField(model_name="deck", name="common"),
        migrations.RemoveField(model_name="deck", name="uncommon"),
        migrations.RemoveField(model_name="deck", name="rare"),
        migrations.RemoveField(model_name="deck", name="tokens"),
    ]
