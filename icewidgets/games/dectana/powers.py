"""Dectana's suit powers (the rulebook's "Suit Powers"; docs/rules/dectana.md): for each suit, its
upright and its flat ability, each as the uses it allows (`<power>_args`) and what a use does; and
the steps a push or an attack leaves (a victim at a time).

P is the acting pyramid and X its pips; a flat P acts on S, the adjacent space it points at,
never on its own space. A use must change something, and nothing may be done to a territory's
card while pyramids are on it, so every power on a card needs an empty territory. Each use is a
(pyramid, arg) pair: arg is the Waves distance (0 slides the card instead), the card Leaves puts
down, or 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.script import push
from .decktet import CARDS, KNOTS, LEAVES, MOONS, SUNS, WAVES, WYRMS
from .moves import (
    STEP,
    UP,
    Attacking,
    Deal,
    Hit,
    KnotEnd,
    Lay,
    Limit,
    Push,
    Pushing,
    Pyr,
    Space,
    State,
    Step,
    add,
    ahead,
    freeze,
    hand_add,
    hand_remove,
    lift,
    remove,
)
from .table import Table, cards_left, discard_cards, stash

if TYPE_CHECKING:
    from . import Dectana

Use = tuple[Pyr, int]


def uses(game: Dectana, state: State, table: Table, seat: int, suit: int, actors: list[Pyr],
         spare: tuple[int, ...]) -> Iterator[Use]:
    """Every legal use of a suit by one of `actors`; `spare` are the hand cards Leaves may put
    down (the hand without the card being used)."""
    args = ARGS[suit]
    for actor in actors:
        for arg in args(game, state, table, actor, spare):
            yield actor, arg


def is_use(game: Dectana, state: State, table: Table, suit: int, actor: Pyr, arg: int,
           spare: tuple[int, ...]) -> bool:
    return arg in ARGS[suit](game, state, table, actor, spare)


# -- Suns: Create -----------------------------------------------------------------------------------


def suns_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, seat, _, facing = actor
    if facing == UP:  # add your small, upright, to that territory
        fits = table.territory((x, y)) or (game.variant.create_in_wasteland and table.wasteland((x, y)))
        return [0] if fits and stash(state.pyramids, seat, 1) else []
    # put the top card of the deck on the empty wasteland pointed at
    s = ahead(x, y, facing)
    return [0] if table.wasteland(s) and not table.occupied(s) and cards_left(state) else []


def create(state: State, actor: Pyr) -> tuple[State, tuple[Step, ...]]:
    x, y, seat, _, _ = actor
    return state._replace(pyramids=add(state.pyramids, (x, y, seat, 1, UP))), ()


def create_card(state: State, actor: Pyr) -> tuple[State, tuple[Step, ...]]:
    return state, (Lay(*ahead(actor[0], actor[1], actor[4])),)


# -- Leaves: Grow -----------------------------------------------------------------------------------


def leaves_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, seat, size, facing = actor
    if facing == UP:  # replace it with your pyramid one size larger
        return [0] if size < 3 and stash(state.pyramids, seat, size + 1) else []
    # put a card of greater value from your hand on the empty territory pointed at
    s = ahead(x, y, facing)
    if not table.empty_territory(s):
        return []
    under = CARDS[table.top(s)].value
    return sorted({c for c in spare if CARDS[c].value > under})


def grow(state: State, actor: Pyr) -> tuple[State, Pyr]:
    x, y, seat, size, _ = actor
    bigger = (x, y, seat, size + 1, UP)
    return state._replace(pyramids=add(remove(state.pyramids, actor), bigger)), bigger


def grow_card(state: State, actor: Pyr, card: int) -> State:
    s = ahead(actor[0], actor[1], actor[4])
    cards = dict(state.cards)
    cards[s] = (*cards[s], card)
    hands = list(state.hands)
    hands[actor[2]] = hand_remove(hands[actor[2]], card)
    return state._replace(cards=freeze(cards), hands=tuple(hands))


# -- Waves: Move ------------------------------------------------------------------------------------


def waves_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, _, _size, facing = actor
    if facing == UP:
        return []
    out = [d for d, _ in move_path(game, table, actor)]
    if table.empty_territory(ahead(x, y, facing)):  # slide the card pointed at
        out.append(0)
    return out


def move_path(game: Dectana, table: Table, actor: Pyr) -> list[tuple[int, bool]]:
    """The distances the pyramid may move (1 to its pips, straight ahead), each with whether it
    ends in the void (and so destroys it, `wave_void` "destroy")."""
    x, y, _, size, facing = actor
    dx, dy = STEP[facing]
    out = []
    for d in range(1, size + 1):
        if table.void((x + d * dx, y + d * dy)):
            if game.variant.wave_void == "destroy":
                out.append((d, True))
                break
            if game.variant.wave_void == "forbid":
                break
            continue  # "pass": it may cross the void, not stop there
        out.append((d, False))
    return out


def move(game: Dectana, state: State, table: Table, actor: Pyr, d: int) -> tuple[State, Pyr | None]:
    """The pyramid moves d spaces ahead and stands upright (or is gone in the void)."""
    x, y, seat, size, facing = actor
    dx, dy = STEP[facing]
    pyramids = remove(state.pyramids, actor)
    if dict(move_path(game, table, actor))[d]:
        return state._replace(pyramids=pyramids), None
    moved = (x + d * dx, y + d * dy, seat, size, UP)
    return state._replace(pyramids=add(pyramids, moved)), moved


def move_card(game: Dectana, state: State, actor: Pyr) -> State:
    """The card pointed at slides ahead to the first space that is not a territory (a
    wasteland: pyramids there now occupy it); then the void check."""
    x, y, _, _, facing = actor
    s = ahead(x, y, facing)
    cards = dict(state.cards)
    moving = lift(cards, s, game.variant.wave_moves_pile)
    t = ahead(*s, facing)
    while t in cards:
        t = ahead(*t, facing)
    cards[t] = moving
    return state._replace(cards=freeze(cards), pyramids=Table(cards, state.pyramids).settle())


# -- Moons: Steal -----------------------------------------------------------------------------------


def moons_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, seat, size, facing = actor
    if facing == UP:
        return []
    s = ahead(x, y, facing)
    if any(p[3] <= size for p in pushable(game, table, s, seat)):  # push the pyramids pointed at
        return [0]
    return [0] if table.empty_territory(s) else []  # take the card pointed at


def pushable(game: Dectana, table: Table, s: Space, seat: int) -> list[Pyr]:
    return [p for p in table.pieces(s) if game.variant.push_own or p[2] != seat]


def push_start(state: State, actor: Pyr) -> tuple[State, tuple[Step, ...]]:
    x, y, seat, size, facing = actor
    return state, (Pushing(seat, *ahead(x, y, facing), facing, size, False),)


def take_card(state: State, actor: Pyr) -> tuple[State, tuple[Step, ...]]:
    """The card pointed at goes to your hand; the void check; then the hand limit."""
    x, y, seat, _, facing = actor
    s = ahead(x, y, facing)
    cards = dict(state.cards)
    (card,) = lift(cards, s)
    hands = list(state.hands)
    hands[seat] = hand_add(hands[seat], card)
    state = state._replace(cards=freeze(cards), hands=tuple(hands), pyramids=Table(cards, state.pyramids).settle())
    return state, (Limit(seat),)


def push_path(table: Table, step: Pushing, k: int) -> tuple[Space, bool]:
    """Where a pyramid pushed k spaces from the pushed space ends, and whether in the void
    (where it is destroyed at once, so a push goes no farther than the first void)."""
    dx, dy = STEP[step.way]
    for i in range(1, k + 1):
        sp = (step.x + i * dx, step.y + i * dy)
        if table.void(sp):
            return sp, True
    return (step.x + k * dx, step.y + k * dy), False


def push_distances(table: Table, step: Pushing, size: int) -> range:
    """How far a pyramid of this size may be pushed: a point per pip per space, to the void at most."""
    most = step.points // size
    dx, dy = STEP[step.way]
    for i in range(1, most + 1):
        if table.void((step.x + i * dx, step.y + i * dy)):
            return range(1, i + 1)
    return range(1, most + 1)


def push_moves(game: Dectana, state: State, step: Pushing) -> Iterator[Push]:
    """Each pyramid on the pushed space, each distance the points left take it."""
    table = Table.of(state)
    for _, _, owner, size, facing in sorted(set(pushable(game, table, (step.x, step.y), step.seat))):
        for k in push_distances(table, step, size):
            yield Push(step.seat, owner, size, facing, k)


def push_victim(game: Dectana, state: State, step: Pushing, move: Push) -> State:
    """A pyramid on the pushed space moves k spaces on, keeping its orientation; one that
    enters the void is destroyed. The points spent are k times its pips; the push goes on while
    they can push another."""
    table = Table.of(state)
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    (x, y), gone = push_path(table, step, move.k)
    pyramids = remove(state.pyramids, victim)
    if not gone:
        pyramids = add(pyramids, (x, y, move.owner, move.size, move.facing))
    state = state._replace(pyramids=pyramids)
    after = step._replace(points=step.points - move.k * move.size, moved=True)
    return push(state, after) if any(push_moves(game, state, after)) else state


# -- Wyrms: Destroy ---------------------------------------------------------------------------------


def wyrms_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, seat, size, facing = actor
    if facing == UP:
        return []
    s = ahead(x, y, facing)
    victims = [p for p in table.pieces(s) if p[2] != seat]
    if victims:  # shrink the opposing pyramids pointed at
        step = Attacking(seat, *s, size, (), False)
        return [0] if any(hit_points(game, state, step, victims, p) for p in victims) else []
    return [0] if table.empty_territory(s) else []  # destroy the card pointed at


def attack_start(state: State, actor: Pyr) -> tuple[State, tuple[Step, ...]]:
    x, y, seat, size, facing = actor
    return state, (Attacking(seat, *ahead(x, y, facing), size, (), False),)


def unhit(table: Table, step: Attacking) -> list[Pyr]:
    """The opposing pyramids on the attacked space not struck yet."""
    left = list(step.hit)
    out = []
    for p in table.pieces((step.x, step.y)):
        if p[2] == step.seat:
            continue
        form = (p[2], p[3], p[4])
        if form in left:
            left.remove(form)
        else:
            out.append(p)
    return out


def hit_points(game: Dectana, state: State, step: Attacking, victims: list[Pyr], p: Pyr) -> list[int]:
    """The points a victim may take: 1 to its pips, within the points left; with `wyrm_substitute`
    "none", only points its owner's stash has the smaller size for (or all its pips); with
    `wyrm_full`, only as many as keep the most the attack can spend within reach (one victim:
    all it can take)."""
    size = p[3]
    allowed = [k for k in range(1, min(size, step.points) + 1)
               if game.variant.wyrm_substitute == "nearest" or k == size or stash(state.pyramids, p[2], size - k)]
    if not game.variant.wyrm_full or not allowed:
        return allowed
    if game.variant.wyrm_single_victim:
        return allowed[-1:]
    if game.variant.wyrm_substitute == "nearest":  # what the others cannot take of min(points, their pips) falls on p
        others = sum(q[3] for q in victims) - size
        return [k for k in allowed if k >= min(size, step.points - others)]
    owners = sorted({q[2] for q in victims})
    stock = tuple(stash(state.pyramids, o, t) for o in owners for t in (1, 2))
    forms = sorted((owners.index(q[2]), q[3]) for q in victims)
    o = owners.index(p[2])
    rest = list(forms)
    rest.remove((o, size))
    goal = most_spent(step.points, tuple(forms), stock)
    return [k for k in allowed
            if k + most_spent(step.points - k, tuple(rest), after_hit(stock, o, size, k)) == goal]


def after_hit(stock: tuple[int, ...], owner: int, size: int, k: int) -> tuple[int, ...]:
    """The smalls and mediums in each owner's stash (two counts per owner) after a victim of
    this size takes k points with `wyrm_substitute` "none": the victim goes back, its
    replacement comes out."""
    out = list(stock)
    if size < 3:
        out[2 * owner + size - 1] += 1
    if size - k:
        out[2 * owner + size - k - 1] -= 1
    return tuple(out)


@lru_cache(maxsize=4096)
def most_spent(points: int, victims: tuple[tuple[int, int], ...], stock: tuple[int, ...]) -> int:
    """The most points an attack can spend on these victims ((owner, size) each) with
    `wyrm_substitute` "none", where a victim takes all its pips or a number its owner's stash
    has the smaller size for, and victims may be struck in any order."""
    best = 0
    for i, (o, size) in enumerate(victims):
        if best == points:
            break
        if i and victims[i - 1] == (o, size):
            continue
        rest = victims[:i] + victims[i + 1:]
        for k in range(1, min(size, points) + 1):
            if k < size and not stock[2 * o + size - k - 1]:
                continue
            best = max(best, k + most_spent(points - k, rest, after_hit(stock, o, size, k)))
    return best


def shrunk_size(state: State, p: Pyr, k: int) -> int:
    """What a victim of k points becomes (0: destroyed): the size k smaller if its owner has it
    in stash, else the nearest size that is (or 0), the smaller on a tie."""
    t = p[3] - k
    if t == 0 or stash(state.pyramids, p[2], t):
        return t
    candidates = [0, *(u for u in range(1, p[3]) if stash(state.pyramids, p[2], u))]
    return min(candidates, key=lambda u: (abs(u - t), u))


def destroy_card(state: State, actor: Pyr) -> State:
    """The card pointed at is discarded; the void check."""
    s = ahead(actor[0], actor[1], actor[4])
    cards = dict(state.cards)
    state = discard_cards(state, lift(cards, s))
    return state._replace(cards=freeze(cards), pyramids=Table(cards, state.pyramids).settle())


def hit_moves(game: Dectana, state: State, step: Attacking) -> Iterator[Hit]:
    """Each opposing pyramid on the attacked space not struck yet, each number of points it may take."""
    if step.points <= 0:
        return
    table = Table.of(state)
    victims = unhit(table, step)
    for p in sorted(set(victims)):
        for k in hit_points(game, state, step, victims, p):
            yield Hit(step.seat, p[2], p[3], p[4], k)


def hit_victim(game: Dectana, state: State, step: Attacking, move: Hit) -> State:
    """A victim takes k points: it becomes the pyramid k sizes smaller from its owner's stash,
    the nearest size there, or is destroyed. The attack goes on while points are left for
    another victim (one victim only with `wyrm_single_victim`)."""
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    size = shrunk_size(state, victim, move.k)
    pyramids = remove(state.pyramids, victim)
    hit = step.hit
    if size:
        pyramids = add(pyramids, (step.x, step.y, move.owner, size, move.facing))
        hit = (*hit, (move.owner, size, move.facing))
    state = state._replace(pyramids=pyramids)
    after = step._replace(points=step.points - move.k, hit=hit, struck=True)
    more = not game.variant.wyrm_single_victim and any(hit_moves(game, state, after))
    return push(state, after) if more else state


# -- Knots: Draw ------------------------------------------------------------------------------------


def knots_args(game: Dectana, state: State, table: Table, actor: Pyr, spare: tuple[int, ...]) -> list[int]:
    x, y, _, _, facing = actor
    if facing == UP:  # draw X cards
        return [0] if cards_left(state) else []
    return [0] if table.empty_territory(ahead(x, y, facing)) else []  # draw the card's value, lose both


def draw(actor: Pyr) -> tuple[Step, ...]:
    return Deal(actor[2], actor[3]), Limit(actor[2])


def draw_and_destroy(table: Table, actor: Pyr) -> tuple[Step, ...]:
    """Draw the territory's value; then the pyramid and the territory are destroyed; then the
    hand limit."""
    s = ahead(actor[0], actor[1], actor[4])
    return Deal(actor[2], max(CARDS[table.top(s)].value, 0)), KnotEnd(*s, actor), Limit(actor[2])


def knot_end(game: Dectana, state: State, step: KnotEnd) -> State:
    cards = dict(state.cards)
    state = discard_cards(state, lift(cards, (step.x, step.y), game.variant.knot_destroys_pile))
    pyramids = remove(state.pyramids, step.actor) if step.actor in state.pyramids else state.pyramids
    return state._replace(cards=freeze(cards), pyramids=Table(cards, pyramids).settle())


ARGS = {SUNS: suns_args, LEAVES: leaves_args, WAVES: waves_args, MOONS: moons_args, WYRMS: wyrms_args,
        KNOTS: knots_args}


def resolve(game: Dectana, state: State, suit: int, actor: Pyr, arg: int) -> tuple[State, tuple[Step, ...], Pyr | None]:
    """A legal use: the state after it, the steps it leaves to do (chance, choices, the hand
    limit), and what became of the acting pyramid (None: gone or spent)."""
    table = Table.of(state)
    flat = actor[4] != UP
    if suit == SUNS:
        state, steps = create_card(state, actor) if flat else create(state, actor)
        return state, steps, actor
    if suit == LEAVES:
        if flat:
            return grow_card(state, actor, arg), (), actor
        state, bigger = grow(state, actor)
        return state, (), bigger
    if suit == WAVES:
        if arg == 0:
            state = move_card(game, state, actor)
            return state, (), actor if actor in state.pyramids else None
        state, moved = move(game, state, table, actor, arg)
        return state, (), moved
    s = ahead(actor[0], actor[1], actor[4]) if flat else (actor[0], actor[1])
    if suit == MOONS:
        state, steps = push_start(state, actor) if table.occupied(s) else take_card(state, actor)
        return state, steps, actor if actor in state.pyramids else None
    if suit == WYRMS:
        if table.occupied(s):
            state, steps = attack_start(state, actor)
            return state, steps, actor
        state = destroy_card(state, actor)
        return state, (), actor if actor in state.pyramids else None
    if flat:  # Knots
        return state, draw_and_destroy(table, actor), None
    return state, draw(actor), actor
