"""Greedy: the best move one ply ahead, by the game's heuristic (`game.values`) or one of your own."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import IllegalMove
from ..core.game import AnyGame, Game, M, S
from .base import Agent, Appraisal, BadAgent, chance_words, percents

Heuristic = Callable[[AnyGame, Any, int], float]
"""`heuristic(game, state, seat) -> float`: how good `state` is for `seat`, higher better."""


def own_value(game: Game[S, M], state: S, seat: int) -> float:
    """The seat's value by the game's heuristic (`game.values`)."""
    return game.values(state)[seat]


class Greedy(Agent):
    """Plays the move whose resulting state is best for its seat, one ply ahead.

    A move that ends the game is judged by the outcome first: a win alone (or, in a cooperative
    game, the team's win) beats everything and a loss is the last resort. Otherwise, and between
    equal outcomes, the state is judged by `heuristic(game, state, seat)` if given, else by the
    game's heuristic (the seat's share of `game.values(state)`). Ties are broken by the agent's
    generator."""

    name = "greedy"

    def __init__(self, seed: int | None = 0, heuristic: Heuristic | None = None) -> None:
        if heuristic is not None and not callable(heuristic):
            raise BadAgent(f"Greedy's heuristic must be a function heuristic(game, state, seat), "
                           f"not {type(heuristic).__name__}", "heuristic")
        super().__init__(seed)
        self.heuristic = heuristic

    def evaluator(self, game: Game[S, M]) -> Heuristic:
        return self.heuristic if self.heuristic is not None else own_value

    def values(self, game: Game[S, M], state: S, seat: int,
               moves: Iterable[M] | None = None) -> list[tuple[M, tuple[int, float]]]:
        """Every legal move of `seat` (or each of `moves`, listed already) with its value:
        (outcome rank, heuristic), higher better; the rank is 2 for a win alone, 0 for a loss,
        1 otherwise."""
        judge = self.evaluator(game)
        found = []
        for move in game.legal_moves(state, seat) if moves is None else moves:
            after = game.apply(state, move)
            rank = 1
            if game.is_over(after):
                outcome = game.outcome(after)
                winners = outcome.winners if outcome is not None else ()
                if winners == (seat,) or (game.cooperative and seat in winners):
                    rank = 2  # a win alone, or the team's win
                elif game.cooperative or (winners and seat not in winners):
                    rank = 0  # a loss (a cooperative game without winners is lost by all)
            found.append((move, (rank, judge(game, after, seat))))
        if not found:
            raise IllegalMove(f"no legal move for {game.seat_name(seat)} here")
        return found

    def choose(self, game: Game[S, M], state: S, seat: int) -> M:
        return self.choose_among(game, state, seat, list(game.legal_moves(state, seat)))

    def appraise(self, game: Game[S, M], state: S, seat: int, top: int = 5) -> list[Appraisal[M]]:
        """The best `top` moves one ply ahead, best first: the best (equal ones sharing it) are
        its choice; each one's value is its outcome (1 a win, 0 a loss) or the game's heuristic
        (the seat's share of the win). With a heuristic of its own, whose figures are no chance,
        the moves have no value."""
        found = sorted(self.values(game, state, seat), key=lambda entry: entry[1], reverse=True)
        best = found[0][1]
        tied = sum(1 for _, value in found if value == best)
        own = self.heuristic is None
        chances = [(1.0 if rank == 2 else 0.0 if rank == 0 else judged) if own else None
                    for _, (rank, judged) in found[:top]]
        out = []
        for (move, value), chance, text in zip(found[:top], chances, percents(chances), strict=True):
            rank, judged = value
            if rank != 1:
                words = "the game is won at once" if rank == 2 else "the game is lost at once"
            elif own:
                words = f"{chance_words(game, text)} by the game's heuristic, one move ahead"
            else:
                words = f"{judged:.3g} by its heuristic, one move ahead"
            choice = "its choice" if value == best else "not its choice"
            out.append(Appraisal(move, 1 / tied if value == best else 0.0, chance, f"{words}; {choice}"))
        return out

    def choose_among(self, game: Game[S, M], state: S, seat: int, moves: Sequence[M]) -> M:
        if type(self).choose is not Greedy.choose:  # a subclass that chooses its own way
            return self.choose(game, state, seat)
        found = self.values(game, state, seat, moves)
        best = max(value for _, value in found)
        chosen: M = self.rng.choice([move for move, value in found if value == best])
        return chosen
