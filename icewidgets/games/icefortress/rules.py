"""Ice Fortress (Tim Mierzejewski, Geek Fever Games): build a fortress of ice rooms on pillar
dice together, and light a beacon of each element before the invaders break the ice shield.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/icefortress.md
numbers the readings of the open points, R1 to R38, cited here; the variant's options are the
other readings):

1. Set-up. One Invader/Beacon card per element, invader side up (R4); a room deck per size (the
   rooms marked extra only with `rooms_112`, R1), the top card of each into the supply; each
   character is dealt a name, three abilities (keeps two) and a class (R5: solo plays two
   characters, dealt six abilities, keeping two each); all 40 figures in the bag; the difficulty
   d gives d shield cubes (R2). Every deal and draw is a chance move from what nobody has seen,
   so a record replays exactly.
2. A turn (R6), for each character in turn, from one drawn at random (`first_turn`):
   1. Roll the dice shown on your cards, one fewer per air invader in the fortress while air's
      harm is on, at most the unused dice (R7, R28).
   2. Build, as often as you can and want: a rolled die as a pillar on an open square that it
      fits (R10-R13: white squares by their constraint, black squares by their anchor's pillar
      and modifier); a supply room on a completed pillar group that carries its size, with no
      invader on the group or its pillars, or a jumbo room on a free foundation space (R14). A
      room with the ice crystal icon boosts the shield (R15). After each room, the beacon check:
      four rooms of one element stacked (R18); the first beacon of an element flips its card
      (its immediate effect, its ability for everyone, its harm off, +1 invader a turn) and the
      first of the game flips the name cards (R19, R20); the fourth element's wins at once (R21).
      Each power of your cards (and of flipped beacon cards) at most once, paying its cost from
      the rolled dice and the supply's shards (R9; effects in powers.py).
   3. Pull invaders: 2, plus 1 per flipped card, one at a time (R22). Each lands in the highest
      room of its element that has room for it, on an empty pillar before an open square, the
      current player choosing among equals (R23, R24); earth occupies a free pillar group (R25);
      with nowhere to land it attacks the shield: back to the bag, one cube lost (R29). Harms
      while on (R30): fire melts the pillar it lands on (R26), water floods a supply room (R27),
      air costs a die at every roll (R28).
   4. Clean-up: rolled and spent dice back to the unused dice, spent shards to the bag. After the
      round's last turn, the supply holds at most d rooms and d shards (R32, `supply_check`).
3. The end: all win with the fourth beacon; all lose when the shield reaches 0 (R29), or at
   once when a beacon can no longer be built (R36), no turn can change the table (R37) or the
   dice left can no longer fill the pillars the beacons need (R38).
   `max_turns` (off in play) stops a simulation's game, which then counts as lost.

The state's `todo` is the turn's script (core/script.py, as in Dectana): its first step is what
happens next, a decision of the current player, a chance event, or a step that runs by itself.
`script` below says, for each kind of step (steps.py), who decides it and the moves it allows, or
how it runs by itself, and for each kind of move (moves.py) what it does.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.game import and_list
from ...core.script import Script, push
from .cards import ELEMENTS, SIZES, CardSet, Effect, Power, Room, Square
from .effects import EFFECTS
from .moves import (
    AIR,
    EARTH,
    FIRE,
    JUMBO,
    NONE,
    WATER,
    Begins,
    BuildRoom,
    Built,
    Choose,
    Dealt,
    Deck,
    DiscardRoom,
    DiscardShard,
    EndBuilding,
    Flood,
    Hero,
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
from .steps import (
    ABILITY,
    CLASS,
    INVADER_CARD,
    NAME,
    Build,
    Choosing,
    Deal,
    Do,
    DrawRoom,
    Draws,
    DrawShard,
    EndTurn,
    FirstTurn,
    Flooding,
    KeepOne,
    Landing,
    Limit,
    Peek,
    Pull,
    Roll,
    StartTurn,
    Step,
)

if TYPE_CHECKING:
    from . import IceFortress
    from .variant import IceFortressVariant

BASE_PULL = 2
FACES = range(1, 7)

script: Script[IceFortress, State, Move] = Script()
"""The turn as a script of steps: who decides each kind of step and the moves it allows, or how
it runs by itself; what each kind of move does."""


def chance(game: IceFortress, state: State, step: object) -> int:
    """Chance decides the draws, deals and rolls."""
    return CHANCE


def current_player(game: IceFortress, state: State, step: object) -> int:
    """The seat of the character whose turn it is."""
    return game.seat_of(state.current)


def hero_player(game: IceFortress, state: State, step: Build | Do | Choosing) -> int:
    """The seat of the character the step is about."""
    return game.seat_of(step.hero)


# -- the table: small changes ---------------------------------------------------------------------


def put(items: tuple[int, ...], k: int, value: int) -> tuple[int, ...]:
    """The tuple with item k replaced (a square's die or invader, a group's invader, a count)."""
    return (*items[:k], value, *items[k + 1:])


def counts_add(counts: tuple[int, ...], i: int, n: int = 1) -> tuple[int, ...]:
    return put(counts, i, counts[i] + n)


def room_at(state: State, i: int) -> Built:
    """The fortress's room i, one that stands (a destroyed room's place holds None)."""
    b = state.fortress[i]
    assert b is not None
    return b


def set_room(state: State, i: int, b: Built | None) -> State:
    fortress = list(state.fortress)
    fortress[i] = b
    return state._replace(fortress=tuple(fortress))


def supply_add(state: State, room: int) -> State:
    return state._replace(supply=tuple(sorted((*state.supply, room))))


def supply_remove(state: State, room: int) -> State:
    supply = list(state.supply)
    supply.remove(room)
    return state._replace(supply=tuple(supply))


def with_deck(state: State, size: int, deck: Deck) -> State:
    decks = list(state.decks)
    decks[size] = deck
    return state._replace(decks=tuple(decks))


def to_bottom(game: IceFortress, state: State, room: int) -> State:
    """A destroyed room goes to the bottom of its deck."""
    size = game.cards.rooms[room].size
    d = state.decks[size]
    return with_deck(state, size, Deck(d.unseen, (*d.bottom, room)))


def again(state: State, step: Draws) -> State:
    """A chance step of n draws goes on with n - 1."""
    return state if step.n <= 1 else push(state, step._replace(n=step.n - 1))


# -- 1. Set-up ---------------------------------------------------------------------------------------


def rooms_in_play(cards: CardSet, v: IceFortressVariant) -> list[int]:
    """The room cards a game deals its decks from: the extra ones only with `rooms_112` (R1)."""
    return [i for i, r in enumerate(cards.rooms) if v.rooms_112 or not r.extra]


def seat_of(game: IceFortress, hero: int) -> int:
    """The seat that plays a character (R5: solo, one seat plays both)."""
    return hero % game.variant.players


def shield_after(game: IceFortress, cubes: int) -> int:
    """The shield's count, within `shield_cap` when there is one."""
    cap = game.variant.shield_cap
    return min(cubes, cap) if cap else cubes


