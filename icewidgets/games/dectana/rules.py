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

A turn's many-sided choices are taken as a sequence of small decisions (the moves below): a
power use is one move; reorienting is one pyramid at a time, then `done`; a push or an attack
spends its points a victim at a time; a Crown's further uses and the hand limit's discards are
moves of their own. The state's `todo` is the turn's script: its first step is what happens next.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ...core.chance import CHANCE
from ...core.game import move_kind
from ...core.variant import Variant, option
from .decktet import ACES, BASIC, CARDS, COPIES

COLOURS = ("red", "blue", "green", "yellow", "purple")
NESTS = 3  # of each size, per player
HAND_LIMIT = 6
UP, N, E, S, W = range(5)
FACINGS = "unesw"
STEP = {N: (0, 1), E: (1, 0), S: (0, -1), W: (-1, 0)}
Space = tuple[int, int]
Pyr = tuple[int, int, int, int, int]
"""A pyramid on the board: x, y, owner seat, size (1-3, its pips), facing (UP, N, E, S or W)."""


# -- 1. Components ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DectanaVariant(Variant):
    game: ClassVar[str] = "dectana"

    players: int = option(3, "number of players", low=2, high=5)
    extended_deck: bool = option(False, "add both decks' Pawns, Courts and Excuses (90 cards)")
    placement_upright: bool = option(False, "pyramids are placed upright (set-up and option 4)")
    board_actor: str = option(
        "on_card", "who uses a board card: one of your pyramids on it, or any of yours",
        choices=("on_card", "any"))
    allow_pass: bool = option(True, "option 3 with no pyramid reoriented is a pass")
    create_in_wasteland: bool = option(False, "Suns upright may add a small on a wasteland too")
    wave_void: str = option(
        "destroy", "a Waves move into the void: destroys the mover, may only cross it, or may not enter",
        choices=("destroy", "pass", "forbid"))
    wave_moves_pile: bool = option(False, "Waves slides a territory's whole pile, not its top card")
    push_own: bool = option(True, "Moons may push your own pyramids too")
    wyrm_single_victim: bool = option(False, "Wyrms spends all its points on one victim")
    wyrm_full: bool = option(False, "Wyrms must spend all the points it can")
    wyrm_substitute: str = option(
        "nearest", "a shrunk victim whose smaller size is missing: the nearest size in stash, or none",
        choices=("nearest", "none"))
    knot_destroys_pile: bool = option(False, "Knots flat discards the territory's whole pile")
    reshuffle_on_empty: bool = option(False, "reshuffle as soon as the draw pile runs out")
    end_window: str = option(
        "between_turns", "when three Aces may be discarded to end the game",
        choices=("between_turns", "own_turn", "any_step"))
    max_turns: int = option(0, "stop after this many turns, for simulation (0: never)", low=0, high=100_000, form=False)

    @property
    def kinds(self) -> tuple[int, ...]:
        """The cards of the deck in play (each comes COPIES times)."""
        return tuple(range(len(CARDS))) if self.extended_deck else BASIC


# -- The state, its script, and the moves ---------------------------------------------------------


class State(NamedTuple):
    """The table. Card piles are counts per card; hands are sorted; pyramids are sorted."""

    cards: tuple[tuple[Space, tuple[int, ...]], ...]  # each territory's pile, bottom first
    pyramids: tuple[Pyr, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]  # the draw pile: how many of each card (its order is not kept: a draw is chance)
    discard: tuple[int, ...]
    reshuffles: int
    turns: int  # turns completed
    todo: tuple[object, ...]  # what happens next, first step first
    ended: str  # why the game ended, or ""


# The script's steps. Decisions wait for a player (or chance); the rest run by themselves.
class Lay(NamedTuple):
    """Chance: the draw pile's top card is laid face up on a space."""
    x: int
    y: int


class Deal(NamedTuple):
    """Chance: a player draws `n` more cards, one at a time."""
    seat: int
    n: int


class Placing(NamedTuple):
    """Set-up: a player places a small pyramid."""
    seat: int


class Turn(NamedTuple):
    """A player chooses one of the five options."""
    seat: int


