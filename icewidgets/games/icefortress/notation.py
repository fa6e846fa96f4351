"""Ice Fortress's move notation: short texts that read back into the same moves.

Built rooms are `R1`, `R2`, ... in the order they were built (a destroyed room's number is not
reused); a square or group is the room's number and the card's own id for it: `R2.b`, `R1.g1`.
Foundation spaces are `F1` to `F4`. Rooms in the supply and decks are named by their card id
(`large-water-2`), powers by theirs (`fierce`), elements and sizes by their names.

| move | text |
|---|---|
| a rolled die as a pillar | `5 on R2.b` |
| a room built | `build large-water-2 on R1.g1`, `build jumbo-earth-1 on F2` |
| a power used, paid with a die and a shard | `use cunning with 3`, `use fierce with fire` |
| an effect's choice | `choose R2.b`, `choose large deck`, `choose fire`, `choose 3 to 4`, `choose large-water-2` |
| end building (then the invaders come) | `end building` |
| where a pulled invader lands | `land R2.b`, `land R1.g2` |
| a supply room flooded; the supply limit | `flood small-air-3`, `discard small-air-3`, `discard fire shard` |
| set-up: keep two abilities | `keep fierce cunning` |
| chance: a die, a room drawn, a figure from the bag, a card dealt | `roll 5`, `room large-water-2`, `invader fire`, `shard fire`, `deal autumn to hero 1`, `deal fire-1` |
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalMove, InvalidMoveText, quoted
from . import rules
from .cards import ELEMENTS, SIZES, Character, InvaderCard, Room
from .moves import (
    NONE,
    Begins,
    BuildRoom,
    Choose,
    Dealt,
    DiscardRoom,
    DiscardShard,
    EndBuilding,
    Flood,
    Keep,
    Land,
    Move,
    Place,
    Pulled,
    Rolled,
    RoomDrawn,
    ShardDrawn,
    State,
    Use,
)
from .rules import script
from .steps import ABILITY, CLASS, INVADER_CARD, NAME, Do, KeepOne

if TYPE_CHECKING:
    from . import IceFortress


def room_ref(i: int) -> str:
    return f"R{i + 1}"


def square_ref(game: IceFortress, state: State, i: int, k: int, group: bool = False) -> str:
    b = state.fortress[i] if 0 <= i < len(state.fortress) else None
    if b is None:
        return f"{room_ref(i)}.{'g' if group else 's'}{k}"
    room = game.cards.rooms[b.room]
    items = room.groups if group else room.squares
    return f"{room_ref(i)}.{items[k].id}" if 0 <= k < len(items) else f"{room_ref(i)}.?{k}"


def dealt_card(game: IceFortress, move: Dealt) -> InvaderCard | Character:
    """The card a deal gives."""
    cards = game.cards
    if move.kind == INVADER_CARD:
        return cards.invaders[move.card]
    pools = {NAME: cards.names, ABILITY: cards.abilities, CLASS: cards.classes}
    return pools[move.kind][move.card]


def choice_text(game: IceFortress, state: State, target: tuple[int, ...]) -> str:
    """An effect's choice, as its effect reads it."""
    step = state.todo[0] if state.todo else None
    rooms = game.cards.rooms
    if isinstance(step, KeepOne):
        return rooms[target[0]].id
    name = step.effect.name if isinstance(step, Do) else ""
    params = step.effect.kwargs() if isinstance(step, Do) else {}
    try:
        if name in ("draw_room", "look_rooms"):
            return f"{SIZES[target[0]]} deck"
        if name == "search_room":
            return rooms[target[1]].id
        if name in ("repel", "crystallize"):
            scope = params.get("scope", "one")
            if scope == "one":
                return square_ref(game, state, target[0], target[1], bool(target[2]))
            return room_ref(target[0]) if scope == "room" else ELEMENTS[target[0]]
        if name == "destroy_pillar":
            return square_ref(game, state, target[0], target[1])
        if name == "destroy_room":
            return rooms[target[0]].id if params.get("where", "supply") == "supply" else room_ref(target[0])
        if name == "neutralize":
            return ELEMENTS[target[0]]
        if name in ("adjust_die", "set_die"):
            return f"{target[0]} to {target[1]}"
        if name == "reroll":
            return "stop" if target[0] == 0 else str(target[0])
    except (IndexError, TypeError):
        pass
    return ",".join(str(t) for t in target)


