"""One conformance suite for every registered game: what the Game protocol promises, checked on
random play of a few variants of each (the shipped games, and the hidden-hand test game High
Cards). A new game gets all of it by being registered; VARIANTS may list more of its variants.

Every test reads the same random lines (a seat drawn among those who want to act, then one of
its legal moves; chance by the seeded generator), made once per variant and seed:

- random games end, within a cap on their length (MAX_PLIES, named in the failure);
- the legal moves of a position are distinct, belong to the seats that may act, and exist
  while the game goes on;
- replaying the move texts of a game reproduces it exactly;
- states are immutable values, never changed by legal_moves, apply or play;
- `is_legal` is exact: True for every legal move, and for near misses (fields of legal moves
  changed, moves of other seats, moves of other kinds, moves read from altered texts) True
  just when the move is among the legal ones; a refused move or text leaves the game and its
  record as they were;
- scene and move paths agree: every path chooses one legal move (no path is another's prefix),
  its ids are drawn in the scene (or are offered as buttons), `path_move` reads it back, and a
  click on anything else is explained;
- records round-trip through JSON and files, variations and notes included;
- chance outcomes are legal chance moves whose probabilities sum to 1;
- `observation(state, None)` is the state; `resample` keeps what a seat knows; and where
  information is hidden, nothing a seat is shown changes when another seat's secrets do.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import itertools
import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from icewidgets import CHANCE, IllegalMove, InvalidMoveText, MoveError, register_game
from icewidgets.core.game import Game
from icewidgets.core.record import Record, load_record, loads_record
from icewidgets.games import GAMES, make_game

from hidden_game import HighCards

register_game(HighCards)

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "icetowers": [
        {},
        {"players": 2, "trios": 3},
        {"players": 3, "trios": 4, "strict_mining": True, "gus": True},
        {"players": 4, "trios": 2, "cap_other_colour_only": True, "passed_players_wait": True},
    ],
    "ascendancy": [
        {},
        {"players": 2, "trios": 3, "dice": 3, "end": "end_of_turn", "split_leaves_solitary": False},
        {"players": 5, "trios": 2, "dice": 1, "end": "end_of_round", "first": 3},
    ],
    "stacktics": [
        {},
        {"size": 2, "max_quiet_plies": 40},
        {"size": 2, "board": "3x5", "no_moves": "draw", "pie_rule": True},
        {"size": 5, "board": "7x7", "max_quiet_plies": 60},
    ],
    "highcards": [{}, {"players": 3, "hand": 2}],
    # random play loses fast; the turn limit guards the few long games
    "icefortress": [
        {"max_turns": 60},
        {"players": 1, "difficulty": 10, "max_turns": 60, "strict_cover": True, "supply_check": "turn"},
        {"players": 4, "difficulty": 4, "max_turns": 60, "pillar_before_square_across_ties": True,
         "earth_fallback_to_squares": True, "halve_rounds_down": True, "shield_cap": 10},
    ],
    # random play may never bring three Aces together: a turn limit ends every game
    "dectana": [
        {"max_turns": 60},
        {"players": 2, "max_turns": 150, "end_window": "own_turn", "placement_upright": True,
         "wyrm_single_victim": True, "wave_void": "pass"},
        {"players": 4, "max_turns": 80, "extended_deck": True, "board_actor": "any", "allow_pass": False,
         "end_window": "any_step", "wyrm_full": True, "wyrm_substitute": "none", "push_own": False},
        {"players": 5, "max_turns": 100, "create_in_wasteland": True, "wave_moves_pile": True,
         "knot_destroys_pile": True, "reshuffle_on_empty": True, "wave_void": "forbid"},
    ],
}
SEEDS = 4  # random lines per variant
MAX_PLIES = 3000  # a random game that has not ended by then fails "random games end"
GO_ON = 0.8  # how often a random line draws again when its move would end the game
NAMES = ["Ann", "Ben", "Cat", "Dee", "Eve", "Flo"]


@dataclass(frozen=True)
class Case:
    name: str
    options: tuple[tuple[str, Any], ...]

    @functools.cached_property
    def game(self) -> Game:
        return make_game(self.name, **dict(self.options))

    def __str__(self) -> str:
        return self.name + "".join(f"-{k}={v}" for k, v in self.options)


CASES = [Case(name, tuple(options.items())) for name in sorted(GAMES) for options in VARIANTS.get(name, [{}])]
cases = pytest.mark.parametrize("case", CASES, ids=str)


@dataclass(frozen=True)
class Line:
    """A random game from its start: the states (start first) and the moves between them."""

    seed: int
    states: tuple[Any, ...]
    moves: tuple[Any, ...]

    def steps(self) -> Iterator[tuple[Any, Any, Any]]:
        return zip(self.states, self.moves, self.states[1:], strict=False)

    def places(self, k: int) -> list[int]:
        """About k indices of states spread along the line, the first three and the last included."""
        n = len(self.states)
        every = max(1, n // k)
        return list(dict.fromkeys([*[*range(min(3, n)), *range(0, n, every)][: k + 3], n - 1]))

    def sample(self, k: int) -> list[Any]:
        return [self.states[i] for i in self.places(k)]

    def moves_near(self, i: int) -> list[Any]:
        """The moves into and out of the state at index i."""
        return list(self.moves[max(0, i - 1): i + 1])


@functools.cache
def line(case: Case, seed: int) -> Line:
    game, rng = case.game, random.Random(seed)
    state = game.start(seed)
    states, moves = [state], []
    while len(moves) < MAX_PLIES:
        seats = game.wants_to_act(state)
        if not seats:
            break
        if seats == (CHANCE,):
            move = game.chance_move(state, rng)
            after = game.apply(state, move)
        else:
            legal = list(game.legal_moves(state, rng.choice(seats)))
            move = rng.choice(legal)
            after = game.apply(state, move)
            if game.is_over(after) and rng.random() < GO_ON:  # one more try, to see later positions
                move = rng.choice(legal)
                after = game.apply(state, move)
        state = after
        states.append(state)
        moves.append(move)
    return Line(seed, tuple(states), tuple(moves))


def lines(case: Case) -> list[Line]:
    return [line(case, seed) for seed in range(SEEDS)]


@functools.cache
def kinds_of(case: Case) -> dict[type, Any]:
    """The kinds of move (NamedTuples) seen in the random lines of a game, with one of each."""
    return {type(m): m for ln in lines(case) for m in ln.moves if hasattr(m, "_fields")}


def seats_and_chance(game: Game) -> list[int]:
    return [*range(game.seats), CHANCE]


def actors(game: Game, state: Any) -> list[int]:
    return [s for s in game.to_act(state) if s != CHANCE]


def same(a: Any, b: Any) -> bool:
    """Equal and of the same kind (moves of different kinds never compare equal anyway)."""
    return type(a) is type(b) and a == b


# -- random games end, and their moves belong to the seats that may act ---------------------------


@cases
def test_random_games_end_within_the_cap(case, record_property):
    lengths = [len(ln.moves) for ln in lines(case)]
    record_property("plies", lengths)
    for ln in lines(case):
        last = ln.states[-1]
        assert case.game.is_over(last), f"seed {ln.seed}: no end after {MAX_PLIES} plies (the cap)"
        outcome = case.game.outcome(last)
        assert outcome is not None and len(outcome.scores) == case.game.seats
        assert set(outcome.winners) <= set(range(case.game.seats))


@cases
def test_legal_moves_are_distinct_and_belong_to_the_seats_that_may_act(case):
    game = case.game
    for ln in lines(case):
        for state in ln.sample(12):
            acting = game.to_act(state)
            assert (acting == ()) is game.is_over(state)
            every = list(game.legal_moves(state))
            assert len(every) == len(set(every)), "a move is listed twice"
            by_seat = {s: list(game.legal_moves(state, s)) for s in seats_and_chance(game)}
            assert set(every) == {m for s in acting for m in by_seat[s]}
            for seat, moves in by_seat.items():
                if seat not in acting:
                    assert moves == [], f"seat {seat} may not act but has moves"
                assert all(game.move_player(m) == seat for m in moves)
            if acting:
                assert any(by_seat[s] for s in acting), "the game goes on but nobody has a move"
            assert game.observation(state, None) == state
            assert len(game.scores(state)) == game.seats


# -- notation and replay ------------------------------------------------------------------------


@cases
def test_replaying_the_move_texts_of_a_game_reproduces_it(case):
    game = case.game
    fresh = type(game)(type(game.variant).parse(str(game.variant)))
    for ln in lines(case):
        state = fresh.start(ln.seed)
        assert state == ln.states[0]
        for before, move, after in ln.steps():
            text = game.move_text(before, move)
            assert same(fresh.parse_move(state, text), move), text
            assert same(fresh.parse_legal(state, text), move), text
            state = fresh.play(state, fresh.parse_move(state, text))
            assert state == after, text


@cases
def test_every_legal_move_reads_back_from_its_text(case):
    game = case.game
    for ln in lines(case):
        for state in ln.sample(6):
            for move in game.legal_moves(state):
                text = game.move_text(state, move)
                assert same(game.parse_move(state, text), move), text
                assert isinstance(game.move_label(state, move, NAMES[: game.seats]), str)


# -- states are values -----------------------------------------------------------------------------


def immutable(value: Any) -> bool:
    """Tuples, frozensets and plain scalars all the way down."""
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(v) for v in value)
    return value is None or type(value) in (int, float, str, bool)


@cases
def test_states_are_never_changed(case):
    game = case.game
    for ln in lines(case):
        for state in ln.sample(8):
            snapshot, fingerprint = copy.deepcopy(state), hash(state)
            assert immutable(state), f"a state holds a mutable part: {state!r}"
            for seat in seats_and_chance(game):
                for move in list(game.legal_moves(state, seat))[:40]:
                    assert immutable(move) and hash(move) == hash(copy.deepcopy(move))
                    after = game.apply(state, move)
                    assert immutable(after)
                    assert game.play(state, move) == after
            assert state == snapshot and hash(state) == fingerprint


# -- is_legal is exact; a refused move changes nothing ----------------------------------------------


def mutations(value: Any, nullable: bool) -> list[Any]:
    """Values near one field of a move (None too where the field may be None)."""
    if value is None:
        return [0, 1, -1]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, value + 2, 0, -1, *[None] * nullable]
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        near = [value[:-1], (*value, 1), (*value, value[-1]) if value else (6,)]
        for i, v in enumerate(value):
            near += [(*value[:i], w, *value[i + 1:]) for w in (v - 1, v + 1, 0, 7)]
        return near
    return []


def altered_texts(text: str, rng: random.Random, letters: str) -> list[str]:
    """Texts one slip away from a move's: a digit one off, a letter changed, a character dropped
    or doubled, two neighbours swapped."""
    out = []
    for i, ch in enumerate(text):
        if ch.isdigit():
            out += [text[:i] + str((int(ch) + d) % 10) + text[i + 1:] for d in (1, 9)]
        elif ch.isalpha() and letters:
            out.append(text[:i] + rng.choice(letters) + text[i + 1:])
        out += [text[:i] + text[i + 1:], text[:i] + ch + text[i:]]
        if i + 1 < len(text):
            out.append(text[:i] + text[i + 1] + ch + text[i + 2:])
    return rng.sample(out, min(len(out), 12))


def near_misses(game: Game, state: Any, legal: list[Any], around: list[Any], rng: random.Random,
                kinds: dict[type, Any] | None = None) -> set[Any]:
    """Moves like some of the legal ones here and the moves `around` (of the line), most of them
    illegal: a field changed, another seat's, another kind's with the same fields, or read from a
    text one slip away. `kinds` are the move types the game has shown elsewhere, with a move of
    each. A field is set to None only where a move here or around has shown None there."""
    kinds = {**(kinds or {}), **{type(m): m for m in legal + around if hasattr(m, "_fields")}}
    nullable = {(type(m), f) for m in legal + around for f in getattr(m, "_fields", ()) if getattr(m, f) is None}
    letters = "".join(sorted({ch for m in legal for ch in game.move_text(state, m) if ch.isalpha()}))
    out: set[Any] = set()
    for move in rng.sample(legal, min(len(legal), 10)) + around:
        fields = getattr(move, "_fields", ())
        for name in fields:
            for value in mutations(getattr(move, name), (type(move), name) in nullable):
                out.add(move._replace(**{name: value}))
        if "player" in fields:
            out.update(move._replace(player=s) for s in seats_and_chance(game))
        for kind, example in kinds.items():
            if kind is not type(move):
                out.update(other_kind(example, move, nullable))
        if writable(game, state, move):
            for text in altered_texts(game.move_text(state, move), rng, letters):
                with contextlib.suppress(InvalidMoveText):
                    out.add(game.parse_move(state, text))
    return out


def other_kind(example: Any, move: Any, nullable: set[tuple[type, str]]) -> list[Any]:
    """Moves of another kind (that of `example`) made from a move: its fields in order where
    there are as many, and by name, with the fields it lacks (two at most) set to small numbers;
    each field of the type the example has there."""
    kind, fields, theirs = type(example), getattr(move, "_fields", ()), example._fields

    def fits(values: dict[str, Any]) -> bool:
        return all((kind, f) in nullable if v is None else type(v) is type(getattr(example, f))
                   for f, v in values.items())

    out = []
    if len(theirs) == len(fields) and fits(dict(zip(theirs, move, strict=True))):
        out.append(kind(*move))
    missing = [f for f in theirs if f not in fields]
    if len(missing) <= 2:
        for numbers in itertools.product(range(3), repeat=len(missing)):
            given = {f: getattr(move, f) for f in theirs if f in fields} | dict(zip(missing, numbers, strict=True))
            if fits(given):
                out.append(kind(**given))
    return out


def writable(game: Game, state: Any, move: Any) -> bool:
    """The game can write the move (a field far out of range may have no text)."""
    try:
        game.move_text(state, move)
    except (IndexError, KeyError, ValueError):
        return False
    return True


def hashable(move: Any) -> bool:
    try:
        hash(move)
    except TypeError:
        return False
    return True


@cases
def test_is_legal_is_exact_for_legal_moves_and_near_misses(case):
    game = case.game
    checked = refused = 0
    for ln in lines(case):
        rng = random.Random(ln.seed)
        for i in ln.places(25):
            state = ln.states[i]
            legal = {s: set(game.legal_moves(state, s)) for s in seats_and_chance(game)}
            every = [m for moves in legal.values() for m in moves]
            for move in every:
                assert game.is_legal(state, move), game.move_text(state, move)
            # near the legal moves, and the moves of the line (after the end: none is legal)
            for move in near_misses(game, state, every, ln.moves_near(i), rng, kinds_of(case)):
                if not hashable(move):
                    continue
                player = game.move_player(move)
                expected = move in legal.get(player, set())
                assert game.is_legal(state, move) is expected, (move, expected)
                checked += 1
                if not expected:
                    refused += 1
                    if player in legal and writable(game, state, move):  # a refusal names both
                        assert game.why_illegal(state, move, NAMES[: game.seats])
                        with pytest.raises(IllegalMove):
                            game.play(state, move)
    assert checked > 100 and refused > checked // 4, (checked, refused)


@cases
def test_a_refused_move_or_text_leaves_the_game_and_its_record_unchanged(case):
    game = case.game
    ln = lines(case)[0]
    rng = random.Random(7)
    record = Record(game, seed=ln.seed, players=NAMES[: game.seats])
    node = record.root
    for state, move, _ in list(ln.steps())[:60]:
        legal = {s: set(game.legal_moves(state, s)) for s in seats_and_chance(game)}
        every = [m for moves in legal.values() for m in moves]
        refused = [m for m in near_misses(game, state, every, [move], rng, kinds_of(case))
                   if hashable(m) and game.move_player(m) in legal and writable(game, state, m)
                   and not game.is_legal(state, m)]
        before, count = record.dumps(), len(record.nodes)
        for bad in rng.sample(refused, min(len(refused), 4)):
            with pytest.raises(IllegalMove):
                record.add(node, bad)
        for text in ("", "nonsense", "\u2654", game.move_text(state, move) + "?"):
            with pytest.raises(MoveError):
                record.add_text(node, text)
        assert record.dumps() == before and len(record.nodes) == count and node.state == state
        node = record.add(node, move)


# -- scene and move paths --------------------------------------------------------------------------


def drawn(scene: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """Every id the scene draws (regions and all they hold; not the marks), with the ids of the
    items it is drawn inside (not the regions): a click on it stands for the innermost of them
    that is a target, as the front end reads clicks."""
    ids: dict[str, tuple[str, ...]] = {}

    def walk(value: Any, inside: tuple[str, ...]) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                ids[value["id"]] = inside
                inside = (value["id"], *inside)
            for v in value.values():
                walk(v, inside)
        elif isinstance(value, list):
            for v in value:
                walk(v, inside)

    for region in scene["regions"]:
        ids[region["id"]] = ()
        for v in region.values():
            walk(v, ())
    return ids


def drawn_ids(scene: dict[str, Any]) -> set[str]:
    return set(drawn(scene))


def viewer_of(game: Game, seat: int) -> int | None:
    """The seat whose view the page shows while `seat` acts (everything, without secrets)."""
    return seat if game.hidden_information else None


def trie(game: Game, state: Any, seat: int) -> dict[tuple[str, ...], Any]:
    """Each click path of a seat's legal moves, and the move it chooses."""
    owner: dict[tuple[str, ...], Any] = {}
    for move in game.legal_moves(state, seat):
        for path in game.move_paths(state, move):
            assert isinstance(path, tuple) and path, (move, path)
            assert owner.setdefault(path, move) == move, f"{path} chooses two moves"
    return owner


