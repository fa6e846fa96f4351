"""MCTS: Monte Carlo tree search, for every registered game.

Two searches share the one tree and its descent (see `tree`):

- The default, guided by the game's heuristic (`game.values`): rollouts cut off after `depth`
  random actions and judged by the heuristic (at depth 0 the heuristic judges each new node
  itself); a decision's moves get priors from the heuristic's judgement of the positions they
  lead to, and are chosen by PUCT (the mean reward found, plus `c` times the prior shrinking
  with the move's visits; a move not tried yet is worth its judgement), so a wide decision is
  searched where the heuristic points first; and the tree is kept between moves (`reuse`): the
  next search starts from the node of the position reached, when the tree holds it.
- `rollout="random"`: plain UCT. Each new node is judged by one uniformly random rollout to the
  end of the game, the moves tried in random order, each once, before UCB1 (constant `c`) picks
  among them; a fresh tree each move.

Both:
- Budget: `simulations` a move, or `seconds` of search a move (a time budget; then the moves
  depend on the machine's speed, so only a simulation budget repeats exactly with a seed); both
  given, the search stops at whichever comes first.
- Values: a simulation ends in a reward in [0, 1] per seat (see `rollout.rewards`: 1 for a win,
  1/k for a win shared by k seats, 0 for a loss; the heuristic's values are on the same scale);
  each node is judged by the seat that chose it, so the search works for any number of seats.
- Chance: chance nodes hold `game.chance_outcomes`, sampled by probability on the way down.
- Turnless games: which seat acts next is drawn uniformly among `game.wants_to_act` (as the
  driver does), and the search models that draw as a chance node. The guided search judges the
  drawn seat's reply, not the same position again.
- Hidden information: each simulation starts from `game.resample(state, seat, rng)`, a state
  consistent with what the seat sees, so the search never reads another seat's secrets (see
  `tree`); a kept tree is used again only along moves the seat saw as they were.
- `workers=N` searches one decision in N processes at once (root parallelism): each worker
  searches its share of the simulations (all of `seconds`) from its own seed and keeps its own
  tree; the root's visits are summed. The same seed and N give the same moves.
- The move played is the most visited; `analyse` gives the visit shares of the best few, and
  `appraise` adds each one's mean reward: the searching seat's chance of winning after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import inf
from typing import Any, TypedDict

from ..core.errors import IllegalMove, quoted
from ..core.game import Game, M, S
from . import tree
from .base import Agent, Appraisal, BadAgent, chance_words, percents
from .judge import Guide
from .parallel import Pool
from .registry import options_of
from .searcher import Searcher, Settings, budget
from .tree import Found

ROLLOUTS = ("heuristic", "random")
GUIDED: dict[str, float] = {"simulations": 200, "depth": 0, "c": 2.0, "temperature": 0.05}
"""The guided search's settings where neither the agent nor the game gives one."""
TUNED = tuple(GUIDED)
UCT_C = 1.4
UCT_SIMULATIONS = 200


class Tuned(TypedDict):
    """The settings a search runs with (`MCTS.tuned`); plain UCT takes no depth nor temperature."""

    simulations: int
    depth: int | None
    c: float
    temperature: float | None



