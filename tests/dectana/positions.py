"""Hand-built Dectana positions, written the way a player reads the table.

- Cards on spaces: `{(0, 0): ["castle"], (1, 0): ["ace-moons", "sea"]}`, each pile bottom first,
  cards by their short names (decktet.csv).
- Pyramids: `"r3e@0,1"` (a red large pointing east on 0,1; `u` is upright), or a tuple
  (x, y, seat, size, facing) with the facings UP, N, E, S, W of rules.py. Seats are red (r), blue (b),
  green (g), yellow (y) and purple (p).
- Hands: a list per seat of short names. The draw pile is the rest of the deck (every card of
  the variant's deck twice, less those on the board, in hands and in the discards) unless given.
- Whose turn it is: `turn=seat` makes the script a single `Turn(seat)` step; `todo` sets any script.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from icewidgets.games.dectana import Dectana, State
from icewidgets.games.dectana.decktet import BY_SHORT, CARDS, COPIES
from icewidgets.games.dectana.moves import COLOURS, FACINGS, Pyr, Turn

SEAT = {c[0]: i for i, c in enumerate(COLOURS)}
_PYR = re.compile(r"([rbgyp])([123])([unesw])@(-?\d+),(-?\d+)")


def card(short: str) -> int:
    return BY_SHORT[short]


def pyramid(p: str | Pyr) -> Pyr:
    """A pyramid from its text (`r3e@0,1`) or as a tuple already."""
    if isinstance(p, tuple):
        return p
    m = _PYR.fullmatch(p)
    if m is None:
        raise ValueError(f"not a pyramid: {p!r} (write e.g. r3e@0,1)")
    return int(m.group(4)), int(m.group(5)), SEAT[m.group(1)], int(m.group(2)), FACINGS.index(m.group(3))


def pyramid_text(p: Pyr) -> str:
    x, y, seat, size, facing = p
    return f"{COLOURS[seat][0]}{size}{FACINGS[facing]}@{x},{y}"


def counts(cards: Iterable[str]) -> list[int]:
    out = [0] * len(CARDS)
    for c in cards:
        out[card(c)] += 1
    return out


def pos(game: Dectana, cards: Mapping[tuple[int, int], Sequence[str]], pyramids: Iterable[str | Pyr] = (),
        hands: Sequence[Sequence[str]] | None = None, *, deck: Sequence[str] | None = None,
        discard: Sequence[str] = (), reshuffles: int = 0, turns: int = 0, turn: int = 0,
        todo: tuple[object, ...] | None = None) -> State:
    """A table set by hand (see the module's docstring); checks that no card is used more often
    than the deck holds it."""
    v = game.variant
    board = tuple(sorted((sp, tuple(card(c) for c in pile)) for sp, pile in cards.items()))
    hand_list = [tuple(sorted(card(c) for c in h)) for h in (hands or [[]] * v.players)]
    assert len(hand_list) == v.players, "one hand per seat"
    disc = counts(discard)
    used = counts([CARDS[c].short for _, pile in board for c in pile])
    for h in hand_list:
        for c in h:
            used[c] += 1
    for c in range(len(CARDS)):
        used[c] += disc[c]
    if deck is None:
        pile = [COPIES * (c in v.kinds) - used[c] for c in range(len(CARDS))]
    else:
        pile = counts(deck)
        for c in range(len(CARDS)):
            used[c] += pile[c]
    for c in range(len(CARDS)):
        held = COPIES * (c in v.kinds)
        assert pile[c] >= 0 and used[c] <= held, f"too many {CARDS[c].short} for the deck"
    pyrs = tuple(sorted(pyramid(p) for p in pyramids))
    return State(board, pyrs, tuple(hand_list), tuple(pile), tuple(disc), reshuffles, turns,
                 (Turn(turn),) if todo is None else todo, "")


def legal(game: Dectana, state: State) -> list[str]:
    """The texts of the legal moves, sorted."""
    return sorted(game.move_text(state, m) for m in game.legal_moves(state))


def legal_starting(game: Dectana, state: State, prefix: str) -> list[str]:
    return [t for t in legal(game, state) if t.startswith(prefix)]


def play(game: Dectana, state: State, *texts: str) -> State:
    """Each move read from its text, checked, and played."""
    for t in texts:
        state = game.play(state, game.parse_legal(state, t))
    return state


def board(state: State) -> dict[tuple[int, int], list[str]]:
    """The cards on the board by space, short names, bottom first."""
    return {sp: [CARDS[c].short for c in pile] for sp, pile in state.cards}


def pieces(state: State) -> list[str]:
    """The pyramids on the board as texts, sorted."""
    return sorted(pyramid_text(p) for p in state.pyramids)


def hand(state: State, seat: int) -> list[str]:
    return sorted(CARDS[c].short for c in state.hands[seat])


def pile(counts_: Sequence[int]) -> list[str]:
    """A count vector (the draw pile or the discards) as sorted short names."""
    return sorted(CARDS[c].short for c, n in enumerate(counts_) for _ in range(n))
