"""Scores per game system (PL-SHARED-4): every existing score is a MArcomage score, kept
as it was; a player may then have one score row per game system."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("scores", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="score", name="game",
            field=models.CharField(db_index=True, default="marcomage", max_length=40),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="score", name="user",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                    related_name="scores", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name="score",
            constraint=models.UniqueConstraint(fields=("user", "game"), name="score_per_game"),
        ),
    ]