def set_up(game: IceFortress) -> State:
    """The table before the first turn, and the set-up's script: the invader cards, a room of each
    size into the supply, the characters dealt, their abilities chosen."""
    v, cards = game.variant, game.cards
    heroes = v.characters
    in_play = rooms_in_play(cards, v)
    decks = tuple(Deck(tuple(i for i in in_play if cards.rooms[i].size == s), ()) for s in range(4))
    abilities = (*(Deal(ABILITY, 0) for _ in range(6)),) if v.players == 1 else tuple(
        Deal(ABILITY, h) for h in range(heroes) for _ in range(3))
    choosing = (Choosing(0, ()),) if v.players == 1 else tuple(Choosing(h, ()) for h in range(heroes))
    todo: tuple[Step, ...] = (
        *(Deal(INVADER_CARD, e) for e in range(4)), *(DrawRoom(s, 1) for s in range(4)),
        *(Deal(NAME, h) for h in range(heroes)), *abilities, *(Deal(CLASS, h) for h in range(heroes)),
        *choosing, FirstTurn() if v.first_turn == "random" else StartTurn(0))
    n = cards.board.figures_per_element
    return State(
        fortress=(), supply=(), shards=(0,) * 4, bag=(n,) * 4, decks=decks, unused_dice=cards.board.dice,
        rolled=(), spent_dice=0, spent_shards=(0,) * 4, shield=game.shield_after(game.difficulty),
        invader_cards=(NONE,) * 4, flipped=(False,) * 4, neutralized=(False,) * 4, names_flipped=False,
        heroes=tuple(Hero(NONE, (), NONE) for _ in range(heroes)), current=0, turns=0, used=(), todo=todo,
        ended="")


def before_first_turn(state: State) -> bool:
    """The set-up's deals and choices are still going on."""
    return any(type(step) in (FirstTurn, StartTurn) for step in state.todo)


@script.decision(FirstTurn, by=chance)
def first_turns(game: IceFortress, state: State, step: FirstTurn) -> Iterator[Begins]:
    """Any character may play first (R6; `first_turn` "first": the first dealt)."""
    return (Begins(h) for h in range(len(state.heroes)))


@script.does(Begins)
def begins(game: IceFortress, state: State, step: FirstTurn, move: Begins) -> State:
    return push(state._replace(current=move.hero), StartTurn(move.hero))


def deal_candidates(game: IceFortress, state: State, step: Deal) -> list[int]:
    """The cards a deal may give: an invader card of its element, or a character card of its kind
    nobody holds."""
    cards = game.cards
    if step.kind == INVADER_CARD:
        return [i for i, c in enumerate(cards.invaders) if c.element == step.to]
    if step.kind == NAME:
        taken = {h.name for h in state.heroes}
        return [i for i in range(len(cards.names)) if i not in taken]
    if step.kind == ABILITY:
        taken = {a for h in state.heroes for a in h.abilities}
        return [i for i in range(len(cards.abilities)) if i not in taken]
    taken = {h.klass for h in state.heroes}
    return [i for i in range(len(cards.classes)) if i not in taken]


@script.decision(Deal, by=chance)
def deals(game: IceFortress, state: State, step: Deal) -> Iterator[Dealt]:
    return (Dealt(step.kind, step.to, c) for c in deal_candidates(game, state, step))


@script.does(Dealt)
def dealt(game: IceFortress, state: State, step: Deal, move: Dealt) -> State:
    if move.kind == INVADER_CARD:
        cards = list(state.invader_cards)
        cards[move.to] = move.card
        return state._replace(invader_cards=tuple(cards))
    heroes = list(state.heroes)
    h = heroes[move.to]
    if move.kind == NAME:
        h = h._replace(name=move.card)
    elif move.kind == ABILITY:
        h = h._replace(abilities=(*h.abilities, move.card))
    else:
        h = h._replace(klass=move.card)
    heroes[move.to] = h
    return state._replace(heroes=tuple(heroes))


def choosing_pool(state: State, step: Choosing) -> tuple[int, ...]:
    """The abilities a character keeps two of: those dealt to it (solo: the second character
    chooses from what the first left)."""
    return step.pool or state.heroes[step.hero].abilities


@script.decision(Choosing, by=hero_player)
def keeps(game: IceFortress, state: State, step: Choosing) -> Iterator[Keep]:
    seat = game.seat_of(step.hero)
    pool = choosing_pool(state, step)
    return (Keep(seat, a, b) for a, b in itertools.combinations(sorted(set(pool)), 2))


@script.does(Keep)
def keep(game: IceFortress, state: State, step: Choosing, move: Keep) -> State:
    """A character keeps two abilities (solo: the first keeps two of six, then the second two of
    the remaining four; the last two are discarded)."""
    pool = list(choosing_pool(state, step))
    heroes = list(state.heroes)
    heroes[step.hero] = heroes[step.hero]._replace(abilities=(move.a, move.b))
    state = state._replace(heroes=tuple(heroes))
    if game.variant.players == 1 and step.hero == 0:
        pool.remove(move.a)
        pool.remove(move.b)
        return push(state, Choosing(1, tuple(pool)))
    return state


# -- 2.1 A turn begins: the roll ---------------------------------------------------------------------


@script.runs(StartTurn)
def start_turn(game: IceFortress, state: State, step: StartTurn) -> State:
    """Step 1: roll, unless the game can no longer be won or no turn can change the table."""
    state = state._replace(current=step.hero, used=())
    why = lost_cause(game, state) if game.variant.lost_causes == "end" else ""
    if why:
        return state._replace(todo=(), ended=f"lost: {why}")
    return push(state, Roll(game.dice_to_roll(state, step.hero)), Build(step.hero))


def hero_dice(game: IceFortress, state: State, hero: int) -> int:
    """The dice shown on a character's cards (the name card's advanced side once names flipped)."""
    cards, h = game.cards, state.heroes[hero]
    n = 0
    if h.name != NONE:
        name = cards.names[h.name]
        n += name.advanced[0] if state.names_flipped and name.advanced else name.dice
    n += sum(cards.abilities[a].dice for a in h.abilities)
    if h.klass != NONE:
        n += cards.classes[h.klass].dice
    return n


def dice_to_roll(game: IceFortress, state: State, hero: int) -> int:
    """Step 1: the dice on your cards, one fewer per air invader while air's harm is on, at most
    the unused dice (R7, R28)."""
    n = hero_dice(game, state, hero)
    if harm_on(state, AIR):
        n -= invaders_in(state, AIR)
    return max(0, min(n, state.unused_dice))


@script.decision(Roll, by=chance)
def rolls(game: IceFortress, state: State, step: Roll) -> Iterator[Rolled]:
    return (Rolled(f) for f in FACES)