def move_text(game: IceFortress, state: State, move: Move) -> str:
    cards = game.cards
    if isinstance(move, Place):
        return f"{move.value} on {square_ref(game, state, move.room, move.square)}"
    if isinstance(move, BuildRoom):
        where = f"F{move.slot + 1}" if move.parent == -1 else square_ref(game, state, move.parent, move.slot, True)
        return f"build {cards.rooms[move.room].id} on {where}"
    if isinstance(move, Use):
        paid = [str(d) for d in move.dice] + [ELEMENTS[e] for e in move.shards]
        return f"use {move.power}" + (f" with {' '.join(paid)}" if paid else "")
    if isinstance(move, Choose):
        return f"choose {choice_text(game, state, move.target)}"
    if isinstance(move, EndBuilding):
        return "end building"
    if isinstance(move, Land):
        return f"land {square_ref(game, state, move.room, move.at, move.group)}"
    if isinstance(move, Flood):
        return f"flood {cards.rooms[move.room].id}"
    if isinstance(move, DiscardRoom):
        return f"discard {cards.rooms[move.room].id}"
    if isinstance(move, DiscardShard):
        return f"discard {ELEMENTS[move.element]} shard"
    if isinstance(move, Keep):
        return f"keep {cards.abilities[move.a].id} {cards.abilities[move.b].id}"
    if isinstance(move, Rolled):
        return f"roll {move.value}"
    if isinstance(move, RoomDrawn):
        return f"room {cards.rooms[move.room].id}"
    if isinstance(move, Pulled):
        return f"invader {ELEMENTS[move.element]}"
    if isinstance(move, ShardDrawn):
        return f"shard {ELEMENTS[move.element]}"
    if isinstance(move, Begins):
        return f"hero {move.hero + 1} begins"
    if isinstance(move, Dealt):
        card = dealt_card(game, move)
        return f"deal {card.id}" if move.kind == INVADER_CARD else f"deal {card.id} to hero {move.to + 1}"
    raise ValueError(f"{quoted(move)} is not an Ice Fortress move")


def room_title(room: Room) -> str:
    """A room card's name as a player reads it: "Jumbo earth 1" for `jumbo-earth-1`."""
    return room.id.replace("-", " ").capitalize()


def power_titles(game: IceFortress, state: State, hero: int) -> dict[str, str]:
    """The name a character's power goes by: its card's title, numbered where a card has two
    ("Patient 2"), and a lit beacon's "Fire beacon"."""
    cards, h = game.cards, state.heroes[hero]
    held = [cards.abilities[a] for a in h.abilities if a != NONE]
    if h.name != NONE:
        held.insert(0, cards.names[h.name])
    if h.klass != NONE:
        held.append(cards.classes[h.klass])
    out: dict[str, str] = {}
    for card in held:
        powers = list(card.powers) + list(card.advanced[1] if card.advanced else ())
        for n, p in enumerate(powers):
            out.setdefault(p.id, card.title if n == 0 else f"{card.title} {n + 1}")
    for e in range(4):
        if state.invader_cards[e] != NONE:
            out.setdefault(cards.invaders[state.invader_cards[e]].ability.id, f"{ELEMENTS[e].capitalize()} beacon")
    for p in rules.hero_powers(game, state, hero):
        out.setdefault(p.id, p.id)
    return out


def move_label(game: IceFortress, state: State, move: Move) -> str:
    """What a move's button says: the cards by the names the board shows them under (the text
    names them by id): "keep Fierce and Cunning", "use Patient 2 with 4", "choose Large water 1"."""
    if isinstance(move, Keep):
        abilities = game.cards.abilities
        return f"keep {abilities[move.a].title} and {abilities[move.b].title}"
    if isinstance(move, Choose) and (said := choice_words(state, move.target)) is not None:
        return said
    words = move_text(game, state, move).split(" ")
    if isinstance(move, Use):
        words[1] = power_titles(game, state, state.current).get(move.power, move.power)
    titles = {r.id: room_title(r) for r in game.cards.rooms}
    return " ".join(titles.get(w, w) for w in words)


