"""Ascendancy: the Game protocol over the rules in rules.py, with the dice as chance events."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, InvalidMoveText, quoted
from ...core.game import MAX_MOVE_TEXT, Game, Names, Outcome, and_list
from ...core.scene import Scene
from . import rules as r
from .notation import action_text, parse_action, tower_text
from .rules import Action, AscendancyVariant, Pass, Place, Roll, Split, State
from .scene import TABLE, build_scene, die_id, piece_id, touched, tower_id
from .setup import AscendancySetup

__all__ = ["Ascendancy", "AscendancyVariant", "Pass", "Place", "Roll", "Split", "State"]


class Ascendancy(AscendancySetup, Game[State, Action]):
    """Ascendancy: turn-based tower building for 2-5 players, driven by dice.

    The rules a house rule may change (`rule_methods`): `may_place_on` (which top a piece may
    be placed on), `placements` (every place a piece may go, the table included), `split_cuts`
    (the cuts a player may make in a tower), `tower_points` (what a tower scores its
    controller) and `scores`. The moves and the refusals ask them.
    """

    name = "ascendancy"
    title = "Ascendancy"
    variant_type = AscendancyVariant
    variant: AscendancyVariant
    chance = True
    rule_methods = ("may_place_on", "placements", "split_cuts", "tower_points", "scores")
    _shipped_moves = True  # placing and splitting are the rulebook's: the moves come unrolled

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shipped_moves = all(getattr(cls, rule) is getattr(Ascendancy, rule)
                                 for rule in ("may_place_on", "placements", "split_cuts"))

    def seat_colour(self, seat: int) -> str:
        return r.COLOURS[seat]

    # -- the rules, one method each (a house rule overrides them) ------------------------------
    def may_place_on(self, p: int, top: int) -> bool:
        """Placing: only on a top of the same size or larger, and never on your own colour."""
        return r.may_place_on(p, top)

    def placements(self, state: State, p: int) -> list[int | None]:
        """Every tower or solitary piece piece p may go on, in table order, then the table (None)."""
        if self._shipped_moves:
            return r.placements(state, p)
        may_place_on = self.may_place_on
        places: list[int | None] = [i for i, tower in enumerate(state.towers) if may_place_on(p, tower[-1])]
        places.append(None)
        return places

    def split_cuts(self, tower: tuple[int, ...], player: int) -> list[int]:
        """Splitting: the cuts a player may make in a tower they do not control, directly above
        one of their pieces with another of theirs higher up (pieces below the cut)."""
        return r.split_cuts(self.variant, tower, player)

    def tower_points(self, tower: tuple[int, ...]) -> int:
        """What a tower of two or more pieces is worth to its controller: their own pieces
        under the top (queen 3, drone 2, pawn 1 by default)."""
        return r.tower_points(self.variant, tower)

    def die_actions(self, state: State) -> list[Action]:
        """For each open die: the placements if the player holds that size (they must place
        it), else the splits and then passing the die."""
        if self._shipped_moves:
            return r.die_actions(self.variant, state)
        seat, actions = state.seat, list[Action]()
        splits = [(i, cut) for i, tower in enumerate(state.towers) for cut in self.split_cuts(tower, seat)]
        for die in r.open_dice(state):
            p = 3 * seat + r.die_size(state.dice[die]) - 1
            if state.stash[p]:
                actions.extend(Place(seat, die, onto) for onto in self.placements(state, p))
            else:
                actions.extend(Split(seat, die, tower, cut) for tower, cut in splits)
                actions.append(Pass(seat, die))
        return actions

    def start(self, seed: int = 0) -> State:
        return r.setup(self.variant)

    def to_act(self, state: State) -> tuple[int, ...]:
        """Chance while the turn's roll is due, then the player on turn; nobody once it is over."""
        if state.over:
            return ()
        return (state.seat,) if state.dice else (CHANCE,)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        """The player on turn's choices for every open die; for CHANCE, every possible roll."""
        if state.over:
            return iter(())
        if not state.dice:
            if player is not None and player != CHANCE:
                return iter(())
            faces = range(1, r.FACES + 1)
            return (Roll(f) for f in itertools.product(faces, repeat=self.variant.dice))
        if player is not None and player != state.seat:
            return iter(())
        return iter(self.die_actions(state))

    def apply(self, state: State, move: Action) -> State:
        if isinstance(move, Place):
            return r.do_place(self.variant, state, move)
        if isinstance(move, Roll):
            return r.do_roll(state, move)
        if isinstance(move, Split):
            return r.do_split(self.variant, state, move)
        return r.do_pass(self.variant, state, move)

    def is_over(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> tuple[float, ...]:
        """Scoring: each player scores `tower_points` of every tower they control."""
        if type(self).tower_points is Ascendancy.tower_points:
            return tuple(r.scores(self.variant, state))
        score = [0] * self.variant.players
        for tower in state.towers:
            if len(tower) > 1:
                score[tower[-1] // 3] += self.tower_points(tower)
        return tuple(score)

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        """Most points wins; equal points share the win."""
        if not state.over:
            return None
        scores = self.scores(state)
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(scores, winners, self.end_reason(state, names))

    def end_reason(self, state: State, names: Names = None) -> str:
        who = and_list([self.seat_name(s, names) for s in r.emptied_stashes(self.variant, state)])
        when = {"immediate": "", "end_of_turn": ", and that turn ended",
                "end_of_round": ", and the round ended"}[self.variant.end]
        return f"{who} placed their whole stash{when}"

    def titles(self, state: State) -> dict[str, list[int]]:
        """Live status by name ("Inferiority", "Supremacy"), or once the game is over the titles
        ("Subordination", "Ascendancy"): the seats that hold each."""
        found: dict[str, list[int]] = {}
        for seat in range(self.seats):
            for word in r.status_words(self.variant, state, seat):
                found.setdefault(word, []).append(seat)
        return found

    # -- chance -------------------------------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """Every roll of the turn's dice, in order (die 1 first), each equally likely."""
        if state.over or state.dice:
            return []
        rolls = list(self.legal_moves(state, CHANCE))
        return [(roll, 1 / len(rolls)) for roll in rolls]

    def chance_move(self, state: State, rng: random.Random) -> Roll:
        if state.over or state.dice:
            raise IllegalMove("no roll is due: the dice of this turn are on the table")
        return r.roll(self.variant, rng)

    def chance_from_values(self, state: State, values: list[Any]) -> Roll:
        """The dice set by hand, e.g. [5, 6]; IllegalMove names what is wrong."""
        if state.over:
            raise IllegalMove("the game is over: no more dice are rolled")
        if state.dice:
            raise IllegalMove(f"no roll is due: {self.seat_name(state.seat)} is playing this turn's dice")
        if not isinstance(values, (list, tuple)):
            raise IllegalMove(f"dice faces are a list of whole numbers, not {type(values).__name__}")
        return r.roll_from_values(self.variant, list(values))

    # -- checked play: each rule refuses a move in its own words ------------------------------
    def play(self, state: State, move: Action, names: Names = None) -> State:
        self._check_turn(state, move, names)
        return super().play(state, move, names)

    def parse_legal(self, state: State, text: str, names: Names = None) -> Action:
        if not isinstance(text, str):
            raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidMoveText(f"move text of {len(text)} characters is too long to be a move "
                                  f"(at most {MAX_MOVE_TEXT})")
        if not state.over:
            self._check_turn(state, self.parse_move(state, text), names, f"{quoted(text)}: ")
        return super().parse_legal(state, text, names)

    def _check_turn(self, state: State, move: Action, names: Names = None, prefix: str = "") -> None:
        """Say plainly when a roll is due and a die is played, or the other way round."""
        if not state.over and (problem := self.refuse_out_of_turn(state, move, names)):
            raise IllegalMove(prefix + problem)

    def illegal_reason(self, state: State, move: Action, names: Names = None) -> str | None:
        """The first rule a move breaks, in the rulebook's order, or None for a legal one."""
        if type(move) not in (Roll, Place, Split, Pass):
            return f"{quoted(move)} is not an Ascendancy move"
        if state.over:
            return "the game is over"
        if problem := self.refuse_out_of_turn(state, move, names):
            return problem
        if isinstance(move, Roll):
            return r.roll_problem(self.variant, move.faces)
        if move.player != state.seat:
            return f"it is {self.seat_name(state.seat, names)}'s turn"
        if not 0 <= move.die < len(state.dice):
            return f"there is no die d{move.die + 1}"
        if state.used >> move.die & 1:
            return f"die d{move.die + 1} has already been used this turn"
        if isinstance(move, Place):
            return self.refuse_place(state, move, names)
        if isinstance(move, Split):
            return self.refuse_split(state, move, names)
        return self.refuse_pass(state, move, names)

    def refuse_out_of_turn(self, state: State, move: Action, names: Names = None) -> str | None:
        """2. A turn starts with a roll, and the roll comes only then."""
        if type(move) is Roll and state.dice:
            return f"no roll is due: {self.seat_name(state.seat, names)} is playing this turn's dice"
        if type(move) is not Roll and not state.dice:
            return (f"the dice have not been rolled: {self.seat_name(state.seat, names)}'s "
                    "turn starts with a roll")
        return None

    def die_asks(self, state: State, die: int) -> tuple[int, str]:
        """The size a die asks for, and how a message names it: `a queen (d1 shows 5)`."""
        face = state.dice[die]
        size = r.die_size(face)
        return size, f"a {r.SIZE_NAMES[size]} (d{die + 1} shows {face})"

    def refuse_place(self, state: State, move: Place, names: Names = None) -> str | None:
        """3. Place the piece a die asks for: alone on the table, or on a top of the same size or
        larger that is not your colour."""
        who = self.seat_name(move.player, names)
        size, _ = self.die_asks(state, move.die)
        if not r.holds(state, move.player, size):
            return f"{who} has no {r.SIZE_NAMES[size]} left for d{move.die + 1}: split a tower or pass the die"
        if move.onto is None:
            return None
        if problem := self.no_tower(state, move.onto):
            return problem
        top, where = state.towers[move.onto][-1], tower_text(move.onto)
        if r.size_of(top) < size:
            return (f"a piece may only be placed on a piece of the same size or larger: "
                    f"the top of {where} is a {r.SIZE_NAMES[r.size_of(top)]}")
        if r.colour_of(top) == move.player:
            return f"a player cannot place a piece on their own colour: the top of {where} is {who}'s"
        return None

    def refuse_split(self, state: State, move: Split, names: Names = None) -> str | None:
        """4. Split, only when out of the size the die asks for: a tower you do not control, cut
        directly above one of your pieces with another of yours higher up."""
        who = self.seat_name(move.player, names)
        size, asks = self.die_asks(state, move.die)
        if r.holds(state, move.player, size):
            return f"{who} still holds {asks} and must place it: split only when out of that size"
        if problem := self.no_tower(state, move.tower):
            return problem
        tower, where = state.towers[move.tower], tower_text(move.tower)
        if len(tower) < 2:
            return f"{where} is a solitary piece: only a tower of two or more pieces is split"
        if r.colour_of(tower[-1]) == move.player:
            return f"the tower split must not be controlled by the player: {who} controls {where}"
        if not 1 <= move.cut < len(tower):
            return f"{where} has {len(tower)} pieces: cut above piece 1 to {len(tower) - 1}"
        if r.colour_of(tower[move.cut - 1]) != move.player:
            return (f"the split must leave {who} in control of one of the two parts: piece "
                    f"{move.cut} of {where}, below the cut, is not {who}'s")
        if not any(r.colour_of(p) == move.player for p in tower[move.cut:]):
            return (f"there must be one of {who}'s pieces in each new tower: none is above "
                    f"the cut in {where}")
        if move.cut == 1 and not self.variant.split_leaves_solitary:
            return "split_leaves_solitary is off: the part you control must be a tower of two or more"
        return None

    def refuse_pass(self, state: State, move: Pass, names: Names = None) -> str | None:
        """5. Pass a die, only when out of the size it asks for."""
        size, asks = self.die_asks(state, move.die)
        if r.holds(state, move.player, size):
            return (f"{self.seat_name(move.player, names)} still holds {asks} and must place it: "
                    "a die is passed only when you cannot place")
        return None

    def no_tower(self, state: State, i: int) -> str | None:
        towers = state.towers
        if not 0 <= i < len(towers):
            have = f"T1-T{len(towers)}" if towers else "nothing yet"
            return f"there is no {tower_text(i)} (on the table: {have})"
        return None

    # -- notation and picking ----------------------------------------------------------------
    def move_text(self, state: State, move: Action) -> str:
        return action_text(move)

    def parse_move(self, state: State, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
        return parse_action(self.variant, state, text)

    def move_player(self, move: Action) -> int:
        return move.player

    def move_kind(self, move: Action) -> str:
        return type(move).__name__.lower()

    def move_label(self, state: State, move: Action, names: Names = None) -> str:
        if type(move) is Pass and move.die < len(state.dice):
            face = state.dice[move.die]
            return f"Pass d{move.die + 1} ({face}: {r.SIZE_NAMES[r.die_size(face)]})"
        return self.move_text(state, move)

    def move_paths(self, state: State, move: Action) -> list[tuple[str, ...]]:
        """Place: the die, then the tower or solitary piece (or the table). Split: the die, then
        the lowest piece of the part that is lifted off (`T3.2` for d:T3/2). Pass: a button."""
        if isinstance(move, Place):
            return [(die_id(move.die), TABLE if move.onto is None else tower_id(move.onto))]
        if isinstance(move, Split):
            return [(die_id(move.die), piece_id(move.tower, move.cut))]
        return []

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
        """The move a click path names, legal or not: a die, then a tower or the table, places
        the piece the die asks for; a die, then a piece in a tower, splits the tower below that
        piece (or places on that tower while the player still holds the die's size)."""
        if len(path) != 2 or (die := self.die_of(path[0])) is None:
            return None
        place = path[1]
        if place == TABLE:
            return Place(seat, die, None)
        m = re.fullmatch(r"T(\d{1,4})(?:\.(\d{1,4}))?", place)
        if m is None:
            return None
        tower = int(m.group(1)) - 1
        if m.group(2) is None or (die < len(state.dice) and r.holds(state, seat, r.die_size(state.dice[die]))):
            return Place(seat, die, tower)
        return Split(seat, die, tower, int(m.group(2)))

    def explain_click(self, state: State, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        """A first click on a die already used or with nothing to do but pass, or on anything
        but a die; a die, then another die or the stash."""
        if state.over or not state.dice:
            return None
        who = self.seat_name(state.seat, names)
        if len(path) == 2 and self.die_of(path[0]) is not None:
            if (other := self.die_of(path[1])) is not None:
                return f"one die at a time: the clicks start again, so click d{other + 1} to play it"
            if path[1].startswith("stash"):
                return ("a die takes its piece from the stash by itself: click where the piece goes, "
                        "a highlighted tower or the table")
        if len(path) != 1:
            return None
        die = self.die_of(path[0])
        if die is None:
            return (f"click a die first: {who} places the piece a die asks for, or, when out of "
                    "that size, splits a tower with it")
        if die >= len(state.dice):
            return None
        if state.used >> die & 1:
            return f"die d{die + 1} has already been used this turn"
        size = r.SIZE_NAMES[r.die_size(state.dice[die])]
        return (f"{who} has no {size} left for d{die + 1} and no tower to split: pass the die "
                f"(its button, d{die + 1}:pass)")

    def die_of(self, key: str) -> int | None:
        """The index of a die's id (`die0`), or None."""
        m = re.fullmatch(r"die(\d{1,2})", key)
        return int(m.group(1)) if m else None

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Action | None = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        names = [self.seat_name(s, names) for s in range(self.seats)]
        marks = touched(before, state, last) if last is not None and before is not None else []
        return build_scene(self, names, state, marks)

    def status(self, state: State, names: Names = None) -> str:
        if state.over:
            line = super().status(state, names)
            titles = self.titles(state)
            for title in ("Ascendancy", "Subordination"):
                if title in titles:
                    line += f" {title}: {', '.join(self.seat_name(s, names) for s in titles[title])}."
            return line
        who = self.seat_name(state.seat, names)
        if not state.dice:
            return f"{who} to roll {self.variant.dice} dice."
        dice = ", ".join(f"d{d + 1}={state.dice[d]} ({r.SIZE_NAMES[r.die_size(state.dice[d])]})"
                         for d in r.open_dice(state))
        return f"{who} to play: {dice}."
