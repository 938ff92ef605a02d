"""Games become generic over rulesets (issue 15): the new columns, seats and steps. The old
two-player columns stay until 0004 has carried their data over."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0001_initial'),
        ('games', '0002_game_ai_level'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='ruleset',
            field=models.CharField(db_index=True, default='marcomage', max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='game',
            name='ruleset_version',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='game',
            name='options',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='game',
            name='format',
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddField(
            model_name='game',
            name='seats_count',
            field=models.PositiveSmallIntegerField(default=2),
        ),
        migrations.AddField(
            model_name='game',
            name='seed',
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='finished_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='outcome',
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='end_type',
            field=models.CharField(blank=True, db_index=True, default='', max_length=16),
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('deck_name', models.CharField(blank=True, max_length=40)),
                ('deck_doc', models.JSONField(blank=True, null=True)),
                ('note', models.TextField(blank=True, max_length=1000)),
                ('left', models.BooleanField(default=False)),
                ('to_act', models.BooleanField(default=False)),
                ('deck', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='decks.deck')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='games.game')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='seats', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ('game', 'number'),
                'constraints': [models.UniqueConstraint(fields=('game', 'number'), name='seat_number_unique')],
            },
        ),
        migrations.CreateModel(
            name='Step',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('index', models.PositiveIntegerField()),
                ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('kind', models.CharField(choices=[('action', 'Action'), ('surrender', 'Surrender'), ('abort', 'Abort'), ('abandon', 'Abandon')], max_length=10)),
                ('action', models.JSONField(blank=True, null=True)),
                ('hash_after', models.CharField(max_length=64)),
                ('created', models.DateTimeField(default=django.utils.timezone.now)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='steps', to='games.game')),
            ],
            options={
                'ordering': ('game', 'index'),
                'constraints': [models.UniqueConstraint(fields=('game', 'index'), name='step_index_unique')],
            },
        ),
    ]
