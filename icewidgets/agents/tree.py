"""The search tree of MCTS and its one descent, where every seat sees the state and where
information is hidden.

A simulation walks down from the root: at a decision the judgement (plain UCT's `Plain`, the
guided search's `Guided`) chooses a move, a chance event is drawn by its probabilities, and in a
turnless game the seat to act is drawn (`steps.draw_actor`) as a chance event of the tree, its
children being that seat's decisions. A node reached for the first time is judged (a rollout, or
the heuristic), and its reward backed up: each node's `value` sums the rewards of the seat that
chose it (its `mover`), so a decision compares its children from its own seat's point of view,
in games of any number of seats.

The two kinds of game differ only where they must:

- Every seat sees the state: each node keeps its position, so a simulation walks the tree
  without applying a move again and what a node is (an end, chance, a seat's decision) is found
  once. Ends found in the tree are proven (as an MCTS-Solver does): a decision with a child where
  its seat wins alone, or whose children are all proven, is proven too, with that child's
  rewards, and is not searched again; a move that wins at once is tried first. So a forced win
  is played for certain, and the search stops once the root is proven.
- Information is hidden: each simulation starts from `game.resample(state, seat, rng)`, a state
  the searching seat cannot tell from the real one, so the search reads only what the seat may
  know. One tree serves every determinization (as single-observer information-set MCTS): a node
  is a history of moves, what it is and its chance events are found in the simulation's own
  state, and another seat's moves are those legal there: the exploration term of such a move
  counts the visits in which it was available rather than its parent's. The searching seat's own
  moves at a node depend only on what it has seen, so they are listed once, as where every seat
  sees the state. Nothing is proven: a determinization proves nothing of the real game.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Callable
from itertools import accumulate, repeat
from math import log, sqrt
from typing import Generic

from ..core.chance import CHANCE
from ..core.game import Game, M, S
from .judge import Guide, cut_rollout, judge, priors
from .rollout import rewards, rollout

DECIDE, DRAW_CHANCE, DRAW_SEAT, END = range(4)
_CHANCE = (CHANCE,)

Found = list[tuple[M, int, float, int]]
"""The root's moves: (move, visits, mean reward, rank: 2 a proven win, 0 a proven loss, else 1)."""


class Node(Generic[S, M]):
    """One node of the tree, its kind and what it needs filled in on its first visit, so a leaf
    that is only rolled out from costs little.

    A decision keeps its moves and their children in two lists (`moves`, `children`); a chance
    event's outcomes and, where information is hidden, another seat's moves keep theirs in
    `keyed`, by outcome or move; a turnless game's seats drawn in `drawn`, by seat."""

    __slots__ = ("available", "children", "drawn", "estimate", "keyed", "kind", "mover", "moves", "policy",
                 "proven", "seat", "seats", "state", "untried", "value", "visits", "weights")
    weights: list[float]  # cumulative probabilities of the chance outcomes in `moves`

    def __init__(self, state: S | None, mover: int, seat: int | None = None) -> None:
        self.state = state  # the position; None where information is hidden (the simulation's own)
        self.mover = mover
        self.seat = seat  # set where the seat to decide is known already (the root, a seat drawn)
        self.kind = -1  # found once where every seat sees the state
        self.proven: list[float] | None = None  # the rewards, once known for certain
        self.estimate: list[float] | None = None  # the heuristic's judgement, where it was made
        self.visits = 0
        self.available = 0  # visits of its parent in which its move was legal (another seat's, hidden)
        self.value = 0.0
        self.moves: list[M] | None = None  # a decision's moves tried (guided: all), chance outcomes
        self.seats: tuple[int, ...] = ()  # the seats a turnless game draws from, where it draws
        self.children: list[Node[S, M]] | None = None  # a decision's, by `moves`
        self.untried: list[M] | tuple[()] = ()  # plain UCT: a decision's moves not tried yet
        self.policy: list[float] | None = None  # guided: the priors of `children`
        self.keyed: dict[M, Node[S, M]] = {}
        self.drawn: dict[int, Node[S, M]] | None = None


