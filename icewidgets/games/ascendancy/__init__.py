"""Ascendancy: the Game protocol over the rules in rules.py, with the dice as chance events."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core.chance import CHANCE
from ...core.errors import quoted
from ...core.game import MAX_MOVE_TEXT, Game, Names, Outcome
from ...core.scene import Scene
from . import clicks, heuristic, notation, refusals
from . import rules as r
from .moves import CHANCE_MOVES, Action, Pass, Place, Roll, Split, State
from .scene import build_scene, status_line
from .setup import AscendancySetup
from .variant import AscendancyVariant

__all__ = ["Ascendancy", "AscendancyVariant", "Pass", "Place", "Roll", "Split", "State"]


class Ascendancy(AscendancySetup, Game[State, Action]):
    """Ascendancy: turn-based tower building for 2-5 players, driven by dice.

    The rules a house rule may change (`rule_methods`): `may_place_on` (which top a piece may
    be placed on), `placements` (every place a piece may go, the table included), `split_cuts`
    (the cuts a player may make in a tower), `tower_points` (what a tower scores its
    controller) and `scores`. The moves and the views ask them.
    """

    name = "ascendancy"
    title = "Ascendancy"
    variant_type = AscendancyVariant
    variant: AscendancyVariant
    chance = True
    rule_methods = ("may_place_on", "placements", "split_cuts", "tower_points", "scores")

    def seat_colour(self, seat: int) -> str:
        return r.COLOURS[seat]

    # -- the rules, one method each (a house rule overrides them) ------------------------------
    def may_place_on(self, p: int, top: int) -> bool:
        """Placing: only on a top of the same size or larger, and never on your own colour."""
        return r.may_place_on(p, top)

    def placements(self, state: State, p: int) -> list[int | None]:
        """Every tower or solitary piece piece p may go on, in table order, then the table (None)."""
        return r.placements(self, state, p)

    def split_cuts(self, tower: tuple[int, ...], player: int) -> list[int]:
        """Splitting: the cuts a player may make in a tower they do not control, directly above
        one of their pieces with another of theirs higher up (pieces below the cut)."""
        return r.split_cuts(self, tower, player)

    def tower_points(self, tower: tuple[int, ...]) -> int:
        """What a tower of two or more pieces is worth to its controller: their own pieces
        under the top (queen 3, drone 2, pawn 1 by default)."""
        return r.tower_points(self, tower)

    def scores(self, state: State) -> tuple[float, ...]:
        """Scoring: each player scores `tower_points` of every tower they control."""
        return r.scores(self, state)

    # -- the protocol ---------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return r.setup(self)

    def to_act(self, state: State) -> tuple[int, ...]:
        return r.to_act(self, state)

    def turn_of(self, state: State) -> int | None:
        return r.turn_of(self, state)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        return r.legal_moves(self, state, player)

    def apply(self, state: State, move: Action) -> State:
        return r.apply(self, state, move)

    def is_over(self, state: State) -> bool:
        return state.over

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        return r.outcome(self, state, names)

    def values(self, state: State) -> tuple[float, ...]:
        """The heuristic the computer players judge a position by (see heuristic.py)."""
        return heuristic.values(self, state)

    def titles(self, state: State) -> dict[str, list[int]]:
        """Live status by name ("Inferiority", "Supremacy"), or once the game is over the titles
        ("Subordination", "Ascendancy"): the seats that hold each."""
        return r.titles(self, state)

    # -- chance -------------------------------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        return r.chance_outcomes(self, state)

    def chance_move(self, state: State, rng: random.Random) -> Roll:
        return r.roll(self, state, rng)

    def chance_from_values(self, state: State, values: list[Any]) -> Roll:
        return r.roll_from_values(self, state, values)

    # -- checked play: each rule refuses a move in its own words ------------------------------
    def illegal_reason(self, state: State, move: Action, names: Names = None) -> str | None:
        return refusals.illegal_reason(self, state, move, names)

    def play(self, state: State, move: Action, names: Names = None) -> State:
        refusals.check_turn(self, state, move, names)
        return super().play(state, move, names)

    def parse_legal(self, state: State, text: str, names: Names = None) -> Action:
        if not state.over and isinstance(text, str) and len(text) <= MAX_MOVE_TEXT:
            refusals.check_turn(self, state, self.parse_move(state, text), names, f"{quoted(text)}: ")
        return super().parse_legal(state, text, names)

    # -- notation and clicks ------------------------------------------------------------------
    def move_text(self, state: State, move: Action) -> str:
        return notation.move_text(self, state, move)

    def parse_move(self, state: State, text: str) -> Action:
        return notation.parse_move(self, state, text)

    def move_player(self, move: Action) -> int:
        return CHANCE if isinstance(move, CHANCE_MOVES) else move.player

    def move_label(self, state: State, move: Action, names: Names = None) -> str:
        return notation.move_label(self, state, move, names)

    def move_paths(self, state: State, move: Action) -> list[tuple[str, ...]]:
        return clicks.move_paths(self, state, move)

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
        return clicks.path_move(self, state, seat, path)

    def explain_click(self, state: State, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        return clicks.explain_click(self, state, seat, path, names)

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Action | None = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        return build_scene(self, state, last=last, before=before, names=names)

    def status(self, state: State, names: Names = None) -> str:
        return status_line(self, state, names)
