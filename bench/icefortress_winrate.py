"""Ice Fortress: the team's win rate against the difficulty, with FortressBot in every seat.

    python bench/icefortress_winrate.py [--games 40] [--difficulties 1-10] [--players 1,2,4]
                                        [--max-turns 150] [--seed 1] [--cards FOLDER] [--jobs 2]

prints one row per player count and difficulty: games, wins, the win rate with its Wilson 95%
interval, mean turns (the game's own count, one per character's turn) and the games stopped by
the turn cap (`max_turns`, counted as lost). Seeded: game i of every cell plays seed
analysis.simulate.game_seed(seed, i) for its chance events and its bots, so the same arguments
give the same table, whatever the number of workers.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from icewidgets.analysis.metrics import wilson
from icewidgets.analysis.simulate import game_seed
from icewidgets.core.chance import CHANCE
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.bot import FortressBot


def play(players: int, difficulty: int, seed: int, max_turns: int, cards: str) -> tuple[bool, int, bool]:
    """One self-play game: (won, turns, stopped by the cap)."""
    game = IceFortress(players=players, difficulty=difficulty, max_turns=max_turns, cards=cards)
    state = game.start(seed)
    rng, bot = random.Random(seed), FortressBot(seed)
    while not game.is_over(state):
        (actor,) = game.to_act(state)
        move = game.chance_move(state, rng) if actor == CHANCE else bot.choose(game, state, actor)
        state = game.apply(state, move)
    return state.ended == "won", state.turns, state.ended.startswith("lost: turn limit")


def _ints(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--difficulties", type=_ints, default=list(range(1, 11)))
    ap.add_argument("--players", type=_ints, default=[1, 2, 4])
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default="")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    cells = [(p, d) for p in args.players for d in args.difficulties]
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {cell: [pool.submit(play, *cell, game_seed(args.seed, i), args.max_turns, args.cards)
                          for i in range(args.games)] for cell in cells}
        print("| players | difficulty | games | wins | win rate | Wilson 95% | mean turns | at cap |")
        print("|---|---|---|---|---|---|---|---|")
        for (players, difficulty), cell in futures.items():
            results = [f.result() for f in cell]
            wins = sum(won for won, _, _ in results)
            low, high = wilson(wins, len(results))
            turns = sum(t for _, t, _ in results) / len(results)
            capped = sum(cap for _, _, cap in results)
            print(f"| {players} | {difficulty} | {len(results)} | {wins} | {wins / len(results):.0%} | "
                  f"{low:.0%}-{high:.0%} | {turns:.0f} | {capped} |", flush=True)


if __name__ == "__main__":
    main()
