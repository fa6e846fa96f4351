"""Ice Fortress's end when the game can no longer be won (the rulebook's "3. The end", read as R36
to R38 in docs/rules/icefortress.md): a beacon that can no longer be built (R36), a table no
turn can change (R37), dice too few for the pillars the beacons still need (R38). With
`lost_causes` "end" the game is lost at once, named so; with "play on" it goes on, the status
saying why. The checks are steps of the turn's script that run by themselves: R36 after every room
built (`DeadEnd`), all three before every turn's roll (`LostCause`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import and_list
from ...core.script import push
from .cards import ELEMENTS, SIZES, CardSet, Effect, Power
from .moves import FIRE, JUMBO, NONE, EndBuilding, State
from .rules import (
    beacon_height,
    carried,
    free_spaces,
    harm_on,
    over_limit,
    room_at,
    rooms_in_play,
    script,
    topmost,
)
from .steps import Build, DeadEnd, LostCause

if TYPE_CHECKING:
    from . import IceFortress


# -- R36: a beacon that can no longer be built ------------------------------------------------------


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


# -- R37: a table no turn can change ----------------------------------------------------------------


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


# -- R38: too few dice for the pillars the beacons need ----------------------------------------------


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


# -- the checks, steps that run by themselves -------------------------------------------------------


@script.runs(DeadEnd)
def dead_end_due(game: IceFortress, state: State, step: DeadEnd) -> State:
    """After a room is built: the game is lost, named so, once a beacon can no longer be built
    (R36), unless play goes on regardless."""
    why = dead_end(game, state) if game.variant.lost_causes == "end" else ""
    return state._replace(ended=f"lost: {why}") if why else state


@script.runs(LostCause)
def lost_cause_due(game: IceFortress, state: State, step: LostCause) -> State:
    """Before a turn's roll: the game is lost, named so, once it can no longer be won or change
    (R36-R38), unless play goes on regardless."""
    why = lost_cause(game, state) if game.variant.lost_causes == "end" else ""
    return state._replace(todo=(), ended=f"lost: {why}") if why else state
