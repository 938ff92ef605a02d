"""Forum pages: main page, sections, threads with paged posts, writing, moderation, search."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import reading, services
from . import search as searching
from .markup import TAGS, quote
from .models import POST_LENGTH, TITLE_LENGTH, Post, Priority, Section, Thread


def _context(**values: Any) -> dict[str, Any]:
    return {"section_key": "forum", "title_length": TITLE_LENGTH, "post_length": POST_LENGTH,
            "bbcode_tags": TAGS, **values}


def _post_url(post: Post) -> str:
    page = services.page_number_of(post)
    return f"{reverse('forum:thread', args=[post.thread_id])}?page={page}#post-{post.pk}"


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every section with its most recently active threads (C-GEN-7 NUM_THREADS)."""
    if not Section.objects.exists():
        services.ensure_sections()
    sections = list(Section.objects.all())
    rows = [(section, services.latest(section)) for section in sections]
    unread = reading.unread_thread_ids(request.user, [t for _, ts in rows for t in ts])
    return render(request, "forum/index.html", _context(rows=rows, unread=unread))


@login_required
@require_GET
def section(request: HttpRequest, slug: str) -> HttpResponse:
    """A section's threads, 30 a page, sticky ones first; ?game= keeps one game system's."""
    found = get_object_or_404(Section, slug=slug)
    game = request.GET.get("game", "")
    game = game if game in dict(services.game_systems()) else ""
    page = services.thread_page(services.threads_of(found, game), request.GET.get("page"))
    unread = reading.unread_thread_ids(request.user, page.object_list)
    return render(request, "forum/section.html", _context(
        forum_section=found, page=page, unread=unread, game=game,
        games=services.game_systems(), query=urlencode({"game": game}) if game else ""))


def _thread_form_context(request: HttpRequest, found: Section, values: dict[str, str]
                         ) -> dict[str, Any]:
    return _context(forum_section=found, values=values, games=services.game_systems(),
                    priorities=Priority.choices,
                    moderator=services.is_moderator(request.user))


