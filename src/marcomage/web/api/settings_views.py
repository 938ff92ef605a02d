"""The Settings page's API part: create a token (shown once), revoke one, set the bot flag."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .tokens import TokenError, create_token, revoke, set_bot

BACK = "/settings/#api-tokens"


@never_cache
@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    """Make a token and show it once."""
    try:
        token, secret = create_token(request.user, request.POST.get("name", ""),
                                     request.POST.getlist("scopes"))
    except TokenError as refused:
        messages.error(request, str(refused))
        return redirect(BACK)
    return render(request, "api/token_created.html", {"token": token, "secret": secret,
                                                      "section": "settings"})


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of the player's tokens."""
    try:
        token = revoke(request.user, token_id)
    except TokenError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, f"Token {token.name} revoked.")
    return redirect(BACK)


@login_required
@require_POST
def bot_flag(request: HttpRequest) -> HttpResponse:
    """Mark the account as a bot, or as a person."""
    flag = request.POST.get("bot") == "on"
    set_bot(request.user, flag)
    messages.success(request, "This account is marked as a bot." if flag
                     else "This account is no longer marked as a bot.")
    return redirect(BACK)
