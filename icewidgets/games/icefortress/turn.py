"""Ice Fortress's turn as a script of steps (steps.py): what each step lets the current player
(or chance) do, what each move does, and the steps that run by themselves."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.chance import CHANCE
from . import powers as fx
from .cards import Power
from .effects import EFFECTS
from .rules import (
    AIR,
    EARTH,
    FIRE,
    JUMBO,
    NONE,
    WATER,
    Built,
    Deck,
    Hero,
    State,
    carried,
    covered_squares,
    group_ready,
    harm_on,
    invaders_in,
    new_built,
    open_square,
    put,
    rooms_in_play,
    supply_limit_due,
)
from .steps import (
    ABILITY,
    CHANCE_STEPS,
    CLASS,
    INVADER_CARD,
    NAME,
    Build,
    BuildRoom,
    Choose,
    Choosing,
    Deal,
    Dealt,
    DiscardRoom,
    DiscardShard,
    Do,
    DrawRoom,
    DrawShard,
    EndBuilding,
    EndTurn,
    Flood,
    Flooding,
    Keep,
    KeepOne,
    Land,
    Landing,
    Limit,
    Peek,
    Place,
    Pull,
    Pulled,
    Roll,
    Rolled,
    RoomDrawn,
    ShardDrawn,
    StartTurn,
    Use,
)

if TYPE_CHECKING:
    from . import IceFortress

FACES = range(1, 7)


def setup(game: IceFortress) -> State:
    """The table before the first turn, and the set-up's script: the invader cards, a room of each
    size into the supply, the characters dealt, their abilities chosen."""
    v, cards = game.variant, game.cards
    heroes = v.characters
    in_play = rooms_in_play(cards, v)
    decks = tuple(Deck(tuple(i for i in in_play if cards.rooms[i].size == s), ()) for s in range(4))
    abilities = (*(Deal(ABILITY, 0) for _ in range(6)),) if v.players == 1 else tuple(
        Deal(ABILITY, h) for h in range(heroes) for _ in range(3))
    choosing = (Choosing(0, ()),) if v.players == 1 else tuple(Choosing(h, ()) for h in range(heroes))
    todo = (*(Deal(INVADER_CARD, e) for e in range(4)), *(DrawRoom(s, 1) for s in range(4)),
            *(Deal(NAME, h) for h in range(heroes)), *abilities, *(Deal(CLASS, h) for h in range(heroes)),
            *choosing, StartTurn(0))
    n = cards.board.figures_per_element
    return State(
        fortress=(), supply=(), shards=(0,) * 4, bag=(n,) * 4, decks=decks, unused_dice=cards.board.dice,
        rolled=(), spent_dice=0, spent_shards=(0,) * 4, shield=game.shield_after(v.difficulty),
        invader_cards=(NONE,) * 4, flipped=(False,) * 4, neutralized=(False,) * 4, names_flipped=False,
        heroes=tuple(Hero(NONE, (), NONE) for _ in range(heroes)), current=0, turns=0, used=(), todo=todo,
        ended="")


# -- who acts --------------------------------------------------------------------------------------


def actor_of(game: IceFortress, state: State) -> int:
    step = state.todo[0]
    if type(step) in CHANCE_STEPS:
        return CHANCE
    hero = getattr(step, "hero", state.current)
    return game.seat_of(hero)


# -- what each step allows --------------------------------------------------------------------------


def moves(game: IceFortress, state: State) -> Iterator[Any]:
    step = state.todo[0]
    kind = type(step)
    seat = actor_of(game, state)
    if kind is Build:
        yield from build_moves(game, state, seat, step.hero)  # type: ignore[attr-defined]
    elif kind is Roll:
        yield from (Rolled(f) for f in FACES)
    elif kind is Pull:
        yield from (Pulled(e) for e in range(4) if state.bag[e])
    elif kind is DrawShard:
        yield from (ShardDrawn(e) for e in range(4) if state.bag[e])
    elif kind is DrawRoom or kind is Peek:
        yield from (RoomDrawn(step.size, r) for r in deck_draws(state.decks[step.size]))  # type: ignore[attr-defined]
    elif kind is Deal:
        yield from (Dealt(step.kind, step.to, c) for c in deal_candidates(game, state, step))  # type: ignore[arg-type, attr-defined]
    elif kind is Do:
        targets = effect_targets(game, state, step)  # type: ignore[arg-type]
        yield from (Choose(seat, t) for t in targets or ())
    elif kind is KeepOne:
        yield from (Choose(seat, (r,)) for r in sorted(set(step.seen)))  # type: ignore[attr-defined]
    elif kind is Choosing:
        pool = choosing_pool(state, step)  # type: ignore[arg-type]
        yield from (Keep(seat, a, b) for a, b in itertools.combinations(sorted(set(pool)), 2))
    elif kind is Landing:
        yield from (Land(seat, i, k, bool(g)) for i, k, g in game.landing_options(state, step.element))  # type: ignore[attr-defined]
    elif kind is Flooding:
        yield from (Flood(seat, r) for r in sorted(set(state.supply)))
    elif kind is Limit:
        d = game.variant.difficulty
        if len(state.supply) > d:
            yield from (DiscardRoom(seat, r) for r in sorted(set(state.supply)))
        elif sum(state.shards) > d:
            yield from (DiscardShard(seat, e) for e in range(4) if state.shards[e])


def deck_draws(deck: Deck) -> list[int]:
    """The cards the next draw from a deck may be: any unseen one, else the first at the bottom."""
    if deck.unseen:
        return sorted(set(deck.unseen))
    return list(deck.bottom[:1])


def deal_candidates(game: IceFortress, state: State, step: Deal) -> list[int]:
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


def choosing_pool(state: State, step: Choosing) -> tuple[int, ...]:
    return step.pool or state.heroes[step.hero].abilities


def draw_chance(game: IceFortress, state: State, rng: random.Random) -> Any:
    """One chance event, with the odds of `chance_weights`."""
    step = state.todo[0]
    kind = type(step)
    if kind is Roll:
        return Rolled(rng.randint(1, 6))
    if kind is Pull or kind is DrawShard:
        e = rng.choices(range(4), state.bag)[0]
        return Pulled(e) if kind is Pull else ShardDrawn(e)
    return rng.choice(list(moves(game, state)))


def chance_weights(game: IceFortress, state: State) -> list[tuple[Any, float]]:
    step = state.todo[0]
    options = list(moves(game, state))
    if type(step) in (Pull, DrawShard):
        total = sum(state.bag)
        return [(m, state.bag[m.element] / total) for m in options]
    return [(m, 1 / len(options)) for m in options]


# -- building ------------------------------------------------------------------------------------------


def build_moves(game: IceFortress, state: State, seat: int, hero: int) -> Iterator[Any]:
    yield from placements(game, state, seat)
    yield from room_builds(game, state, seat)
    yield from power_uses(game, state, seat, hero)
    yield EndBuilding(seat)


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


def free_spaces(game: IceFortress, state: State) -> list[int]:
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


def hero_dice(game: IceFortress, state: State, hero: int) -> int:
    cards, h = game.cards, state.heroes[hero]
    n = 0
    if h.name != NONE:
        name = cards.names[h.name]
        n += name.advanced[0] if state.names_flipped and name.advanced else name.dice
    n += sum(cards.abilities[a].dice for a in h.abilities)
    if h.klass != NONE:
        n += cards.classes[h.klass].dice
    return n


def payments(state: State, power: Power) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to pay a power's cost from the rolled dice and the supply's shards."""
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
        if first is not None and effect_targets(game, state, first) == []:
            continue
        for dice, shards in payments(state, power):
            # the cost may take what the effect needs (the only die a power would change)
            if first is not None and (dice or shards) and effect_targets(game, pay(state, dice, shards), first) == []:
                continue
            yield Use(seat, power.id, dice, shards)


