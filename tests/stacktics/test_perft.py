"""Move-count tables (perft) from the start of every board, and their cross-checks.

perft(d) counts the lines of d legal moves from the start, every move applied (a finished game has
no legal moves, so a line that ends early adds nothing; none ends this shallow). The numbers were
computed with the engine; depth 1 is worked out by hand below, and depths 1-2 on every board
(3 on the small ones) are recounted by tests/stacktics/slow.py, an independent generator written
from the rules text that tries every square as a target instead of walking rays.
"""

from __future__ import annotations

import pytest

from icewidgets import make_game
from icewidgets.games.stacktics.geometry import BOARDS

from .slow import Slow, slow_perft

# board: (options, [perft(1), perft(2), perft(3), perft(4) where listed])
PERFT = {
    "4x4": ({"size": 2}, [20, 400, 8878, 186582]),
    "3x5": ({"size": 2, "board": "3x5"}, [16, 268, 5020, 90678]),
    "5x5": ({"size": 3}, [31, 950, 33657]),
    "6x6": ({"size": 4}, [48, 2270, 122156]),
    "7x6": ({"size": 5}, [64, 4011, 276242]),
    "7x7": ({"size": 5, "board": "7x7"}, [64, 4063, 289076]),
}
SLOW_DEPTH = {"4x4": 3, "3x5": 3, "5x5": 3, "6x6": 2, "7x6": 2, "7x7": 2}


def perft(game, state, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


@pytest.mark.parametrize("board", PERFT)
def test_perft_from_the_start(board):
    options, counts = PERFT[board]
    game = make_game("stacktics", **options)
    start = game.start()
    assert [perft(game, start, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("board", PERFT)
def test_an_independent_generator_counts_the_same(board):
    options, counts = PERFT[board]
    game = make_game("stacktics", **options)
    files, ranks, start_files = BOARDS[board]
    slow = Slow.start(files, ranks, game.variant.size, game.variant.has_pie_rule, start_files)
    depth = SLOW_DEPTH[board]
    assert [slow_perft(slow, d) for d in range(1, depth + 1)] == counts[:depth]
    assert sorted(slow.moves()) == sorted(game.move_text(game.start(), m) for m in game.legal_moves(game.start()))


def test_first_moves_by_hand():
    """Depth 1 worked out from the rules. A tree's moves: the whole tree is overloaded (3 pips on
    a large): 1 square any way; the medium with the small is loaded (1 < 2): orthogonal, 1-2
    squares; the small alone: diagonal, any distance. A large or medium never stacks on a
    neighbouring tree's small top; nothing captures yet (no enemy in reach)."""
    # 4x4, trees on b1 c1: b1 has tree b2 c2 a1 a2 (4), medium b2 b3 a1 (3), small c2 d3 a2 (3);
    # c1 mirrors it: 2 x 10 = 20
    assert PERFT["4x4"][1][0] == 2 * (4 + 3 + 3)
    # 3x5, trees in the corners a1 c1: tree a2 b2 b1 (3), medium a2 a3 b1 (3), small b2 c3 (2)
    assert PERFT["3x5"][1][0] == 2 * (3 + 3 + 2)
    # 5x5, trees on b1 c1 d1: b1 and d1 have tree 4, medium 3, small 4 (11 each); c1 has tree
    # c2 d2 b2 (3), medium c2 c3 (2), small d2 e3 b2 a3 (4): 9
    assert PERFT["5x5"][1][0] == 11 + 9 + 11
