"""A game against a bot in the terminal: the board as one player sees it, and typed moves.

The game is played through the platform protocol (MArcomage's ruleset, a platform bot), and
everything shown comes from the seat's view, so hidden-cards mode hides what it should.
Moves: `p 3` plays slot 3, `p 3 2` plays it in mode 2, `d 5` discards slot 5.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any, TextIO

from .games.marcomage.actions import PLAY
from .games.marcomage.cards import CARDS, Card
from .games.marcomage.ruleset import RULESET
from .games.marcomage.state import OUTCOME_TEXT
from .games.marcomage.view import end_type_id
from .platform.bots import Bot, bot_action
from .platform.protocol import Action, Event, IllegalAction, State

END_TEXT = {end_type_id(end_type): text for end_type, text in OUTCOME_TEXT.items()}
"""The words for each platform end type ("destruction": "Tower destruction victory")."""

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
    """An action as JSON from `p 3`, `p 3 2`, `d 5` (or play/discard), else the command
    word; raises ValueError with the usage when the numbers are missing or not numbers."""
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
        return {"type": PLAY, "pos": numbers[0], "mode": numbers[1] if len(numbers) > 1 else 0}
    return {"type": "discard", "pos": numbers[0]}


def outcome_text(view: Mapping[str, Any]) -> str:
    """The end of the game from the point of view of the seat whose `view` this is."""
    outcome, you = view["outcome"], view["you"]
    assert outcome is not None
    winner = outcome["winners"][0] if outcome["result"] == "win" else None
    how = END_TEXT[outcome["end_type"]]
    if outcome["end_type"] == "surrender" and winner != you:
        how = "you surrendered"
    if winner is None:
        verdict = "Nobody wins"
    else:
        verdict = "You win" if winner == you else "The opponent wins"
    return f"Game over in round {outcome['final_round']}: {verdict} ({how})."


class TerminalGame:
    """A game between a person typing on `stdin` (seat `you`) and a platform bot, played
    through MArcomage's ruleset; `state` is the game as it stands."""

    def __init__(self, state: State, bot: Bot, stdin: TextIO, stdout: TextIO, *,
                 you: int = 0, width: int = 78) -> None:
        self.rules = RULESET
        self.state, self.bot, self.you = state, bot, you
        self.stdin, self.stdout, self.width = stdin, stdout, width

    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")

    def over(self) -> bool:
        return self.rules.outcome(self.state) is not None

    def run(self) -> None:
        """Play until the game ends or the person quits."""
        rules, you = self.rules, self.you
        self.say(f"You are player {you + 1}. Type 'help' for the commands.")
        shown = False
        while not self.over():
            (seat,) = rules.to_act(self.state)
            if seat != you:
                action = bot_action(rules, self.state, seat, self.bot)
                self.state, events = rules.apply(self.state, seat, action)
                self.say(f"Opponent {action['type']}s {describe(events)}.")
                shown = False
                continue
            if not shown:
                self.say(render(rules.view(self.state, you), self.width))
                shown = True
            self.stdout.write("Your move> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if line and not self.stdin.isatty():
                self.stdout.write(line if line.endswith("\n") else line + "\n")  # echo
            if not line:
                self.say("\n(end of input)")
                self.state = rules.resign(self.state, you)
                break
            shown = self.human_turn(line.strip())
        view = rules.view(self.state, you)
        self.say(render(view, self.width))
        self.say(outcome_text(view))

    def human_turn(self, line: str) -> bool:
        """Carry out one typed command; returns whether the board on screen is current."""
        try:
            command = parse(line)
        except ValueError as err:
            self.say(str(err))
            return True
        if isinstance(command, dict):
            try:
                self.state, events = self.rules.apply(self.state, self.you, command)
            except IllegalAction as refusal:
                self.say(f"Not allowed: {refusal}")
                return True
            self.say(f"You {command['type']} {describe(events)}.")
            return False
        if command in ("quit", "q", "exit", "resign"):
            self.state = self.rules.resign(self.state, self.you)
            self.say("You surrender.")
        elif command in ("help", "h", "?"):
            self.say(HELP)
        elif command in ("show", "s"):
            return False
        elif command:
            self.say(f"Unknown command {command!r}; type 'help'.")
        return True


def describe(events: list[Event]) -> str:
    """The card a move acted on, from its event, e.g. 'Merchant (mode 2) from slot 4'."""
    event = events[0]
    mode = f" (mode {event['mode']})" if event["type"] == PLAY and event["mode"] else ""
    return f"{CARDS[event['card']].name}{mode} from slot {event['pos']}"
