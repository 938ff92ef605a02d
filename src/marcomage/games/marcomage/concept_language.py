"""The concept effect language: a card's effect as a few declarative statements over exactly
the data the card template allows (manual: "Card template"), done within one turn.

Pure: no Django, no engine. A program is parsed once (`parse`, with a message per problem),
described in words (`describe`) and run on a `Board` (`run`), which `guests.TurnBoard` maps
onto the engine's turn. Nothing in a program can loop, wait for a later turn or reach
outside the board, and `run` never raises: a program that passed `problems_of` at save
time is total over every board.

Vocabulary (one statement per line, or separated by ";"):

    me.tower += 5            attributes of `me` or `enemy`: tower wall quarry magic dungeons
    enemy.wall -= 3          bricks gems recruits, and the groups `facilities` (quarry, magic,
    me.stock = 10            dungeons) and `stock` (bricks, gems, recruits); ops += -= =
    attack 8                 damage to the enemy: wall first, the rest on the tower
    production gems x2       production factor of this turn (bricks, gems, recruits or all), 0..4
    if me.wall > enemy.wall: me.tower += 2 else: attack 2

Values in expressions: whole numbers, the attributes above, `round`, `me.changes.<attribute>`
(what the opponent's last round changed), `me.discarded` (cards the last round's effects
discarded from that hand), `me.hand.<Keyword>` / `all.hand.<Keyword>` (cards with a keyword
in one or both hands, the played card included), `me.tokens` (the token counters' sum),
`card.new` (1 when the played card had the NEW CARD flag), `card.bricks`, `card.gems`,
`card.recruits`; operators + - * / (division rounded half away from zero), parentheses,
min(a, b), max(a, b). Conditions compare with < <= > >= == != and combine with and, or, not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

ATTRIBUTES = ("tower", "wall", "quarry", "magic", "dungeons", "bricks", "gems", "recruits")
GROUPS = {"facilities": ("quarry", "magic", "dungeons"), "stock": ("bricks", "gems", "recruits")}
SIDES = ("me", "enemy")
RESOURCES = {"bricks": 0, "gems": 1, "recruits": 2}
MAX_STATEMENTS = 20
MAX_NUMBER = 999
MAX_FACTOR = 4
MAX_DEPTH = 3
CONTINUOUS = ("next", "turns", "later", "every", "while", "until", "permanent")

KEYWORD_NAMES: tuple[str, ...] = (
    "Alliance", "Aqua", "Banish", "Barbarian", "Beast", "Brigand", "Burning", "Charge",
    "Destruction", "Dragon", "Durable", "Enduring", "Flare attack", "Frenzy", "Holy",
    "Illusion", "Legend", "Mage", "Nature", "Quick", "Rebirth", "Restoration", "Skirmisher",
    "Soldier", "Swift", "Titan", "Undead", "Unliving",
)
"""The 28 keywords (the MArcomage card template); a multi-word one is written with an
underscore in code: `me.hand.Flare_attack`."""

_NAMES = {"me": "your", "enemy": "the enemy's"}


class Board(Protocol):
    """What a concept's effect reads and changes during its turn."""

    round: int
    card_new: bool
    card_cost: tuple[int, int, int]

    def get(self, side: str, attribute: str) -> int: ...

    def set(self, side: str, attribute: str, value: int) -> None: ...

    def changes(self, side: str, attribute: str) -> int: ...

    def discarded(self, side: str) -> int: ...

    def tokens(self, side: str) -> int: ...

    def hand_count(self, side: str, keyword: str) -> int: ...

    def attack(self, damage: int) -> None: ...

    def production(self, resource: str, factor: int) -> None: ...


