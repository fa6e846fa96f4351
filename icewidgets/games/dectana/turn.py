"""Dectana's turn as a script of steps (rules.py): what each step lets its player do, what a
move does, and the steps that run by themselves in between (draws refilled by a reshuffle, the
hand limit, the end of a turn, the window to end the game)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.chance import CHANCE
from . import powers
from .decktet import CARDS
from .rules import (
    CHANCE_STEPS,
    HAND_LIMIT,
    Activate,
    Again,
    Attacking,
    Deal,
    DectanaVariant,
    Discard,
    Done,
    DrawCard,
    End,
    EndTurn,
    Hit,
    KnotEnd,
    Lay,
    LayCard,
    Limit,
    Move,
    Orient,
    Pass,
    Place,
    Placing,
    Play,
    Push,
    Pushing,
    Pyr,
    Renew,
    Reorienting,
    Spent,
    State,
    Table,
    Turn,
    Uses,
    Wait,
    Window,
    add,
    counts_add,
    discard_cards,
    freeze,
    hand_add,
    hand_remove,
    iter_counts,
    may_end,
    own,
    placement_facings,
    remove,
    reshuffle,
    three_aces,
)


def actor_of(step: object) -> int:
    """Who decides the step (CHANCE for a draw)."""
    if type(step) in CHANCE_STEPS:
        return CHANCE
    if type(step) is Window:
        return step.order[0]
    return step.seat  # type: ignore[attr-defined]


# -- the moves of each step -------------------------------------------------------------------------


def moves(v: DectanaVariant, state: State) -> Iterator[Move]:
    """The legal moves of the step at the head of the script."""
    step = state.todo[0]
    kind = type(step)
    if kind is Turn:
        yield from turn_moves(v, state, step.seat)  # type: ignore[attr-defined]
    elif kind is Lay:
        yield from (LayCard(step.x, step.y, c) for c in iter_counts(state.deck))  # type: ignore[attr-defined]
    elif kind is Deal:
        yield from (DrawCard(step.seat, c) for c in iter_counts(state.deck))  # type: ignore[attr-defined]
    elif kind is Placing:
        yield from placements(v, state, step.seat)  # type: ignore[attr-defined]
    elif kind is Uses:
        yield from crown_moves(v, state, step)  # type: ignore[arg-type]
        yield Done(step.seat)  # type: ignore[attr-defined]
    elif kind is Pushing:
        yield from push_moves(v, state, step)  # type: ignore[arg-type]
        if step.moved:  # type: ignore[attr-defined]
            yield Done(step.seat)  # type: ignore[attr-defined]
    elif kind is Attacking:
        yield from hit_moves(v, state, step)  # type: ignore[arg-type]
        if step.struck and not (v.wyrm_full and any(hit_moves(v, state, step))):  # type: ignore[attr-defined, arg-type]
            yield Done(step.seat)  # type: ignore[attr-defined]
    elif kind is Reorienting:
        yield from orient_moves(state, step.seat, step.done)  # type: ignore[attr-defined]
        yield Done(step.seat)  # type: ignore[attr-defined]
    elif kind is Limit:
        yield from (Discard(step.seat, c) for c in sorted(set(state.hands[step.seat])))  # type: ignore[attr-defined]
    elif kind is Window:
        seat = step.order[0]  # type: ignore[attr-defined]
        yield End(seat)
        yield Wait(seat)


def placements(v: DectanaVariant, state: State, seat: int) -> Iterator[Place]:
    table = Table.of(state)
    for x, y in table.spaces():
        for facing in placement_facings(v):
            yield Place(seat, x, y, facing)


def turn_moves(v: DectanaVariant, state: State, seat: int) -> Iterator[Move]:
    """The five options, in the rulebook's order (and the end, where it is declared in a turn)."""
    table = Table.of(state)
    mine = own(state.pyramids, seat)
    hand = state.hands[seat]
    if mine:
        # 1. activate a card on the board that you occupy
        for sp in sorted({(p[0], p[1]) for p in mine if (p[0], p[1]) in table.cards}):
            card = CARDS[table.top(sp)]
            actors = [p for p in mine if (p[0], p[1]) == sp] if v.board_actor == "on_card" else mine
            for suit in card.suits:
                for (x, y, _, size, facing), arg in powers.uses(v, state, table, seat, suit, actors, hand):
                    yield Activate(seat, sp[0], sp[1], suit, x, y, size, facing, arg)
        # 2. use, then discard, a card from your hand
        for c in sorted(set(hand)):
            spare = hand_remove(hand, c)
            for suit in CARDS[c].suits:
                for (x, y, _, size, facing), arg in powers.uses(v, state, table, seat, suit, mine, spare):
                    yield Play(seat, c, suit, x, y, size, facing, arg)
        # 3. reorient any number of your pyramids
        yield from orient_moves(state, seat, ())
    if v.allow_pass:
        yield Pass(seat)
    # 4. with no pyramid on the board, place a small one
    if not mine:
        yield from placements(v, state, seat)
    # 5. discard your hand, draw that many plus one
    yield Renew(seat)
    if v.end_window == "own_turn" and may_end(state, seat):
        yield End(seat)


