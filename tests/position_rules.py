"""What the games' position tests share: random legal play, and the places an impossible
position is refused (the game's `position_from_json`, a record's "setup" field, the Board's
`setup` and the editor's Done), each naming the rule it breaks and keeping the game in hand.

Each game's tests/<game>/test_positions.py holds its rulebook's stacking and placement rules
written out afresh (not the engine's `validate`) and checks, with hypothesis, that every position
`validate` accepts obeys them, that every position random legal play reaches validates, and that
mutations breaking a rule are refused with the rule named.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from icewidgets import CHANCE, RecordError
from icewidgets.core.errors import BadPosition
from icewidgets.core.game import Game
from icewidgets.core.record import Record, loads_record
from icewidgets.widget.board import new_board

from strength import examples

BOUNDED = examples(200)
"""A few hundred examples at most, so that each file runs in seconds."""
PLAYED = examples(30)
"""For the tests that play a random game per example."""


def played_positions(game: Game, seed: int, plies: int = 60, every: int = 1,
                     between: Callable[[Any], bool] = lambda state: True) -> list[Any]:
    """The set-up positions of the states a random legal game passes through before its end
    (those `between` turns only, where a game's turn passes through states no set-up position
    describes: a Dectana hand over the limit waits for its discard)."""
    rng, state, seen = random.Random(seed), game.start(seed), []
    for ply in range(plies):
        seats = game.wants_to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        move = game.chance_move(state, rng) if seat == CHANCE else rng.choice(list(game.legal_moves(state, seat)))
        state = game.apply(state, move)
        if ply % every == 0 and not game.is_over(state) and between(state):
            seen.append(game.setup_position(state))
    return seen


def refused_everywhere(name: str, options: dict[str, Any], position: dict[str, Any], rule: str) -> None:
    """The position (JSON) is refused naming `rule` by the game, a record and the Board, and the
    Board keeps the game in hand."""
    board = new_board(name, seed=2, **options)
    game = board.game
    with pytest.raises(BadPosition, match=rule):
        game.position_from_json(position)
    with pytest.raises(RecordError, match=rule):
        loads_record(json.dumps({**Record(game, 1).to_json(), "setup": position}))
    before = (len(board.records), board.node, board.state, board.record.to_json())
    with pytest.raises(BadPosition, match=rule):
        board.setup(position)
    assert (len(board.records), board.node, board.state, board.record.to_json()) == before


def done_refused(name: str, options: dict[str, Any], edits: list[str], rule: str) -> None:
    """The editor's edits make a position the editor's Done refuses naming `rule`: the editor
    stays open and the game in hand is kept."""
    board = new_board(name, seed=2, **options)
    before = (len(board.records), board.node, board.state)
    board.edit(*edits)
    assert "Not possible yet" in board.status and rule in board.status
    with pytest.raises(BadPosition, match=rule):
        board.edit_done()
    assert board.editing
    board.edit_cancel()
    assert (len(board.records), board.node, board.state) == before