class EffectError(ValueError):
    """A program that is not in the language; `problems` has one message per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


# --- expressions -----------------------------------------------------------------------

@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Ref:
    """A value of the board: kind is attr, changes, discarded, tokens, hand, round, card."""

    kind: str
    side: str = ""
    name: str = ""


@dataclass(frozen=True)
class BinOp:
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Expr, ...]


Expr = Num | Ref | BinOp | Call


@dataclass(frozen=True)
class Compare:
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Logic:
    op: str  # and, or, not
    parts: tuple[Cond, ...]


Cond = Compare | Logic


# --- statements ------------------------------------------------------------------------

@dataclass(frozen=True)
class Assign:
    side: str
    name: str  # an attribute or a group
    op: str
    value: Expr


@dataclass(frozen=True)
class Attack:
    value: Expr


@dataclass(frozen=True)
class Production:
    resource: str  # bricks, gems, recruits or all
    factor: int


@dataclass(frozen=True)
class If:
    cond: Cond
    then: Stmt
    otherwise: Stmt | None


Stmt = Assign | Attack | Production | If


@dataclass(frozen=True)
class Program:
    statements: tuple[Stmt, ...]


# --- parsing ---------------------------------------------------------------------------

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*)"
    r"|(?P<op>\+=|-=|<=|>=|==|!=|[-+*/()<>=:,]))")


def _tokens(line: str) -> list[str]:
    found, position = [], 0
    line = line.rstrip()
    while position < len(line):
        match = _TOKEN.match(line, position)
        if match is None or match.end() == position:
            raise EffectError([f"“{line[position:].strip()[:20]}” is not part of the language."])
        found.append(match.group(match.lastgroup or "op"))
        position = match.end()
    return [token for token in found if token.strip()]


class _Parser:
    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self) -> str:
        return self.tokens[self.at] if self.at < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if not token:
            raise EffectError(["The statement ends too early."])
        if expected is not None and token != expected:
            raise EffectError([f"Expected “{expected}” but found “{token}”."])
        self.at += 1
        return token

    def done(self) -> None:
        if self.peek():
            raise EffectError([f"Unexpected “{self.peek()}”."])

    # statements
    def statement(self, depth: int = 0) -> Stmt:
        token = self.peek()
        if token == "if":
            if depth >= MAX_DEPTH:
                raise EffectError([f"At most {MAX_DEPTH} nested conditions."])
            self.take()
            cond = self.condition()
            self.take(":")
            then = self.statement(depth + 1)
            otherwise = None
            if self.peek() == "else":
                self.take()
                self.take(":")
                otherwise = self.statement(depth + 1)
            return If(cond, then, otherwise)
        if token == "attack":
            self.take()
            return Attack(self.expr())
        if token == "production":
            self.take()
            resource = self.take()
            if resource not in (*RESOURCES, "all"):
                raise EffectError([f"Production is of bricks, gems, recruits or all, not "
                                   f"“{resource}”."])
            factor = self.take()
            if not re.fullmatch(r"x\d+", factor) or not 0 <= int(factor[1:]) <= MAX_FACTOR:
                raise EffectError([f"A production factor is x0 to x{MAX_FACTOR}."])
            return Production(resource, int(factor[1:]))
        if token.split(".")[0] in SIDES:
            target = self.take().split(".")
            if len(target) != 2 or target[1] not in (*ATTRIBUTES, *GROUPS):
                raise EffectError([f"“{'.'.join(target)}” cannot be changed; a card changes "
                                   f"{', '.join((*ATTRIBUTES, *GROUPS))}."])
            op = self.take()
            if op not in ("+=", "-=", "="):
                raise EffectError([f"Change an attribute with +=, -= or =, not “{op}”."])
            return Assign(target[0], target[1], op, self.expr())
        if token in ("round",) or token.startswith("card."):
            raise EffectError([f"“{token}” can be read but not changed."])
        if token.lower() in CONTINUOUS:
            raise EffectError(["Continuous effects (on later turns) are not supported."])
        raise EffectError([f"A statement starts with a side (me., enemy.), attack, production"
                           f" or if, not “{token}”."])

    # conditions
    def condition(self) -> Cond:
        parts = [self.conjunction()]
        while self.peek() == "or":
            self.take()
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else Logic("or", tuple(parts))

    def conjunction(self) -> Cond:
        parts = [self.negation()]
        while self.peek() == "and":
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else Logic("and", tuple(parts))

    def negation(self) -> Cond:
        if self.peek() == "not":
            self.take()
            return Logic("not", (self.negation(),))
        left = self.expr()
        op = self.take()
        if op not in ("<", "<=", ">", ">=", "==", "!="):
            raise EffectError([f"A condition compares with < <= > >= == or !=, not “{op}”."])
        return Compare(op, left, self.expr())

    # expressions
    def expr(self) -> Expr:
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Expr:
        node = self.factor()
        while self.peek() in ("*", "/"):
            op = self.take()
            node = BinOp(op, node, self.factor())
        return node

    def factor(self) -> Expr:
        token = self.take()
        if token == "-":
            return BinOp("-", Num(0), self.factor())
        if token == "(":
            node = self.expr()
            self.take(")")
            return node
        if token.isdigit():
            if int(token) > MAX_NUMBER:
                raise EffectError([f"Numbers go up to {MAX_NUMBER}."])
            return Num(int(token))
        if token in ("min", "max"):
            self.take("(")
            first = self.expr()
            self.take(",")
            second = self.expr()
            self.take(")")
            return Call(token, (first, second))
        return self.reference(token)

    def reference(self, token: str) -> Ref:
        parts = token.split(".")
        if parts == ["round"]:
            return Ref("round")
        if parts[0] == "card" and len(parts) == 2 and parts[1] in ("new", *RESOURCES):
            return Ref("card", name=parts[1])
        if parts[0] == "all" and len(parts) == 3 and parts[1] == "hand":
            return Ref("hand", "all", _keyword(parts[2]))
        if parts[0] in SIDES:
            side = parts[0]
            if len(parts) == 2 and parts[1] in ATTRIBUTES:
                return Ref("attr", side, parts[1])
            if len(parts) == 2 and parts[1] in ("discarded", "tokens"):
                return Ref(parts[1], side)
            if len(parts) == 3 and parts[1] == "changes" and parts[2] in ATTRIBUTES:
                return Ref("changes", side, parts[2])
            if len(parts) == 3 and parts[1] == "hand":
                return Ref("hand", side, _keyword(parts[2]))
        raise EffectError([f"“{token}” is not data a card can use (see the card template)."])


def _keyword(written: str) -> str:
    name = written.replace("_", " ")
    for keyword in KEYWORD_NAMES:
        if keyword.lower() == name.lower():
            return keyword
    raise EffectError([f"There is no keyword “{name}”."])


def _lines(code: str) -> list[str]:
    return [line.strip() for raw in code.splitlines() for line in raw.split(";")
            if line.strip() and not line.strip().startswith("#")]


def parse(code: str) -> Program:
    """The program, or EffectError with one message per faulty statement."""
    problems, statements = [], []
    lines = _lines(code)
    if len(lines) > MAX_STATEMENTS:
        problems.append(f"At most {MAX_STATEMENTS} statements.")
    for number, line in enumerate(lines[:MAX_STATEMENTS], start=1):
        try:
            parser = _Parser(_tokens(line))
            statement = parser.statement()
            parser.done()
            statements.append(statement)
        except EffectError as error:
            problems.extend(f"Line {number}: {problem}" for problem in error.problems)
    if not lines:
        problems.append("The effect is empty.")
    if problems:
        raise EffectError(problems)
    return Program(tuple(statements))


# --- running ---------------------------------------------------------------------------

def _round_div(a: int, b: int) -> int:
    """Division rounded half away from zero ("the standard fashion"); by zero gives 0."""
    if b == 0:
        return 0
    sign = -1 if (a < 0) != (b < 0) else 1
    a, b = abs(a), abs(b)
    return sign * ((2 * a + b) // (2 * b))


def _clamp(value: int) -> int:
    return max(-100_000, min(100_000, value))


def _value(expr: Expr, board: Board) -> int:
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, BinOp):
        left, right = _value(expr.left, board), _value(expr.right, board)
        if expr.op == "+":
            return _clamp(left + right)
        if expr.op == "-":
            return _clamp(left - right)
        if expr.op == "*":
            return _clamp(left * right)
        return _round_div(left, right)
    if isinstance(expr, Call):
        values = [_value(arg, board) for arg in expr.args]
        return min(values) if expr.name == "min" else max(values)
    return _read(expr, board)


def _read(ref: Ref, board: Board) -> int:
    if ref.kind == "round":
        return int(board.round)
    if ref.kind == "card":
        if ref.name == "new":
            return int(bool(board.card_new))
        return int(board.card_cost[RESOURCES[ref.name]])
    if ref.kind == "attr":
        return int(board.get(ref.side, ref.name))
    if ref.kind == "changes":
        return int(board.changes(ref.side, ref.name))
    if ref.kind == "discarded":
        return int(board.discarded(ref.side))
    if ref.kind == "tokens":
        return int(board.tokens(ref.side))
    if ref.side == "all":
        return int(board.hand_count("me", ref.name) + board.hand_count("enemy", ref.name))
    return int(board.hand_count(ref.side, ref.name))


def _holds(cond: Cond, board: Board) -> bool:
    if isinstance(cond, Logic):
        if cond.op == "not":
            return not _holds(cond.parts[0], board)
        results = (_holds(part, board) for part in cond.parts)
        return all(results) if cond.op == "and" else any(results)
    left, right = _value(cond.left, board), _value(cond.right, board)
    return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right,
            "==": left == right, "!=": left != right}[cond.op]


def _do(statement: Stmt, board: Board) -> None:
    if isinstance(statement, If):
        if _holds(statement.cond, board):
            _do(statement.then, board)
        elif statement.otherwise is not None:
            _do(statement.otherwise, board)
    elif isinstance(statement, Attack):
        board.attack(max(0, _value(statement.value, board)))
    elif isinstance(statement, Production):
        for resource in (RESOURCES if statement.resource == "all" else (statement.resource,)):
            board.production(resource, statement.factor)
    else:
        amount = _value(statement.value, board)
        for name in GROUPS.get(statement.name, (statement.name,)):
            current = board.get(statement.side, name)
            new = {"+=": current + amount, "-=": current - amount, "=": amount}[statement.op]
            board.set(statement.side, name, _clamp(new))


def run(program: Program, board: Board) -> bool:
    """Carry out the effect on the board; False (and the board as far as it got) if the
    board itself failed. Never raises."""
    try:
        for statement in program.statements:
            _do(statement, board)
    except Exception:  # the engine's turn must go on whatever happens
        return False
    return True


# --- words -----------------------------------------------------------------------------

def _side_word(side: str) -> str:
    return _NAMES.get(side, "both players'")


def _expr_words(expr: Expr) -> str:
    if isinstance(expr, Num):
        return str(expr.value)
    if isinstance(expr, BinOp):
        if isinstance(expr.left, Num) and expr.left.value == 0 and expr.op == "-":
            return f"−{_expr_words(expr.right)}"
        word = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}[expr.op]
        return f"({_expr_words(expr.left)} {word} {_expr_words(expr.right)})"
    if isinstance(expr, Call):
        word = "the lower" if expr.name == "min" else "the higher"
        return f"{word} of {_expr_words(expr.args[0])} and {_expr_words(expr.args[1])}"
    ref = expr
    if ref.kind == "round":
        return "the round number"
    if ref.kind == "card":
        return "1 if this card is new" if ref.name == "new" else f"this card's {ref.name} cost"
    if ref.kind == "attr":
        return f"{_side_word(ref.side)} {ref.name}"
    if ref.kind == "changes":
        return f"the change of {_side_word(ref.side)} {ref.name} last round"
    if ref.kind == "discarded":
        return f"the cards discarded from {_side_word(ref.side)} hand last round"
    if ref.kind == "tokens":
        return f"{_side_word(ref.side)} token counters"
    where = "both hands" if ref.side == "all" else f"{_side_word(ref.side)} hand"
    return f"the number of {ref.name} cards in {where}"


def _cond_words(cond: Cond) -> str:
    if isinstance(cond, Logic):
        if cond.op == "not":
            return f"not ({_cond_words(cond.parts[0])})"
        return f" {cond.op} ".join(_cond_words(part) for part in cond.parts)
    word = {"<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least",
            "==": "equals", "!=": "differs from"}[cond.op]
    return f"{_expr_words(cond.left)} {word} {_expr_words(cond.right)}"


def _statement_words(statement: Stmt) -> str:
    if isinstance(statement, If):
        text = f"if {_cond_words(statement.cond)}: {_statement_words(statement.then)}"
        if statement.otherwise is not None:
            text += f", otherwise {_statement_words(statement.otherwise)}"
        return text
    if isinstance(statement, Attack):
        return f"attack for {_expr_words(statement.value)} (wall first, then tower)"
    if isinstance(statement, Production):
        what = "all production" if statement.resource == "all" else (
            f"{statement.resource} production")
        return f"{what} ×{statement.factor} this turn"
    target = f"{_side_word(statement.side)} {statement.name}"
    value = _expr_words(statement.value)
    if statement.op == "=":
        return f"{target} becomes {value}"
    return f"{target} {'+' if statement.op == '+=' else '−'}{value}"


def describe(program: Program) -> list[str]:
    """The effect in words, one sentence a statement."""
    return [_statement_words(s)[0].upper() + _statement_words(s)[1:] + "."
            for s in program.statements]


# --- checking at save time -------------------------------------------------------------

class _Probe:
    """A board with chosen values, to prove a program runs on every kind of board."""

    def __init__(self, seed: int) -> None:
        self.values = {(side, name): (seed * 7 + i * 13 + (5 if side == "me" else 0)) % 60
                       for side in SIDES for i, name in enumerate(ATTRIBUTES)}
        self.round = seed % 250 + 1
        self.card_new = seed % 2 == 0
        self.card_cost = (seed % 10, seed % 7, seed % 5)
        self.seed = seed

    def get(self, side: str, attribute: str) -> int:
        return self.values[(side, attribute)]

    def set(self, side: str, attribute: str, value: int) -> None:
        if attribute not in ATTRIBUTES or side not in SIDES:
            raise KeyError(attribute)
        self.values[(side, attribute)] = int(value)

    def changes(self, side: str, attribute: str) -> int:
        return (self.seed % 11) - 5

    def discarded(self, side: str) -> int:
        return self.seed % 3

    def tokens(self, side: str) -> int:
        return self.seed % 100

    def hand_count(self, side: str, keyword: str) -> int:
        return self.seed % 9

    def attack(self, damage: int) -> None:
        if damage < 0:
            raise ValueError(damage)

    def production(self, resource: str, factor: int) -> None:
        if resource not in RESOURCES or not 0 <= factor <= MAX_FACTOR:
            raise ValueError(resource)


def problems_of(code: str, card: Any = None, *, max_length: int = 1000) -> list[str]:
    """Every problem of a concept's effect code, one message each (empty: it may be saved).
    It must parse, stay within the template's data and run on sample boards."""
    if len(code) > max_length:
        return [f"The effect code has at most {max_length} characters."]
    try:
        program = parse(code)
    except EffectError as error:
        return list(error.problems)
    if not all(run(program, _Probe(seed)) for seed in range(12)):
        return ["The effect fails on some boards."]
    return []


def walk(program: Program) -> Iterable[Stmt]:
    """Every statement of a program, those inside conditions included."""
    pending: list[Stmt] = list(program.statements)
    while pending:
        statement = pending.pop(0)
        yield statement
        if isinstance(statement, If):
            pending.append(statement.then)
            if statement.otherwise is not None:
                pending.append(statement.otherwise)


Describer = Callable[[Program], list[str]]
