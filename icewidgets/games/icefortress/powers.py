"""The effects that Ice Fortress's powers are made of, one registered function each (the
rulebook's glossary names most of them: draw, search, repel, crystallize, destroy, boost,
neutralize), with what each lets the player choose. Cards name them in their `effects`; see
effects.py for how a designer adds one.

Every `targets` returns a list of choices, each a tuple of ints, or None when there is nothing
to choose; an empty list means the effect cannot act now. `run` returns the state after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.script import push
from .cards import ELEMENTS, SIZES, Effect
from .effects import Param, effect
from .moves import NONE, Deck, State
from .rules import counts_add, covered_squares, put, set_room, supply_add, supply_remove, to_bottom, topmost, with_deck
from .steps import Do, DrawRoom, DrawShard, Peek, Roll

if TYPE_CHECKING:
    from . import IceFortress

SIZE_OR_ANY = Param(str, "any", ("any", *SIZES))
ELEMENT_OR_ANY = Param(str, "any", ("any", *ELEMENTS))
SCOPE = Param(str, "one", ("one", "room", "all_of_element"))
COUNT = Param(int, 1, low=1, high=10)
"""How many rooms, shards, pillars, cubes or dice an effect takes: one to ten."""


# -- drawing and searching rooms --------------------------------------------------------------------


def deck_choices(state: State, size: str) -> list[tuple[int, ...]] | None:
    if size == "any":
        return [(s,) for s in range(len(SIZES)) if state.decks[s].size]
    return None if state.decks[SIZES.index(size)].size else []


@effect("draw_room", targets=lambda game, state, size="any", n=1: deck_choices(state, size),
        size=SIZE_OR_ANY, n=COUNT)
def draw_room(game: IceFortress, state: State, choice: tuple[int, ...] | None, size: str = "any", n: int = 1) -> State:
    """Draw rooms from the top of a deck into the supply."""
    s = choice[0] if choice else SIZES.index(size)
    return push(state, DrawRoom(s, n))


def search_choices(game: IceFortress, state: State, size: str = "any") -> list[tuple[int, ...]]:
    sizes = range(len(SIZES)) if size == "any" else [SIZES.index(size)]
    return [(s, r) for s in sizes for r in sorted(set(state.decks[s].unseen + state.decks[s].bottom))]


@effect("search_room", targets=search_choices, size=SIZE_OR_ANY)
def search_room(game: IceFortress, state: State, choice: tuple[int, ...], size: str = "any") -> State:
    """Look through a deck and put any room of it into the supply; then that deck is shuffled."""
    s, room = choice
    cards = list(state.decks[s].unseen + state.decks[s].bottom)
    cards.remove(room)
    state = with_deck(state, s, Deck(tuple(sorted(cards)), ()))
    return supply_add(state, room)


@effect("look_rooms", targets=lambda game, state, size="any", n=2: deck_choices(state, size),
        size=SIZE_OR_ANY, n=Param(int, 2, low=1, high=10))
def look_rooms(game: IceFortress, state: State, choice: tuple[int, ...] | None, size: str = "any", n: int = 2) -> State:
    """Look at the top rooms of a deck (of this size, or of the player's choice): one into the
    supply, the others to its bottom."""
    s = choice[0] if choice else SIZES.index(size)
    return push(state, Peek(s, min(n, state.decks[s].size), ()))


# -- shards, invaders -----------------------------------------------------------------------------


@effect("draw_shard", targets=lambda game, state, n=1: None if sum(state.bag) else [], n=COUNT)
def draw_shard(game: IceFortress, state: State, choice: tuple[int, ...] | None, n: int = 1) -> State:
    """Draw elemental shards from the bag into the supply."""
    return push(state, DrawShard(n))


def invader_places(state: State, element: str) -> list[tuple[int, int, int]]:
    """Every invader in the fortress: (room, square or group, 1 if on a group)."""
    want = None if element == "any" else ELEMENTS.index(element)
    out = []
    for i, b in enumerate(state.fortress):
        if b is None:
            continue
        out += [(i, k, 0) for k, e in enumerate(b.invaders) if e != NONE and want in (None, e)]
        out += [(i, g, 1) for g, e in enumerate(b.occupiers) if e != NONE and want in (None, e)]
    return out


def invader_at(state: State, i: int, k: int, on_group: int) -> int:
    """The element of the invader on room i's square (or group) k."""
    b = state.fortress[i]
    assert b is not None
    return b.occupiers[k] if on_group else b.invaders[k]


def remove_invader(state: State, i: int, k: int, on_group: int, to_supply: bool) -> State:
    b = state.fortress[i]
    assert b is not None
    e = invader_at(state, i, k, on_group)
    if on_group:
        b = b._replace(occupiers=put(b.occupiers, k, NONE))
    else:
        b = b._replace(invaders=put(b.invaders, k, NONE))
    state = set_room(state, i, b)
    if to_supply:
        return state._replace(shards=counts_add(state.shards, e))
    return state._replace(bag=counts_add(state.bag, e))


def invader_choices(game: IceFortress, state: State, scope: str = "one", element: str = "any") -> list[tuple[int, ...]] | None:
    places = invader_places(state, element)
    if scope == "one":
        return [tuple(p) for p in places]
    if scope == "room":
        return [(i,) for i in sorted({p[0] for p in places})]
    if element == "any":
        return [(e,) for e in sorted({invader_at(state, *p) for p in places})]
    return None if places else []


def take_invaders(state: State, choice: tuple[int, ...] | None, scope: str, element: str, to_supply: bool) -> State:
    places = invader_places(state, element)
    if scope == "one":
        assert choice is not None
        chosen = [tuple(choice)]
    elif scope == "room":
        assert choice is not None
        chosen = [p for p in places if p[0] == choice[0]]
    else:
        e = choice[0] if choice else ELEMENTS.index(element)
        chosen = [p for p in places if invader_at(state, *p) == e]
    for i, k, g in chosen:
        state = remove_invader(state, i, k, g, to_supply)
    return state


@effect("repel", targets=invader_choices, scope=SCOPE, element=ELEMENT_OR_ANY)
def repel(game: IceFortress, state: State, choice: tuple[int, ...] | None, scope: str = "one", element: str = "any") -> State:
    """Put invaders back into the bag."""
    return take_invaders(state, choice, scope, element, to_supply=False)


@effect("crystallize", targets=invader_choices, scope=SCOPE, element=ELEMENT_OR_ANY)
def crystallize(game: IceFortress, state: State, choice: tuple[int, ...] | None, scope: str = "one", element: str = "any") -> State:
    """Take invaders into the supply as shards of their element."""
    return take_invaders(state, choice, scope, element, to_supply=True)


# -- destroying --------------------------------------------------------------------------------------


def free_pillars(game: IceFortress, state: State) -> list[tuple[int, ...]]:
    """Pillars with no room and no invader on them."""
    out: list[tuple[int, ...]] = []
    for i, b in enumerate(state.fortress):
        if b is not None:
            covered = covered_squares(game.cards, state.fortress, i)
            out += [(i, k) for k, d in enumerate(b.dice) if d and b.invaders[k] == NONE and k not in covered]
    return out


@effect("destroy_pillar", targets=lambda game, state, n=1: free_pillars(game, state), n=COUNT)
def destroy_pillar(game: IceFortress, state: State, choice: tuple[int, ...], n: int = 1) -> State:
    """A pillar with no room or invader on it: its die goes back to the unused dice."""
    i, k = choice
    b = state.fortress[i]
    assert b is not None
    state = set_room(state, i, b._replace(dice=put(b.dice, k, 0)))
    state = state._replace(unused_dice=state.unused_dice + 1)
    if n > 1:
        hero = state.current
        state = push(state, Do(hero, Effect("destroy_pillar", (("n", n - 1),))))
    return state


def room_choices(game: IceFortress, state: State, where: str = "supply", size: str = "any") -> list[tuple[int, ...]]:
    def fits(room: int) -> bool:
        return size == "any" or game.cards.rooms[room].size == SIZES.index(size)

    if where == "supply":
        return [(r,) for r in sorted(set(state.supply)) if fits(r)]
    return [(i,) for i, b in topmost(state.fortress).items() if fits(b.room)]


def destroy_built(game: IceFortress, state: State, i: int) -> State:
    """A built room with nothing on it: its invaders repelled, its pillars back to the unused
    dice, the card to the bottom of its deck (R17)."""
    b = state.fortress[i]
    assert b is not None
    bag = list(state.bag)
    for e in (*b.invaders, *b.occupiers):
        if e != NONE:
            bag[e] += 1
    state = state._replace(bag=tuple(bag), unused_dice=state.unused_dice + sum(1 for d in b.dice if d))
    return to_bottom(game, set_room(state, i, None), b.room)


@effect("destroy_room", targets=room_choices, where=Param(str, "supply", ("supply", "fortress")), size=SIZE_OR_ANY)
def destroy_room(game: IceFortress, state: State, choice: tuple[int, ...], where: str = "supply", size: str = "any") -> State:
    """A room (of this size, or any) of the supply, or of the fortress with no room on it, to the
    bottom of its deck."""
    if where == "supply":
        return to_bottom(game, supply_remove(state, choice[0]), choice[0])
    return destroy_built(game, state, choice[0])


# -- the shield, the harms, the dice ------------------------------------------------------------------


@effect("boost_shield", n=COUNT)
def boost_shield(game: IceFortress, state: State, choice: tuple[int, ...] | None, n: int = 1) -> State:
    """Add cubes to the ice shield."""
    return state._replace(shield=game.shield_after(state.shield + n))


@effect("neutralize", targets=lambda game, state: [(e,) for e in range(len(ELEMENTS))])
def neutralize(game: IceFortress, state: State, choice: tuple[int, ...]) -> State:
    """Choose an element: its invaders lose their harm for the rest of the game."""
    neutralized = list(state.neutralized)
    neutralized[choice[0]] = True
    return state._replace(neutralized=tuple(neutralized))


def replace_die(state: State, old: int, new: int) -> State:
    rolled = list(state.rolled)
    rolled.remove(old)
    return state._replace(rolled=tuple(sorted((*rolled, new))))


@effect("adjust_die", targets=lambda game, state, by=1: [(v, w) for v in sorted(set(state.rolled))
                                                         for w in (v - by, v + by) if 1 <= w <= 6],
        by=Param(int, 1, low=1, high=5))
def adjust_die(game: IceFortress, state: State, choice: tuple[int, ...], by: int = 1) -> State:
    """Turn a rolled die up or down."""
    return replace_die(state, *choice)


@effect("set_die", targets=lambda game, state, value=0: [(v, w) for v in sorted(set(state.rolled))
                                                         for w in (range(1, 7) if not value else [value]) if w != v],
        value=Param(int, 0, low=0, high=6))
def set_die(game: IceFortress, state: State, choice: tuple[int, ...], value: int = 0) -> State:
    """Set a rolled die to a face."""
    return replace_die(state, *choice)


STOP = (0,)
"""The choice that ends a reroll of several dice early."""


def reroll_choices(game: IceFortress, state: State, n: int = 1, more: bool = False) -> list[tuple[int, ...]]:
    """A rolled die to roll again; after the first, the player may stop (`more`: not the first)."""
    dice: list[tuple[int, ...]] = [(v,) for v in sorted(set(state.rolled))]
    return [*dice, STOP] if more and dice else dice


@effect("reroll", targets=reroll_choices, n=COUNT)
def reroll(game: IceFortress, state: State, choice: tuple[int, ...], n: int = 1, more: bool = False) -> State:
    """Roll up to n rolled dice again, one after another."""
    if tuple(choice) == STOP:
        return state
    rolled = list(state.rolled)
    rolled.remove(choice[0])
    state = state._replace(rolled=tuple(rolled), unused_dice=state.unused_dice + 1)
    again = (Do(state.current, Effect("reroll", (("more", True), ("n", n - 1)))),) if n > 1 else ()
    return push(state, Roll(1), *again)


@effect("extra_dice", targets=lambda game, state, n=1: None if state.unused_dice else [], n=COUNT)
def extra_dice(game: IceFortress, state: State, choice: tuple[int, ...] | None, n: int = 1) -> State:
    """Roll more dice now, from the unused ones."""
    return push(state, Roll(min(n, state.unused_dice)))