@login_required
@require_http_methods(["GET", "POST"])
def new_thread(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a thread: title, first post, optional game-system tag (and, for moderators, a
    priority)."""
    found = get_object_or_404(Section, slug=slug)
    values = {key: request.POST.get(key, "") for key in ("title", "text", "game", "priority")}
    if request.method == "POST":
        try:
            thread = services.start_thread(
                request.user, found, values["title"], values["text"], game=values["game"],
                priority=values["priority"] or Priority.NORMAL)
        except services.ForumRefused as refused:
            flash.error(request, str(refused))
            return render(request, "forum/new_thread.html",
                          _thread_form_context(request, found, values), status=400)
        return redirect("forum:thread", thread.pk)
    return render(request, "forum/new_thread.html", _thread_form_context(request, found, values))


def _thread_or_404(pk: int) -> Thread:
    return get_object_or_404(Thread.objects.select_related("section", "author"), pk=pk)


@login_required
@require_GET
def thread(request: HttpRequest, pk: int) -> HttpResponse:
    """One page of a thread's posts; posts new to the player have their date in yellow, and
    being shown them moves his read mark up to the last post of the page."""
    found = _thread_or_404(pk)
    user = request.user
    page = services.post_page(found, request.GET.get("page"))
    read_up_to = reading.last_read(user, found)
    floor = reading.floor_of(user)
    posts = [
        {"post": post, "new": reading.is_new(post, user, read_up_to, floor),
         "can_edit": services.may_edit(user, post), "can_delete": services.may_delete(user, post)}
        for post in page.object_list
    ]
    if posts:
        reading.mark_read(user, found, max(row["post"].pk for row in posts))
    moderator = services.is_moderator(user)
    concept = getattr(found, "concept", None)  # a concept's discussion thread
    return render(request, "forum/thread.html", _context(
        concept=concept,
        thread=found, page=page, posts=posts, moderator=moderator,
        can_reply=not found.locked or moderator, priorities=Priority.choices,
        sections=Section.objects.all(), game_name=dict(services.game_systems()).get(found.game)))


@login_required
@require_GET
def first_unread(request: HttpRequest, pk: int) -> HttpResponse:
    """The quick-access button: the first post new to the player, else the last page."""
    found = _thread_or_404(pk)
    post = reading.first_unread(request.user, found)
    if post is None:
        post = Post.objects.filter(thread=found).order_by("-id").first()
    if post is None:
        return redirect("forum:thread", found.pk)
    return redirect(_post_url(post))


@login_required
@require_GET
def post_link(request: HttpRequest, pk: int) -> HttpResponse:
    """A post's place in its thread (search results link here)."""
    return redirect(_post_url(get_object_or_404(Post, pk=pk)))


@login_required
@require_http_methods(["GET", "POST"])
def reply(request: HttpRequest, pk: int) -> HttpResponse:
    """Answer in a thread; ?quote=<post id> starts the text with that post quoted."""
    found = _thread_or_404(pk)
    text = request.POST.get("text", "")
    if request.method == "POST":
        try:
            post = services.reply(request.user, found, text)
        except services.ForumRefused as refused:
            flash.error(request, str(refused))
            return render(request, "forum/reply.html", _context(thread=found, text=text),
                          status=400)
        return redirect(_post_url(post))
    quoted = request.GET.get("quote", "")
    if quoted.isdigit():
        source = Post.objects.filter(pk=int(quoted), thread=found).select_related("author").first()
        if source is not None:
            name = source.author.username if source.author else "someone"
            text = quote(name, source.text)
    return render(request, "forum/reply.html", _context(thread=found, text=text))


@login_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit a post (its author, or a moderator); it is then marked as edited."""
    post = get_object_or_404(Post.objects.select_related("thread"), pk=pk)
    if not services.may_edit(request.user, post):
        raise Http404("You cannot edit this post.")
    text = request.POST.get("text", post.text)
    if request.method == "POST":
        try:
            services.edit_post(request.user, post, text)
        except services.ForumRefused as refused:
            flash.error(request, str(refused))
            return render(request, "forum/edit.html", _context(post=post, text=text),
                          status=400)
        return redirect(_post_url(post))
    return render(request, "forum/edit.html", _context(post=post, text=text))


@login_required
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a post (a moderator, or the author of a reply); a first post takes its thread."""
    post = get_object_or_404(Post.objects.select_related("thread", "thread__section"), pk=pk)
    section_slug, thread_id = post.thread.section.slug, post.thread_id
    try:
        whole = services.delete_post(request.user, post)
    except services.ForumRefused as refused:
        flash.error(request, str(refused))
        return redirect("forum:thread", thread_id)
    if whole:
        flash.success(request, "Thread deleted.")
        return redirect("forum:section", section_slug)
    flash.success(request, "Post deleted.")
    return redirect("forum:thread", thread_id)


@login_required
@require_POST
def moderate(request: HttpRequest, pk: int) -> HttpResponse:
    """Moderation on the thread's page: priority, lock, unlock, move, delete."""
    found = _thread_or_404(pk)
    action = request.POST.get("action", "")
    user = request.user
    try:
        if action == "priority":
            services.set_priority(user, found, request.POST.get("priority", ""))
            flash.success(request, f"The thread is now {found.get_priority_display()}.")
        elif action in ("lock", "unlock"):
            services.set_locked(user, found, action == "lock")
            flash.success(request, f"Thread {action}ed.")
        elif action == "move":
            target = Section.objects.filter(pk=request.POST.get("section") or 0).first()
            if target is None:
                raise services.ForumRefused("Choose the section to move the thread to.")
            services.move(user, found, target)
            flash.success(request, f"Thread moved to {target.name}.")
        elif action == "delete":
            slug = found.section.slug
            services.delete_thread(user, found)
            flash.success(request, "Thread deleted.")
            return redirect("forum:section", slug)
        else:
            raise services.ForumRefused("Unknown moderation action.")
    except services.ForumRefused as refused:
        flash.error(request, str(refused))
    return redirect("forum:thread", found.pk)


@login_required
@require_GET
def search(request: HttpRequest) -> HttpResponse:
    """Posts and thread titles matching every word of the query, best first."""
    query = request.GET.get("q", "")[:200]
    results = searching.search(query) if query.strip() else []
    page = Paginator(results, services.POSTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "forum/search.html", _context(
        q=query, page=page, searched=bool(query.strip()), query=urlencode({"q": query})))
