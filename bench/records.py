"""Records at scale: what one step costs as the record grows, and how long a big record takes to read.

    python bench/records.py [--steps 30] [--load-nodes 100000] [--variations 40000] [--annotated 40000]

prints one JSON object on stdout (nothing else):

    {"game": "icetowers(...)",
     "step": {"10": {"ms": ..., "bytes": ...}, "1000": {...}, "10000": {...}},
     "step_ratio_10000_to_10": ...,
     "load": {"nodes": 100000, "bytes": ..., "seconds": ..., "cpu_seconds": ...},
     "text_load": {"nodes": 100000, "bytes": ..., "seconds": ..., "cpu_seconds": ...},
     "journal": {"nodes": 100000, "annotated": ..., "seconds": ..., "cpu_seconds": ...},
     "variations": {"variations": 40000, "nodes": ..., "bytes": ..., "seconds": ..., "cpu_seconds": ...},
     "annotated_plies": {"plies": 40000, "game": "dectana", "seconds": ..., "cpu_seconds": ...}}

A step is `Board.play` of a move that extends the main line, on a Board whose record already
holds that many nodes (most of them in variations, as a long playtest with many tries has):
`ms` is its median time in Python, from the call to the traits and messages it sends, and
`bytes` the median size of what it sends to the page (the state update and the timeline's
splices, as JSON). The widget has no page here; what would travel is measured where ipywidgets
hands it to the comm.

The load is `icewidgets.load_record` of a file of `load-nodes` nodes: every move parsed, checked
by the rules and replayed; `text_load` reads the same record from its text form, and `journal` is
`icewidgets.journal` of a folder holding it with a tag on every tenth node. `variations` reads the
text form of a record with that many variations (tries of one move from anywhere in the tree),
`annotated_plies` the journal of a Dectana game whose main line is that many plies, each with a
comment. `seconds` is wall-clock time, `cpu_seconds` this process's CPU
time over the same span (the fairer figure where other work shares the machine).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import icewidgets
from icewidgets.core.record import Node, Record, load_record
from icewidgets.playtest.journal import read_journal

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


@contextlib.contextmanager
def timed() -> Iterator[dict[str, float]]:
    """The wall-clock seconds of the block, and the CPU seconds of this process in it (what the
    block costs on a machine that other work shares)."""
    took: dict[str, float] = {}
    wall, cpu = time.perf_counter(), time.process_time()
    yield took
    took.update(seconds=round(time.perf_counter() - wall, 2), cpu_seconds=round(time.process_time() - cpu, 2))


def load_cost(nodes: int) -> dict[str, float]:
    record, _ = grown(nodes, seed=2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.json"
        record.save(path)
        with timed() as took:
            loaded = load_record(path)
        assert len(loaded.nodes) == nodes
        return {"nodes": nodes, "bytes": path.stat().st_size, **took}


def text_load_cost(nodes: int) -> dict[str, float]:
    record, _ = grown(nodes, seed=2)
    return _read_text(record)


def _read_text(record: Record) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.txt"
        record.save_text(path)
        with timed() as took:
            loaded = load_record(path)
        assert len(loaded.nodes) == len(record.nodes)
        return {"nodes": len(record.nodes), "bytes": path.stat().st_size, **took}


def journal_cost(nodes: int) -> dict[str, float]:
    record, _ = grown(nodes, seed=2)
    for node in record.nodes[::10]:
        node.annotations = {"tags": ["try"]}
    return {"nodes": nodes, "annotated": len(record.nodes[::10]), **_read_journal(record)}


def _read_journal(record: Record) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        record.save(Path(folder) / "big.json")
        with timed() as took:
            journal = read_journal(folder)
        assert journal.errors.empty, journal.errors
        return took


def variations_cost(variations: int, seed: int = 3) -> dict[str, float]:
    """The text form of a record of `variations` variations: tries of one move from any node (a
    try that extends a line is no variation, and is not counted)."""
    game = icewidgets.make_game("icetowers", **VARIANT)
    record = Record(game, seed=seed)
    rng = random.Random(seed)
    count = 0
    while count < variations:
        node = rng.choice(record.nodes)
        moves = list(game.legal_moves(node.state))
        if not moves:
            continue
        before, child = len(record.nodes), record.add(node, rng.choice(moves))
        count += len(record.nodes) > before and child is not node.children[0]
    return {"variations": variations, **_read_text(record)}


def annotated_cost(plies: int, seed: int = 4) -> dict[str, Any]:
    """The journal of one Dectana game (which may go on as long as its players like) whose main
    line is `plies` moves, each with a comment."""
    game = icewidgets.make_game("dectana")
    record = Record(game, seed=seed)
    rng, node = random.Random(seed), record.root
    while node.ply < plies:
        if game.to_act(node.state) == (icewidgets.CHANCE,):
            node = record.roll(node)
        else:
            moves = list(game.legal_moves(node.state, rng.choice(game.wants_to_act(node.state))))
            going = [m for m in moves if not game.is_over(game.apply(node.state, m))] or moves
            node = record.add(node, rng.choice(going))
        node.comment = f"ply {node.ply}"
    return {"plies": plies, "game": "dectana", **_read_journal(record)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--load-nodes", type=int, default=100_000)
    parser.add_argument("--variations", type=int, default=40_000)
    parser.add_argument("--annotated", type=int, default=40_000)
    args = parser.parse_args()
    step = {str(n): step_cost(n, args.steps) for n in (10, 1_000, 10_000)}
    print(json.dumps({
        "game": str(icewidgets.make_game("icetowers", **VARIANT).variant),
        "step": step,
        "step_ratio_10000_to_10": round(step["10000"]["ms"] / step["10"]["ms"], 2),
        "load": load_cost(args.load_nodes),
        "text_load": text_load_cost(args.load_nodes),
        "journal": journal_cost(args.load_nodes),
        "variations": variations_cost(args.variations),
        "annotated_plies": annotated_cost(args.annotated),
    }))


if __name__ == "__main__":
    main()
