"""The kit: a game written as a `kit.Game` subclass plays as the package's own games do.

Stacktics written with the kit (kit_stacktics.py) agrees with the shipped engine on every legal
move and outcome; `kit.check` names what fails in broken games; a designer's slip is told by its
rule and its line and leaves the game in hand as it was; a cell run again replaces its game, and a
record of the earlier definition is refused; free tables, dice, lying pieces and holes pass the
checks; hostile position JSON is refused by name; the computer players play a kit game.

Every game a test registers is unregistered after it (`unregistered`), so that the tests that
iterate over the registered games never meet one.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import random
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import icewidgets
from icewidgets import kit
from icewidgets.agents import make_agent, play_game
from icewidgets.core.chance import CHANCE
from icewidgets.core.errors import BadPosition, IllegalMove, InvalidMoveText, RecordError
from icewidgets.core.record import Record, loads_text, record_from_json
from icewidgets.core.registry import GAMES, game_class, register_game
from icewidgets.core.scene_types import problems as scene_problems
from icewidgets.games.stacktics import Stacktics
from icewidgets.games.stacktics import moves as shipped
from icewidgets.session import Session

ROOT = Path(__file__).resolve().parent.parent
CELL = "/tmp/ipykernel_1/123.py"  # where a notebook's cell says its code is
QUICK = os.environ.get("ICEWIDGETS_HYPOTHESIS", "ci") == "dev"  # the quick tier (strength.py)


@pytest.fixture(autouse=True)
def unregistered():
    """Every game a test registers leaves the registry after it."""
    before = set(GAMES)
    yield
    for name in set(GAMES) - before:
        GAMES.pop(name)


@pytest.fixture
def kit_stacktics() -> type[kit.Game]:
    cls = importlib.import_module("kit_stacktics").KitStacktics
    return register_game(cls)


def cell(source: str, namespace: dict[str, Any] | None = None, module: str = "cell_kit") -> dict[str, Any]:
    """Run a designer's cell as a notebook would: its code from a file of the kernel's."""
    namespace = {"__name__": module} if namespace is None else namespace
    exec(compile(textwrap.dedent(source), CELL, "exec"), namespace)
    return namespace


def line_of(source: str, marker: str) -> int:
    """The line of a cell's source that holds `marker`, counted from 1."""
    return next(n for n, line in enumerate(textwrap.dedent(source).splitlines(), 1) if marker in line)


def random_positions(game: Any, games: int, seed: int = 0, max_moves: int = 300):
    """(position, legal moves) along random games, chance played by the seed."""
    rng = random.Random(seed)
    for number in range(games):
        pos = game.start(number)
        for _ in range(max_moves):
            acting = game.to_act(pos)
            if not acting:
                break
            if acting == (CHANCE,):
                pos = game.play(pos, game.chance_move(pos, rng))
                continue
            legal = list(game.legal_moves(pos))
            yield pos, legal
            pos = game.play(pos, rng.choice(legal))


# -- 1. faithful: the kit's Stacktics is the shipped engine's --------------------------------------

BOARDS = (("4x4", 2), ("3x5", 2), ("5x5", 3), ("6x6", 4), ("7x6", 5), ("7x7", 5))
RULES = tuple({"pie_rule": pie, "no_moves": stuck} for pie in (True, False) for stuck in ("loss", "draw"))
GAMES_IN_ALL = 100 if QUICK else 2000  # spread over the boards and their rules
KIT_KIND = {shipped.Move: kit.Move, shipped.Stack: kit.Stack, shipped.Capture: kit.Capture}


def as_kit(move: Any) -> Any:
    """A shipped move as the kit's: the same fields; the swap is the kit game's own move."""
    kind = KIT_KIND.get(type(move))
    return kit.Own(move.player, "swap", ()) if kind is None else kind(*move)


def agree(ours: Any, theirs: Any, pos: Any, state: Any, where: str) -> list[Any]:
    """The shipped engine's legal moves, once both engines agree on them and on the outcome."""
    legal = list(theirs.legal_moves(state))
    assert set(map(as_kit, legal)) == set(ours.legal_moves(pos)), where
    assert ours.is_over(pos) == theirs.is_over(state), where
    told, truth = ours.outcome(pos), theirs.outcome(state)
    assert (told is None) == (truth is None), where
    if truth is not None:
        assert (told.winners, told.scores) == (truth.winners, truth.scores), where
    return legal


