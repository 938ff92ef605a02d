"""Account pages: register, log in, log out, change password. Thin: logic is in services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from marcomage.web.core.rate_limit import rate_limited

from . import backend, deletion, services
from .forms import LoginForm, RegisterForm


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


@require_http_methods(["GET", "POST"])
@rate_limited("register")
def register(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in."""
    if request.user.is_authenticated:
        return redirect("home:home")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.register(form.cleaned_data["username"], form.cleaned_data["password"])
        except services.NameTaken:
            form.add_error("username", "That name is already taken.")
        else:
            services.start_visit(user)
            login(request, user, backend=backend.PATH)
            messages.success(request, f"Welcome to MArcomage, {user.username}!")
            return redirect("preferences:settings")
    status = 400 if form.errors else 200
    return render(request, "accounts/register.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def log_in(request: HttpRequest) -> HttpResponse:
    """Log in by name (any letter case) and password."""
    if request.user.is_authenticated:
        return redirect(_next_url(request) or "home:home")
    form = LoginForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        result = services.log_in(
            request, form.cleaned_data["username"], form.cleaned_data["password"]
        )
        if result.user is not None:
            return redirect(_next_url(request) or "home:home")
        form.add_error(None, result.error)
        status = 429 if result.wait else 400
    elif form.errors:
        status = 400
    context = {"form": form, "next": _next_url(request)}
    return render(request, "accounts/login.html", context, status=status)


@require_POST
def log_out(request: HttpRequest) -> HttpResponse:
    """End the session (POST only, so a link cannot log anyone out)."""
    logout(request)
    return redirect("home:home")


@login_required
@require_POST
def delete_account(request: HttpRequest) -> HttpResponse:
    """Delete the account after the password was typed again (Settings, "Delete account")."""
    password = request.POST.get("password", "")
    if request.POST.get("confirm") != "yes" or not request.user.check_password(password):
        messages.error(request, "The account was not deleted: type your password and tick "
                                "the box to confirm.")
        return redirect(reverse("preferences:settings") + "#delete-account")
    user = request.user
    logout(request)
    deletion.delete_account(user)
    messages.success(request, "Your account was deleted. Your games stay, under the name "
                              f"{deletion.deleted_name(user.pk)}.")
    return redirect("home:home")


@login_required
@require_http_methods(["GET", "POST"])
def change_password(request: HttpRequest) -> HttpResponse:
    """Change the password; the current session stays logged in."""
    form = PasswordChangeForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, "Your password was changed.")
        return redirect("preferences:settings")
    status = 400 if form.errors else 200
    return render(request, "accounts/password.html", {"form": form}, status=status)