def effect_targets(game: IceFortress, state: State, step: Do) -> list[tuple[int, ...]] | None:
    """An effect's choices, each once (None: nothing to choose)."""
    spec = EFFECTS[step.effect.name]
    if spec.targets is None:
        return None
    targets = spec.targets(game, state, **step.effect.kwargs())
    return None if targets is None else list(dict.fromkeys(tuple(t) for t in targets))


# -- invaders ----------------------------------------------------------------------------------------


def invadable(game: IceFortress, state: State, i: int) -> tuple[list[int], list[int]]:
    """Room i's empty pillars and open squares where an invader may land (R23: squares under a
    room are safe; `strict_cover`: a room on any group makes the whole card safe)."""
    b = state.fortress[i]
    assert b is not None
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
            b = state.fortress[i]
            assert b is not None
            if v.strict_cover and carried(state.fortress, i):
                continue
            on = carried(state.fortress, i)
            groups += [(i, g) for g in range(len(b.occupiers)) if g not in on and b.occupiers[g] == NONE]
        if groups:
            top = max(state.fortress[i].level for i, _ in groups)  # type: ignore[union-attr]
            return [(i, g, 1) for i, g in groups if state.fortress[i].level == top]  # type: ignore[union-attr]
        if not v.earth_fallback_to_squares:
            return []
    places = {i: invadable(game, state, i) for i in rooms}
    places = {i: p for i, p in places.items() if p[0] or p[1]}
    if not places:
        return []
    top = max(state.fortress[i].level for i in places)  # type: ignore[union-attr]
    tied = {i: p for i, p in places.items() if state.fortress[i].level == top}  # type: ignore[union-attr]
    if v.pillar_before_square_across_ties and any(p[0] for p in tied.values()):
        return [(i, k, 0) for i, p in sorted(tied.items()) for k in p[0]]
    return [(i, k, 0) for i, p in sorted(tied.items()) for k in (p[0] or p[1])]