def ucb1(children: list[Node[S, M]], c: float, visits: int | None) -> int:
    """Which child (each visited) has the best UCB1 score: its mean reward plus `c` times
    sqrt(ln N / its visits), N its parent's `visits` or, where None (another seat's moves where
    information is hidden), the visits in which the child was available."""
    best, top = 0, -1.0
    if visits is not None:
        explore = c * sqrt(log(visits))
        for i, child in enumerate(children):
            n = child.visits
            score = child.value / n + explore / sqrt(n)
            if score > top:
                best, top = i, score
        return best
    for i, child in enumerate(children):
        n = child.visits
        score = child.value / n + c * sqrt(log(child.available) / n)
        if score > top:
            best, top = i, score
    return best


def puct(children: list[Node[S, M]], policy: list[float], seat: int, c: float, visits: int | None) -> int:
    """Which child has the best PUCT score for `seat`: its mean reward (proven, or while not
    visited the heuristic's judgement) plus `c` times its prior, shrinking with its visits against
    its parent's `visits` or, where None, those in which it was available."""
    explores = repeat(c * sqrt(visits)) if visits is not None else [c * sqrt(child.available) for child in children]
    best, top = 0, -1.0
    for i, (child, prior, explore) in enumerate(zip(children, policy, explores, strict=False)):  # explores may repeat
        n = child.visits
        if child.proven is not None:
            mean = child.proven[seat]
        else:
            mean = child.value / n if n else child.estimate[seat]  # type: ignore[index]
        score = mean + explore * prior / (1 + n)
        if score > top:
            best, top = i, score
    return best


class Tree(Generic[S, M]):
    """One search's walk of the tree: the game, the searching seat, the generator, the
    judgement and whether information is hidden."""

    def __init__(self, game: Game[S, M], seat: int, rng: random.Random, judgement: Plain | Guided) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.judgement = judgement
        self.hidden = game.hidden_information

    def simulate(self, root: Node[S, M], state: S) -> None:
        """One simulation: down the tree until the judgement gives a new node's reward or an end
        or proven node is reached, and the rewards backed up."""
        game, rng, judgement, hidden, me = self.game, self.rng, self.judgement, self.hidden, self.seat
        wants = game.wants_to_act
        if hidden:
            state = game.resample(state, me, rng)
        else:
            assert root.state is not None  # a node keeps its position where every seat sees the state
            state = root.state
        node, path = root, [root]
        actors: tuple[int, ...]
        while True:
            if node.proven is not None:
                reward = node.proven
                break
            kind = node.kind
            actors = ()  # where the node keeps who acts: node.seat, node.moves
            if kind < 0:  # what the node is, found once where every seat sees the state, else in each determinization
                actors = (node.seat,) if node.seat is not None else wants(state)
                kind = (END if not actors else DRAW_CHANCE if actors == _CHANCE else DRAW_SEAT if len(actors) > 1
                        else DECIDE)
                if not hidden or (kind == DECIDE and actors[0] == me and node.children is None):
                    self.open(node, state, kind, actors)
            if kind == END:
                reward = rewards(game, state)
                if not hidden:  # an end every seat sees is proven, and may prove those above
                    node.proven = reward
                break
            if kind == DRAW_SEAT:  # the same position, searched on at once
                seat = rng.choice(actors or node.seats)  # as draw_actor draws among several
                if node.drawn is None:
                    node.drawn = {}
                node = node.drawn.get(seat) or node.drawn.setdefault(seat, Node(node.state, -1, seat))
                path.append(node)
                continue
            if kind == DECIDE:
                actor: int = actors[0] if actors else node.seat  # type: ignore[assignment]
                if hidden and actor != me:
                    move, child = judgement.other(self, node, state, actor)
                else:
                    move, child = judgement.decide(self, node, state, actor)
            else:  # chance: by its kept outcomes' probabilities (as `chance_move` draws by default), or
                # where information is hidden by `chance_move` in the simulation's own state
                if hidden:
                    move = game.chance_move(state, rng)
                else:
                    weights = node.weights
                    move = node.moves[min(bisect(weights, rng.random() * weights[-1]), len(weights) - 1)]  # type: ignore[index]
                child = node.keyed.get(move) or node.keyed.setdefault(move, self.new(state, move, -1))
            if hidden:
                state = game.apply(state, move)
            else:
                assert child.state is not None  # a node keeps its position where every seat sees the state
                state = child.state
            node = child
            path.append(node)
            found = judgement.arrive(self, node, state)
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

    def open(self, node: Node[S, M], state: S, kind: int, actors: tuple[int, ...]) -> None:
        """Keep what `node` is (`kind`, `actors` acting) where every seat sees the state: its
        chance outcomes, the seats drawn, the decision's seat and moves. Where information is
        hidden only the searching seat's decisions are opened: another's moves vary."""
        game = self.game
        if kind == DRAW_CHANCE:
            outcomes = game.chance_outcomes(state)
            node.moves = [move for move, _ in outcomes]
            node.weights = list(accumulate(p for _, p in outcomes))
        elif kind == DRAW_SEAT:
            node.seats = actors
        elif kind == DECIDE:
            self.judgement.open(self, node, state, actors[0])
        if not self.hidden:
            node.kind = kind
            node.seat = actors[0] if kind == DECIDE else None

    def new(self, state: S, move: M, mover: int) -> Node[S, M]:
        """A new node for `move` in `state`, keeping the position after it where every seat sees
        the state."""
        return Node(None if self.hidden else self.game.apply(state, move), mover)


