"""Each player's name skeleton (accounts/lookalike.py), so that a new name reading like an
existing one is refused (issue 38); filled for the players already registered."""

from typing import Any

from django.db import migrations, models


def fill(apps: Any, schema_editor: Any) -> None:
    """The skeleton of every existing player's name."""
    from marcomage.web.accounts.lookalike import skeleton

    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username").iterator():
        User.objects.filter(pk=user.pk).update(name_skeleton=skeleton(user.username)[:200])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_alter_user_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="name_skeleton",
            field=models.CharField(db_index=True, default="", db_default="", editable=False,
                                   max_length=200),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
