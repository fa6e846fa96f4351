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
from .judge import Guide, cut_rollout, judge, priors
from .rollout import rewards, rollout

_SEAT_DRAW = object()  # keys (_SEAT_DRAW, seat): never equal to any game's move
_CHANCE = (CHANCE,)


class Node:
    __slots__ = ("available", "children", "estimate", "kids", "mover", "moves", "policy", "untried", "value",
                 "visits")
    kids: list[tuple[Any, Node]]  # the searching seat's tried moves and their nodes (guided: all)
    untried: list[int]  # indices into `moves` not tried yet
    policy: list[float]  # guided: the priors of `kids`

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, Node] = {}  # by move, chance outcome or seat drawn
        self.moves: list[Any] | None = None  # the searching seat's moves, once it acts here
        self.visits = 0
        self.available = 0
        self.value = 0.0
        self.estimate: list[float] | None = None  # guided: the heuristic's judgement where it was made


class Plain:
    """Plain UCT's judgement: the searching seat's untried moves in the order shuffled at its
    node's opening, another seat's untried moves at random, each new node judged by a random
    rollout to the end; then UCB1 chooses."""

    guide = None

    def __init__(self, c: float) -> None:
        self.c = c

    def own(self, game: Game, node: Node, state: Any, seat: int, rng: random.Random) -> tuple[Any, Node]:
        if node.moves is None:
            node.moves = list(game.legal_moves(state, seat))
            node.kids = []
            node.untried = list(range(len(node.moves)))
            rng.shuffle(node.untried)
        if node.untried:
            move = node.moves[node.untried.pop()]
            child = Node(seat)
            node.kids.append((move, child))
            return move, child
        return own_best(node, self.c)

    def other(self, game: Game, node: Node, state: Any, mover: int, rng: random.Random) -> tuple[Any, Node]:
        move = select(node, game.legal_moves(state, mover), self.c, rng)
        child = node.children.get(move)
        if child is None:
            child = node.children[move] = Node(mover)
        return move, child

    def leaf(self, game: Game, node: Node, state: Any, rng: random.Random) -> list[float] | None:
        """A new node's reward (None: search on from it). A node is new to plain UCT only where a
        seat's move made it: a chance outcome or seat drawn is searched on at once."""
        return rollout(game, state, rng)[0] if node.mover >= 0 and node.visits == 0 else None


class Guided:
    """The guided search's judgement: PUCT at every decision, each node not visited yet judged
    by a cut-off rollout, or the heuristic at depth 0 (but for a seat drawn in a turnless game:
    the same position, searched on to that seat's reply)."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide

    def own(self, game: Game, node: Node, state: Any, seat: int, rng: random.Random) -> tuple[Any, Node]:
        if node.moves is None:
            open_own(game, node, state, seat, rng, self.guide)
        return own_puct(node, self.guide.c)

    def other(self, game: Game, node: Node, state: Any, mover: int, rng: random.Random) -> tuple[Any, Node]:
        return other_puct(game, node, state, mover, game.legal_moves(state, mover), self.guide)

    def leaf(self, game: Game, node: Node, state: Any, rng: random.Random) -> list[float] | None:
        if node.visits:
            return None
        if self.guide.depth:
            return cut_rollout(game, state, rng, self.guide.depth)[0]
        return node.estimate if node.estimate is not None else judge(game, state)


Judgement = Plain | Guided


def simulate(game: Game, root: Node, state: Any, seat: int, rng: random.Random, judgement: Judgement) -> None:
    """One simulation from the real state's determinization for `seat`: down the tree by the
    judgement's choices (chance by `chance_move`, a turnless game's actor uniformly) until it
    judges a new node or the game ends, and the rewards backed up."""
    state = game.resample(state, seat, rng)
    node, path = root, [root]
    forced: int | None = seat
    apply, wants = game.apply, game.wants_to_act
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
            move, child = judgement.own(game, node, state, seat, rng)
        else:
            move, child = judgement.other(game, node, state, seats[0], rng)
        if move is not None:
            state = apply(state, move)
        node = child
        path.append(node)
        found = judgement.leaf(game, node, state, rng) if move is not None else None  # a seat drawn: search on
        if found is not None:
            reward = found
            break
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


def open_own(game: Game, node: Node, state: Any, seat: int, rng: random.Random, guide: Guide) -> None:
    """The searching seat's first visit of a node in the guided search: every move's node made and
    judged by the heuristic in this determinization, and their priors."""
    moves = list(game.legal_moves(state, seat))
    rng.shuffle(moves)  # equal priors are tried in the generator's order, not the game's
    node.moves = moves
    node.kids = []
    for move in moves:
        child = Node(seat)
        child.estimate = judge(game, game.apply(state, move))
        node.kids.append((move, child))
    node.policy = priors([child.estimate[seat] for _, child in node.kids], guide.temperature)  # type: ignore[index]


def own_puct(node: Node, c: float) -> tuple[Any, Node]:
    """The searching seat's move of the best PUCT score (see tree.puct_child)."""
    explore = c * sqrt(node.visits)
    best = node.kids[0]
    top = -1.0
    for entry, prior in zip(node.kids, node.policy, strict=True):
        child = entry[1]
        n = child.visits
        mean = child.value / n if n else child.estimate[child.mover]  # type: ignore[index]
        score = mean + explore * prior / (1 + n)
        if score > top:
            best, top = entry, score
    return best


