"""Dectana (Ryan Hackel): pyramids on a board of Decktet cards that grows and shrinks.

The rules in the order of the rulebook, as icewidgets reads them (docs/rules/dectana.md has
every reading taken where the rulebook is open, and the variant's options giving the other
readings):

1. Components. 2 to 5 players, each with three nests (3 small, 3 medium, 3 large) in their colour;
   what is not on the board is the stash, and a power that needs a piece the stash lacks cannot be
   used. Two Decktets shuffled together (72 cards; `extended_deck` adds the Pawns, Courts and
   Excuses). A destroyed, grown-out or shrunk-out pyramid goes back to its owner's stash.
2. Set-up. Nine cards from the draw pile make a 3x3 board on the spaces (-1..1, -1..1); each
   player is dealt three; then, in reverse seat order, each places a small pyramid on any
   territory or wasteland, even an occupied one, in any orientation (`placement_upright`). Every
   card laid or dealt is a chance move from the cards that seat cannot see, so a record replays
   exactly and a designer can set any draw by hand.
3. The board: spaces on an unbounded grid, x east, y north, adjacent orthogonally. A territory
   holds cards (its top card counts); a wasteland has none but touches a territory; every other
   space is void, and a pyramid there is destroyed at once (`settle`, run after every change). No
   limit on pyramids per space.
4. Orientation: upright (`UP`) or flat pointing N, E, S or W at the adjacent space ahead.
5. A turn is one of five options: activate a board card you occupy; use then discard a card from
   your hand; reorient any number of your pyramids (none is a pass: `allow_pass`); place a small
   when you have no pyramid on the board; discard your hand and draw that many plus one. A board
   card is used by one of your pyramids on it (`board_actor`), a hand card by any of yours.
6. Suit powers (powers.py), each needing an upright or flat acting pyramid and a legal target;
   a use must change something. Nothing may be done to a territory's card while pyramids are on
   it. Crowns give up to three uses of their suit; Pawns and Courts have three suits; the Excuse
   has none.
7. Hand, draw pile and discards: draw from the pile; when it is empty, the discards are shuffled
   into a new pile (`reshuffles` counts it; `reshuffle_on_empty`). After a draw or take, a hand
   over six is discarded down to six, a card at a time, by its player.
8. The end: once the pile has been reshuffled, a player holding three Aces may discard them to
   end the game (`end_window`: when that may be declared). `max_turns` (off in play) stops a
   simulation's game after that many turns, scored as it stands.
9. Score: each territory solely occupied by one player scores its top card's value for them
   (Aces 1, numbers at face value, the rest 0). Highest wins; a tie goes to the tied player with
   more pyramids on the board; a tie there shares the win.

A turn's many-sided choices are taken as a sequence of small decisions (the moves of moves.py):
a power use is one move; reorienting is one pyramid at a time, then `done`; a push or an attack
spends its points a victim at a time; a Crown's further uses and the hand limit's discards are
moves of their own. The state's `todo` is the turn's script (core/script.py): its first step is
what happens next. Each rule below registers on `script` the steps it brings: who decides a
step and the moves it allows (`@script.decision`), what a move does (`@script.does`), and the
steps that run by themselves (`@script.runs`: a draw that finds the pile empty, the hand limit,
the end of a turn, the window to end the game).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.errors import IllegalMove
from ...core.script import Script, push
from . import powers
from .decktet import ACES, CARDS, COPIES
from .moves import (
    CHANCE_MOVES,
    UP,
    Activate,
    Again,
    Attacking,
    Deal,
    Discard,
    Done,
    DrawCard,
    E,
    End,
    EndTurn,
    Hit,
    KnotEnd,
    Lay,
    LayCard,
    Limit,
    Move,
    N,
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
    S,
    Space,
    Spent,
    State,
    Step,
    Turn,
    Use,
    Uses,
    W,
    Wait,
    Window,
    add,
    counts_add,
    freeze,
    hand_add,
    hand_remove,
    iter_counts,
    remove,
)
from .table import Table, discard_cards, discarded, own

if TYPE_CHECKING:
    from . import Dectana

HAND_LIMIT = 6

script: Script[Dectana, State, Move] = Script()
"""The turn's script: each rule below registers the steps it brings."""


