"""Profiles and settings in the moderators' console (e.g. to remove an avatar)."""

from django.contrib import admin

from .models import Preferences, Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    """Player profiles."""

    list_display = ("user", "status", "country", "avatar")
    search_fields = ("user__username",)


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    """Player settings."""

    list_display = ("user", "timezone", "skin", "background")
    search_fields = ("user__username",)