class MCTS(Agent):
    """Monte Carlo tree search: by default guided by the game's heuristic (cut-off rollouts,
    priors, the tree kept between moves); `rollout="random"` is plain UCT.

    `simulations` a move, or `seconds` a move; `rollout` "heuristic" or "random"; `depth` the
    random actions of a cut-off rollout before the heuristic judges (0: the heuristic judges each
    new node); `c` the exploration constant (PUCT's for the guided search, UCB1's for plain UCT);
    `temperature` how sharply the heuristic's values make the priors; `reuse` keeps the tree
    between moves (None: on for the guided search, off for plain UCT); `workers` processes search
    each decision together. Where `simulations`, `depth`, `c` or `temperature` is not given (None),
    the guided search takes the game's `search_defaults`, else GUIDED's (see `tuned`), and plain
    UCT its own (200 simulations, c 1.4)."""

    name = "mcts"

    def __init__(self, simulations: int | None = None, seconds: float | None = None, c: float | None = None,
                 seed: int | None = 0, *, rollout: str = "heuristic", depth: int | None = None,
                 temperature: float | None = None, reuse: bool | None = None, workers: int = 1) -> None:
        given = {key: value for key, value in locals().items() if key in OPTIONS and value != OPTIONS[key]}
        check_tuned({"simulations": simulations, "depth": depth, "c": c, "temperature": temperature}, "MCTS's")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds < inf):
            raise BadAgent(f"MCTS's seconds must be a number above 0 (or None), not {quoted(seconds)}",
                           "seconds")
        if rollout not in ROLLOUTS:
            raise BadAgent(f"MCTS's rollout is 'heuristic' or 'random', not {quoted(rollout)}", "rollout")
        if reuse is not None and not isinstance(reuse, bool):
            raise BadAgent(f"MCTS's reuse is True, False or None, not {quoted(reuse)}", "reuse")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise BadAgent(f"MCTS needs a whole number of workers of at least 1, not {quoted(workers)}",
                           "workers")
        super().__init__(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.rollout = rollout
        self.depth = depth
        self.temperature = float(temperature) if temperature is not None else None
        self.c = float(c) if c is not None else UCT_C if rollout == "random" else None
        self.reuse = reuse if reuse is not None else rollout != "random"
        self.workers = workers
        self.given = given  # the options that differ from their defaults
        self.name = spec_name(given)
        self._searcher: Searcher[Any, Any] | None = None  # whatever game it is given
        self._pool: Pool | None = None

    def tuned(self, game: Game[S, M]) -> Tuned:
        """The simulations, depth, c and temperature this agent searches `game` with: those given,
        else (the guided search) the game's `search_defaults`, else GUIDED's; plain UCT's are its
        own (200 simulations, c 1.4), whatever the game."""
        if self.rollout == "random":
            c = self.c if self.c is not None else UCT_C
            return Tuned(simulations=self.simulations or UCT_SIMULATIONS, depth=None, c=c, temperature=None)
        declared = {key: value for key, value in game.search_defaults.items() if key in TUNED}
        check_tuned(declared, f"{game.title}'s search_defaults:")

        def pick(key: str, given: float | None) -> float:
            return given if given is not None else declared.get(key, GUIDED[key])

        # whole numbers: check_tuned refuses any other declared simulations or depth, and GUIDED's are
        return Tuned(simulations=int(pick("simulations", self.simulations)), depth=int(pick("depth", self.depth)),
                     c=pick("c", self.c), temperature=pick("temperature", self.temperature))

    def settings(self, game: Game[S, M]) -> Settings:
        tuned = self.tuned(game)
        depth, temperature = tuned["depth"], tuned["temperature"]
        guide = None if depth is None or temperature is None else Guide(depth, tuned["c"], temperature)
        return Settings(tuned["c"], guide, self.reuse)

    def reseed(self, seed: int | None) -> None:
        """Start again from `seed`: the generator, and no tree kept (nor in the workers)."""
        super().reseed(seed)
        self._searcher = None
        if self._pool is not None:
            self._pool.restart()

    def search(self, game: Game[S, M], state: S, seat: int) -> Found[M]:
        """The root's moves as (move, visits, mean reward for `seat`, rank): a proven win first
        (rank 2), proven losses last (rank 0), else most visited first, then best valued."""
        moves = list(game.legal_moves(state, seat))
        if not moves:
            raise IllegalMove(f"no legal move for {game.seat_name(seat)} here")
        if len(moves) == 1:
            return [(moves[0], 1, 0.0, 1)]
        if self.workers > 1:
            if self._pool is None:
                self._pool = Pool(self.workers)
            found = self._pool.search(self, game, state, seat)
        else:
            settings = self.settings(game)
            if self._searcher is None or self._searcher.settings != settings:
                self._searcher = Searcher(settings, self.rng)
            limit = budget(self.tuned(game)["simulations"], self.seconds, capped=self.simulations is not None)
            found = self._searcher.search(game, state, seat, limit)
        return sorted(found, key=lambda entry: (entry[3], entry[1], entry[2]), reverse=True)

    def choose(self, game: Game[S, M], state: S, seat: int) -> M:
        best: M = self.search(game, state, seat)[0][0]
        return best

    def analyse(self, game: Game[S, M], state: S, seat: int, top: int = 5) -> list[tuple[M, float]]:
        """The best `top` moves with their share of the root's visits, best first."""
        found = self.search(game, state, seat)
        total = sum(entry[1] for entry in found) or 1
        return [(entry[0], entry[1] / total) for entry in found[:top]]

    def appraise(self, game: Game[S, M], state: S, seat: int, top: int = 5) -> list[Appraisal[M]]:
        """The best `top` moves, best first, each with its share of the root's visits and its
        mean reward to `seat` as its value (its chance of winning, the heuristic's where the search
        stopped short of the end; 1 or 0 where the search proved a win or a loss); "wins 64% (120
        of 200 simulations)". Where the guided search stopped before it visited `top` moves (a
        forced win found at once), the rest follow as the heuristic judged them, unsearched. A
        seat's only move is searched for nothing, and has no value."""
        found = self.search(game, state, seat)
        if len(found) == 1 and found[0][1] == 1 and len(list(game.legal_moves(state, seat))) == 1:
            return [Appraisal(found[0][0], 1.0, None, "its only move")]
        total = sum(entry[1] for entry in found) or 1
        best: list[tuple[M, float, float, str]] = []  # (move, share, value, figures)
        for move, visits, mean, rank in found[:top]:
            if visits == 0:  # only a move that ends the game is known without a visit
                figures = "the game ends with it"
            else:
                figures = ("a forced win found" if rank == 2 else "a forced loss found" if rank == 0
                           else f"{visits:,} of {total:,} simulations")
            best.append((move, visits / total, mean, figures))
        searcher = self._searcher
        if len(best) < top and self.workers == 1 and searcher is not None and searcher.root is not None:
            # a search that stopped at once (a forced win): the other moves as the heuristic judged them
            best += [(move, 0.0, value, "") for move, value in tree.unsearched(searcher.root)[: top - len(best)]]
        chances = percents([value for _, _, value, _ in best])
        return [Appraisal(move, share, value, f"{chance_words(game, chance)} ({figures})" if figures else
                          f"{chance_words(game, chance)} by the game's heuristic (not searched)")
                for (move, share, value, figures), chance in zip(best, chances, strict=True)]

    def close(self) -> None:
        """End the worker processes, if any (they end with the agent too)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def __getstate__(self) -> dict[str, object]:
        """A copy (pickled for a worker, or deep-copied by simulate) keeps no tree and no workers."""
        state = self.__dict__.copy()
        state["_searcher"] = None
        state["_pool"] = None
        return state


OPTIONS = options_of(MCTS)
"""MCTS's options and their defaults, read from its signature."""


def spec_name(given: Mapping[str, object]) -> str:
    """The agent's name: "mcts", "mcts:500" and "mcts:2s" (specs `make_agent` reads back), else
    the options that differ from the defaults, as in `mcts(rollout="random", simulations=100)`."""
    if not given:
        return "mcts"
    if set(given) == {"simulations"}:
        return f"mcts:{given['simulations']}"
    if set(given) == {"seconds"}:
        return f"mcts:{given['seconds']:g}s"
    words = ", ".join(f"{key}={value!r}".replace("'", '"') for key, value in sorted(given.items()))
    return f"mcts({words})"


def check_tuned(values: Mapping[str, object], whose: str) -> None:
    """Refuse a bad `simulations`, `depth`, `c` or `temperature` (None is not given)."""
    simulations, depth, c, temperature = (values.get(key) for key in TUNED)
    if simulations is not None and (isinstance(simulations, bool) or not isinstance(simulations, int)
                                    or simulations < 1):
        raise BadAgent(f"MCTS needs a whole number of simulations of at least 1, not {quoted(simulations)}"
                       if whose == "MCTS's" else
                       f"{whose} simulations must be a whole number of at least 1, not {quoted(simulations)}",
                       "simulations")
    if c is not None and (isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c < inf):
        raise BadAgent(f"{whose} exploration constant c must be a number of at least 0, not {quoted(c)}", "c")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise BadAgent(f"{whose} depth must be a whole number of at least 0, not {quoted(depth)}", "depth")
    if temperature is not None and (isinstance(temperature, bool) or not isinstance(temperature, (int, float))
                                    or not 0 < temperature < inf):
        raise BadAgent(f"{whose} temperature must be a number above 0, not {quoted(temperature)}", "temperature")
