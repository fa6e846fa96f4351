"""One search as a worker runs it: a tree kept between moves with its generator (`Searcher`),
what it needs besides its budget (`Settings`), and the budget of simulations or seconds. The MCTS
agent (mcts.py) holds one, or a pool of workers each holding one (parallel.py)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic

from ..core.game import Game, M, S
from . import tree
from .judge import Guide
from .tree import Found


@dataclass(frozen=True)
class Settings:
    """What a search needs besides its budget: picklable, for the workers."""

    c: float
    guide: Guide | None
    reuse: bool


class Searcher(Generic[S, M]):
    """One search tree and its generator: the tree kept between moves where `reuse` is on (an
    agent's searcher serves every game it is given, its kept tree only the game it was made in)."""

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.settings = settings
        self.rng = rng
        self.kept: tuple[Game[S, M], S, tree.Node[S, M]] | None = None  # (game, state searched, root)
        self.root: tree.Node[S, M] | None = None  # the last search's root, where every seat sees the state

    def search(self, game: Game[S, M], state: S, seat: int, budget: Callable[[], bool]) -> Found[M]:
        s = self.settings
        root = self.reused(game, state, seat) if s.reuse else None
        if root is None:
            root = tree.Node(None if game.hidden_information else state, -1, seat)
        found = tree.search(game, root, state, seat, self.rng, s.c, budget, s.guide)
        self.kept = (game, state, root) if s.reuse else None
        self.root = root if s.reuse and not game.hidden_information else None
        return found

    def reused(self, game: Game[S, M], state: S, seat: int) -> tree.Node[S, M] | None:
        """The kept tree's node of this position, made the root; None where there is none."""
        if self.kept is None:
            return None
        old_game, before, root = self.kept
        self.kept = None
        if old_game is not game and (type(old_game) is not type(game) or old_game.variant != game.variant):
            return None
        node = tree.descendant(game, root, before, state, seat)
        if node is not None:
            node.mover = -1
            node.seat = seat
        return node


def budget(simulations: int, seconds: float | None, *, capped: bool) -> Callable[[], bool]:
    """A function that says whether to run one more simulation: `seconds` of them, else
    `simulations`; with both (`capped`), until either runs out. A time budget runs at least one,
    however late the search starts (a kept tree's root is looked up first), so that every
    search has a move to give."""
    left = [simulations]
    if seconds is not None:
        deadline = time.perf_counter() + seconds

        def in_time() -> bool:
            left[0] -= 1
            return left[0] == simulations - 1 or ((left[0] >= 0 or not capped) and time.perf_counter() < deadline)

        return in_time

    def more() -> bool:
        left[0] -= 1
        return left[0] >= 0

    return more
