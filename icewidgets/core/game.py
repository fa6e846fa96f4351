"""The protocol every game engine implements.

A `Game` is the rules of one game under one variant; it holds no position. A *state* is an
immutable value, so `apply` returns a new state and the old one stays valid: copies are free,
which is what self-play and the record's cached states rely on.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from .chance import CHANCE
from .errors import BadOption, BadPosition, IllegalMove, InvalidMoveText, quoted
from .game_modules import Clicks, Heuristic, Notation, Refusals, Scenes, SeatNotation
from .json_types import JSON, JSONObject
from .position import Position
from .scene import Scene, name_in
from .setup import Edit, problems_error
from .variant import Variant

S = TypeVar("S")
M = TypeVar("M")


T = TypeVar("T", bound=tuple[object, ...])
MAX_MOVE_TEXT = 1000  # longer text is refused unread, so a refusal never quotes megabytes
Names = Sequence[str] | None
"""Players' names by seat (a record's), or None for the game's default names."""
PUBLIC = -1
"""The viewer who is no seat: shown only what every seat may see (a hot-seat screen between
players)."""


def move_kind(cls: type[T]) -> type[T]:
    """Class decorator for a game's NamedTuple move types: moves of different kinds never compare
    equal (as plain tuples `Cap(0, 1, 2)` and `Split(0, 1, 2)` would). The hash stays the tuple's,
    computed in C, as the legal moves are hashed to list each once: two kinds with equal fields
    share it, and the comparison tells them apart."""

    def eq(self: tuple[object, ...], other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def ne(self: tuple[object, ...], other: object) -> bool:
        return not eq(self, other)

    cls.__eq__, cls.__ne__ = eq, ne  # type: ignore[method-assign,assignment]
    cls.__hash__ = tuple.__hash__  # type: ignore[method-assign]
    return cls


def win_shares(strengths: Sequence[float], scale: float = 1.0) -> tuple[float, ...]:
    """Each seat's share of the win from how strong it stands, in [0, 1] and summing to 1: the
    softmax of `strengths / scale` (two seats: the logistic of their difference, so a lead of
    `scale` is worth 73%, of twice `scale` 88%). A heuristic's usual last step: `scale` says how
    much a lead is still likely to change hands."""
    top = max(strengths)
    weights = [math.exp((x - top) / scale) for x in strengths]
    total = sum(weights)
    return tuple(w / total for w in weights)


def outcome_values(game: Game[S, M], state: S) -> tuple[float, ...]:
    """What a finished game is worth to each seat, in [0, 1]: a win alone 1, a win shared by k
    seats 1/k each, a loss 0; a game nobody wins 1/n to each of the n seats; in a cooperative game
    1 to every seat if the team won, else 0."""
    outcome = game.outcome(state)
    return values_of_winners(game, outcome.winners if outcome is not None else ())


def values_of_winners(game: Game[S, M], winners: Sequence[int]) -> tuple[float, ...]:
    """`outcome_values` of a game won by `winners` (none: nobody won)."""
    n = game.seats
    if game.cooperative:
        return (1.0 if winners else 0.0,) * n
    if not winners:
        return (1.0 / n,) * n
    share = 1.0 / len(winners)
    return tuple(share if s in winners else 0.0 for s in range(n))


def and_list(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: each seat's score, the winning seats, and why it ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str


class Game(ABC, Generic[S, M]):
    """Rules of one game under one variant. It holds no position and no record's data (seat
    names travel with the record, and are passed to the calls that speak of players)."""

    name: ClassVar[str]
    title: ClassVar[str]
    variant_type: ClassVar[type[Variant]]
    # What the game is (as OpenSpiel's game types say it): agents, the widget and the
    # conformance tests read these.
    hidden_information: ClassVar[bool] = False
    """Some of the state is secret from some seats (see `observation`)."""
    chance: ClassVar[bool] = False
    """Some moves are chance events (see `chance_outcomes`)."""
    turns: ClassVar[str] = "sequential"
    """"sequential" (one seat at a time), "simultaneous" or "turnless" (any seat, any time)."""
    cooperative: ClassVar[bool] = False
    """The seats win or lose together."""
    search_defaults: ClassVar[dict[str, float]] = {}
    """The guided MCTS's settings this game plays best at, where they differ from MCTS's own
    (any of `simulations`, `depth`, `c`, `temperature`); an option given to MCTS wins."""
    hint_agent: ClassVar[str] = "mcts:1.5s"
    """The agent a board's Hint asks (a spec `make_agent` reads, the game's own agents too): this
    game's strongest player that answers within 2 seconds. By default the guided MCTS searching
    1.5 seconds, ten to a hundred times its playing budget; Ice Fortress: its planner."""
    publish_code: ClassVar[bool] = False
    """A game defined in a designer's code allows that code to go with a playable page, whose
    readers' browsers then run it (publishing/shipped_code.py): it publishes the code."""
    rule_methods: ClassVar[tuple[str, ...]] = ()
    """The methods of the rules a house rule may override (see core/house_rules.py)."""
    # The game's modules, each declared once (see core/game_modules.py): the protocol's methods
    # below call their functions, so that a game's class says what it is and passes nothing on.
    notation: Notation[Self, S, M] | None = None
    """The game's notation.py (`move_text`, `parse_move`, `move_label`; where a seat may not read
    every move, `move_text_for` and `move_label_for` too), or None where the game defines
    `move_text` and `parse_move` itself."""
    scenes: Scenes[Self, S, M] | None = None
    """The game's scene.py (`build_scene`), or None where the game defines `scene` itself."""
    clicks: Clicks[Self, S, M] | None = None
    """The game's clicks.py (`move_paths`, `path_move`, `explain_click`), or None where every move
    is a button."""
    refusals: Refusals[Self, S, M] | None = None
    """The game's refusals.py (`illegal_reason`), or None where a move is looked for among the
    legal moves."""
    heuristic: Heuristic[Self, S] | None = None
    """The game's heuristic.py (`values`), or None where a position is judged by its scores."""
    _seat_notation: SeatNotation[Self, S, M] | None = None

    _overridden: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        home = next((k for k in cls.__mro__ if "rule_methods" in vars(k)), None)
        cls._overridden = frozenset(
            m for m in cls.rule_methods if home is not None and getattr(cls, m) is not getattr(home, m))
        cls._seat_notation = cls.notation if isinstance(cls.notation, SeatNotation) else None

    def __init__(self, variant: Variant | None = None, **options: object) -> None:
        if variant is None:
            variant = self.variant_type.make(**options)
        elif options:
            variant = variant.replace(**options)
        if not isinstance(variant, self.variant_type):
            raise TypeError(f"{self.name} needs a {self.variant_type.__name__}")
        self.variant = variant

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.variant}>"

    @classmethod
    def definition(cls) -> dict[str, str] | None:
        """What a record keeps of a game defined in a designer's code, so that a record played
        under an earlier definition is refused rather than replayed under other rules (a kit
        game's title and a hash of its rules); None for a game whose rules ship with its code."""
        return None

    def _repr_svg_(self) -> str | None:
        """The game's start (seed 0), drawn as the board draws it: a notebook shows a game as
        its table."""
        return self.position(self.start(0))._repr_svg_()

    def position(self, state: S) -> Position[S, M]:
        """A state with this game: a value that draws itself in a notebook, prints the status
        line and plays on by move text (`game.position(game.start())`; see core/position.py)."""
        return Position(self, state)

    # -- files the variant names ------------------------------------------------------------
    def variant_files(self) -> dict[str, dict[str, str]]:
        """The text of the files the variant's options name (a designer's card folder) as this
        game plays them, by option and file name: a record keeps them, so that it replays
        anywhere. {} where the variant names none."""
        return {}

    @classmethod
    def with_variant_files(cls, variant: Variant, files: dict[str, dict[str, str]]) -> Self:
        """The game of `variant` playing the files a record kept (see `variant_files`) rather
        than those its options name on this machine; BadOption for files it does not take."""
        if files:
            raise BadOption(f"{cls.name} keeps no files in a record (found {', '.join(map(str, files))})")
        return cls(variant)

    def variant_files_changed(self) -> str:
        """How the files the variant's options name here differ from those this game plays (a
        sentence naming them), or "" where they agree or are not here."""
        return ""

    # -- seats ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        players: int = self.variant.players  # type: ignore[attr-defined]
        return players

    @abstractmethod
    def seat_colour(self, seat: int) -> str:
        """The colour name of a seat's pieces (a name the front end's palette knows)."""

    def seat_name(self, seat: int, names: Names = None) -> str:
        """The seat's player: their name where `names` (a record's) gives one, else the game's
        default. A message puts a name only where any name reads right (see `status`)."""
        if seat == CHANCE:
            return "chance"
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            return f"seat {quoted(seat)}"
        return names[seat] if names else self.default_seat_name(seat)

    def default_seat_name(self, seat: int) -> str:
        return self.seat_colour(seat).capitalize()

    def seat_colour_in(self, state: S, seat: int) -> str:
        """The colour a seat plays in this state: its `seat_colour`, unless the game lets seats
        change colours (Stacktics' pie-rule swap)."""
        return self.seat_colour(seat)

    def shipped(self, *rules: str) -> bool:
        """Whether these rule methods are the game's own, none overridden by a house rule: a rule
        written out for speed (a fast path) is taken only then, the rule method otherwise."""
        return self._overridden.isdisjoint(rules)

    # -- the rules --------------------------------------------------------------------------
    @abstractmethod
    def start(self, seed: int = 0) -> S:
        """The position before the first move."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that may act now: one, several (turnless play), (CHANCE,), or none."""

    def turn_of(self, state: S) -> int | None:
        """The seat whose turn it is: None where play has no turns, before the first turn and once
        the game is over. `to_act` says who decides next, which may be chance or a seat asked
        during another's turn."""
        if self.turns != "sequential" or self.is_over(state):
            return None
        seats = [s for s in self.to_act(state) if s != CHANCE]
        return seats[0] if len(seats) == 1 else None

    def wants_to_act(self, state: S) -> tuple[int, ...]:
        """The seats of `to_act` that a simulation draws the next actor from. Turnless games
        leave out players who may act but have offered to stop (IceTowers' passed players)."""
        return self.to_act(state)

    @abstractmethod
    def legal_moves(self, state: S, player: int | None = None) -> Iterator[M]:
        """The legal moves of one seat, or of every seat that may act, generated lazily."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after a move that is known to be legal (no checks: the self-play path)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> tuple[float, ...]:
        """Each seat's score now (the final score once the game is over)."""

    def outcome(self, state: S, names: Names = None) -> Outcome | None:
        """Scores and winners of a finished game; None while it goes on. Ties share the win."""
        if not self.is_over(state):
            return None
        scores = self.scores(state)
        best = max(scores)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == best), "game over")

    def values(self: Self, state: S) -> tuple[float, ...]:
        """How well each seat stands, in [0, 1] on the scale of a finished game's worth to it
        (`outcome_values`: 1 for a win alone, 0 for a loss): the game's heuristic, which agents
        judge positions by (Greedy its moves, MCTS the end of its cut-off rollouts). A finished
        game gets its `outcome_values`. By default a game under way is judged by its scores alone
        (`win_shares` of the scores, a point's lead worth 73%); each shipped game overrides this
        with a heuristic of its own (`heuristic`), told in its rules document."""
        if self.heuristic is not None:
            return self.heuristic.values(self, state)
        if self.is_over(state):
            return outcome_values(self, state)
        return win_shares(self.scores(state))

    # -- notation ---------------------------------------------------------------------------
    def move_text(self: Self, state: S, move: M) -> str:
        """The move in the game's notation (parse_move reads it back)."""
        if self.notation is None:
            raise NotImplementedError(f"{type(self).__name__} declares no notation and defines no move_text")
        return self.notation.move_text(self, state, move)

    def parse_move(self: Self, state: S, text: str) -> M:
        """Read move text; raise InvalidMoveText (AmbiguousMove where it names several moves)
        saying what does not parse. Legality is not checked."""
        if self.notation is None:
            raise NotImplementedError(f"{type(self).__name__} declares no notation and defines no parse_move")
        move: M = self.notation.parse_move(self, state, text)
        return move

    @abstractmethod
    def move_player(self, move: M) -> int:
        """The seat that makes this move (CHANCE for chance events)."""

    def move_text_for(self: Self, state: S, move: M, viewer: int | None) -> str:
        """The move as `viewer` may read it (None: everything). Games with hidden information
        override this (or their notation tells it) so that, say, a secret draw reads "Ann draws a
        card"."""
        if self._seat_notation is not None:
            return self._seat_notation.move_text_for(self, state, move, viewer)
        return self.move_text(state, move)

    def move_paths(self: Self, state: S, move: M) -> list[tuple[str, ...]]:
        """The click paths (scene ids) that choose this move in the front end; [] for a button."""
        return [] if self.clicks is None else self.clicks.move_paths(self, state, move)

    def move_kind(self, move: M) -> str:
        """A short word for the kind of move (the front end styles targets by it)."""
        return type(move).__name__.lower()

    def move_label(self: Self, state: S, move: M, names: Names = None) -> str:
        """The move in words, as a button, the legal-move list and the record's move list say it:
        rooms, cards, pieces and squares named as the board draws them (its text, `move_text`,
        is the notation a record keeps)."""
        if self.notation is None:
            return self.move_text(state, move)
        return self.notation.move_label(self, state, move, names)

    def move_label_for(self: Self, state: S, move: M, viewer: int | None, names: Names = None) -> str:
        """The move in words as `viewer` may read them (None: everything), as the record's move
        list and the chance controls show it. A game that hides information and says nothing
        more here shows a seat its `move_text_for`."""
        if self._seat_notation is not None:
            return self._seat_notation.move_label_for(self, state, move, viewer, names)
        if viewer is None or not self.hidden_information:
            return self.move_label(state, move, names)
        return self.move_text_for(state, move, viewer)

    # -- checked play -----------------------------------------------------------------------
    def illegal_reason(self: Self, state: S, move: M, names: Names = None) -> str | None:
        """The first rule a move breaks here, in the rulebook's order, or None for a legal move.
        Games check their rules directly, one function per rule (`refusals`); without them this
        looks for the move among the mover's legal moves (lazily: it stops there)."""
        if self.refusals is not None:
            return self.refusals.illegal_reason(self, state, move, names)
        player = self.move_player(move)
        if self.is_over(state):
            return "the game is over"
        if player not in self.to_act(state):
            return f"{self.seat_name(player, names)} may not act now"
        if any(type(m) is type(move) and m == move for m in self.legal_moves(state, player)):
            return None
        return "it is not one of the legal moves here"

    def is_legal(self, state: S, move: M) -> bool:
        """Whether a move is legal here, without listing every legal move (see illegal_reason)."""
        return self.illegal_reason(state, move) is None

    def why_illegal(self, state: S, move: M, names: Names = None) -> str:
        """A sentence saying why a move is not legal here."""
        return self.illegal_reason(state, move, names) or "it is a legal move here"

    def play(self, state: S, move: M, names: Names = None) -> S:
        """The state after a move, or IllegalMove naming the reason; the state is never changed."""
        if self.is_over(state):
            raise IllegalMove("the game is over")
        player = self.move_player(move)
        if player not in self.to_act(state):
            raise IllegalMove(f"{self.seat_name(player, names)} may not act now")
        if not self.is_legal(state, move):
            raise IllegalMove(
                f"{quoted(self.move_text(state, move))} is not legal: {self.why_illegal(state, move, names)}"
            )
        return self.apply(state, move)

    def reached(self, state: S, move: M, after: S) -> S:
        """The state a legal move reached (`after`), checked where the game checks its own rules
        there (a kit game refuses a slip of its designer's rules), so that a record never keeps
        a node it cannot show; by default `after` itself."""
        return after

    def parse_legal(self, state: S, text: str, names: Names = None) -> M:
        """Parse move text and check that the move is legal here: InvalidMoveText or
        AmbiguousMove for text that does not name one move, IllegalMove for a move the rules
        refuse."""
        if not isinstance(text, str):
            raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidMoveText(f"move text of {len(text)} characters is too long to be a move "
                                  f"(at most {MAX_MOVE_TEXT})")
        move = self.parse_move(state, text)
        # a legal move is one of a seat that may act, before the end (is_legal is exact), so who may
        # act is looked at only to say why a move is refused: replaying a record checks each move once
        if self.is_legal(state, move):
            return move
        acting = self.to_act(state)
        if not acting:
            raise IllegalMove(f"{quoted(text)} comes after the end of the game")
        player = self.move_player(move)
        if player not in acting:
            raise IllegalMove(f"{quoted(text)}: {self.seat_name(player, names)} may not act now")
        raise IllegalMove(f"{quoted(text)} is not legal: {self.why_illegal(state, move, names)}")

    def path_move(self: Self, state: S, seat: int, path: tuple[str, ...]) -> M | None:
        """The move a click path would make if the rules allowed it (an illegal one too), or None
        where the path names no move (`clicks`), so that a refused click can say which rule it
        breaks."""
        return None if self.clicks is None else self.clicks.path_move(self, state, seat, path)

    def explain_path(self, state: S, seat: int | None, path: tuple[str, ...], names: Names = None,
                     shown: Scene | None = None) -> str:
        """Why a click path is not a move here: the rule its move breaks (the move named as its
        button would be), or what to click, naming what was clicked as `shown` (the scene the
        clicker sees) calls it, never by its id."""
        if self.is_over(state):
            return "the game is over: step back to play a variation"
        actors = [s for s in self.to_act(state) if s != CHANCE]
        if not actors:
            return "chance acts next: roll or set it first"
        if seat is None and len(actors) == 1:
            seat = actors[0]
        if seat is not None and seat not in actors:
            return f"{self.seat_name(seat, names)} may not act now"
        clicked = path[-1] if path else ""
        seats = [seat] if seat is not None else actors
        for s in seats:
            move = self.path_move(state, s, path)
            if move is not None and not self.is_legal(state, move):
                return f"{self.move_label(state, move, names)}: {self.why_illegal(state, move, names)}"
        if (reason := self.explain_click(state, seat, path, names)) is not None:
            return reason
        called = name_in(shown, clicked) if shown is not None else None
        if len(path) > 1:
            chosen = name_in(shown, path[0]) if shown is not None else None
            return (f"{called or 'that'} is not a place for {chosen or 'what you chose'}: click a highlighted target, "
                    "or Esc to start again")
        where = f"with {called}" if called else "there"
        none = f"{self.seat_name(seats[0], names)} can start no move" if len(seats) == 1 else "no player can start a move"
        return f"{none} {where}: click a highlighted target"

    def explain_click(self: Self, state: S, seat: int | None, path: tuple[str, ...], names: Names = None) -> str | None:
        """Why a click path that names no move is none, where the game can say it better than
        "no move starts with ..." (say, "the stack on c3 is Blue's; Red is to move"); None to
        leave it at that. `seat` is the acting seat, or None where several may act and none was
        chosen."""
        return None if self.clicks is None else self.clicks.explain_click(self, state, seat, path, names)

    # -- chance and hidden information ---------------------------------------------------------
    def chance_outcomes(self, state: S) -> list[tuple[M, float]]:
        """The chance event due here, as every possible outcome with its probability (they sum
        to 1); [] where no chance event is due. Agents search through chance nodes with it."""
        return []

    def chance_move(self, state: S, rng: random.Random) -> M:
        """Draw the chance event due in this state (by default from `chance_outcomes`)."""
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            raise IllegalMove("no chance event is due here")
        moves, weights = zip(*outcomes, strict=True)
        drawn: M = rng.choices(moves, weights)[0]
        return drawn

    def chance_from_values(self, state: S, values: list[object]) -> M:
        """The chance event a designer sets by hand: dice faces (`[5, 6]`) or the names of what
        is drawn (`["castle"]`); IllegalMove if it cannot happen here."""
        raise IllegalMove(f"{self.title} has no chance events")

    def observation(self, state: S, seat: int | None) -> object:
        """What `seat` may know of the state; `seat=None` is the omniscient view (the state).
        Games with hidden information override this."""
        return state

    def resample(self, state: S, seat: int, rng: random.Random) -> S:
        """A state that `seat` cannot tell from this one (its secrets dealt anew at random):
        what an agent searches from when information is hidden. Without hidden information it
        is the state itself."""
        return state

    # -- views ------------------------------------------------------------------------------
    def scene(self: Self, state: S, *, last: M | None = None, before: S | None = None,
              names: Names = None, viewer: int | None = None) -> Scene:
        """The scene (see ARCHITECTURE.md) of a state as `viewer` sees it (None: everything);
        `last` is the move that led to it from `before`, for marking what it touched; `names`
        are the players' names (else the defaults)."""
        if self.scenes is None:
            raise NotImplementedError(f"{type(self).__name__} declares no scenes and defines no scene")
        return self.scenes.build_scene(self, state, last=last, before=before, names=names, viewer=viewer)

    def status(self, state: S, names: Names = None) -> str:
        """One line: who may act, or how the game ended.

        Every game's status line names players so that it reads right whatever their names, "You"
        as well as "Ann": whose decision it is, a colon, then the decision in the imperative ("You:
        place a small pyramid.", "Ann (Red): move."), and the end as "Winner: You." The other
        messages that name a player put the name where any name reads right too: before a colon,
        after a preposition ("a card dealt to You", "the turn of Ann"), or before a modal ("You may
        not act now"); never as the subject of a verb that changes with the person, nor with an 's
        ("You places", "You's hand")."""
        outcome = self.outcome(state, names)
        if outcome is not None:
            scores = ", ".join(
                f"{self.seat_name(s, names)} {v:g}" for s, v in enumerate(outcome.scores)
            )
            if self.cooperative:
                verdict = "Everyone wins." if outcome.winners else "Everyone loses."
                return f"Game over ({outcome.reason}): {scores}. {verdict}"
            won = and_list([self.seat_name(s, names) for s in outcome.winners])
            verdict = f"Winner{'s' if len(outcome.winners) > 1 else ''}: {won}." if won else "No winner."
            return f"Game over ({outcome.reason}): {scores}. {verdict}"
        actors = self.to_act(state)
        if actors == (CHANCE,):
            return "Chance acts next."
        return f"To act: {', '.join(self.seat_name(s, names) for s in actors)}."

    # -- set-up positions (the editor) ---------------------------------------------------------
    # A game that supports the editor describes its positions as plain JSON and its edits as
    # `Edit`s; the Board and the record only call these. See core/setup.py.
    @property
    def editable(self) -> bool:
        """Whether this game has an editor (it overrides `position_from_json`)."""
        return type(self).position_from_json is not Game.position_from_json

    def position_to_json(self, state: S) -> JSONObject:
        """A set-up position as plain JSON (what a record's "setup" field holds)."""
        raise BadPosition(f"{self.title} has no set-up positions")

    def position_from_json(self, data: JSON) -> S:
        """The set-up position JSON describes; BadPosition names the first thing malformed, or
        every problem `validate` finds."""
        raise BadPosition(f"{self.title} has no set-up positions")

    def validate(self, state: S) -> list[str]:
        """What makes a position impossible under the rules (pieces the supply does not hold, a
        stack the rules never build, a seat that does not exist), in words; [] for a possible one."""
        return []

    def check_position(self, state: S) -> S:
        """The position, or BadPosition naming every problem `validate` finds."""
        problems = self.validate(state)
        if problems:
            raise problems_error(self.title, problems)
        return state

    def setup_position(self, state: S) -> S:
        """The position a set-up starts from, made from any state of a game: what is on the
        table and whose turn it is, the turn's passing details (dice rolled, a turn half done)
        left out."""
        return state

    def setup_actions(self, state: S) -> list[Edit]:
        """The edits possible in a set-up position: what can be put where from the supply, what
        can be taken off, whose turn it can be."""
        return []

    def apply_setup(self, state: S, action: Edit | str) -> S:
        """The position after an edit (one of `setup_actions`, or its text); IllegalMove where
        it is none. The result may be impossible (a tower half built): `validate` says so."""
        text = action.text if isinstance(action, Edit) else action
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise IllegalMove("an edit is a short text such as 'put r3 on T1'")
        edits = self.setup_actions(state)
        found = next((e for e in edits if e.text == text.strip()), None)
        if found is None:
            kinds = sorted({e.text.split(" ")[0] for e in edits})
            hint = f" (edits here begin with {', '.join(kinds)})" if kinds else ""
            raise IllegalMove(f"{quoted(text, 60)} is not an edit of this position{hint}")
        return self.edit_position(state, found)

    def edit_position(self, state: S, edit: Edit) -> S:
        """Make one of this position's edits (`edit.change` is the game's own description)."""
        raise IllegalMove(f"{self.title} has no editor")

    def setup_scene(self, state: S, names: Names = None) -> Scene:
        """The scene of a position being edited: the designer's view, with the supply drawn."""
        return self.scene(state, names=names)

    def explain_setup(self, state: S, path: tuple[str, ...]) -> str:
        """Why a click in the editor is no edit."""
        if len(path) > 1:
            return f"{path[-1]} is not a place for {path[0]}: click a highlighted place, or Esc"
        return ("editing: click a piece or card of the supply, then where it goes; click one on the "
                "board to take it off")


AnyGame: TypeAlias = "Game[Any, Any]"
"""A game whose state and move types are not known where it is held (the registry's, a record's,
a board's): Game is invariant in both, so no narrower type takes every game."""
