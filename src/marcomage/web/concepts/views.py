"""Concepts pages: the list with filters and orderings, the template form, one concept with
its state, feedback, effect in words and thread, and trying it against the computer."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import services
from .models import CODE_LENGTH, EFFECT_LENGTH, NAME_LENGTH, NOTE_LENGTH, Concept, Rarity, State
from .system import concept_widget
from .template import KEYWORD_NAMES, WITH_PARAMETER, ConceptData, from_form


def _context(**values: Any) -> dict[str, Any]:
    return {"rarities": Rarity.choices, "states": State.choices, "keyword_names": KEYWORD_NAMES,
            "with_parameter": WITH_PARAMETER, "name_length": NAME_LENGTH,
            "effect_length": EFFECT_LENGTH, "note_length": NOTE_LENGTH,
            "code_length": CODE_LENGTH, **values}


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Concepts, 20 a page, filtered by author, state, rarity, keyword and date, in the
    chosen order; looking at the list puts the bulb out."""
    get = request.GET
    filters = services.Filters(
        author=get.get("author", "")[:20], state=get.get("state", ""),
        rarity=get.get("rarity", "") if get.get("rarity", "") in Rarity.values else "",
        keyword=get.get("keyword", "") if get.get("keyword", "") in (*KEYWORD_NAMES, "-") else "",
        date=get.get("date", "") if get.get("date", "") in services.DATES else "",
        order=get.get("order", "new") if get.get("order", "") in services.ORDERINGS else "new")
    page = services.page_of(services.listed(filters), get.get("page"))
    new_since = services.new_for(request.user)
    services.looked(request.user)
    query = urlencode({k: v for k, v in vars(filters).items() if v})
    return render(request, "concepts/index.html", _context(
        page=page, filters=filters, new_since=new_since, query=query,
        orderings=[(key, label) for key, (label, _) in services.ORDERINGS.items()],
        dates=services.DATES.items()))


def _form_data(concept: Concept | None) -> ConceptData:
    if concept is None:
        return ConceptData()
    return ConceptData(
        name=concept.name, rarity=concept.rarity, bricks=concept.bricks, gems=concept.gems,
        recruits=concept.recruits, keywords=list(concept.keywords), effect=concept.effect,
        note=concept.note, code=concept.code)


def _form(request: HttpRequest, concept: Concept | None, data: ConceptData,
          problems: list[str], status: int = 200) -> HttpResponse:
    chosen = {entry["name"]: entry.get("param") for entry in data.keywords}
    return render(request, "concepts/form.html", _context(
        concept=concept, data=data, chosen=chosen, problems=problems), status=status)


def _save(request: HttpRequest, concept: Concept | None) -> HttpResponse:
    data, problems = from_form(request.POST, request.POST.getlist("keyword"))
    if data.code:
        problems.extend(concept_widget().code_problems(data.code, CODE_LENGTH))
    if problems:
        return _form(request, concept, data, problems, 400)
    picture = request.FILES.get("picture")
    try:
        if concept is None:
            concept = services.create(request.user, data, picture)
            flash.success(request, "Concept created; its discussion thread is in the forum.")
        else:
            services.edit(request.user, concept, data, picture,
                          remove_picture=request.POST.get("remove_picture") == "on")
            flash.success(request, "Concept saved.")
    except services.ConceptRefused as refused:
        return _form(request, concept, data, refused.problems, 400)
    return redirect("concepts:detail", concept.pk)


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    """A new concept in the card template's form."""
    if request.method == "POST":
        return _save(request, None)
    return _form(request, None, ConceptData(), [])


def _concept_or_404(pk: int) -> Concept:
    return get_object_or_404(Concept.objects.select_related("author", "thread"), pk=pk)


@login_required
@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One concept: its card, state and feedback, effect in words, thread and actions."""
    concept = _concept_or_404(pk)
    words = concept_widget().code_in_words(concept.code) if concept.code else []
    return render(request, "concepts/detail.html", _context(
        concept=concept, words=words, may_change=services.may_change(request.user, concept),
        moderator=services.is_moderator(request.user),
        may_try=bool(concept.code) and concept.author_id == request.user.pk))


@login_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit a concept (its author or a moderator)."""
    concept = _concept_or_404(pk)
    if not services.may_change(request.user, concept):
        raise Http404("You cannot edit this concept.")
    if request.method == "POST":
        return _save(request, concept)
    return _form(request, concept, _form_data(concept), [])


@login_required
@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a concept (its author or a moderator), with its thread."""
    concept = _concept_or_404(pk)
    try:
        services.delete(request.user, concept)
    except services.ConceptRefused as refused:
        flash.error(request, str(refused))
        return redirect("concepts:detail", pk)
    flash.success(request, "Concept deleted.")
    return redirect("concepts:index")


@login_required
@require_POST
def state(request: HttpRequest, pk: int) -> HttpResponse:
    """A moderator sets the state and the feedback."""
    concept = _concept_or_404(pk)
    try:
        services.set_state(request.user, concept, request.POST.get("state", ""),
                           request.POST.get("feedback", ""))
    except services.ConceptRefused as refused:
        flash.error(request, str(refused))
    else:
        flash.success(request, f"The concept is now {concept.get_state_display()}.")
    return redirect("concepts:detail", pk)


@login_required
@require_POST
def try_it(request: HttpRequest, pk: int) -> HttpResponse:
    """The author plays a friendly game against the computer with the concept in his deck."""
    from .trial import TrialRefused, start_trial

    concept = _concept_or_404(pk)
    if concept.author_id != request.user.pk:
        raise Http404("Only the author tries a concept.")
    try:
        game_id = start_trial(request.user, concept, request.POST.get("level", "easy"))
    except TrialRefused as refused:
        flash.error(request, str(refused))
        return redirect("concepts:detail", pk)
    flash.success(request, f"{concept.name} stands in for one card of its class in your deck.")
    return redirect("games:game", game_id)
