"""The SQLite full-text index of posts (FTS5, kept by triggers) and the seven sections of
the 2010 forum (C-SITE-5)."""

from typing import Any

from django.db import migrations

SECTIONS = (
    ("General", "general", "Anything about MArcomage."),
    ("Development", "development", "The site and its programs."),
    ("Support", "support", "Questions and problems."),
    ("Balance changes", "balance-changes", "Cards and rules that could be fairer."),
    ("Concepts", "concepts", "Discussion threads of the card concepts."),
    ("Contests", "contests", "Tournaments and contests."),
    ("Novels", "novels", "Stories of the MArcomage world."),
)


def index_up(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "sqlite":
        return
    from marcomage.web.forum.search import SQLITE_SETUP

    for statement in SQLITE_SETUP:
        schema_editor.execute(statement)


def index_down(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "sqlite":
        return
    from marcomage.web.forum.search import SQLITE_TEARDOWN

    for statement in SQLITE_TEARDOWN:
        schema_editor.execute(statement)


def sections_up(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("forum", "Section")
    for position, (name, slug, description) in enumerate(SECTIONS):
        Section.objects.get_or_create(
            slug=slug, defaults={"name": name, "description": description,
                                 "position": position * 10})


class Migration(migrations.Migration):
    dependencies = [("forum", "0001_initial")]

    operations = [
        migrations.RunPython(index_up, index_down),
        migrations.RunPython(sections_up, migrations.RunPython.noop),
    ]
