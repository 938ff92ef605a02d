"""Issue 35: the computer may hold any number of seats, each marked `Seat.computer`; games
against the computer from before had it in seat 1, so those seats are marked."""

from django.db import migrations, models


def mark_old_computer_seats(apps, schema_editor):  # type: ignore[no-untyped-def]
    """The computer sat in seat 1 of every game with a difficulty (issue 11)."""
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(number=1).exclude(game__ai_level="").update(computer=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_drop_two_player_columns'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='computer',
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_old_computer_seats, migrations.RunPython.noop),
    ]
