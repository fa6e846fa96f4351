"""Agents (Random, Greedy, MCTS, a designer's function) and play_game, on every game: legal moves
only, the same seed the same moves, the obviously best move found, a forced win found, hidden
cards never read, and clear refusals of bad specs."""

from __future__ import annotations

import random
from typing import Any

import pytest

import icewidgets
from icewidgets import BadOption, IcewidgetsError, make_game, register_game
from icewidgets.agents import (
    MCTS,
    Agent,
    AgentError,
    BadAgent,
    FunctionAgent,
    GameResult,
    Greedy,
    Random,
    make_agent,
    play_game,
)
from icewidgets.core.chance import CHANCE
from icewidgets.core.game import Game
from icewidgets.games.ascendancy.rules import State as AscendancyState
from icewidgets.games.icetowers import State as IceTowersState
from icewidgets.games.stacktics.geometry import layout
from icewidgets.games.stacktics.moves import State as StackticsState

from hidden_game import CARDS, HighCards
from hidden_game import State as HighCardsState

register_game(HighCards)

# Small variants, so that whole games between agents stay quick.
SMALL = {
    "stacktics": {"size": 2, "pie_rule": False, "max_quiet_plies": 20},
    "icetowers": {"players": 2, "trios": 2},
    "ascendancy": {"players": 2, "trios": 2},
    "highcards": {"players": 2},
}


def small(name: str) -> Game:
    return make_game(name, **SMALL[name])