def by_seat(game: Dectana, state: State, step: Placing | Turn | Uses | Pushing | Attacking | Reorienting | Limit) -> int:
    """Who decides a player's step: the seat it names."""
    return step.seat


def by_chance(game: Dectana, state: State, step: Lay | Deal) -> int:
    return CHANCE


# -- 1. Components: each seat's stash (`stash`, `own`) in table.py ------------------------------


# -- 2. Set-up ----------------------------------------------------------------------------------


START_SPACES = tuple((x, y) for y in (1, 0, -1) for x in (-1, 0, 1))


def setup(game: Dectana) -> State:
    """The empty table, and the set-up's script: nine cards laid, three dealt to each, and the
    first pyramids placed in reverse seat order; then seat 0's turn."""
    v = game.variant
    deck = tuple(COPIES if i in v.kinds else 0 for i in range(len(CARDS)))
    todo: tuple[Step, ...] = (*(Lay(x, y) for x, y in START_SPACES),
                              *(Deal(s, 3) for s in range(v.players)),
                              *(Placing(s) for s in reversed(range(v.players))), Turn(0))
    return State((), (), ((),) * v.players, deck, (0,) * len(CARDS), 0, 0, todo, "")


def placements(game: Dectana, state: State, seat: int) -> Iterator[Place]:
    """A small on any territory or wasteland, facing any way the variant allows."""
    table = Table.of(state)
    for x, y in table.spaces():
        for facing in placement_facings(game):
            yield Place(seat, x, y, facing)


def can_place(table: Table, sp: Space) -> bool:
    """Set-up and option 4: on any territory or wasteland."""
    return table.territory(sp) or table.wasteland(sp)


def placement_facings(game: Dectana) -> tuple[int, ...]:
    return (UP,) if game.variant.placement_upright else (UP, N, E, S, W)


@script.decision(Placing, by=by_seat)
def placing_moves(game: Dectana, state: State, step: Placing) -> Iterator[Place]:
    return placements(game, state, step.seat)


@script.does(Place)
def place(game: Dectana, state: State, step: Placing | Turn, move: Place) -> State:
    """A small placed (in the set-up, or as option 4, which ends the turn)."""
    pyramids = add(state.pyramids, (move.x, move.y, move.player, 1, move.facing))
    todo = (EndTurn(move.player), *state.todo) if isinstance(step, Turn) else state.todo
    return state._replace(pyramids=pyramids, todo=todo)


# -- 3. The board: its spaces (`Table`: territories, wastelands, the void) in table.py ----------


# -- 4. Orientation: UP, or flat pointing N, E, S or W (moves.py; `ahead` is the space pointed at) --


# -- 5. A turn: one of five options ---------------------------------------------------------------


@script.decision(Turn, by=by_seat)
def turn_moves(game: Dectana, state: State, step: Turn) -> Iterator[Move]:
    """The five options, in the rulebook's order (and the end, where it is declared in a turn)."""
    v, seat = game.variant, step.seat
    table = Table.of(state)
    mine = own(state.pyramids, seat)
    hand = state.hands[seat]
    if mine:
        # 1. activate a card on the board that you occupy
        for sp in sorted({(p[0], p[1]) for p in mine if (p[0], p[1]) in table.cards}):
            card = CARDS[table.top(sp)]
            actors = [p for p in mine if (p[0], p[1]) == sp] if v.board_actor == "on_card" else mine
            for suit in card.suits:
                for (x, y, _, size, facing), arg in powers.uses(game, state, table, seat, suit, actors, hand):
                    yield Activate(seat, sp[0], sp[1], suit, x, y, size, facing, arg)
        # 2. use, then discard, a card from your hand
        for c in sorted(set(hand)):
            spare = hand_remove(hand, c)
            for suit in CARDS[c].suits:
                for (x, y, _, size, facing), arg in powers.uses(game, state, table, seat, suit, mine, spare):
                    yield Play(seat, c, suit, x, y, size, facing, arg)
        # 3. reorient any number of your pyramids
        yield from orient_moves(state, seat, ())
    if v.allow_pass:
        yield Pass(seat)
    # 4. with no pyramid on the board, place a small one
    if not mine:
        yield from placements(game, state, seat)
    # 5. discard your hand, draw that many plus one
    yield Renew(seat)
    if v.end_window == "own_turn" and may_end(state, seat):
        yield End(seat)


