"""Dectana's values: the table (`State`), the steps of its script (what happens next) and the moves.

A pyramid is a plain tuple (x, y, owner seat, size 1-3 (its pips), facing UP, N, E, S or W); card
piles are counts per card (a card is its index in decktet.py's table); hands and the pyramids
are sorted, so equal tables are equal values.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ...core.game import move_kind
from ...core.script import step_kind

COLOURS = ("red", "blue", "green", "yellow", "purple")
UP, N, E, S, W = range(5)
FACINGS = "unesw"
STEP = {N: (0, 1), E: (1, 0), S: (0, -1), W: (-1, 0)}
Space = tuple[int, int]
Pyr = tuple[int, int, int, int, int]
"""A pyramid on the board: x, y, owner seat, size (1-3, its pips), facing (UP, N, E, S or W)."""


class State(NamedTuple):
    """The table. Card piles are counts per card; hands are sorted; pyramids are sorted."""

    cards: tuple[tuple[Space, tuple[int, ...]], ...]  # each territory's pile, bottom first
    pyramids: tuple[Pyr, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]  # the draw pile: how many of each card (its order is not kept: a draw is chance)
    discard: tuple[int, ...]
    reshuffles: int
    turns: int  # turns completed
    todo: tuple[Step, ...]  # what happens next, first step first
    ended: str  # why the game ended, or ""
    deck_top: tuple[int, ...] = ()
    """The draw pile's top cards where their order is known (a set-up position may say it), the
    next drawn first; each is counted in `deck` too. () in play: a draw is any card of the pile."""


# -- the script's steps: decisions wait for a player (or chance); the rest run by themselves ----------


@step_kind
class Lay(NamedTuple):
    """Chance: the draw pile's top card is laid face up on a space."""
    x: int
    y: int


@step_kind
class Deal(NamedTuple):
    """Chance: a player draws `n` more cards, one at a time."""
    seat: int
    n: int


@step_kind
class Placing(NamedTuple):
    """Set-up: a player places a small pyramid."""
    seat: int


@step_kind
class Turn(NamedTuple):
    """A player chooses one of the five options."""
    seat: int


@step_kind
class Uses(NamedTuple):
    """A Crown's further uses: `left` more of `suit`, by `minions` (None: any of the seat's)."""
    seat: int
    suit: int
    left: int
    minions: tuple[Pyr, ...] | None


@step_kind
class Pushing(NamedTuple):
    """Moons: pyramids on (x, y) are pushed in direction `way` with `points` left."""
    seat: int
    x: int
    y: int
    way: int
    points: int
    moved: bool


@step_kind
class Attacking(NamedTuple):
    """Wyrms: opposing pyramids on (x, y) are shrunk with `points` left; `hit` are the
    victims already struck, as they now are."""
    seat: int
    x: int
    y: int
    points: int
    hit: tuple[tuple[int, int, int], ...]  # (owner, size, facing)
    struck: bool


@step_kind
class Reorienting(NamedTuple):
    """Option 3: `done` are the seat's pyramids already reoriented, as they now are; `before` are
    all the seat's pyramids as they stood before the first."""
    seat: int
    done: tuple[Pyr, ...]
    before: tuple[Pyr, ...]


@step_kind
class Limit(NamedTuple):
    """The hand limit: a hand over six is discarded down to six (`asked`: the end window has
    been opened before it, with `end_window` "any_step")."""
    seat: int
    asked: bool = False


@step_kind
class Window(NamedTuple):
    """The end may be declared: `order` are the seats still to be asked (the first holds three
    Aces)."""
    order: tuple[int, ...]


@step_kind
class KnotEnd(NamedTuple):
    """Knots flat, after its draw: the pyramid and the territory's card are destroyed."""
    x: int
    y: int
    actor: Pyr


@step_kind
class Spent(NamedTuple):
    """The card used from a hand goes to the discards once all its uses are done."""
    card: int


@step_kind
class EndTurn(NamedTuple):
    """The turn is over: the next player's begins (after the window to end the game)."""
    seat: int


Step = Lay | Deal | Placing | Turn | Uses | Pushing | Attacking | Reorienting | Limit | Window | KnotEnd | Spent | EndTurn


# -- the moves ------------------------------------------------------------------------------------


@move_kind
class LayCard(NamedTuple):
    """Chance: `card` is laid on (x, y)."""
    x: int
    y: int
    card: int


@move_kind
class DrawCard(NamedTuple):
    """Chance: seat `to` draws `card`."""
    to: int
    card: int


