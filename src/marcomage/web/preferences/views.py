"""The Settings section: one page, one form per part, each posting to its own URL."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.core.files.storage import default_storage
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from . import avatars, services
from .choices import Background
from .forms import AvatarForm, PreferencesForm, ProfileForm
from .models import HOBBY_LENGTH, preferences_of, profile_of


def _page(request: HttpRequest, status: int = 200, **bound: Any) -> HttpResponse:
    """The settings page, with any bound (invalid) form in place of a fresh one."""
    password_form = PasswordChangeForm(request.user)
    password_form.fields["old_password"].widget.attrs.pop("autofocus", None)  # not on this page
    context = {
        "profile_form": bound.get("profile_form") or ProfileForm(instance=profile_of(request.user)),
        "preferences_form": bound.get("preferences_form")
        or PreferencesForm(instance=preferences_of(request.user)),
        "avatar_form": bound.get("avatar_form") or AvatarForm(),
        "password_form": password_form,
        "profile": profile_of(request.user),
        "backgrounds": Background.choices,
        "section": "settings",
    }
    return render(request, "preferences/settings.html", context, status=status)


@login_required
@require_GET
def settings_page(request: HttpRequest) -> HttpResponse:
    """Show every setting of the logged-in player."""
    return _page(request)


@login_required
@require_POST
def save_profile(request: HttpRequest) -> HttpResponse:
    """Store the profile part."""
    form = ProfileForm(request.POST, instance=profile_of(request.user))
    if not form.is_valid():
        return _page(request, 400, profile_form=form)
    if services.save_profile(form.instance, form.cleaned_data):
        messages.warning(request, f"The hobby was cut to {HOBBY_LENGTH} characters.")
    messages.success(request, "Profile saved.")
    return redirect("preferences:settings")


@login_required
@require_POST
def save_preferences(request: HttpRequest) -> HttpResponse:
    """Store the account and layout options."""
    form = PreferencesForm(request.POST, instance=preferences_of(request.user))
    if not form.is_valid():
        return _page(request, 400, preferences_form=form)
    form.save()
    messages.success(request, "Settings saved.")
    return redirect("preferences:settings")


@login_required
@require_POST
def upload_avatar(request: HttpRequest) -> HttpResponse:
    """Replace the avatar; a refused file changes nothing."""
    form = AvatarForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, 400, avatar_form=form)
    try:
        services.set_avatar(request.user, form.cleaned_data["avatar"])
    except avatars.AvatarRefused as refusal:
        form.add_error("avatar", str(refusal))
        return _page(request, 400, avatar_form=form)
    messages.success(request, "Avatar uploaded.")
    return redirect("preferences:settings")


@login_required
@require_POST
def delete_avatar(request: HttpRequest) -> HttpResponse:
    """Go back to no avatar."""
    services.remove_avatar(request.user)
    messages.success(request, "Avatar removed.")
    return redirect("preferences:settings")


@require_GET
def avatar_file(request: HttpRequest, name: str) -> HttpResponse:
    """Serve a stored avatar with its own content type; names never change, so cache long."""
    try:
        with default_storage.open(avatars.path_of(name), "rb") as handle:
            data = handle.read()
    except (FileNotFoundError, OSError) as missing:
        raise Http404("No such avatar.") from missing
    response = HttpResponse(data, content_type=avatars.content_type(name))
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
