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
from typing import TYPE_CHECKING

from ...core.errors import IllegalMove, InvalidMoveText, quoted
from ...core.game import Names, and_list
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


# -- the words a person reads: every room, card, square and character as the board draws it -----


def room_title(room: Room) -> str:
    """A room card's name as a player reads it: "Jumbo earth 1" for `jumbo-earth-1`."""
    return room.id.replace("-", " ").capitalize()


def invader_title(game: IceFortress, card: int) -> str:
    """An invader card's name: its element's beacon card, numbered among that element's cards
    ("Fire beacon card 1")."""
    cards = game.cards.invaders
    element = cards[card].element
    number = [c for c in range(len(cards)) if cards[c].element == element].index(card) + 1
    return f"{ELEMENTS[element].capitalize()} beacon card {number}"


def card_title(game: IceFortress, move: Dealt) -> str:
    """The name of the card a deal gives, as the board shows it."""
    card = dealt_card(game, move)
    return card.title if isinstance(card, Character) else invader_title(game, move.card)


def hero_title(game: IceFortress, state: State, hero: int) -> str:
    """A character as its cards name it: "Rose, the brave cunning Hunter" (the title of its
    cards on the board); "Character 2" before its name card is dealt."""
    cards, h = game.cards, state.heroes[hero]
    if h.name == NONE:
        return f"Character {hero + 1}"
    words = [cards.abilities[a].title.lower() for a in h.abilities if a != NONE][:2]
    if h.klass != NONE:
        words.append(cards.classes[h.klass].title)
    name = cards.names[h.name].title
    return f"{name}, the {' '.join(words)}" if words else name


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def drawn_squares(room: Room) -> list[int]:
    """A room's squares from left to right as its card is drawn: each group's squares together,
    where its first square is, and the loose squares in their order (as
    js/src/regions/fortress-plan.ts lays them out)."""
    order: list[int] = []
    for k in range(len(room.squares)):
        if k not in order:
            group = next((g for g in room.groups if k in g.squares), None)
            order += [k] if group is None else [q for q in group.squares if q not in order]
    return order


def drawn_groups(room: Room) -> list[int]:
    """A room's groups from left to right as its card is drawn."""
    order = drawn_squares(room)
    return sorted(range(len(room.groups)), key=lambda g: min((order.index(k) for k in room.groups[g].squares),
                                                              default=len(order) + g))


def square_words(called: str, room: Room, k: int) -> str:
    """Square `k` of a room called `called` ("R1", "Large water 2"), by its place on the card:
    "R1's 2nd square"."""
    return f"{called}'s {ordinal(drawn_squares(room).index(k) + 1)} square"


def group_words(called: str, room: Room, g: int) -> str:
    """Group `g` of a room called `called`, by its place on the card: "R1's group" where the room
    has one, else "R1's 2nd group"."""
    if len(room.groups) == 1:
        return f"{called}'s group"
    return f"{called}'s {ordinal(drawn_groups(room).index(g) + 1)} group"


def place_name(game: IceFortress, state: State, i: int, k: int, group: bool = False) -> str:
    """A square or group of built room `i` as the fortress draws it: "R2's 3rd square", "R1's 2nd
    group" (the room by the number on its card)."""
    b = state.fortress[i] if 0 <= i < len(state.fortress) else None
    room = game.cards.rooms[b.room] if b is not None else None
    if room is None or not 0 <= k < len(room.groups if group else room.squares):
        return f"{'group' if group else 'square'} {k + 1} of {room_ref(i)}"
    return group_words(room_ref(i), room, k) if group else square_words(room_ref(i), room, k)


def built_on(game: IceFortress, state: State, parent: int, slot: int) -> str:
    """Where a room is built: a foundation space as the board labels it ("F2"), or a group."""
    return f"F{slot + 1}" if parent == -1 else place_name(game, state, parent, slot, group=True)


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


def power_title(game: IceFortress, state: State, power: str) -> str:
    """A power of the character whose turn it is, by the name its card shows."""
    return power_titles(game, state, state.current).get(power, power)


