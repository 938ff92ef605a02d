"""Messages pages: inbox, sent box, one message, writing (and replying), deleting."""

from __future__ import annotations

from typing import Any

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.web.core.converters import parse_id
from marcomage.web.core.rate_limit import rate_limited

from . import services
from .forms import MessageForm
from .models import Message

BOXES = ("inbox", "sent")


def _message_or_404(user: Any, raw_id: Any) -> Message:
    """A message the player may see, or 404 (others' messages are not even admitted to)."""
    try:
        return services.message_for(user, int(raw_id))
    except (Message.DoesNotExist, TypeError, ValueError) as missing:
        raise Http404("No such message.") from missing


def _box(request: HttpRequest, box: str) -> HttpResponse:
    user = request.user
    listed = services.inbox(user) if box == "inbox" else services.sent(user)
    page = services.page_of(listed, request.GET.get("page"))
    mark = user.notification_mark
    rows = [(message, services.colour(message, user, mark)) for message in page.object_list]
    context = {
        "box": box, "page": page, "rows": rows, "section": "messages",
        "unread": services.unread_count(user),
    }
    return render(request, f"messaging/{box}.html", context)


@login_required
@require_GET
def inbox(request: HttpRequest) -> HttpResponse:
    """Received messages, 15 a page, coloured new/unread/battle report/other; challenges
    are shown above them (the games section fills messaging/_challenges.html)."""
    return _box(request, "inbox")


@login_required
@require_GET
def sent(request: HttpRequest) -> HttpResponse:
    """Messages the player wrote, 15 a page."""
    return _box(request, "sent")


@login_required
@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One message; opening a received message marks it read."""
    message = _message_or_404(request.user, pk)
    services.mark_read(request.user, message)
    received = message.recipient_id == request.user.pk
    context = {
        "message": message,
        "received": received,
        "can_reply": received and not message.from_system and message.author is not None
        and message.author.is_active,
        "box": "inbox" if received else "sent",
        "section": "messages",
    }
    return render(request, "messaging/detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("message")
def write(request: HttpRequest) -> HttpResponse:
    """Write to a player (?to=name, from the players list or a player's page), or reply to a
    received message (?reply=id). Refused input is shown again with the reason."""
    reply_id = request.POST.get("reply") or request.GET.get("reply")
    original = _message_or_404(request.user, reply_id) if reply_id else None
    if original is not None and (
            original.recipient_id != request.user.pk or original.author is None):
        raise Http404("Only messages from players can be answered.")
    if request.method == "POST":
        form = MessageForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                services.send(request.user, data["to"], data["subject"], data["text"])
            except services.MessageRefused as refused:
                form.add_error(None, str(refused))
            else:
                flash.success(request, f"Message sent to {data['to'].username}.")
                return redirect("messaging:sent")
    else:
        initial = {"to": request.GET.get("to", "")}
        if original is not None:
            initial = {"to": original.sender_name,
                       "subject": services.reply_subject(original.subject)}
        form = MessageForm(initial=initial)
    context = {"form": form, "original": original, "box": "write", "section": "messages"}
    return render(request, "messaging/write.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def delete(request: HttpRequest) -> HttpResponse:
    """Delete the chosen messages from the player's own box (the other side keeps them)."""
    box = request.POST.get("box")
    box = box if box in BOXES else "inbox"
    ids = [found for found in map(parse_id, request.POST.getlist("id")) if found is not None]
    if not ids:
        flash.error(request, "Choose the messages to delete.")
    else:
        count = services.delete(request.user, ids)
        flash.success(request, f"{count} message{'s' if count != 1 else ''} deleted.")
    return redirect(f"messaging:{box}")
