"""Ascendancy set-up positions: towers built from the players' stashes, and whose turn it is.

The supply is each player's stash: an edit puts a piece from a stash on a tower or alone on the
table, takes a piece off the table back to its owner's stash, or gives the turn to a seat. A
set-up position starts a turn: its roll is due.

What the rules never build is impossible: every piece of a tower sits where `may_place_on` lets
it (by the rulebook, on one of another colour and of its own size or larger: placing needs that,
and a split only cuts), and no player has more pieces than their stash held. Under
`end="immediate"` an empty stash has ended the game.

Position JSON: `{"towers": [["r3", "g2"], ["b1"]], "turn": 0}`, each tower bottom first (a
piece alone is solitary), pieces as a colour's initial and a size; `turn` the seat to roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.errors import BadPosition
from ...core.json_types import JSON, JSONObject
from ...core.setup import Edit, read_choice, read_int, read_list, read_object
from .moves import State
from .rules import COLOURS, SIZE_NAMES, colour_of, size_of
from .scene import TABLE, piece_id, tower_id
from .variant import AscendancyVariant


def stash_id(p: int) -> str:
    return f"stash:{COLOURS[colour_of(p)][0]}{size_of(p)}"


class AscendancySetup:
    """The editor's side of Ascendancy (mixed into the Game)."""

    variant: AscendancyVariant

    if TYPE_CHECKING:
        def check_position(self, state: State) -> State: ...  # Game's
        def seat_name(self, seat: int, names: Sequence[str] | None = None) -> str: ...  # Game's
        def may_place_on(self, p: int, top: int) -> bool: ...  # Game's

    def _piece_names(self) -> list[str]:
        return [f"{COLOURS[colour_of(p)][0]}{size_of(p)}" for p in range(3 * self.variant.players)]

    def _piece_words(self, p: int) -> str:
        return f"{COLOURS[colour_of(p)]} {SIZE_NAMES[size_of(p)]}"

    def position_to_json(self, state: State) -> JSONObject:
        names = self._piece_names()
        return {"towers": [[names[p] for p in tower] for tower in state.towers], "turn": state.seat}

    def position_from_json(self, given: JSON) -> State:
        v = self.variant
        data = read_object(given, "an Ascendancy position", ("turn",), ("towers",))
        names = self._piece_names()
        towers = []
        for i, raw in enumerate(read_list(data.get("towers", []), "towers")):
            tower = tuple(read_choice(p, f"piece {k} of {tower_id(i)}", names)
                          for k, p in enumerate(read_list(raw, f"tower {tower_id(i)}", len(names) * 10)))
            if not tower:
                raise BadPosition(f"{tower_id(i)} is empty: a tower holds at least one piece")
            towers.append(tower)
        seat = read_int(data["turn"], "turn", 0, v.players - 1)
        stash = [v.trios] * len(names)
        for tower in towers:
            for p in tower:
                stash[p] -= 1
        return self.check_position(self.setup_position(State(tuple(stash), tuple(towers), seat, (), 0, False, False)))

    def validate(self, state: State) -> list[str]:
        v, problems = self.variant, []
        kinds = 3 * v.players
        if len(state.stash) != kinds:
            return [f"the stashes are counted for {len(state.stash)} kinds of piece, not {kinds}"]
        for p, n in enumerate(state.stash):
            if n < 0:
                problems.append(f"{v.trios - n} {self._piece_words(p)}s on the table: each stash holds "
                                f"{v.trios} (trios={v.trios})")
        for i, tower in enumerate(state.towers):
            if not tower:
                problems.append(f"{tower_id(i)} is empty")
            if any(not 0 <= p < kinds for p in tower):
                problems.append(f"{tower_id(i)} holds a piece that is no piece of this game")
                continue
            for k in range(1, len(tower)):
                below, above = tower[k - 1], tower[k]
                if self.may_place_on(above, below):
                    continue
                reasons = ["a piece is only placed on a top of another colour"] * (colour_of(below) == colour_of(above))
                reasons += ["a piece is never placed on a smaller one"] * (size_of(above) > size_of(below))
                on = f"{tower_id(i)}: a {self._piece_words(above)} on a {self._piece_words(below)}: "
                problems += [on + reason for reason in reasons or ["the rules never place it there"]]
        if not 0 <= state.seat < v.players:
            problems.append(f"seat {state.seat} is to play, but the seats are 0 to {v.players - 1}")
        if v.end == "immediate":
            for seat in range(v.players):
                if all(n <= 0 for n in state.stash[3 * seat: 3 * seat + 3]):
                    problems.append(f"{COLOURS[seat].capitalize()}'s stash is empty: under end='immediate' "
                                    "the game would be over")
        return problems

    def setup_position(self, state: State) -> State:
        """The table and the seat on turn, its roll due; `ending` where a stash is already empty."""
        v = self.variant
        emptied = any(not any(state.stash[3 * s: 3 * s + 3]) for s in range(v.players))
        return State(state.stash, state.towers, state.seat, (), 0, emptied, False)

    def setup_actions(self, state: State) -> list[Edit]:
        edits = []
        names = self._piece_names()
        for p, n in enumerate(state.stash):
            if n <= 0:
                continue
            for i in range(len(state.towers)):
                edits.append(Edit(f"put {names[p]} on {tower_id(i)}", (stash_id(p), tower_id(i)), "put",
                                  change=("put", p, i)))
            edits.append(Edit(f"put {names[p]} on the table", (stash_id(p), TABLE), "put", change=("put", p, None)))
        for i, tower in enumerate(state.towers):
            for k in range(len(tower)):
                edits.append(Edit(f"take {piece_id(i, k)}", (piece_id(i, k),), "take", change=("take", i, k)))
        for seat in range(self.variant.players):
            if seat != state.seat:
                edits.append(Edit(f"turn {seat}", (), "turn", f"{self.seat_name(seat)} to play",
                                  change=("turn", seat, None)))
        return edits

    def edit_position(self, state: State, edit: Edit) -> State:
        stash, towers, seat = list(state.stash), list(state.towers), state.seat
        what, a, b = edit.change
        if what == "put":
            stash[a] -= 1
            if b is None:
                towers.append((a,))
            else:
                towers[b] = (*towers[b], a)
        elif what == "take":
            tower = towers[a]
            stash[tower[b]] += 1
            rest = tower[:b] + tower[b + 1:]
            if rest:
                towers[a] = rest
            else:
                del towers[a]
        else:
            seat = a
        return self.setup_position(State(tuple(stash), tuple(towers), seat, (), 0, False, False))

    def explain_setup(self, state: State, path: tuple[str, ...]) -> str:
        if len(path) > 1:
            return f"{path[-1]} is no place for it: put a piece on a tower or on the table"
        return ("editing: click a stash pile, then a tower or the table to put it there; click a piece "
                "on the table to take it back; the buttons say whose turn it is")
