"""Ice Fortress: the Game protocol over the rules in rules.py, turn.py and powers.py, with its
cards as data (cards.py reads them)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, InvalidMoveText, quoted
from ...core.game import Game, Names, Outcome
from ...core.scene import Scene
from . import powers as _powers  # noqa: F401 - registers the shipped effects
from . import rules, turn
from .cards import CardError, CardSet, Square, load_cards
from .effects import EFFECTS, Param, effect
from .notation import move_text, parse_move
from .refusals import illegal_reason
from .rules import IceFortressVariant, State
from .scene import build_scene, move_paths, path_move, step_text
from .setup import IceFortressSetup
from .steps import Dealt, Pulled, Rolled, RoomDrawn, ShardDrawn

__all__ = ["EFFECTS", "CardError", "IceFortress", "IceFortressVariant", "Param", "State", "effect", "load_cards"]

COLOURS = ("red", "blue", "green", "yellow")


def _cards(folder: str) -> CardSet:
    """The card set of a folder (the shipped one for ""), read again when its files change."""
    return _read_cards(folder, _stamp(folder))


def _stamp(folder: str) -> tuple[tuple[str, int, int], ...]:
    if not folder:
        return ()
    try:
        return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(Path(folder).glob("*.toml")))
    except OSError:
        return ()


@functools.lru_cache(maxsize=16)
def _read_cards(folder: str, stamp: tuple[tuple[str, int, int], ...]) -> CardSet:
    return load_cards(folder or None)


class IceFortress(IceFortressSetup, Game[State, Any]):
    """Ice Fortress: build beacons of the four elements together before the shield breaks.

    The rules a house rule may change (`rule_methods`): `fits` (which die a square takes),
    `dice_to_roll` (a turn's dice), `landing_options` (where an invader lands), `invaders_to_pull`
    (how many come each turn) and `is_beacon` (what lights a beacon)."""

    name = "icefortress"
    title = "Ice Fortress"
    variant_type = IceFortressVariant
    variant: IceFortressVariant
    chance = True
    cooperative = True

    def __init__(self, variant: Any = None, **options: Any) -> None:
        super().__init__(variant, **options)
        self.cards = _cards(self.variant.cards)
        self.foundation_spaces = self.variant.foundation_spaces or self.cards.board.foundation_spaces

    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    def seat_of(self, hero: int) -> int:
        """The seat that plays a character (solo: one seat plays both)."""
        return hero % self.variant.players

    def shield_after(self, cubes: int) -> int:
        """The shield's count, within `shield_cap` when there is one."""
        cap = self.variant.shield_cap
        return min(cubes, cap) if cap else cubes

    # -- the rules a house rule may change ---------------------------------------------------
    rule_methods = ("fits", "dice_to_roll", "landing_options", "invaders_to_pull", "is_beacon")

    def fits(self, square: Square, dice: tuple[int, ...], value: int) -> bool:
        """Whether a die fits a square now: a white square by its constraint, a black one by its
        anchor's pillar and modifier (R11, R12)."""
        return rules.fits(square, dice, value, self.variant.halve_rounds_down)

    def dice_to_roll(self, state: State, hero: int) -> int:
        """How many dice a character rolls at the start of its turn (R7, R28)."""
        return turn.dice_to_roll(self, state, hero)

    def landing_options(self, state: State, element: int) -> list[tuple[int, int, int]]:
        """Where a pulled invader may land: (room, square or group, 1 for a group); [] sends it at
        the shield (R23-R25)."""
        return turn.landing_options(self, state, element)

    def invaders_to_pull(self, state: State) -> int:
        """Invaders pulled when building ends: 2, plus one per flipped beacon card (R22)."""
        return rules.pull_count(state)

    def is_beacon(self, state: State, room: int) -> bool:
        """Whether the room just built tops a beacon: four rooms of its element stacked (R18)."""
        return rules.beacon_height(self.cards, state.fortress, room) >= 4

    # -- the rules --------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return turn.advance(self, turn.setup(self))

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        return (turn.actor_of(self, state),)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Any]:
        if self.is_over(state) or (player is not None and player != turn.actor_of(self, state)):
            return iter(())
        return turn.moves(self, state)  # each move once: the steps list no move twice

    def apply(self, state: State, move: Any) -> State:
        return turn.apply(self, state, move)

    def is_over(self, state: State) -> bool:
        return bool(state.ended) or not state.todo

    def scores(self, state: State) -> tuple[float, ...]:
        """Everyone scores the beacons lit together."""
        return (float(sum(state.flipped)),) * self.seats

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        if not self.is_over(state):
            return None
        won = state.ended == "won"
        reason = "four beacons lit" if won else (state.ended.removeprefix("lost: ") or "no move left")
        return Outcome(self.scores(state), tuple(range(self.seats)) if won else (), reason)

    def illegal_reason(self, state: State, move: Any, names: Names = None) -> str | None:
        if self.is_over(state):
            return "the game is over"
        return illegal_reason(self, state, move, names)

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        return step_text(self, state, names)

    # -- notation ---------------------------------------------------------------------------
    def move_text(self, state: State, move: Any) -> str:
        return move_text(self, state, move)

    def parse_move(self, state: State, text: str) -> Any:
        if not isinstance(text, str):
            raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
        return parse_move(self, state, text)

    def move_player(self, move: Any) -> int:
        return move.player

    # -- chance -----------------------------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if self.to_act(state) != (CHANCE,):
            return []
        return turn.chance_weights(self, state)

    def chance_move(self, state: State, rng: random.Random) -> Any:
        """The chance event due, drawn as `chance_outcomes` weighs it (without listing them)."""
        return turn.draw_chance(self, state, rng)

    def chance_from_values(self, state: State, values: list[Any]) -> Any:
        """Dice faces (`[5]`), a room's id, a figure's element (`["fire"]`) or a card's id."""
        if self.to_act(state) != (CHANCE,):
            raise IllegalMove("no chance event is due here")
        if len(values) != 1:
            raise IllegalMove("set one chance event at a time: a die's face, or what is drawn")
        value = values[0]
        for move in turn.moves(self, state):
            if type(move) is Rolled and value == move.value:
                return move
            if isinstance(value, str) and value.strip().lower() in self.chance_names(move):
                return move
        raise IllegalMove(f"{quoted(value)} cannot come up here: {step_text(self, state, None)}")

    def chance_names(self, move: Any) -> set[str]:
        from .cards import ELEMENTS

        if type(move) is RoomDrawn:
            return {self.cards.rooms[move.room].id}
        if type(move) in (Pulled, ShardDrawn):
            return {ELEMENTS[move.element]}
        if type(move) is Dealt:
            from .notation import dealt_card

            return {dealt_card(self, move).id}
        return set()

    def heuristic(self, state: State, seat: int) -> float:
        """How well the team stands, for agents (Greedy uses it; the seats share it)."""
        return _heuristic(self, state)

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Any = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        return build_scene(self, state, last=last, before=before, names=names)

    def move_paths(self, state: State, move: Any) -> list[tuple[str, ...]]:
        return move_paths(self, state, move)

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Any:
        return path_move(self, state, seat, path)


def _heuristic(game: IceFortress, state: State) -> float:
    """How well the team stands (for agents): see bot.team_value."""
    from .bot import team_value

    return team_value(game, state)