def positions(game: Game, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """Positions of random games where a seat has a choice: (state, seat)."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    state = game.start(seed)
    while len(found) < count:
        seats = game.wants_to_act(state)
        if not seats:
            state = game.start(seed)
            continue
        if seats == (CHANCE,):
            state = game.apply(state, game.chance_move(state, rng))
            continue
        seat = rng.choice(seats)
        moves = list(game.legal_moves(state, seat))
        if len(moves) > 1:
            found.append((state, seat))
        state = game.apply(state, rng.choice(moves))
    return found


def texts(game: Game, state: Any, moves: list[Any]) -> list[str]:
    return [game.move_text(state, m) for m in moves]


AGENTS = {
    "random": lambda seed: Random(seed),
    "greedy": lambda seed: Greedy(seed),
    "mcts": lambda seed: MCTS(simulations=12, seed=seed),
}


# -- every agent, every game: legal moves, the same seed the same moves ---------------------------


@pytest.mark.parametrize("name", list(SMALL))
@pytest.mark.parametrize("kind", list(AGENTS))
def test_agents_play_legal_moves_and_repeat_with_a_seed(name: str, kind: str) -> None:
    game = small(name)
    spots = positions(game, 4, seed=1)
    chosen = []
    for state, seat in spots:
        move = AGENTS[kind](3).choose(game, state, seat)
        assert game.move_player(move) == seat and game.is_legal(state, move)
        chosen.append(move)
    assert [AGENTS[kind](3).choose(game, s, seat) for s, seat in spots] == chosen


@pytest.mark.parametrize("name", list(SMALL))
def test_a_whole_game_between_agents_repeats_with_its_seed(name: str) -> None:
    game = small(name)
    players = [MCTS(simulations=8), Greedy()] if game.seats == 2 else None
    first = play_game(game, players, seed=4, max_plies=40)
    again = play_game(game, [MCTS(simulations=8), Greedy()], seed=4, max_plies=40)
    assert first == again
    assert first.agents == ("mcts:8", "greedy")
    assert len(first.trace) == first.plies == len(first.branching)
    assert all(b >= 1 for b in first.branching)


def test_random_spreads_over_the_moves_and_differs_by_seed() -> None:
    game = small("stacktics")
    state = game.start()
    picks = {game.move_text(state, Random(seed).choose(game, state, 0)) for seed in range(30)}
    assert len(picks) > 5


# -- Greedy: the obviously best move of a hand-built position, per game ---------------------------


def stacktics_state(game: Game, squares: dict[str, str], captured: tuple[int, int] = (0, 0),
                    turn: int = 0) -> StackticsState:
    """A Stacktics position from squares and their stacks, bottom first: "rm rs" is a red medium
    under a red small (r red, b blue; s, m, l the sizes)."""
    board = layout(game.variant.board_name)
    cells: list[tuple[int, ...]] = [()] * board.squares
    code = {"rs": 0, "rm": 1, "rl": 2, "bs": 3, "bm": 4, "bl": 5}
    names = [board.square_name(i) for i in range(board.squares)]
    for square, stack in squares.items():
        cells[names.index(square)] = tuple(code[p] for p in stack.split())
    return StackticsState(tuple(cells), turn, 0, captured, 0, 10)


def test_greedy_takes_the_capture_that_wins_stacktics() -> None:
    game = make_game("stacktics", size=2, pie_rule=False)
    # Red has three captures; only the whole blue tree on c4 (6 pips) wins at once.
    state = stacktics_state(game, {"b1": "rl", "c1": "rl", "d2": "rm rs", "b3": "rm rs",
                                   "a4": "bl", "b4": "bm bs", "c4": "bl bm bs"})
    for seed in range(5):
        assert game.move_text(state, Greedy(seed).choose(game, state, 0)) == "b3:1-c4"


def test_greedy_caps_the_richest_tower_in_icetowers() -> None:
    game = make_game("icetowers", players=2)  # red, green and Gus: piece codes 0-2, 3-5, 6-8
    # Red holds one small; green's tower of large, medium and small (6 pips) is topped by a small,
    # and a green large stands alone: capping the tower gains most.
    free = [0] * 9
    free[0], free[5] = 1, 1
    state = IceTowersState(tuple(free), ((5, 4, 3),), 0)
    moves = list(game.legal_moves(state, 0))
    assert len(moves) >= 3
    for seed in range(5):
        move = Greedy(seed).choose(game, state, 0)
        assert move.__class__.__name__ == "Cap" and move.onto == 0


def test_greedy_places_where_its_pieces_score_in_ascendancy() -> None:
    game = make_game("ascendancy", players=2, dice=1)
    # Red rolled a queen. Green's queen tops red's pawn and drone: a red queen there makes them
    # score 3. The other places (the table, or nowhere else: the drone is too small) score nothing.
    # Judged by the score now (the game's heuristic also weighs green's likely recapture).
    state = AscendancyState((4, 4, 4, 5, 5, 4), ((0, 1, 5), (4,)), 0, (5,), 0, False, False)
    assert len(list(game.legal_moves(state, 0))) == 2
    for seed in range(5):
        greedy = Greedy(seed, heuristic=lambda g, s, seat: g.scores(s)[seat] - g.scores(s)[1 - seat])
        assert game.move_text(state, greedy.choose(game, state, 0)) == game.move_text(
            state, game.parse_move(state, "d1>T1"))


def test_greedy_plays_its_highest_card() -> None:
    game = HighCards()
    ace, crown, castle, mill = (CARDS.index(c) for c in ("Ace", "Crown", "Castle", "Mill"))
    deck = frozenset(range(9)) - {ace, crown, castle, mill}
    state = HighCardsState(deck, ((ace, crown), (castle, mill)), (), 0, None)
    assert game.move_text(state, Greedy().choose(game, state, 0)) == "P1 plays Crown"


def test_greedy_takes_a_heuristic_and_refuses_what_is_not_one() -> None:
    game = HighCards()
    state = HighCardsState(frozenset(range(2, 7)), ((0, 8), (7, 1)), (), 0, None)
    lowest = Greedy(heuristic=lambda g, s, seat: -g.scores(s)[seat])
    assert game.move_text(state, lowest.choose(game, state, 0)) == "P1 plays Ace"
    with pytest.raises(BadOption, match="heuristic"):
        Greedy(heuristic=3)  # type: ignore[arg-type]


# -- MCTS ------------------------------------------------------------------------------------------


def forced_wins(game: Game, state: Any, seat: int, plies: int) -> bool:
    """Whether `seat` wins by force within `plies` plies (exhaustive search)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.winners == (seat,)
    if plies == 0:
        return False
    results = (forced_wins(game, game.apply(state, m), seat, plies - 1) for m in game.legal_moves(state))
    return any(results) if game.to_act(state) == (seat,) else all(results)


def test_mcts_finds_the_forced_win_in_stacktics() -> None:
    game = make_game("stacktics", size=2, pie_rule=False, max_quiet_plies=40)
    # Red has captured 4 of the 6 pips it needs. No move wins at once; c4:0-c3 wins next move
    # whatever Blue does, and no other move does.
    state = stacktics_state(game, {"a1": "rs", "d1": "rm", "a2": "bs", "b2": "bl", "d2": "bm",
                                   "c3": "rl", "a4": "rm", "b4": "bm", "c4": "rl"}, captured=(4, 1))
    moves = list(game.legal_moves(state, 0))
    assert not any(forced_wins(game, game.apply(state, m), 0, 0) for m in moves)
    assert [game.move_text(state, m) for m in moves if forced_wins(game, game.apply(state, m), 0, 2)] == ["c4:0-c3"]
    for seed in range(3):
        assert game.move_text(state, MCTS(simulations=600, seed=seed).choose(game, state, 0)) == "c4:0-c3"


def test_mcts_takes_a_win_at_once() -> None:
    game = make_game("stacktics", size=2, pie_rule=False)
    state = stacktics_state(game, {"b1": "rl", "c1": "rl", "d2": "rm rs", "b3": "rm rs",
                                   "a4": "bl", "b4": "bm bs", "c4": "bl bm bs"})
    best = MCTS(simulations=50).analyse(game, state, 0)
    assert game.move_text(state, best[0][0]) == "b3:1-c4"


def hands(mine: tuple[str, ...], theirs: tuple[str, ...]) -> HighCardsState:
    """Seat 0 to play, holding `mine`; seat 1 holds `theirs`; the other cards in the deck; the
    Ace and the Author played already."""
    mine_c, theirs_c = (tuple(sorted(CARDS.index(c) for c in h)) for h in (mine, theirs))
    deck = frozenset(range(2, 9)) - set(mine_c) - set(theirs_c)
    return HighCardsState(deck, (mine_c, theirs_c), ((0, 0), (1, 1)), 0, None)


def test_mcts_with_hidden_cards_never_reads_them() -> None:
    game = HighCards()
    one = hands(("Desert", "Crown"), ("Castle", "Mill"))
    other = hands(("Desert", "Crown"), ("Forest", "Lunatic"))
    assert one != other and game.observation(one, 0) == game.observation(other, 0)
    for seed in range(3):
        assert MCTS(simulations=60, seed=seed).analyse(game, one, 0) == \
            MCTS(simulations=60, seed=seed).analyse(game, other, 0)


def test_mcts_searches_from_determinizations_only() -> None:
    seen: list[Any] = []

    class Watched(HighCards):
        name = "highcards"

        def resample(self, state: Any, seat: int, rng: random.Random) -> Any:
            sample = super().resample(state, seat, rng)
            seen.append(sample)
            return sample

        def apply(self, state: Any, move: Any) -> Any:
            assert state is not real, "the search read the real state"
            return super().apply(state, move)

    game = Watched()
    real = hands(("Desert", "Crown"), ("Castle", "Mill"))
    MCTS(simulations=30).choose(game, real, 0)
    assert len(seen) == 30 and all(s.hands[0] == real.hands[0] for s in seen)


@pytest.mark.parametrize("name", ["icetowers", "ascendancy"])
def test_mcts_through_chance_and_turnless_play_is_legal_and_repeatable(name: str) -> None:
    game = make_game(name, players=3, trios=2)
    for state, seat in positions(game, 3, seed=2):
        first = MCTS(simulations=40, seed=1).analyse(game, state, seat)
        assert first == MCTS(simulations=40, seed=1).analyse(game, state, seat)
        assert all(game.is_legal(state, m) for m, _ in first)


def test_analyse_gives_visit_shares_best_first() -> None:
    game = small("icetowers")
    state, seat = positions(game, 1, seed=3)[0]
    shares = MCTS(simulations=80).analyse(game, state, seat)
    assert 1 <= len(shares) <= 5
    assert [s for _, s in shares] == sorted((s for _, s in shares), reverse=True)
    assert 0 < sum(s for _, s in shares) <= 1
    assert shares[0][0] == MCTS(simulations=80).choose(game, state, seat)
    assert Random(2).analyse(game, state, seat) == [(Random(2).choose(game, state, seat), 1.0)]


def test_mcts_with_a_time_budget_answers() -> None:
    game = small("ascendancy")
    state, seat = positions(game, 1)[0]
    assert game.is_legal(state, MCTS(seconds=0.05).choose(game, state, seat))
    assert MCTS(seconds=0.5).name == "mcts:0.5s" and MCTS().name == "mcts"


@pytest.mark.parametrize("options, word", [
    ({"simulations": 0}, "simulations"), ({"simulations": 2.5}, "simulations"),
    ({"simulations": True}, "simulations"), ({"seconds": 0}, "seconds"),
    ({"seconds": "1"}, "seconds"), ({"c": -1}, "exploration"),
])
def test_mcts_refuses_bad_budgets(options: dict[str, Any], word: str) -> None:
    with pytest.raises(BadAgent, match=word):
        MCTS(**options)


# -- a designer's own agent, and make_agent ------------------------------------------------------------


def first_move(game: Game, state: Any, seat: int, rng: random.Random) -> Any:
    return next(iter(game.legal_moves(state, seat)))


def test_a_function_plays_as_an_agent() -> None:
    game = small("stacktics")
    result = play_game(game, [FunctionAgent(first_move), make_agent(lambda g, s, seat, rng: rng.choice(
        list(g.legal_moves(s, seat))))], seed=2, max_plies=30)
    assert result.agents == ("first_move", "<lambda>")
    assert result.ended_by == ("ply cap" if result.plies == 30 else "rules")


def test_a_function_that_breaks_the_rules_is_stopped_by_name() -> None:
    game = small("stacktics")
    state = game.start()
    other = next(iter(game.legal_moves(game.apply(state, next(iter(game.legal_moves(state)))))))
    cheat = FunctionAgent(lambda g, s, seat, rng: other, name="cheat")
    with pytest.raises(AgentError, match=r"the agent 'cheat' of seat 0 \(Player 1\) chose '.*', a move of Player 2"):
        play_game(game, [cheat, "random"], seed=1)
    with pytest.raises(AgentError, match=r"the agent 'junk' of seat 1 .* chose 'nonsense', which is not a move of"):
        play_game(game, ["random", FunctionAgent(lambda g, s, seat, rng: "nonsense", name="junk")], seed=1)


class Returns(Agent):
    """An agent of a subclass that answers with whatever `pick(game, state, seat)` gives."""

    name = "returns"

    def __init__(self, pick: Any, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.pick = pick

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        return self.pick(game, state, seat)


def later_move(game: Game, state: Any, seat: int) -> Any:
    """A move of `seat` that is legal two plies on, not now."""
    for move in game.legal_moves(state, seat):
        after = game.apply(state, move)
        for reply in game.legal_moves(after):
            for again in game.legal_moves(game.apply(after, reply), seat):
                if not game.is_legal(state, again):
                    return again
    raise AssertionError("no such move")


@pytest.mark.parametrize("pick, word", [
    (later_move, "which Player 1 may not play here: "),
    (lambda game, state, seat: None, "chose None, which is not a move of Stacktics"),
    (lambda game, state, seat: ("x",) * 9, "which is not a move of Stacktics"),
])
def test_an_agent_subclass_s_bad_answer_stops_the_game_by_name(pick: Any, word: str) -> None:
    game = small("stacktics")
    with pytest.raises(AgentError, match=word) as caught:
        play_game(game, [Returns(pick), "random"], seed=3)
    error = caught.value
    assert (error.agent, error.seat, error.ply) == ("returns", 0, 0)
    assert "seed 3" in str(error) and isinstance(error, IcewidgetsError)


def test_another_seat_s_move_is_refused_in_a_turnless_game() -> None:
    game = small("icetowers")

    def theirs(game: Game, state: Any, seat: int) -> Any:
        return next(iter(game.legal_moves(state, 1 - seat)))

    with pytest.raises(AgentError, match=r"seat 1 \(Green\) chose '.*', a move of Red, not of Green") as caught:
        play_game(game, ["random", Returns(theirs)], seed=2)
    assert caught.value.ply >= 1 and "after " in str(caught.value)  # the moves so far are named


def test_an_agent_that_raises_is_named_with_the_position() -> None:
    def broken(game: Game, state: Any, seat: int, rng: Any) -> Any:
        raise RuntimeError("no idea")

    with pytest.raises(AgentError, match=r"the agent 'broken' of seat 1 \(Player 2\) failed: RuntimeError: no idea \(after 1 move: ") as caught:
        play_game(small("stacktics"), ["random", broken], seed=1)
    assert isinstance(caught.value.__cause__, RuntimeError)


@pytest.mark.parametrize("fn, word", [
    (42, "needs a function"),
    (lambda game, state: None, "four arguments"),
])
def test_function_agent_refuses_what_cannot_play(fn: Any, word: str) -> None:
    with pytest.raises(BadAgent, match=word):
        FunctionAgent(fn)


def test_make_agent_reads_names_and_passes_agents() -> None:
    assert type(make_agent("random")) is Random and type(make_agent(" Greedy ")) is Greedy
    deep = make_agent("mcts:500", seed=4)
    assert isinstance(deep, MCTS) and deep.simulations == 500 and deep.seed == 4
    mine = Greedy(7)
    assert make_agent(mine) is mine
    assert type(make_agent(MCTS)) is MCTS
    assert isinstance(make_agent(first_move), FunctionAgent)


def test_make_agent_reads_options_and_the_names_it_gives() -> None:
    plain = make_agent("mcts(rollout=random)")
    assert plain.rollout == "random" and not plain.reuse and plain.name == 'mcts(rollout="random")'
    tuned = make_agent(" MCTS(simulations=400, depth=2, c=1.5, reuse=false) ", seed=3)
    assert (tuned.simulations, tuned.depth, tuned.c, tuned.reuse, tuned.seed) == (400, 2, 1.5, False, 3)
    assert make_agent("mcts:2s").seconds == 2.0
    for agent in (plain, tuned, MCTS(seconds=0.5), MCTS(simulations=50, temperature=0.2, rollout="random")):
        again = make_agent(agent.name)  # every name an MCTS gives is a spec that makes it again
        assert again.name == agent.name and vars(again).keys() == vars(agent).keys()
        assert all(vars(again)[k] == vars(agent)[k] for k in ("simulations", "seconds", "c", "depth", "rollout",
                                                              "temperature", "reuse", "workers"))


@pytest.mark.parametrize("spec, word", [
    ("minimax", "no agent called 'minimax'; the agents are random, greedy, mcts"),
    ("mcts:lots", "whole number"), ("mcts:0", "whole number"),
    ("random:3", "random takes no number of simulations a move"), (3.5, "cannot make an agent of float"),
    (int, "int is not an Agent class"),
    ("mcts:0s", "seconds a move must be a number above 0"), ("mcts:-2s", "above 0"),
    ("mcts:infs", "above 0"),
    ("mcts(400)", "name each option, as in 'mcts"), ("mcts(**extra)", "name each option"),
    ("mcts(sims=400)", "mcts has no option 'sims'; its options are simulations, seconds"),
    ("random(depth=2)", "random has no option 'depth'; it takes no options"),
    ("greedy(depth=2)", "greedy has no option 'depth'; its options are heuristic"),
    ("greedy(heuristic=scores)", "Greedy's heuristic must be a function"),
    ("mcts(depth=1, depth=2)", "the option depth is given twice"),
    ("mcts(depth=__import__('os'))", "the value of depth must be a number"),
    ("mcts(depth=[2])", "the value of depth must be a number"),
    ("mcts(depth=", "cannot read the agent spec 'mcts\\(depth=': '\\(' was never closed"),
    ("mcts() + 1", "cannot read the agent spec"), ("mcts(depth=2)(c=1)", "cannot read the agent spec"),
    ("mcts(depth=-1)", "'mcts\\(depth=-1\\)': MCTS's depth must be a whole number of at least 0"),
    ("mcts(rollout=greedy)", "rollout is 'heuristic' or 'random', not 'greedy'"),
    ("mcts(c=1e999)", "exploration constant"), ("mcts(temperature=0)", "temperature"),
    ("mcts(workers=0.5)", "workers"), ("mcts(simulations=yes)", "simulations"),
    ("mcts(" + "depth=1, " * 30 + ")", "at most 200 characters"),
])
def test_make_agent_refuses_bad_specs(spec: Any, word: str) -> None:
    with pytest.raises(BadAgent, match=word):
        make_agent(spec)


def test_refusals_are_icewidgets_errors() -> None:
    assert issubclass(BadAgent, BadOption) and issubclass(BadAgent, IcewidgetsError)
    with pytest.raises(TypeError):
        Agent()  # type: ignore[abstract]


# -- play_game --------------------------------------------------------------------------------------


def test_play_game_reports_the_ply_cap() -> None:
    result = play_game(small("icetowers"), ["random", "random"], seed=1, max_plies=5)
    assert isinstance(result, GameResult)
    assert (result.ended_by, result.plies, result.outcome, result.winners) == ("ply cap", 5, None, ())
    assert len(result.scores) == 2


def test_play_game_to_the_end_by_the_rules() -> None:
    game = small("ascendancy")
    result = play_game(game, {0: "greedy", 1: "random"}, seed=5)
    assert result.ended_by == "rules" and result.outcome is not None
    assert result.winners == result.outcome.winners and game.is_over(result.state)
    assert any(text.startswith("roll") for text in result.moves)  # chance moves are recorded
    assert result.plies < len(result.moves) and 1 <= result.turns <= result.plies
    assert result.trace[-1] == result.scores


def test_play_game_same_seed_same_game_other_seed_other_game() -> None:
    game = small("icetowers")
    one = play_game(game, ["random", "random"], seed=8)
    assert one == play_game(game, ["random", "random"], seed=8)
    assert one.moves != play_game(game, ["random", "random"], seed=9).moves


@pytest.mark.parametrize("agents, word", [
    (["random"], "2 seats but 1 agents"),
    ({0: "random"}, "no agent for seat 1"),
    ({0: "random", 1: "random", 2: "random"}, "there is no seat 2"),
    ("random", "a list by seat or a dict"),
])
def test_play_game_refuses_agents_that_do_not_fit_the_seats(agents: Any, word: str) -> None:
    with pytest.raises(BadAgent, match=word):
        play_game(small("stacktics"), agents)


def test_play_game_refuses_a_bad_cap() -> None:
    with pytest.raises(BadAgent, match="max_plies"):
        play_game(small("stacktics"), ["random", "random"], max_plies=-1)


def test_the_documented_examples_run() -> None:
    import textwrap

    import icewidgets.agents as agents

    blocks, block = [], []
    for line in (agents.__doc__ or "").splitlines():
        if line.startswith("    ") or (block and not line.strip()):
            block.append(line)
        elif block:
            blocks.append(textwrap.dedent("\n".join(block)))
            block = []
    namespace: dict[str, Any] = {}
    registered = dict(agents.AGENTS)
    try:
        for code in blocks:
            exec(code, namespace)
        assert "cautious" in agents.AGENTS
    finally:
        agents.AGENTS.clear()
        agents.AGENTS.update(registered)
    assert isinstance(namespace["me"], FunctionAgent) and namespace["result"].plies > 0


def test_the_package_exports_the_agents() -> None:
    import icewidgets.agents as agents

    assert {"Agent", "Random", "Greedy", "MCTS", "FunctionAgent", "make_agent", "play_game",
            "GameResult"} <= set(agents.__all__)
    assert icewidgets.agents.AGENTS["mcts"].factory is MCTS
    assert icewidgets.register_agent is agents.register_agent


def test_a_move_over_the_time_limit_ends_the_game_as_a_timeout() -> None:
    import threading
    import time

    def slow(game: Game, state: Any, seat: int, rng: Any) -> Any:
        time.sleep(0.3)
        return next(iter(game.legal_moves(state, seat)))

    def hangs(game: Game, state: Any, seat: int, rng: Any) -> Any:
        time.sleep(600)

    game = small("stacktics")
    started = time.monotonic()
    result = play_game(game, ["random", hangs], seed=1, move_timeout=0.2)  # interrupted here
    assert time.monotonic() - started < 10
    assert (result.ended_by, result.outcome, result.winners, result.plies) == ("timeout", None, (), 1)
    assert result.problem == ("the agent 'hangs' of seat 1 (Player 2) took more than 0.2 s for a move "
                              f"(after 1 move: {result.moves[0]})")
    found: list[GameResult] = []  # in another thread no signal can interrupt: the time is checked after
    thread = threading.Thread(target=lambda: found.append(play_game(game, [slow, "random"], seed=1, move_timeout=0.1)))
    thread.start()
    thread.join(30)
    assert found[0].ended_by == "timeout" and found[0].plies == 0
    assert play_game(game, [slow, "random"], seed=1, max_plies=2, move_timeout=5).ended_by == "ply cap"
    with pytest.raises(BadAgent, match="move_timeout"):
        play_game(game, ["random", "random"], move_timeout=0)
