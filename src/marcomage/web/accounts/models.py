"""The player account: Django's auth with the MArcomage name rules and activity time."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone

from .lookalike import skeleton
from .names import NAME_LENGTH, name_key

SKELETON_LENGTH = 200


class UserManager(BaseUserManager):
    """Creates players and finds them by name, case-insensitively."""

    use_in_migrations = True

    def get_by_natural_key(self, username: str | None) -> User:
        """The player with this name in any letter case (used by authentication)."""
        return self.get(username_key=name_key(username or ""))

    def create_user(self, username: str, password: str | None = None, **fields: Any) -> User:
        """A new player with a hashed password."""
        user = self.model(username=username, **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, username: str, password: str | None = None, **fields: Any) -> User:
        """A moderator: staff and superuser, for the admin console."""
        fields.setdefault("is_staff", True)
        fields.setdefault("is_superuser", True)
        return self.create_user(username, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    """One player. Names are unique case-insensitively through `username_key`."""

    username = models.CharField("name", max_length=NAME_LENGTH, unique=True)
    username_key = models.CharField(max_length=4 * NAME_LENGTH, unique=True, editable=False)
    # How the name reads (lookalike.skeleton): a new name that reads the same is refused.
    # A database default too: accounts written by older code (and the migration tests'
    # historical models) leave it out.
    name_skeleton = models.CharField(max_length=SKELETON_LENGTH, db_index=True, default="",
                                     db_default="", editable=False)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField("moderator", default=False)
    date_joined = models.DateTimeField("registered", default=timezone.now)
    last_activity = models.DateTimeField(default=timezone.now, db_index=True)
    notification_mark = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "username"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        verbose_name = "player"
        ordering = ("username_key",)

    def __str__(self) -> str:
        return str(self.username)

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Keep the case-insensitive key and the skeleton in step with the name."""
        self.username_key = name_key(self.username)
        self.name_skeleton = skeleton(self.username)[:SKELETON_LENGTH]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "username_key", "name_skeleton"}
        super().save(*args, **kwargs)


class LoginFailure(models.Model):
    """Failed log-ins counted per name and per address, to slow down password guessing."""

    key = models.CharField(max_length=120, primary_key=True)
    failures = models.PositiveIntegerField(default=0)
    last_failure = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.key}: {self.failures}"