@script.runs(Roll)
def roll_due(game: IceFortress, state: State, step: Roll) -> State | None:
    """No die to roll, or none unused: nothing is rolled."""
    return state if step.n <= 0 or not state.unused_dice else None


@script.does(Rolled)
def rolled(game: IceFortress, state: State, step: Roll, move: Rolled) -> State:
    state = state._replace(unused_dice=state.unused_dice - 1, rolled=tuple(sorted((*state.rolled, move.value))))
    return again(state, step)


# -- 2.2 Building: pillars --------------------------------------------------------------------------


def link_value(op: str, n: int, anchor: int, halve_down: bool) -> int | None:
    """The value a black square needs, given its anchor's pillar (None: no die can meet it)."""
    if op == "+":
        v = anchor + n
    elif op == "-":
        v = anchor - n
    elif op == "x":
        v = anchor * n
    else:
        if anchor % n and not halve_down:
            return None
        v = anchor // n
    return v if 1 <= v <= 6 else None


def fits(game: IceFortress, square: Square, dice: tuple[int, ...], value: int) -> bool:
    """Whether a die fits a square now: a white square by its own constraint, a black one by the
    pillar on its anchor (which must stand now) and its modifier (R11, R12)."""
    if square.kind != "link":
        return square.lo <= value <= square.hi
    anchor = dice[square.link]
    return bool(anchor) and link_value(square.op, square.n, anchor, game.variant.halve_rounds_down) == value


def covered_squares(cards: CardSet, fortress: tuple[Built | None, ...], i: int) -> set[int]:
    """The squares of room i that a room built on one of its groups covers."""
    b = fortress[i]
    assert b is not None
    room = cards.rooms[b.room]
    out: set[int] = set()
    for x in fortress:
        if x is not None and x.parent == i:
            out.update(room.groups[x.slot].squares)
    return out


def carried(fortress: tuple[Built | None, ...], i: int) -> dict[int, int]:
    """The rooms built on room i's groups: group index -> fortress index."""
    return {b.slot: j for j, b in enumerate(fortress) if b is not None and b.parent == i}


def topmost(fortress: tuple[Built | None, ...]) -> dict[int, Built]:
    """The built rooms with no room on them, by fortress index: the only ones a power may destroy
    (R17)."""
    below = {b.parent for b in fortress if b is not None}
    return {i: b for i, b in enumerate(fortress) if b is not None and i not in below}


def open_square(b: Built, covered: set[int], k: int) -> bool:
    """A square with no die, no invader, not under a room (R10)."""
    return not b.dice[k] and b.invaders[k] == NONE and k not in covered


def placements(game: IceFortress, state: State, seat: int) -> Iterator[Place]:
    """A rolled die on an open square it fits (R11-R13)."""
    if not state.rolled:
        return
    cards = game.cards
    values = sorted(set(state.rolled))
    for i, b in enumerate(state.fortress):
        if b is None:
            continue
        room = cards.rooms[b.room]
        covered = covered_squares(cards, state.fortress, i)
        for k, square in enumerate(room.squares):
            if open_square(b, covered, k):
                for value in values:
                    if game.fits(square, b.dice, value):
                        yield Place(seat, value, i, k)


@script.does(Place)
def place(game: IceFortress, state: State, step: Build, move: Place) -> State:
    rolled = list(state.rolled)
    rolled.remove(move.value)
    b = room_at(state, move.room)
    b = b._replace(dice=put(b.dice, move.square, move.value))
    return push(set_room(state._replace(rolled=tuple(rolled)), move.room, b), step)


# -- 2.2 Building: rooms and beacons ------------------------------------------------------------------


def group_ready(room: Room, b: Built, g: int) -> bool:
    """Every square of the group holds a pillar, none has an invader, no earth invader on the
    group (R14)."""
    return b.occupiers[g] == NONE and all(b.dice[k] and b.invaders[k] == NONE for k in room.groups[g].squares)


def free_spaces(game: IceFortress, state: State) -> list[int]:
    """The foundation spaces no jumbo room stands on."""
    used = {b.slot for b in state.fortress if b is not None and b.parent == -1}
    return [s for s in range(game.foundation_spaces) if s not in used]


def room_builds(game: IceFortress, state: State, seat: int) -> Iterator[BuildRoom]:
    """A supply room on a completed group that carries its size, or a jumbo on a free space (R14)."""
    if not state.supply:
        return
    cards = game.cards
    by_size: dict[int, list[int]] = {}
    for r in sorted(set(state.supply)):
        by_size.setdefault(cards.rooms[r].size, []).append(r)
    spaces = free_spaces(game, state)
    for r in by_size.get(JUMBO, []):
        for s in spaces:
            yield BuildRoom(seat, r, -1, s)
    for i, b in enumerate(state.fortress):
        if b is None:
            continue
        room = cards.rooms[b.room]
        on = carried(state.fortress, i)
        for g, group in enumerate(room.groups):
            if g not in on and group.carries in by_size and group_ready(room, b, g):
                for r in by_size[group.carries]:
                    yield BuildRoom(seat, r, i, g)


def new_built(cards: CardSet, room: int, parent: int, slot: int, level: int) -> Built:
    r = cards.rooms[room]
    return Built(room, parent, slot, level, (0,) * len(r.squares), (NONE,) * len(r.squares), (NONE,) * len(r.groups))


@script.does(BuildRoom)
def build_room(game: IceFortress, state: State, step: Build, move: BuildRoom) -> State:
    """The room goes up; the ice crystal boosts the shield; then the beacon check (R15, R18-R21)."""
    cards = game.cards
    level = 1 if move.parent == -1 else room_at(state, move.parent).level + 1
    state = supply_remove(state, move.room)
    state = state._replace(fortress=(*state.fortress, new_built(cards, move.room, move.parent, move.slot, level)))
    room = cards.rooms[move.room]
    if room.ice:
        state = state._replace(shield=game.shield_after(state.shield + 1))
    state = push(state, step)
    e = room.element
    if e is None or state.flipped[e] or not game.is_beacon(state, len(state.fortress) - 1):
        return ended_if_dead(game, state)
    flipped = list(state.flipped)
    flipped[e] = True
    state = state._replace(flipped=tuple(flipped), names_flipped=True)
    if all(flipped):
        return state._replace(ended="won")
    card = cards.invaders[state.invader_cards[e]]
    return ended_if_dead(game, push(state, *(Do(step.hero, eff) for eff in card.immediately)))


def beacon_height(cards: CardSet, fortress: tuple[Built | None, ...], i: int) -> int:
    """The unbroken run of rooms of room i's element from it down (R18)."""
    b = fortress[i]
    assert b is not None
    element = cards.rooms[b.room].element
    if element is None:
        return 0
    n = 0
    while i >= 0:
        x = fortress[i]
        if x is None or cards.rooms[x.room].element != element:
            break
        n += 1
        i = x.parent
    return n