def orient_moves(state: State, seat: int, done: tuple[Pyr, ...]) -> Iterator[Orient]:
    """Each of the seat's pyramids not yet reoriented this turn, to any other orientation."""
    mine = [p for p in state.pyramids if p[2] == seat]
    for p in sorted(set(mine)):
        if mine.count(p) > done.count(p):
            yield from (Orient(seat, p[0], p[1], p[3], p[4], to) for to in range(5) if to != p[4])


def crown_actors(state: State, step: Uses) -> list[Pyr]:
    mine = own(state.pyramids, step.seat)
    return mine if step.minions is None else [p for p in mine if p in step.minions]


def crown_moves(v: DectanaVariant, state: State, step: Uses) -> Iterator[Again]:
    table = Table.of(state)
    hand = state.hands[step.seat]
    for (x, y, _, size, facing), arg in powers.uses(v, state, table, step.seat, step.suit, crown_actors(state, step), hand):
        yield Again(step.seat, x, y, size, facing, arg)


def push_moves(v: DectanaVariant, state: State, step: Pushing) -> Iterator[Push]:
    table = Table.of(state)
    for _, _, owner, size, facing in sorted(set(powers.pushable(v, table, (step.x, step.y), step.seat))):
        for k in powers.push_distances(table, step, size):
            yield Push(step.seat, owner, size, facing, k)


def hit_moves(v: DectanaVariant, state: State, step: Attacking) -> Iterator[Hit]:
    if step.points <= 0:
        return
    table = Table.of(state)
    victims = powers.unhit(table, step)
    for p in sorted(set(victims)):
        for k in powers.hit_points(v, state, step, victims, p):
            yield Hit(step.seat, p[2], p[3], p[4], k)


def legal(v: DectanaVariant, state: State) -> list[Move]:
    """The legal moves here, each once."""
    return list(dict.fromkeys(moves(v, state)))


# -- what a move does -------------------------------------------------------------------------------


