"""IceTowers set-up positions: towers built from the freestanding pieces.

Every pyramid is always on the table, so the supply is the freestanding pieces: an edit puts one
on a tower or on another freestanding piece (a new tower), or takes a piece out of a tower back
to the freestanding ones. There are no turns; a set-up position starts with nobody passed.

What the rules never build is impossible: a pyramid atop a smaller one (capping needs a top of
its size or larger, and mining and splitting only take pieces out or cut, so every tower stays
largest at the bottom), a tower of one piece (it is freestanding), more pieces of a kind than
the trios hold, a pass by a seat that does not exist.

Position JSON: `{"towers": [["r3", "g1"], ...]}`, each tower bottom first, in the notation's
piece names; every piece not in a tower is freestanding.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, cast

from ...core.errors import BadPosition
from ...core.json_types import JSON, JSONObject
from ...core.pieces import size_of
from ...core.setup import Edit, read_choice, read_list, read_object
from .moves import State
from .notation import piece_text, piece_words
from .scene import pile_id, tower_id
from .variant import IceTowersVariant

if TYPE_CHECKING:
    from . import IceTowers


class IceTowersSetup:
    """The editor's side of IceTowers (mixed into the Game)."""

    variant: IceTowersVariant

    if TYPE_CHECKING:
        def check_position(self, state: State) -> State: ...  # Game's

    @property
    def _game(self) -> IceTowers:
        return cast("IceTowers", self)  # the mixin is part of IceTowers only

    def _piece_names(self) -> list[str]:
        return [piece_text(self._game, p) for p in range(3 * self.variant.colours)]

    def position_to_json(self, state: State) -> JSONObject:
        names = self._piece_names()
        return {"towers": [[names[p] for p in tower] for tower in state.towers]}

    def position_from_json(self, given: JSON) -> State:
        data = read_object(given, "an IceTowers position", optional=("towers",))
        names = self._piece_names()
        towers = []
        for i, raw in enumerate(read_list(data.get("towers", []), "towers")):
            tower = tuple(read_choice(p, f"piece {k} of T{i + 1}", names)
                          for k, p in enumerate(read_list(raw, f"tower T{i + 1}", 3 * len(names) * 10)))
            if len(tower) < 2:
                raise BadPosition(f"T{i + 1} holds {len(tower)} piece(s): a tower has two or more "
                                  "(a lone piece is freestanding: leave it out)")
            towers.append(tower)
        used = [0] * len(names)
        for tower in towers:
            for p in tower:
                used[p] += 1
        free = tuple(self.variant.trios - n for n in used)
        return self.check_position(State(free, tuple(towers), 0))

    def validate(self, state: State) -> list[str]:
        v, problems = self.variant, []
        kinds = 3 * v.colours
        if len(state.free) != kinds:
            return [f"the freestanding pieces are counted for {len(state.free)} kinds of piece, not {kinds}"]
        counts = list(state.free)
        for i, tower in enumerate(state.towers):
            if len(tower) < 2:
                problems.append(f"T{i + 1} holds {len(tower)} piece(s): a tower has two or more")
            for p in tower:
                if not 0 <= p < kinds:
                    problems.append(f"T{i + 1} holds piece {p}, which is no piece of this game")
                else:
                    counts[p] += 1
            if all(0 <= p < kinds for p in tower):
                problems += self._atop_smaller(i, tower)
        for p, n in enumerate(counts):
            if state.free[p] < 0 or n != v.trios:
                placed = n - state.free[p]
                problems.append(f"{max(n, placed)} {piece_words(self._game, p)} on the table: each colour has "
                                f"{v.trios} of each size (trios={v.trios})")
        if state.passed >> v.players:
            problems.append("a seat that does not exist has passed")
        return problems

    def _atop_smaller(self, i: int, tower: tuple[int, ...]) -> list[str]:
        """A pyramid is never placed atop a smaller one."""
        game = self._game
        return [f"T{i + 1}: {piece_words(game, above)} on {piece_words(game, below)}: a pyramid is "
                "never placed atop a smaller one"
                for below, above in pairwise(tower) if size_of(above) > size_of(below)]

    def setup_position(self, state: State) -> State:
        return state._replace(passed=0)

    def setup_actions(self, state: State) -> list[Edit]:
        game, edits = self._game, []
        names = self._piece_names()
        for p, n in enumerate(state.free):
            if not n:
                continue
            for i in range(len(state.towers)):
                edits.append(Edit(f"put {names[p]} on {tower_id(i)}", (pile_id(game, p), tower_id(i)), "put",
                                  change=("put", p, i)))
            for q, m in enumerate(state.free):
                if m > (q == p):  # a piece is never put on itself
                    edits.append(Edit(f"put {names[p]} on {names[q]}", (pile_id(game, p), pile_id(game, q)), "put",
                                      change=("put", p, ~q)))
        for i, tower in enumerate(state.towers):
            for k in range(len(tower)):
                edits.append(Edit(f"take {tower_id(i)}.{k}", (f"{tower_id(i)}.{k}",), "take", change=("take", i, k)))
        return edits

    def edit_position(self, state: State, edit: Edit) -> State:
        free, towers = list(state.free), list(state.towers)
        what, a, b = edit.change
        if what == "put":
            free[a] -= 1
            if b >= 0:
                towers[b] = (*towers[b], a)
            else:
                free[~b] -= 1
                towers.append((~b, a))
        else:
            tower = towers[a]
            free[tower[b]] += 1
            rest = tower[:b] + tower[b + 1:]
            if len(rest) > 1:
                towers[a] = rest
            else:
                free[rest[0]] += 1
                del towers[a]
        return State(tuple(free), tuple(towers), state.passed)

    def explain_setup(self, state: State, path: tuple[str, ...]) -> str:
        if path and path[0].startswith("T") and len(path) == 1:
            return "click a piece inside a tower to take it out, or a freestanding pile to put one on a tower"
        if len(path) > 1:
            return f"{path[-1]} is no place for it: put a piece on a tower or on a freestanding piece"
        return ("editing: click a freestanding pile, then a tower or another freestanding piece to put it "
                "on; click a piece in a tower to take it out")
