"""Ascendancy: the Game protocol over the rules in rules.py, with the dice as chance events, and
the modules it declares for the rest: the refusals, the notation, the clicks, the scene and the
heuristic."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ...core.chance import CHANCE
from ...core.errors import quoted
from ...core.game import MAX_MOVE_TEXT, Game, Names, Outcome
from . import clicks, heuristic, notation, refusals, scene
from . import rules as r
from .moves import CHANCE_MOVES, Action, Pass, Place, Roll, Split, State
from .notation import die_words
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
    notation = notation
    clicks = clicks
    refusals = refusals
    scenes = scene
    heuristic = heuristic

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

    def titles(self, state: State) -> dict[str, list[int]]:
        """Live status by name ("Inferiority", "Supremacy"), or once the game is over the titles
        ("Subordination", "Ascendancy"): the seats that hold each."""
        return r.titles(self, state)

    # -- chance -------------------------------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        return r.chance_outcomes(self, state)

    def chance_move(self, state: State, rng: random.Random) -> Roll:
        return r.roll(self, state, rng)

    def chance_from_values(self, state: State, values: list[object]) -> Roll:
        return r.roll_from_values(self, state, values)

    # -- checked play: each rule refuses a move in its own words ------------------------------
    def play(self, state: State, move: Action, names: Names = None) -> State:
        refusals.check_turn(self, state, move, names)
        return super().play(state, move, names)

    def parse_legal(self, state: State, text: str, names: Names = None) -> Action:
        if not state.over and isinstance(text, str) and len(text) <= MAX_MOVE_TEXT:
            refusals.check_turn(self, state, self.parse_move(state, text), names, f"{quoted(text)}: ")
        return super().parse_legal(state, text, names)

    def move_player(self, move: Action) -> int:
        return CHANCE if isinstance(move, CHANCE_MOVES) else move.player

    # -- views ------------------------------------------------------------------------------
    def status(self, state: State, names: Names = None) -> str:
        """Who rolls or plays which dice (each as its move says it: "d1 (4: drone)"); at the end,
        the scores, the winners and the titles."""
        if state.over:
            line = super().status(state, names)
            titles = self.titles(state)
            for title in ("Ascendancy", "Subordination"):
                if title in titles:
                    line += f" {title}: {', '.join(self.seat_name(s, names) for s in titles[title])}."
            return line
        who = self.seat_name(state.seat, names)
        if not state.dice:
            return f"{who}: roll {self.variant.dice} dice."
        dice = ", ".join(die_words(state, d) for d in r.open_dice(state))
        return f"{who}: play {dice}."