def choice_words(state: State, target: tuple[int, ...]) -> str | None:
    """An effect's choice of dice, a deck or an element as a player says it ("roll a 2 again");
    None for a choice of a room or a square, which its text names as the board labels it."""
    step = state.todo[0] if state.todo else None
    if not isinstance(step, Do):
        return None
    name = step.effect.name
    try:
        if name == "reroll":
            return "stop rolling again" if target[0] == 0 else f"roll a {target[0]} again"
        if name in ("adjust_die", "set_die"):
            return f"turn a {target[0]} into a {target[1]}"
        if name in ("draw_room", "look_rooms"):
            return f"the {SIZES[target[0]]} rooms' deck"
        if name == "neutralize":
            return f"the {ELEMENTS[target[0]]} element"
    except (IndexError, TypeError):
        pass
    return None


_REF = re.compile(r"R(\d{1,3})\.(\S+)")


def parse_move(game: IceFortress, state: State, text: str) -> Move:
    """Read a move (the acting seat is the one to act here)."""
    t = " ".join(text.split())
    seat = 0
    if state.todo and not state.ended:
        seat = max(script.actor(game, state), 0)
    if t.startswith("choose ") or t == "end building":
        for move in script.moves(game, state):
            if move_text(game, state, move) == t:
                return move
        if t == "end building":
            return EndBuilding(seat)
        ints = t[7:].split(",")
        if all(re.fullmatch(r"-?\d{1,4}", s) for s in ints):
            return Choose(seat, tuple(int(s) for s in ints))
        raise InvalidMoveText(f"{quoted(text)} is none of the choices here")
    cards = game.cards
    room_ids = {r.id: i for i, r in enumerate(cards.rooms)}
    if m := re.fullmatch(r"([1-6]) on " + _REF.pattern, t):
        i, k = _square(game, state, m.group(2), m.group(3), text, group=False)
        return Place(seat, int(m.group(1)), i, k)
    if m := re.fullmatch(r"build (\S+) on (F(\d{1,2})|" + _REF.pattern + ")", t):
        room = _lookup(room_ids, m.group(1), "room", text)
        if m.group(3):
            return BuildRoom(seat, room, -1, int(m.group(3)) - 1)
        i, g = _square(game, state, m.group(4), m.group(5), text, group=True)
        return BuildRoom(seat, room, i, g)
    if m := re.fullmatch(r"use (\S+)(?: with (.+))?", t):
        dice, shards = [], []
        for word in (m.group(2) or "").split():
            if word.isdigit():
                dice.append(int(word))
            elif word in ELEMENTS:
                shards.append(ELEMENTS.index(word))
            else:
                raise InvalidMoveText(f"{quoted(text)}: pay with dice (3) and shards (fire), not {quoted(word)}")
        if m.group(1) not in cards.powers:
            raise InvalidMoveText(f"{quoted(text)}: there is no power {quoted(m.group(1))}")
        return Use(seat, m.group(1), tuple(dice), tuple(sorted(shards)))
    if m := re.fullmatch(r"land " + _REF.pattern, t):
        for group in (False, True):
            try:
                i, k = _square(game, state, m.group(1), m.group(2), text, group=group)
                return Land(seat, i, k, group)
            except InvalidMoveText:
                continue
        raise InvalidMoveText(f"{quoted(text)}: no square or group {quoted(m.group(0)[5:])}")
    if m := re.fullmatch(r"(flood|discard) (\S+)", t):
        return (Flood if m.group(1) == "flood" else DiscardRoom)(seat, _lookup(room_ids, m.group(2), "room", text))
    if m := re.fullmatch(r"discard (\w+) shard", t):
        return DiscardShard(seat, _lookup({e: i for i, e in enumerate(ELEMENTS)}, m.group(1), "element", text))
    if m := re.fullmatch(r"keep (\S+) (\S+)", t):
        ids = {c.id: i for i, c in enumerate(cards.abilities)}
        return Keep(seat, _lookup(ids, m.group(1), "ability", text), _lookup(ids, m.group(2), "ability", text))
    return parse_chance(game, state, t, text)


