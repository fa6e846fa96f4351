"""Where self-play starts: the game's own start, an opening, a set-up position or a record's node.

    simulate("stacktics", "mcts", start=["b1:0-b2", "c3:0-c2"])      # an opening, as move texts
    simulate("stacktics", "mcts", start=position_json)               # a set-up position's JSON
    simulate("stacktics", "mcts", start=(record, 12))               # node 12 of a record
    simulate("stacktics", "mcts", start=record)                     # the end of its main line

An opening is played from each game's own start (`game.start(game_seed)`), so games that deal or
shuffle keep doing so; each text is the next move as a record lists it, chance events included.
A set-up position or a record's node is the same position for every game; the game seed then
draws only the chance events and the agents' choices that follow. The frame's `start` column
names it: "moves: b1:0-b2, c3:0-c2", "setup:<hash>" or "record:<hash>#12" (a hash of the
position's content, so two runs from the same position share their name and their store).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import BadOption, IcewidgetsError, quoted
from ..core.game import AnyGame
from ..core.json_types import JSON
from ..core.record import Node, Record

MAX_OPENING = 1000
"""The most moves an opening may list."""


@dataclass(frozen=True)
class Start:
    """A start that is not the game's own: its name, and an opening or a fixed position."""

    name: str
    moves: tuple[str, ...] = ()
    """An opening: played from each game's own start."""
    state: object = None
    """A fixed position (a set-up or a record's node), or None."""

    def position(self, game: AnyGame, seed: int) -> object:
        """The state game `seed` starts from."""
        if self.state is not None:
            return self.state
        state = game.start(seed)
        for i, text in enumerate(self.moves):
            try:
                state = game.apply(state, game.parse_legal(state, text))
            except IcewidgetsError as e:
                raise type(e)(f"move {i + 1} of the opening, {quoted(text, 40)}: {e}") from None
        return state


def read_start(game: AnyGame, start: object, seed: int) -> Start | None:
    """The start `start` names for `game`, checked here (an opening on the start of game `seed`);
    None for the game's own start. BadOption names what is wrong."""
    if start is None:
        return None
    if isinstance(start, Record):
        return record_start(game, start, start.root.end())
    if isinstance(start, tuple) and len(start) == 2 and isinstance(start[0], Record):
        record, node = start
        if not isinstance(node, Node):
            node = record.node(node)
        elif not (0 <= node.id < len(record.nodes) and record.nodes[node.id] is node):
            raise BadOption(f"node {node.id} is not a node of this record", "start")
        return record_start(game, record, node)
    if isinstance(start, dict):
        return setup_start(game, start)
    if isinstance(start, Sequence) and not isinstance(start, (str, bytes)):
        return opening_start(game, start, seed)
    raise BadOption(f"start must be a list of move texts, a set-up position's JSON (a dict), a "
                    f"Record or (record, node), not {type(start).__name__} {quoted(start, 60)}", "start")


def opening_start(game: AnyGame, moves: Sequence[object], seed: int) -> Start:
    if len(moves) > MAX_OPENING:
        raise BadOption(f"an opening of {len(moves)} moves: at most {MAX_OPENING}", "start")
    texts = tuple(text for text in moves if isinstance(text, str))
    if len(texts) < len(moves):
        text = next(text for text in moves if not isinstance(text, str))
        raise BadOption(f"an opening is a list of move texts; {quoted(text, 40)} is no text", "start")
    found = Start("moves: " + ", ".join(texts), texts)
    state = found.position(game, seed)  # names a move these rules refuse, before any game is played
    if game.is_over(state):
        raise BadOption("the opening ends the game: there is nothing left to play", "start")
    return found


def setup_start(game: AnyGame, data: JSON) -> Start:
    state = game.check_position(game.position_from_json(data))
    text = json.dumps(game.position_to_json(state), sort_keys=True, separators=(",", ":"))
    return fixed(game, Start(f"setup:{digest(text)}", state=state))


def record_start(game: AnyGame, record: Record, node: Node) -> Start:
    if type(record.game) is not type(game) or str(record.game.variant) != str(game.variant):
        raise BadOption(f"the record is of {record.game.variant}, but the run plays {game.variant}", "start")
    setup = None if record.setup is None else record.game.position_to_json(record.setup)
    content = json.dumps([str(game.variant), record.seed, setup, [n.text for n in node.line()[1:]]],
                         sort_keys=True, separators=(",", ":"))
    return fixed(game, Start(f"record:{digest(content)}#{node.id}", state=node.state))


def fixed(game: AnyGame, start: Start) -> Start:
    if game.is_over(start.state):
        raise BadOption(f"the start ({start.name}) is a finished game: there is nothing left to play", "start")
    return start


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
