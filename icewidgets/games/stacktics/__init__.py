"""Stacktics: the Game protocol over the rules in rules.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...core.errors import quoted
from ...core.game import Game, Names, Outcome
from ...core.scene import Scene
from ...core.variant import Variant
from . import heuristic
from . import rules as r
from .geometry import EVERY_WAY, FILE_LETTERS
from .notation import action_text, parse_action
from .rules import Action, Capture, Move, Stack, StackticsVariant, State, Swap
from .scene import build_scene, piece_id
from .setup import StackticsSetup

__all__ = ["Capture", "Move", "Stack", "Stacktics", "StackticsVariant", "State", "Swap"]

SEAT_NAMES = ("Player 1", "Player 2")


class Stacktics(StackticsSetup, Game[State, Action]):
    """Stacktics: two armies of pyramid trees, moving in stacks, capturing off the top.

    The rules a house rule may change (`rule_methods`): `shape` (the directions a piece of a
    size moves), `reach` (how far a unit goes), `may_stack` (which stack of one's own a unit may
    land on), `may_capture` (which units capture) and `winning_army` (the win). The moves, the
    end and the refusals ask them.
    """

    name = "stacktics"
    title = "Stacktics"
    variant_type = StackticsVariant
    variant: StackticsVariant

    rule_methods = ("shape", "reach", "may_stack", "may_capture", "winning_army")

    def __init__(self, variant: Variant | None = None, **options: Any) -> None:
        super().__init__(variant, **options)
        changed = any(getattr(type(self), rule) is not getattr(Stacktics, rule)
                      for rule in ("shape", "reach", "may_stack", "may_capture"))
        self.tables = r.Tables.of(self.variant, self if changed else None)
        self.board = board = self.tables.layout
        # every straight line between two squares: its step, its length and the squares passed
        self.lines = {
            (frm, ray[k]): (step, k + 1, ray[:k])
            for frm in range(board.squares) for step in EVERY_WAY
            for ray in [board.ray(frm, step)] for k in range(len(ray))
        }

    # -- seats and armies ---------------------------------------------------------------------
    def seat_colour(self, seat: int) -> str:
        """The colour of the army a seat starts with (after a swap, see `army_of`)."""
        return r.COLOURS[seat]

    def default_seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def army_of(self, state: State, seat: int) -> int:
        """The army (0 Red, 1 Blue) a seat plays in this state."""
        return r.army_of_seat(state, seat)

    def seat_of(self, state: State, army: int) -> int:
        """The seat that plays an army in this state."""
        return r.seat_of(state, army)

    def seat_colour_in(self, state: State, seat: int) -> str:
        """The colour of the army the seat plays in this state."""
        return r.COLOURS[r.army_of_seat(state, seat)]

    # -- the rules --------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return r.setup(self.variant)

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        return (state.turn ^ state.swapped,)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        """The moves of the seat to act (none once the game is over; with no legal move the
        list is empty anyway, so only the win and the quiet limit are checked here)."""
        v = self.variant
        if (player is not None and player != state.turn ^ state.swapped) or (
            self.winning_army(state) is not None or r.quiet_limit_reached(v, state)
        ):
            return iter(())
        return iter(r.moves(self.tables, state))

    def apply(self, state: State, move: Action) -> State:
        if isinstance(move, Swap):
            return r.do_swap(state)
        return r.do_move(state, move)

    def is_over(self, state: State) -> bool:
        v = self.variant
        return (
            self.winning_army(state) is not None
            or r.quiet_limit_reached(v, state)
            or not r.has_move(self.tables, state)
        )

    def values(self, state: State) -> tuple[float, ...]:
        """The heuristic the computer players judge a position by (see heuristic.py)."""
        return heuristic.values(self, state)

    def scores(self, state: State) -> tuple[float, ...]:
        """The pips each seat's army has captured."""
        return tuple(state.captured[r.army_of_seat(state, seat)] for seat in (0, 1))

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        """A win by captured pips, a loss (or draw) for having no legal move, or a draw after
        too many quiet plies. A draw has no winners."""
        v = self.variant
        scores = self.scores(state)
        army = self.winning_army(state)
        if army is not None:
            return Outcome(scores, (r.seat_of(state, army),),
                           f"{self.army_name(army)} captured {state.captured[army]} of the "
                           f"{v.winning_pips} pips needed")
        if r.quiet_limit_reached(v, state):
            return Outcome(scores, (), f"draw: {v.max_quiet_plies} plies without a capture")
        if not r.has_move(self.tables, state):
            stuck = self.army_name(state.turn)
            if v.no_moves == "draw":
                return Outcome(scores, (), f"draw: {stuck} has no legal move")
            return Outcome(scores, (r.seat_of(state, state.turn ^ 1),), f"{stuck} has no legal move")
        return None

    # -- the rules, one method each (a house rule overrides them) ------------------------------
    def shape(self, size: int) -> tuple[tuple[int, int], ...]:
        """The directions (file, rank steps) a unit with a base of this size moves: small
        pieces diagonally, mediums orthogonally, larges either way."""
        return r.shape(size)

    def reach(self, stack: tuple[int, ...], base: int) -> int | None:
        """How far the unit from `base` up may go: None (any distance) alone, the loaded reach
        when its weight is less than the base's pips, else 1 (overloaded)."""
        return r.reach(self.variant, stack, base)

    def may_stack(self, base_size: int, target: tuple[int, ...]) -> bool:
        """A unit lands on a stack of its own army only when its base is no larger than that
        stack's top."""
        return r.may_stack(base_size, target)

    def may_capture(self, stack: tuple[int, ...], base: int) -> bool:
        """Only a single piece moving off the top of a stack of two or more pieces captures."""
        return r.may_capture(stack, base)

    def winning_army(self, state: State) -> int | None:
        """The win: the army that has captured half the opposing force (`winning_pips`), if any."""
        return r.winning_army(self.variant, state)

    def army_name(self, army: int) -> str:
        return r.COLOURS[army].capitalize()

    # -- notation and picking ----------------------------------------------------------------
    def move_text(self, state: State, move: Action) -> str:
        return action_text(self.board, move)

    def parse_move(self, state: State, text: str) -> Action:
        return parse_action(self.board, state, text)

    def move_player(self, move: Action) -> int:
        return move.player

    def move_kind(self, move: Action) -> str:
        return type(move).__name__.lower()

    def move_label(self, state: State, move: Action, names: Names = None) -> str:
        return "Swap sides (pie rule)" if type(move) is Swap else self.move_text(state, move)

    def move_paths(self, state: State, move: Action) -> list[tuple[str, ...]]:
        """The base piece in its stack, then the square it goes to; the swap is a button."""
        if isinstance(move, Swap):
            return []
        return [(piece_id(self.board, move.frm, move.base), self.board.square_name(move.to))]

    # -- checked play: each rule refuses a move in its own words ------------------------------
    def illegal_reason(self, state: State, move: Action, names: Names = None) -> str | None:
        """The first rule a move breaks, in the order of the rules, or None for a legal one."""
        v = self.variant
        if type(move) not in (Move, Stack, Capture, Swap):
            return f"{quoted(move)} is not a Stacktics move"
        if self.winning_army(state) is not None or r.quiet_limit_reached(v, state):
            return "the game is over"
        seat = r.seat_of(state, state.turn)
        if move.player != seat:
            return f"it is {self.seat_name(seat, names)}'s turn"
        if isinstance(move, Swap):
            return self.refuse_swap(state)
        # a move these allow shows that the player has one, so the game is not over
        return self.refuse_move(state, move)

    def refuse_swap(self, state: State) -> str | None:
        """7. The pie rule: the second seat may swap right after the first move."""
        if not self.variant.has_pie_rule:
            return "the pie rule is off in this game (pie_rule=false)"
        if not r.swap_allowed(self.variant, state):
            return "a swap is only allowed as the second seat's first move, right after the first move"
        return None

    def refuse_move(self, state: State, move: Move | Stack | Capture) -> str | None:
        """2. A move takes a base piece of one of your stacks and everything above it; then the
        rules of its shape and reach, of pieces in the way, of stacking and of capture, and the
        kind of move is what it lands on."""
        board = self.board
        for sq in (move.frm, move.to):
            if not 0 <= sq < board.squares:
                return f"there is no square {sq} on the {board.name} board (0 to {board.squares - 1})"
        stack, target = state.board[move.frm], state.board[move.to]
        if not stack:
            return f"there is no stack on {board.square_name(move.frm)}"
        owner = r.army_of(stack[0])
        if owner != state.turn:
            return (f"the stack on {board.square_name(move.frm)} is {self.army_name(owner)}'s; "
                    f"{self.army_name(state.turn)} is to move")
        if not 0 <= move.base < len(stack):
            return (f"the stack on {board.square_name(move.frm)} has {len(stack)} piece(s): the base "
                    f"index is 0 to {len(stack) - 1}")
        problem = (self.refuse_shape_and_reach(state, move) or self.refuse_passing_over(state, move)
                   or self.refuse_stacking(state, move) or self.refuse_capture(state, move))
        if problem:
            return problem
        kind = Move if not target else Stack if r.army_of(target[0]) == state.turn else Capture
        if type(move) is not kind:
            holds = "a stack" if target else "nothing"
            return f"{board.square_name(move.to)} holds {holds}, so this is not a {type(move).__name__.lower()}"
        return None

    def refuse_shape_and_reach(self, state: State, move: Move | Stack | Capture) -> str | None:
        """2. The base sets the shape (small diagonally, medium orthogonally, large either way);
        the weight above it sets the reach."""
        board, stack = self.board, state.board[move.frm]
        if move.frm == move.to:
            return "a move of zero squares is not a move"
        line = self.lines.get((move.frm, move.to))
        if line is None:
            return f"{board.square_name(move.frm)} to {board.square_name(move.to)} is not a straight line"
        step, distance, _ = line
        size = r.size_of(stack[move.base])
        if step not in self.shape(size):
            way = {1: "diagonally", 2: "orthogonally", 3: "orthogonally or diagonally"}[size]
            return f"the base is a {r.SIZE_NAMES[size]}, which moves only {way}"
        far = self.reach(stack, move.base)
        if far is not None and distance > far:
            return r.load_name(self.variant, stack, move.base)
        return None

    def refuse_passing_over(self, state: State, move: Move | Stack | Capture) -> str | None:
        """3. A move never passes over a piece."""
        board = self.board
        for sq in self.lines[move.frm, move.to][2]:
            if state.board[sq]:
                return f"{board.square_name(sq)} is in the way: a move never passes over pieces"
        return None

    def refuse_stacking(self, state: State, move: Move | Stack | Capture) -> str | None:
        """4. A unit lands on your own stack only when its base is no larger than its top."""
        target = state.board[move.to]
        if not target or r.army_of(target[0]) != state.turn:
            return None
        size = r.size_of(state.board[move.frm][move.base])
        if not self.may_stack(size, target):
            top = r.SIZE_NAMES[r.size_of(target[-1])]
            return (f"the base ({r.SIZE_NAMES[size]}) is larger than the top of your stack on "
                    f"{self.board.square_name(move.to)} ({top}): stack only onto a top of the same "
                    "size or larger")
        return None

    def refuse_capture(self, state: State, move: Move | Stack | Capture) -> str | None:
        """5. Only a single piece that started on top of a stack of two or more captures."""
        stack, target = state.board[move.frm], state.board[move.to]
        if not target or r.army_of(target[0]) == state.turn or self.may_capture(stack, move.base):
            return None
        if move.base < len(stack) - 1:
            return (f"a unit of {len(stack) - move.base} pieces never captures: only a single "
                    "piece off the top of a stack does")
        return ("a piece alone on the ground never captures: only a single piece off the top "
                "of a stack of two or more does")

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
        """The move a click path names, legal or not: a piece of a stack (the base), then a
        square or a piece on it; a move, a stack or a capture by what stands there."""
        if len(path) != 2 or (start := self.square_piece(state, path[0])) is None:
            return None
        to = self.square_of(path[1])
        if to is None and (on := self.square_piece(state, path[1])) is not None:
            to = on[0]  # a piece stands for its square
        if to is None:
            return None
        target = state.board[to]
        kind = Move if not target else Stack if r.army_of(target[0]) == state.turn else Capture
        return kind(seat, start[0], start[1], to)

    def explain_click(self, state: State, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        """A first click on an empty square, a stack of the other army, a unit with nowhere to
        go, or a captured piece."""
        if len(path) != 1:
            return None
        clicked = path[0]
        turn = self.army_name(state.turn)
        if clicked.startswith("captured"):
            return f"captured pieces are out of the game: click a piece of one of {turn}'s stacks"
        if self.square_of(clicked) is not None:
            return f"there is no stack on {clicked}: click a piece of one of {turn}'s stacks"
        if (start := self.square_piece(state, clicked)) is None:
            return None
        sq, base = start
        stack, name = state.board[sq], self.board.square_name(sq)
        owner = r.army_of(stack[0])
        if owner != state.turn:
            return f"the stack on {name} is {self.army_name(owner)}'s; {turn} is to move"
        size = r.size_of(stack[base])
        way = {1: "diagonally", 2: "orthogonally", 3: "orthogonally or diagonally"}[size]
        return (f"the unit from piece {base} of the stack on {name} has no legal move: its base (a "
                f"{r.SIZE_NAMES[size]}) moves only {way}, {r.load_name(self.variant, stack, base)}; "
                "every way it can go leaves the board or meets a stack it may not land on")

    def square_of(self, key: str) -> int | None:
        """The square of a square's name (`c3`), or None."""
        m = re.fullmatch(r"([a-g])(\d{1,2})", key)
        if m is None:
            return None
        f, rank = FILE_LETTERS.index(m.group(1)), int(m.group(2)) - 1
        return self.board.square(f, rank) if f < self.board.files and 0 <= rank < self.board.ranks else None

    def square_piece(self, state: State, key: str) -> tuple[int, int] | None:
        """(square, index) of the id of a piece in a stack (`c3.1`, 0 the bottom), or None."""
        name, _, index = key.partition(".")
        sq = self.square_of(name)
        if sq is None or not index.isdigit() or int(index) >= len(state.board[sq]):
            return None
        return sq, int(index)

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Action | None = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        names = [self.seat_name(s, names) for s in range(self.seats)]
        outcome = self.outcome(state)
        return build_scene(self.variant, self.board, names, state, last,
                           winners=None if outcome is None else outcome.winners, over=outcome is not None)

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        seat = r.seat_of(state, state.turn)
        swap = " (or swap, by the pie rule)" if r.swap_allowed(self.variant, state) else ""
        return f"{self.seat_name(seat, names)} ({self.army_name(state.turn)}) to move{swap}."
