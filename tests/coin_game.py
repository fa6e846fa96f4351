"""Coin: a game whose first seat's win rate is known, for testing what counts games (it is not
shipped, nor registered: pass the class).

Seat 0 calls heads, then a coin falls heads with probability `heads` percent: heads, seat 0
wins; tails, seat 1. One move and one chance event a game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from icewidgets.core import scene as sc
from icewidgets.core.chance import CHANCE
from icewidgets.core.errors import InvalidMoveText
from icewidgets.core.game import Game, Names, Outcome, move_kind
from icewidgets.core.variant import Variant, option


@dataclass(frozen=True)
class CoinVariant(Variant):
    game = "coin"
    heads: int = option(50, "the chance of heads, in percent", low=0, high=100)


class State(NamedTuple):
    called: bool
    fell: str | None  # "heads", "tails" or None while in the air


@move_kind
class Call(NamedTuple):
    player: int


@move_kind
class Fall(NamedTuple):
    side: str

    @property
    def player(self) -> int:
        return CHANCE


class Coin(Game[State, Any]):
    name = "coin"
    title = "Coin"
    variant_type = CoinVariant
    variant: CoinVariant
    chance = True

    @property
    def seats(self) -> int:
        return 2

    def seat_colour(self, seat: int) -> str:
        return ("red", "blue")[seat]

    def start(self, seed: int = 0) -> State:
        return State(False, None)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.fell is not None:
            return ()
        return (CHANCE,) if state.called else (0,)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Any]:
        if not state.called and player in (None, 0):
            yield Call(0)
        elif state.called and state.fell is None and player in (None, CHANCE):
            yield from (Fall("heads"), Fall("tails"))

    def apply(self, state: State, move: Any) -> State:
        return State(True, None) if type(move) is Call else State(True, move.side)

    def is_over(self, state: State) -> bool:
        return state.fell is not None

    def scores(self, state: State) -> tuple[float, ...]:
        return (1, 0) if state.fell == "heads" else (0, 1) if state.fell == "tails" else (0, 0)

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        if state.fell is None:
            return None
        return Outcome(self.scores(state), (0,) if state.fell == "heads" else (1,), state.fell)

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if not state.called or state.fell is not None:
            return []
        p = self.variant.heads / 100
        return [(Fall("heads"), p), (Fall("tails"), 1 - p)]

    def move_text(self, state: State, move: Any) -> str:
        return "call" if type(move) is Call else move.side

    def parse_move(self, state: State, text: str) -> Any:
        if text == "call":
            return Call(0)
        if text in ("heads", "tails"):
            return Fall(text)
        raise InvalidMoveText(f"cannot read {text!r}: 'call', 'heads' or 'tails'")

    def move_player(self, move: Any) -> int:
        return move.player

    def scene(self, state: State, *, last: Any = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> dict[str, Any]:
        players = [sc.player_panel(s, self.seat_name(s, names), self.seat_colour(s), self.scores(state)[s])
                   for s in range(2)]
        return sc.scene(self.title, players, [])


@move_kind
class Guess(NamedTuple):
    side: str

    @property
    def player(self) -> int:
        return 0


class GuessState(NamedTuple):
    guess: str | None
    fell: str | None


class TeamCoin(Coin):
    """Coin's cooperative cousin: seat 0 guesses how the coin will fall, and both seats win if
    the guess is right. So an agent's team wins exactly on the seeds whose coin falls its way."""

    name = "teamcoin"
    title = "Team coin"
    cooperative = True

    def start(self, seed: int = 0) -> Any:
        return GuessState(None, None)

    def to_act(self, state: Any) -> tuple[int, ...]:
        if state.fell is not None:
            return ()
        return (CHANCE,) if state.guess else (0,)

    def legal_moves(self, state: Any, player: int | None = None) -> Iterator[Any]:
        if state.guess is None and player in (None, 0):
            yield from (Guess("heads"), Guess("tails"))
        elif state.guess and state.fell is None and player in (None, CHANCE):
            yield from (Fall("heads"), Fall("tails"))

    def apply(self, state: Any, move: Any) -> Any:
        return GuessState(move.side, None) if type(move) is Guess else GuessState(state.guess, move.side)

    def scores(self, state: Any) -> tuple[float, ...]:
        right = float(state.fell is not None and state.fell == state.guess)
        return (right, right)

    def outcome(self, state: Any, names: Names = None) -> Outcome | None:
        if state.fell is None:
            return None
        return Outcome(self.scores(state), (0, 1) if state.fell == state.guess else (), state.fell)

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]:
        if not state.guess or state.fell is not None:
            return []
        p = self.variant.heads / 100
        return [(Fall("heads"), p), (Fall("tails"), 1 - p)]

    def move_text(self, state: Any, move: Any) -> str:
        return f"guess {move.side}" if type(move) is Guess else move.side

    def parse_move(self, state: Any, text: str) -> Any:
        if text in ("guess heads", "guess tails"):
            return Guess(text.split()[1])
        return super().parse_move(state, text)