def land(game: IceFortress, state: State, element: int, i: int, k: int, group: bool) -> State:
    """The invader takes its place, and does its harm while its harm is on (R25-R27)."""
    b = state.fortress[i]
    assert b is not None
    if group:
        b = b._replace(occupiers=put(b.occupiers, k, element))
        return fx.set_room(state, i, b)
    melt = element == FIRE and harm_on(state, FIRE) and b.dice[k]
    b = b._replace(invaders=put(b.invaders, k, element), dice=put(b.dice, k, 0) if melt else b.dice)
    state = fx.set_room(state, i, b)
    if melt:
        state = state._replace(unused_dice=state.unused_dice + 1)
    if element == WATER and harm_on(state, WATER) and state.supply:
        state = fx.push(state, Flooding())
    return state


def pulled(game: IceFortress, state: State, element: int) -> State:
    """An invader from the bag: it lands (the current player choosing among equal places) or
    attacks the shield (R29: back to the bag, one cube lost; none left and the game is lost)."""
    state = state._replace(bag=fx.counts_add(state.bag, element, -1))
    options = game.landing_options(state, element)
    if not options:
        shield = state.shield - 1
        state = state._replace(bag=fx.counts_add(state.bag, element), shield=shield)
        return state._replace(ended="lost: the shield is broken") if shield <= 0 else state
    if len(options) == 1:
        return land(game, state, element, *options[0][:2], bool(options[0][2]))
    return fx.push(state, Landing(element))


# -- what a move does ---------------------------------------------------------------------------


def apply(game: IceFortress, state: State, move: Any) -> State:
    step, rest = state.todo[0], state.todo[1:]
    kind = type(move)
    state = state._replace(todo=rest)
    if kind is Rolled:
        state = state._replace(unused_dice=state.unused_dice - 1, rolled=tuple(sorted((*state.rolled, move.value))))
        state = again(state, step)
    elif kind is Pulled:
        state = pulled(game, again(state, step), move.element)
    elif kind is ShardDrawn:
        state = again(state, step)._replace(bag=fx.counts_add(state.bag, move.element, -1),
                                            shards=fx.counts_add(state.shards, move.element))
    elif kind is RoomDrawn:
        state = room_drawn(state, step, move)
    elif kind is Dealt:
        state = dealt(state, move)
    elif kind is Keep:
        state = keep(game, state, step, move)  # type: ignore[arg-type]
    elif kind is Place:
        state = place(state, move)._replace(todo=(step, *rest))
    elif kind is BuildRoom:
        state = build_room(game, state, move, step)
    elif kind is Use:
        state = use(game, state, move, step)
    elif kind is Choose:
        state = choose(game, state, move, step)
    elif kind is EndBuilding:
        hero = step.hero  # type: ignore[attr-defined]
        limit = (Limit(),) if supply_limit_due(game.variant, state) else ()
        state = state._replace(todo=(Pull(game.invaders_to_pull(state)), *limit, EndTurn(hero), *rest))
    elif kind is Land:
        state = land(game, state, step.element, move.room, move.at, move.group)  # type: ignore[attr-defined]
    elif kind is Flood:
        state = fx.to_bottom(fx.supply_remove(state, move.room), game, move.room)
    elif kind is DiscardRoom:
        state = fx.to_bottom(fx.supply_remove(state, move.room), game, move.room)._replace(todo=(step, *rest))
    elif kind is DiscardShard:
        state = state._replace(shards=fx.counts_add(state.shards, move.element, -1),
                               bag=fx.counts_add(state.bag, move.element), todo=(step, *rest))
    return advance(game, state)


