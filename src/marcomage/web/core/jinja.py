"""The Jinja2 environment of the site's hot templates (issue 36).

A live board is drawn once per (game, seat, version), and Django's template engine spent
~5 ms on MArcomage's (the interpreted nodes, one lookup chain per variable, an include per
card); Jinja2 compiles a template to Python once and draws the same board in a fraction of
that (BENCHMARKS.md, "The move path"). Only the templates on the move path are Jinja2
(`<app>/jinja2/**.jinja`); everything else stays a Django template, and a Django template
includes a Jinja2 one with `{% render_template name %}` (core/templatetags/marcomage.py).

The environment has what those templates use: `url` (Django's reverse), `icon` (the
vendored icons), and the `signed` and `part` filters; a game's own helpers come in its board
context.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from jinja2 import ChainableUndefined, Environment
from markupsafe import Markup, escape

from marcomage.web.core.part_markers import PART_CLOSE, PART_OPEN
from marcomage.web.core.templatetags.marcomage import icon


def engine_of(template: str) -> str | None:
    """The template engine that holds `template`: Jinja2's for a `.jinja` name, else the
    default search (Django's first). Named, a Jinja2 board is found at once; searched, each
    drawing first had Django's engine look for it and raise TemplateDoesNotExist, whose
    traceback left ~150 objects of cyclic garbage per board (issue 36, twelfth pass)."""
    return "jinja2" if template.endswith(".jinja") else None


def url(name: str, *args: Any) -> str:
    """The path of a named URL, as `{% url %}` gives it (from memory after the first time:
    `reverse` took ~40 us, a few times per board, issue 36)."""
    return _reversed(name, args, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)


@lru_cache(maxsize=4096)
def _reversed(name: str, args: tuple[Any, ...], prefix: str, urlconf: Any) -> str:
    """`reverse` of a name and its arguments under one script prefix and URL conf."""
    return reverse(name, args=args, urlconf=urlconf)


def signed(value: int) -> str:
    """A change indicator: +3, -2 (empty for 0), as the Django filter of the same name."""
    return f"{value:+d}" if value else ""


FIRST_TAG = re.compile(r"\s*<[A-Za-z][A-Za-z0-9:-]*")


def part(html: Any, name: str) -> Markup:
    """An element drawn elsewhere (a card's face, a macro's or an include's output, in
    `{% filter part(name) %}`) made a board's part named `name`: its start tag gains
    `data-part`, and the part markers go around it, the spaces around staying outside
    (games/parts.py)."""
    text = str(html)
    if not hasattr(html, "__html__"):
        return escape(text)  # text, not an element: never made markup here
    body = text.strip()
    found = FIRST_TAG.match(body)
    if found is None:
        return Markup(text)
    cut = found.end()
    before, after = text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]
    return Markup(f'{before}{PART_OPEN}{body[:cut]} data-part="{escape(name)}"{body[cut:]}'
                  f"{PART_CLOSE}{after}")


def environment(**options: Any) -> Environment:
    """The site's Jinja2 environment (settings.TEMPLATES names it). A name the context lacks
    reads as empty, however deep (`ends.surrender`), as in the Django templates that include
    these: a board drawn without the page's end buttons must not fail."""
    env = Environment(**{**options, "undefined": ChainableUndefined})
    env.globals.update(url=url, icon=icon)
    env.filters.update(signed=signed, part=part)
    env.globals.update(static=static)  # the boards' style sheets and scripts
    return env