class Uses(NamedTuple):
    """A Crown's further uses: `left` more of `suit`, by `minions` (None: any of the seat's)."""
    seat: int
    suit: int
    left: int
    minions: tuple[Pyr, ...] | None


class Pushing(NamedTuple):
    """Moons: pyramids on (x, y) are pushed in direction `way` with `points` left."""
    seat: int
    x: int
    y: int
    way: int
    points: int
    moved: bool


class Attacking(NamedTuple):
    """Wyrms: opposing pyramids on (x, y) are shrunk with `points` left; `hit` are the
    victims already struck, as they now are."""
    seat: int
    x: int
    y: int
    points: int
    hit: tuple[tuple[int, int, int], ...]  # (owner, size, facing)
    struck: bool


class Reorienting(NamedTuple):
    """Option 3: `done` are the seat's pyramids already reoriented, as they now are."""
    seat: int
    done: tuple[Pyr, ...]


class Limit(NamedTuple):
    """The hand limit: a hand over six is discarded down to six (`asked`: the end window has
    been opened before it, with `end_window` "any_step")."""
    seat: int
    asked: bool = False


class Window(NamedTuple):
    """The end may be declared: `order` are the seats still to be asked (the first holds three
    Aces)."""
    order: tuple[int, ...]


class KnotEnd(NamedTuple):
    """Knots flat, after its draw: the pyramid and the territory's card are destroyed."""
    x: int
    y: int
    actor: Pyr


class Spent(NamedTuple):
    """The card used from a hand goes to the discards once all its uses are done."""
    card: int


class EndTurn(NamedTuple):
    seat: int


CHANCE_STEPS = (Lay, Deal)


@move_kind
class LayCard(NamedTuple):
    """Chance: `card` is laid on (x, y)."""
    x: int
    y: int
    card: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class DrawCard(NamedTuple):
    """Chance: seat `to` draws `card`."""
    to: int
    card: int

    @property
    def player(self) -> int:
        return CHANCE


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
USES = (Play, Activate, Again)


# -- 2. Set-up ----------------------------------------------------------------------------------


START_SPACES = tuple((x, y) for y in (1, 0, -1) for x in (-1, 0, 1))


def setup(v: DectanaVariant) -> State:
    """The empty table, and the set-up's script: nine cards laid, three dealt to each, and the
    first pyramids placed in reverse seat order; then seat 0's turn."""
    deck = tuple(COPIES if i in v.kinds else 0 for i in range(len(CARDS)))
    todo: tuple[object, ...] = (*(Lay(x, y) for x, y in START_SPACES),
                                *(Deal(s, 3) for s in range(v.players)),
                                *(Placing(s) for s in reversed(range(v.players))), Turn(0))
    return State((), (), ((),) * v.players, deck, (0,) * len(CARDS), 0, 0, todo, "")


# -- 3. The board ---------------------------------------------------------------------------------


def ahead(x: int, y: int, facing: int) -> Space:
    """The space a flat pyramid at (x, y) points at."""
    dx, dy = STEP[facing]
    return x + dx, y + dy


def neighbours(x: int, y: int) -> tuple[Space, ...]:
    return (x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)


class Table:
    """The board of a state, for the rules' questions about spaces."""

    __slots__ = ("cards", "pyramids")

    def __init__(self, cards: dict[Space, tuple[int, ...]], pyramids: tuple[Pyr, ...]) -> None:
        self.cards = cards
        self.pyramids = pyramids

    @classmethod
    def of(cls, state: State) -> Table:
        return cls(dict(state.cards), state.pyramids)

    def territory(self, sp: Space) -> bool:
        """A space with at least one card."""
        return sp in self.cards

    def wasteland(self, sp: Space) -> bool:
        """A space with no card next to a territory."""
        cards = self.cards
        return sp not in cards and any(n in cards for n in neighbours(*sp))

    def void(self, sp: Space) -> bool:
        return not self.territory(sp) and not self.wasteland(sp)

    def top(self, sp: Space) -> int:
        return self.cards[sp][-1]

    def pieces(self, sp: Space) -> list[Pyr]:
        x, y = sp
        return [p for p in self.pyramids if p[0] == x and p[1] == y]

    def occupied(self, sp: Space) -> bool:
        x, y = sp
        return any(p[0] == x and p[1] == y for p in self.pyramids)

    def empty_territory(self, sp: Space) -> bool:
        """A territory with no pyramid on it: the only kind whose card may be acted on."""
        return sp in self.cards and not self.occupied(sp)

    def spaces(self) -> list[Space]:
        """Every territory and wasteland, in reading order (north row first)."""
        found = set(self.cards)
        for sp in self.cards:
            found.update(neighbours(*sp))
        return sorted(found, key=lambda s: (-s[1], s[0]))

    def settle(self) -> tuple[Pyr, ...]:
        """The void check: pyramids left in the void are destroyed (back to their stash)."""
        cards = self.cards
        return tuple(p for p in self.pyramids
                     if (p[0], p[1]) in cards or any(n in cards for n in neighbours(p[0], p[1])))


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


