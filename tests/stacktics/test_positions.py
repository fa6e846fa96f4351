"""Stacktics positions against the rulebook: every position `validate` accepts obeys its stacking
rules, every position random legal play reaches validates, and a position breaking a rule is
refused naming it (by the game, a record, the Board and the editor's Done).

The rules, from the rulebook: "Pieces may stack if the base of the move is the same size or
smaller than the top piece of the friendly stack" (so no stack has a larger piece on a smaller
one, and a stack is one army's: moving onto an opposing stack captures it whole); each player
has `size` trees, a large, a medium and a small each; "if one player has captured more than 3 *
gamesize pips worth of xir opponent's pieces, that player has won the game" (a set-up position
is a game going on).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets.core.errors import BadPosition
from icewidgets.games.stacktics import Stacktics, StackticsVariant

from position_rules import BOUNDED, PLAYED, done_refused, played_positions, refused_everywhere

ONE_ARMY = "a stack holds one army's pieces"
LARGER_ON_SMALLER = "a stack never has a larger piece on a smaller one"
WON = "the game is won"
PIECES = ["R1", "R2", "R3", "B1", "B2", "B3"]


def rulebook_problems(variant: StackticsVariant, board: dict[str, list[str]]) -> list[str]:
    """The rules the board breaks, read from the rulebook (pieces by name: army initial, size)."""
    problems = []
    for stack in board.values():
        if len({p[0] for p in stack}) > 1:
            problems.append(ONE_ARMY)
        if any(int(above[1]) > int(below[1]) for below, above in pairwise(stack)):
            problems.append(LARGER_ON_SMALLER)
    pieces = [p for stack in board.values() for p in stack]
    if any(pieces.count(p) > variant.size for p in PIECES):
        problems.append("more pieces than an army has")
    force = 6 * variant.size  # each tree holds 1 + 2 + 3 pips
    for army in "RB":  # what an army has captured is the other's force not on the board
        left = sum(int(p[1]) for p in pieces if p[0] != army)
        if force - left >= 3 * variant.size:
            problems.append(WON)
    return problems


@st.composite
def boards(draw: Any) -> tuple[Stacktics, dict[str, Any]]:
    """A game and a board: some of each army's pieces (the rest captured), shuffled, stacked on
    random squares (now and then each army kept to a half of the board), each stack mostly sorted
    largest first (as the rules build them), else left as it fell."""
    game = Stacktics(size=draw(st.sampled_from([2, 3])))
    n = game.variant.size
    pieces = draw(st.permutations([p for p in PIECES for _ in range(n)]))
    kept = [p for p in pieces if draw(st.integers(0, 5))]  # about one in six captured
    if draw(st.integers(0, 9)) == 0 and kept:
        kept.append(kept[0])
    squares = [game.board.square_name(sq) for sq in range(game.board.squares)]
    apart = draw(st.booleans())  # each army on a half of the board of its own, or anywhere
    halves = {"R": squares[:len(squares) // 2], "B": squares[len(squares) // 2:]}
    board: dict[str, list[str]] = {}
    for p in kept:
        board.setdefault(draw(st.sampled_from(halves[p[0]] if apart else squares)), []).append(p)
    for name in board:
        if draw(st.integers(0, 3)):
            board[name].sort(key=lambda p: -int(p[1]))
    return game, {"board": board, "turn": draw(st.integers(0, 1))}


@BOUNDED
@given(boards())
def test_validate_accepts_exactly_the_positions_the_rulebook_allows(table: tuple[Stacktics, dict[str, Any]]) -> None:
    game, position = table
    broken = rulebook_problems(game.variant, position["board"])
    try:
        state = game.position_from_json(position)
    except BadPosition as e:
        event("refused")
        assert broken, f"a position the rulebook allows is refused: {e}"
        for rule in (ONE_ARMY, LARGER_ON_SMALLER, WON):
            assert (rule in broken) == (rule in str(e)), rule
        return
    event("accepted")
    assert not broken, f"validate accepts a position that breaks: {broken}"
    assert game.validate(state) == []


@PLAYED
@given(size=st.integers(2, 4), pie=st.booleans(), seed=st.integers(0, 10**6))
def test_positions_of_random_play_validate_and_obey_the_rulebook(size: int, pie: bool, seed: int) -> None:
    game = Stacktics(size=size, pie_rule=pie)
    for position in played_positions(game, seed, plies=80):
        assert game.validate(position) == []
        assert rulebook_problems(game.variant, game.position_to_json(position)["board"]) == []


@PLAYED
@given(seed=st.integers(0, 10**6))
def test_played_stacks_broken_are_refused_naming_the_rule(seed: int) -> None:
    game = Stacktics(size=3)
    for position in played_positions(game, seed, plies=60, every=10):
        board = position.board
        for sq, stack in enumerate(board):
            name = game.board.square_name(sq)
            if len({p % 3 for p in stack}) > 1:  # upside down: a larger piece on a smaller one
                problems = game.validate(position._replace(board=_put(board, sq, stack[::-1])))
                assert problems and all(p.startswith(f"{name}: ") and LARGER_ON_SMALLER in p for p in problems)
            for other, top in enumerate(board):  # another army's top piece, no larger, moved onto it
                if stack and top and top[-1] // 3 != stack[0] // 3 and top[-1] % 3 <= stack[-1] % 3:
                    mutated = _put(_put(board, other, top[:-1]), sq, (*stack, top[-1]))
                    assert game.validate(position._replace(board=mutated)) == [
                        f"{name} mixes red and blue: {ONE_ARMY}"]


def _put(board: tuple[tuple[int, ...], ...], sq: int, stack: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*board[:sq], stack, *board[sq + 1:])


def test_impossible_stacks_are_refused_everywhere_and_by_the_editors_done() -> None:
    options = {"size": 2}
    refused_everywhere("stacktics", options, {"board": {"a1": ["R1", "R3"], "d4": ["B3"]}, "turn": 0},
                       LARGER_ON_SMALLER)
    refused_everywhere("stacktics", options, {"board": {"a1": ["R3", "B1"], "d4": ["B3"]}, "turn": 0}, ONE_ARMY)
    refused_everywhere("stacktics", options, {"board": {"a1": ["R3", "R2"], "b1": ["R3"], "d4": ["B3"]}, "turn": 0},
                       WON)
    done_refused("stacktics", options, ["take c1.2", "take c1.1", "put R1 on c1", "put R2 on c1"], LARGER_ON_SMALLER)
    done_refused("stacktics", options, ["take b1.2", "put R1 on b4"], ONE_ARMY)
