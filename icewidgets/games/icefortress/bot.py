"""A competent Ice Fortress player for self-play: the team's evaluation of a position
(`team_value`, and `team_values`, the share of the win it makes, what `IceFortress.values` and so
Greedy and MCTS use) and `FortressBot`, which plans its whole turn (a beam search over its own
decisions, judged by the team's evaluation where chance or the end of building comes) and picks
its abilities by what their powers are worth."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from ...agents.base import Agent, Appraisal, BadAgent, chance_words, percents
from ...core.errors import quoted
from ...core.game import Game, outcome_values
from .moves import AIR, EARTH, JUMBO, NONE, Choose, Keep, Move, State
from .rules import dice_off_fortress, harm_on, link_value, pillars_still_needed
from .steps import Build, Choosing, Do, DrawRoom, DrawShard, KeepOne, Peek, Pull, Roll

if TYPE_CHECKING:
    from . import IceFortress
    from .cards import CardSet, Power

WON = 1e6
TOWER = (0.0, 30.0, 75.0, 140.0)  # an element's best live stack of 0-3 rooms
BEACON = 400.0
SHIELD = (30.0, 30.0, 20.0, 20.0, 20.0)  # the first cubes are worth most; later ones 12 each
LATER_CUBE = 12.0
# Every die on the fortress is out of the 50 for good (until its room goes): unless it advances a
# tower, a pillar costs more than it brings, or late games run out of dice to roll.
PILLAR = 2.0
# Each air invader costs every character a die at every roll while air does harm (R28): a few of
# them leave a team too few dice to clear them, so each one more costs more than the last.
AIR_DIE = 8.0
AIR_SPIRAL = 6.0
# A team left with too few dice to finish its towers loses: each die off the fortress (unused,
# rolled this turn, paid for a power) short of the fewest pillars the beacons still to light need
# (R38's count), and a margin, counts; within DICE_FLOOR of the count each die counts DICE_CRITICAL
# more: the count is a lower bound, and a shield boost (a white room) must not buy the last dice.
DICE_MARGIN = 6
DICE_SHORT = 3.0
DICE_FLOOR = 4
DICE_CRITICAL = 30.0
# An element with no place for its invaders strikes the shield every turn, beyond the invaders the
# evaluation sees coming: its cost, halved by a supply room of it and the pillars to carry it.
COVER = 20.0
ROOM_FLOW = frozenset({"draw_room", "look_rooms", "search_room"})


class _Statics:
    """What the evaluation needs of each room card, computed once per card set."""

    def __init__(self, cards: CardSet) -> None:
        self.element = tuple(r.element for r in cards.rooms)
        self.size = tuple(r.size for r in cards.rooms)
        self.groups = tuple(tuple(g.squares for g in r.groups) for r in cards.rooms)
        self.carries = tuple(tuple(g.carries for g in r.groups) for r in cards.rooms)
        self.grouped = tuple(frozenset(k for g in r.groups for k in g.squares) for r in cards.rooms)
        self.links = tuple(tuple((q.link, q.op, q.n) if q.kind == "link" else None for q in r.squares)
                           for r in cards.rooms)


_STATICS: dict[int, tuple[CardSet, _Statics]] = {}


def _statics(cards: CardSet) -> _Statics:
    """By identity: hashing a whole card set would cost more than the evaluation."""
    found = _STATICS.get(id(cards))
    if found is None or found[0] is not cards:
        found = _STATICS[id(cards)] = (cards, _Statics(cards))
    return found[1]


def _shield_value(cubes: int) -> float:
    head = sum(SHIELD[:cubes])
    return head + LATER_CUBE * max(0, cubes - len(SHIELD))


@functools.lru_cache(maxsize=4096)
def _expected_overflow(n: int, p: float, capacity: int) -> float:
    """E[max(0, X - capacity)] for X ~ Binomial(n, p): the invaders of one element among n
    pulled that find no place to land."""
    total = 0.0
    for x in range(capacity + 1, n + 1):
        total += math.comb(n, x) * p ** x * (1 - p) ** (n - x) * (x - capacity)
    return total


def expected_hits(state: State, capacity: list[int], pulls: int) -> float:
    """The shield cubes the next `pulls` invaders are expected to take, landing where they can."""
    bag = sum(state.bag)
    if not bag:
        return 0.0
    n = min(pulls, bag)
    return sum(_expected_overflow(n, round(state.bag[e] / bag, 2), capacity[e]) for e in range(4))


def dead_link(link: tuple[int, str, int] | None, dice: tuple[int, ...], halve_down: bool) -> bool:
    """An empty black square whose anchor holds a pillar no die can follow (such as x 2 on a 4)."""
    if link is None or not dice[link[0]]:
        return False
    return link_value(link[1], link[2], dice[link[0]], halve_down) is None


def team_value(game: IceFortress, state: State) -> float:
    """How well the team stands: beacons above all; then for each element its best live stack
    and the group it would build on next; the shield, less the cubes the coming invaders are
    expected to take (where an element's rooms have no place for them), and each element with no
    place at all, less its way to one (a supply room of it and the pillars to carry it); rooms in
    the supply by what they are needed for, shards, and rooms and shards on their way; invaders
    that block a group or cost dice count against, and so does every pillar (the dice are finite)."""
    if state.ended:
        return WON if state.ended == "won" else -WON + state.turns
    st = _statics(game.cards)
    fortress = state.fortress
    d = game.difficulty
    on: dict[int, set[int]] = {}
    for b in fortress:
        if b is not None and b.parent >= 0:
            on.setdefault(b.parent, set()).add(b.slot)
    earth_harm = harm_on(state, EARTH)
    halve_down = game.variant.halve_rounds_down
    air_harm = harm_on(state, AIR)
    capacity = [0, 0, 0, 0]
    air = 0
    run: list[int] = []
    tower = [0.0, 0.0, 0.0, 0.0]
    wants: dict[tuple[int, int | None], float] = {}  # supply rooms the towers want next
    value = BEACON * sum(state.flipped) + _shield_value(state.shield)
    ready_sizes: set[int] = set()
    progress = [0.0, 0.0, 0.0, 0.0]  # per size carried: the fullest free group's share of pillars
    bases = [False] * 4
    for i, b in enumerate(fortress):
        if b is None:
            run.append(0)
            continue
        r = b.room
        e = st.element[r]
        carried_slots = on.get(i, ())
        groups = st.groups[r]
        links = st.links[r]
        covered = {k for g in carried_slots for k in groups[g]}
        spots = 0
        for k, inv in enumerate(b.invaders):
            if inv != NONE:
                air += inv == AIR
            elif k not in covered:
                spots += 1
        h = 0
        if e is not None:
            parent = fortress[b.parent] if b.parent >= 0 else None
            below = run[b.parent] if parent is not None and st.element[parent.room] == e else 0
            h = below + 1 if (b.parent < 0 or below) else 0
            if b.parent < 0:
                bases[e] = True
        run.append(h)
        value += 5.0 - PILLAR * sum(1 for x in b.dice if x)
        best_group = 0.0
        next_size = -1
        # a room that carries a room grows no further: pillars on its other groups are spent dice
        grows = not carried_slots and (e is None or not state.flipped[e])
        for g, squares in enumerate(groups):
            if g in carried_slots:
                continue
            if b.occupiers[g] != NONE:
                value -= 5.0
                continue
            if e == EARTH and earth_harm:
                capacity[EARTH] += 1
            filled = blocked = 0
            for k in squares:
                if b.invaders[k] != NONE:
                    blocked += 1
                elif b.dice[k]:
                    filled += 1
                elif dead_link(links[k], b.dice, halve_down):
                    blocked += 1  # the pillar on its anchor leaves no die that fits: the group is dead
            carries = st.carries[r][g]
            next_size = carries
            if blocked:
                value -= 5.0 * blocked
                continue
            if grows:
                value += 1.5 * filled
            progress[carries] = max(progress[carries], filled / len(squares))
            if filled == len(squares):
                ready_sizes.add(carries)
                gv = 12.0
            else:
                gv = 12.0 * filled / len(squares)
            best_group = max(best_group, gv)
        if e is not None:
            if not (e == EARTH and earth_harm):
                capacity[e] += spots
            if h and not state.flipped[e] and next_size >= 0 and h < 4 and TOWER[h] + best_group > tower[e]:
                tower[e] = TOWER[h] + best_group
                wants[next_size, e] = 12.0 if best_group >= 12.0 else 8.0
    free = game.foundation_spaces - sum(1 for b in fortress if b is not None and b.parent < 0)
    homeless = [e for e in range(4) if not state.flipped[e] and not bases[e]]
    for e in homeless:
        if free > 0:
            wants[JUMBO, e] = 14.0
    # an element with no jumbo of its own and no space left for one loses the game (a second jumbo
    # of one element takes the space another needs)
    value -= 60.0 * max(0, len(homeless) - free)
    if air_harm:
        value -= AIR_DIE * air + AIR_SPIRAL * air * air
    value += sum(tower)
    if free > 0:
        ready_sizes.add(JUMBO)
        progress[JUMBO] = 1.0
    for e in range(4):
        if not capacity[e] and not state.flipped[e]:
            way = max((progress[st.size[room]] for room in state.supply if st.element[room] == e), default=0.0)
            value -= COVER * (1.0 - 0.5 * way)
    # the supply: each room by its best use, repeated rooms of a kind worth little
    seen: set[tuple[int, int | None]] = set()
    have_size: set[int] = set()
    for room in state.supply:
        key = (st.size[room], st.element[room])
        if key in seen:
            value += 1.0
            continue
        seen.add(key)
        worth = wants.pop(key, 0.0)
        if key[0] in ready_sizes:
            worth = max(worth, 7.0 if key[1] is None else 4.0)
            have_size.add(key[0])
        value += max(worth, 2.0)
    # what a draw from each deck is worth: a room wanted and not yet in the supply
    size_need = [0.0, 0.0, 0.0, 0.0]
    for (size, _), worth in wants.items():
        size_need[size] = max(size_need[size], worth / 2.0)
    for size in ready_sizes - have_size:
        size_need[size] = max(size_need[size], 4.0)
    value += 3.0 * min(sum(state.shards), d)
    value -= dice_short(game, state)
    # the invaders still to come this turn, and the next turn's
    pulls = game.invaders_to_pull(state)
    pending = sum(step.n for step in state.todo if isinstance(step, Pull))
    cube = _shield_value(state.shield) - _shield_value(max(0, state.shield - 1))
    value -= cube * expected_hits(state, capacity, (pending or pulls) + pulls)
    # rooms and shards on their way, worth less as the supply fills up
    room_credit = 1.0 + 3.0 * max(0.0, 1.0 - len(state.supply) / d)
    shard_credit = 0.5 + 2.5 * max(0.0, 1.0 - sum(state.shards) / d)
    for step in state.todo:
        if isinstance(step, DrawRoom):
            value += (room_credit + size_need[step.size]) * step.n
        elif isinstance(step, Peek):
            value += room_credit + 1.5 * size_need[step.size] + 1.0
        elif isinstance(step, DrawShard):
            value += shard_credit * step.n
        elif isinstance(step, Roll):
            value += 2.0 * step.n
        elif isinstance(step, Do) and step.effect.name in ROOM_FLOW:
            value += room_credit + 1.0
        elif isinstance(step, Build):
            break
    return value


def dice_short(game: IceFortress, state: State) -> float:
    """What the dice off the fortress short of the beacons' need (R38's count) cost the team."""
    spare = dice_off_fortress(state) - pillars_still_needed(game, state)
    return DICE_SHORT * max(0, DICE_MARGIN - spare) + DICE_CRITICAL * max(0, DICE_FLOOR - spare)


MIDDLE = 800.0  # the team value of an even game: two beacons lit, or the towers halfway
SPREAD = 250.0


def team_values(game: IceFortress, state: State) -> tuple[float, ...]:
    """The team's chance of winning, the same for every seat: a finished game's outcome, else the
    logistic of `team_value` around MIDDLE (a beacon lit is worth 400 of it)."""
    if game.is_over(state):
        return outcome_values(game, state)
    return (team_chance(team_value(game, state)),) * game.seats


def team_chance(value: float) -> float:
    """A `team_value` as the team's chance of winning: its logistic around MIDDLE (a won game's
    value is 1, a lost one's 0)."""
    x = (value - MIDDLE) / SPREAD
    return 1.0 / (1.0 + math.exp(-x)) if -500 < x < 500 else float(x > 0)