def is_beacon(game: IceFortress, state: State, room: int) -> bool:
    """Four rooms of one element stacked, the room built on top (R18)."""
    return beacon_height(game.cards, state.fortress, room) >= 4


# -- 3. The end: a beacon that can no longer be built -------------------------------------------------


def team_effects(game: IceFortress, state: State) -> list[Effect]:
    """The effects of every power the team holds or may gain: either side of its name cards, its
    abilities and classes, the dealt beacon cards' abilities, and the immediate effects of those
    not yet turned."""
    cards = game.cards
    powers: list[Power] = []
    for h in state.heroes:
        if h.name != NONE:
            name = cards.names[h.name]
            powers += [*name.powers, *(name.advanced[1] if name.advanced else ())]
        powers += [p for a in h.abilities for p in cards.abilities[a].powers]
        if h.klass != NONE:
            powers += list(cards.classes[h.klass].powers)
    effects = [e for p in powers for e in p.effects]
    for e, c in enumerate(state.invader_cards):
        if c != NONE:
            effects += cards.invaders[c].ability.effects
            if not state.flipped[e]:
                effects += cards.invaders[c].immediately
    return effects


def wrecks(effect: Effect) -> bool:
    """Whether an effect destroys a room of the fortress."""
    return effect.name == "destroy_room" and effect.kwargs().get("where") == "fortress"


def wrecked_sizes(effects: list[Effect]) -> set[str]:
    """The sizes of fortress room these effects (the team's) destroy ("any" for every size)."""
    return {e.kwargs().get("size", "any") for e in effects if wrecks(e)}


_KINDS: dict[tuple[int, bool], tuple[CardSet, dict[tuple[int | None, int], tuple[int, ...]]]] = {}


def rooms_of_kind(game: IceFortress, element: int, size: int) -> tuple[int, ...]:
    """The room cards in play of this element and size (by the card set's identity: they are
    asked for at every room built)."""
    cards, extra = game.cards, game.variant.rooms_112
    found = _KINDS.get((id(cards), extra))
    if found is None or found[0] is not cards:
        kinds: dict[tuple[int | None, int], list[int]] = {}
        for i in rooms_in_play(cards, game.variant):
            kinds.setdefault((cards.rooms[i].element, cards.rooms[i].size), []).append(i)
        found = _KINDS[id(cards), extra] = (cards, {k: tuple(v) for k, v in kinds.items()})
    return found[1].get((element, size), ())


def fetches(effect: Effect, size: int) -> bool:
    """Whether an effect can bring a room of this size from its deck into the supply: a draw or a
    search or a look at that size's deck or at the deck of the player's choice (R34)."""
    return effect.name in ("draw_room", "search_room", "look_rooms") and effect.kwargs().get("size", "any") in ("any", SIZES[size])


def fetched_sizes(effects: list[Effect]) -> frozenset[int]:
    """The sizes of room these effects (the team's) bring from the decks."""
    return frozenset(size for size in range(len(SIZES)) if any(fetches(e, size) for e in effects))


def beacon_room_left(game: IceFortress, state: State, element: int, size: int, fetched: frozenset[int]) -> bool:
    """A room of this element and size is still to come: in the supply, or in its deck where a
    power the team holds or may gain can bring it from (`fetched`)."""
    kind = rooms_of_kind(game, element, size)
    if any(i in state.supply for i in kind):
        return True
    standing = {b.room for b in state.fortress if b is not None}
    return size in fetched and any(i not in standing for i in kind)


def can_top(game: IceFortress, state: State, i: int, element: int, fetched: frozenset[int]) -> bool:
    """Room i (of `element`, on an unbroken run of it from the foundation) can still carry the rest
    of the beacon: a free group and a room of the next size to come, or a room of the element on a
    group that can."""
    room = game.cards.rooms[room_at(state, i).room]
    on = carried(state.fortress, i)
    for g, group in enumerate(room.groups):
        if g not in on:
            if beacon_room_left(game, state, element, group.carries, fetched):
                return True
        elif game.cards.rooms[room_at(state, on[g]).room].element == element and (
                game.cards.rooms[room_at(state, on[g]).room].size == len(ELEMENTS) - 1
                or can_top(game, state, on[g], element, fetched)):
            return True
    return False


def jumbo_out_of_reach(game: IceFortress, state: State, fetched: frozenset[int]) -> str:
    """Why an element's beacon can never be built, whatever room a power destroys, or "" (R36): no
    jumbo room of it stands, none is in the supply, and no power brings one from its deck."""
    standing = {game.cards.rooms[b.room].element for b in state.fortress if b is not None and b.parent == -1}
    for e in range(len(ELEMENTS)):
        if not state.flipped[e] and e not in standing and not beacon_room_left(game, state, e, JUMBO, fetched):
            return (f"no beacon of {ELEMENTS[e]} can be built any more: it needs a jumbo room of {ELEMENTS[e]}, "
                    "none is in the supply, and no power the team holds or may gain brings one from its deck")
    return ""


def dead_end(game: IceFortress, state: State) -> str:
    """Why the game can no longer be won, or "" (R36): a beacon needs a jumbo of its element on
    the foundation and a room of each smaller size of it stacked above. A room still to come must
    be in the supply or in a deck a power of the team reaches, and without a power that destroys a
    room of the fortress, rooms stand for good. So an element is lost when no jumbo of it can still
    carry its beacon and no foundation space is free for a new one (or none of its jumbos can come),
    and the game when the elements needing a space outnumber the free spaces. Powers that destroy
    jumbo rooms only may free the space of a jumbo with nothing on it that is not its element's
    only one able to carry the beacon."""
    if state.ended:
        return ""
    effects = team_effects(game, state)
    fetched = fetched_sizes(effects)
    why = jumbo_out_of_reach(game, state, fetched)
    wrecked = wrecked_sizes(effects)
    if why or wrecked - {SIZES[JUMBO]}:  # a power that wrecks rooms of other sizes: any room may go in time
        return why
    cards = game.cards
    homeless: list[int] = []
    needed: set[int] = set()  # the only jumbo room of an element that can carry its beacon
    for e in range(len(ELEMENTS)):
        if state.flipped[e]:
            continue
        bases = [i for i, b in enumerate(state.fortress)
                 if b is not None and b.parent == -1 and cards.rooms[b.room].element == e]
        carriers = [i for i in bases if can_top(game, state, i, e, fetched)]
        if len(carriers) == 1:
            needed |= set(carriers)
        if carriers:
            continue
        if not beacon_room_left(game, state, e, JUMBO, fetched):
            return f"no beacon of {ELEMENTS[e]} can be built any more: " + (
                f"no {ELEMENTS[e]} jumbo room standing can carry it, and no power the team holds or may gain "
                "brings another from its deck" if beacon_room_left(game, state, e, JUMBO, frozenset({JUMBO}))
                else f"every {ELEMENTS[e]} jumbo room stands, and none can carry it")
        homeless.append(e)
    spaces = len(free_spaces(game, state)) + (len(bare_jumbo_rooms(state) - needed) if wrecked else 0)
    if len(homeless) > spaces:
        free = {0: "no foundation space is free", 1: "only one foundation space is free"}.get(
            spaces, f"only {spaces} foundation spaces are free")
        stuck = ("every jumbo room there carries a room, which no power the team holds or may gain destroys, "
                 "or is the only one its element's beacon can stand on" if wrecked
                 else "no room of the fortress can be destroyed")
        if len(homeless) == 1:
            name = ELEMENTS[homeless[0]]
            return (f"no beacon of {name} can be built any more: it needs a jumbo room of {name} on the "
                    f"foundation, {free}, and {stuck}")
        names = and_list([ELEMENTS[e] for e in homeless])
        return (f"the beacons of {names} can no longer all be built: each needs a jumbo room of its element on "
                f"the foundation, {free}, and {stuck}")
    return ""


