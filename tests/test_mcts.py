"""MCTS: plain UCT repeats the games it played before, move for move.

`mcts_uct_games.json` holds games played by play_game between plain-UCT agents in every seat
(full information, chance, turnless play, hidden hands); rewrite it only for a change that is
meant to change plain UCT's moves:

    PYTHONPATH=$PWD python tests/test_mcts.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from icewidgets import make_game, register_game
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
    ("icefortress", {"players": 1}, 24, 24),
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