# -- choosing abilities -------------------------------------------------------------------------

EFFECT_WORTH = {
    "draw_room": 6.0, "look_rooms": 6.0, "search_room": 7.0, "draw_shard": 2.5, "repel": 4.0,
    "crystallize": 5.0, "boost_shield": 9.0, "neutralize": 10.0, "adjust_die": 4.0, "set_die": 6.0,
    "reroll": 2.0, "extra_dice": 3.0, "destroy_pillar": 0.5, "destroy_room": 0.0,
}


def power_worth(power: Power) -> float:
    """A rough worth of a power for choosing abilities: its effects less its cost."""
    worth = 0.0
    for eff in power.effects:
        params = eff.kwargs()
        base = EFFECT_WORTH.get(eff.name, 2.0)
        n = params.get("n", 1)
        if eff.name in ("draw_room", "draw_shard", "reroll", "extra_dice", "boost_shield"):
            base *= n
        if params.get("scope") in ("room", "all_of_element"):
            base *= 1.5
        worth += base
    cost = power.cost
    worth -= 3.0 * len(cost.shards)
    for lo, hi in cost.dice:
        worth -= 2.5 - 0.3 * (hi - lo)
    return worth


def card_worth(cards: CardSet, ability: int) -> float:
    card = cards.abilities[ability]
    return 3.0 * card.dice + sum(power_worth(p) for p in card.powers)