def bare_jumbo_rooms(state: State) -> set[int]:
    """The jumbo rooms on the foundation with no room on them: where the team's powers destroy
    jumbo rooms only, the only foundation spaces besides the free ones that may ever come free,
    since a room stands on another for good (R17); an element's only jumbo room that can carry its
    beacon frees none for another element."""
    return {i for i, b in topmost(state.fortress).items() if b.parent == -1}


def stalled(game: IceFortress, state: State) -> str:
    """Why the table can no longer change, or "" (R37): no invader left in the bag to pull, no
    character with a die to roll or anything to build or use but the end of building, and the
    supply within its limit. Every turn would then be the same, for ever."""
    if sum(state.bag) or over_limit(game, state):
        return ""
    for h in range(len(state.heroes)):
        if game.dice_to_roll(state, h):
            return ""
        turn = push(state._replace(current=h, used=(), rolled=()), Build(h))
        if any(not isinstance(m, EndBuilding) for m in script.moves(game, turn)):
            return ""
    return ("stalled: no invader is left in the bag, no character has a die to roll or anything to build or use, "
            "so no turn can change the table any more")


def dice_come_back(game: IceFortress, state: State) -> bool:
    """Whether a pillar can still go back to the unused dice: fire does harm (it melts the pillars
    it lands on, R26), or a power the team holds or may gain destroys a pillar or a room of the
    fortress (R17, R34). Powers that destroy rooms of one size only give pillars back only from a
    room of that size with pillars and nothing on it: none of them lifts a room off another."""
    if harm_on(state, FIRE):
        return True
    effects = team_effects(game, state)
    if any(e.name == "destroy_pillar" for e in effects):
        return True
    sizes = wrecked_sizes(effects)
    if "any" in sizes or len(sizes) > 1:
        return True
    return any(SIZES[game.cards.rooms[b.room].size] in sizes and any(b.dice) for b in topmost(state.fortress).values())


_STILL_TO_COME: dict[tuple[int, bool], tuple[CardSet, tuple[tuple[int, ...], ...]]] = {}


def still_to_come(game: IceFortress) -> tuple[tuple[int, ...], ...]:
    """Per element and size, the fewest pillars under the rooms of that size and up when each
    stands on a room still to come: the smallest group of a room of the element that carries it
    (by the card set's identity, as `rooms_of_kind`)."""
    cards, extra = game.cards, game.variant.rooms_112
    found = _STILL_TO_COME.get((id(cards), extra))
    if found is None or found[0] is not cards:
        n = len(ELEMENTS)
        fewest = [[min((len(g.squares) for i in rooms_of_kind(game, e, size - 1)
                        for g in cards.rooms[i].groups if g.carries == size), default=1) if size else 0
                   for size in range(n)] for e in range(n)]
        table = tuple(tuple(sum(fewest[e][first:]) for first in range(n + 1)) for e in range(n))
        found = _STILL_TO_COME[id(cards), extra] = (cards, table)
    return found[1]


def pillars_to_light(game: IceFortress, state: State) -> tuple[int, ...]:
    """Per element, the fewest pillars still to place before its beacon can be built (R38): on
    the cheapest free group of a room of its run from the foundation, or of a new jumbo room, then
    on the smallest group of each room above it still to come."""
    rooms, fortress = game.cards.rooms, state.fortress
    n = len(ELEMENTS)
    tails = still_to_come(game)
    best = [tails[e][JUMBO + 1] for e in range(n)]  # a new jumbo room needs no pillar
    taken = {(b.parent, b.slot) for b in fortress if b is not None and b.parent >= 0}
    for i, b in enumerate(fortress):
        if b is None:
            continue
        room = rooms[b.room]
        e, size = room.element, room.size
        if e is None or size == n - 1 or beacon_height(game.cards, fortress, i) != size + 1:
            continue
        for g, group in enumerate(room.groups):
            if (i, g) not in taken and group.carries == size + 1:
                best[e] = min(best[e], sum(1 for k in group.squares if not b.dice[k]) + tails[e][size + 2])
    return tuple(best)


def dice_off_fortress(state: State) -> int:
    """The dice that are no pillar: unused, rolled this turn, or paid for a power (back at clean-up)."""
    return state.unused_dice + len(state.rolled) + state.spent_dice


def pillars_still_needed(game: IceFortress, state: State) -> int:
    """The fewest pillars still to place before every beacon still to light can be built (R38)."""
    return sum(n for n, lit in zip(pillars_to_light(game, state), state.flipped, strict=True) if not lit)


def out_of_dice(game: IceFortress, state: State) -> str:
    """Why the dice can no longer light the beacons, or "" (R38): every die that is no pillar is
    all the team will ever place (no pillar can come back), and the beacons still to light need
    more pillars than that."""
    dice, needed = dice_off_fortress(state), pillars_still_needed(game, state)
    if state.ended or needed <= dice or dice_come_back(game, state):
        return ""
    unlit = [e for e in range(len(ELEMENTS)) if not state.flipped[e]]
    names = and_list([ELEMENTS[e] for e in unlit])
    beacons = "the beacon of" if len(unlit) == 1 else "the beacons of"
    need = "needs" if len(unlit) == 1 else "need"
    return (f"out of dice: {beacons} {names} {need} at least {needed} more pillar{'' if needed == 1 else 's'}, only {dice} "
            f"{'die is' if dice == 1 else 'dice are'} left to place, and no pillar can come back "
            "(fire does no harm, and no power destroys a pillar or a room of the fortress holding pillars)")


def lost_cause(game: IceFortress, state: State) -> str:
    """Why the game can no longer be won (R36, R38) or change (R37), or ""."""
    return dead_end(game, state) or out_of_dice(game, state) or stalled(game, state)


def ended_if_dead(game: IceFortress, state: State) -> State:
    """The game is lost, named so, once it can no longer be won (unless play goes on regardless)."""
    why = dead_end(game, state) if game.variant.lost_causes == "end" else ""
    return state._replace(ended=f"lost: {why}") if why else state


