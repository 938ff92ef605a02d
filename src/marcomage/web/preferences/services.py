"""Settings operations the views call."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from . import avatars
from .models import HOBBY_LENGTH, Profile, profile_of


def save_profile(profile: Profile, data: dict[str, Any]) -> bool:
    """Store the profile fields; True when the hobby had to be cut to HOBBY_LENGTH."""
    hobby = str(data.get("hobby") or "")
    truncated = len(hobby) > HOBBY_LENGTH
    for field, value in data.items():
        setattr(profile, field, value)
    profile.hobby = hobby[:HOBBY_LENGTH]
    profile.save()
    return truncated


def set_avatar(user: Any, upload: UploadedFile) -> str:
    """Check, resize and store a new avatar, replacing the old one; AvatarRefused if not."""
    upload.seek(0)
    data: bytes = upload.read(avatars.MAX_BYTES + 1)  # never more than one byte too many
    avatar = avatars.check(upload.name or "", data, upload.size)
    name = avatars.store(avatar)
    try:
        with transaction.atomic():
            profile = Profile.objects.select_for_update().get(pk=profile_of(user).pk)
            old, profile.avatar = profile.avatar, name
            profile.save(update_fields=["avatar"])
    except BaseException:
        avatars.delete(name)
        raise
    if old:
        transaction.on_commit(lambda: avatars.delete(old))
    return name


def remove_avatar(user: Any) -> None:
    """Forget the avatar and delete its file."""
    profile = profile_of(user)
    old, profile.avatar = profile.avatar, ""
    profile.save(update_fields=["avatar"])
    if old:
        transaction.on_commit(lambda: avatars.delete(old))
