"""Do once at start what the first requests would otherwise do under load (issue 36).

A served process imported the URL configuration (the site's and the API's routers, which
build their pydantic models) and compiled the Jinja2 boards on the first request that needed
them. Under load that first request came with hundreds of others: profiled, about a second
of the first seconds' CPU went to it while every game waited. `application` (web/asgi.py)
calls `warm_up()` as each server process imports it.
"""

from __future__ import annotations


def warm_up() -> None:
    """Import and index the URL configuration, compile the Jinja2 templates."""
    from django.template import engines
    from django.urls import get_resolver

    resolver = get_resolver()
    _ = resolver.reverse_dict, resolver.namespace_dict, resolver.app_dict
    try:
        environment = engines["jinja2"].env
    except KeyError:  # settings without the Jinja2 engine
        return
    for name in environment.list_templates(extensions=["jinja"]):
        environment.get_template(name)