# -- 2.2 Building: powers -----------------------------------------------------------------------------


def hero_powers(game: IceFortress, state: State, hero: int) -> list[Power]:
    """The powers a character may use: its cards' (the name card's advanced side once the names
    have flipped) and every flipped beacon card's ability."""
    cards, h = game.cards, state.heroes[hero]
    out: list[Power] = []
    if h.name != NONE:
        name = cards.names[h.name]
        out += list(name.advanced[1]) if state.names_flipped and name.advanced else list(name.powers)
    for a in h.abilities:
        out += list(cards.abilities[a].powers)
    if h.klass != NONE:
        out += list(cards.classes[h.klass].powers)
    for e in range(4):
        if state.flipped[e] and state.invader_cards[e] != NONE:
            out.append(cards.invaders[state.invader_cards[e]].ability)
    return out


def payments(state: State, power: Power) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to pay a power's cost from the rolled dice and the supply's shards (R9)."""
    cost = power.cost
    if not cost.dice and not cost.shards:
        yield (), ()
        return
    dice_options: list[tuple[int, ...]]
    if len(cost.dice) <= 1:
        dice_options = [()] if not cost.dice else [(v,) for v in sorted(set(state.rolled))
                                                    if cost.dice[0][0] <= v <= cost.dice[0][1]]
    else:
        dice_options = sorted({combo for combo in itertools.permutations(state.rolled, len(cost.dice))
                               if all(lo <= v <= hi for v, (lo, hi) in zip(combo, cost.dice, strict=True))})
    if not dice_options:
        return
    shard_options: set[tuple[int, ...]] = set()
    slots = [range(4) if s is None else (s,) for s in cost.shards]
    for combo in itertools.product(*slots):
        if all(combo.count(e) <= state.shards[e] for e in set(combo)):
            shard_options.add(tuple(sorted(combo)))
    for d in dice_options:
        for s in sorted(shard_options):
            yield d, s


def power_uses(game: IceFortress, state: State, seat: int, hero: int) -> Iterator[Use]:
    """Each power not used this turn, paid every way it can be, where its first effect can act."""
    seen: set[str] = set()
    for power in hero_powers(game, state, hero):
        if power.id in state.used or power.id in seen:
            continue
        seen.add(power.id)
        first = Do(hero, power.effects[0]) if power.effects else None
        if first is not None and not can_act(game, state, first):
            continue
        for dice, shards in payments(state, power):
            # the cost may take what the effect needs (the only die a power would change)
            if first is not None and (dice or shards) and not can_act(game, pay(state, dice, shards), first):
                continue
            yield Use(seat, power.id, dice, shards)


@script.decision(Build, by=hero_player)
def build_moves(game: IceFortress, state: State, step: Build) -> Iterator[Move]:
    """Step 2: pillars, rooms and powers, as often as the player can and wants, then the end of
    building."""
    seat = game.seat_of(step.hero)
    yield from placements(game, state, seat)
    yield from room_builds(game, state, seat)
    yield from power_uses(game, state, seat, step.hero)
    yield EndBuilding(seat)


def pay(state: State, dice: tuple[int, ...], shards: tuple[int, ...]) -> State:
    """A power's cost moved onto its card: rolled dice and supply shards, spent until the turn ends."""
    rolled = list(state.rolled)
    for v in dice:
        rolled.remove(v)
    supply, spent = list(state.shards), list(state.spent_shards)
    for e in shards:
        supply[e] -= 1
        spent[e] += 1
    return state._replace(rolled=tuple(rolled), spent_dice=state.spent_dice + len(dice), shards=tuple(supply),
                          spent_shards=tuple(spent))


@script.does(Use)
def use(game: IceFortress, state: State, step: Build, move: Use) -> State:
    """A power: its cost paid (dice and shards stay on the card until the turn ends), then its
    effects, one after another."""
    power = game.cards.powers[move.power]
    state = pay(state, move.dice, move.shards)._replace(used=(*state.used, move.power))
    return push(state, *(Do(step.hero, eff) for eff in power.effects), step)


def listed_targets(game: IceFortress, state: State, step: Do) -> Iterable[Iterable[int]] | None:
    """An effect's choices as its `targets` lists them (None: nothing to choose)."""
    spec = EFFECTS[step.effect.name]
    return None if spec.targets is None else spec.targets(game, state, **step.effect.kwargs())


def effect_targets(game: IceFortress, state: State, step: Do) -> list[tuple[int, ...]] | None:
    """An effect's choices, each once (None: nothing to choose)."""
    targets = listed_targets(game, state, step)
    return None if targets is None else list(dict.fromkeys(tuple(t) for t in targets))


def can_act(game: IceFortress, state: State, step: Do) -> bool:
    """Whether an effect can act: it has nothing to choose, or some choice (the first found answers)."""
    targets = listed_targets(game, state, step)
    return targets is None or any(True for _ in targets)


def run_effect(game: IceFortress, state: State, step: Do, choice: tuple[int, ...] | None) -> State:
    """The state after an effect, given its choice (None: it has nothing to choose)."""
    return EFFECTS[step.effect.name].run(game, state, choice, **step.effect.kwargs())


@script.decision(Do, by=hero_player)
def effect_choices(game: IceFortress, state: State, step: Do) -> Iterator[Choose]:
    seat = game.seat_of(step.hero)
    return (Choose(seat, t) for t in effect_targets(game, state, step) or ())


@script.runs(Do)
def effect_due(game: IceFortress, state: State, step: Do) -> State | None:
    """An effect with nothing to choose happens at once; one with no choice left is lost."""
    targets = listed_targets(game, state, step)
    if targets is None:
        return run_effect(game, state, step, None)
    return None if any(True for _ in targets) else state


@script.does(Choose)
def choose(game: IceFortress, state: State, step: Do | KeepOne, move: Choose) -> State:
    if isinstance(step, KeepOne):
        return keep_one(game, state, step, move.target[0])
    return run_effect(game, state, step, move.target)


# -- what the powers draw -----------------------------------------------------------------------------


def deck_draws(deck: Deck) -> list[int]:
    """The cards the next draw from a deck may be: any unseen one, else the first at the bottom."""
    if deck.unseen:
        return sorted(set(deck.unseen))
    return list(deck.bottom[:1])


def room_draws(game: IceFortress, state: State, step: DrawRoom | Peek) -> Iterator[RoomDrawn]:
    return (RoomDrawn(step.size, r) for r in deck_draws(state.decks[step.size]))


script.decision(DrawRoom, by=chance)(room_draws)
script.decision(Peek, by=chance)(room_draws)


@script.runs(DrawRoom)
def draw_room_due(game: IceFortress, state: State, step: DrawRoom) -> State | None:
    """Nothing (more) to draw, or an empty deck: the draw ends."""
    return state if step.n <= 0 or not state.decks[step.size].size else None


