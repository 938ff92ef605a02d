"""Do once at start what the first requests would otherwise do under load (issue 36).

A served process imported the URL configuration (the site's and the API's routers, which
build their pydantic models) and compiled the Jinja2 boards on the first request that needed
them. Under load that first request came with hundreds of others: profiled, about a second
of the first seconds' CPU went to it while every game waited. `application` (web/asgi.py)
calls `warm_up()` as each server process imports it.

It then sets the start-up's objects aside from the cyclic garbage collector (`settle_heap`):
profiled under load, a served process spent a fifth of its CPU in the collector, whose full
passes walked the whole heap (Django, the URLs, the templates: some 250,000 objects that
live as long as the process) several times a minute.
"""

from __future__ import annotations

import gc

YOUNG = 20_000
"""Allocations (net of deallocations) between two collections of the youngest generation
(Python's default 700): a move's work allocates thousands of short-lived objects, which
then die by their reference count before a collection has to look at them."""


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
    settle_heap()


def settle_heap() -> None:
    """Collect the start-up's garbage once, then move every object alive (modules, the URL
    configuration, compiled templates) into the collector's permanent generation, which it
    never walks again, and collect the young generation less often (`YOUNG`). Objects made
    later are collected as before."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
