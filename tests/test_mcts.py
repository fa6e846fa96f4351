"""MCTS: plain UCT repeats the games it played before, move for move.

`mcts_uct_games.json` holds games played by play_game between plain-UCT agents in every seat
(full information, chance, turnless play, hidden hands); rewrite it only for a change that is
meant to change plain UCT's moves:

    PYTHONPATH=$PWD python tests/test_mcts.py --write
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from icewidgets import CHANCE, make_game, register_game
from icewidgets.agents import MCTS, play_game

from hidden_game import HighCards

register_game(HighCards)

RECORDED = Path(__file__).resolve().parent / "mcts_uct_games.json"
CASES: list[tuple[str, dict[str, Any], int, int]] = [  # game, options, ply cap, simulations
    ("stacktics", {"size": 3}, 24, 24),
    ("icetowers", {"players": 2, "trios": 2}, 40, 24),
    ("icetowers", {"players": 3, "trios": 2}, 40, 24),
    ("ascendancy", {"players": 2}, 30, 24),
    ("dectana", {"players": 2}, 4, 10),
    # the first edition's rules, as the game was recorded
    ("icefortress", {"players": 1, "edition": 1, "first_turn": "first", "lost_causes": "play on"}, 24, 24),
    ("highcards", {"players": 2}, 40, 24),
]
SEED = 5


def uct_game(name: str, options: dict[str, Any], plies: int, simulations: int) -> list[str]:
    game = make_game(name, **options)
    agents = [MCTS(simulations=simulations, rollout="random") for _ in range(game.seats)]
    return list(play_game(game, agents, seed=SEED, max_plies=plies).moves)


@pytest.mark.parametrize("case", json.loads(RECORDED.read_text())["games"],
                         ids=lambda case: f"{case['game']}-{case['options']}")
def test_plain_uct_replays_the_recorded_games(case: dict[str, Any]) -> None:
    assert case["seed"] == SEED
    assert uct_game(case["game"], case["options"], case["max_plies"], case["simulations"]) == case["moves"]


def write() -> None:
    games = [{"game": name, "options": options, "seed": SEED, "simulations": simulations,
              "max_plies": plies, "moves": uct_game(name, options, plies, simulations)}
             for name, options, plies, simulations in CASES]
    about = ("games between plain-UCT MCTS agents (random rollouts) in every seat, played by "
             "play_game with the seed, simulations and ply cap given")
    RECORDED.write_text(json.dumps({"about": about, "games": games}, indent=1) + "\n")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()


# -- the default MCTS: guided by the heuristic, the tree kept between moves ----------------------

GUIDED: list[tuple[str, dict[str, Any], int]] = [  # game, options, ply cap
    ("stacktics", {"size": 3}, 16),
    ("icetowers", {"players": 3, "trios": 2}, 24),  # turnless: the actor drawn
    ("ascendancy", {"players": 2}, 24),  # chance: the dice
    ("dectana", {"players": 2}, 12),  # hidden hands and chance
    ("icefortress", {"players": 1}, 16),
    ("highcards", {"players": 2}, 20),
]


@pytest.mark.parametrize("case", GUIDED, ids=lambda case: case[0])
def test_the_same_seed_gives_the_same_moves_with_the_tree_kept(case: tuple[str, dict[str, Any], int]) -> None:
    name, options, plies = case
    game = make_game(name, **options)

    def moves() -> list[str]:
        agents = [MCTS(simulations=16) for _ in range(game.seats)]
        assert all(agent.reuse for agent in agents)
        return list(play_game(game, agents, seed=3, max_plies=plies).moves)

    assert moves() == moves()


KEPT_GAME = """
import json, sys
from icewidgets import make_game
from icewidgets.agents import MCTS, play_game
game = make_game(sys.argv[1], **json.loads(sys.argv[2]))
agents = [MCTS(simulations=16) for _ in range(game.seats)]
print(json.dumps(list(play_game(game, agents, seed=3, max_plies=int(sys.argv[3])).moves)))
"""


@pytest.mark.parametrize("case", [GUIDED[1], GUIDED[3]], ids=lambda case: case[0])
def test_the_same_seed_gives_the_same_moves_with_the_tree_kept_in_another_process(
        case: tuple[str, dict[str, Any], int]) -> None:
    """Nothing the search or a kept tree finds its way by depends on the process: the same game,
    played in processes with other hash seeds, makes the same moves."""
    name, options, plies = case
    game = make_game(name, **options)
    here = list(play_game(game, [MCTS(simulations=16) for _ in range(game.seats)], seed=3, max_plies=plies).moves)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", KEPT_GAME, name, json.dumps(options), str(plies)],
                             capture_output=True, text=True, timeout=120,
                             env={**env, "PYTHONHASHSEED": hash_seed}, check=True)
        assert json.loads(out.stdout) == here


def root_visits(agent: MCTS, game: Any, state: Any, seat: int) -> int:
    return sum(entry[1] for entry in agent.search(game, state, seat))


def expected_reply(agent: MCTS, played: list[Any]) -> Any:
    """The reply the agent's kept tree visited most after the moves `played` since its search."""
    assert agent._searcher is not None and agent._searcher.kept is not None
    game, _, root = agent._searcher.kept
    if game.hidden_information:
        node = root.children[root.moves.index(played[0])]
        for move in played[1:]:
            node = node.keyed[move]
        return max(node.keyed.items(), key=lambda item: item[1].visits)[0]
    node = root
    for move in played:
        node = node.children[node.moves.index(move)]
    return max(zip(node.moves, node.children, strict=True), key=lambda pair: pair[1].visits)[0]