@script.runs(Peek)
def peek_due(game: IceFortress, state: State, step: Peek) -> State | None:
    """Nothing more to look at, or an empty deck: one of the rooms seen is kept."""
    if step.n <= 0 or not state.decks[step.size].size:
        return push(state, KeepOne(step.size, step.seen)) if step.seen else state
    return None


@script.does(RoomDrawn)
def room_drawn(game: IceFortress, state: State, step: DrawRoom | Peek, move: RoomDrawn) -> State:
    deck = state.decks[move.size]
    if move.room in deck.unseen:
        unseen = list(deck.unseen)
        unseen.remove(move.room)
        deck = Deck(tuple(unseen), deck.bottom)
    else:
        deck = Deck(deck.unseen, deck.bottom[1:])
    state = with_deck(state, move.size, deck)
    if isinstance(step, Peek):
        seen = (*step.seen, move.room)
        return push(state, step._replace(n=step.n - 1, seen=seen) if step.n > 1 else KeepOne(step.size, seen))
    return again(supply_add(state, move.room), step)


@script.decision(KeepOne, by=current_player)
def rooms_to_keep(game: IceFortress, state: State, step: KeepOne) -> Iterator[Choose]:
    seat = game.seat_of(state.current)
    return (Choose(seat, (r,)) for r in sorted(set(step.seen)))


@script.runs(KeepOne)
def keep_one_due(game: IceFortress, state: State, step: KeepOne) -> State | None:
    """One room seen (or copies of one): it is kept without asking."""
    return keep_one(game, state, step, step.seen[0]) if len(set(step.seen)) == 1 else None


def keep_one(game: IceFortress, state: State, step: KeepOne, room: int) -> State:
    """The room kept goes to the supply, the others seen to the bottom of their deck."""
    others = list(step.seen)
    others.remove(room)
    deck = state.decks[step.size]
    state = with_deck(state, step.size, Deck(deck.unseen, (*deck.bottom, *others)))
    return supply_add(state, room)


@script.decision(DrawShard, by=chance)
def shard_draws(game: IceFortress, state: State, step: DrawShard) -> Iterator[ShardDrawn]:
    return (ShardDrawn(e) for e in range(4) if state.bag[e])


@script.runs(DrawShard)
def draw_shard_due(game: IceFortress, state: State, step: DrawShard) -> State | None:
    return state if step.n <= 0 or not sum(state.bag) else None


@script.does(ShardDrawn)
def shard_drawn(game: IceFortress, state: State, step: DrawShard, move: ShardDrawn) -> State:
    return again(state, step)._replace(bag=counts_add(state.bag, move.element, -1),
                                       shards=counts_add(state.shards, move.element))


# -- 2.3 Invaders -------------------------------------------------------------------------------------


def supply_limit_due(game: IceFortress, state: State) -> bool:
    """After the round's last turn (or every turn, `supply_check` "turn"): a round is one turn of
    every character, from the one who played first (`turns` counts the turns played before this)."""
    v = game.variant
    return v.supply_check == "turn" or (state.turns + 1) % v.characters == 0


@script.does(EndBuilding)
def end_building(game: IceFortress, state: State, step: Build, move: EndBuilding) -> State:
    """Step 3: the invaders come; then the supply limit where it is due, and the clean-up."""
    limit = (Limit(),) if supply_limit_due(game, state) else ()
    return push(state, Pull(game.invaders_to_pull(state)), *limit, EndTurn(step.hero))


def invaders_to_pull(game: IceFortress, state: State) -> int:
    """2 invaders, plus one per flipped beacon card (R22)."""
    return BASE_PULL + sum(state.flipped)


def harm_on(state: State, element: int) -> bool:
    """An element's invaders do harm until its beacon card flips or it is neutralized (R30)."""
    return not state.flipped[element] and not state.neutralized[element]


def invaders_in(state: State, element: int) -> int:
    return sum(b.invaders.count(element) + b.occupiers.count(element) for b in state.fortress if b is not None)


@script.decision(Pull, by=chance)
def pulls(game: IceFortress, state: State, step: Pull) -> Iterator[Pulled]:
    return (Pulled(e) for e in range(4) if state.bag[e])


@script.runs(Pull)
def pull_due(game: IceFortress, state: State, step: Pull) -> State | None:
    return state if step.n <= 0 or not sum(state.bag) else None


@script.does(Pulled)
def pulled(game: IceFortress, state: State, step: Pull, move: Pulled) -> State:
    """An invader from the bag: it lands (the current player choosing among equal places) or
    attacks the shield (R29: back to the bag, one cube lost; none left and the game is lost)."""
    element = move.element
    state = again(state, step)._replace(bag=counts_add(state.bag, element, -1))
    options = game.landing_options(state, element)
    if not options:
        shield = state.shield - 1
        state = state._replace(bag=counts_add(state.bag, element), shield=shield)
        return state._replace(ended="lost: the shield is broken") if shield <= 0 else state
    if len(options) == 1:
        return land(game, state, element, *options[0][:2], bool(options[0][2]))
    return push(state, Landing(element))


def invadable(game: IceFortress, state: State, i: int) -> tuple[list[int], list[int]]:
    """Room i's empty pillars and open squares where an invader may land (R23: squares under a
    room are safe; `strict_cover`: a room on any group makes the whole card safe)."""
    b = room_at(state, i)
    if game.variant.strict_cover and carried(state.fortress, i):
        return [], []
    covered = covered_squares(game.cards, state.fortress, i)
    pillars = [k for k, d in enumerate(b.dice) if d and b.invaders[k] == NONE and k not in covered]
    squares = [k for k in range(len(b.dice)) if open_square(b, covered, k)]
    return pillars, squares


def landing_options(game: IceFortress, state: State, element: int) -> list[tuple[int, int, int]]:
    """Where an invader of this element may land: (room, square or group, 1 for a group); [] means
    it attacks the shield (R24, R25)."""
    cards, v = game.cards, game.variant
    rooms = [i for i, b in enumerate(state.fortress) if b is not None and cards.rooms[b.room].element == element]
    if element == EARTH and harm_on(state, EARTH):
        groups = []
        for i in rooms:
            b = room_at(state, i)
            if v.strict_cover and carried(state.fortress, i):
                continue
            on = carried(state.fortress, i)
            groups += [(i, g) for g in range(len(b.occupiers)) if g not in on and b.occupiers[g] == NONE]
        if groups:
            top = max(room_at(state, i).level for i, _ in groups)
            return [(i, g, 1) for i, g in groups if room_at(state, i).level == top]
        if not v.earth_fallback_to_squares:
            return []
    places = {i: invadable(game, state, i) for i in rooms}
    places = {i: p for i, p in places.items() if p[0] or p[1]}
    if not places:
        return []
    top = max(room_at(state, i).level for i in places)
    tied = {i: p for i, p in places.items() if room_at(state, i).level == top}
    if v.pillar_before_square_across_ties and any(p[0] for p in tied.values()):
        return [(i, k, 0) for i, p in sorted(tied.items()) for k in p[0]]
    return [(i, k, 0) for i, p in sorted(tied.items()) for k in (p[0] or p[1])]