def apply(v: DectanaVariant, state: State, move: Any) -> State:
    """The state after a legal move, with the steps that follow run."""
    step, rest = state.todo[0], state.todo[1:]
    kind = type(move)
    if kind is LayCard:
        cards = dict(state.cards)
        cards[(move.x, move.y)] = (move.card,)
        state = state._replace(cards=freeze(cards), deck=counts_add(state.deck, move.card, -1), todo=rest)
    elif kind is DrawCard:
        hands = list(state.hands)
        hands[move.to] = hand_add(hands[move.to], move.card)
        n = step.n - 1  # type: ignore[attr-defined]
        todo = ((Deal(move.to, n),) if n else ()) + rest
        state = state._replace(hands=tuple(hands), deck=counts_add(state.deck, move.card, -1), todo=todo)
    elif kind is Place:
        p = (move.x, move.y, move.player, 1, move.facing)
        after = (EndTurn(move.player), *rest) if type(step) is Turn else rest
        state = state._replace(pyramids=add(state.pyramids, p), todo=after)
    elif kind in (Play, Activate, Again):
        state = use(v, state, move)
    elif kind is Orient:
        state = orient(state, move, step)
    elif kind is Push:
        state = push(v, state, move, step)  # type: ignore[arg-type]
    elif kind is Hit:
        state = hit(v, state, move, step)  # type: ignore[arg-type]
    elif kind is Discard:
        hands = list(state.hands)
        hands[move.player] = hand_remove(hands[move.player], move.card)
        state = discard_cards(state._replace(hands=tuple(hands)), [move.card])
    elif kind is Done:
        state = state._replace(todo=rest)
    elif kind is Pass:
        state = state._replace(todo=(EndTurn(move.player), *rest))
    elif kind is Renew:
        hands = list(state.hands)
        old, hands[move.player] = hands[move.player], ()
        state = discard_cards(state._replace(hands=tuple(hands)), old)
        state = state._replace(todo=(Deal(move.player, len(old) + 1), Limit(move.player), EndTurn(move.player), *rest))
    elif kind is End:
        hands = list(state.hands)
        aces = three_aces(hands[move.player])
        for c in aces:
            hands[move.player] = hand_remove(hands[move.player], c)
        # a card being used from a hand when the game ends (end_window "any_step") is discarded too
        spent = tuple(s.card for s in state.todo if type(s) is Spent)
        state = discard_cards(state._replace(hands=tuple(hands)), (*aces, *spent))._replace(todo=(), ended="three Aces")
    elif kind is Wait:
        state = state._replace(todo=(Window(step.order[1:]), *rest))  # type: ignore[attr-defined]
    return advance(v, state)


def use(v: DectanaVariant, state: State, move: Any) -> State:
    """A power used: a card from the hand (kept aside until its uses are done), a card on the
    board, or a Crown's next use."""
    seat, step, rest = move.player, state.todo[0], state.todo[1:]
    actor = (move.x, move.y, seat, move.size, move.facing)
    if type(move) is Again:
        assert type(step) is Uses
        suit, left, minions, after = step.suit, step.left - 1, step.minions, rest
    else:
        card = move.card if type(move) is Play else Table.of(state).top((move.cx, move.cy))
        suit, left = move.suit, (2 if CARDS[card].crown else 0)
        if type(move) is Play:
            hands = list(state.hands)
            hands[seat] = hand_remove(hands[seat], card)
            state = state._replace(hands=tuple(hands))
            after = (Spent(card), EndTurn(seat), *rest)
            minions = None
        else:
            after = (EndTurn(seat), *rest)
            table = Table.of(state)
            minions = (tuple(table.pieces((move.cx, move.cy))) if v.board_actor == "on_card" else None)
            minions = None if minions is None else tuple(p for p in minions if p[2] == seat)
    state, steps, became = powers.resolve(v, state, suit, actor, move.arg)
    if minions is not None:
        minions = remove(minions, actor) if actor in minions else minions
        if became is not None:
            minions = add(minions, became)
    more = (Uses(seat, suit, left, minions),) if left else ()
    window = (Window(window_order(v, seat)),) if v.end_window == "any_step" and more else ()
    return state._replace(todo=(*steps, *window, *more, *after))


def window_order(v: DectanaVariant, first: int) -> tuple[int, ...]:
    """Every seat once, starting with `first`."""
    return tuple((first + i) % v.players for i in range(v.players))


def orient(state: State, move: Orient, step: object) -> State:
    seat = move.player
    old = (move.x, move.y, seat, move.size, move.facing)
    new = (move.x, move.y, seat, move.size, move.to)
    done = (*step.done, new) if type(step) is Reorienting else (new,)
    rest = state.todo[1:] if type(step) is Reorienting else (EndTurn(seat), *state.todo[1:])
    pyramids = add(remove(state.pyramids, old), new)
    todo = (Reorienting(seat, done), *rest)
    return state._replace(pyramids=pyramids, todo=todo)


