"""Databases at an older schema for migration tests: migrate an app back, fill it with the
historical models, migrate forward to the latest schema."""

from __future__ import annotations

from typing import Any

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str | None]]) -> Apps:
    """Migrate the test database to `targets` and return the historical models there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(
        [target for target in targets if target[1] is not None]).apps


def migrate_to_latest() -> Apps:
    """Every app at its latest migration (the schema the other tests expect)."""
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    return migrate(list(leaves))


def old_user(apps: Apps, name: str) -> Any:
    """An account made with the historical model (no signals: no decks, no scores)."""
    user_model = apps.get_model("accounts", "User")
    return user_model.objects.create(username=name, username_key=name.casefold(),
                                     password="!")
