"""Ice Fortress: the Game protocol over the rules in rules.py (the turn as a script of steps),
lost_causes.py (the end when the game can no longer be won) and powers.py (the effects), with its
cards as data (cards.py, read by card_reader.py), and the modules it declares for the rest: the
refusals, the notation, the clicks, the scene and the heuristic."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, quoted, quoted_list
from ...core.game import Game, Names, Outcome
from ...core.variant import Variant
from . import clicks, heuristic, notation, refusals, rules, scene
from .card_reader import folder_cards, folder_changed, kept_cards, load_cards
from .cards import CardError, Square
from .effects import EFFECTS, Param, effect
from .lost_causes import lost_cause
from .moves import (
    CHANCE_MOVES,
    Begins,
    BuildRoom,
    Choose,
    Dealt,
    DiscardRoom,
    DiscardShard,
    EndBuilding,
    Flood,
    Keep,
    Land,
    Move,
    Place,
    Pulled,
    Rolled,
    RoomDrawn,
    ShardDrawn,
    State,
    Use,
)
from .rules import script
from .scene import step_text
from .setup import IceFortressSetup
from .variant import IceFortressVariant

__all__ = ["EFFECTS", "Begins", "BuildRoom", "CardError", "Choose", "Dealt", "DiscardRoom", "DiscardShard", "EndBuilding",
           "Flood", "IceFortress", "IceFortressVariant", "Keep", "Land", "Move", "Param", "Place", "Pulled", "Rolled",
           "RoomDrawn", "ShardDrawn", "State", "Use", "effect", "load_cards"]

COLOURS = ("red", "blue", "green", "yellow")


class IceFortress(IceFortressSetup, Game[State, Move]):
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
    # The hint: the planner, each move judged by the best line of the turn after it (MCTS's visits
    # spread evenly here: its priors and values come from the team's chance, which one decision
    # moves by a point or less).
    hint_agent = "fortressbot"
    rule_methods = ("fits", "dice_to_roll", "landing_options", "invaders_to_pull", "is_beacon")
    notation = notation
    clicks = clicks
    refusals = refusals
    scenes = scene
    heuristic = heuristic

    def __init__(self, variant: Variant | None = None, *, card_files: dict[str, str] | None = None,
                 **options: Any) -> None:
        """`card_files`: the texts of the designer's card files by file name (what a record keeps),
        played in place of the `cards` folder's files."""
        super().__init__(variant, **options)
        folder = self.variant.cards
        edition = self.variant.edition
        self.cards = folder_cards(folder, edition) if card_files is None else kept_cards(card_files, folder, edition)
        self.cards.check_deal(self.variant.players)
        self.difficulty = self.variant.difficulty or self.cards.board.standard_difficulty
        self.cards.check_difficulty(self.difficulty)
        self.foundation_spaces = self.variant.foundation_spaces or self.cards.board.foundation_spaces

    # -- the designer's card files in a record ----------------------------------------------
    def variant_files(self) -> dict[str, dict[str, str]]:
        """A designer's card files as this game plays them (the shipped set is not kept)."""
        return {"cards": dict(self.cards.files)} if self.variant.cards else {}

    @classmethod
    def with_variant_files(cls, variant: Variant, files: dict[str, dict[str, str]]) -> IceFortress:
        """The game playing the card files a record kept, checked as the files of a folder are."""
        folder = variant.cards if isinstance(variant, IceFortressVariant) else ""
        if set(files) != {"cards"} or not files["cards"] or not folder:
            raise CardError("a record of Ice Fortress keeps the files of the folder its cards option names, and "
                            f"only those (found {quoted_list(files)} for cards={quoted(folder)})", "cards")
        return cls(variant, card_files=files["cards"])

    def variant_files_changed(self) -> str:
        """The files of the `cards` folder that differ here from those this game plays, named."""
        return folder_changed(self.variant.cards, self.cards)

    # -- seats and characters ---------------------------------------------------------------
    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    def seat_of(self, hero: int) -> int:
        """The seat that plays a character (solo: one seat plays both)."""
        return rules.seat_of(self, hero)

    def shield_after(self, cubes: int) -> int:
        """The shield's count, within `shield_cap` when there is one."""
        return rules.shield_after(self, cubes)

    # -- the rules a house rule may change ---------------------------------------------------
    def fits(self, square: Square, dice: tuple[int, ...], value: int) -> bool:
        """Whether a die fits a square now: a white square by its constraint, a black one by its
        anchor's pillar and modifier (R11, R12)."""
        return rules.fits(self, square, dice, value)

    def dice_to_roll(self, state: State, hero: int) -> int:
        """How many dice a character rolls at the start of its turn (R7, R28)."""
        return rules.dice_to_roll(self, state, hero)

    def landing_options(self, state: State, element: int) -> list[tuple[int, int, int]]:
        """Where a pulled invader may land: (room, square or group, 1 for a group); [] sends it at
        the shield (R23-R25)."""
        return rules.landing_options(self, state, element)

    def invaders_to_pull(self, state: State) -> int:
        """Invaders pulled when building ends: 2, plus one per flipped beacon card (R22)."""
        return rules.invaders_to_pull(self, state)

    def is_beacon(self, state: State, room: int) -> bool:
        """Whether the room just built tops a beacon: four rooms of its element stacked (R18)."""
        return rules.is_beacon(self, state, room)

    # -- the rules --------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return script.advance(self, rules.set_up(self))

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        return (script.actor(self, state),)

    def turn_of(self, state: State) -> int | None:
        """The seat playing the character whose turn it is, through its roll, its building, its
        invaders and its clean-up; None during the set-up's deals and choices, and once over."""
        if self.is_over(state) or rules.before_first_turn(state):
            return None
        return self.seat_of(state.current)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Move]:
        if self.is_over(state) or (player is not None and player != script.actor(self, state)):
            return iter(())
        return script.moves(self, state)  # each move once: the steps list no move twice

    def apply(self, state: State, move: Move) -> State:
        return script.apply(self, state, move)

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

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            return super().status(state, names)
        text = step_text(self, state, names)
        why = lost_cause(self, state) if self.variant.lost_causes == "play on" else ""
        return f"{text.rstrip('.')}; this game can no longer be won: {why}." if why else text

    def move_player(self, move: Move) -> int:
        """Chance deals, draws, rolls and pulls; a seat makes every other move."""
        return CHANCE if isinstance(move, CHANCE_MOVES) else move.player

    # -- chance -----------------------------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Move, float]]:
        if self.to_act(state) != (CHANCE,):
            return []
        return rules.chance_weights(self, state)

    def chance_move(self, state: State, rng: random.Random) -> Move:
        """The chance event due, drawn as `chance_outcomes` weighs it (without listing them)."""
        return rules.draw_chance(self, state, rng)

    def chance_from_values(self, state: State, values: list[object]) -> Move:
        """Dice faces (`[5]`), a room's id, a figure's element (`["fire"]`) or a card's id."""
        if self.to_act(state) != (CHANCE,):
            raise IllegalMove("no chance event is due here")
        return notation.chance_from_values(self, state, values)
