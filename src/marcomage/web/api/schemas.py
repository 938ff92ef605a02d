"""The JSON shapes the API answers with and accepts (OpenAPI components)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Field, Schema
from pydantic import StrictInt


class Error(Schema):
    """A refusal: what was wrong, in words (nothing was changed)."""

    detail: str


REFUSALS: dict[int, Any] = {400: Error, 401: Error, 403: Error, 404: Error, 413: Error,
                            429: Error}
"""The refusals any operation may answer: 400 and 413 come from the site's request guard
(unreadable address or body, control characters, too large), the others from the API."""


class Stale(Schema):
    """An action built against another version: the game's version now."""

    detail: str
    version: int


class Ok(Schema):
    detail: str


class PlayerRow(Schema):
    name: str
    bot: bool
    last_active: datetime
    status: str = ""
    country: str = ""


class PlayerPage(Schema):
    count: int
    page: int
    pages: int
    players: list[PlayerRow]


class ScoreOut(Schema):
    game: str
    game_name: str
    level: int
    exp: int
    wins: int
    losses: int
    draws: int


class Profile(Schema):
    name: str
    bot: bool
    registered: datetime
    last_active: datetime
    status: str = ""
    country: str = ""
    scores: list[ScoreOut]


class Me(Schema):
    name: str
    bot: bool
    scopes: list[str]


class BotFlag(Schema):
    bot: bool


class FormatOut(Schema):
    id: str
    name: str
    description: str


class OptionOut(Schema):
    name: str
    default: Any = None


class SystemOut(Schema):
    id: str
    name: str
    version: int
    seats: list[int]
    formats: list[FormatOut]
    options: list[OptionOut]
    computer: bool


class CardOut(Schema):
    card: str
    name: str
    kind: str = ""
    rarity: str = ""
    text: str = ""


class CardSet(Schema):
    game: str
    formats: list[FormatOut]
    starter_decks: list[dict[str, Any]]
    cards: list[CardOut]


class ViolationOut(Schema):
    code: str
    message: str


class DeckOut(Schema):
    id: int
    game: str
    format: str
    name: str
    ready: bool
    cards: int
    entries: list[dict[str, Any]]
    extra: dict[str, Any]
    violations: list[ViolationOut]


class DeckIn(Schema):
    game: str = Field(..., max_length=40)
    name: str = Field(..., max_length=100)
    format: str = Field("", max_length=40)
    starter: str = Field("", max_length=100)


class DeckUpdate(Schema):
    name: str | None = Field(None, max_length=100)
    format: str | None = Field(None, max_length=40)
    entries: list[dict[str, Any]] | None = None
    extra: dict[str, Any] | None = None


class DeckImport(Schema):
    document: dict[str, Any]
    name: str = Field("", max_length=100)


class Validation(Schema):
    format: str
    ready: bool
    violations: list[ViolationOut]


class SeatOut(Schema):
    number: int
    player: str | None
    bot: bool
    to_act: bool
    left: bool


class GameRow(Schema):
    id: int
    game: str
    status: str
    version: int
    round: int
    seats: list[SeatOut]
    my_seat: int | None
    my_turn: bool
    computer: str = ""
    message: str = ""
    outcome: dict[str, Any] | None = None


class GameView(GameRow):
    view: dict[str, Any] | None
    legal_actions: list[dict[str, Any]]


class Legal(Schema):
    version: int
    my_turn: bool
    actions: list[dict[str, Any]]


class SystemChoice(Schema):
    deck: str = Field(..., max_length=20, description="a deck id of yours, or 'random'")
    game: str = Field("marcomage", max_length=40)
    format: str = Field("", max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)


class ChallengeIn(SystemChoice):
    opponent: str = Field(..., max_length=40)
    message: str = Field("", max_length=1000)


class HostIn(SystemChoice):
    seats: int | None = Field(None, ge=1, le=16)
    computer_seats: list[int] = Field(
        default_factory=list, max_length=16,
        description="seats the computer takes (issue 35: not seat 0, at least one left for "
                    "people); the game is then friendly")
    level: str = Field("easy", max_length=10, description="the computer's difficulty")


class ComputerIn(SystemChoice):
    level: str = Field("easy", max_length=10)
    seats: int | None = Field(None, ge=1, le=16,
                              description="players (2 by default); the computer takes every "
                                          "seat but yours (issue 35)")


class DeckChoice(Schema):
    deck: str = Field(..., max_length=20)


class ActIn(Schema):
    # StrictInt: `true` is no version (pydantic would read it as 1; issue 38).
    version: StrictInt | None = Field(None, description="the version your view showed "
                                                      "(required; a whole number)")
    action: dict[str, Any] = Field(..., description="one of the legal actions")


class ChatIn(Schema):
    text: str = Field(..., max_length=2000)


class ChatLine(Schema):
    author: str
    text: str
    created: datetime


class ReplayRow(Schema):
    id: int
    game: str
    players: list[str]
    winners: list[str]
    result: str
    end_type: str
    rounds: int
    finished: datetime | None


class ReplayPage(Schema):
    count: int
    page: int
    pages: int
    replays: list[ReplayRow]


class ReplayOut(ReplayRow):
    version: int
    seed: int
    options: dict[str, Any]
    steps: int
    final_view: dict[str, Any]


class CardStat(Schema):
    card: str
    name: str
    seats: int
    picked: float
    results: int
    wins: int
    win_rate: float | None
    uses: dict[str, int]


class CardStats(Schema):
    game: str
    games: int
    seats: int
    cards: list[CardStat]


class PeriodOut(Schema):
    label: str
    games: int
    by_end: dict[str, int]
    rounds: int


class Periods(Schema):
    game: str
    unit: str
    end_types: list[str]
    periods: list[PeriodOut]


class VersusOut(Schema):
    opponent: str
    wins: int
    losses: int
    draws: int


class ExpPointOut(Schema):
    label: str
    level: int
    exp: int
    games: int


class PlayerStats(Schema):
    game: str
    player: str
    unit: str
    versus: list[VersusOut]
    exp: list[ExpPointOut]
