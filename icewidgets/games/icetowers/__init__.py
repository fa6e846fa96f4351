"""IceTowers: the Game protocol over the rules in rules.py, and the modules it declares for the
rest: the refusals, the notation, the clicks, the scene and the heuristic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from ...core.game import Game, Names, Outcome
from . import clicks, heuristic, notation, refusals, scene
from . import rules as r
from .moves import Action, Cap, Mine, Pass, Split, State
from .setup import IceTowersSetup
from .variant import IceTowersVariant

__all__ = ["Action", "Cap", "IceTowers", "IceTowersVariant", "Mine", "Pass", "Split", "State"]


class IceTowers(IceTowersSetup, Game[State, Action]):
    """IceTowers: turnless tower capping for 2-6 players.

    The rules a house rule may change are methods (`rule_methods`): `may_cap` (which piece may
    cap which top), `cap_places` (every place a piece may cap), `mine_places` (where a mined
    piece may go), `minable` (which pieces may be mined from a tower), `split_points` (where a
    player may split a tower), `is_over` (the end) and `pips_by_colour` (the scoring). The moves,
    who may act, the end, the refusals and the views all ask them, so overriding one changes the
    game.
    """

    name = "icetowers"
    title = "IceTowers"
    variant_type = IceTowersVariant
    variant: IceTowersVariant
    turns = "turnless"
    # Opening a decision judges every action, and a seat drawn is searched on to its reply, so
    # each simulation costs more here: 150 keep the guided search within a third of plain UCT's
    # time a move. The heuristic is worth trusting here: a low exploration constant and softer
    # priors beat plain UCT in 72% of 400 games, where GUIDED's c 2.0 and temperature 0.05 won
    # 57% (bench/agents.py --versus, seeds 0-199 and 1000-1199).
    search_defaults: ClassVar[dict[str, Any]] = {"simulations": 150, "c": 0.5, "temperature": 0.2}
    rule_methods = ("may_cap", "cap_places", "mine_places", "minable", "split_points", "is_over",
                    "pips_by_colour")
    notation = notation
    clicks = clicks
    refusals = refusals
    scenes = scene
    heuristic = heuristic
    _last_over: tuple[State | None, bool] = (None, False)  # the last position is_over was asked of

    def seat_colour(self, seat: int) -> str:
        return r.COLOURS[seat]

    # -- the rules a house rule may change -------------------------------------------------------
    def may_cap(self, p: int, top: int) -> bool:
        """Who may cap what: a pyramid is never placed atop a smaller one (and, under
        cap_other_colour_only, never on its own colour)."""
        return r.may_cap(self, p, top)

    def cap_places(self, state: State, p: int, *, from_table: bool, not_tower: int = -1) -> list[int]:
        """Every place piece p may cap: towers by index, then freestanding pieces (`~code`).
        A piece from the table cannot cap itself; `not_tower` is where a mined piece came from
        ("no minebacks")."""
        return r.cap_places(self, state, p, from_table=from_table, not_tower=not_tower)

    def mine_places(self, state: State, tower: int, p: int) -> list[int | None]:
        """Where piece p, mined from `tower`, may go in the same action: every place it may cap
        (never back on its own tower), and the table (None; under strict_mining only when it
        can cap nowhere)."""
        return r.mine_places(self, state, tower, p)

    def minable(self, tower: tuple[int, ...], player: int) -> tuple[tuple[int, int], ...]:
        """The player's pieces that may be mined from a tower, as (index, piece): the tower is
        topped by another colour and holds two or more of theirs (identical neighbours are one
        choice, the upper)."""
        return r.minable(tower, player)

    def split_points(self, tower: tuple[int, ...], player: int) -> tuple[int, ...]:
        """Where a player may split a tower: between two adjacent pieces of one colour that is
        not theirs (the index of the upper piece)."""
        return r.split_points(tower, player)

    def is_over(self, state: State) -> bool:
        """The end: every player has passed since the last action, or nobody can do anything."""
        # who may act and the legal moves both ask it of each position in turn: the last answer is kept
        last, over = self._last_over
        if last is not state:
            over = r.is_over(self, state)
            self._last_over = state, over
        return over

    def pips_by_colour(self, state: State) -> list[int]:
        """The scoring, by colour (the players', then Gus's): one point per pip in every tower,
        lone pieces included, for the colour on top."""
        return r.pips_by_colour(self, state)

    # -- the protocol ------------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        return r.start(self)

    def to_act(self, state: State) -> tuple[int, ...]:
        return r.to_act(self, state)

    def wants_to_act(self, state: State) -> tuple[int, ...]:
        return r.wants_to_act(self, state)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Action]:
        return r.legal_moves(self, state, player)

    def apply(self, state: State, move: Action) -> State:
        return r.apply(state, move)

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(self.pips_by_colour(state)[: self.variant.players])

    def gus_score(self, state: State) -> int | None:
        """Gus the ghost's pips, where Gus is on the table."""
        return self.pips_by_colour(state)[-1] if self.variant.has_gus else None

    def outcome(self, state: State, names: Names = None) -> Outcome | None:
        return r.outcome(self, state)

    def move_player(self, move: Action) -> int:
        return move.player

    # -- views -------------------------------------------------------------------------------------
    def status(self, state: State, names: Names = None) -> str:
        """How the game ended (with Gus's pips), or who has passed: there are no turns."""
        if self.is_over(state):
            text = super().status(state, names)
            gus = self.gus_score(state)
            return text if gus is None else f"{text[:-1]} (Gus {gus})."
        waiting = [self.seat_name(s, names) for s in range(self.seats) if r.has_passed(state, s)]
        line = "No turns: any player may act."
        if waiting:
            line += f" Passed since the last action: {', '.join(waiting)}."
        return line
