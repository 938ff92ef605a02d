"""Every game stored before issue 15 is a MArcomage game: its two players become seats 0
and 1 with their decks, deck names, notes and "left" flags; `current` becomes the seats'
`to_act`; a finished game keeps its outcome as the platform's Outcome JSON (winners from 0).
These games have no seed and no steps: they were recorded before replays existed."""

from typing import Any

from django.db import migrations

from marcomage.games import find_ruleset
from marcomage.platform.protocol import Outcome


def outcome_of(state: Any) -> dict[str, Any] | None:
    """The platform outcome of a stored MArcomage state, or None while it runs."""
    if not state:
        return None
    ruleset = find_ruleset("marcomage")
    found = ruleset.outcome(ruleset.from_json(state))
    if found is None:
        return None
    return found.to_json() if isinstance(found, Outcome) else Outcome.from_json(found).to_json()


def carry_over(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.all().iterator():
        game.ruleset = "marcomage"
        game.format = "standard"
        game.options = {"hidden": bool(game.hidden), "friendly": bool(game.friendly)}
        game.seats_count = 2
        game.seed = None
        if game.state:
            game.ruleset_version = 1
        outcome = outcome_of(game.state) if game.status == "finished" else None
        if outcome is not None:
            game.outcome = outcome
            game.end_type = outcome["end_type"]
            game.finished_at = game.last_move
        game.save()
        running = game.status == "running"
        Seat.objects.create(
            game=game, number=0, user_id=game.player1_id, deck_id=game.deck1_id,
            deck_name=game.deck1_name, note=game.note1, left=game.left1,
            to_act=running and game.current == 1)
        Seat.objects.create(
            game=game, number=1, user_id=game.player2_id, deck_id=game.deck2_id,
            deck_name=game.deck2_name, note=game.note2, left=game.left2,
            to_act=running and game.current == 2)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_platform_schema'),
    ]

    operations = [
        migrations.RunPython(carry_over, migrations.RunPython.noop),
    ]
