"""`kit.check`: the checks every game of the package passes, run on a designer's game and told in
words, as the designer's own lint.

Random games are played from the start; on the way every position is drawn, goes through its
JSON and back, and each legal move through its text and its clicks and back, and is allowed by
the refusals (the game's `refuse` gives no reason for it).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from ..agents.steps import next_actor
from ..core.chance import CHANCE
from ..core.errors import BadPosition, IcewidgetsError
from ..core.scene_types import problems as scene_problems
from .game import Game
from .moves import KitMove
from .position import Position

MOST_PROBLEMS = 20


@dataclass
class Report:
    """What `check` found: the problems in words (none: the game passes), and how much it saw."""

    title: str
    games: int = 0
    positions: int = 0
    moves: int = 0
    lengths: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        seen = (f"{self.games} random games of {self.title}, {self.positions} positions and {self.moves} "
                f"moves checked")
        if self.ok:
            mean = sum(self.lengths) / len(self.lengths) if self.lengths else 0
            return f"{seen}: no problems (games of {min(self.lengths, default=0)} to {max(self.lengths, default=0)} " \
                   f"moves, {mean:.1f} on average)."
        return f"{seen}: {len(self.problems)} problem(s):\n" + "\n".join(f"- {p}" for p in self.problems)

    def __repr__(self) -> str:
        return f"<kit.Report {self.title}: {'ok' if self.ok else f'{len(self.problems)} problem(s)'}>"

    def note(self, problem: str) -> bool:
        """Keep a problem once; False once there are enough to stop."""
        if problem not in self.problems:
            self.problems.append(problem)
        return len(self.problems) < MOST_PROBLEMS


def check(game: type[Game] | Game, games: int = 30, *, seed: int = 0, max_moves: int = 1000, **options: object) -> Report:
    """Play `games` random games of a kit game (a class, with `options`, or a game) and check every
    position and move on the way; a Report says what fails, by name."""
    if isinstance(game, type):
        game = game(game.variant_type.make(**options))
    report = Report(game.title)
    rng = random.Random(seed)
    for number in range(1, games + 1):
        try:
            if not play_one(game, number, rng, max_moves, report):
                break
        except IcewidgetsError as e:
            report.note(f"game {number}: {e}")
            break
        report.games = number
    return report


def play_one(game: Game, number: int, rng: random.Random, max_moves: int, report: Report) -> bool:
    """One random game, checked; False once enough problems are found."""
    pos = game.start(number)
    for ply in range(max_moves):
        report.positions += 1
        if not check_position(game, pos, f"game {number}, move {ply + 1}", report):
            return False
        actor = next_actor(game, pos, rng)
        if actor is None:
            report.lengths.append(ply)
            return True
        if actor == CHANCE:
            move = game.chance_move(pos, rng)
        else:
            legal = list(game.legal_moves(pos, actor))
            for move in legal:
                report.moves += 1
                if not check_move(game, pos, move, f"game {number}, move {ply + 1}", report):
                    return False
            move = rng.choice(legal)
        pos = game.play(pos, move)
    return report.note(f"game {number} did not end in {max_moves} moves: does every line of play reach a "
                       "result (a win, a loss, a draw, or a seat with no move)?")


def check_position(game: Game, pos: Position, where: str, report: Report) -> bool:
    try:
        data = game.position_to_json(pos)
        text = json.dumps(data)
    except (TypeError, ValueError) as e:
        return report.note(f"{where}: the position does not go into JSON ({e}): counters hold numbers or text")
    try:
        back = game.position_from_json(json.loads(text))
    except BadPosition as e:
        return report.note(f"{where}: the position does not survive JSON: {text[:200]} is refused ({e})")
    if back != pos:
        return report.note(f"{where}: the position does not survive JSON: {text[:200]} reads back as another")
    drawn = scene_problems(game.scene(pos))
    if drawn:
        return report.note(f"{where}: the board cannot be drawn: {drawn[0]}")
    game.status(pos)
    return True


def check_move(game: Game, pos: Position, move: KitMove, where: str, report: Report) -> bool:
    text = game.move_text(pos, move)
    try:
        back = game.parse_move(pos, text)
    except IcewidgetsError as e:
        return report.note(f"{where}: the move text {text!r} does not read back: {e}")
    if back != move:
        return report.note(f"{where}: the move text {text!r} reads back as another move ({back!r}, not {move!r})")
    for path in game.move_paths(pos, move):
        if game.path_move(pos, move.player, path) != move:
            return report.note(f"{where}: the clicks {' then '.join(path)} do not make {text}")
    reason = game._hook("refuse", game.refuse, pos, move)
    if reason:
        return report.note(f"{where}: refuse gives a reason for {text}, which moves allows: {reason!r}")
    game.move_label(pos, move)
    return True
