"""Ice Fortress: the team's win rate against the difficulty, with FortressBot in every seat.

    python bench/icefortress_winrate.py [--games 40] [--difficulties 1-10] [--players 1,2,4]
                                        [--max-turns 150] [--seed 1] [--cards FOLDER] [--jobs 2]
                                        [--beam 4]

prints one JSON object: for each player count and difficulty, the games, wins, the win rate with
its Wilson 95% interval, mean turns (the game's own count, one per character's turn), the share of
games lost because the game could no longer be won ("dead": R36 to R38, and how many games each
of those readings ended), the share stopped by the turn
cap (`max_turns`, counted as lost, and which games: game i plays seed game_seed(seed, i)) and the
share lost by the shield; then the seconds the run took
and the seconds a game. `--beam 0` plays the greedy FortressBot instead of the one that plans its turn.
Seeded: game i of every cell plays seed analysis.simulate.game_seed(seed, i) for its chance events
and its bots, so the same arguments give the same figures, whatever the number of workers.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from icewidgets.analysis.metrics import wilson
from icewidgets.analysis.simulate import game_seed
from icewidgets.core.chance import CHANCE
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.bot import FortressBot

SHIELD = "lost: the shield is broken"


def play(players: int, difficulty: int, seed: int, max_turns: int, cards: str, beam: int = 4) -> tuple[str, int]:
    """One self-play game: how it ended ("won", "shield", "dead" or "cap") and its turns."""
    game = IceFortress(players=players, difficulty=difficulty, max_turns=max_turns, cards=cards)
    state = game.start(seed)
    rng, bot = random.Random(seed), FortressBot(seed, beam=beam)
    while not game.is_over(state):
        (actor,) = game.to_act(state)
        move = game.chance_move(state, rng) if actor == CHANCE else bot.choose(game, state, actor)
        state = game.apply(state, move)
    end = ("won" if state.ended == "won" else "shield" if state.ended == SHIELD
           else "cap" if state.ended.startswith("lost: turn limit") else dead_rule(state.ended))
    return end, state.turns


def dead_rule(ended: str) -> str:
    """The reading that ended a game that could no longer be won: R38 (out of dice), R37 (a
    stall) or R36 (a beacon that can no longer be built)."""
    return "R38" if ended.startswith("lost: out of dice") else "R37" if ended.startswith("lost: stalled") else "R36"


def _ints(text: str) -> list[int]:
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def cell(players: int, difficulty: int, results: list[tuple[str, int]]) -> dict[str, object]:
    n = len(results)
    wins = sum(end == "won" for end, _ in results)
    low, high = wilson(wins, n)
    return {"players": players, "difficulty": difficulty, "games": n, "wins": wins,
            "win_rate": round(wins / n, 3), "wilson_95": [round(low, 3), round(high, 3)],
            "mean_turns": round(sum(t for _, t in results) / n, 1),
            "dead_share": round(sum(end.startswith("R") for end, _ in results) / n, 3),
            "dead_by": {rule: sum(end == rule for end, _ in results) for rule in ("R36", "R37", "R38")},
            "capped_share": round(sum(end == "cap" for end, _ in results) / n, 3),
            "capped_games": [i for i, (end, _) in enumerate(results) if end == "cap"],
            "shield_share": round(sum(end == "shield" for end, _ in results) / n, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--difficulties", type=_ints, default=list(range(1, 11)))
    ap.add_argument("--players", type=_ints, default=[1, 2, 4])
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--beam", type=int, default=4)
    args = ap.parse_args()
    began = time.perf_counter()
    cells = [(p, d) for p in args.players for d in args.difficulties]
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {c: [pool.submit(play, *c, game_seed(args.seed, i), args.max_turns, args.cards, args.beam)
                       for i in range(args.games)] for c in cells}
        table = [cell(*c, [f.result() for f in fs]) for c, fs in futures.items()]
    seconds = time.perf_counter() - began
    games = args.games * len(cells)
    print(json.dumps({"bench": "icefortress_winrate", "bot": "FortressBot", "beam": args.beam, "seed": args.seed,
                      "max_turns": args.max_turns, "cards": args.cards or "shipped",
                      "edition": IceFortress(cards=args.cards).variant.edition, "cells": table,
                      "seconds": round(seconds, 1),
                      "seconds_a_game": round(seconds * args.jobs / games, 2) if games else 0.0}))


if __name__ == "__main__":
    main()