class Plain:
    """Plain UCT: a decision's moves are tried once each, in the order shuffled when it opened
    (another seat's, where information is hidden, at random), each new node judged by a random
    rollout to the end; then UCB1 chooses."""

    def __init__(self, c: float) -> None:
        self.c = c

    def open(self, tree: Tree[S, M], node: Node[S, M], state: S, seat: int) -> None:
        game = tree.game
        node.moves, node.children = [], []
        node.untried = untried = list(game.legal_moves(state, seat))
        tree.rng.shuffle(untried)  # expansion order is the generator's, not the game's
        if not tree.hidden:  # a move that wins at once is tried first, so a forced win is proven in few visits
            for i, move in enumerate(untried):
                after = game.apply(state, move)
                if game.is_over(after) and rewards(game, after)[seat] >= 1.0:
                    untried[i], untried[-1] = untried[-1], move
                    break

    def decide(self, tree: Tree[S, M], node: Node[S, M], state: S, seat: int) -> tuple[M, Node[S, M]]:
        moves, children = node.moves, node.children
        assert moves is not None and children is not None
        if node.untried:
            move = node.untried.pop()
            child = tree.new(state, move, seat)
            moves.append(move)
            children.append(child)
            return move, child
        best = ucb1(children, self.c, node.visits)
        return moves[best], children[best]

    def other(self, tree: Tree[S, M], node: Node[S, M], state: S, mover: int) -> tuple[M, Node[S, M]]:
        """Another seat's move, where information is hidden: a random one not tried yet from this
        node, if there is one; else the one of the best UCB1 among those legal here."""
        keyed = node.keyed
        untried, moves, children = [], [], []
        for move in tree.game.legal_moves(state, mover):
            child = keyed.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
                moves.append(move)
                children.append(child)
        if untried:
            move = tree.rng.choice(untried)
            return move, keyed.setdefault(move, Node(None, mover))
        best = ucb1(children, self.c, None)
        return moves[best], children[best]

    def arrive(self, tree: Tree[S, M], node: Node[S, M], state: S) -> list[float] | None:
        """A new node's reward (None: search on from it): a node a seat's move made, by a random
        rollout (an end found so is proven); a chance outcome is searched on at once."""
        if node.visits or node.mover < 0 or node.proven is not None:
            return None
        reward, ended = rollout(tree.game, state, tree.rng)
        if ended and not tree.hidden:
            node.kind, node.proven = END, reward
        return reward