def whose_turn(state: State) -> int | None:
    """The seat whose turn it is: the one the script's next `Turn` or `EndTurn` names (a push,
    an attack, the hand limit or a window asking another seat happen within it; a window between
    turns opens the turn that follows, the last one being over). None during the set-up, which
    is no one's turn (its `Placing` steps come first)."""
    for step in state.todo:
        if isinstance(step, (Turn, EndTurn)):
            return step.seat
        if isinstance(step, Placing):
            return None
    return None


# options 1 and 2: a power used (section 6 resolves it)


@script.does(Activate)
def activate(game: Dectana, state: State, step: Turn, move: Activate) -> State:
    """Option 1: the top card of a space you occupy, used by one of your pyramids on it (any of
    yours with `board_actor` "any"); a Crown's later uses by those that were on it."""
    table = Table.of(state)
    sp = (move.cx, move.cy)
    minions = (tuple(p for p in table.pieces(sp) if p[2] == move.player)
               if game.variant.board_actor == "on_card" else None)
    left = 2 if CARDS[table.top(sp)].crown else 0
    return use_power(game, state, move, move.suit, left, minions, (EndTurn(move.player),))


@script.does(Play)
def play(game: Dectana, state: State, step: Turn, move: Play) -> State:
    """Option 2: a card from the hand, kept aside until its uses are done, then discarded."""
    hands = list(state.hands)
    hands[move.player] = hand_remove(hands[move.player], move.card)
    state = state._replace(hands=tuple(hands))
    left = 2 if CARDS[move.card].crown else 0
    return use_power(game, state, move, move.suit, left, None, (Spent(move.card), EndTurn(move.player)))


# option 3: reorient


def orient_moves(state: State, seat: int, done: tuple[Pyr, ...]) -> Iterator[Orient]:
    """Each of the seat's pyramids not yet reoriented this turn, to any other orientation."""
    mine = [p for p in state.pyramids if p[2] == seat]
    for p in sorted(set(mine)):
        if mine.count(p) > done.count(p):
            yield from (Orient(seat, p[0], p[1], p[3], p[4], to) for to in range(5) if to != p[4])


def pyramids_of(pyramids: tuple[Pyr, ...], seat: int) -> tuple[Pyr, ...]:
    """The seat's pyramids on the board (sorted, as the table's are)."""
    return tuple(p for p in pyramids if p[2] == seat)


def changed(state: State, step: Reorienting) -> bool:
    """Whether the reorienting has changed the position: pyramids of one owner, size and space
    are alike, so two of them turned into each other's facings change nothing."""
    return pyramids_of(state.pyramids, step.seat) != step.before


def restores(state: State, step: Reorienting, move: Orient) -> bool:
    """Whether this reorientation puts the seat's pyramids back as they stood before the first."""
    seat = move.player
    after = add(remove(state.pyramids, (move.x, move.y, seat, move.size, move.facing)),
                (move.x, move.y, seat, move.size, move.to))
    return pyramids_of(after, seat) == step.before


@script.decision(Reorienting, by=by_seat)
def reorienting_moves(game: Dectana, state: State, step: Reorienting) -> Iterator[Orient | Done]:
    """Another pyramid, or stop. Where a pass is not allowed (`allow_pass`), the reorienting must
    change the position (one left as it was would be a pass in disguise): no reorientation puts
    the pyramids back as they stood, and `done` is offered only where they stand otherwise, as in
    play they always do once one has turned."""
    if game.variant.allow_pass:
        yield from orient_moves(state, step.seat, step.done)
        yield Done(step.seat)
        return
    yield from (m for m in orient_moves(state, step.seat, step.done) if not restores(state, step, m))
    if changed(state, step):
        yield Done(step.seat)


