"""UCT search for games whose state every seat may see: each node keeps its state, so a
simulation walks the tree without applying a move again, and the rollout starts where it
leaves the tree.

Node kinds: a seat's decision; chance (its outcomes from `game.chance_outcomes`, sampled by
probability on the way down); the draw of the acting seat in a turnless game (a chance event
too, each seat that wants to act equally likely, its children being that seat's decisions); and
the end. A node's `value` sums the rewards of the seat that chose it (its `mover`), so a decision
compares its children from its own seat's point of view, in games of any number of seats.

Ends found in the tree are proven (as an MCTS-Solver does): a decision with a child where its
seat wins alone, or whose children are all proven, is proven too, with that child's rewards, and
is not searched again. So a forced win found in the tree is played for certain, and the search
stops once the root is proven.
"""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from math import log, sqrt
from typing import Any

from ..core.chance import CHANCE
from ..core.game import Game
from .rollout import rewards, rollout

DECIDE, DRAW_CHANCE, DRAW_SEAT, END = range(4)


class Node:
    """One position in the tree. `kind` and what it needs are filled in on its first visit
    (`open`), so a leaf that is only rolled out from costs a state and four numbers."""

    __slots__ = ("children", "kind", "mover", "moves", "proven", "seat", "state", "untried",
                 "value", "visits", "weights")
    children: list[Any]  # Nodes; None for a chance outcome or seat not drawn yet
    moves: list[Any]  # the move, outcome or seat of each child
    untried: list[Any]
    weights: list[float]  # cumulative probabilities of the chance outcomes
    seat: Any  # the seat that decides here (an int once open)

    def __init__(self, state: Any, mover: int, seat: int | None = None) -> None:
        self.state = state
        self.mover = mover
        self.seat = seat  # set when the seat to decide is known already (the root, a seat draw)
        self.kind = -1
        self.proven: list[float] | None = None  # the rewards, once known for certain
        self.visits = 0
        self.value = 0.0

    def open(self, game: Game, rng: random.Random) -> None:
        state = self.state
        seats = (self.seat,) if self.seat is not None else game.wants_to_act(state)
        if not seats:
            self.kind, self.proven = END, rewards(game, state)
        elif seats == (CHANCE,):
            outcomes = game.chance_outcomes(state)
            self.kind = DRAW_CHANCE
            self.moves = [move for move, _ in outcomes]
            self.weights = list(accumulate(p for _, p in outcomes))
            self.children = [None] * len(outcomes)
        elif len(seats) > 1:
            self.kind = DRAW_SEAT
            self.moves = list(seats)
            self.children = [None] * len(seats)
        else:
            seat = seats[0]
            self.kind, self.seat = DECIDE, seat
            self.moves = []
            self.children = []
            self.untried = untried = list(game.legal_moves(state, seat))
            rng.shuffle(untried)  # expansion order is the generator's, not the game's
            # A move that wins at once is tried first, so a forced win is proven in few visits.
            apply, is_over = game.apply, game.is_over
            for i, move in enumerate(untried):
                after = apply(state, move)
                if is_over(after) and rewards(game, after)[seat] >= 1.0:
                    untried[i], untried[-1] = untried[-1], move
                    break


def simulate(game: Game, root: Node, rng: random.Random, c: float) -> None:
    """One simulation: down the tree by UCT, one new node, a rollout, and the rewards backed up."""
    node = root
    path = [root]
    apply = game.apply
    proved = False
    while True:
        if node.kind < 0:
            node.open(game, rng)
        if node.proven is not None:
            reward = node.proven
            proved = node.kind == END
            break
        kind = node.kind
        if kind == DECIDE:
            if node.untried:
                move = node.untried.pop()
                child = Node(apply(node.state, move), node.seat)
                node.moves.append(move)
                node.children.append(child)
                path.append(child)
                reward, ended = rollout(game, child.state, rng)
                if ended:
                    child.kind, child.proven, proved = END, reward, True
                break
            node = uct_child(node, c)
        elif kind == DRAW_CHANCE:
            weights = node.weights
            i = min(bisect(weights, rng.random() * weights[-1]), len(weights) - 1)
            child = node.children[i]
            if child is None:
                child = node.children[i] = Node(apply(node.state, node.moves[i]), -1)
            node = child
        else:
            i = rng.randrange(len(node.moves))
            child = node.children[i]
            if child is None:
                child = node.children[i] = Node(node.state, -1, node.moves[i])
            node = child
        path.append(node)
    for n in path:
        n.visits += 1
        n.value += reward[n.mover]
    if proved:
        for i in range(len(path) - 2, -1, -1):
            if not prove(path[i], path[i + 1]):
                break


def prove(node: Node, child: Node) -> bool:
    """Whether `node` is proven now that its child `child` is: a decision whose seat wins alone
    there, or whose children are all proven (it takes the best for its seat)."""
    if node.kind != DECIDE or node.proven is not None:
        return False
    seat = node.seat
    if child.proven is not None and child.proven[seat] >= 1.0:
        node.proven = child.proven
        return True
    if node.untried or any(c.proven is None for c in node.children):
        return False
    node.proven = max((c.proven for c in node.children), key=lambda r: r[seat])
    return True


def uct_child(node: Node, c: float) -> Node:
    """The child with the best upper confidence bound (every child has been visited)."""
    explore = c * sqrt(log(node.visits))
    best = None
    top = -1.0
    for child in node.children:
        n = child.visits
        score = child.value / n + explore / sqrt(n)
        if score > top:
            best, top = child, score
    return best  # type: ignore[return-value]


def search(game: Game, state: Any, seat: int, rng: random.Random, c: float,
           budget: Any) -> list[tuple[Any, int, float, int]]:
    """Simulate while `budget()` says so and the root is not proven; the root's moves as (move,
    visits, mean reward, rank), the rank 2 for a proven win of `seat`, 0 for a proven loss, else 1."""
    root = Node(state, -1, seat)
    while root.proven is None and budget():
        simulate(game, root, rng, c)
    if root.kind != DECIDE:
        return []
    found = []
    for move, child in zip(root.moves, root.children, strict=True):
        if child.proven is None:
            found.append((move, child.visits, child.value / child.visits, 1))
        else:
            value = child.proven[seat]
            found.append((move, child.visits, value, 2 if value >= 1.0 else 0 if value <= 0.0 else 1))
    return found