def again(state: State, step: Any) -> State:
    """A chance step of n draws goes on with n - 1."""
    return state if step.n <= 1 else state._replace(todo=(step._replace(n=step.n - 1), *state.todo))


def room_drawn(state: State, step: Any, move: RoomDrawn) -> State:
    deck = state.decks[move.size]
    if move.room in deck.unseen:
        unseen = list(deck.unseen)
        unseen.remove(move.room)
        deck = Deck(tuple(unseen), deck.bottom)
    else:
        deck = Deck(deck.unseen, deck.bottom[1:])
    state = fx.with_deck(state, move.size, deck)
    if type(step) is Peek:
        seen = (*step.seen, move.room)
        nxt = step._replace(n=step.n - 1, seen=seen) if step.n > 1 else KeepOne(step.size, seen)
        return state._replace(todo=(nxt, *state.todo))
    return again(fx.supply_add(state, move.room), step)


def dealt(state: State, move: Dealt) -> State:
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
        if len(pool) < 2:  # a card set too small to choose from: the second keeps what is left
            heroes[1] = heroes[1]._replace(abilities=tuple(pool))
            return state._replace(heroes=tuple(heroes))
        return state._replace(todo=(Choosing(1, tuple(pool)), *state.todo))
    return state


def place(state: State, move: Place) -> State:
    rolled = list(state.rolled)
    rolled.remove(move.value)
    b = state.fortress[move.room]
    assert b is not None
    b = b._replace(dice=put(b.dice, move.square, move.value))
    return fx.set_room(state._replace(rolled=tuple(rolled)), move.room, b)


def build_room(game: IceFortress, state: State, move: BuildRoom, step: Any) -> State:
    """The room goes up; the ice crystal boosts the shield; then the beacon check (R15, R18-R21)."""
    cards = game.cards
    level = 1 if move.parent == -1 else state.fortress[move.parent].level + 1  # type: ignore[union-attr]
    state = fx.supply_remove(state, move.room)
    state = state._replace(fortress=(*state.fortress, new_built(cards, move.room, move.parent, move.slot, level)))
    room = cards.rooms[move.room]
    if room.ice:
        state = state._replace(shield=game.shield_after(state.shield + 1))
    state = state._replace(todo=(step, *state.todo))
    e = room.element
    if e is None or state.flipped[e] or not game.is_beacon(state, len(state.fortress) - 1):
        return state
    flipped = list(state.flipped)
    flipped[e] = True
    state = state._replace(flipped=tuple(flipped), names_flipped=True)
    if all(flipped):
        return state._replace(ended="won")
    card = cards.invaders[state.invader_cards[e]]
    return fx.push(state, *(Do(step.hero, eff) for eff in card.immediately))


def use(game: IceFortress, state: State, move: Use, step: Any) -> State:
    """A power: its cost paid (dice and shards stay on the card until the turn ends), then its
    effects, one after another."""
    power = game.cards.powers[move.power]
    state = pay(state, move.dice, move.shards)._replace(used=(*state.used, move.power))
    return state._replace(todo=(*(Do(step.hero, eff) for eff in power.effects), step, *state.todo))


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


def choose(game: IceFortress, state: State, move: Choose, step: Any) -> State:
    if type(step) is KeepOne:
        room = move.target[0]
        others = list(step.seen)
        others.remove(room)
        deck = state.decks[step.size]
        state = fx.with_deck(state, step.size, Deck(deck.unseen, (*deck.bottom, *others)))
        return fx.supply_add(state, room)
    spec = EFFECTS[step.effect.name]
    return spec.run(game, state, move.target, **step.effect.kwargs())