class Guided:
    """The guided search: a decision's children are all made and judged by the heuristic when it
    opens, PUCT chooses among them with priors from those judgements, and a node not visited yet,
    reached by a decision or a chance outcome, is judged by a cut-off rollout of `depth` random
    actions, at depth 0 by the heuristic itself. (A seat drawn in a turnless game is the same
    position: the search goes on to that seat's decision, so its reply is what gets judged.)"""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide

    def open(self, tree: Tree[S, M], node: Node[S, M], state: S, seat: int) -> None:
        game = tree.game
        node.moves = moves = list(game.legal_moves(state, seat))
        tree.rng.shuffle(moves)  # equal priors are tried in the generator's order, not the game's
        node.children = []
        for move in moves:
            after = game.apply(state, move)
            child: Node[S, M] = Node(None if tree.hidden else after, seat)
            child.estimate = estimate = judge(game, after)
            if not tree.hidden and game.is_over(after):
                child.kind, child.proven = END, estimate
            node.children.append(child)
        node.policy = priors([child.estimate[seat] for child in node.children], self.guide.temperature)  # type: ignore[index]

    def decide(self, tree: Tree[S, M], node: Node[S, M], state: S, seat: int) -> tuple[M, Node[S, M]]:
        assert node.moves is not None and node.children is not None and node.policy is not None
        best = puct(node.children, node.policy, seat, self.guide.c, node.visits)
        return node.moves[best], node.children[best]

    def other(self, tree: Tree[S, M], node: Node[S, M], state: S, mover: int) -> tuple[M, Node[S, M]]:
        """Another seat's move, where information is hidden: the best PUCT among those legal in
        this determinization, a move first met here judged by the heuristic now."""
        keyed, game = node.keyed, tree.game
        moves, children = [], []
        for move in game.legal_moves(state, mover):
            child = keyed.get(move)
            if child is None:
                child = keyed[move] = Node(None, mover)
                child.estimate = judge(game, game.apply(state, move))
            child.available += 1
            moves.append(move)
            children.append(child)
        policy = priors([child.estimate[mover] for child in children], self.guide.temperature)  # type: ignore[index]
        best = puct(children, policy, mover, self.guide.c, None)
        return moves[best], children[best]

    def arrive(self, tree: Tree[S, M], node: Node[S, M], state: S) -> list[float] | None:
        if node.visits or node.proven is not None:
            return None
        if self.guide.depth:
            return cut_rollout(tree.game, state, tree.rng, self.guide.depth)[0]
        if node.estimate is None:
            node.estimate = judge(tree.game, state)
        return node.estimate


def prove(node: Node[S, M], child: Node[S, M]) -> bool:
    """Whether `node` is proven now that its child `child` is: a decision whose seat wins alone
    there, or whose children are all proven (it takes the best for its seat)."""
    if node.kind != DECIDE or node.proven is not None:
        return False
    seat = node.seat
    assert seat is not None and node.children is not None
    if child.proven is not None and child.proven[seat] >= 1.0:
        node.proven = child.proven
        return True
    if node.untried or any(c.proven is None for c in node.children):
        return False
    node.proven = max((c.proven for c in node.children if c.proven is not None), key=lambda r: r[seat])
    return True


def search(game: Game[S, M], root: Node[S, M], state: S, seat: int, rng: random.Random, c: float,
           budget: Callable[[], bool], guide: Guide | None = None) -> Found[M]:
    """Simulate from `root` (where `seat` decides in `state`: new, or kept from an earlier
    search) while `budget()` says so and the root is not proven, by plain UCT or, with a `guide`,
    the guided search; the root's moves as (move, visits, mean reward, rank), the rank 2 for a
    proven win of its seat, 0 for a proven loss, else 1 (moves not visited yet left out)."""
    tree = Tree(game, seat, rng, Plain(c) if guide is None else Guided(guide))
    while root.proven is None and budget():
        tree.simulate(root, state)
    found: Found[M] = []
    for move, child in zip(root.moves or (), root.children or (), strict=True):
        if child.proven is not None:
            value = child.proven[seat]
            found.append((move, child.visits, value, 2 if value >= 1.0 else 0 if value <= 0.0 else 1))
        elif child.visits:
            found.append((move, child.visits, child.value / child.visits, 1))
    return found


