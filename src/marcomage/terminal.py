"""A game against a bot in the terminal: the board as one player sees it, and typed moves.

Everything shown comes from `view(game, you)`, so hidden-cards mode hides what it should.
Moves: `p 3` plays slot 3, `p 3 2` plays it in mode 2, `d 5` discards slot 5.
"""

from __future__ import annotations

import textwrap
from typing import Any, TextIO

from .games.marcomage import CARDS, Action, EndType, Game, IllegalAction, push, resign, view
from .games.marcomage.actions import PLAY
from .games.marcomage.bots import Bot
from .games.marcomage.cards import Card

HELP = """\
Commands:
  p SLOT [MODE]   play the card in hand slot SLOT (1-8), in MODE for cards with modes
  d SLOT          discard the card in slot SLOT
  show            show the board again
  help            this text
  quit            surrender and leave
A * before a card means you can pay for it. Numbers in brackets are this round's changes."""

LABELS = {
    "quarry": "Quarry", "magic": "Magic", "dungeons": "Dungeons", "bricks": "Bricks",
    "gems": "Gems", "recruits": "Recruits", "tower": "Tower", "wall": "Wall",
}
ORDER = ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits")
STOCK = ("bricks", "gems", "recruits")


def cost_text(card: Card) -> str:
    """E.g. '3B 2R', or 'free'."""
    parts = [f"{n}{unit}" for n, unit in (
        (card.bricks, "B"), (card.gems, "G"), (card.recruits, "R")) if n]
    return " ".join(parts) or "free"


def keyword_text(card: Card) -> str:
    """The keywords as printed on the card, e.g. 'Soldier, Charge (3)'."""
    names = []
    for name in card.keywords:
        value = card.charge if name == "Charge" else card.enduring if name == "Enduring" else 0
        names.append(f"{name} ({value})" if value else name)
    return ", ".join(names)


def mode_text(card: Card) -> str:
    if card.modes == 8:
        return "mode = a hand slot 1-8"
    return f"modes 1-{card.modes}" if card.modes else ""


def entry_text(entry: dict[str, Any]) -> str:
    """One history entry, e.g. 'played Merchant (mode 2)'."""
    card = CARDS[entry["card"]]
    if entry["action"] != PLAY:
        return f"discarded {card.name}"
    return f"played {card.name}" + (f" (mode {entry['mode']})" if entry["mode"] else "")


def tokens_text(player: dict[str, Any]) -> str:
    shown = [
        f"{t['name']} {t['value']}" + (f" ({t['change']:+d})" if t["change"] else "")
        for t in player["tokens"] if t["name"] != "none"
    ]
    return ", ".join(shown) or "none"


def render(doc: dict[str, Any], width: int = 78) -> str:
    """The board of view `doc`: round, both sides, tokens, last cards and your hand."""
    me, opp = doc["me"], doc["opponent"]
    if doc["outcome"] is not None:
        status = "game over"
    else:
        status = "your turn" if doc["your_turn"] else "opponent's turn"
    modes = [name for name, on in doc["modes"].items() if on]
    head = f"=== Round {doc['round']}, {status}" + (f" ({', '.join(modes)})" if modes else "")
    lines = [(head + " ").ljust(width, "=")]
    lines.append(f"{'':10}{'You':>14}{'Opponent':>14}")

    def cell(p: dict[str, Any], name: str) -> str:
        change = p["changes"][name]
        return f"{p[name]}" + (f" ({change:+d})" if change else "")

    for name in ORDER:
        lines.append(f"{LABELS[name]:10}{cell(me, name):>14}{cell(opp, name):>14}")
    lines.append(f"{'Stock':10}{sum(me[n] for n in STOCK):>14}{sum(opp[n] for n in STOCK):>14}")
    lines.append(f"Your tokens: {tokens_text(me)}")
    lines.append(f"Opponent's tokens: {tokens_text(opp)}")
    for who, p in (("Your", me), ("Opponent's", opp)):
        last = [entry_text(e) for e in reversed(p["history"]) if e["card"]]
        if last:
            lines.append(f"{who} last cards: {', '.join(last)}")
    for text, pile in (
        ("Discarded from your hand by your cards", me["discarded_own"]),
        ("Discarded from the opponent's hand by your cards", me["discarded_opp"]),
        ("Discarded from the opponent's hand by his cards", opp["discarded_own"]),
        ("Discarded from your hand by the opponent's cards", opp["discarded_opp"]),
    ):
        if pile:  # newest first (C-DISC-4)
            lines.append(f"{text}: {', '.join(CARDS[c].name for c in reversed(pile))}")
    seen = [
        f"{i}:{'?' if c is None else CARDS[c].name}" for i, c in enumerate(opp["hand"], 1)
    ]
    if any(c is not None for c in opp["hand"]):
        lines.extend(textwrap.wrap("Opponent's hand: " + "  ".join(seen), width,
                                   subsequent_indent="  "))
    lines.append("Your hand (* = you can pay for it):")
    stock = (me["bricks"], me["gems"], me["recruits"])
    new, revealed = set(me["new_cards"]), set(me["revealed"])
    for slot, card_id in enumerate(me["hand"], 1):
        card = CARDS[card_id]
        payable = all(have >= cost for have, cost in zip(
            stock, (card.bricks, card.gems, card.recruits), strict=True))
        flags = " ".join(f for f, on in (
            ("NEW", slot in new), ("revealed", slot in revealed and doc["modes"]["hidden"]),
        ) if on)
        lines.append(
            f"{slot:2} {'*' if payable else ' '} {card.name:27} {cost_text(card):11} "
            f"{card.rarity_name:9} {mode_text(card)} {flags}".rstrip())
        details = [keyword_text(card) + "."] if card.keywords else []
        details += card.text.splitlines()
        for line in details:
            lines.extend(textwrap.wrap(line, width, initial_indent=" " * 7,
                                       subsequent_indent=" " * 9))
    return "\n".join(lines)


