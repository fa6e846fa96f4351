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
from .judge import Guide, cut_rollout, judge, priors
from .rollout import rewards, rollout

DECIDE, DRAW_CHANCE, DRAW_SEAT, END = range(4)


class Node:
    """One position in the tree. `kind` and what it needs are filled in on its first visit
    (`open`), so a leaf that is only rolled out from costs a state and four numbers."""

    __slots__ = ("children", "estimate", "kind", "mover", "moves", "policy", "proven", "seat", "state",
                 "untried", "value", "visits", "weights")
    children: list[Any]  # Nodes; None for a chance outcome or seat not drawn yet
    moves: list[Any]  # the move, outcome or seat of each child
    untried: list[Any]
    weights: list[float]  # cumulative probabilities of the chance outcomes
    seat: Any  # the seat that decides here (an int once open)
    policy: list[float]  # guided: the priors of the children

    def __init__(self, state: Any, mover: int, seat: int | None = None) -> None:
        self.state = state
        self.mover = mover
        self.seat = seat  # set when the seat to decide is known already (the root, a seat draw)
        self.kind = -1
        self.proven: list[float] | None = None  # the rewards, once known for certain
        self.estimate: list[float] | None = None  # guided: the heuristic's judgement of the state
        self.visits = 0
        self.value = 0.0

    def open(self, game: Game, rng: random.Random, guide: Guide | None = None) -> None:
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
        elif guide is not None:
            self.open_guided(game, seats[0], rng, guide)
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

    def open_guided(self, game: Game, seat: int, rng: random.Random, guide: Guide) -> None:
        """A decision of the guided search: every child made at once and judged by the heuristic
        (a finished one is proven), the priors from those judgements."""
        self.kind, self.seat = DECIDE, seat
        self.moves = moves = list(game.legal_moves(self.state, seat))
        rng.shuffle(moves)  # equal priors are tried in the generator's order, not the game's
        self.untried = []
        self.children = []
        apply, state = game.apply, self.state
        for move in moves:
            child = Node(apply(state, move), seat)
            child.estimate = estimate = judge(game, child.state)
            if game.is_over(child.state):
                child.kind, child.proven = END, estimate
            self.children.append(child)
        self.policy = priors([child.estimate[seat] for child in self.children], guide.temperature)


class Plain:
    """Plain UCT's judgement: each untried move of a decision, in the order shuffled at its
    opening, becomes a new node judged by a random rollout to the end; then UCB1 chooses."""

    guide = None

    def __init__(self, c: float) -> None:
        self.c = c

    def decide(self, game: Game, node: Node, rng: random.Random) -> tuple[Node, list[float] | None]:
        if not node.untried:
            return uct_child(node, self.c), None
        move = node.untried.pop()
        child = Node(game.apply(node.state, move), node.seat)
        node.moves.append(move)
        node.children.append(child)
        reward, ended = rollout(game, child.state, rng)
        if ended:
            child.kind, child.proven = END, reward
        return child, reward

    def arrive(self, game: Game, node: Node, rng: random.Random) -> list[float] | None:
        return None  # a chance outcome is searched on at once


class Guided:
    """The guided search's judgement: PUCT among a decision's children (made and judged when it
    opened); a node not visited yet, reached by a decision or a chance outcome, is judged by
    `leaf`. (A seat drawn in a turnless game is the same position: the search goes on to that
    seat's decision, so its reply is what gets judged.)"""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide

    def decide(self, game: Game, node: Node, rng: random.Random) -> tuple[Node, list[float] | None]:
        child = puct_child(node, self.guide.c)
        return child, self.arrive(game, child, rng)

    def arrive(self, game: Game, node: Node, rng: random.Random) -> list[float] | None:
        if node.visits == 0 and node.proven is None:
            return leaf(game, node, rng, self.guide.depth)
        return None


Judgement = Plain | Guided


