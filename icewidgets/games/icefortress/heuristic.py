"""How the computer players judge an Ice Fortress position (`IceFortress.values`): the team's
evaluation (`team_value`), the same for every seat, as the team's chance of winning (`values`,
through `team_chance`). FortressBot plans its turns by it too."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from ...core.game import outcome_values
from .lost_causes import dice_off_fortress, pillars_still_needed
from .moves import AIR, EARTH, JUMBO, NONE, State
from .rules import harm_on, link_value
from .steps import Build, Do, DrawRoom, DrawShard, Peek, Pull, Roll

if TYPE_CHECKING:
    from . import IceFortress
    from .cards import CardSet

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


def values(game: IceFortress, state: State) -> tuple[float, ...]:
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
