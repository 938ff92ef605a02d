"""Moderators approve or reject custom cards in the admin (the game's staff review)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from .models import CustomCard, Status


@admin.register(CustomCard)
class CustomCardAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "status", "rules_version", "created")
    list_filter = ("status", "rules_version")
    search_fields = ("name", "owner__username")
    readonly_fields = ("document", "report", "rules_version", "created")
    actions = ("approve", "reject")

    @admin.action(description="Approve the selected cards")
    def approve(self, request: Any, queryset: Any) -> None:
        queryset.update(status=Status.APPROVED)

    @admin.action(description="Reject the selected cards")
    def reject(self, request: Any, queryset: Any) -> None:
        queryset.update(status=Status.REJECTED)
