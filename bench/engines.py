"""Engine speed: random playouts of our games against python-chess, in one process and one run.

    python bench/engines.py [--seconds 5]

prints one JSON object on stdout (nothing else):

    {"python_chess": {"moves_per_s": ..., "games_per_s": ..., "mean_moves": ...,
                      "perft_nodes_per_s": ...},
     "icetowers": {"variant": "icetowers(players=3, ...)", "actions_per_s": ...,
                   "games_per_s": ..., "mean_actions": ..., "ratio": ..., "ratio_range": [...],
                   "is_legal_us": ..., "legal_moves_us": ..., "is_legal_speedup": ...},
     "stacktics": {..., "perft_nodes_per_s": ..., "perft_ratio": ...}}

Both sides play uniformly random legal moves until the game ends. Each game's budget is spent in
ROUNDS slices that alternate with slices of chess, timed in this process's CPU time, so a machine
busy with other work slows both sides alike: `ratio` is the median of the rounds' ratios and
`ratio_range` their lowest and highest.
Our games use icewidgets.playout.random_playout (a random seat among those who may act, then a
random legal move of that seat). Chess is python-chess's own loop:
`while not board.is_game_over(): board.push(rng.choice(list(board.legal_moves)))`.
`ratio` is a game's actions per CPU second over chess moves per CPU second.

Membership (`is_legal_us`, `legal_moves_us`, `is_legal_speedup`, every game and chess): the mean
time of one `is_legal` call against the mean time of listing all the legal moves of the same seat
(`list(game.legal_moves(state, seat))`; chess: `board.is_legal(move)` against
`list(board.legal_moves)`), over the positions of random games with one of their legal moves each
(a legal move passes every check, so this is the slow case of is_legal). Both loops walk the same
positions, repeated until half the time budget each is spent.

Perft (games in PERFT, and chess as their anchor) walks the move tree from the start to a fixed
depth, the same way for both: at every node each legal move is made (chess: `push`, then `pop`;
ours: `game.apply`, which returns a new state) and the leaves are counted, with no bulk counting
of the last ply. The walk repeats until the time budget is spent; `perft_ratio` is a game's perft
nodes per second over chess's.

To benchmark another game, add it to GAMES with the variant options to play it under.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import chess

from icewidgets import CHANCE, make_game
from icewidgets.playout import random_playout

GAMES: dict[str, dict[str, Any]] = {
    "icetowers": {"players": 3},  # the default variant
    "stacktics": {"size": 3},  # the default variant
    "ascendancy": {"players": 4},  # each roll of the dice (a chance move) counts as an action
    # every card laid or drawn is an action (chance), and so is each small decision of a turn;
    # random play rarely brings three Aces together, so a turn limit ends the games
    "dectana": {"players": 4, "max_turns": 300},
    # every die rolled, room drawn and invader pulled is an action (chance), and so is each
    # pillar, room, power and choice of a turn
    "icefortress": {"players": 2, "max_turns": 300},
}

PERFT: dict[str, int] = {"stacktics": 4}  # game: perft depth (1,157,833 leaves for size 3)
CHESS_PERFT_DEPTH = 4  # 197,281 leaves
ROUNDS = 5  # slices of a game's playouts, each after a slice of chess
POSITIONS = 400  # positions of random games that the membership figures walk


def chess_game(rng: random.Random) -> int:
    """One random game of chess; its number of moves."""
    board = chess.Board()
    moves = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        moves += 1
    return moves


def playouts(play: Callable[[int], int], seconds: float, first: int = 0) -> tuple[int, int, float]:
    """Games played one after another for `seconds` of CPU time: (actions, games, CPU seconds)."""
    actions = games = 0
    start = time.process_time()
    while True:
        actions += play(first + games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, games, elapsed


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def game_perft(game: Any, state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in game.legal_moves(state):
        nodes += game_perft(game, game.apply(state, move), depth - 1)
    return nodes


def perft_rate(walk: Callable[[], int], seconds: float) -> float:
    """Leaves per second of a perft walk, repeated until the time budget is spent."""
    nodes = 0
    start = time.perf_counter()
    while True:
        nodes += walk()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return nodes / elapsed


def bench_game(name: str, options: dict[str, Any], seconds: float, chess_rng: random.Random,
               chess_total: list[float]) -> dict[str, Any]:
    """A game's random playouts in ROUNDS slices, each after a slice of chess of the same length;
    `chess_total` gathers chess's moves and CPU seconds across every game's rounds."""
    game = make_game(name, **options)
    actions = games = 0
    cpu = 0.0
    ratios = []
    for _ in range(ROUNDS):
        chess_moves, _, chess_cpu = playouts(lambda _seed: chess_game(chess_rng), seconds / ROUNDS)
        chess_total[0] += chess_moves
        chess_total[1] += chess_cpu
        n, g, t = playouts(lambda seed: random_playout(game, seed=seed)[1], seconds / ROUNDS, games)
        actions, games, cpu = actions + n, games + g, cpu + t
        ratios.append((n / t) / (chess_moves / chess_cpu))
    ratios.sort()
    return {"variant": str(game.variant), "actions_per_s": actions / cpu, "games_per_s": games / cpu,
            "mean_actions": actions / games, "ratio": ratios[len(ratios) // 2],
            "ratio_range": [ratios[0], ratios[-1]]}


def membership(is_legal: Callable[[Any], Any], listing: Callable[[Any], Any], samples: list[Any],
               seconds: float) -> dict[str, float]:
    """Mean microseconds of one membership check and of one listing, over the same samples."""
    figures = {}
    for key, call in (("is_legal_us", is_legal), ("legal_moves_us", listing)):
        calls = 0
        start = time.perf_counter()
        while True:
            for sample in samples:
                call(sample)
            calls += len(samples)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / 2:
                break
        figures[key] = elapsed / calls * 1e6
    figures["is_legal_speedup"] = figures["legal_moves_us"] / figures["is_legal_us"]
    return figures


def game_positions(game: Any, count: int, seed: int = 0) -> list[tuple[Any, int, Any]]:
    """(state, seat, one of its legal moves) along random games, chance nodes left out."""
    rng = random.Random(seed)
    samples: list[tuple[Any, int, Any]] = []
    while len(samples) < count:
        state = game.start(len(samples))
        while game.wants_to_act(state) and len(samples) < count:
            seats = game.wants_to_act(state)
            if seats == (CHANCE,):
                state = game.apply(state, game.chance_move(state, rng))
                continue
            seat = rng.choice(seats)
            move = rng.choice(list(game.legal_moves(state, seat)))
            samples.append((state, seat, move))
            state = game.apply(state, move)
    return samples


def bench_membership(name: str, options: dict[str, Any], seconds: float) -> dict[str, float]:
    game = make_game(name, **options)
    return membership(lambda s: game.is_legal(s[0], s[2]), lambda s: list(game.legal_moves(s[0], s[1])),
                      game_positions(game, POSITIONS), seconds)


def bench_chess_membership(seconds: float, seed: int = 0) -> dict[str, float]:
    rng = random.Random(seed)
    samples: list[tuple[chess.Board, chess.Move]] = []
    while len(samples) < POSITIONS:
        board = chess.Board()
        while not board.is_game_over() and len(samples) < POSITIONS:
            move = rng.choice(list(board.legal_moves))
            samples.append((board.copy(stack=False), move))
            board.push(move)
    return membership(lambda s: s[0].is_legal(s[1]), lambda s: list(s[0].legal_moves), samples, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per engine")
    args = parser.parse_args()

    rng = random.Random(0)
    chess_moves, chess_games, chess_cpu = playouts(lambda _seed: chess_game(rng), args.seconds)
    results: dict[str, Any] = {"python_chess": {"moves_per_s": chess_moves / chess_cpu,
                                                "games_per_s": chess_games / chess_cpu,
                                                "mean_moves": chess_moves / chess_games}}
    chess_perft_rate = perft_rate(lambda: chess_perft(chess.Board(), CHESS_PERFT_DEPTH), args.seconds)
    results["python_chess"]["perft_nodes_per_s"] = chess_perft_rate
    results["python_chess"].update(bench_chess_membership(args.seconds))
    chess_rng = random.Random(1)
    chess_total = [0.0, 0.0]  # moves, CPU seconds of the chess slices between the games' rounds
    for name, options in GAMES.items():
        figures = bench_game(name, options, args.seconds, chess_rng, chess_total)
        if name in PERFT:
            game = make_game(name, **options)
            start = game.start()
            rate = perft_rate(lambda game=game, start=start, depth=PERFT[name]: game_perft(game, start, depth),
                              args.seconds)
            figures["perft_nodes_per_s"] = rate
            figures["perft_ratio"] = rate / chess_perft_rate
        figures.update(bench_membership(name, options, args.seconds))
        results[name] = figures
    results["python_chess"]["moves_per_s_between_rounds"] = chess_total[0] / chess_total[1]
    print(json.dumps(results))


if __name__ == "__main__":
    main()
