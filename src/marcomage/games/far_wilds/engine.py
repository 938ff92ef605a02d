"""The battle's flow: setup, the mulligan phase (FW-MULL-5), the round loop of alternating
actions (FW-ROUND), the end of a round and the victory check (FW-END)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marcomage.platform.actions import is_plain_action
from marcomage.platform.protocol import IllegalAction, Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, STARTING_BASE
from .casting import OK, REASONS, Sight, cast, cast_check, targets
from .combat import (
    ability_check,
    ability_targets,
    attack,
    attack_targets,
    bury,
    entrench_all,
    heal_all,
    use_ability,
)
from .draw import cycle, draw, draw_one, mulligan, set_aside_external
from .fog import known_spaces
from .hexmap import MAPS
from .movement import routes, walk
from .sight import income, revealed, sees, wells_held
from .state import (
    BATTLE,
    BUILDING_KIND,
    CREATURE_KIND,
    HAND_SIZE,
    KEEP,
    MULL,
    MULLIGAN,
    OVER,
    SITE_KIND,
    WELL_GLORY,
    Battle,
    Figure,
    Options,
    Player,
)


class NotNow(IllegalAction):
    """An action out of turn or in the wrong phase."""

    code = "not-now"


class CannotCast(IllegalAction):
    """A cast that breaks FW-CAST-1..11; `reason` is the code (FW-CAST-12)."""

    code = "cannot-cast"

    def __init__(self, reason: str, card_name: str) -> None:
        super().__init__(f"You cannot cast {card_name}: {REASONS[reason]}")
        self.reason = reason


def new_game(options: Options, armies: list[list[str]], seed: int) -> Battle:
    """Decks shuffled with the seeded source (FW-HAND-2), External Cards set aside
    (FW-HAND-7 a), seven-card opening hands (FW-HAND-3), the starting Bases placed
    (FW-BOARD-1), the first player by a seeded coin flip (FW-ROUND-3)."""
    rng = Rng.from_seed(seed)
    hexes = MAPS[options.map]
    figures: list[Figure | None] = [None] * len(hexes)
    players = [Player([], list(army)) for army in armies]
    state = Battle(options, players, rng, figures)
    for seat, player in enumerate(players):
        if options.autodraw:
            set_aside_external(player)
        rng.shuffle(player.deck)  # FW-HAND-2
        figures[hexes.bases[seat]] = Figure(seat, STARTING_BASE, BUILDING_KIND, dimmed=False)
    for seat in range(2):
        draw(state, seat, HAND_SIZE)
    state.first = rng.below(2)
    state.turn = state.first
    remember(state)
    return state


def remember(state: Battle) -> None:
    """With `reveal_memory`, every space seen so far stays revealed (FW-CAST-10)."""
    if state.options.reveal_memory:
        for seat in range(2):
            state.revealed[seat] = sorted(revealed(state, seat))


def to_act(state: Battle) -> frozenset[int]:
    if state.outcome is not None:
        return frozenset()
    if state.phase == MULLIGAN:
        return frozenset(s for s in range(2) if state.players[s].choice is None
                         and not state.players[s].kept)
    return frozenset((state.turn,))


def legal_actions(state: Battle, seat: int) -> list[dict[str, Any]]:
    """Every legal action of `seat`: mulligan or keep in the mulligan phase; in a round,
    every cast over every legal target, a cycle per distinct card, and pass."""
    if seat not in to_act(state):
        return []
    player = state.players[seat]
    if state.phase == MULLIGAN:
        return ([{"type": MULL}] if player.hand else []) + [{"type": KEEP}]
    out: list[dict[str, Any]] = []
    sight = Sight.of(state, seat)
    distinct = list(dict.fromkeys(player.hand))
    for card_id in distinct:
        found = CARDS[card_id]
        if player.flux < found.cost or cast_check(state, seat, card_id, sight=sight) == "domain":
            continue
        for target, to in targets(state, seat, card_id, sight):
            action: dict[str, Any] = {"type": "cast", "card": card_id}
            if target is not None:
                action["target"] = target
            if to is not None:
                action["to"] = to
            out.append(action)
    if state.options.creature_movement:
        out.extend(figure_actions(state, seat, sight))
    if not player.cycled:
        out.extend({"type": "cycle", "card": c} for c in distinct)
    out.append({"type": "pass"})
    return out


def known(state: Battle, seat: int, sight: Sight) -> set[int]:
    """The spaces whose figures `seat` may know of: in sight now, or its own (FARWILDS.md
    Fog); everything without the fog."""
    found = known_spaces(state, seat, sight.now)
    return set(range(len(state.figures))) if found is None else found


def figure_actions(state: Battle, seat: int, sight: Sight) -> list[dict[str, Any]]:
    """FW-MOVE-2, FW-FIGHT-5: every move, attack and special action of `seat`'s figures,
    judged only from what `seat` may know (moves by `movement.routes`, targets in sight)."""
    out: list[dict[str, Any]] = []
    mine = known(state, seat, sight)
    flux = state.players[seat].flux
    for space, figure in enumerate(state.figures):
        if figure is None or figure.owner != seat or figure.kind not in (BUILDING_KIND,
                                                                          CREATURE_KIND):
            continue
        if not figure.dimmed:
            if figure.kind == CREATURE_KIND:
                out.extend({"type": "move", "from": space, "to": dest} for dest in
                           routes(state, seat, space, mine, sight.enemy_area))
            out.extend({"type": "attack", "from": space, "to": target} for target in
                       attack_targets(state, seat, space, sight.now))
        for found in CARDS[figure.card].actions:
            if (found.dim and figure.dimmed) or flux < found.flux:
                continue
            for target in ability_targets(state, seat, space, found, sight.now):
                action: dict[str, Any] = {"type": "act", "from": space, "ability": found.id}
                if target is not None:
                    action["target"] = target
                out.append(action)
    return out


def _space(action: Mapping[str, Any], key: str) -> int | None:
    value = action.get(key)
    if value is None:
        return None
    if type(value) is not int:
        raise IllegalAction(f"The {key!r} of a cast is a space number.")
    return int(value)


def apply(state: Battle, seat: int, action: Any) -> tuple[Battle, list[dict[str, Any]]]:
    """The battle after `seat` plays `action`, and the events; anything illegal raises an
    IllegalAction subclass and changes nothing."""
    if state.outcome is not None:
        raise NotNow("The battle is over.")
    if type(seat) is not int or seat not in (0, 1):
        raise IllegalAction(f"There is no seat {seat!r}.")
    if not is_plain_action(action) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action is an object with a type and ids.")
    kind = action["type"]
    if seat not in to_act(state):
        raise NotNow("It is not your turn." if state.phase == BATTLE
                     else "You have made your mulligan choice; wait for your opponent.")
    if state.phase == MULLIGAN:
        if action not in legal_actions(state, seat):
            raise IllegalAction("In the mulligan phase you either keep or mulligan your hand.")
        after = state.clone()
        return after, _choose(after, seat, kind)
    allowed = {"cast": {"type", "card", "target", "to"}, "cycle": {"type", "card"},
               "pass": {"type"}}
    if state.options.creature_movement:
        allowed.update({"move": {"type", "from", "to"}, "attack": {"type", "from", "to"},
                        "act": {"type", "from", "ability", "target"}})
    if kind not in allowed or set(action) - allowed[kind]:
        raise IllegalAction(f"{kind!r} is not an action of a round; "
                            f"{', '.join(sorted(allowed))}.")
    after = state.clone()
    if kind in ("move", "attack", "act"):
        events = _figure_action(after, seat, kind, action)
    elif kind == "pass":
        events = _pass(after, seat)
    elif kind == "cycle":
        card_id = action.get("card")
        player = after.players[seat]
        if card_id not in player.hand:
            raise IllegalAction("You can only cycle a card from your hand.")
        if player.cycled:
            raise IllegalAction("You have cycled a card this round already.")
        cycle(player, str(card_id))
        after.log.append({"round": after.round, "seat": seat, "what": "cycle"})
        events = [{"type": "cycle", "seat": seat, "card": card_id, "visibility": "owner"},
                  {"type": "cycled", "seat": seat, "visibility": "public"}]
        if not after.options.cycle_is_free:
            _spend_action(after, seat)
    else:
        card_id = action.get("card")
        if not isinstance(card_id, str) or card_id not in CARDS:
            raise IllegalAction(f"There is no card {card_id!r}.")
        target, to = _space(action, "target"), _space(action, "to")
        reason = cast_check(after, seat, card_id, target, to)
        if reason != OK:
            raise CannotCast(reason, CARDS[card_id].name)
        before = [sees(after, s) for s in range(2)]
        owners = _owners(after)
        entry = cast(after, seat, card_id, target, to)
        entry["seen"] = _seen_by(after, entry, before, "space", owners)
        if entry.get("to") is not None:
            entry["seen_to"] = _seen_by(after, entry, before, "to", owners)
        after.log.append(entry)
        _bury(after, seat, card_id, before, owners)
        events = [{"type": entry["what"], "seat": seat, "card": card_id,
                   "visibility": "public"}]
    remember(after)
    return after, events


def _owners(state: Battle) -> list[int | None]:
    return [None if f is None else f.owner for f in state.figures]


def _space_arg(action: Mapping[str, Any], key: str, n: int) -> int:
    value = action.get(key)
    if type(value) is not int or not 0 <= value < n:
        raise IllegalAction(f"The {key!r} of a {action['type']} is a space number.")
    return int(value)


def _figure_action(state: Battle, seat: int, kind: str, action: Mapping[str, Any]
                   ) -> list[dict[str, Any]]:
    """A move, an attack or a special action (FW-MOVE-2, FW-FIGHT-1, -5): checked against
    what `seat` may know, resolved, the dead buried at the end of the action (FW-FIGHT-3),
    then the turn passes (FW-ROUND-1)."""
    n = len(state.figures)
    source = _space_arg(action, "from", n)
    figure = state.figures[source]
    if figure is None or figure.owner != seat or figure.kind == SITE_KIND:
        raise IllegalAction("Choose a figure of yours.")
    name = CARDS[figure.card].name
    sight = Sight.of(state, seat)
    before = [sees(state, s) for s in range(2)]
    owners = _owners(state)
    entry: dict[str, Any]
    if kind == "act":
        ability_id = action.get("ability")
        target = action.get("target")
        if not isinstance(ability_id, str):
            raise IllegalAction("Name the action to use.")
        problem = ability_check(state, seat, source, ability_id, target, sight.now)
        if problem is not None:
            raise IllegalAction(problem)
        entry = use_ability(state, seat, source, ability_id, target)
    else:
        if figure.dimmed:
            raise IllegalAction(f"{name} is dimmed: it has acted this round or just "
                                "arrived (FW-MOVE-2).")
        dest = _space_arg(action, "to", n)
        if kind == "move":
            if figure.kind != CREATURE_KIND:
                raise IllegalAction(f"{name} is a building: buildings do not move.")
            paths = routes(state, seat, source, known(state, seat, sight), sight.enemy_area)
            if dest not in paths:
                raise IllegalAction(f"{name} cannot move there this round.")
            here, why = walk(state, seat, source, paths[dest])
            entry = {"what": "move", "card": figure.card, "space": source, "to": dest,
                     "at": here}
            if why is not None:
                entry["stopped"] = why
        else:
            how = attack_targets(state, seat, source, sight.now).get(dest)
            if how is None:
                raise IllegalAction(f"{name} cannot attack that space.")
            entry = attack(state, seat, source, dest, how)
    entry.update(round=state.round, seat=seat)
    entry["seen"] = _seen_by(state, entry, before, "space", owners)
    if entry.get("to") is not None:
        entry["seen_to"] = _seen_by(state, entry, before, "to", owners)
    if entry.get("at") is not None:
        entry["seen_at"] = _seen_by(state, entry, before, "at", owners)
    state.log.append(entry)
    causes = {source: entry["target"]} if entry.get("answer") else {}
    _bury(state, seat, figure.card, before, owners, causes)
    state.passes = 0
    state.turn = 1 - seat
    return [{"type": kind, "seat": seat, "visibility": "public"}]


def _bury(state: Battle, seat: int, cause: str, before: list[set[int]],
          owners: list[int | None], causes: Mapping[int, str] | None = None) -> None:
    """FW-FIGHT-3: the dead of the action leave the map, each in the log with the card that
    killed it (`causes` by space, else the acting card: an attacker struck back dies by its
    target); seen by whoever saw the space before the action, and by its owner."""
    for space, card_id, owner, kind in bury(state):
        state.log.append({"round": state.round, "seat": owner, "what": "dies",
                          "card": card_id, "kind": kind, "space": space,
                          "cause": (causes or {}).get(space, cause),
                          "by": seat,
                          "seen": [s == owner or space in before[s] for s in range(2)]})


def _spend_action(state: Battle, seat: int) -> None:
    """A cycle with `cycle_is_free` off (FW-CYCLE-2) is the player's action of the turn, as
    a cast is (FW-ROUND-1): the turn goes to the opponent. It is not a pass, so it breaks a
    run of passes (FW-ROUND-2) and never closes the round."""
    state.passes = 0
    state.turn = 1 - seat


def _seen_by(state: Battle, entry: dict[str, Any], before: list[set[int]], key: str,
             owners: list[int | None] | None = None) -> list[bool]:
    """Per seat, whether it saw the space `entry[key]` of a cast (the target, or Wind Step's
    destination `to`): the caster always; another seat if it saw the space when the card was
    cast (`before`: a building destroyed there took its own sight with it) or sees it after.
    Seen means seen now (FW-BOARD-2): a space only remembered (`reveal_memory`) tells nothing
    of what happens there."""
    space = entry.get(key)
    if space is None:
        return [True, True]
    return [seat == entry["seat"] or space in before[seat] or space in sees(state, seat)
            or (owners is not None and owners[space] == seat) for seat in range(2)]


def _choose(state: Battle, seat: int, choice: str) -> list[dict[str, Any]]:
    """A sealed mulligan choice; the last one resolves them all in seat order (FW-MULL-5)."""
    state.players[seat].choice = choice
    events: list[dict[str, Any]] = [
        {"type": "choice", "seat": seat, "choice": choice, "visibility": "owner"},
        {"type": "chosen", "seat": seat, "visibility": "public"}]
    if any(p.choice is None and not p.kept for p in state.players):
        return events
    for s, player in enumerate(state.players):
        if player.choice == MULL:
            size = mulligan(state, s)
            state.log.append({"round": 0, "seat": s, "what": "mulligan", "size": size})
        elif player.choice == KEEP:
            player.kept = True
            state.log.append({"round": 0, "seat": s, "what": "keep",
                              "size": len(player.hand)})
        player.choice = None
    events.append({"type": "mulligans", "visibility": "public"})
    if all(p.kept for p in state.players):
        state.phase = BATTLE
        _start_round(state, 1)
    return events


def _pass(state: Battle, seat: int) -> list[dict[str, Any]]:
    """FW-ROUND-2: two consecutive passes, one by each player, end the round."""
    state.passes += 1
    state.log.append({"round": state.round, "seat": seat, "what": "pass"})
    events: list[dict[str, Any]] = [{"type": "pass", "seat": seat, "visibility": "public"}]
    if state.passes >= 2:
        events.extend(_end_round(state))
    else:
        state.turn = 1 - seat
    return events


def _start_round(state: Battle, number: int) -> None:
    """Income (FW-ROUND-4), round-start draws (FW-HAND-4, -5), the cycle allowance resets
    (FW-CYCLE-2), the first player alternates (FW-ROUND-3)."""
    state.round = number
    state.passes = 0
    state.turn = state.first if number % 2 == 1 else 1 - state.first
    for seat, player in enumerate(state.players):
        player.flux += income(state, seat)
        player.cycled = False
        if (number > 1 or state.options.draw_in_round_1) and len(player.hand) < HAND_SIZE:
            draw_one(state, seat)
    state.log.append({"round": number, "seat": None, "what": "round"})
    if state.options.creature_movement:
        seen = [sees(state, s) for s in range(2)]
        for space, card_id, owner, amount in heal_all(state):  # FW-FIGHT-4
            state.log.append({"round": number, "seat": owner, "what": "heal",
                              "card": card_id, "space": space, "amount": amount,
                              "seen": [s == owner or space in seen[s] for s in range(2)]})


def _end_round(state: Battle) -> list[dict[str, Any]]:
    """FW-ROUND-5 in order: undim, construction, glory, the victory check; then the next
    round starts."""
    opts = state.options
    if opts.creature_movement:
        entrench_all(state)  # FW-FIGHT-4: judged before everything undims
    for space, figure in enumerate(state.figures):
        if figure is None:
            continue
        figure.dimmed = False
        for ench in figure.enchantments:
            ench.dimmed = False
        hit, figure.hit, figure.struck_ground = figure.hit, False, False
        if figure.kind == SITE_KIND and not hit:  # FW-FIGHT-3: a damaged site waits
            figure.progress += 1
            if figure.progress >= opts.construction_rounds:
                figure.kind, figure.progress, figure.dimmed = BUILDING_KIND, 0, True
                state.log.append({"round": state.round, "seat": figure.owner,
                                  "what": "built", "card": figure.card, "space": space,
                                  "seen": [figure.owner == s or space in sees(state, s)
                                           for s in range(2)]})
    for enchs in state.space_enchantments.values():
        for ench in enchs:
            ench.dimmed = False
    for ench in state.world:
        ench.dimmed = False
    held = [len(wells_held(state, s)) for s in range(2)]
    if opts.well_glory == "each":  # every well held gives its holder 1 glory (ours)
        for seat in range(2):
            if held[seat]:
                state.players[seat].glory += held[seat]
                state.log.append({"round": state.round, "seat": seat, "what": "glory",
                                  "wells": held[seat], "amount": held[seat]})
    elif held[0] != held[1]:
        winner = 0 if held[0] > held[1] else 1
        state.players[winner].glory += WELL_GLORY
        state.log.append({"round": state.round, "seat": winner, "what": "glory",
                          "wells": held[winner]})
    events: list[dict[str, Any]] = [{"type": "round-end", "round": state.round,
                                     "visibility": "public"}]
    glory = [p.glory for p in state.players]
    if max(glory) >= opts.glory_to_win:
        _finish(state, glory, "glory")
    elif state.round >= opts.round_limit:
        _finish(state, glory, "round_limit")
    else:
        _start_round(state, state.round + 1)
    return events


def _finish(state: Battle, glory: list[int], end_type: str) -> None:
    """FW-END-1, FW-END-2: the higher glory wins; equal glory is a draw."""
    state.phase = OVER
    if glory[0] == glory[1]:
        state.outcome = Outcome("draw", (), end_type, state.round)
    else:
        state.outcome = Outcome("win", (0 if glory[0] > glory[1] else 1,), end_type,
                                state.round)
    state.log.append({"round": state.round, "seat": None, "what": "end", "end": end_type})
