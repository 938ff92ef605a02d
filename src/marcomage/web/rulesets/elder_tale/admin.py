"""Moderators approve or reject custom cards in the admin (the game's staff review)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import CustomCard, LearnedCard, Status


@admin.register(CustomCard)
class CustomCardAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "status", "publication", "rules_version", "created")
    list_filter = ("status", "publication", "rules_version")
    search_fields = ("name", "owner__username")
    readonly_fields = ("document", "report", "rules_version", "created")
    actions = ("approve", "reject")

    @admin.action(description="Approve the selected cards")
    def approve(self, request: Any, queryset: Any) -> None:
        queryset.update(status=Status.APPROVED)

    @admin.action(description="Reject the selected cards")
    def reject(self, request: Any, queryset: Any) -> None:
        queryset.update(status=Status.REJECTED)


@admin.register(LearnedCard)
class LearnedCardAdmin(admin.ModelAdmin):
    """Who learned which published card (issue 35)."""

    list_display = ("card", "learner", "learned")
    search_fields = ("card__name", "learner__username")