def move_label(game: IceFortress, state: State, move: Move, names: Names = None) -> str:
    """A move in words: every room, card, square and character named as the board draws them
    (the text names them by id): "5 on R1's 2nd square", "build Large water 2 on R1's group",
    "use Patient 2 with a 4", "keep Fierce and Cunning", "choose Large water 1", "Large white 3
    drawn", "Rose dealt to Character 1"."""
    rooms = game.cards.rooms
    if isinstance(move, Place):
        return f"{move.value} on {place_name(game, state, move.room, move.square)}"
    if isinstance(move, BuildRoom):
        return f"build {room_title(rooms[move.room])} on {built_on(game, state, move.parent, move.slot)}"
    if isinstance(move, Use):
        paid = [f"a {d}" for d in move.dice] + [f"a {ELEMENTS[e]} shard" for e in move.shards]
        return f"use {power_title(game, state, move.power)}" + (f" with {and_list(paid)}" if paid else "")
    if isinstance(move, Choose):
        return choice_words(game, state, move.target)
    if isinstance(move, Land):
        return f"land on {place_name(game, state, move.room, move.at, move.group)}"
    if isinstance(move, Flood | DiscardRoom):
        return f"{'flood' if isinstance(move, Flood) else 'discard'} {room_title(rooms[move.room])}"
    if isinstance(move, DiscardShard):
        return f"discard a {ELEMENTS[move.element]} shard"
    if isinstance(move, Keep):
        abilities = game.cards.abilities
        return f"keep {abilities[move.a].title} and {abilities[move.b].title}"
    return chance_words(game, state, move)


def chance_words(game: IceFortress, state: State, move: Move) -> str:
    """A chance event in words: "Large white 3 drawn", "a fire invader pulled", "Rose dealt to
    Character 1", "Fire beacon card 2 dealt"; a die as its text says it ("roll 5")."""
    if isinstance(move, RoomDrawn):
        return f"{room_title(game.cards.rooms[move.room])} drawn"
    if isinstance(move, Pulled | ShardDrawn):
        return f"a {ELEMENTS[move.element]} {'invader pulled' if isinstance(move, Pulled) else 'shard drawn'}"
    if isinstance(move, Begins):
        return f"{hero_title(game, state, move.hero)} plays first"
    if isinstance(move, Dealt):
        if move.kind == INVADER_CARD:
            return f"{card_title(game, move)} dealt"
        return f"{card_title(game, move)} dealt to {hero_title(game, state, move.to)}"
    return move_text(game, state, move)


def choice_words(game: IceFortress, state: State, target: tuple[int, ...]) -> str:
    """An effect's choice, or a room kept from a look, as a player says it: a room, square or
    group as the board draws it ("choose Large water 1", "choose R2's 3rd square"), dice as
    their faces ("roll a 2 again"), a deck or an element by name."""
    step = state.todo[0] if state.todo else None
    rooms = game.cards.rooms
    name = step.effect.name if isinstance(step, Do) else ""
    params = step.effect.kwargs() if isinstance(step, Do) else {}
    try:
        if isinstance(step, KeepOne):
            return f"choose {room_title(rooms[target[0]])}"
        if name == "reroll":
            return "stop rolling again" if target[0] == 0 else f"roll a {target[0]} again"
        if name in ("adjust_die", "set_die"):
            return f"turn a {target[0]} into a {target[1]}"
        if name in ("draw_room", "look_rooms"):
            return f"the {SIZES[target[0]]} rooms' deck"
        if name == "neutralize":
            return f"the {ELEMENTS[target[0]]} element"
        if name == "search_room":
            return f"choose {room_title(rooms[target[1]])}"
        if name in ("repel", "crystallize") and params.get("scope", "one") == "one":
            return f"choose {place_name(game, state, target[0], target[1], bool(target[2]))}"
        if name == "destroy_pillar":
            return f"choose {place_name(game, state, target[0], target[1])}"
        if name == "destroy_room" and params.get("where", "supply") == "supply":
            return f"choose {room_title(rooms[target[0]])}"
    except (IndexError, TypeError):
        pass
    return f"choose {choice_text(game, state, target)}"


_REF = re.compile(r"R(\d{1,3})\.(\S+)")


def parse_move(game: IceFortress, state: State, text: str) -> Move:
    """Read a move (the acting seat is the one to act here)."""
    if not isinstance(text, str):
        raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
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


def chance_from_values(game: IceFortress, state: State, values: list[object]) -> Move:
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

