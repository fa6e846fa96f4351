"""Golden playthroughs: one seeded game per game and main variant, written out position by position
with every seat's legal move texts, as OpenSpiel keeps its playthrough files. A change to the rules,
the move generation order or the notation shows as a reviewable diff of `tests/playthroughs/*.txt`.

    python tests/playthroughs.py            # write them
    python tests/playthroughs.py --check    # list the files that differ, exit 1 if any

tests/test_playthroughs.py fails while a written file differs from what the games play now.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from icewidgets import CHANCE, make_game
from icewidgets.core.game import Game

FOLDER = Path(__file__).resolve().parent / "playthroughs"
MAX_PLIES = 160  # enough for the openings, the middle game and, in most, the end
SEED = 7

# (file name, game, options): each game's default variant and its other main one
PLAYTHROUGHS: list[tuple[str, str, dict[str, Any]]] = [
    ("icetowers-3p", "icetowers", {}),
    ("icetowers-2p-gus", "icetowers", {"players": 2}),
    ("ascendancy-3p", "ascendancy", {}),
    ("ascendancy-2p", "ascendancy", {"players": 2}),
    ("stacktics-size3", "stacktics", {}),
    ("stacktics-size4", "stacktics", {"size": 4}),
    ("dectana-3p", "dectana", {"max_turns": 30}),
    ("dectana-2p", "dectana", {"players": 2, "max_turns": 30}),
    ("icefortress-2p", "icefortress", {"max_turns": 12}),
    ("icefortress-solo", "icefortress", {"players": 1, "max_turns": 12}),
]


def seat_label(game: Game, seat: int) -> str:
    return "chance" if seat == CHANCE else game.seat_name(seat)


def playthrough(game: Game, seed: int = SEED, max_plies: int = MAX_PLIES) -> str:
    """The text of one seeded game: each position's status, scores, the legal moves of every seat
    that may act (chance: each outcome with its probability) and the move played."""
    rng = random.Random(seed)
    state = game.start(seed)
    out = [f"# {game.variant}", f"# seed {seed}; each position: who may act, their legal moves, the move played", ""]
    for ply in range(max_plies + 1):
        out.append(f"ply {ply}: {game.status(state)}")
        out.append("  scores: " + " ".join(f"{s:g}" for s in game.scores(state)))
        seats = game.to_act(state)
        if not seats:
            outcome = game.outcome(state)
            assert outcome is not None
            winners = " ".join(seat_label(game, s) for s in outcome.winners) or "nobody"
            out.append(f"  over ({outcome.reason}): winners {winners}")
            break
        if ply == max_plies:
            out.append("  (the playthrough stops here)")
            break
        for seat in seats:
            if seat == CHANCE:
                outcomes = game.chance_outcomes(state)
                texts = [f"{game.move_text(state, m)} ({p:.4g})" for m, p in outcomes]
            else:
                texts = [game.move_text(state, m) for m in game.legal_moves(state, seat)]
            out.append(f"  {seat_label(game, seat)} ({len(texts)}): " + " | ".join(texts))
        wanting = game.wants_to_act(state)
        if wanting == (CHANCE,):
            move = game.chance_move(state, rng)
        else:
            seat = wanting[0] if len(wanting) == 1 else rng.choice(wanting)
            move = rng.choice(list(game.legal_moves(state, seat)))
        out.append(f"  played by {seat_label(game, game.move_player(move))}: {game.move_text(state, move)}")
        state = game.play(state, move)
    return "\n".join(out) + "\n"


def written() -> dict[Path, str]:
    return {FOLDER / f"{name}.txt": playthrough(make_game(game, **options)) for name, game, options in PLAYTHROUGHS}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for path, text in written().items():
        if not path.is_file() or path.read_text() != text:
            differ.append(path)
            if not check:
                path.parent.mkdir(exist_ok=True)
                path.write_text(text)
    for path in differ:
        print(("differs: " if check else "wrote: ") + str(path.relative_to(FOLDER.parent.parent)))
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
