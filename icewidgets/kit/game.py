"""`kit.Game`: a new game's rules in plain Python, and the Game protocol derived from them.

The designer declares the table, the pieces and the counters, and writes `moves` (and, where the
vocabulary's own effect is not all, `after`, `result`, `stuck`, `score`, `refuse`, `values`);
everything else a game of the package has (notation, clicks, scene, refusals, position JSON,
records, agents) is derived here and in the modules beside this one.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import make_dataclass
from typing import Any, ClassVar, NamedTuple

from ..core.chance import CHANCE
from ..core.errors import IcewidgetsError, IllegalMove
from ..core.game import Game as CoreGame
from ..core.game import Names, Outcome
from ..core.house_rules import code_fingerprint
from ..core.registry import register_game
from ..core.scene import Scene
from ..core.setup import Edit
from ..core.variant import Variant
from . import clicks, notation, scene, setup
from .moves import MOVE_TYPES, KitMove, Own, Roll, pips
from .position import Position, apply_vocabulary, position_type
from .slips import DesignSlip, rule_line, slip, yield_line
from .table import Grid, Table

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")  # the colours the board draws


class Result(NamedTuple):
    """How a game ended: its winners (None: the highest score wins), its losers, and why."""

    winners: tuple[int, ...] | None
    losers: tuple[int, ...]
    reason: str


def win(seat: int, reason: str = "a win") -> Result:
    """`seat` wins."""
    return Result((seat,), (), reason)


def loss(seat: int, reason: str = "a loss") -> Result:
    """`seat` loses, and every other seat shares the win."""
    return Result(None, (seat,), reason)


def draw(reason: str = "a draw") -> Result:
    """Nobody wins."""
    return Result((), (), reason)


def by_score(reason: str = "game over") -> Result:
    """The highest score wins (ties share the win)."""
    return Result(None, (), reason)


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


class Game(CoreGame[Position, KitMove]):
    """A game written with the kit: subclass it, declare the table and the pieces, write `moves`.

    The declarations (class attributes):

    - `title`: the game's name as people read it (its registered `name` is made from it);
    - `players` and `colours`: how many seats (or a `players` entry of `options`), and each seat's
      colour, from red, blue, green, yellow, purple, orange;
    - `table`: a `Grid` or a `Free` table, or a method returning one where the options decide it;
    - `stash`: each seat's pieces of its own colour before the game, by size (`{3: 5, 2: 5}`);
    - `counters`: numbers the position keeps beside the pieces, with their start values
      (`{"quiet": 0}` makes `pos.quiet`);
    - `dice` and `sides`: how many dice chance rolls at the start of each turn, and their sides;
    - `options`: variant options made with `option`, read as `self.variant.<name>`;
    - `publish_code`: a playable page may run the code that defines the game.

    The rules (methods; only `moves` is required): `setup(pos)` the start; `moves(pos)` the moves
    of the seat to act, built by the position (`pos.place`, `pos.move`, `pos.stack`,
    `pos.capture`, `pos.turn_piece`, `pos.pass_turn`, `pos.own`); `after(before, move, pos)` the
    position after a move beyond what the vocabulary did; `result(pos)` the end (`win`, `loss`,
    `draw`, `by_score`) or None; `stuck(pos)` the end when the seat to act has no move; `score(pos,
    seat)`; `refuse(pos, move)` a refusal in the game's words; `label(pos, move)` an own move in
    words; `values(pos)` how well each seat stands, for the computer players.
    """

    title: ClassVar[str] = ""
    players: ClassVar[int] = 2
    colours: ClassVar[tuple[str, ...]] = COLOURS
    table: Any = Grid(3, 3)
    stash: ClassVar[dict[int, int]] = {}
    counters: ClassVar[dict[str, int | float | str | bool | None]] = {}
    dice: ClassVar[int] = 0
    sides: ClassVar[int] = 6
    options: ClassVar[dict[str, Any]] = {}
    position_class: ClassVar[type[Any]]
    """This game's position type: Position with the game's counters as fields."""
    hint_agent: ClassVar[str] = "mcts:1.5s"
    codes: ClassVar[tuple[str, ...]]
    _fingerprint: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "title" not in vars(cls):
            return  # a house rule or a base of the designer's: it is registered its own way
        declare(cls)
        register_game(cls)

    def __init__(self, variant: Variant | None = None, **options: object) -> None:
        super().__init__(variant, **options)
        declared = type(self).table
        table = self._hook("table", declared, self) if callable(declared) and not isinstance(declared, Table) else declared
        if not isinstance(table, Table):
            raise DesignSlip(f"{self.title}'s table must be a kit.Grid or kit.Free, not {type(table).__name__}")
        self.table: Table = table
        self._ended_cache: tuple[Position | None, Result | None] = (None, None)
        self._moves_cache: tuple[Position | None, list[KitMove]] = (None, [])
        self._starts_cache: tuple[Position | None, Counter[tuple[str, ...]]] = (None, Counter())
        self._after = None if type(self).after is Game.after else self.after

    # -- the declarations' record ----------------------------------------------------------------
    @classmethod
    def definition(cls) -> dict[str, Any] | None:
        return {"title": cls.title, "fingerprint": cls._fingerprint}

    def where(self, name: str) -> int:
        """The place a name names (`"c3"`, `"T2"`)."""
        try:
            return self.table.place(name)
        except ValueError as e:
            raise DesignSlip(str(e)) from None

    def seat_colour(self, seat: int) -> str:
        return self.colours[seat]

    def default_seat_name(self, seat: int) -> str:
        return self.colours[seat].capitalize()

    # -- the designer's rules, with their defaults ---------------------------------------------
    def setup(self, pos: Position) -> Position:
        return pos

    def moves(self, pos: Position) -> Iterator[KitMove]:
        raise NotImplementedError

    def after(self, before: Position, move: KitMove, pos: Position) -> Position:
        return pos

    def result(self, pos: Position) -> Result | None:
        return None

    def stuck(self, pos: Position) -> Result:
        return loss(pos.turn, "no legal move")

    def score(self, pos: Position, seat: int) -> float:
        return pips(pos.captured[seat])

    def refuse(self, pos: Position, move: KitMove) -> str | None:
        return None

    def label(self, pos: Position, move: KitMove) -> str:
        return notation.move_text(self, pos, move)

    def _hook(self, hook: str, fn: Callable[..., Any], *args: Any) -> Any:
        """A rule of the designer's, run so that a slip in it names the hook and its line."""
        try:
            return fn(*args)
        except IcewidgetsError:
            raise
        except Exception as e:
            raise slip(self, hook, e) from e

    # -- the protocol -----------------------------------------------------------------------------
    def empty(self) -> Position:
        """The table with nothing on it, each seat's stash full, seat 0 to act."""
        kinds = 3 * len(self.colours)
        stashes = []
        for seat in range(self.seats):
            counts = [0] * kinds
            for size, count in self.stash.items():
                counts[seat * 3 + size - 1] = count
            stashes.append(tuple(counts))
        return self.position_class(((),) * len(self.table), tuple(stashes), ((),) * self.seats, 0, None,
                             *self.counters.values())

    def start(self, seed: int = 0) -> Position:
        return self.checked(self._hook("setup", self.setup, self.empty()), "setup", "the setup")

    def _moves(self, pos: Position) -> list[KitMove]:
        cached, found = self._moves_cache
        if cached is pos:
            return found
        found = self._hook("moves", lambda: list(self.moves(pos)))
        self._moves_cache = (pos, found)
        return found

    def _ended(self, pos: Position) -> Result | None:
        cached, found = self._ended_cache
        if cached is pos:
            return found
        found = self._hook("result", self.result, pos)
        if found is None and not (self.dice and pos.dice is None) and not self._moves(pos):
            found = self._hook("stuck", self.stuck, pos)
        if found is not None and not isinstance(found, Result):
            raise DesignSlip(f"{self.title}'s result must return kit.win, kit.loss, kit.draw, kit.by_score "
                             f"or None, not {type(found).__name__}")
        self._ended_cache = (pos, found)
        return found

    def to_act(self, state: Position) -> tuple[int, ...]:
        if self._ended(state) is not None:
            return ()
        if self.dice and state.dice is None:
            return (CHANCE,)
        return (state.turn,)

    def legal_moves(self, state: Position, player: int | None = None) -> Iterator[KitMove]:
        acting = self.to_act(state)
        if acting == (CHANCE,):  # the dice are due: every roll
            return iter([m for m, _ in self.chance_outcomes(state)] if player in (None, CHANCE) else ())
        if (player is not None and player != state.turn) or acting != (state.turn,):
            return iter(())
        return iter(self._moves(state))

    def apply(self, state: Position, move: KitMove) -> Position:
        if type(move) is Roll:
            return state._replace(dice=move.faces)
        pos = apply_vocabulary(state, move)._replace(turn=state.next_seat, dice=None)
        return pos if self._after is None else self._hook("after", self._after, state, move, pos)

    def play(self, state: Position, move: KitMove, names: Names = None) -> Position:
        """`apply` checked: the designer's rules too, so that a slip in them refuses the move
        and leaves the game as it was."""
        if not isinstance(move, MOVE_TYPES):
            raise IllegalMove(f"{type(move).__name__} is no move of {self.title}")
        return self.reached(state, move, super().play(state, move, names))

    def reached(self, state: Position, move: KitMove, pos: object) -> Position:
        """The position a move reached, or DesignSlip where the designer's rules slip there (the
        position is none, impossible, or its moves or end cannot be worked out)."""
        return self.checked(pos, "after", f"after {notation.move_text(self, state, move)}, the game")

    def checked(self, pos: object, rule: str, what: str) -> Position:
        """A position one of the designer's rules gave (`setup`, `after`), with its end and moves
        worked out; DesignSlip where it is none, is impossible, or they cannot be."""
        if not isinstance(pos, self.position_class):
            raise DesignSlip(f"{self.title}'s {rule} must return the position it was given, changed "
                             f"(pos.put(...), pos.replace(...)), not {type(pos).__name__}{rule_line(type(self), rule)}")
        if problems := self.validate(pos):
            raise DesignSlip(f"{what} makes an impossible {self.title} position: {'; '.join(problems)}"
                             f"{rule_line(type(self), rule)}")
        self._ended(pos)
        self.check_moves(pos)
        return pos

    def check_moves(self, pos: Position) -> None:
        """DesignSlip naming the first move of `moves` that is no move or that the table cannot
        hold."""
        if self.to_act(pos) != (pos.turn,):
            return
        for move in self._moves(pos):
            if (problem := setup.impossible_move(self, pos, move)) is not None:
                raise DesignSlip(f"{self.title}'s moves gives {problem}{yield_line(self, pos, move)}")

    def is_over(self, state: Position) -> bool:
        return self._ended(state) is not None

    def scores(self, state: Position) -> tuple[float, ...]:
        return tuple(self._hook("score", self.score, state, seat) for seat in range(self.seats))

    def outcome(self, state: Position, names: Names = None) -> Outcome | None:
        ended = self._ended(state)
        if ended is None:
            return None
        scores = self.scores(state)
        winners = ended.winners
        if winners is None:
            if ended.losers:
                winners = tuple(s for s in range(self.seats) if s not in ended.losers)
            else:
                best = max(scores)
                winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(scores, winners, ended.reason)

    def move_player(self, move: KitMove) -> int:
        return int(move.player)

    def move_kind(self, move: KitMove) -> str:
        return move.name if type(move) is Own else type(move).__name__.lower()

    # -- chance: the dice -------------------------------------------------------------------------
    def chance_outcomes(self, state: Position) -> list[tuple[KitMove, float]]:
        if not (self.dice and state.dice is None) or self._ended(state) is not None:
            return []
        faces = range(1, self.sides + 1)
        p = 1 / self.sides ** self.dice
        return [(Roll(CHANCE, roll), p) for roll in itertools.product(faces, repeat=self.dice)]

    def chance_move(self, state: Position, rng: random.Random) -> KitMove:
        if not (self.dice and state.dice is None):
            raise IllegalMove("no roll is due here")
        return Roll(CHANCE, tuple(rng.randint(1, self.sides) for _ in range(self.dice)))

    def chance_from_values(self, state: Position, values: list[object]) -> KitMove:
        if not (self.dice and state.dice is None):
            raise IllegalMove("no roll is due here")
        faces = tuple(v for v in values if type(v) is int and 1 <= v <= self.sides)
        if len(values) != self.dice or len(faces) != self.dice:
            raise IllegalMove(f"a roll of {self.title} is {self.dice} face(s) from 1 to {self.sides}")
        return Roll(CHANCE, faces)

    # -- the derived parts ------------------------------------------------------------------------
    def illegal_reason(self, state: Position, move: KitMove, names: Names = None) -> str | None:
        return clicks.illegal_reason(self, state, move, names)

    def move_text(self, state: Position, move: KitMove) -> str:
        return notation.move_text(self, state, move)

    def parse_move(self, state: Position, text: str) -> KitMove:
        return notation.parse_move(self, state, text)

    def move_label(self, state: Position, move: KitMove, names: Names = None) -> str:
        return notation.move_label(self, state, move)

    def move_paths(self, state: Position, move: KitMove) -> list[tuple[str, ...]]:
        return clicks.move_paths(self, state, move)

    def path_move(self, state: Position, seat: int, path: tuple[str, ...]) -> KitMove | None:
        return clicks.path_move(self, state, seat, path)

    def explain_click(self, state: Position, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        return clicks.explain_click(self, state, seat, path, names)

    def scene(self, state: Position, *, last: KitMove | None = None, before: Position | None = None, names: Names = None,
              viewer: int | None = None) -> Scene:
        return scene.build_scene(self, state, last=last, names=names)

    def position_to_json(self, state: Position) -> dict[str, Any]:
        return setup.position_to_json(self, state)

    def position_from_json(self, data: object) -> Position:
        return setup.position_from_json(self, data)

    def validate(self, state: Position) -> list[str]:
        return setup.problems(self, state)

    def setup_actions(self, state: Position) -> list[Edit]:
        return setup.edits(self, state)

    def edit_position(self, state: Position, edit: Edit) -> Position:
        return setup.edit_position(self, state, edit)

    def setup_scene(self, state: Position, names: Names = None) -> Scene:
        drawn = self.scene(state, names=names)
        drawn["regions"].append(setup.supply_region(self, state))
        return drawn

    def explain_setup(self, state: Position, path: tuple[str, ...]) -> str:
        if len(path) > 1:
            found = clicks.where(self, state, path[-1])
            where = self.table.names[found[0]] if found is not None else "that"
            return f"{where} is no place for it: click a place of the table"
        return ("editing: click a piece of the supply, then a place to put it on top; click a piece on the "
                "table to take it off; the buttons say whose turn it is")


def declare(cls: type[Game]) -> None:
    """Check a kit game's declarations and make its name, variant, position type, piece codes and
    fingerprint; TypeError names the first declaration that is wrong."""
    title = cls.title
    if not isinstance(title, str) or not title.strip():
        raise TypeError(f"{cls.__name__}.title must be the game's name as people read it")
    if "name" not in vars(cls):
        cls.name = slug(title)
    if "moves" not in vars(cls) and not any("moves" in vars(k) for k in cls.__mro__[1:] if k is not Game):
        raise TypeError(f"{cls.__name__} must define moves(self, pos): the moves of the seat to act")
    bad = [c for c in cls.colours if c not in COLOURS]
    if bad or not cls.colours:
        raise TypeError(f"{cls.__name__}.colours are names of {', '.join(COLOURS)}, not {bad}")
    options = dict(cls.options)
    players = options.get("players")
    most = players.metadata.get("high") if players is not None else cls.players
    if not isinstance(most, int) or not 1 <= most <= len(cls.colours):
        raise TypeError(f"{cls.__name__} seats 1 to {len(cls.colours)} players (one colour each), not {most}")
    if not all(size in (1, 2, 3) and isinstance(n, int) and n >= 0 for size, n in cls.stash.items()):
        raise TypeError(f"{cls.__name__}.stash maps sizes 1-3 to counts, not {cls.stash!r}")
    if not (isinstance(cls.dice, int) and 0 <= cls.dice <= 6 and isinstance(cls.sides, int) and 2 <= cls.sides <= 20):
        raise TypeError(f"{cls.__name__} rolls 0 to 6 dice of 2 to 20 sides, not {cls.dice} of {cls.sides}")
    fields = [(key, option_type(key, f), f) for key, f in options.items()]
    namespace: dict[str, Any] = {"game": cls.name, "__module__": cls.__module__}
    if players is None:
        namespace["players"] = cls.players
    variant = make_dataclass(f"{cls.__name__}Variant", fields, bases=(Variant,), frozen=True, namespace=namespace)
    variant.__qualname__ = f"{cls.__qualname__}.variant_type"
    cls.variant_type = variant
    cls.chance = bool(cls.dice)
    cls.position_class = position_type(cls.__module__, f"{cls.__qualname__}.position_class", tuple(cls.counters))
    initials = [c[0] for c in cls.colours]
    cls.codes = tuple(initials) if len(set(initials)) == len(initials) else cls.colours
    cls._fingerprint = fingerprint(cls)


def option_type(key: str, f: Any) -> Any:
    """An option's type, from its default and choices: bool, int, float or str, or that or None."""
    values = [v for v in (f.default, *(f.metadata.get("choices") or ())) if v is not None]
    kinds = {type(v) for v in values}
    if len(kinds) != 1 or not kinds <= {bool, int, float, str}:
        raise TypeError(f"option {key!r} takes values of one kind (bool, int, float or str), not {values!r}")
    kind = kinds.pop()
    return kind | None if f.default is None or None in (f.metadata.get("choices") or ()) else kind


def fingerprint(cls: type[Game]) -> str:
    """A hash of the rules as written: the declarations and the code of every method defined in
    the designer's classes (comments, docstrings and blank lines left out)."""
    import hashlib

    parts = [repr((cls.title, cls.players, cls.colours, repr(cls.table) if isinstance(cls.table, Table) else "",
                   sorted(cls.stash.items()), sorted(cls.counters.items()), cls.dice, cls.sides,
                   sorted((k, repr(f.default), repr(f.metadata)) for k, f in cls.options.items())))]
    for klass in cls.__mro__:
        if klass is Game:
            break
        for key, value in sorted(vars(klass).items()):
            fn = getattr(value, "__func__", value)
            if callable(fn) and hasattr(fn, "__code__"):
                parts.append(f"{key}:{code_fingerprint(fn)}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]