@script.decision(Landing, by=current_player)
def landings(game: IceFortress, state: State, step: Landing) -> Iterator[Land]:
    seat = game.seat_of(state.current)
    return (Land(seat, i, k, bool(g)) for i, k, g in game.landing_options(state, step.element))


@script.does(Land)
def landed(game: IceFortress, state: State, step: Landing, move: Land) -> State:
    return land(game, state, step.element, move.room, move.at, move.group)


def land(game: IceFortress, state: State, element: int, i: int, k: int, group: bool) -> State:
    """The invader takes its place, and does its harm while its harm is on (R25-R27)."""
    b = room_at(state, i)
    if group:
        b = b._replace(occupiers=put(b.occupiers, k, element))
        return set_room(state, i, b)
    melt = element == FIRE and harm_on(state, FIRE) and b.dice[k]
    b = b._replace(invaders=put(b.invaders, k, element), dice=put(b.dice, k, 0) if melt else b.dice)
    state = set_room(state, i, b)
    if melt:
        state = state._replace(unused_dice=state.unused_dice + 1)
    if element == WATER and harm_on(state, WATER) and state.supply:
        state = push(state, Flooding())
    return state


@script.decision(Flooding, by=current_player)
def floods(game: IceFortress, state: State, step: Flooding) -> Iterator[Flood]:
    seat = game.seat_of(state.current)
    return (Flood(seat, r) for r in sorted(set(state.supply)))


@script.runs(Flooding)
def flooding_due(game: IceFortress, state: State, step: Flooding) -> State | None:
    """One kind of room in the supply (or none): it is flooded without asking."""
    rooms = sorted(set(state.supply))
    if len(rooms) > 1:
        return None
    return to_bottom(game, supply_remove(state, rooms[0]), rooms[0]) if rooms else state


@script.does(Flood)
def flood(game: IceFortress, state: State, step: Flooding, move: Flood) -> State:
    return to_bottom(game, supply_remove(state, move.room), move.room)


# -- 2.4 Clean-up and the supply limit ----------------------------------------------------------------


@script.runs(EndTurn)
def end_turn(game: IceFortress, state: State, step: EndTurn) -> State:
    """Clean-up: the rolled and spent dice back to the unused dice, spent shards to the bag."""
    bag = tuple(b + s for b, s in zip(state.bag, state.spent_shards, strict=True))
    state = state._replace(unused_dice=state.unused_dice + len(state.rolled) + state.spent_dice, rolled=(),
                           spent_dice=0, bag=bag, spent_shards=(0,) * 4, used=(), turns=state.turns + 1)
    v = game.variant
    if v.max_turns and state.turns >= v.max_turns:
        return state._replace(todo=(), ended=f"lost: turn limit ({v.max_turns} turns), {unfinished(game, state)}")
    return push(state, StartTurn((step.hero + 1) % v.characters))


def held_by_invaders(game: IceFortress, state: State, element: int) -> bool:
    """Every room of the element has invaders on each group it could still build on (or no such
    group): what keeps a beacon from being finished while the invaders of its element keep coming
    back from the bag."""
    cards = game.cards
    rooms = [i for i, b in enumerate(state.fortress) if b is not None and cards.rooms[b.room].element == element]
    for i in rooms:
        b = room_at(state, i)
        room = cards.rooms[b.room]
        on = carried(state.fortress, i)
        for g, group in enumerate(room.groups):
            if g not in on and b.occupiers[g] == NONE and all(b.invaders[k] == NONE for k in group.squares):
                return False
    return bool(rooms)


def unfinished(game: IceFortress, state: State) -> str:
    """What a game stopped by the turn limit had left to do: the beacons not lit, and those whose
    rooms the invaders hold."""
    unlit = [e for e in range(len(ELEMENTS)) if not state.flipped[e]]
    held = [ELEMENTS[e] for e in unlit if held_by_invaders(game, state, e)]
    said = f"{len(unlit)} beacon{'s' * (len(unlit) != 1)} to light ({', '.join(ELEMENTS[e] for e in unlit)})"
    if held:
        said += f"; invaders hold every {' and every '.join(held)} room"
    return said


def over_limit(game: IceFortress, state: State) -> bool:
    d = game.difficulty
    return len(state.supply) > d or sum(state.shards) > d


@script.decision(Limit, by=current_player)
def discards(game: IceFortress, state: State, step: Limit) -> Iterator[DiscardRoom | DiscardShard]:
    """Rooms first, then shards, until the supply holds at most d of each (R32)."""
    seat, d = game.seat_of(state.current), game.difficulty
    if len(state.supply) > d:
        return (DiscardRoom(seat, r) for r in sorted(set(state.supply)))
    if sum(state.shards) > d:
        return (DiscardShard(seat, e) for e in range(4) if state.shards[e])
    return iter(())


@script.runs(Limit)
def limit_due(game: IceFortress, state: State, step: Limit) -> State | None:
    return None if over_limit(game, state) else state


@script.does(DiscardRoom)
def discard_room(game: IceFortress, state: State, step: Limit, move: DiscardRoom) -> State:
    return push(to_bottom(game, supply_remove(state, move.room), move.room), step)


@script.does(DiscardShard)
def discard_shard(game: IceFortress, state: State, step: Limit, move: DiscardShard) -> State:
    state = state._replace(shards=counts_add(state.shards, move.element, -1),
                           bag=counts_add(state.bag, move.element))
    return push(state, step)


# -- chance's odds -------------------------------------------------------------------------------------


def draw_chance(game: IceFortress, state: State, rng: random.Random) -> Move:
    """One chance event, with the odds of `chance_weights`."""
    step = state.todo[0]
    if isinstance(step, Roll):
        return Rolled(rng.randint(1, 6))
    if isinstance(step, Pull | DrawShard):
        e = rng.choices(range(4), state.bag)[0]
        return Pulled(e) if isinstance(step, Pull) else ShardDrawn(e)
    return rng.choice(list(script.moves(game, state)))


def chance_weights(game: IceFortress, state: State) -> list[tuple[Move, float]]:
    """Every chance event due, with its probability: a figure by the bag's counts, the rest alike."""
    step = state.todo[0]
    options = list(script.moves(game, state))
    if isinstance(step, Pull | DrawShard):
        total = sum(state.bag)
        return [(m, state.bag[m.element] / total) for m in options if isinstance(m, Pulled | ShardDrawn)]
    return [(m, 1 / len(options)) for m in options]


def figures(state: State) -> int:
    """The elemental figures counted everywhere (the box holds 40)."""
    return sum(state.bag) + sum(state.shards) + sum(state.spent_shards) + sum(
        invaders_in(state, e) for e in range(len(ELEMENTS)))
