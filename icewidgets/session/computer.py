"""The computer players seated at a board: which seat each plays, whose turn it is to answer, and
the one thinking now, in a thread of its own so that the page stays responsive meanwhile.

Who answers: in a game of turns, the agent seated at the seat to act. In a turnless game
(IceTowers) any seat may act at any moment: after a person acts, one agent answers (drawn by the
record's seeded generator among the agent seats that want to act); where only agents want to act,
they go on one after another until a person may act again or the game ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..agents import MCTS, Agent, make_agent
from ..agents.base import answer_problem, failure_words
from ..agents.registry import agents_for
from ..core.chance import CHANCE, chance_rng
from ..core.game import Game, Names
from ..core.record import Node

Later = Callable[[Callable[[], None]], None]
"""Runs a function later, once the action under way has ended (an event loop's call_soon)."""


class Computer:
    """The agents of one board and the search under way, if any."""

    def __init__(self, background: bool | Later = True, seconds: float | None = None) -> None:
        self.background = background
        self.seconds = seconds  # the most an MCTS seated by name searches a move, where set
        self.agents: dict[int, Agent] = {}
        self.specs: dict[int, str] = {}
        self.answered = 0  # agent moves since a person last acted
        self._thread: threading.Thread | None = None
        self._aside: threading.Thread | None = None  # a search apart from the agents' (a hint)
        self._ticket = 0  # the search whose answer is still wanted

    @staticmethod
    def choices(game: Game) -> list[str]:
        """The agents a page may seat in `game`, by name: every game's and the game's own."""
        return list(agents_for(game))

    def seat(self, seat: int, spec: object, seed: int, game: Game) -> None:
        """Seat an agent (a name such as "mcts" or "mcts:500", one of `game`'s own agents, an
        Agent, or a strategy function), or None for a person."""
        if spec is None:
            self.agents.pop(seat, None)
            self.specs.pop(seat, None)
            return
        agent = make_agent(spec, seed=seed, game=game)
        if self.seconds is not None and isinstance(spec, str) and isinstance(agent, MCTS):
            agent.seconds = self.seconds
        self.agents[seat] = agent
        self.specs[seat] = spec if isinstance(spec, str) else agent.name

    def next_seat(self, game: Game, node: Node, seed: int) -> int | None:
        """The agent seat that answers at this node, or None (a person's turn, chance, the end)."""
        state = node.state
        if game.is_over(state):
            return None
        seats = [s for s in game.wants_to_act(state) if s != CHANCE]
        mine = [s for s in seats if s in self.agents]
        if not mine or (len(mine) < len(seats) and self.answered > 0):
            return None
        return mine[0] if len(mine) == 1 else chance_rng(seed, node.ply).choice(mine)

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def think(self, agent: Agent, game: Game, state: object, seat: int, names: Names,
              done: Callable[[int, object], None], failed: Callable[[int, str], None]) -> int:
        """Ask the agent for a move and check it as a person's is checked; `done(ticket, move)`
        gets a legal move of `seat`, `failed(ticket, what)` what went wrong ("failed: ...",
        "chose ..., which ..."), from the thread, in the background. Returns the ticket of this
        search."""
        self._ticket += 1
        ticket = self._ticket

        def run() -> None:
            try:
                move = agent.choose(game, state, seat)
                wrong = answer_problem(game, state, seat, move, names)
            except Exception as e:  # a designer's agent may fail: the board says so
                failed(ticket, failure_words(e))
                return
            if wrong is not None:
                failed(ticket, wrong)
            else:
                done(ticket, move)

        if callable(self.background):  # a host's own background (a web page's worker)
            self.background(run)
            return ticket
        if not self.background:
            run()
            return ticket
        thread = threading.Thread(target=run, name=f"icewidgets agent {seat}", daemon=True)
        thread.start()  # before it is known as the search under way, which `wait` joins
        self._thread = thread
        return ticket

    def aside(self, run: Callable[[], None], name: str) -> None:
        """Run `run` where the agents search (a thread of its own, or a host's background; at once
        where there is none), apart from any agent's search; `wait` waits for it too."""
        if callable(self.background):
            self.background(run)
            return
        if not self.background:
            run()
            return
        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        self._aside = thread

    def wanted(self, ticket: int) -> bool:
        return ticket == self._ticket

    def stop(self) -> None:
        """Forget the search under way: its answer, when it comes, is dropped."""
        self._ticket += 1

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no agent is thinking (one answer may start the next agent's search); False
        if one still is after `timeout` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (thread := self._thread) is not None and thread.is_alive():
            if thread is threading.current_thread():
                return False
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if deadline is not None and time.monotonic() >= deadline:
                break
        aside = self._aside
        if aside is not None and aside is not threading.current_thread():
            aside.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return not self.busy and not (aside is not None and aside.is_alive())