@script.does(Orient)
def orient(game: Dectana, state: State, step: Turn | Reorienting, move: Orient) -> State:
    """One pyramid turned; the first of a turn starts the reorienting, which `done` ends."""
    seat = move.player
    new = (move.x, move.y, seat, move.size, move.to)
    pyramids = add(remove(state.pyramids, (move.x, move.y, seat, move.size, move.facing)), new)
    if isinstance(step, Reorienting):
        return state._replace(pyramids=pyramids, todo=(step._replace(done=(*step.done, new)), *state.todo))
    before = pyramids_of(state.pyramids, seat)
    return state._replace(pyramids=pyramids, todo=(Reorienting(seat, (new,), before), EndTurn(seat), *state.todo))


@script.does(Pass)
def pass_(game: Dectana, state: State, step: Turn, move: Pass) -> State:
    """Option 3 with no pyramid reoriented (`allow_pass`)."""
    return push(state, EndTurn(move.player))


@script.does(Done)
def done(game: Dectana, state: State, step: Reorienting | Uses | Pushing | Attacking, move: Done) -> State:
    """Stop reorienting, pushing, attacking or using a Crown."""
    return state


# option 5: renew


@script.does(Renew)
def renew(game: Dectana, state: State, step: Turn, move: Renew) -> State:
    """Discard the hand first (so a reshuffle may take it back), then draw that many plus one."""
    seat = move.player
    hands = list(state.hands)
    old, hands[seat] = hands[seat], ()
    return state._replace(hands=tuple(hands), discard=discarded(state.discard, old),
                          todo=(Deal(seat, len(old) + 1), Limit(seat), EndTurn(seat), *state.todo))


@script.runs(EndTurn)
def end_turn(game: Dectana, state: State, step: EndTurn) -> State:
    """The next seat's turn, after the window to end the game (`end_window`); `max_turns` stops
    a simulation's game."""
    v = game.variant
    turns = state.turns + 1
    if v.max_turns and turns >= v.max_turns:
        return state._replace(turns=turns, todo=(), ended=f"turn limit ({v.max_turns} turns)")
    window = (Window(window_order(game, step.seat)),) if v.end_window != "own_turn" else ()
    return state._replace(turns=turns, todo=(*window, Turn((step.seat + 1) % v.players), *state.todo))


# -- 6. Suit powers (powers.py) ---------------------------------------------------------------------


def use_power(game: Dectana, state: State, move: Use, suit: int, left: int, minions: tuple[Pyr, ...] | None,
              after: tuple[Step, ...]) -> State:
    """A power used by the move's pyramid: the steps it leaves (a draw, a push...), then a Crown's
    `left` further uses (by `minions`, those of its pyramids still on its card; None: any of the
    seat's), then `after`."""
    seat = move.player
    actor = (move.x, move.y, seat, move.size, move.facing)
    state, steps, became = powers.resolve(game, state, suit, actor, move.arg)
    if minions is not None:
        minions = remove(minions, actor) if actor in minions else minions
        if became is not None:
            minions = add(minions, became)
    more = (Uses(seat, suit, left, minions),) if left else ()
    window = (Window(window_order(game, seat)),) if game.variant.end_window == "any_step" and more else ()
    return push(state, *steps, *window, *more, *after)


def crown_actors(state: State, step: Uses) -> list[Pyr]:
    mine = own(state.pyramids, step.seat)
    return mine if step.minions is None else [p for p in mine if p in step.minions]


def crown_moves(game: Dectana, state: State, step: Uses) -> Iterator[Again]:
    table = Table.of(state)
    hand = state.hands[step.seat]
    for (x, y, _, size, facing), arg in powers.uses(game, state, table, step.seat, step.suit,
                                                    crown_actors(state, step), hand):
        yield Again(step.seat, x, y, size, facing, arg)


@script.decision(Uses, by=by_seat)
def crown_choices(game: Dectana, state: State, step: Uses) -> Iterator[Again | Done]:
    """A Crown: another use of its suit, or stop."""
    yield from crown_moves(game, state, step)
    yield Done(step.seat)