def opening(game: Any, plies: int) -> Any:
    """The position after `plies` actions, each the first legal move or chance outcome."""
    state = game.start(0)
    for _ in range(plies):
        actors = game.to_act(state)
        state = game.apply(state, next(iter(game.chance_outcomes(state)))[0] if actors == (CHANCE,)
                           else next(iter(game.legal_moves(state, actors[0]))))
    while game.to_act(state) == (CHANCE,):
        state = game.apply(state, next(iter(game.chance_outcomes(state)))[0])
    return state


# High Cards once the deck is spent: no secret deal between a move and the reply (a kept tree is
# used only along moves its seat saw, and a deal to the other hand is not one of them).
@pytest.mark.parametrize("name, options, plies", [("stacktics", {"size": 3}, 0),
                                                   ("highcards", {"players": 2, "hand": 3}, 12)])
def test_the_next_search_starts_from_the_kept_subtree(name: str, options: dict[str, Any], plies: int) -> None:
    """After its move and the reply it searched most, the search goes on from what it found there:
    its root holds more visits than one search makes. Without reuse it starts afresh."""
    game = make_game(name, **options)
    for reuse, warm in ((True, True), (False, False)):
        agent, twin = MCTS(simulations=200, reuse=reuse), MCTS(simulations=200)  # the same first search
        state = opening(game, plies)
        seat = game.to_act(state)[0]
        move = agent.choose(game, state, seat)
        assert twin.choose(game, state, seat) == move
        state, played = game.apply(state, move), [move]
        while (actors := game.to_act(state)) and actors[0] != seat:
            move = (next(iter(game.chance_outcomes(state)))[0] if actors == (CHANCE,)
                    else expected_reply(twin, played))
            state = game.apply(state, move)
            played.append(move)
        assert (root_visits(agent, game, state, seat) > 200) is warm


def test_root_parallelism_sums_the_workers_searches_and_repeats_with_its_seed() -> None:
    game = make_game("stacktics", size=3)
    state = game.start(0)
    agents = [MCTS(simulations=40, workers=2, seed=7) for _ in range(2)]
    try:
        assert root_visits(agents[0], game, state, 0) == 40
        agents[0].reseed(7)
        first = agents[0].choose(game, state, 0)
        assert agents[1].choose(game, state, 0) == first
        assert game.is_legal(state, first)
    finally:
        for agent in agents:
            agent.close()


def test_plain_uct_and_the_guided_search_are_named_apart() -> None:
    assert MCTS().name == "mcts"
    assert MCTS(simulations=500).name == "mcts:500"
    assert MCTS(rollout="random").name == 'mcts(rollout="random")'
    assert not MCTS(rollout="random").reuse and MCTS().reuse
    with pytest.raises(Exception, match="rollout"):
        MCTS(rollout="greedy")
    with pytest.raises(Exception, match="workers"):
        MCTS(workers=0)
    with pytest.raises(Exception, match="depth"):
        MCTS(depth=-1)


def test_a_game_declares_the_guided_search_settings_it_plays_best_at() -> None:
    """The guided search takes a game's `search_defaults` where the agent is not given the
    setting; plain UCT, the baseline, keeps its own."""
    base = type(make_game("stacktics", size=3))

    class Tuned(base):  # type: ignore[valid-type,misc]
        search_defaults: ClassVar[dict[str, Any]] = {"simulations": 30, "depth": 2, "temperature": 0.5}

    game, plain_game = Tuned(size=3), make_game("stacktics", size=3)
    assert MCTS().tuned(plain_game) == {"simulations": 200, "depth": 0, "c": 2.0, "temperature": 0.05}
    assert MCTS().tuned(game) == {"simulations": 30, "depth": 2, "c": 2.0, "temperature": 0.5}
    assert MCTS(depth=1, simulations=40).tuned(game) == {"simulations": 40, "depth": 1, "c": 2.0, "temperature": 0.5}
    assert MCTS(rollout="random").tuned(game) == {"simulations": 200, "depth": None, "c": 1.4, "temperature": None}
    state = game.start(0)
    assert root_visits(MCTS(), game, state, 0) == 30
    assert root_visits(MCTS(rollout="random"), game, state, 0) == 200
    Tuned.search_defaults = {"depth": -1}
    with pytest.raises(Exception, match="Stacktics's search_defaults: depth must be a whole number"):
        MCTS().choose(game, state, 0)


def test_the_guided_search_judges_the_reply_of_a_seat_drawn_not_the_same_position_again() -> None:
    """In a turnless game a seat drawn to act leaves the position as it was: a simulation that
    reaches it goes on to that seat's decision, so every drawn seat visited has been opened."""
    from icewidgets.agents.tree import drawn, edges

    game = make_game("icetowers", players=2)
    state = game.start(0)
    agent = MCTS(simulations=300)
    agent.choose(game, state, 0)
    assert agent._searcher is not None and agent._searcher.kept is not None
    queue, seats_drawn = [agent._searcher.kept[2]], 0
    for node in queue:
        if node.kind < 0:
            continue
        for _, child in drawn(node):
            seats_drawn += 1
            assert child.kind >= 0, "a drawn seat judged as a leaf"
            queue.append(child)
        queue.extend(child for _, child in edges(node))
    assert seats_drawn > 10
