"""The two-player columns go once 0004 has carried them over to seats."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_carry_over_marcomage_games'),
    ]

    operations = [
        migrations.RemoveField(model_name='game', name='player1'),
        migrations.RemoveField(model_name='game', name='player2'),
        migrations.RemoveField(model_name='game', name='deck1'),
        migrations.RemoveField(model_name='game', name='deck2'),
        migrations.RemoveField(model_name='game', name='deck1_name'),
        migrations.RemoveField(model_name='game', name='deck2_name'),
        migrations.RemoveField(model_name='game', name='note1'),
        migrations.RemoveField(model_name='game', name='note2'),
        migrations.RemoveField(model_name='game', name='left1'),
        migrations.RemoveField(model_name='game', name='left2'),
        migrations.RemoveField(model_name='game', name='current'),
        migrations.RemoveField(model_name='game', name='last_turn'),
        migrations.RemoveField(model_name='game', name='hidden'),
    ]