@script.runs(Uses)
def crown_left(game: Dectana, state: State, step: Uses) -> State | None:
    """A Crown's uses end when none is left or none can be made."""
    return state if step.left <= 0 or not any(crown_moves(game, state, step)) else None


@script.does(Again)
def again(game: Dectana, state: State, step: Uses, move: Again) -> State:
    return use_power(game, state, move, step.suit, step.left - 1, step.minions, ())


@script.decision(Pushing, by=by_seat)
def pushing_moves(game: Dectana, state: State, step: Pushing) -> Iterator[Push | Done]:
    """Moons: push a pyramid on the space pointed at; stop once one has been pushed."""
    yield from powers.push_moves(game, state, step)
    if step.moved:
        yield Done(step.seat)


@script.does(Push)
def push_victim(game: Dectana, state: State, step: Pushing, move: Push) -> State:
    return powers.push_victim(game, state, step, move)


@script.decision(Attacking, by=by_seat)
def attacking_moves(game: Dectana, state: State, step: Attacking) -> Iterator[Hit | Done]:
    """Wyrms: points on a victim; stop once one has been struck (with `wyrm_full`, only when no
    point left can be spent)."""
    yield from powers.hit_moves(game, state, step)
    if step.struck and not (game.variant.wyrm_full and any(powers.hit_moves(game, state, step))):
        yield Done(step.seat)


@script.does(Hit)
def hit_victim(game: Dectana, state: State, step: Attacking, move: Hit) -> State:
    return powers.hit_victim(game, state, step, move)


@script.runs(KnotEnd)
def knot_end(game: Dectana, state: State, step: KnotEnd) -> State:
    return powers.knot_end(game, state, step)


@script.runs(Spent)
def spent(game: Dectana, state: State, step: Spent) -> State:
    """The card used from the hand goes to the discards once its uses are done."""
    return discard_cards(state, [step.card])


# -- 7. Hand, draw pile, discards ---------------------------------------------------------------


def reshuffle(state: State) -> State:
    """The discards become the new draw pile, in no known order."""
    return state._replace(deck=state.discard, discard=(0,) * len(state.discard), reshuffles=state.reshuffles + 1,
                          deck_top=())




@script.before_each_step
def reshuffle_when_empty(game: Dectana, state: State) -> State:
    """`reshuffle_on_empty`: the discards are shuffled into a new pile as soon as it runs out."""
    if game.variant.reshuffle_on_empty and not any(state.deck) and any(state.discard):
        return reshuffle(state)
    return state


def draw_due(game: Dectana, state: State, step: Lay | Deal) -> State | None:
    """A draw waits for chance; from an empty pile it first reshuffles the discards, and with
    both empty the rest of the draw is skipped."""
    if isinstance(step, Deal) and step.n <= 0:
        return state
    if any(state.deck):
        return None
    if any(state.discard):
        return push(reshuffle(state), step)
    return state


script.runs(Lay)(draw_due)
script.runs(Deal)(draw_due)


def draws(game: Dectana, state: State, step: Lay | Deal) -> Iterator[LayCard | DrawCard]:
    """Chance: the card laid or drawn is any card of the pile (the pile keeps no order), or its
    top card where a set-up position said the order."""
    cards = state.deck_top[:1] or iter_counts(state.deck)
    if isinstance(step, Lay):
        return (LayCard(step.x, step.y, c) for c in cards)
    return (DrawCard(step.seat, c) for c in cards)


script.decision(Lay, by=by_chance)(draws)
script.decision(Deal, by=by_chance)(draws)


def draw_odds(state: State) -> tuple[list[int], list[float]]:
    """The cards a draw may bring, in the order `draws` gives them, and the chance of each: any
    card of the pile, as likely as its copies there (the known top card, for certain, where the
    order is known)."""
    if state.deck_top:
        return [state.deck_top[0]], [1.0]
    total = sum(state.deck)
    cards = list(iter_counts(state.deck))
    return cards, [state.deck[c] / total for c in cards]