def chance_from_values(game: IceFortress, state: State, values: list[Any]) -> Move:
    """The chance event due that a value set by hand names: a die's face (5), a room's or a card's
    id, an element ("fire")."""
    if len(values) != 1:
        raise IllegalMove("set one chance event at a time: a die's face, or what is drawn")
    value = values[0]
    for move in script.moves(game, state):
        if isinstance(move, Rolled) and value == move.value:
            return move
        if isinstance(value, str) and value.strip().lower() in chance_names(game, move):
            return move
    raise IllegalMove(f"{quoted(value)} cannot come up here: {game.status(state)}")


def chance_names(game: IceFortress, move: Move) -> set[str]:
    """What a chance event may be named when it is set by hand."""
    if isinstance(move, RoomDrawn):
        return {game.cards.rooms[move.room].id}
    if isinstance(move, Pulled | ShardDrawn):
        return {ELEMENTS[move.element]}
    if isinstance(move, Dealt):
        return {dealt_card(game, move).id}
    if isinstance(move, Begins):
        return {f"hero {move.hero + 1}"}
    return set()


def parse_chance(game: IceFortress, state: State, t: str, text: str) -> Move:
    cards = game.cards
    if m := re.fullmatch(r"roll (\d)", t):
        return Rolled(int(m.group(1)))
    if m := re.fullmatch(r"room (\S+)", t):
        room = _lookup({r.id: i for i, r in enumerate(cards.rooms)}, m.group(1), "room", text)
        return RoomDrawn(cards.rooms[room].size, room)
    if m := re.fullmatch(r"(invader|shard) (\w+)", t):
        e = _lookup({e: i for i, e in enumerate(ELEMENTS)}, m.group(2), "element", text)
        return Pulled(e) if m.group(1) == "invader" else ShardDrawn(e)
    if m := re.fullmatch(r"hero (\d) begins", t):
        return Begins(int(m.group(1)) - 1)
    if m := re.fullmatch(r"deal (\S+)(?: to hero (\d))?", t):
        if m.group(2) is None:
            ids = {c.id: i for i, c in enumerate(cards.invaders)}
            card = _lookup(ids, m.group(1), "invader card", text)
            return Dealt(INVADER_CARD, cards.invaders[card].element, card)
        hero = int(m.group(2)) - 1
        for kind, pool in ((NAME, cards.names), (ABILITY, cards.abilities), (CLASS, cards.classes)):
            ids = {c.id: i for i, c in enumerate(pool)}
            if m.group(1) in ids:
                return Dealt(kind, hero, ids[m.group(1)])
        raise InvalidMoveText(f"{quoted(text)}: {quoted(m.group(1))} is no character card")
    raise InvalidMoveText(
        f"cannot read {quoted(text)}: write '5 on R2.b', 'build <room> on R1.g1' or 'on F1', 'use <power> with 3 fire', "
        "'choose ...', 'end building', 'land R2.b', 'flood <room>', 'discard <room>', 'keep <ability> <ability>'")


def _lookup(table: dict[str, int], word: str, what: str, text: str) -> int:
    if word not in table:
        raise InvalidMoveText(f"{quoted(text)}: there is no {what} {quoted(word)}")
    return table[word]


def _square(game: IceFortress, state: State, number: str, item: str, text: str, group: bool) -> tuple[int, int]:
    i = int(number) - 1
    b = state.fortress[i] if 0 <= i < len(state.fortress) else None
    if b is None:
        raise InvalidMoveText(f"{quoted(text)}: there is no room R{number} in the fortress")
    room = game.cards.rooms[b.room]
    items = room.groups if group else room.squares
    ids = [x.id for x in items]
    if item not in ids:
        raise InvalidMoveText(f"{quoted(text)}: room R{number} ({room.id}) has no {'group' if group else 'square'} {quoted(item)}")
    return i, ids.index(item)

