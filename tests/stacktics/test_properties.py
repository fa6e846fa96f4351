"""Properties of Stacktics over random variants and random legal play (hypothesis): what holds of
this game alone. What every game promises (moves read back from their text, click paths, records,
replays, is_legal on near misses) is checked for Stacktics with every other game in
tests/test_conformance.py.

Each test plays a line chosen by hypothesis from the start of a random variant and checks every
position on it.
"""

from __future__ import annotations

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets.games.stacktics import Capture, Move, Stack, Stacktics, StackticsVariant, Swap
from icewidgets.games.stacktics.geometry import BOARDS
from icewidgets.games.stacktics.rules import quiet_limit_reached

from .slow import Slow
from strength import examples

SETTINGS = examples(60)

variants = st.sampled_from(
    [(2, "4x4"), (2, "3x5"), (3, "5x5"), (4, "6x6"), (5, "7x6"), (5, "7x7")]
).flatmap(lambda sb: st.builds(
    StackticsVariant, size=st.just(sb[0]), board=st.just(sb[1]),
    pie_rule=st.sampled_from([None, True, False]), no_moves=st.sampled_from(["loss", "draw"]),
    max_quiet_plies=st.sampled_from([0, 10, 200]),
))


def random_line(data, game: Stacktics, max_steps: int = 80):
    """A random legal line from the start: the states (start first) and the moves between them."""
    state = game.start()
    states, moves = [state], []
    for _ in range(data.draw(st.integers(max_steps // 4, max_steps), label="steps")):
        legal = list(game.legal_moves(state))
        if not legal:
            break
        # a capture when there is one, one time in two, so lines reach the end of the game; the
        # same for the pie rule's swap
        captures = [m for m in legal if type(m) is Capture]
        if captures and data.draw(st.booleans(), label="capture?"):
            legal = captures
        elif type(legal[-1]) is Swap and data.draw(st.booleans(), label="swap?"):
            legal = legal[-1:]
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        event(type(move).__name__)
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


@SETTINGS
@given(variants, st.data())
def test_pips_are_conserved_captured_ones_included(variant, data):
    game = Stacktics(variant)
    total = 6 * variant.size
    states, _ = random_line(data, game)
    for state in states:
        on_board = [0, 0]
        for stack in state.board:
            for p in stack:
                on_board[p // 3] += p % 3 + 1
        # what an army has lost is what the other has captured
        assert on_board[0] + state.captured[1] == total
        assert on_board[1] + state.captured[0] == total


@SETTINGS
@given(variants, st.data())
def test_every_stack_is_one_army_and_never_a_larger_piece_on_a_smaller_one(variant, data):
    """Stacking puts a base on a top of its size or larger, so sizes never grow upward."""
    game = Stacktics(variant)
    states, _ = random_line(data, game)
    for state in states:
        for stack in state.board:
            assert len({p // 3 for p in stack}) <= 1
            sizes = [p % 3 + 1 for p in stack]
            assert sizes == sorted(sizes, reverse=True)


@SETTINGS
@given(variants, st.data())
def test_only_a_lone_piece_leaving_a_stack_of_two_or_more_captures(variant, data):
    game = Stacktics(variant)
    states, moves = random_line(data, game)
    for before, move, after in zip(states, moves, states[1:], strict=False):
        taken = sum(after.captured) - sum(before.captured)
        if type(move) is Capture:
            stack = before.board[move.frm]
            assert move.base == len(stack) - 1 and len(stack) >= 2
            assert taken == sum(p % 3 + 1 for p in before.board[move.to]) > 0
            assert after.board[move.to] == (stack[-1],) and after.quiet == 0
        else:
            assert taken == 0 and after.quiet == before.quiet + 1


@SETTINGS
@given(variants, st.data())
def test_the_slow_generator_written_from_the_rulebook_agrees(variant, data):
    game = Stacktics(variant)
    files, ranks, _ = BOARDS[variant.board_name]
    states, _ = random_line(data, game, max_steps=40)
    for state in states[:: max(1, len(states) // 6)]:
        legal = list(game.legal_moves(state))
        slow = Slow(files, ranks, variant.size, variant.has_pie_rule, {
            game.board.file_rank(sq): [(p // 3, p % 3 + 1) for p in stack]
            for sq, stack in enumerate(state.board) if stack
        }, state.turn, state.ply, bool(state.swapped), state.captured)
        if not quiet_limit_reached(game, state):  # the slow generator knows no quiet limit
            assert sorted(slow.moves()) == sorted(game.move_text(state, m) for m in legal)


@SETTINGS
@given(variants, st.data())
def test_seats_and_armies_stay_apart(variant, data):
    game = Stacktics(variant)
    states, moves = random_line(data, game)
    for state, move in zip(states, moves, strict=False):
        if type(move) is Swap:
            assert state.ply == 1 and variant.has_pie_rule
        assert game.to_act(state) == (game.seat_of(state, state.turn),)
        assert move.player == game.to_act(state)[0]
    last = states[-1]
    outcome = game.outcome(last)
    if outcome is not None:
        for seat in outcome.winners:
            army = game.army_of(last, seat)
            assert last.captured[army] >= variant.winning_pips or last.turn != army


@examples(30)
@given(variants, st.data())
def test_is_legal_agrees_with_the_legal_moves_on_every_move_from_a_stack(variant, data):
    """Every move, stack and capture either seat could name from any stack to any square, and
    the swap (the conformance suite tries near misses of every game; this tries them all)."""
    game = Stacktics(variant)
    states, _ = random_line(data, game, max_steps=40)
    for state in states[:: max(1, len(states) // 3)]:
        legal = set(game.legal_moves(state))
        for seat in (0, 1):
            assert game.is_legal(state, Swap(seat)) is (Swap(seat) in legal)
            for frm, stack in enumerate(state.board):
                for base in range(len(stack) + 1) if stack else (0,):
                    for to in range(game.board.squares):
                        for kind in (Move, Stack, Capture):
                            move = kind(seat, frm, base, to)
                            assert game.is_legal(state, move) is (move in legal), game.why_illegal(state, move)
