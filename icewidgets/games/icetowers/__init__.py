"""IceTowers: the Game protocol over the rules in rules.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...core.errors import quoted
from ...core.game import Game, Names, Outcome
from ...core.scene import Scene
from . import heuristic
from . import rules as r
from .notation import GUS_LETTER, LETTERS, action_text, letter, parse_action, piece_text, place_text
from .rules import Action, Cap, IceTowersVariant, Mine, Pass, Split, State
from .scene import build_scene, pile_id, place_id, touched, tower_id
from .setup import IceTowersSetup

__all__ = ["Cap", "IceTowers", "IceTowersVariant", "Mine", "Pass", "Split", "State"]


class IceTowers(IceTowersSetup, Game[State, Action]):
    """IceTowers: turnless tower capping for 2-6 players.

    The rules a house rule may change are methods (`rule_methods`): `may_cap` (which piece may
    cap which top), `cap_places` (every place a piece may cap), `mine_places` (where a mined
    piece may go), `minable` (which pieces may be mined from a tower), `split_points` (where a
    player may split a tower), `is_over` (the end) and `pips_by_colour` (the scoring). The moves,
    who may act, the end and the refusals all ask them, so overriding one changes the game.
    """

    name = "icetowers"
    title = "IceTowers"
    variant_type = IceTowersVariant
    variant: IceTowersVariant
    turns = "turnless"
    rule_methods = ("may_cap", "cap_places", "mine_places", "minable", "split_points", "is_over",
                    "pips_by_colour")
    _shipped_caps = True  # may_cap is the rulebook's, so cap_places may use its unrolled form

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shipped_caps = cls.may_cap is IceTowers.may_cap

    def seat_colour(self, seat: int) -> str:
        return r.COLOURS[seat]

    def start(self, seed: int = 0) -> State:
        return r.setup(self.variant)

    def to_act(self, state: State) -> tuple[int, ...]:
        """Every player with something to do: who has not passed since the last action, or has
        and can still cap, mine or split (that withdraws the pass; with `passed_players_wait`
        they wait instead). None once the game is over."""
        if self.is_over(state):
            return ()
        v = self.variant
        return tuple(
            p for p in range(v.players)
            if not r.has_passed(state, p) or (not v.passed_players_wait and self.can_act(state, p))
        )

    def wants_to_act(self, state: State) -> tuple[int, ...]:
        """The players who have not passed since the last action: a simulation draws from them."""
        if self.is_over(state):
            return ()
        return tuple(p for p in range(self.variant.players) if not r.has_passed(state, p))

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        v = self.variant
        if self.is_over(state):
            return
        for seat in range(v.players) if player is None else (player,):
            if 0 <= seat < v.players and not (v.passed_players_wait and r.has_passed(state, seat)):
                yield from self.actions(state, seat)  # none for a passed player who can only pass

    def apply(self, state: State, move: Action) -> State:
        if isinstance(move, Cap):
            return r.do_cap(state, move)
        if isinstance(move, Mine):
            return r.do_mine(state, move)
        if isinstance(move, Split):
            return r.do_split(state, move)
        return r.do_pass(state, move)

    def is_over(self, state: State) -> bool:
        """The end: every player has passed since the last action, or nobody can do anything."""
        return r.all_passed(self.variant, state) or self.nothing_to_do(state)

    def values(self, state: State) -> tuple[float, ...]:
        """The heuristic the computer players judge a position by (see heuristic.py)."""
        return heuristic.values(self, state)

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(self.pips_by_colour(state)[: self.variant.players])

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        """Most pips wins and ties share the win; Gus may have the most, and then nobody wins."""
        if not self.is_over(state):
            return None
        pips = self.pips_by_colour(state)
        best = max(pips)
        winners = tuple(s for s in range(self.variant.players) if pips[s] == best)
        reason = "all agreed to stop" if r.all_passed(self.variant, state) else "nobody can act"
        if not winners:
            reason += f"; Gus the ghost has the most pips ({best})"
        return Outcome(tuple(pips[: self.variant.players]), winners, reason)

    def gus_score(self, state: State) -> int | None:
        return self.pips_by_colour(state)[-1] if self.variant.has_gus else None

    # -- the rules, one method each (a house rule overrides them) ------------------------------
    def may_cap(self, p: int, top: int) -> bool:
        """Who may cap what: a pyramid is never placed atop a smaller one (and, under
        cap_other_colour_only, never on its own colour)."""
        return r.may_cap(self.variant, p, top)

    def cap_places(self, state: State, p: int, *, from_table: bool, not_tower: int = -1) -> list[int]:
        """Every place piece p may cap: towers by index, then freestanding pieces (`~code`).
        A piece from the table cannot cap itself; `not_tower` is where a mined piece came from
        ("no minebacks")."""
        if self._shipped_caps:  # the rulebook's may_cap, unrolled: self-play spends its time here
            return r.cap_places(self.variant, state, p, from_table=from_table, not_tower=not_tower)
        may_cap = self.may_cap
        places = [i for i, tower in enumerate(state.towers) if i != not_tower and may_cap(p, tower[-1])]
        places += [~q for q, count in enumerate(state.free)
                   if count and (count > 1 or q != p or not from_table) and may_cap(p, q)]
        return places

    def mine_places(self, state: State, tower: int, p: int) -> list[int | None]:
        """Where piece p, mined from `tower`, may go in the same action: every place it may cap
        (never back on its own tower), and the table (None; under strict_mining only when it
        can cap nowhere)."""
        places: list[int | None] = list(self.cap_places(state, p, from_table=False, not_tower=tower))
        if not (self.variant.strict_mining and places):
            places.append(None)
        return places

    def minable(self, tower: tuple[int, ...], player: int) -> tuple[tuple[int, int], ...]:
        """The player's pieces that may be mined from a tower, as (index, piece): the tower is
        topped by another colour and holds two or more of theirs (identical neighbours are one
        choice, the upper)."""
        return r.minable(tower, player)

    def split_points(self, tower: tuple[int, ...], player: int) -> tuple[int, ...]:
        """Where a player may split a tower: between two adjacent pieces of one colour that is
        not theirs (the index of the upper piece)."""
        return r.split_points(tower, player)

    def pips_by_colour(self, state: State) -> list[int]:
        """The scoring, by colour (the players', then Gus's): one point per pip in every tower,
        lone pieces included, for the colour on top."""
        return r.pips_by_colour(self.variant, state)

    # -- what the rules allow, from the methods above ------------------------------------------
    def actions(self, state: State, player: int) -> Iterator[Action]:
        """Everything a player may do now: caps, mines, splits, then passing (once since the
        last action)."""
        cap_places = self.cap_places
        for p in range(3 * player, 3 * player + 3):
            if state.free[p]:
                for onto in cap_places(state, p, from_table=True):
                    yield Cap(player, p, onto)
        yield from self.mine_actions(state, player)
        split_points = self.split_points
        for i, tower in enumerate(state.towers):
            for k in split_points(tower, player):
                yield Split(player, i, k)
        if not r.has_passed(state, player):
            yield Pass(player)

    def mine_actions(self, state: State, player: int) -> list[Mine]:
        found: list[Mine] = []
        minable, mine_places = self.minable, self.mine_places
        for i, tower in enumerate(state.towers):
            for k, p in minable(tower, player):
                found.extend(Mine(player, i, k, p, onto) for onto in mine_places(state, i, p))
        return found

    def can_act(self, state: State, player: int) -> bool:
        """The player can cap, mine or split."""
        for p in range(3 * player, 3 * player + 3):
            if state.free[p] and self.cap_places(state, p, from_table=True):
                return True
        split_points = self.split_points
        return bool(self.mine_actions(state, player)) or any(split_points(t, player) for t in state.towers)

    def nothing_to_do(self, state: State) -> bool:
        """No player can cap, mine or split: only passing is left."""
        return not any(self.can_act(state, player) for player in range(self.variant.players))

    # -- notation and picking ----------------------------------------------------------------
    def move_text(self, state: State, move: Action) -> str:
        return action_text(self.variant, state, move)

    def parse_move(self, state: State, text: str) -> Action:
        return parse_action(self.variant, state, text)

    def move_player(self, move: Action) -> int:
        return move.player

    def move_kind(self, move: Action) -> str:
        return type(move).__name__.lower()

    def move_label(self, state: State, move: Action, names: Names = None) -> str:
        return f"{self.seat_name(move.player, names)} passes" if type(move) is Pass else self.move_text(state, move)

    def move_paths(self, state: State, move: Action) -> list[tuple[str, ...]]:
        """Cap: the pile, then the place. Mine: the piece in the tower (any of identical
        neighbours), then the place (the table for setting it down). Split: the upper piece of the
        pair. Pass: a button."""
        v = self.variant
        if isinstance(move, Cap):
            return [(pile_id(v, move.piece), place_id(v, move.onto))]
        if isinstance(move, Mine):
            dest = place_id(v, move.onto)
            return [(f"{tower_id(move.tower)}.{k}", dest) for k in r.run_of(state.towers[move.tower], move.at)]
        if isinstance(move, Split):
            return [(f"{tower_id(move.tower)}.{move.cut}",)]
        return []

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Action | None:
        """The action a click path names, legal or not: a pile then a place caps; the seat's
        piece in a tower then a place (or the table) mines it; another colour's piece in a tower,
        alone, splits the tower below it."""
        if len(path) == 1:
            spot = self.tower_piece(state, path[0])
            if spot is None or spot[1] == 0 or r.colour_of(state.towers[spot[0]][spot[1]]) == seat:
                return None  # nothing is cut below the bottom; a piece of one's own starts a mine
            return Split(seat, *spot)
        place = self.place_of(path[1]) if len(path) == 2 else None
        if place is None:
            return None
        (onto,) = place
        p = self.pile_piece(path[0])
        if p is not None:
            return Cap(seat, p, onto) if r.colour_of(p) == seat and onto is not None else None
        spot = self.tower_piece(state, path[0])
        if spot is None:
            return None
        i, k = spot
        tower = state.towers[i]
        return Mine(seat, i, r.run_of(tower, k)[-1], tower[k], onto) if r.colour_of(tower[k]) == seat else None

    def explain_click(self, state: State, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        """A first click on a pile of another colour, a pile with nowhere to go, a piece that
        cannot be mined, the bottom of a tower, or a tower itself; a pile, then the table."""
        v = self.variant
        if len(path) == 2 and self.pile_piece(path[0]) is not None and path[1] == "table":
            return "a cap puts the piece on a tower or a freestanding piece, not alone on the table"
        if len(path) != 1:
            return None
        clicked = path[0]
        if (p := self.pile_piece(clicked)) is not None:
            owner = r.colour_of(p)
            if owner == v.players:
                return "that pile is Gus's: Gus's pieces belong to no player, and nobody caps with them"
            if seat is None:
                seat = owner
            if owner != seat:
                who = self.seat_name(seat, names)
                return f"that pile is {self.seat_name(owner, names)}'s: {who} caps only with {who}'s own pieces"
            if owner not in self.to_act(state):
                return f"{self.seat_name(owner, names)} may not act now"
            colour = ", nor on its own colour (cap_other_colour_only)" if v.cap_other_colour_only else ""
            return (f"{piece_text(v, p)} has nowhere to go: a pyramid is never placed atop a smaller "
                    f"one{colour}")
        if (spot := self.tower_piece(state, clicked)) is not None:
            i, k = spot
            tower = state.towers[i]
            owner = r.colour_of(tower[k])
            if seat is None and owner in self.to_act(state):
                seat = owner
            if owner == seat:
                mine = Mine(seat, i, r.run_of(tower, k)[-1], tower[k], None)
                if problem := self.illegal_reason(state, mine, names):
                    return f"{self.move_text(state, mine)}: {problem}"
            if k == 0:
                return (f"{clicked} is the bottom of T{i + 1}: a split cuts between two pieces, "
                        "so click the upper piece of the pair")
            return None
        if self.place_of(clicked) is not None:
            return (f"{clicked} is a place to cap or mine onto: first click a freestanding piece "
                    "of your colour, or one of your pieces in a tower")
        return None

    def pile_piece(self, key: str) -> int | None:
        """The piece of a freestanding pile's id (`free:g1`), or None."""
        m = re.fullmatch(r"free:([a-z])([123])", key)
        if m is None:
            return None
        letters = LETTERS[: self.variant.players] + (GUS_LETTER if self.variant.has_gus else "")
        colour = letters.find(m.group(1))
        return None if colour < 0 else r.piece(colour, int(m.group(2)))

    def tower_piece(self, state: State, key: str) -> tuple[int, int] | None:
        """(tower, index) of a piece's id in a tower on the table (`T3.1`), or None."""
        m = re.fullmatch(r"T(\d{1,4})\.(\d{1,4})", key)
        if m is None:
            return None
        i, k = int(m.group(1)) - 1, int(m.group(2))
        return (i, k) if 0 <= i < len(state.towers) and k < len(state.towers[i]) else None

    def place_of(self, key: str) -> tuple[int | None] | None:
        """Where a click puts a piece, as a 1-tuple of an action's `onto`: a tower (by its id or
        a piece of it), a freestanding piece (`~code`), or None for the table; None where the id
        is no place."""
        if key == "table":
            return (None,)
        if m := re.fullmatch(r"T(\d{1,4})(?:\.\d{1,4})?", key):
            return (int(m.group(1)) - 1,)
        p = self.pile_piece(key)
        return None if p is None else (~p,)

    # -- checked play: each rule refuses a move in its own words ------------------------------
    def illegal_reason(self, state: State, move: Action, names: Names = None) -> str | None:
        """The first rule an action breaks, in the rulebook's order, or None for a legal one."""
        v = self.variant
        if type(move) not in (Cap, Mine, Split, Pass):
            return f"{quoted(move)} is not an IceTowers action"
        if not 0 <= move.player < v.players:
            return f"there is no seat {move.player} in a {v.players}-player game"
        if r.all_passed(v, state):
            return "the game is over: every player has passed"
        if isinstance(move, Pass):
            return self.refuse_pass(state, move, names)
        if v.passed_players_wait and r.has_passed(state, move.player):
            return (f"{self.seat_name(move.player, names)} has passed and waits until another "
                    "player acts (passed_players_wait)")
        # an action these allow shows that someone can act, so the game is not over
        if isinstance(move, Cap):
            return self.refuse_cap(state, move, names)
        if isinstance(move, Mine):
            return self.refuse_mine(state, move, names)
        return self.refuse_split(state, move, names)

    def refuse_cap(self, state: State, move: Cap, names: Names = None) -> str | None:
        """1. Cap: a freestanding piece of your colour onto a top of its size or larger."""
        who = self.seat_name(move.player, names)
        if r.colour_of(move.piece) != move.player:
            return f"{who} caps only with {who}'s own pieces, not {self.piece_name(move.piece)}"
        if not state.free[move.piece]:
            return f"{who} has no freestanding {piece_text(self.variant, move.piece)}"
        if move.onto is None:
            return "a cap puts the piece on a tower or a freestanding piece, not alone on the table"
        return self.refuse_place(state, move.piece, move.onto, from_table=True)

    def refuse_mine(self, state: State, move: Mine, names: Names = None) -> str | None:
        """2. Mine: one of your pieces out of a tower topped by another colour that holds two or
        more of yours, onto another tower or a freestanding piece (never back: no minebacks), or
        set down on the table (under strict_mining, only when it can cap nowhere)."""
        v, who = self.variant, self.seat_name(move.player, names)
        if problem := self.no_tower(state, move.tower):
            return problem
        tower, name = state.towers[move.tower], f"T{move.tower + 1}"
        if r.colour_of(tower[-1]) == move.player:
            return f"{name} is topped by {who}: mine only from towers topped by another colour"
        if r.colour_of(move.piece) != move.player:
            return f"{who} mines only {who}'s own pieces, not {self.piece_name(move.piece)}"
        text = piece_text(v, move.piece)
        if move.piece not in tower:
            return f"{name} holds no {text}"
        if not 0 <= move.at < len(tower) or tower[move.at] != move.piece:
            return f"piece {move.at} of {name} (0 is the bottom) is not {text}"
        if tower[move.at + 1] == move.piece:  # the top is another colour's, so there is a piece above
            upper = r.run_of(tower, move.at)[-1]
            return (f"pieces {move.at} to {upper} of {name} are identical {text}s: taking any of them "
                    f"is one choice, named by the upper one ({upper})")
        if sum(r.colour_of(p) == move.player for p in tower) < 2:
            return f"{name} holds fewer than two {who} pieces"
        if move.onto in self.mine_places(state, move.tower, move.piece):
            return None
        if move.onto is None:
            if v.strict_mining:
                return "strict_mining: a mined piece goes to the table only when it cannot cap"
            return f"{self.title}: a mined {text} is not set down on the table"
        return (self.refuse_place(state, move.piece, move.onto, from_table=False, source=move.tower)
                or f"{self.title}: a mined {text} may not go onto {place_text(v, move.onto)}")

    def refuse_split(self, state: State, move: Split, names: Names = None) -> str | None:
        """3. Split: between two adjacent pieces of one colour that is not yours."""
        if problem := self.no_tower(state, move.tower):
            return problem
        tower, name = state.towers[move.tower], f"T{move.tower + 1}"
        if not 1 <= move.cut < len(tower):
            return f"{name} has {len(tower)} pieces: cut between 1 and {len(tower) - 1}"
        a, b = r.colour_of(tower[move.cut - 1]), r.colour_of(tower[move.cut])
        if a != b:
            return f"pieces {move.cut} and {move.cut + 1} of {name} differ in colour: split only between two of one colour"
        if a == move.player:
            return "a player never splits between two pieces of their own colour"
        return None

    def refuse_pass(self, state: State, move: Pass, names: Names = None) -> str | None:
        """4. Pass: once since the last action, while anyone can still do something."""
        if r.has_passed(state, move.player):
            return f"{self.seat_name(move.player, names)} has already passed since the last action"
        if self.nothing_to_do(state):
            return "the game is over: nobody can cap, mine or split"
        return None

    def refuse_place(self, state: State, p: int, onto: int, *, from_table: bool, source: int = -1) -> str | None:
        """Where a capping piece may go: never atop a smaller one (nor, under
        cap_other_colour_only, on its own colour); a freestanding piece never caps itself."""
        v = self.variant
        if onto >= 0:
            if problem := self.no_tower(state, onto):
                return problem
            if onto == source:
                return "no minebacks: a mined piece may not cap the tower it came from"
            top = state.towers[onto][-1]
        else:
            top = ~onto
            if top >= len(state.free):
                return f"there is no {self.piece_name(top)} on the table"
            need = 2 if (from_table and top == p) else 1
            if state.free[top] < need:
                return f"there is no freestanding {piece_text(v, top)} to cap"
        if not self._shipped_caps:
            return None if self.may_cap(p, top) else f"{self.title}: {piece_text(v, p)} may not cap {place_text(v, onto)}"
        if r.size_of(p) > r.size_of(top):
            return f"a pyramid is never placed atop a smaller one ({place_text(v, onto)} has a size-{r.size_of(top)} top)"
        if v.cap_other_colour_only and r.colour_of(top) == r.colour_of(p):
            return "cap_other_colour_only: a cap must differ in colour from the top it covers"
        return None

    def no_tower(self, state: State, i: int) -> str | None:
        towers = state.towers
        if not 0 <= i < len(towers):
            have = "none yet" if not towers else "T1" if len(towers) == 1 else f"T1-T{len(towers)}"
            return f"there is no tower T{i + 1} (towers on the table: {have})"
        return None

    def piece_name(self, p: int) -> str:
        """A piece's text, or its code where it is no piece of this game."""
        return piece_text(self.variant, p) if 0 <= p < 3 * self.variant.colours else f"piece {p}"

    # -- views ------------------------------------------------------------------------------
    def scene(self, state: State, *, last: Action | None = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        names = [self.seat_name(s, names) for s in range(self.seats)]
        marks = touched(self.variant, before, state, last) if last is not None and before is not None else []
        return build_scene(self, names, state, marks)

    def status(self, state: State, names: Names = None) -> str:
        if self.is_over(state):
            text = super().status(state, names)
            gus = self.gus_score(state)
            return text if gus is None else f"{text[:-1]} (Gus {gus})."
        waiting = [self.seat_name(s, names) for s in range(self.seats) if r.has_passed(state, s)]
        line = "No turns: any player may act."
        if waiting:
            line += f" Passed since the last action: {', '.join(waiting)}."
        return line

    def letter(self, seat: int) -> str:
        return letter(self.variant, seat)
