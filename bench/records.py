"""Records at scale: what one step costs as the record grows, and how long a big record takes to load.

    python bench/records.py [--steps 30] [--load-nodes 100000]

prints one JSON object on stdout (nothing else):

    {"game": "icetowers(...)",
     "step": {"10": {"ms": ..., "bytes": ...}, "1000": {...}, "10000": {...}},
     "step_ratio_10000_to_10": ...,
     "load": {"nodes": 100000, "bytes": ..., "seconds": ...}}

A step is `Board.play` of a move that extends the main line, on a Board whose record already
holds that many nodes (most of them in variations, as a long playtest with many tries has):
`ms` is its median time in Python, from the call to the traits and messages it sends, and
`bytes` the median size of what it sends to the page (the state update and the timeline's
splices, as JSON). The widget has no page here; what would travel is measured where ipywidgets
hands it to the comm.

The load is `icewidgets.load_record` of a file of `load-nodes` nodes: every move parsed, checked
by the rules and replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import icewidgets
from icewidgets.core.record import Node, Record, load_record

VARIANT = {"players": 6, "trios": 10}  # long games: 180 pieces to play


def grown(nodes: int, seed: int = 0) -> tuple[Record, Node]:
    """A record of `nodes` nodes: random tries branching off a main line of 9 moves, and the
    end of that line, from which a step is taken (the same position whatever the size)."""
    game = icewidgets.make_game("icetowers", **VARIANT)
    record = Record(game, seed=seed)
    rng = random.Random(seed)
    line = [record.root]
    for _ in range(9):
        line.append(record.add(line[-1], rng.choice(list(game.legal_moves(line[-1].state)))))
    while len(record.nodes) < nodes:
        node = rng.choice(line[:-1])  # a try from somewhere on the line, played out a little
        for _ in range(rng.randint(1, 30)):
            moves = list(game.legal_moves(node.state))
            if not moves or len(record.nodes) >= nodes:
                break
            node = record.add(node, rng.choice(moves))
    return record, line[-1]


def step_cost(nodes: int, steps: int) -> dict[str, float]:
    record, end = grown(nodes)
    board = icewidgets.Board(record)
    board.goto(end)
    sent: list[int] = []
    original = board._send

    def counting(msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append(len(json.dumps(msg, separators=(",", ":"), default=str)))
        original(msg, buffers)

    board._send = counting  # type: ignore[method-assign]
    rng = random.Random(1)
    times, sizes = [], []
    for _ in range(steps):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        sent.clear()
        start = time.perf_counter()
        board.play(move)
        times.append(time.perf_counter() - start)
        sizes.append(sum(sent))
    return {"ms": round(statistics.median(times) * 1000, 3), "bytes": int(statistics.median(sizes)),
            "nodes": len(board.record.nodes)}


def load_cost(nodes: int) -> dict[str, float]:
    record, _ = grown(nodes, seed=2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.json"
        record.save(path)
        start = time.perf_counter()
        loaded = load_record(path)
        seconds = time.perf_counter() - start
        assert len(loaded.nodes) == nodes
        return {"nodes": nodes, "bytes": path.stat().st_size, "seconds": round(seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--load-nodes", type=int, default=100_000)
    args = parser.parse_args()
    step = {str(n): step_cost(n, args.steps) for n in (10, 1_000, 10_000)}
    print(json.dumps({
        "game": str(icewidgets.make_game("icetowers", **VARIANT).variant),
        "step": step,
        "step_ratio_10000_to_10": round(step["10000"]["ms"] / step["10"]["ms"], 2),
        "load": load_cost(args.load_nodes),
    }))


if __name__ == "__main__":
    main()