def drawn(step: Lay | Deal, card: int) -> LayCard | DrawCard:
    """The chance move of a card laid or drawn."""
    return LayCard(step.x, step.y, card) if isinstance(step, Lay) else DrawCard(step.seat, card)


def due_draw(state: State) -> Lay | Deal | None:
    """The draw chance makes next, if it is chance's turn."""
    step = state.todo[0] if state.todo and not state.ended else None
    return step if isinstance(step, (Lay, Deal)) else None


def chance_outcomes(game: Dectana, state: State) -> list[tuple[Move, float]]:
    """The card drawn, with its chance (see `draw_odds`)."""
    step = due_draw(state)
    if step is None:
        return []
    cards, odds = draw_odds(state)
    return [(drawn(step, c), p) for c, p in zip(cards, odds, strict=True)]


def chance_move(game: Dectana, state: State, rng: random.Random) -> Move:
    """The card drawn at random, as `chance_outcomes` weighs it: only the card drawn is made a move."""
    step = due_draw(state)
    cards, odds = draw_odds(state) if step is not None else ([], [])
    if step is None or not cards:
        raise IllegalMove("no chance event is due here")
    return drawn(step, rng.choices(cards, odds)[0])


@script.does(LayCard)
def lay_card(game: Dectana, state: State, step: Lay, move: LayCard) -> State:
    cards = dict(state.cards)
    cards[(move.x, move.y)] = (move.card,)
    # the card leaves the pile (its known top card, where the order is known)
    return state._replace(cards=freeze(cards), deck=counts_add(state.deck, move.card, -1), deck_top=state.deck_top[1:])


@script.does(DrawCard)
def draw_card(game: Dectana, state: State, step: Deal, move: DrawCard) -> State:
    hands = list(state.hands)
    hands[move.to] = hand_add(hands[move.to], move.card)
    n = step.n - 1
    return state._replace(hands=tuple(hands), deck=counts_add(state.deck, move.card, -1), deck_top=state.deck_top[1:],
                          todo=(Deal(move.to, n), *state.todo) if n else state.todo)


@script.decision(Limit, by=by_seat)
def limit_moves(game: Dectana, state: State, step: Limit) -> Iterator[Discard]:
    return (Discard(step.seat, c) for c in sorted(set(state.hands[step.seat])))


@script.runs(Limit)
def hand_limit(game: Dectana, state: State, step: Limit) -> State | None:
    """After a draw or take, a hand over six is discarded down to six, a card at a time (with
    `end_window` "any_step", the end may be declared first)."""
    if len(state.hands[step.seat]) <= HAND_LIMIT:
        return state
    if game.variant.end_window == "any_step" and not step.asked:
        return push(state, Window(window_order(game, step.seat)), step._replace(asked=True))
    return None


@script.does(Discard)
def discard(game: Dectana, state: State, step: Limit, move: Discard) -> State:
    hands = list(state.hands)
    hands[move.player] = hand_remove(hands[move.player], move.card)
    return state._replace(hands=tuple(hands), discard=counts_add(state.discard, move.card),
                          todo=(step, *state.todo))  # asked again while still over


def resample(game: Dectana, state: State, seat: int, rng: random.Random) -> State:
    """What `seat` cannot tell from this state: the other hands dealt anew from the cards it cannot
    see (the pile and those hands), the pile in no known order (no seat knows it). While a seat is
    being asked whether to end the game, it holds three Aces (it would not be asked otherwise)."""
    pool = [c for c, n in enumerate(state.deck) for _ in range(n)]
    pool += [c for s, h in enumerate(state.hands) if s != seat for c in h]
    step = state.todo[0] if state.todo else None
    asked = step.order[0] if isinstance(step, Window) and step.order[0] != seat else None
    rng.shuffle(pool)
    hands = list(state.hands)
    if asked is not None:  # deal the asked seat its three Aces first
        aces = [c for c in pool if c in ACES][:3]
        for c in aces:
            pool.remove(c)
        hands[asked] = tuple(aces)
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        have = hands[s] if s == asked else ()
        need = len(hand) - len(have)
        hands[s] = tuple(sorted((*have, *pool[:need])))
        pool = pool[need:]
    deck = [0] * len(state.deck)
    for c in pool:
        deck[c] += 1
    return state._replace(hands=tuple(hands), deck=tuple(deck), deck_top=())


