"""Dectana: the Game, over the rules in rules.py and powers.py (the turn's script), and the modules
it declares for the rest: the refusals, the notation (a move as each seat may read it too), the
clicks, the scene and the heuristic; the set-up positions in setup.py."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ...core.chance import CHANCE
from ...core.errors import IllegalMove
from ...core.game import Game, Names, Outcome
from . import clicks, heuristic, notation, refusals, rules, scene
from .moves import (
    COLOURS,
    Activate,
    Again,
    Discard,
    Done,
    DrawCard,
    End,
    Hit,
    LayCard,
    Move,
    Orient,
    Pass,
    Place,
    Play,
    Push,
    Renew,
    State,
    Use,
    Wait,
)
from .notation import chance_draw
from .scene import step_text
from .setup import DectanaSetup
from .variant import DectanaVariant

__all__ = ["Activate", "Again", "Dectana", "DectanaVariant", "Discard", "Done", "DrawCard", "End", "Hit", "LayCard",
           "Move", "Orient", "Pass", "Place", "Play", "Push", "Renew", "State", "Wait"]


class Dectana(DectanaSetup, Game[State, Move]):
    """Dectana: pyramids on a board of Decktet cards that grows and shrinks, with hidden hands.

    The rules a house rule may change (`rule_methods`): `may_use` (whether a power use, a
    Play, Activate or Again move, is allowed: a house rule may forbid or limit powers),
    `scores` (what the board scores) and `winners` (who wins on those scores).
    """

    name = "dectana"
    title = "Dectana"
    variant_type = DectanaVariant
    variant: DectanaVariant
    hidden_information = True
    chance = True
    rule_methods = ("may_use", "scores", "winners")
    notation = notation
    clicks = clicks
    refusals = refusals
    scenes = scene
    heuristic = heuristic

    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    # -- the rules a house rule may change -------------------------------------------------------
    def may_use(self, state: State, move: Use) -> bool:
        """Whether a power use (a Play, Activate or Again move: the suit, the acting pyramid and
        its argument) is allowed; the rulebook allows every use its power can make. A house
        rule that forbids uses should leave the player another choice (ending the turn)."""
        return True

    def scores(self, state: State) -> tuple[float, ...]:
        """The scoring: each territory solely occupied by one player scores its top card for them."""
        return tuple(float(s) for s in rules.scores(self, state))

    def winners(self, state: State) -> tuple[int, ...]:
        """The highest score wins; a tie goes to more pyramids on the board, and a tie there
        shares the win."""
        return rules.winners(self, state)

    # -- the protocol ----------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return rules.setup(self)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.ended or not state.todo:
            return ()
        return (rules.script.actor(self, state),)

    def turn_of(self, state: State) -> int | None:
        """The seat whose turn it is (see `rules.whose_turn`): None during the set-up and once
        the game is over."""
        return None if self.is_over(state) else rules.whose_turn(state)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Move]:
        if state.ended or not state.todo or (player is not None and player != rules.script.actor(self, state)):
            return iter(())
        return iter(rules.legal_moves(self, state))

    def apply(self, state: State, move: Move) -> State:
        return rules.script.apply(self, state, move)

    def is_over(self, state: State) -> bool:
        return bool(state.ended) or not state.todo

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        if not self.is_over(state):
            return None
        return Outcome(self.scores(state), self.winners(state), state.ended or "no move left")

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        return step_text(self, state, names)

    def move_player(self, move: Move) -> int:
        return rules.move_player(move)

    # -- chance and hidden information ---------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Move, float]]:
        return rules.chance_outcomes(self, state)

    def chance_move(self, state: State, rng: random.Random) -> Move:
        return rules.chance_move(self, state, rng)

    def chance_from_values(self, state: State, values: list[object]) -> Move:
        if self.to_act(state) != (CHANCE,):
            raise IllegalMove("no card is being drawn now")
        return chance_draw(self, state, values)

    def observation(self, state: State, seat: int | None) -> State | tuple[object, ...]:
        """A seat sees the board, the discards, its own hand, and how many cards the others
        hold and the draw pile has."""
        if seat is None:
            return state
        return (state.cards, state.pyramids, state.discard, state.hands[seat],
                tuple(len(h) for h in state.hands), sum(state.deck), state.reshuffles, state.turns,
                state.todo, state.ended)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands dealt anew from the cards `seat` cannot see (see `rules.resample`)."""
        return rules.resample(self, state, seat, rng)
