"""Making, checking and revoking personal API tokens, and the bot flag.

A token reads `mcg_` followed by 43 URL-safe characters (256 random bits). The database
keeps its SHA-256 digest and its first characters (so the Settings page can tell tokens
apart); the token itself is returned once, by `create_token`, and never again.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from .models import SCOPES, TOKEN_NAME_LENGTH, ApiToken, BotAccount

TOKEN_PREFIX = "mcg_"
MAX_TOKENS = 20
"""Active tokens one player may hold at once."""


class TokenError(ValueError):
    """A refused token request; the message says why."""


def digest_of(secret: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(secret.encode()).hexdigest()


def check_scopes(scopes: Iterable[str]) -> list[str]:
    """The scopes in canonical order; unknown ones or none at all are refused."""
    chosen = set(scopes)
    unknown = sorted(chosen - set(SCOPES))
    if unknown:
        raise TokenError(f"Unknown scope {unknown[0]!r}; choose among {', '.join(SCOPES)}.")
    if not chosen:
        raise TokenError("Choose at least one scope.")
    return [scope for scope in SCOPES if scope in chosen]


@transaction.atomic
def create_token(user: Any, name: str, scopes: Sequence[str]) -> tuple[ApiToken, str]:
    """A new token of `user` and its secret, which is shown once and stored only hashed."""
    name = name.strip()
    if not name:
        raise TokenError("Give the token a name (what will use it?).")
    if len(name) > TOKEN_NAME_LENGTH:
        raise TokenError(f"A token name has at most {TOKEN_NAME_LENGTH} characters.")
    chosen = check_scopes(scopes)
    if ApiToken.objects.filter(user=user, revoked=None).count() >= MAX_TOKENS:
        raise TokenError(f"You have {MAX_TOKENS} active tokens; revoke one first.")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, prefix=secret[:8],
                                    digest=digest_of(secret), scopes=chosen)
    return token, secret


def tokens_of(user: Any) -> list[ApiToken]:
    """The player's tokens, newest first (revoked ones too, marked)."""
    return list(ApiToken.objects.filter(user=user))


def revoke(user: Any, token_id: Any) -> ApiToken:
    """Revoke one of the player's own tokens; it never authenticates again."""
    try:
        token = ApiToken.objects.get(pk=int(token_id), user=user)
    except (TypeError, ValueError, ApiToken.DoesNotExist):
        raise TokenError("There is no such token of yours.") from None
    if token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])
    return token


def authenticate(secret: str | None) -> ApiToken | None:
    """The active token with this secret (its user loaded and active), or None."""
    if not secret or not secret.startswith(TOKEN_PREFIX) or len(secret) > 100:
        return None
    token = (ApiToken.objects.select_related("user")
             .filter(digest=digest_of(secret), revoked=None).first())
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used is None or (now - token.last_used).total_seconds() > 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)  # at most once a minute
    return token


def is_bot(user: Any) -> bool:
    """Is the account marked as a bot?"""
    return user is not None and BotAccount.objects.filter(user_id=user.pk).exists()


def bot_ids(user_ids: Iterable[int]) -> set[int]:
    """Which of these accounts are bots (one query, for lists)."""
    return set(BotAccount.objects.filter(user_id__in=list(user_ids))
               .values_list("user_id", flat=True))


def set_bot(user: Any, flag: bool) -> None:
    """Mark or unmark the account as a bot."""
    if flag:
        BotAccount.objects.get_or_create(user=user)
    else:
        BotAccount.objects.filter(user=user).delete()
