"""FortressBot, a competent Ice Fortress player for self-play: it plans its whole turn (a beam
search over its own decisions, judged by the team's evaluation, heuristic.py, where chance or the
end of building comes) and picks its abilities by what their powers are worth. It is Ice Fortress's
own agent, "fortressbot" wherever agents are named (registered here, offered in Ice Fortress and
its house rules alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...agents.base import Agent, Appraisal, BadAgent, chance_words, percents
from ...agents.registry import register_agent
from ...core.errors import quoted
from ...core.game import AnyGame
from . import IceFortress
from .heuristic import WON, team_chance, team_value
from .moves import Choose, Keep, Move, State
from .steps import Choosing, Do, KeepOne

if TYPE_CHECKING:
    from .cards import CardSet, Power

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

    # The Agent protocol's methods take any game's state (FortressBot refuses a game that is not
    # Ice Fortress): its own helpers below are typed by Ice Fortress's values.
    def choose(self, game: AnyGame, state: Any, seat: int) -> Any:
        fortress = ice_fortress(game)
        if isinstance(state.todo[0], Choosing):
            return self._keep(fortress, state, seat)
        if self.beam > 0:
            return self._planned(fortress, state, seat)
        found = self._values(fortress, state, seat, self.depth)
        best = max(v for _, v in found)
        return self.rng.choice([m for m, v in found if v == best])

    def analyse(self, game: AnyGame, state: Any, seat: int) -> list[tuple[Any, float]]:
        if self.beam > 0 and not isinstance(state.todo[0], Choosing):
            line = self.plan(ice_fortress(game), state, seat)
            return [(line[0][1], 1.0)]
        found = sorted(self._values(ice_fortress(game), state, seat, self.depth), key=lambda mv: -mv[1])
        return [(found[0][0], 1.0)]

    def appraise(self, game: AnyGame, state: Any, seat: int, top: int = 5) -> list[Appraisal]:
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


def ice_fortress(game: AnyGame) -> IceFortress:
    """The game, which FortressBot plays only if it is Ice Fortress (or a house rule of it)."""
    if not isinstance(game, IceFortress):
        raise TypeError(f"FortressBot plays Ice Fortress, not {game.title}")
    return game


register_agent("fortressbot", FortressBot, game="icefortress")

__all__ = ["FortressBot"]