def push(v: DectanaVariant, state: State, move: Push, step: Pushing) -> State:
    """A pyramid on the pushed space moves k spaces on, keeping its orientation; one that
    enters the void is destroyed. The points spent are k times its pips."""
    table = Table.of(state)
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    (x, y), gone = powers.push_path(table, step, move.k)
    pyramids = remove(state.pyramids, victim)
    moved = None if gone else (x, y, move.owner, move.size, move.facing)
    if moved is not None:
        pyramids = add(pyramids, moved)
    rest = state.todo[1:]
    points = step.points - move.k * move.size
    state = state._replace(pyramids=pyramids)
    after = step._replace(points=points, moved=True)
    left = any(push_moves(v, state, after))
    return state._replace(todo=((after,) if left else ()) + rest)


def hit(v: DectanaVariant, state: State, move: Hit, step: Attacking) -> State:
    """A victim takes k points: it becomes the pyramid k sizes smaller from its owner's stash,
    the nearest size there, or is destroyed."""
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    size = powers.shrunk_size(state, victim, move.k)
    pyramids = remove(state.pyramids, victim)
    hit_ = step.hit
    if size:
        pyramids = add(pyramids, (step.x, step.y, move.owner, size, move.facing))
        hit_ = (*hit_, (move.owner, size, move.facing))
    state = state._replace(pyramids=pyramids)
    after = step._replace(points=step.points - move.k, hit=hit_, struck=True)
    more = not v.wyrm_single_victim and any(hit_moves(v, state, after))
    return state._replace(todo=((after,) if more else ()) + state.todo[1:])


# -- the steps that run by themselves ---------------------------------------------------------------


def advance(v: DectanaVariant, state: State) -> State:
    """Run the script up to the next decision (of a player or of chance)."""
    while not state.ended and state.todo:
        if v.reshuffle_on_empty and not any(state.deck) and any(state.discard):
            state = reshuffle(state)
        step, rest = state.todo[0], state.todo[1:]
        kind = type(step)
        if kind is Deal or kind is Lay:
            if kind is Deal and step.n <= 0:  # type: ignore[attr-defined]
                state = state._replace(todo=rest)
            elif any(state.deck):
                return state
            elif any(state.discard):
                state = reshuffle(state)
            else:  # nothing left to draw: the rest of the draw is skipped
                state = state._replace(todo=rest)
        elif kind is Limit:
            if len(state.hands[step.seat]) <= HAND_LIMIT:  # type: ignore[attr-defined]
                state = state._replace(todo=rest)
            elif v.end_window == "any_step" and not step.asked:  # type: ignore[attr-defined]
                state = state._replace(todo=(Window(window_order(v, step.seat)), step._replace(asked=True), *rest))  # type: ignore[attr-defined]
            else:
                return state
        elif kind is Window:
            order = step.order  # type: ignore[attr-defined]
            first = next((i for i, s in enumerate(order) if may_end(state, s)), None)
            if first is None:
                state = state._replace(todo=rest)
            else:
                return state._replace(todo=(Window(order[first:]), *rest)) if first else state
        elif kind is Uses:
            if step.left <= 0 or not any(crown_moves(v, state, step)):  # type: ignore[attr-defined, arg-type]
                state = state._replace(todo=rest)
            else:
                return state
        elif kind is KnotEnd:
            state = powers.knot_end(v, state, step)._replace(todo=rest)  # type: ignore[arg-type]
        elif kind is Spent:
            state = discard_cards(state, [step.card])._replace(todo=rest)  # type: ignore[attr-defined]
        elif kind is EndTurn:
            state = end_turn(v, state, step.seat, rest)  # type: ignore[attr-defined]
        else:
            return state
    return state


def end_turn(v: DectanaVariant, state: State, seat: int, rest: tuple[object, ...]) -> State:
    turns = state.turns + 1
    if v.max_turns and turns >= v.max_turns:
        return state._replace(turns=turns, todo=(), ended=f"turn limit ({v.max_turns} turns)")
    window = (Window(window_order(v, seat)),) if v.end_window != "own_turn" else ()
    return state._replace(turns=turns, todo=(*window, Turn((seat + 1) % v.players), *rest))

