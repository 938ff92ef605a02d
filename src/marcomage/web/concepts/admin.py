"""The moderators' console: concepts (states and feedback are also set on the concept page)."""

from django.contrib import admin

from .models import Concept


@admin.register(Concept)
class ConceptAdmin(admin.ModelAdmin):
    """Concepts with their state."""

    list_display = ("name", "author", "rarity", "state", "created")
    list_filter = ("state", "rarity")
    search_fields = ("name", "effect")
    raw_id_fields = ("author", "thread")
