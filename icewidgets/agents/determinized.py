"""UCT search for games with hidden information, by determinization.

Each simulation starts from `game.resample(state, seat, rng)`: a state the searching seat cannot
tell from the real one, other seats' secrets dealt anew. So the search reads only what the seat
may know. One tree serves every determinization (as single-observer information-set MCTS): its
nodes are keyed by moves, another seat's moves at a node are those legal in the simulation's own
state, and the exploration term of such a move counts the visits in which it was available
rather than its parent's visits. Chance events (drawn by `game.chance_move`, by the
probabilities of `chance_outcomes` in the simulation's own state) and the seat draw of a
turnless game are keyed by their outcome.

The searching seat's own moves at a node depend only on what it has seen, which is the same in
every determinization that reaches the node; so its nodes keep their move list, as the
full-information tree does.
"""

from __future__ import annotations

import random
from math import log, sqrt
from typing import Any

from ..core.chance import CHANCE
from ..core.game import Game
from .rollout import rewards, rollout

_SEAT_DRAW = object()  # keys (_SEAT_DRAW, seat): never equal to any game's move
_CHANCE = (CHANCE,)


class Node:
    __slots__ = ("available", "children", "kids", "mover", "moves", "untried", "value", "visits")
    kids: list[tuple[Any, Node]]  # the searching seat's tried moves and their nodes
    untried: list[int]  # indices into `moves` not tried yet

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, Node] = {}  # by move, chance outcome or seat drawn
        self.moves: list[Any] | None = None  # the searching seat's moves, once it acts here
        self.visits = 0
        self.available = 0
        self.value = 0.0


def simulate(game: Game, root: Node, state: Any, seat: int, rng: random.Random, c: float) -> None:
    """One simulation from the real state's determinization for `seat`."""
    state = game.resample(state, seat, rng)
    node, path = root, [root]
    forced: int | None = seat
    apply, wants, legal = game.apply, game.wants_to_act, game.legal_moves
    while True:
        seats = (forced,) if forced is not None else wants(state)
        forced = None
        if not seats:
            reward = rewards(game, state)
            break
        if seats == _CHANCE:
            move = game.chance_move(state, rng)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = Node(-1)
        elif len(seats) > 1:
            forced = rng.choice(seats)
            move = None
            child = node.children.get((_SEAT_DRAW, forced))
            if child is None:
                child = node.children[(_SEAT_DRAW, forced)] = Node(-1)
        elif seats[0] == seat:
            if node.moves is None:
                node.moves = list(legal(state, seat))
                node.kids = []
                node.untried = list(range(len(node.moves)))
                rng.shuffle(node.untried)
            if node.untried:
                move = node.moves[node.untried.pop()]
                child = Node(seat)
                node.kids.append((move, child))
                path.append(child)
                reward = rollout(game, apply(state, move), rng)[0]
                break
            move, child = own_best(node, c)
        else:
            mover = seats[0]
            move = select(node, legal(state, mover), c, rng)
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = Node(mover)
                path.append(child)
                reward = rollout(game, apply(state, move), rng)[0]
                break
        if move is not None:
            state = apply(state, move)
        node = child
        path.append(node)
    for n in path:
        n.visits += 1
        n.value += reward[n.mover]


def own_best(node: Node, c: float) -> tuple[Any, Node]:
    """The searching seat's move of the best upper confidence bound (all tried)."""
    explore = c * sqrt(log(node.visits))
    best = node.kids[0]
    top = -1.0
    for entry in node.kids:
        n = entry[1].visits
        score = entry[1].value / n + explore / sqrt(n)
        if score > top:
            best, top = entry, score
    return best


def select(node: Node, moves: Any, c: float, rng: random.Random) -> Any:
    """Another seat's move: a random one not tried yet from this node, if there is one; else the
    one of the best upper confidence bound. Each legal child counts as available."""
    children = node.children
    untried = []
    best = None
    top = -1.0
    for move in moves:
        child = children.get(move)
        if child is None:
            untried.append(move)
            continue
        child.available += 1
        if not untried:
            n = child.visits
            score = child.value / n + c * sqrt(log(child.available) / n)
            if score > top:
                best, top = move, score
    return rng.choice(untried) if untried else best


def search(game: Game, state: Any, seat: int, rng: random.Random, c: float,
           budget: Any) -> list[tuple[Any, int, float, int]]:
    """Simulate while `budget()` says so; the root's moves as (move, visits, mean reward, 1): no
    move is proven, since a determinization proves nothing of the real game."""
    root = Node(-1)
    while budget():
        simulate(game, root, state, seat, rng, c)
    return [(move, child.visits, child.value / child.visits, 1)
            for move, child in (root.kids if root.moves is not None else ()) if child.visits]
