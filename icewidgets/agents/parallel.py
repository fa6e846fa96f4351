"""Root parallelism: one decision searched by several processes at once.

Each worker is a process of its own (a one-process pool), so that it keeps its own search tree
between an agent's moves: worker i searches its share of the simulations from its own seed and
answers with its root's moves; the agent sums the visits by move. The seeds are drawn from the
agent's generator after each reseed, so the same seed and number of workers give the same moves.
"""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING, Any

from ..core.game import Game, M, S
from .searcher import Searcher, Settings, budget

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from .mcts import MCTS
    from .tree import Found

_MINE: dict[int, tuple[int, Searcher[Any, Any]]] = {}  # in a worker: the tree of each pool's run, by run


def work(run: int, settings: Settings, seed: int, game: Game[S, M], state: S, seat: int,
         simulations: int, seconds: float | None, capped: bool = False) -> Found[M]:
    """In a worker: search with this worker's tree (a new one for a new run) and generator:
    `simulations`, or `seconds` (`capped`: with `simulations` at most)."""
    held = _MINE.get(0)
    if held is None or held[0] != run or held[1].settings != settings:
        held = _MINE[0] = (run, Searcher(settings, random.Random(seed)))
    return held[1].search(game, state, seat, budget(simulations, seconds, capped=capped))


class Pool:
    """An agent's worker processes, started on its first search and ended with it."""

    def __init__(self, workers: int) -> None:
        # imported here: an agent that searches alone (as in a playable page's worker, which has
        # no processes) never loads multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.executors = [ProcessPoolExecutor(max_workers=1) for _ in range(workers)]
        self.run = 0
        self.seeds: list[int] | None = None
        weakref.finalize(self, _shut, list(self.executors))

    def restart(self) -> None:
        """A new run (after a reseed): the workers' trees are dropped and new seeds drawn."""
        self.run += 1
        self.seeds = None

    def search(self, agent: MCTS, game: Game[S, M], state: S, seat: int) -> Found[M]:
        workers = len(self.executors)
        if self.seeds is None:
            self.seeds = [agent.rng.getrandbits(63) for _ in range(workers)]
        share, extra = divmod(agent.tuned(game)["simulations"], workers)
        settings = agent.settings(game)
        futures = [executor.submit(work, self.run, settings, self.seeds[i], game, state, seat,
                                   max(1, share + (i < extra)), agent.seconds, agent.simulations is not None)
                   for i, executor in enumerate(self.executors)]
        return merge([future.result() for future in futures])

    def close(self) -> None:
        _shut(self.executors)


def merge(answers: list[Found[M]]) -> Found[M]:
    """The workers' root moves as one: visits summed, mean rewards weighted by visits, a rank any
    worker proved (a proof holds in every tree)."""
    totals: dict[M, tuple[int, float, int]] = {}
    for found in answers:
        for move, visits, mean, rank in found:
            seen, total, proved = totals.get(move, (0, 0.0, 1))
            totals[move] = (seen + visits, total + mean * visits, rank if rank != 1 else proved)
    return [(move, visits, total / visits if visits else 0.0, rank)
            for move, (visits, total, rank) in totals.items()]


def _shut(executors: list[ProcessPoolExecutor]) -> None:
    for executor in executors:
        executor.shutdown(wait=False, cancel_futures=True)