def other_puct(game: Game, node: Node, state: Any, mover: int, moves: Any, guide: Guide) -> tuple[Any, Node]:
    """Another seat's move of the best PUCT score among those legal in this determinization, a
    move first seen here judged by the heuristic now; each counts as available."""
    children = node.children
    found = []
    for move in moves:
        child = children.get(move)
        if child is None:
            child = children[move] = Node(mover)
            child.estimate = judge(game, game.apply(state, move))
        child.available += 1
        found.append((move, child))
    policy = priors([child.estimate[mover] for _, child in found], guide.temperature)  # type: ignore[index]
    best = found[0]
    top = -1.0
    for entry, prior in zip(found, policy, strict=True):
        child = entry[1]
        n = child.visits
        mean = child.value / n if n else child.estimate[mover]  # type: ignore[index]
        score = mean + guide.c * sqrt(child.available) * prior / (1 + n)
        if score > top:
            best, top = entry, score
    return best


def search(game: Game, root: Node, state: Any, seat: int, rng: random.Random, c: float, budget: Any,
           guide: Guide | None = None) -> list[tuple[Any, int, float, int]]:
    """Simulate from `root` (new, or kept from an earlier search) while `budget()` says so, by
    plain UCT or, with a `guide`, the guided search; the root's moves as (move, visits, mean
    reward, 1): no move is proven, since a determinization proves nothing of the real game."""
    judgement: Judgement = Plain(c) if guide is None else Guided(guide)
    while budget():
        simulate(game, root, state, seat, rng, judgement)
    return [(move, child.visits, child.value / child.visits, 1)
            for move, child in (root.kids if root.moves is not None else ()) if child.visits]


def descendant(game: Game, root: Node, before: Any, state: Any, seat: int, most: int = 4096) -> Node | None:
    """The node of the tree searched from the real state `before` where `seat` decides in `state`
    (after the moves played since), or None where the tree holds none: the kept subtree for tree
    reuse. The tree's moves are replayed on the real state, breadth first, as far as each is
    legal there and seen by `seat` as it is: a move hidden from the seat (another's secret draw)
    ends the path, since the tree below it is another seat's secret (`most` nodes at most)."""
    queue = [(root, before)]
    for node, real in queue:
        if real == state:
            return node.children.get((_SEAT_DRAW, seat), node)
        seats = game.wants_to_act(real)
        if not seats:
            continue
        entries = list(node.children.items()) + (node.kids if node.moves is not None else [])
        for move, child in entries:
            if not child.visits:
                continue
            if isinstance(move, tuple) and move and move[0] is _SEAT_DRAW:
                if move[1] in seats:
                    queue.append((child, real))
                continue
            player = game.move_player(move)
            if player not in seats or not game.is_legal(real, move):
                continue
            if game.move_text_for(real, move, seat) != game.move_text(real, move):
                continue
            queue.append((child, game.apply(real, move)))
        if len(queue) > most:
            return None
    return None