@cases
def test_every_click_path_chooses_one_legal_move_on_what_the_scene_draws(case):
    game = case.game
    for ln in lines(case):
        for state in ln.sample(8):
            for seat in actors(game, state):
                scene = game.scene(state, names=NAMES[: game.seats], viewer=viewer_of(game, seat))
                json.dumps(scene)
                paths = trie(game, state, seat)
                for path, move in paths.items():
                    assert game.is_legal(state, move)
                    for key in path:
                        # an id the scene does not draw is offered as a button of its name
                        assert isinstance(key, str) and key.strip() == key != "", path
                    chosen = game.path_move(state, seat, path)
                    assert chosen is None or same(chosen, move), (path, chosen, move)
                for a in paths:
                    for b in paths:
                        assert a == b or a != b[: len(a)], f"{a} is a prefix of {b}"
                buttons = [game.move_text(state, m) for m in game.legal_moves(state, seat)
                           if not game.move_paths(state, m)]
                assert len(buttons) == len(set(buttons))


@cases
def test_the_marks_of_the_last_move_are_drawn(case):
    game = case.game
    for ln in lines(case):
        for before, move, after in list(ln.steps())[:: max(1, len(ln.moves) // 20)]:
            scene = game.scene(after, last=move, before=before, names=NAMES[: game.seats])
            marks = [m["id"] for m in scene.get("marks", [])]
            assert set(marks) <= drawn_ids(scene), (game.move_text(before, move), marks)


@cases
def test_a_click_on_what_starts_no_move_is_explained(case):
    game = case.game
    names = NAMES[: game.seats]
    for ln in lines(case):
        for state in ln.sample(3):
            for seat in actors(game, state):
                ids = drawn(game.scene(state, viewer=viewer_of(game, seat)))
                paths = trie(game, state, seat)
                prefixes = [(), *sorted({p[:-1] for p in paths if len(p) > 1})[:2]]
                tried = []
                for prefix in prefixes:  # the clicks the front end asks Python to explain
                    targets = {p[len(prefix)] for p in paths if p[: len(prefix)] == prefix}
                    tried += [(*prefix, i) for i, inside in sorted(ids.items())
                              if i not in targets and not targets.intersection(inside)]
                for path in tried:
                    move = game.path_move(state, seat, path)
                    assert move is None or not game.is_legal(state, move), (path, move)
                    reason = game.explain_path(state, seat, path, names)
                    assert isinstance(reason, str) and reason, path
            if len(actors(game, state)) > 1:
                ids = sorted(drawn_ids(game.scene(state)))
                for clicked in ids[:20]:
                    assert game.explain_path(state, None, (clicked,), names)


@cases
def test_whose_turn_it_is_is_a_seat_or_none(case):
    game = case.game
    for ln in lines(case):
        for state in ln.sample(20):
            turn = game.turn_of(state)
            assert turn is None or turn in range(game.seats), turn
            if game.is_over(state) or game.turns == "turnless":
                assert turn is None


ACTING_BADGES = {"to act", "to move"}


@cases
def test_the_scene_reads_the_rules(case):
    """The score panel shows `scores`, marks the winners of `outcome` and, where it marks the seats to
    act, marks those of `to_act`: a house rule that changes any of them changes the view too."""
    game = case.game
    for ln in lines(case):
        for state in ln.sample(12):
            scene = game.scene(state, names=NAMES[: game.seats])
            panels = {p["seat"]: p for p in scene["players"] if p["seat"] < game.seats}
            assert sorted(panels) == list(range(game.seats))
            assert [panels[s]["score"] for s in range(game.seats)] == list(game.scores(state)), game.status(state)
            outcome = game.outcome(state)
            winners = set(outcome.winners) if outcome is not None else set()
            assert {s for s, p in panels.items() if p["winner"]} == winners, game.status(state)
            badged = {s for s, p in panels.items() if ACTING_BADGES.intersection(p["badges"])}
            if badged or case.name.split("-")[0] in BADGES_TO_ACT:
                assert badged == set(actors(game, state)), game.status(state)


BADGES_TO_ACT = {"stacktics", "dectana", "icefortress"}
"""The games whose score panel marks the seats to act."""


# -- records ----------------------------------------------------------------------------------------


def reading_order(record: Record) -> list[Any]:
    order, stack = [], [record.root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(node.children))
    return order


@cases
def test_a_record_with_variations_and_notes_round_trips(case, tmp_path):
    game = case.game
    for ln in lines(case)[:2]:
        rng = random.Random(ln.seed)
        record = Record(game, seed=ln.seed, players=NAMES[: game.seats], metadata={"event": "conformance"})
        node = record.root
        for move in ln.moves[:80]:
            node = record.add(node, move)
        for _ in range(3):  # variations: another move somewhere, then a few more
            at = rng.choice(record.nodes)
            for _ in range(4):
                seats = game.to_act(at.state)
                if not seats:
                    break
                if seats == (CHANCE,):
                    move = game.chance_move(at.state, rng)
                else:
                    move = rng.choice(list(game.legal_moves(at.state, rng.choice(seats))))
                at = record.add(at, move)
            at.comment = f"variation end at ply {at.ply}"
            at.annotations = {"mark": "!?", "tags": ["x"], "n": at.ply}
        record.root.comment = "start"

        text = record.dumps()
        loaded = loads_record(text)
        assert loaded.dumps() == text
        path = tmp_path / f"{case.name}-{ln.seed}.json"
        record.save(path)
        again = load_record(path)
        for copy_ in (loaded, again):
            assert copy_.game.variant == game.variant and copy_.seed == record.seed
            assert copy_.players == record.players and copy_.metadata == record.metadata
            mine = reading_order(copy_)
            theirs = reading_order(record)
            assert len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                assert (a.text, a.comment, a.annotations) == (b.text, b.comment, b.annotations)
                assert a.state == b.state
                assert [c.text for c in a.children] == [c.text for c in b.children]


# -- chance -------------------------------------------------------------------------------------------


@cases
def test_chance_outcomes_are_legal_chance_moves_summing_to_one(case):
    game = case.game
    rng = random.Random(0)
    due = 0
    for ln in lines(case):
        for state in ln.states[:: max(1, len(ln.states) // 40)]:
            outcomes = game.chance_outcomes(state)
            if game.to_act(state) != (CHANCE,):
                assert outcomes == []
                continue
            due += 1
            assert game.chance, "chance acts in a game that declares no chance"
            moves = [m for m, _ in outcomes]
            assert moves and len(moves) == len(set(moves))
            assert all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
            legal = set(game.legal_moves(state, CHANCE))
            for move in moves:
                assert game.move_player(move) == CHANCE and move in legal and game.is_legal(state, move)
            assert game.chance_move(state, rng) in set(moves)
    assert due or not game.chance


# -- observations and hidden information --------------------------------------------------------------


@cases
def test_a_resample_keeps_what_the_seat_knows(case):
    game = case.game
    for ln in lines(case):
        rng = random.Random(ln.seed)
        for state in ln.sample(8):
            assert game.observation(state, None) == state
            for seat in range(game.seats):
                guess = game.resample(state, seat, rng)
                assert game.observation(guess, seat) == game.observation(state, seat)
                if not game.hidden_information:
                    assert guess == state
                if seat in game.to_act(guess) or seat in game.to_act(state):
                    assert set(game.legal_moves(guess, seat)) == set(game.legal_moves(state, seat))


def seat_view(game: Game, state: Any, seat: int) -> str:
    """Everything a board shows to a seat: the scene, the status, its moves' paths and labels."""
    moves = sorted((game.move_paths(state, m), game.move_text_for(state, m, seat), game.move_label(state, m))
                   for m in game.legal_moves(state, seat))
    return json.dumps([game.scene(state, viewer=seat), game.status(state), moves], sort_keys=True, default=str)


@cases
def test_a_seat_is_shown_nothing_of_another_seat_s_secrets(case):
    game = case.game
    if not game.hidden_information:
        pytest.skip("nothing is hidden in this game")
    for ln in lines(case):
        rng = random.Random(ln.seed)
        for state in ln.sample(8):
            for seat in range(game.seats):
                shown = seat_view(game, state, seat)
                for _ in range(4):
                    assert seat_view(game, game.resample(state, seat, rng), seat) == shown
            # a chance move reads the same to a seat whenever it leaves that seat knowing the same
            outcomes = [m for m, _ in game.chance_outcomes(state)]
            for seat in range(game.seats):
                labels: dict[str, set[str]] = {}
                for move in outcomes:
                    seen = json.dumps(game.observation(game.apply(state, move), seat), default=sorted)
                    labels.setdefault(seen, set()).add(game.move_text_for(state, move, seat))
                assert all(len(texts) == 1 for texts in labels.values()), labels