# -- 8. The end -----------------------------------------------------------------------------------


def may_end(state: State, seat: int) -> bool:
    """After a reshuffle, a player holding three Aces may discard them to end the game."""
    return state.reshuffles > 0 and sum(1 for c in state.hands[seat] if c in ACES) >= 3


def three_aces(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The Aces discarded to end the game (which three changes nothing: the lowest)."""
    return tuple(c for c in hand if c in ACES)[:3]


def window_order(game: Dectana, first: int) -> tuple[int, ...]:
    """Every seat once, starting with `first`."""
    return tuple((first + i) % game.seats for i in range(game.seats))


@script.decision(Window, by=lambda game, state, step: step.order[0])
def window_moves(game: Dectana, state: State, step: Window) -> Iterator[End | Wait]:
    yield End(step.order[0])
    yield Wait(step.order[0])


@script.runs(Window)
def ask_to_end(game: Dectana, state: State, step: Window) -> State | None:
    """Each seat in `order` holding three Aces is asked in turn; the others are passed over."""
    first = next((i for i, s in enumerate(step.order) if may_end(state, s)), None)
    if first is None:
        return state
    return push(state, Window(step.order[first:])) if first else None


@script.does(End)
def end(game: Dectana, state: State, step: Window | Turn, move: End) -> State:
    """Three Aces discarded: the game ends (a card being used from a hand is discarded too)."""
    hands = list(state.hands)
    aces = three_aces(hands[move.player])
    for c in aces:
        hands[move.player] = hand_remove(hands[move.player], c)
    spent = tuple(s.card for s in state.todo if isinstance(s, Spent))
    return discard_cards(state._replace(hands=tuple(hands)), (*aces, *spent))._replace(todo=(), ended="three Aces")


@script.does(Wait)
def wait(game: Dectana, state: State, step: Window, move: Wait) -> State:
    return push(state, Window(step.order[1:]))


# -- 9. Score -------------------------------------------------------------------------------------


def scores(game: Dectana, state: State) -> tuple[int, ...]:
    """Each territory solely occupied by one player scores its top card for them."""
    points = [0] * game.seats
    owners: dict[Space, set[int]] = {}
    for p in state.pyramids:
        owners.setdefault((p[0], p[1]), set()).add(p[2])
    for sp, pile in state.cards:
        who = owners.get(sp)
        if who is not None and len(who) == 1:
            points[next(iter(who))] += CARDS[pile[-1]].score
    return tuple(points)


def pyramids_on_board(state: State, seat: int) -> int:
    return sum(1 for p in state.pyramids if p[2] == seat)


def winners(game: Dectana, state: State) -> tuple[int, ...]:
    """Highest score (the game's `scores`); a tie goes to more pyramids on the board; a tie there
    shares the win."""
    points = game.scores(state)
    tied = [s for s in range(game.seats) if points[s] == max(points)]
    most = max(pyramids_on_board(state, s) for s in tied)
    return tuple(s for s in tied if pyramids_on_board(state, s) == most)


# -- the moves of the step at the head of the script ------------------------------------------------


def script_moves(game: Dectana, state: State) -> list[Move]:
    """The moves the step at the head of the script allows, each once."""
    return list(dict.fromkeys(script.moves(game, state)))


def legal_moves(game: Dectana, state: State) -> list[Move]:
    """The legal moves here: the script's, the power uses only where the game's `may_use` allows."""
    moves = script_moves(game, state)
    if game.shipped("may_use"):
        return moves
    return [m for m in moves if not isinstance(m, (Play, Activate, Again)) or game.may_use(state, m)]


def move_player(move: Move) -> int:
    """The seat that makes a move; CHANCE for a card laid or drawn."""
    return CHANCE if isinstance(move, CHANCE_MOVES) else move.player