def simulate(game: Game, root: Node, rng: random.Random, judgement: Judgement) -> None:
    """One simulation: down the tree by the judgement's choice at decisions (chance outcomes by
    probability, a turnless game's actor uniformly) until the judgement gives a new node's reward
    or a proven node is reached, and the rewards backed up."""
    node = root
    path = [root]
    apply, guide = game.apply, judgement.guide
    while True:
        if node.kind < 0:
            node.open(game, rng, guide)
        if node.proven is not None:
            reward = node.proven
            break
        kind = node.kind
        if kind == DECIDE:
            node, found = judgement.decide(game, node, rng)
        elif kind == DRAW_CHANCE:
            weights = node.weights
            i = min(bisect(weights, rng.random() * weights[-1]), len(weights) - 1)
            child = node.children[i]
            if child is None:
                child = node.children[i] = Node(apply(node.state, node.moves[i]), -1)
            node = child
            found = judgement.arrive(game, node, rng)
        else:  # a seat drawn: the same position, searched on at once
            i = rng.randrange(len(node.moves))
            child = node.children[i]
            if child is None:
                child = node.children[i] = Node(node.state, -1, node.moves[i])
            node = child
            found = None
        path.append(node)
        if found is not None:
            reward = found
            break
    for n in path:
        n.visits += 1
        n.value += reward[n.mover]
    if node.kind == END:  # an end reached: the nodes above it may be proven now
        for i in range(len(path) - 2, -1, -1):
            if not prove(path[i], path[i + 1]):
                break


def leaf(game: Game, node: Node, rng: random.Random, depth: int) -> list[float]:
    """A node's first judgement: the heuristic's (made when its parent opened) at depth 0, else a
    cut-off rollout from it."""
    if depth == 0:
        if node.estimate is None:
            node.estimate = judge(game, node.state)
        return node.estimate
    return cut_rollout(game, node.state, rng, depth)[0]


def puct_child(node: Node, c: float) -> Node:
    """The child of the best PUCT score: its mean reward (the heuristic's judgement while not
    visited) plus `c` times its prior, shrinking with its visits."""
    seat = node.seat
    explore = c * sqrt(node.visits)
    best = node.children[0]
    top = -1.0
    for child, prior in zip(node.children, node.policy, strict=True):
        n = child.visits
        if child.proven is not None:
            mean = child.proven[seat]
        elif n:
            mean = child.value / n
        else:
            mean = child.estimate[seat]
        score = mean + explore * prior / (1 + n)
        if score > top:
            best, top = child, score
    return best


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


def search(game: Game, root: Node, rng: random.Random, c: float, budget: Any,
           guide: Guide | None = None) -> list[tuple[Any, int, float, int]]:
    """Simulate from `root` (a decision of its seat: new, or kept from an earlier search) while
    `budget()` says so and the root is not proven, by plain UCT or, with a `guide`, the guided
    search; the root's moves as (move, visits, mean reward, rank), the rank 2 for a proven win of
    its seat, 0 for a proven loss, else 1 (moves not visited yet left out)."""
    judgement: Judgement = Plain(c) if guide is None else Guided(guide)
    while root.proven is None and budget():
        simulate(game, root, rng, judgement)
    if root.kind != DECIDE:
        return []
    seat = root.seat
    found = []
    for move, child in zip(root.moves, root.children, strict=True):
        if child.proven is not None:
            value = child.proven[seat]
            found.append((move, child.visits, value, 2 if value >= 1.0 else 0 if value <= 0.0 else 1))
        elif child.visits:
            found.append((move, child.visits, child.value / child.visits, 1))
    return found


def unsearched(root: Node) -> list[tuple[Any, float]]:
    """The root's moves the guided search judged when it opened the root but never visited (as
    after a search that stopped at once, on a forced win): (move, the heuristic's value for the
    root's seat), best first. Nothing for plain UCT, whose untried moves are not judged."""
    if root.kind != DECIDE or not hasattr(root, "policy"):
        return []
    seat = root.seat
    found = [(move, child.estimate[seat]) for move, child in zip(root.moves, root.children, strict=True)
             if not child.visits and child.proven is None and child.estimate is not None]
    return sorted(found, key=lambda entry: entry[1], reverse=True)


def descendant(root: Node, state: Any, seat: int, most: int = 100_000) -> Node | None:
    """The node of the tree under `root` where `seat` decides in `state` (the position after the
    moves played since `root`'s search), or None where the tree holds none: the kept subtree
    for tree reuse. States are values, so the position is found by equality, breadth first,
    looking at `most` nodes at most."""
    queue = [root]
    for node in queue:
        if node.state == state and (node.seat == seat if node.seat is not None else node.kind < 0):
            return node if node.kind in (-1, DECIDE) else None
        if node.kind >= 0 and node.kind != END:
            queue.extend(child for child in node.children if child is not None and child.visits)
        if len(queue) > most:
            return None
    return None