@move_kind
class Place(NamedTuple):
    """A small pyramid placed on (x, y), facing `facing` (set-up, or option 4)."""
    player: int
    x: int
    y: int
    facing: int


@move_kind
class Play(NamedTuple):
    """Option 2: `card` from the hand, used for `suit` by the pyramid (x, y, size, facing);
    `arg` is the Waves distance (0: slide the card), the card Leaves places, or 0."""
    player: int
    card: int
    suit: int
    x: int
    y: int
    size: int
    facing: int
    arg: int


@move_kind
class Activate(NamedTuple):
    """Option 1: the top card on (cx, cy), used for `suit` by a pyramid, as Play."""
    player: int
    cx: int
    cy: int
    suit: int
    x: int
    y: int
    size: int
    facing: int
    arg: int


@move_kind
class Again(NamedTuple):
    """A Crown's next use, by a pyramid, as Play."""
    player: int
    x: int
    y: int
    size: int
    facing: int
    arg: int


@move_kind
class Orient(NamedTuple):
    """Option 3: one pyramid turned to face `to`."""
    player: int
    x: int
    y: int
    size: int
    facing: int
    to: int


@move_kind
class Push(NamedTuple):
    """Moons: the pyramid (owner, size, facing) on the pushed space moves `k` spaces."""
    player: int
    owner: int
    size: int
    facing: int
    k: int


@move_kind
class Hit(NamedTuple):
    """Wyrms: the opposing pyramid (owner, size, facing) takes `k` points."""
    player: int
    owner: int
    size: int
    facing: int
    k: int


@move_kind
class Discard(NamedTuple):
    """The hand limit: `card` goes to the discards."""
    player: int
    card: int


@move_kind
class Done(NamedTuple):
    """Stop reorienting, pushing, attacking, or using a Crown."""
    player: int


@move_kind
class Pass(NamedTuple):
    """Option 3 with no pyramid reoriented."""
    player: int


@move_kind
class Renew(NamedTuple):
    """Option 5: discard the hand, draw that many plus one."""
    player: int


@move_kind
class End(NamedTuple):
    """Discard three Aces: the game ends."""
    player: int


@move_kind
class Wait(NamedTuple):
    """Do not end the game now."""
    player: int


Move = (LayCard | DrawCard | Place | Play | Activate | Again | Orient | Push | Hit | Discard | Done | Pass
        | Renew | End | Wait)
MOVE_KINDS = (LayCard, DrawCard, Place, Play, Activate, Again, Orient, Push, Hit, Discard, Done, Pass, Renew, End,
              Wait)
CHANCE_MOVES = (LayCard, DrawCard)
"""The moves chance makes (a card laid or drawn); every other move names its player."""
SeatMove = Place | Play | Activate | Again | Orient | Push | Hit | Discard | Done | Pass | Renew | End | Wait
Use = Play | Activate | Again
"""A power used: from the hand, from the board, or a Crown's next use."""


# -- small edits of the values (the rules are in rules.py) ------------------------------------------


def ahead(x: int, y: int, facing: int) -> Space:
    """The space a flat pyramid at (x, y) points at."""
    dx, dy = STEP[facing]
    return x + dx, y + dy


def remove(pyramids: tuple[Pyr, ...], p: Pyr) -> tuple[Pyr, ...]:
    """The pyramids without one copy of p."""
    i = pyramids.index(p)
    return pyramids[:i] + pyramids[i + 1:]


def add(pyramids: tuple[Pyr, ...], p: Pyr) -> tuple[Pyr, ...]:
    return tuple(sorted((*pyramids, p)))


def freeze(cards: dict[Space, tuple[int, ...]]) -> tuple[tuple[Space, tuple[int, ...]], ...]:
    return tuple(sorted(cards.items()))


def lift(cards: dict[Space, tuple[int, ...]], s: Space, whole: bool = False) -> tuple[int, ...]:
    """Take the top card of a territory's pile (or the `whole` pile) out of `cards`; the cards
    beneath, if any, stay and keep the space a territory."""
    pile = cards.pop(s)
    lifted = pile if whole else pile[-1:]
    if len(lifted) < len(pile):
        cards[s] = pile[: len(pile) - len(lifted)]
    return lifted


def counts_add(counts: tuple[int, ...], card: int, n: int = 1) -> tuple[int, ...]:
    return (*counts[:card], counts[card] + n, *counts[card + 1:])


def hand_add(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, card)))


def hand_remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def iter_counts(counts: tuple[int, ...]) -> Iterator[int]:
    """The cards present in a pile of counts, each kind once."""
    return (c for c, n in enumerate(counts) if n)