def test_the_kit_s_stacktics_agrees_with_the_shipped_engine_on_every_position_of_random_games(kit_stacktics):
    """2,000 random games in all (100 in the quick tier), spread over the six boards and the four
    rule sets (pie rule on and off, a seat with no move losing or drawing), both engines driven by
    the same random moves (made with `apply`): the same legal moves (as sets) and the same outcome
    in every position. 2,000 games on each board take about 270 s of CPU, too long for a test (run
    by hand, they agree too)."""
    ends: Counter[str] = Counter()
    for number in range(GAMES_IN_ALL):
        board, size = BOARDS[number % len(BOARDS)]
        rules = RULES[number // len(BOARDS) % len(RULES)]
        ours, theirs = kit_stacktics(size=size, board=board, **rules), Stacktics(size=size, board=board, **rules)
        rng = random.Random(number)
        pos, state = ours.start(), theirs.start()
        for ply in range(10_000):
            legal = agree(ours, theirs, pos, state, f"game {number} ({board}, {rules}), ply {ply}")
            if not legal:
                break
            move = rng.choice(legal)
            pos, state = ours.apply(pos, as_kit(move)), theirs.apply(state, move)
        ends[theirs.outcome(state).reason.split(":")[0].split()[-1]] += 1
    assert ends["needed"] and ends["draw"], ends  # wins, and draws by the quiet limit


def stuck_prone(theirs: Any, rng: random.Random) -> Any:
    """A shipped state with a few stacks at random (each one army's, no larger piece on a smaller),
    where an army often has no move."""
    board: list[tuple[int, ...]] = [()] * theirs.board.squares
    for sq in rng.sample(range(len(board)), rng.randint(2, 6)):
        army = rng.randint(0, 1)
        sizes = sorted(rng.sample((1, 2, 3), rng.randint(1, 3)), reverse=True)
        board[sq] = tuple(army * 3 + s - 1 for s in sizes)
    win, ply = theirs.variant.winning_pips, rng.randint(1, 5)
    pips = rng.sample([rng.randint(0, win), rng.randint(0, win - 1)], 2)  # one army at most has won
    if ply == 1:  # the first move captures nothing (so the swap after it hands over no captures)
        pips = [0, 0]
    return shipped.State(tuple(board), rng.randint(0, 1), rng.randint(0, 1), (pips[0], pips[1]), rng.randint(0, 199),
                         ply)


def as_kit_position(ours: Any, state: Any) -> Any:
    """The kit's position of a shipped state: seats to act and captured pieces are by seat."""
    captured = [(), ()]
    for army, pips in enumerate(state.captured):
        captured[army ^ state.swapped] = ((1 - army) * 3,) * pips  # smalls of the other army
    return ours.empty()._replace(stacks=state.board, stashes=((0,) * 6, (0,) * 6), captured=tuple(captured),
                                 turn=state.turn ^ state.swapped, swapped=state.swapped, quiet=state.quiet,
                                 ply=state.ply)


def same(pos: Any, state: Any) -> bool:
    """A kit position and a shipped state alike: the board, the seat to act, the counters and
    each seat's captured pips."""
    pips = tuple(sum(p % 3 + 1 for p in taken) for taken in pos.captured)
    return (pos.stacks, pos.turn, pos.swapped, pos.quiet, pos.ply, pips) == (
        state.board, state.turn ^ state.swapped, state.swapped, state.quiet, state.ply,
        (state.captured[state.swapped], state.captured[1 ^ state.swapped]))


def test_the_kit_s_stacktics_agrees_on_sparse_positions_where_an_army_is_often_stuck(kit_stacktics):
    """Random games seldom leave a seat without a move: sparse positions made at random do, under
    both readings of `no_moves`, and both engines agree on them too, and on the position after
    each legal move."""
    rng = random.Random(7)
    stuck: Counter[str] = Counter()
    for number in range(60 if QUICK else 600):
        board, size = BOARDS[number % len(BOARDS)]
        rules = RULES[number // len(BOARDS) % len(RULES)]
        ours, theirs = kit_stacktics(size=size, board=board, **rules), Stacktics(size=size, board=board, **rules)
        state = stuck_prone(theirs, rng)
        pos = as_kit_position(ours, state)
        assert ours.scores(pos) == theirs.scores(state)
        for move in agree(ours, theirs, pos, state, f"position {number}: {state}"):
            assert same(ours.apply(pos, as_kit(move)), theirs.apply(state, move)), (state, move)
        if (outcome := theirs.outcome(state)) is not None and "no legal move" in outcome.reason:
            stuck[rules["no_moves"]] += 1
    assert stuck["loss"] and stuck["draw"], stuck


def test_the_kit_s_stacktics_draws_every_position_it_reaches(kit_stacktics):
    for board, size in BOARDS:
        game = kit_stacktics(size=size, board=board, pie_rule=True)
        for pos, _ in random_positions(game, 2, seed=size, max_moves=80):
            assert scene_problems(game.scene(pos)) == [], board
            assert scene_problems(game.setup_scene(pos)) == [], board


def test_the_kit_s_stacktics_plays_by_clicks_through_a_session(kit_stacktics):
    game = kit_stacktics(size=2, pie_rule=True)
    s = Session(Record(game, 0), background=False)
    rng = random.Random(3)
    played = []
    for ply in range(12):
        state = s.node.state
        clickable = [m for m in game.legal_moves(state) if game.move_paths(state, m)]
        if not clickable or game.is_over(state):
            break
        move = rng.choice(clickable)
        [path] = game.move_paths(state, move)
        s.receive({"do": "path", "cursor": s.node.id, "seat": move.player, "path": list(path)})
        assert s.shown["error"] == "", s.shown["error"]
        assert s.node.ply == ply + 1 and s.node.move == move
        played.append(s.node.text)
    assert len(played) >= 6
    assert [n.text for n in s.record.mainline()] == played
    # a click that is no move is refused in words, and changes nothing
    s.receive({"do": "path", "cursor": s.node.id, "seat": s.node.state.turn, "path": ["a1", "zz9"]})
    assert s.shown["error"] and s.node.ply == len(played)


# -- 2. kit.check names what fails --------------------------------------------------------------------

BROKEN_HEAD = """
import icewidgets
from icewidgets import kit

class Broken(kit.Game):
    \"\"\"Put a small on an empty square, until the board is full.\"\"\"

    title = "Kit Broken"
    table = kit.Grid(3, 3)
    stash = {1: 5}
    counters = {"ply": 0}

    def moves(self, pos):
        return self.placements(pos)

    def placements(self, pos):
        for sq in self.table.places:
            if not pos.stacks[sq] and pos.stash():
                yield pos.place(pos.stash()[0], sq)

    def after(self, before, move, pos):
        return pos.replace(ply=pos.ply + 1)

    def result(self, pos):
        if pos.ply >= 9:
            return kit.by_score("the board is full")
"""

BREAKS = {
    "raises": ("""
    def moves(self, pos):
        if pos.ply == 3:
            return [1 / 0]  # the slip
        return self.placements(pos)
""", "Kit Broken's moves raised ZeroDivisionError: division by zero (line {line} of the cell"),
    "text": ("""
    def moves(self, pos):
        yield from self.placements(pos)
        yield pos.own("pass")  # the slip
""", "the move text 'pass' reads back as another move"),
    "endless": ("""
    def moves(self, pos):
        yield pos.own("wait")  # the slip

    def result(self, pos):
        return None
""", "did not end in 60 moves"),
    "refuses": ("""
    def refuse(self, pos, move):
        return "not there" if move.to == 0 else None  # the slip
""", "refuse gives a reason for r1@a1, which moves allows: 'not there'"),
    "json": ("""
    counters = {"ply": 0, "spread": 0.0}

    def after(self, before, move, pos):
        return pos.replace(ply=pos.ply + 1, spread=float("nan") if pos.ply == 2 else 0.0)  # the slip
""", "the position does not survive JSON"),
}


def broken(kind: str) -> tuple[type[kit.Game], str]:
    """A game broken one way (its class replaces the good one's rules) and the words that name it."""
    extra, words = BREAKS[kind]
    source = BROKEN_HEAD + textwrap.indent(textwrap.dedent(extra), "    ")
    cls = cell(source, module=f"cell_broken_{kind}")["Broken"]
    return cls, words.format(line=line_of(source, "# the slip"))


@pytest.mark.parametrize("kind", BREAKS)
def test_kit_check_names_what_is_broken(kind):
    cls, words = broken(kind)
    report = kit.check(cls, games=5, max_moves=60)
    assert not report.ok
    assert words in str(report), str(report)
    assert "problem(s)" in str(report)


def test_kit_check_passes_a_good_game(kit_stacktics):
    report = kit.check(kit_stacktics, games=3, size=2, max_quiet_plies=40)
    assert report.ok, str(report)
    assert report.games == 3 and report.moves > 100
    assert "no problems" in str(report)


def test_a_counter_holding_a_tuple_is_an_impossible_position():
    source = BROKEN_HEAD + textwrap.indent(textwrap.dedent("""
        def after(self, before, move, pos):
            return pos.replace(ply=(pos.ply + 1,))
    """), "    ")
    report = kit.check(cell(source)["Broken"], games=2)
    assert "the counter ply holds tuple, not a number or text" in str(report), str(report)


# -- 3. a designer's slips ------------------------------------------------------------------------------

SLIP = """
import icewidgets
from icewidgets import kit

class Slip(kit.Game):
    title = "Kit Slip"
    table = kit.Grid(3, 3)
    stash = {1: 4}
    counters = {"ply": 0}

    def moves(self, pos):
        for sq in self.table.places:
            if not pos.stacks[sq]:
                if pos.ply == 1:
                    yield {WHAT}  # the slip
                yield pos.place(pos.stash()[0], sq)

    def after(self, before, move, pos):
        return pos.replace(ply=pos.ply + 1)

    def result(self, pos):
        if not any(pos.stashes[pos.turn]):
            return kit.draw("the stashes are empty")
"""

SLIPS = {  # what the moves give after the first move, and what the slip says of it
    "raises": ("pos.stacks[99]", "Kit Slip's moves raised IndexError: tuple index out of range"),
    "no move": ("'a1'", "Kit Slip's moves gives 'a1', which is no move"),
    "off the table": ("pos.move(0, 42)", "which names a place the table does not have"),
}


def slipping(kind: str) -> tuple[kit.Game, str, str]:
    what, words = SLIPS[kind]
    source = SLIP.replace("{WHAT}", what)
    game = cell(source, module=f"cell_slip_{kind.replace(' ', '_')}")["Slip"]()
    return game, words, f"line {line_of(source, '# the slip')} of the cell"


@pytest.mark.parametrize("kind", SLIPS)
def test_a_slip_in_the_designer_s_moves_is_told_by_its_rule_and_line_by_play(kind):
    game, words, line = slipping(kind)
    start = game.start()
    with pytest.raises(kit.DesignSlip) as e:
        game.play(start, next(iter(game.legal_moves(start))))
    assert words in str(e.value) and line in str(e.value)


@pytest.mark.parametrize("kind", SLIPS)
def test_a_slip_shows_on_the_board_s_error_line_and_the_game_in_hand_is_kept(kind):
    game, words, line = slipping(kind)
    s = Session(Record(game, 0), background=False)
    s.receive({"do": "path", "cursor": 0, "seat": 0, "path": ["stash:0:r1", "b2"]})
    assert words in s.shown["error"] and line in s.shown["error"], s.shown["error"]
    assert s.node.id == 0 and s.shown["cursor"] == 0 and len(s.record) == 1
    s.receive({"do": "text", "cursor": 0, "text": "r1@c3"})
    assert words in s.shown["error"] and line in s.shown["error"], s.shown["error"]
    assert s.node.id == 0 and s.shown["cursor"] == 0 and len(s.record) == 1


# -- 4. running a cell again ------------------------------------------------------------------------------

ITERATED = """
import icewidgets
from icewidgets import kit

class Iterated(kit.Game):
    title = "Kit Iterated"
    table = kit.Grid(3, 3)
    stash = {1: 3}

    def moves(self, pos):
        for sq in self.table.places:
            if not pos.stacks[sq] and pos.stash():
                yield pos.place(pos.stash()[0], sq)

    def result(self, pos):
        if not any(pos.stashes[pos.turn]):
            return kit.{END}("the stashes are empty")
"""


def test_a_cell_run_again_replaces_its_game_and_a_record_of_the_earlier_rules_is_refused_by_name():
    namespace = {"__name__": "cell_iterated"}
    first = cell(ITERATED.replace("{END}", "draw"), namespace)["Iterated"]
    record = Record(first(), 0)
    node = record.add_text(record.root, "r1@b2")
    record.add_text(node, "b1@a1")
    data, text = record.to_json(), record.to_text()
    assert record_from_json(data).mainline()[-1].text == "b1@a1"

    second = cell(ITERATED.replace("{END}", "by_score"), namespace)["Iterated"]
    assert second is not first and game_class("kit-iterated") is second
    for read in (lambda: record_from_json(json.loads(json.dumps(data))), lambda: loads_text(text)):
        with pytest.raises(RecordError, match="another definition of 'Kit Iterated'"):
            read()

    third = cell(ITERATED.replace("{END}", "draw"), namespace)["Iterated"]
    assert game_class("kit-iterated") is third
    assert [n.text for n in record_from_json(data).mainline()] == ["r1@b2", "b1@a1"]
    assert [n.text for n in loads_text(text).mainline()] == ["r1@b2", "b1@a1"]


def test_another_game_of_the_same_name_is_not_a_redefinition():
    cell(ITERATED.replace("{END}", "draw"), module="cell_one")
    with pytest.raises(ValueError, match="the game name 'kit-iterated' is taken"):
        cell(ITERATED.replace("{END}", "draw"), module="cell_two")


# -- 5. tables, dice, lying pieces ----------------------------------------------------------------------------

FREE = """
import icewidgets
from icewidgets import kit

class FreeStacks(kit.Game):
    \"\"\"Place on a free table, on an empty place or a top no smaller; a top of two captures.\"\"\"

    title = "Kit Free Stacks"
    table = kit.Free(6)
    stash = {1: 2, 2: 2, 3: 1}

    def moves(self, pos):
        for p in pos.stash():
            for t in self.table.places:
                top = pos.top(t)
                if top is None or kit.size(top) >= kit.size(p):
                    yield pos.place(p, t)
        for t in self.table.places:
            stack = pos.stacks[t]
            if len(stack) >= 2 and kit.colour(stack[-1]) == pos.turn:
                for u in self.table.places:
                    if u != t and pos.stacks[u] and kit.colour(pos.stacks[u][-1]) != pos.turn:
                        yield pos.capture(t, u, len(stack) - 1)

    def result(self, pos):
        if not any(pos.stashes[pos.turn]):
            return kit.by_score("the stashes are empty")
"""

DICE = """
import icewidgets
from icewidgets import kit

class DiceRace(kit.Game):
    \"\"\"Roll, then go the roll's pips, or stay; ten pips win.\"\"\"

    title = "Kit Dice Race"
    table = kit.Grid(3, 1)
    dice, sides = 2, 3
    counters = {"red": 0, "blue": 0}

    def moves(self, pos):
        yield pos.own("go")
        if sum(pos.dice) < 4:
            yield pos.pass_turn()

    def label(self, pos, move):
        return f"go {sum(pos.dice)}"

    def after(self, before, move, pos):
        if isinstance(move, kit.Own):
            seat = ("red", "blue")[before.turn]
            return pos.replace(**{seat: getattr(pos, seat) + sum(before.dice)})
        return pos

    def score(self, pos, seat):
        return (pos.red, pos.blue)[seat]

    def result(self, pos):
        if max(pos.red, pos.blue) >= 10:
            return kit.by_score("ten pips")
"""

LYING = """
import icewidgets
from icewidgets import kit

class Pointers(kit.Game):
    \"\"\"Lay pieces pointing east around a hole, then turn your own, six turns in all.\"\"\"

    title = "Kit Pointers"
    table = kit.Grid(3, 3, holes=["b2"])
    stash = {1: 2, 2: 1}
    counters = {"turns": 0}

    def moves(self, pos):
        for p in pos.stash():
            for sq in self.table.places:
                if not pos.stacks[sq]:
                    yield pos.place(kit.piece(kit.colour(p), kit.size(p), "e"), sq)
        for sq in self.table.places:
            top = pos.top(sq)
            if top is not None and kit.colour(top) == pos.turn:
                for way in range(5):
                    if way != kit.facing(top):
                        yield pos.turn_piece(sq, way)

    def after(self, before, move, pos):
        return pos.replace(turns=pos.turns + isinstance(move, kit.Turn))

    def result(self, pos):
        if pos.turns >= 6:
            return kit.draw("six turns")
"""

OWN = """
import icewidgets
from icewidgets import kit

class Jumps(kit.Game):
    title = "Kit Jumps"
    table = kit.Grid(4, 4)
    stash = {1: 3}
    counters = {"ply": 0}

    def moves(self, pos):
        for p in pos.stash():
            for sq in self.table.places:
                if not pos.stacks[sq]:
                    yield pos.place(p, sq)
        for sq in self.table.places:
            if pos.top(sq) is not None and kit.colour(pos.top(sq)) == pos.turn:
                yield pos.own("lift", sq)
                for n in self.table.neighbours(sq):
                    if not pos.stacks[n]:
                        yield pos.own("jump", sq, n)

    def after(self, before, move, pos):
        if isinstance(move, kit.Own):
            stacks = list(pos.stacks)
            if move.name == "jump":
                a, b = move.places
                stacks[b], stacks[a] = stacks[a], ()
            else:
                stacks[move.places[0]] = stacks[move.places[0]][:-1]
            pos = pos.replace(stacks=tuple(stacks))
        return pos.replace(ply=pos.ply + 1)

    def result(self, pos):
        if pos.ply >= 20:
            return kit.draw("twenty")
"""


def test_moves_of_the_game_s_own_are_clicked_by_their_places_and_a_path_another_s_prefix_is_a_button():
    game = cell(OWN)["Jumps"]()
    pos = game.start()
    for text in ("r1@a1", "b1@d4"):
        pos = game.play(pos, game.parse_move(pos, text))
    jump, lift = game.parse_move(pos, "jump a1 b2"), game.parse_move(pos, "lift a1")
    assert game.move_paths(pos, jump) == [("a1", "b2")] and game.path_move(pos, 0, ("a1", "b2")) == jump
    assert game.move_paths(pos, lift) == []  # ("a1",) begins the jumps' paths
    report = kit.check(game, games=5)
    assert report.ok, str(report)


def round_trips(game: Any, games: int = 4) -> Counter[str]:
    """Every legal move of random games reads back from its text; the kinds of move met."""
    kinds: Counter[str] = Counter()
    for pos, legal in random_positions(game, games):
        for move in legal:
            assert game.parse_move(pos, game.move_text(pos, move)) == move
            kinds[game.move_kind(move)] += 1
    return kinds


@pytest.mark.parametrize(("source", "kinds"), [
    pytest.param(FREE, {"place", "capture"}, id="free"), pytest.param(DICE, {"go", "pass"}, id="dice"),
    pytest.param(LYING, {"place", "turn"}, id="lying")])
def test_free_tables_dice_and_lying_pieces_pass_the_checks(source, kinds):
    namespace = cell(source)
    cls = next(v for v in namespace.values() if isinstance(v, type) and issubclass(v, kit.Game) and v is not kit.Game)
    assert kinds <= set(round_trips(cls()))
    report = kit.check(cls, games=10)
    assert report.ok, str(report)


def test_a_kit_game_s_variant_reads_back_from_its_text(kit_stacktics):
    game = kit_stacktics(size=5, board="7x7", pie_rule=False, no_moves="draw")
    assert str(game.variant).startswith("kit-stacktics(")
    assert type(game.variant).parse(str(game.variant)) == game.variant


def test_a_move_naming_what_the_table_lacks_is_refused_not_raised():
    game = cell(OWN)["Jumps"]()
    start = game.start()
    for move in (kit.Own(0, "jump", (0, 99)), kit.Move(0, 99, 0, 1), kit.Place(0, 0, 99), kit.Own(0, "lift", ("a1",))):
        assert not game.is_legal(start, move)
        assert game.illegal_reason(start, move).startswith("no move of Kit Jumps")


def test_a_free_table_names_its_stacks():
    game = cell(FREE)["FreeStacks"]()
    pos = game.play(game.start(), game.parse_move(game.start(), "r3@T4"))
    assert game.position_to_json(pos)["stacks"] == {"T4": ["r3"]}
    assert game.table.names == ("T1", "T2", "T3", "T4", "T5", "T6")
    assert [r["kind"] for r in game.scene(pos)["regions"]][:2] == ["towers", "piles"]


def test_the_dice_are_chance_whose_outcomes_sum_to_one():
    game = cell(DICE)["DiceRace"]()
    start = game.start()
    assert game.to_act(start) == (CHANCE,)
    outcomes = game.chance_outcomes(start)
    assert len(outcomes) == 9 and math.isclose(sum(p for _, p in outcomes), 1.0)
    assert game.chance and set(game.legal_moves(start)) == {m for m, _ in outcomes}
    assert list(game.legal_moves(start, CHANCE)) and not list(game.legal_moves(start, 0))
    roll = game.chance_from_values(start, [1, 2])
    assert roll == kit.Roll(CHANCE, (1, 2)) and roll in [m for m, _ in outcomes]
    for bad in ([4, 1], [1], [1, 2, 3], ["1", 2], [True, 1]):
        with pytest.raises(IllegalMove):
            game.chance_from_values(start, bad)
    rolled = game.play(start, roll)
    assert game.to_act(rolled) == (0,) and {game.move_text(rolled, m) for m in game.legal_moves(rolled)} == {"go", "pass"}
    gone = game.play(rolled, game.parse_move(rolled, "go"))
    assert gone.red == 3 and gone.dice is None and game.to_act(gone) == (CHANCE,)
    assert game.chance_outcomes(gone) and game.parse_move(start, "roll 1 2") == roll
    with pytest.raises(IllegalMove):
        game.play(start, kit.Roll(CHANCE, (1, 4)))


def test_lying_pieces_keep_their_facing_through_text_json_and_the_board():
    game = cell(LYING)["Pointers"]()
    start = game.start()
    assert "b2" not in [game.table.name(p) for p in game.table.places] and len(game.table.places) == 8
    pos = game.play(start, game.parse_move(start, "r2e@a1"))
    pos = game.play(pos, game.parse_move(pos, "b1e@c3"))
    turned = game.play(pos, game.parse_move(pos, "a1.0>n"))
    assert turned.stacks[0] == (kit.piece(0, 2, "n"),) and game.move_text(pos, game.parse_move(pos, "a1.0^")) == "a1.0^"
    assert game.position_to_json(turned)["stacks"] == {"a1": ["r2n"], "c3": ["b1e"]}
    assert game.position_from_json(game.position_to_json(turned)) == turned
    drawn = [p for r in game.scene(turned)["regions"] if r["kind"] == "grid" for c in r["cells"] for p in c["pieces"]]
    assert sorted(p.get("facing") for p in drawn) == ["e", "n"]
    with pytest.raises(InvalidMoveText, match="'b2' is no place of Kit Pointers"):
        game.parse_move(pos, "r1e@b2")  # the hole
    with pytest.raises(IllegalMove):
        game.play(pos, kit.Place(0, kit.piece(0, 1, "e"), game.table.square(1, 1) or 4))



def test_refusals_and_the_editor_name_pieces_and_places_as_the_board_draws_them():
    """A refused turn names the piece by colour, size and square, never its id ("a1.0"); a click in
    the editor on a piece where a place is wanted names its square."""
    game = cell(LYING)["Pointers"]()
    pos = game.play(game.start(), game.parse_move(game.start(), "r2e@a1"))  # Blue to act: a1 is Red's
    reason = game.why_illegal(pos, kit.Turn(1, game.where("a1"), 0, 1))
    assert reason == "no move of Kit Pointers lays the red medium on a1 pointing north here"
    assert game.why_illegal(pos, kit.Turn(1, game.where("a1"), 0, 0)).startswith("no move of Kit Pointers stands up the red")
    assert game.explain_setup(pos, ("supply:b1", "a1.0")).startswith("a1 is no place for it")

# -- 6. hostile position JSON -----------------------------------------------------------------------------------

GOOD = {"stacks": {"a1": ["r1"]}, "stashes": [{"r1": 4}, {"b1": 5}], "captured": [[], []], "turn": 1,
        "dice": None, "counters": {"ply": 1}}

HOSTILE = {
    "an unknown field": ({"bogus": 1}, "bogus"),
    "an unknown counter": ({"counters": {"ply": 1, "score": 3}}, "score"),
    "a bad piece code": ({"stacks": {"a1": ["z9"]}}, "piece 0 on a1"),
    "a piece as a number": ({"stacks": {"a1": [0]}}, "piece 0 on a1"),
    "a bad place": ({"stacks": {"k11": ["r1"]}}, "k11"),
    "stacks as a list": ({"stacks": [["r1"]]}, "stacks"),
    "a turn as text": ({"turn": "1"}, "turn"),
    "a turn out of range": ({"turn": 2}, "turn"),
    "a count as text": ({"stashes": [{"r1": "4"}, {}]}, "stash 0"),
    "a negative count": ({"stashes": [{"r1": -1}, {}]}, "stash 0"),
    "a stash's bad code": ({"stashes": [{"q1": 1}, {}]}, "stash 0"),
    "three stashes": ({"stashes": [{}, {}, {}]}, "stashes"),
    "a huge stack": ({"stacks": {"a1": ["r1"] * 100_000}}, "a1"),
    "a huge captured list": ({"captured": [["b1"] * 100_000, []]}, "captured"),
    "a huge count": ({"stashes": [{"r1": 10**12}, {}]}, "stash 0"),
    "a counter holding a list": ({"counters": {"ply": [1]}}, "ply"),
    "dice in a game without": ({"dice": [3]}, "dice"),
    "many unknown counters": ({"counters": {f"c{i}": 0 for i in range(900)}}, "unknown"),
    "a long place name": ({"stacks": {"a" * 100_000: ["r1"]}}, "no place"),
    "a long stash code": ({"stashes": [{"r" * 100_000: 1}, {}]}, "stash 0"),
    "a counter holding text": ({"counters": {"ply": "1"}}, "ply"),
    "a counter holding true": ({"counters": {"ply": True}}, "ply"),
    "a counter holding nan": ({"counters": {"ply": math.nan}}, "ply"),
    "not an object": (None, "position"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_position_json_is_refused_naming_the_problem(case):
    game = cell(BROKEN_HEAD)["Broken"]()
    assert game.position_from_json(json.loads(json.dumps(GOOD))) is not None
    change, named = HOSTILE[case]
    data = "a position" if change is None else {**json.loads(json.dumps(GOOD)), **change}  # fresh
    with pytest.raises(BadPosition) as e:
        game.position_from_json(data)
    assert named in str(e.value), str(e.value)
    assert len(str(e.value)) < 600


# -- 7. the computer players ----------------------------------------------------------------------------

def test_simulate_plays_a_kit_game_with_random_and_mcts_agents(kit_stacktics):
    pytest.importorskip("pandas")
    from icewidgets import simulate

    frame = simulate(kit_stacktics(size=2, max_quiet_plies=40), ["random", "mcts:20"], games=3, progress=False)
    assert len(frame) == 3 and set(frame["ended_by"]) == {"rules"}, frame[["ended_by", "error"]]
    assert all(str(a) for a in frame["agents"])


def test_the_greedy_agent_plays_a_kit_game(kit_stacktics):
    game = kit_stacktics(size=2, max_quiet_plies=30)
    greedy = make_agent("greedy", game=game)
    start = game.start()
    assert greedy.choose(game, start, 0) in list(game.legal_moves(start))
    wins = game.position_from_json({
        "stacks": {"a1": ["r3", "r2", "r1"], "b2": ["b1"], "d4": ["b3", "b2"]}, "captured": [["b3", "b2"], []],
        "turn": 0, "counters": {"swapped": 0, "quiet": 3, "ply": 4}})
    assert game.move_text(wins, greedy.choose(game, wins, 0)) == "a1.2xb2"  # the capture that wins
    result = play_game(game, [greedy, "random"], seed=1)
    assert result.ended_by == "rules" and game.is_over(result.state) and result.outcome is not None


def test_a_house_rule_of_a_kit_game_plays_is_checked_and_its_records_read_back(kit_stacktics):
    """A house rule subclasses a kit game as it does a shipped one: its moves rule, its refusals
    agree with them in its name, and its record names both and reads back."""

    @icewidgets.house_rule("kit-stacktics-no-swap", title="Kit Stacktics, no swap")
    class NoSwap(kit_stacktics):
        def moves(self, pos):
            return (m for m in super().moves(pos) if not isinstance(m, kit.Own))

    game = icewidgets.make_game("kit-stacktics-no-swap", size=2)
    base = kit_stacktics(size=2)
    pos = game.play(game.start(), next(game.legal_moves(game.start())))
    assert any(isinstance(m, kit.Own) for m in base.legal_moves(pos))
    assert not any(isinstance(m, kit.Own) for m in game.legal_moves(pos))
    assert game.why_illegal(pos, kit.Own(1, "swap", ())).startswith("no move of Kit Stacktics, no swap")
    record = Record(game, seed=1)
    record.add_text(record.root, game.move_text(game.start(), next(game.legal_moves(game.start()))))
    again = record_from_json(json.loads(json.dumps(record.to_json())))
    assert type(again.game) is NoSwap and [n.text for n in again.mainline()] == [n.text for n in record.mainline()]
    assert kit.check(NoSwap, games=3, size=2).ok


def guide_code(text: str, start: str) -> str:
    """The code of a guide's example from the line starting `start` to the class's end (the lines
    after it play, print and sweep)."""
    lines = text[text.index(start):].splitlines()
    end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() and not line.startswith((" ", "class")))
    return "\n".join(lines[:end])


@pytest.mark.parametrize("where", ["docstring", "readme"])
def test_the_guides_games_are_working_games(where):
    """The game the kit's docstring shows and the one the README's section shows, as written there,
    pass kit.check."""
    if where == "docstring":
        example = kit.__doc__[kit.__doc__.index("    from icewidgets import kit"):]
        code = guide_code(textwrap.dedent(example[:example.index("\n\nA subclass")]), "from icewidgets import kit")
    else:
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        section = readme[readme.index("### Design a new game"):]
        code = section[section.index("```python\n") + 10:]
        code = guide_code(code, "from icewidgets import kit")
    namespace = cell(code)
    cls = next(v for v in namespace.values() if isinstance(v, type) and issubclass(v, kit.Game) and v is not kit.Game)
    report = kit.check(cls, games=5)
    assert report.ok and report.games == 5, str(report)