def unsearched(root: Node[S, M]) -> list[tuple[M, float]]:
    """The root's moves the guided search judged when it opened the root but never visited (as
    after a search that stopped at once, on a forced win): (move, the heuristic's value for the
    root's seat), best first. Nothing for plain UCT, whose untried moves are not judged."""
    seat = root.seat
    if root.kind != DECIDE or root.policy is None or seat is None or root.moves is None or root.children is None:
        return []
    found = [(move, child.estimate[seat]) for move, child in zip(root.moves, root.children, strict=True)
             if not child.visits and child.proven is None and child.estimate is not None]
    return sorted(found, key=lambda entry: entry[1], reverse=True)


def edges(node: Node[S, M]) -> list[tuple[M, Node[S, M]]]:
    """A node's visited children with the move or chance outcome each is reached by; where every
    seat sees the state, in the order of the node's outcomes (so the kept tree is searched alike
    whatever order they were first drawn in)."""
    if node.kind == DRAW_CHANCE:
        found = [(key, node.keyed[key]) for key in node.moves or () if key in node.keyed]
    else:
        own = zip(node.moves or (), node.children, strict=True) if node.children is not None else ()
        found = [*node.keyed.items(), *own]
    return [(key, child) for key, child in found if child.visits]


def drawn(node: Node[S, M]) -> list[tuple[int, Node[S, M]]]:
    """A node's visited children by the seat drawn (a turnless game's); where every seat sees the
    state, in the order of the node's seats."""
    children = node.drawn or {}
    found = [(seat, children[seat]) for seat in node.seats if seat in children] if node.kind == DRAW_SEAT \
        else list(children.items())
    return [(seat, child) for seat, child in found if child.visits]


FOUND_MOST = 100_000
"""The nodes `descendant` compares at most where every seat sees the state."""
REPLAYED_MOST = 4096
"""The nodes `descendant` replays at most where information is hidden."""


def descendant(game: Game[S, M], root: Node[S, M], before: S, state: S, seat: int) -> Node[S, M] | None:
    """The kept tree's node where `seat` decides in `state`, the position after the moves played
    since its search from the real state `before`; None where the tree holds none. Where every seat sees the state, positions are values, so the
    node is found by equality. Where information is hidden, the tree's moves are replayed on the
    real state as far as each is legal there and seen by `seat` as it is: a move hidden from the
    seat (another's secret draw) ends the path, since the tree below it is another seat's secret.
    At most FOUND_MOST (REPLAYED_MOST) nodes are looked at, breadth first."""
    if not game.hidden_information:
        queue = [root]
        for node in queue:
            if node.state == state and (node.seat == seat if node.seat is not None else node.kind < 0):
                return node if node.kind in (-1, DECIDE) else None
            if node.kind >= 0 and node.kind != END:
                queue.extend(child for _, child in edges(node))
                queue.extend(child for _, child in drawn(node))
            if len(queue) > FOUND_MOST:
                return None
        return None
    pairs = [(root, before)]
    for node, real in pairs:
        if real == state:
            return (node.drawn or {}).get(seat, node)
        seats = game.wants_to_act(real)
        if not seats:
            continue
        for key, child in edges(node):
            player = game.move_player(key)
            if player not in seats or not game.is_legal(real, key):
                continue
            if game.move_text_for(real, key, seat) != game.move_text(real, key):
                continue
            pairs.append((child, game.apply(real, key)))
        pairs.extend((child, real) for drawn_seat, child in drawn(node) if drawn_seat in seats)
        if len(pairs) > REPLAYED_MOST:
            return None
    return None
