"""Send and read letters; each change wakes the recipient's pages."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from marcomage.web.accounts.names import name_key
from marcomage.web.notifications.services import wake

from .models import Letter


@login_required
def index(request: HttpRequest) -> HttpResponse:
    """A form to send a letter."""
    return render(request, "mailbox/index.html")


@login_required
@require_POST
def send(request: HttpRequest) -> HttpResponse:
    """Send a letter to a player by name."""
    to = get_object_or_404(get_user_model(), username_key=name_key(request.POST.get("to", "")))
    Letter.objects.create(recipient=to, text=request.POST.get("text", "")[:100])
    wake([to.pk])
    return redirect("mailbox:index")


@login_required
@require_POST
def read_all(request: HttpRequest) -> HttpResponse:
    """Mark every letter of the player read."""
    Letter.objects.filter(recipient=request.user).update(read=True)
    wake([request.user.pk])
    return redirect("mailbox:index")
