"""The moderators' console for players."""

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from .admin_login import ThrottledAdminAuthenticationForm
from .models import LoginFailure, User
from .names import InvalidName, clean_name, name_key


class PlayerCreationForm(AdminUserCreationForm):
    """A new player from the console, under the same name rules as registration."""

    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self) -> str:
        """Same rules as the registration form."""
        try:
            name = clean_name(self.cleaned_data["username"])
        except InvalidName as error:
            raise forms.ValidationError(str(error)) from error
        if User.objects.filter(username_key=name_key(name)).exists():
            raise forms.ValidationError("That name is already taken.")
        return name


class PlayerChangeForm(UserChangeForm):
    """A player's account in the console."""

    class Meta(UserChangeForm.Meta):
        model = User
        fields = "__all__"


@admin.register(User)
class PlayerAdmin(UserAdmin):
    """Players in the admin: name, activity, moderator flags."""

    form = PlayerChangeForm
    add_form = PlayerCreationForm
    list_display = ("username", "date_joined", "last_activity", "is_staff", "is_active")
    list_filter = ("is_staff", "is_superuser", "is_active")
    search_fields = ("username",)
    ordering = ("username_key",)
    readonly_fields = ("date_joined", "last_activity", "last_login")
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        ("Activity", {"fields": ("date_joined", "last_login", "last_activity")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "password1", "password2")}),
    )


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    """Counters of failed log-ins (delete one to lift a slowdown)."""

    list_display = ("key", "failures", "last_failure")


# Moderators log in under the players' throttle (admin_login.py).
admin.site.login_form = ThrottledAdminAuthenticationForm
