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
   dice left can no longer fill the pillars the beacons need (R38): lost_causes.py.
   `max_turns` (off in play) stops a simulation's game, which then counts as lost.

The state's `todo` is the turn's script (core/script.py, as in Dectana): its first step is what
happens next, a decision of the current player, a chance event, or a step that runs by itself.
`script` below says, for each kind of step (steps.py), who decides it and the moves it allows, or
how it runs by itself, and for each kind of move (moves.py) what it does (lost_causes.py adds the
end's checks, steps that run by themselves).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.script import Script, push
from .cards import ELEMENTS, CardSet, Power, Room, Square
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
    DeadEnd,
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
    LostCause,
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
    """Step 1: roll, unless the game can no longer be won or no turn can change the table (the
    end's check first, lost_causes.py)."""
    state = state._replace(current=step.hero, used=())
    return push(state, LostCause(), Roll(game.dice_to_roll(state, step.hero)), Build(step.hero))


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
    """The room goes up; the ice crystal boosts the shield; then the beacon check (R15, R18-R21),
    and whether a beacon can still be built (R36, lost_causes.py)."""
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
        return push(state, DeadEnd())
    flipped = list(state.flipped)
    flipped[e] = True
    state = state._replace(flipped=tuple(flipped), names_flipped=True)
    if all(flipped):
        return state._replace(ended="won")
    card = cards.invaders[state.invader_cards[e]]
    return push(state, DeadEnd(), *(Do(step.hero, eff) for eff in card.immediately))


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
