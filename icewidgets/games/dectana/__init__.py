"""Dectana: the Game protocol over the rules in rules.py, powers.py and turn.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, InvalidMoveText, quoted
from ...core.game import Game, Names, Outcome
from ...core.scene import Scene
from . import rules as r
from . import turn
from .decktet import BY_SHORT, CARDS
from .notation import move_text, parse
from .refusals import illegal_reason
from .rules import COLOURS, DectanaVariant, Move, State
from .scene import build_scene, move_paths, path_move, step_text
from .setup import DectanaSetup

__all__ = ["Dectana", "DectanaVariant", "State"]


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
    _shipped_uses = True  # may_use allows every use, so legal_moves need not ask it

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shipped_uses = cls.may_use is Dectana.may_use

    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    # -- the rules --------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return r.setup(self.variant)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.ended or not state.todo:
            return ()
        return (turn.actor_of(state.todo[0]),)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Move]:
        if state.ended or not state.todo or (player is not None and player != turn.actor_of(state.todo[0])):
            return iter(())
        if self._shipped_uses:
            return iter(turn.legal(self.variant, state))
        uses = (r.Play, r.Activate, r.Again)
        return (m for m in turn.legal(self.variant, state) if type(m) not in uses or self.may_use(state, m))

    def apply(self, state: State, move: Move) -> State:
        return turn.apply(self.variant, state, move)

    def is_over(self, state: State) -> bool:
        return bool(state.ended) or not state.todo

    def scores(self, state: State) -> tuple[float, ...]:
        """The scoring: each territory solely occupied by one player scores its top card for them."""
        return tuple(float(s) for s in r.scores(state, self.seats))

    def winners(self, state: State) -> tuple[int, ...]:
        """The highest score wins; a tie goes to more pyramids on the board, and a tie there
        shares the win."""
        points = self.scores(state)
        tied = [s for s in range(self.seats) if points[s] == max(points)]
        most = max(r.pyramids_on_board(state, s) for s in tied)
        return tuple(s for s in tied if r.pyramids_on_board(state, s) == most)

    def may_use(self, state: State, move: Move) -> bool:
        """Whether a power use (a Play, Activate or Again move: the suit, the acting pyramid and
        its argument) is allowed; the rulebook allows every use its power can make. A house
        rule that forbids uses should leave the player another choice (ending the turn)."""
        return True

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        if not self.is_over(state):
            return None
        return Outcome(self.scores(state), self.winners(state), state.ended or "no move left")

    def illegal_reason(self, state: State, move: Any, names: Names = None) -> str | None:
        if self.is_over(state):
            return "the game is over"
        return illegal_reason(self, state, move, names)

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        return step_text(self, state, names)

    # -- notation ---------------------------------------------------------------------------
    def move_text(self, state: State, move: Move) -> str:
        step = state.todo[0] if state.todo else None
        return move_text(move, step.suit if type(step) is r.Uses else None)

    def move_text_for(self, state: State, move: Move, viewer: int | None) -> str:
        """A card drawn into another seat's hand reads as a card drawn."""
        if type(move) is r.DrawCard and viewer is not None and viewer != move.to:
            return f"deal a card to {COLOURS[move.to]}"
        return self.move_text(state, move)

    def move_label(self, state: State, move: Move, names: Names = None) -> str:
        labels: dict[type, str] = {r.Done: "Done", r.Pass: "Pass (reorient none)", r.Renew: "Renew hand (option 5)",
                  r.End: "End the game (discard three Aces)", r.Wait: "Do not end the game"}
        return labels.get(type(move)) or self.move_text(state, move)

    def parse_move(self, state: State, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
        actors = [s for s in self.to_act(state) if s != CHANCE]
        return parse(text, actors[0] if actors else 0, self.seats)

    def move_player(self, move: Move) -> int:
        return move.player

    # -- chance and hidden information ---------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Move, float]]:
        if self.to_act(state) != (CHANCE,):
            return []
        total = sum(state.deck)
        moves = turn.legal(self.variant, state)
        return [(m, state.deck[m.card] / total) for m in moves]  # type: ignore[union-attr]

    def chance_from_values(self, state: State, values: list[Any]) -> Move:
        if self.to_act(state) != (CHANCE,):
            raise IllegalMove("no card is being drawn now")
        if len(values) != 1 or not isinstance(values[0], str):
            raise IllegalMove("name the one card drawn by its short name, e.g. ['castle']")
        short = values[0].strip().lower()
        if short not in BY_SHORT:
            raise IllegalMove(f"{quoted(values[0])} is not a card's short name (such as castle, ace-moons)")
        card = BY_SHORT[short]
        if not state.deck[card]:
            raise IllegalMove(f"{CARDS[card].name} is not in the draw pile")
        step = state.todo[0]
        return r.LayCard(step.x, step.y, card) if type(step) is r.Lay else r.DrawCard(step.seat, card)  # type: ignore[attr-defined]

    def observation(self, state: State, seat: int | None) -> Any:
        """A seat sees the board, the discards, its own hand, and how many cards the others
        hold and the draw pile has."""
        if seat is None:
            return state
        return (state.cards, state.pyramids, state.discard, state.hands[seat],
                tuple(len(h) for h in state.hands), sum(state.deck), state.reshuffles, state.turns,
                state.todo, state.ended)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands dealt anew from the cards `seat` cannot see. While a seat is being
        asked whether to end the game, it holds three Aces (it would not be asked otherwise)."""
        pool = [c for c, n in enumerate(state.deck) for _ in range(n)]
        pool += [c for s, h in enumerate(state.hands) if s != seat for c in h]
        step = state.todo[0] if state.todo else None
        asked = step.order[0] if type(step) is r.Window and step.order[0] != seat else None
        rng.shuffle(pool)
        hands = list(state.hands)
        if asked is not None:  # deal the asked seat its three Aces first
            aces = [c for c in pool if c in r.ACES][:3]
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
        return state._replace(hands=tuple(hands), deck=tuple(deck))

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Move | None = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        return build_scene(self, state, last=last, before=before, names=names, viewer=viewer)

    def move_paths(self, state: State, move: Move) -> list[tuple[str, ...]]:
        return move_paths(self, state, move)

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
        return path_move(self, state, seat, path)

