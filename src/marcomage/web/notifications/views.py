"""The "Reset notification" button."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from . import services


@login_required
@require_POST
def reset(request: HttpRequest) -> HttpResponse:
    """Unmark everything new, as a log-out and log-in would."""
    services.reset(request.user)
    messages.success(request, "Notifications reset: nothing is marked new any more.")
    return redirect("preferences:settings")