USAGE = "Usage: p SLOT [MODE] or d SLOT, with SLOT from 1 to 8."


def parse(command: str) -> Action | str:
    """An action from `p 3`, `p 3 2`, `d 5` (or play/discard), else the command word;
    raises ValueError with the usage when the numbers are missing or not numbers."""
    words = command.split()
    if not words:
        return ""
    kind = {"p": "play", "play": "play", "d": "discard", "discard": "discard"}.get(
        words[0].lower())
    if kind is None:
        return words[0].lower()
    if not 1 <= len(words) - 1 <= (2 if kind == "play" else 1):
        raise ValueError(USAGE)
    try:
        numbers = [int(w) for w in words[1:]]
    except ValueError:
        raise ValueError(USAGE) from None
    if kind == "play":
        return Action.play(numbers[0], numbers[1] if len(numbers) > 1 else 0)
    return Action.discard(numbers[0])


def outcome_text(game: Game, you: int) -> str:
    """The end of the game from the point of view of player `you`."""
    outcome = game.outcome
    assert outcome is not None
    if outcome.end_type == EndType.SURRENDER:
        how = "you surrendered" if outcome.winner != you else outcome.text
    else:
        how = outcome.text
    if outcome.winner is None:
        verdict = "Nobody wins"
    else:
        verdict = "You win" if outcome.winner == you else "The opponent wins"
    return f"Game over in round {game.round}: {verdict} ({how})."


class TerminalGame:
    """A game between a person typing on `stdin` (player `you`) and a bot."""

    def __init__(self, game: Game, bot: Bot, stdin: TextIO, stdout: TextIO, *,
                 you: int = 0, width: int = 78) -> None:
        self.game, self.bot, self.you = game, bot, you
        self.stdin, self.stdout, self.width = stdin, stdout, width

    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def run(self) -> None:
        """Play until the game ends or the person quits."""
        game, you = self.game, self.you
        self.say(f"You are player {you + 1}. Type 'help' for the commands.")
        shown = False
        while game.outcome is None:
            if game.current != you:
                action = self.bot.choose(game, game.current)
                text = self.describe(action)
                push(game, action, game.current)
                self.say(f"Opponent {action.kind}s {text}.")
                shown = False
                continue
            if not shown:
                self.say(render(view(game, you), self.width))
                shown = True
            self.stdout.write("Your move> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if line and not self.stdin.isatty():
                self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo
            if not line:
                self.say("\n(end of input)")
                resign(game, you)
                break
            shown = self.human_turn(line.strip())
        self.say(render(view(game, you), self.width))
        self.say(outcome_text(game, you))

    def human_turn(self, line: str) -> bool:
        """Carry out one typed command; returns whether the board on screen is current."""
        try:
            command = parse(line)
        except ValueError as err:
            self.say(str(err))
            return True
        if isinstance(command, Action):
            text = self.describe(command)
            try:
                push(self.game, command, self.you)
            except IllegalAction as refusal:
                self.say(f"Not allowed: {refusal}")
                return True
            self.say(f"You {command.kind} {text}.")
            return False
        if command in ("quit", "q", "exit", "resign"):
            resign(self.game, self.you)
            self.say("You surrender.")
        elif command in ("help", "h", "?"):
            self.say(HELP)
        elif command in ("show", "s"):
            return False
        elif command:
            self.say(f"Unknown command {command!r}; type 'help'.")
        return True

    def describe(self, action: Action) -> str:
        """The card the player to move acts on, e.g. 'Merchant (mode 2) from slot 4'."""
        hand = self.game.players[self.game.current].hand
        card = CARDS[hand[action.pos - 1]].name if 1 <= action.pos <= len(hand) else "?"
        mode = f" (mode {action.mode})" if action.kind == PLAY and action.mode else ""
        return f"{card}{mode} from slot {action.pos}"