def stash(pyramids: tuple[Pyr, ...], seat: int, size: int) -> int:
    """How many pyramids of this size the seat holds off the board."""
    return NESTS - sum(1 for p in pyramids if p[2] == seat and p[3] == size)


def own(pyramids: tuple[Pyr, ...], seat: int) -> list[Pyr]:
    """The seat's pyramids on the board, each form once."""
    return sorted({p for p in pyramids if p[2] == seat})


def remove(pyramids: tuple[Pyr, ...], p: Pyr) -> tuple[Pyr, ...]:
    """The pyramids without one copy of p."""
    i = pyramids.index(p)
    return pyramids[:i] + pyramids[i + 1:]


def add(pyramids: tuple[Pyr, ...], p: Pyr) -> tuple[Pyr, ...]:
    return tuple(sorted((*pyramids, p)))


# -- 4. The turn's options ------------------------------------------------------------------------


def can_place(table: Table, sp: Space) -> bool:
    """Set-up and option 4: on any territory or wasteland."""
    return table.territory(sp) or table.wasteland(sp)


def placement_facings(v: DectanaVariant) -> tuple[int, ...]:
    return (UP,) if v.placement_upright else (UP, N, E, S, W)


# -- 7. Hand, draw pile, discards ---------------------------------------------------------------


def counts_add(counts: tuple[int, ...], card: int, n: int = 1) -> tuple[int, ...]:
    return (*counts[:card], counts[card] + n, *counts[card + 1:])


def hand_add(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, card)))


def hand_remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def reshuffle(state: State) -> State:
    """The discards become the new draw pile."""
    return state._replace(deck=state.discard, discard=(0,) * len(state.discard), reshuffles=state.reshuffles + 1)


def discard_cards(state: State, cards: tuple[int, ...] | list[int]) -> State:
    d = list(state.discard)
    for c in cards:
        d[c] += 1
    return state._replace(discard=tuple(d))


def cards_left(state: State) -> int:
    """Cards that a draw could still reach: the pile, and the discards it would be refilled from."""
    return sum(state.deck) + sum(state.discard)


# -- 8. The end -----------------------------------------------------------------------------------


def may_end(state: State, seat: int) -> bool:
    """After a reshuffle, a player holding three Aces may discard them to end the game."""
    return state.reshuffles > 0 and sum(1 for c in state.hands[seat] if c in ACES) >= 3


def three_aces(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The Aces discarded to end the game (which three changes nothing: the lowest)."""
    return tuple(c for c in hand if c in ACES)[:3]


# -- 9. Score -------------------------------------------------------------------------------------


def scores(state: State, players: int) -> tuple[int, ...]:
    """Each territory solely occupied by one player scores its top card for them."""
    points = [0] * players
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


def winners(state: State, players: int) -> tuple[int, ...]:
    """Highest score; a tie goes to more pyramids on the board; a tie there shares the win."""
    points = scores(state, players)
    best = max(points)
    tied = [s for s in range(players) if points[s] == best]
    most = max(pyramids_on_board(state, s) for s in tied)
    return tuple(s for s in tied if pyramids_on_board(state, s) == most)


def iter_counts(counts: tuple[int, ...]) -> Iterator[int]:
    """The cards present in a pile of counts, each kind once."""
    return (c for c, n in enumerate(counts) if n)