# -- the agent ----------------------------------------------------------------------------------


class FortressBot(Agent):
    """The team's player. It plans its whole turn: a beam search over its own decisions (pillars,
    rooms, powers and their targets, up to the end of building or the next chance event), keeping
    the `beam` best positions at each step by the team's evaluation, for at most `steps` decisions;
    it plays the best line found and searches again only when chance (a draw, a roll, an invader)
    has changed the table. `beam=0` is the greedy player: each move judged after its own follow-up
    decisions (up to `depth` of them, each taken greedily), so a power is judged by what it does,
    not by its paid cost alone. Chance steps (draws, rolls, invaders) are judged by the
    evaluation's credit for what is on its way."""

    name = "fortressbot"

    def __init__(self, seed: int | None = 0, depth: int = 3, beam: int = 4, steps: int = 16) -> None:
        for option, value, low in (("depth", depth, 0), ("beam", beam, 0), ("steps", steps, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise BadAgent(f"FortressBot's {option} is a whole number of at least {low}, not {quoted(value)}",
                               option)
        super().__init__(seed)
        self.depth = depth
        self.beam = beam
        self.steps = steps
        given = [f"{key}={value}" for key, value, default in
                 (("beam", beam, 4), ("depth", depth, 3), ("steps", steps, 16)) if value != default]
        self.name = f"fortressbot({', '.join(given)})" if given else "fortressbot"
        self._line: list[tuple[State, Move]] = []  # the planned moves, each with the state it is played in

    def choose(self, game: Game, state: State, seat: int) -> Move:
        fortress = ice_fortress(game)
        if isinstance(state.todo[0], Choosing):
            return self._keep(fortress, state, seat)
        if self.beam > 0:
            return self._planned(fortress, state, seat)
        found = self._values(fortress, state, seat, self.depth)
        best = max(v for _, v in found)
        return self.rng.choice([m for m, v in found if v == best])

    def analyse(self, game: Game, state: State, seat: int) -> list[tuple[Move, float]]:
        if self.beam > 0 and not isinstance(state.todo[0], Choosing):
            line = self.plan(ice_fortress(game), state, seat)
            return [(line[0][1], 1.0)]
        found = sorted(self._values(ice_fortress(game), state, seat, self.depth), key=lambda mv: -mv[1])
        return [(found[0][0], 1.0)]

    def appraise(self, game: Game, state: State, seat: int, top: int = 5) -> list[Appraisal]:
        """Its best `top` moves for a hint, best first: each move judged by the best line the
        planner finds after it (a beam search of the seat's own decisions to the end of building
        or the next chance event; `beam=0`: its greedy follow-up), its value the team's chance by
        the evaluation where that line ends (`team_chance`), its share the planner's preference
        (the best moves share it). Abilities to keep are ranked by what their powers are worth
        (the evaluation sees no difference between them)."""
        fortress = ice_fortress(game)
        if isinstance(state.todo[0], Choosing):
            keeps = [m for m in fortress.legal_moves(state, seat) if isinstance(m, Keep)]
            worth = {m: card_worth(fortress.cards, m.a) + card_worth(fortress.cards, m.b) for m in keeps}
            ranked = sorted(keeps, key=lambda m: (-worth[m], m.a, m.b))[:top]
            chances = [team_chance(team_value(fortress, fortress.apply(state, m))) for m in ranked]
            return [Appraisal(m, 1.0 if i == 0 else 0.0, chance,
                              f"powers worth {worth[m]:.0f} to the planner; {chance_words(game, text)} either way")
                    for i, (m, chance, text) in enumerate(zip(ranked, chances, percents(chances), strict=True))]
        judged: list[tuple[float, int, Move]] = []
        for m in self._moves(fortress, state, seat):
            after = fortress.apply(state, m)
            if self.beam > 0 and self._ours(fortress, after, seat):
                value, line = self._best_line(fortress, after, seat)
                judged.append((value, 1 + len(line), m))
            else:
                judged.append((self._judge(fortress, after, seat, self.depth) if self.beam == 0
                               else team_value(fortress, after), 1, m))
        judged.sort(key=lambda entry: (-entry[0], entry[1]))  # of equal values, the shorter line
        first = judged[0][:2]
        tied = sum(1 for entry in judged if entry[:2] == first)
        best = judged[:top]
        chances = [team_chance(value) for value, _, _ in best]
        out = []
        for (value, steps, m), chance, text in zip(best, chances, percents(chances), strict=True):
            after_line = f"its best line of {steps} decisions" if steps > 1 else "this decision"
            if value >= WON or value <= -WON + 10_000:
                how = "with this move" if steps == 1 else f"by {after_line}"
                words = f"the team {'wins' if value > 0 else 'loses'} {how}"
            else:
                words = f"{chance_words(game, text)} by the evaluation after {after_line} ({value:.0f} points)"
            out.append(Appraisal(m, 1 / tied if (value, steps) == first else 0.0, chance, words))
        return out

    def _planned(self, game: IceFortress, state: State, seat: int) -> Move:
        """The next move of the line planned, while the table is the one it was planned for."""
        if not self._line or self._line[0][0] != state:
            self._line = self.plan(game, state, seat)
        return self._line.pop(0)[1]

    def plan(self, game: IceFortress, state: State, seat: int) -> list[tuple[State, Move]]:
        """The best line of the seat's own decisions from `state`: a beam search to the end of
        building, a chance event or another seat's decision, judged by `team_value` there."""
        return self._best_line(game, state, seat)[1]

    def _best_line(self, game: IceFortress, state: State, seat: int) -> tuple[float, list[tuple[State, Move]]]:
        """`plan`'s line with the `team_value` where it ends."""
        beam: list[tuple[float, State, list[tuple[State, Move]]]] = [(0.0, state, [])]
        seen = {state}
        best: tuple[float, list[tuple[State, Move]]] | None = None
        for _ in range(self.steps):
            grown: list[tuple[float, State, list[tuple[State, Move]]]] = []
            for _, s, line in beam:
                for m in self._moves(game, s, seat):
                    after = game.apply(s, m)
                    if after in seen:
                        continue
                    seen.add(after)
                    value = team_value(game, after)
                    step = [*line, (s, m)]
                    if self._ours(game, after, seat):
                        grown.append((value, after, step))
                    elif best is None or value > best[0]:
                        best = (value, step)
            if not grown:
                break
            grown.sort(key=lambda c: -c[0])
            beam = grown[:self.beam]
        for value, _, line in beam:  # lines cut short by the step limit
            if line and (best is None or value > best[0]):
                best = (value, line)
        assert best is not None, "a decision with no legal move"
        return best

    @staticmethod
    def _ours(game: IceFortress, state: State, seat: int) -> bool:
        """Whether the next thing to happen is another decision of this seat's."""
        return not game.is_over(state) and game.to_act(state) == (seat,)

    def _values(self, game: IceFortress, state: State, seat: int, depth: int) -> list[tuple[Move, float]]:
        return [(m, self._judge(game, game.apply(state, m), seat, depth)) for m in self._moves(game, state, seat)]

    @staticmethod
    def _moves(game: IceFortress, state: State, seat: int) -> list[Move]:
        """The legal moves, with a deck search's rooms cut to one of each size, element and icon
        (the evaluation tells no others apart)."""
        moves = list(game.legal_moves(state, seat))
        step = state.todo[0]
        if isinstance(step, Do) and step.effect.name == "search_room":
            rooms, seen = game.cards.rooms, set()
            kept: list[Move] = []
            for m in moves:
                assert isinstance(m, Choose)
                room = rooms[m.target[1]]
                key = (room.size, room.element, room.ice)
                if key not in seen:
                    seen.add(key)
                    kept.append(m)
            return kept
        return moves

    def _judge(self, game: IceFortress, state: State, seat: int, depth: int) -> float:
        """The value after a move: our own next decision about its effect (a target, the room kept)
        taken greedily."""
        if depth <= 0 or game.is_over(state) or not isinstance(state.todo[0], Do | KeepOne):
            return team_value(game, state)
        if game.to_act(state) != (seat,):
            return team_value(game, state)
        return max((v for _, v in self._values(game, state, seat, depth - 1)), default=team_value(game, state))

    @staticmethod
    def _keep(game: IceFortress, state: State, seat: int) -> Keep:
        """The two abilities whose powers are worth most (the first such pair of the card set)."""
        cards = game.cards
        keeps = [m for m in game.legal_moves(state, seat) if isinstance(m, Keep)]
        return max(keeps, key=lambda m: (card_worth(cards, m.a) + card_worth(cards, m.b), -m.a, -m.b))


def ice_fortress(game: Game) -> IceFortress:
    """The game, which FortressBot plays only if it is Ice Fortress (or a house rule of it)."""
    from . import IceFortress

    if not isinstance(game, IceFortress):
        raise TypeError(f"FortressBot plays Ice Fortress, not {game.title}")
    return game


__all__ = ["FortressBot", "team_chance", "team_value", "team_values"]