# -- the steps that run by themselves -----------------------------------------------------------------


def advance(game: IceFortress, state: State) -> State:
    while not state.ended and state.todo:
        step, rest = state.todo[0], state.todo[1:]
        kind = type(step)
        if kind is StartTurn:
            state = start_turn(game, state._replace(todo=rest), step.hero)  # type: ignore[attr-defined]
        elif kind is EndTurn:
            state = end_turn(game, state._replace(todo=rest), step.hero)  # type: ignore[attr-defined]
        elif kind is Roll:
            if step.n <= 0 or not state.unused_dice:  # type: ignore[attr-defined]
                state = state._replace(todo=rest)
            else:
                return state
        elif kind in (Pull, DrawShard):
            if step.n <= 0 or not sum(state.bag):  # type: ignore[attr-defined]
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is DrawRoom:
            if step.n <= 0 or not state.decks[step.size].size:  # type: ignore[attr-defined]
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is Peek:
            if step.n <= 0 or not state.decks[step.size].size:  # type: ignore[attr-defined]
                state = state._replace(todo=((KeepOne(step.size, step.seen),) if step.seen else ()) + rest)  # type: ignore[attr-defined]
            else:
                return state
        elif kind is Deal:
            if not deal_candidates(game, state, step):  # type: ignore[arg-type]
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is Do:
            targets = effect_targets(game, state, step)  # type: ignore[arg-type]
            if targets is None:
                spec = EFFECTS[step.effect.name]  # type: ignore[attr-defined]
                state = spec.run(game, state._replace(todo=rest), None, **step.effect.kwargs())  # type: ignore[attr-defined]
            elif not targets:
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is KeepOne:
            if len(set(step.seen)) == 1:  # type: ignore[attr-defined]
                state = choose(game, state._replace(todo=rest), Choose(0, (step.seen[0],)), step)  # type: ignore[attr-defined]
            else:
                return state
        elif kind is Flooding:
            rooms = sorted(set(state.supply))
            if len(rooms) > 1:
                return state
            if rooms:
                state = fx.to_bottom(fx.supply_remove(state, rooms[0]), game, rooms[0])
            state = state._replace(todo=state.todo[1:])
        elif kind is Limit:
            d = game.variant.difficulty
            if len(state.supply) <= d and sum(state.shards) <= d:
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is Choosing:
            pool = sorted(set(choosing_pool(state, step)))  # type: ignore[arg-type]
            if len(pool) >= 2:
                return state
            # a card set with too few abilities to choose from: the character keeps what it has
            heroes = list(state.heroes)
            heroes[step.hero] = heroes[step.hero]._replace(abilities=tuple(pool))  # type: ignore[attr-defined]
            state = state._replace(heroes=tuple(heroes), todo=rest)
        else:
            return state
    return state


def dice_to_roll(game: IceFortress, state: State, hero: int) -> int:
    """Step 1: the dice on your cards, one fewer per air invader while air's harm is on, at most
    the unused dice (R7, R28)."""
    n = hero_dice(game, state, hero)
    if harm_on(state, AIR):
        n -= invaders_in(state, AIR)
    return max(0, min(n, state.unused_dice))


def start_turn(game: IceFortress, state: State, hero: int) -> State:
    """Step 1: roll."""
    n = game.dice_to_roll(state, hero)
    return state._replace(current=hero, used=(), todo=(Roll(n), Build(hero), *state.todo))


def end_turn(game: IceFortress, state: State, hero: int) -> State:
    """Clean-up: the rolled and spent dice back to the unused dice, spent shards to the bag."""
    bag = tuple(b + s for b, s in zip(state.bag, state.spent_shards, strict=True))
    state = state._replace(unused_dice=state.unused_dice + len(state.rolled) + state.spent_dice, rolled=(),
                           spent_dice=0, bag=bag, spent_shards=(0,) * 4, used=(), turns=state.turns + 1)
    v = game.variant
    if v.max_turns and state.turns >= v.max_turns:
        return state._replace(todo=(), ended=f"lost: turn limit ({v.max_turns} turns)")
    return state._replace(todo=(StartTurn((hero + 1) % v.characters), *state.todo))


__all__ = ["Built", "moves"]
