"""Messages in the moderators' console: deleted ones stay retrievable there (C-SITE-1)."""

from django.contrib import admin

from .models import Message


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    """Every message, including those both sides deleted."""

    list_display = ("created", "author", "recipient", "subject", "kind", "is_read",
                    "deleted_by_author", "deleted_by_recipient")
    list_filter = ("kind", "is_read", "deleted_by_author", "deleted_by_recipient")
    search_fields = ("author__username", "recipient__username", "subject")
    raw_id_fields = ("author", "recipient")
