"""Finished engine games for the web tests, and the game_finished signal as the games
section sends it (core.events): inside a transaction, with the players in seat order."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from marcomage.games.marcomage import Action, EndType, Game, Outcome, push
from marcomage.games.marcomage.awards import FinalTurn
from marcomage.games.marcomage.ruleset import RULESET, action_to_json
from marcomage.web.core.events import game_finished
from tests.games.marcomage.builders import duel

GOBLIN = 13  # Common, Attack: 3


def destruction(*, round: int = 20, hidden: bool = False,
                friendly: bool = False) -> tuple[Game, FinalTurn]:
    """Player 0 destroys player 1's 1-tower with a Goblin (a Common card) in round `round`.

    At levels 0 and 0 (C-EXP-4..7): the winner gets 105, 105, Minor (own tower 30) 131, and
    Gentle touch 157 EXP; the loser 15, 15, Minor (enemy tower 30) 19 EXP."""
    game = duel(opp={"tower": 1, "wall": 0}, round=round)
    game.hidden, game.friendly = hidden, friendly
    game.players[0].hand[0] = GOBLIN
    action = Action.play(1)
    push(game, action)
    assert game.outcome == Outcome(0, EndType.DESTRUCTION)
    return game, FinalTurn(0, action)


def ended(end_type: EndType, winner: int | None, *, friendly: bool = False) -> Game:
    """A game ended from outside the rules (surrender, abort, finish) or forced to a draw."""
    game = duel(round=20)
    game.friendly = friendly
    game.outcome = Outcome(winner, end_type)
    return game


def finish(state: Game, players: tuple[Any, Any], final_turn: FinalTurn | None = None,
           game_id: int = 1) -> None:
    """Send game_finished the way the games section does (core.events): inside its
    transaction, with the platform outcome and the last action as (seat, action JSON)."""
    last = None if final_turn is None else (final_turn.player,
                                            action_to_json(final_turn.action))
    with transaction.atomic():
        game_finished.send(sender=Game, game_id=game_id, ruleset=RULESET.id, state=state,
                           outcome=RULESET.outcome(state), players=list(players),
                           friendly=state.friendly, last=last)
