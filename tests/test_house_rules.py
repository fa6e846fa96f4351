"""House rules: a subclass of a game that overrides one rule method, registered under its own name,
plays in boards, self-play and sweeps, and in records (which name it); a record whose house rule is
not registered is refused in words that say how to register it. The conformance suite's checks run
over a house rule of every shipped game, narrowing and widening the moves."""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest
import test_conformance as conformance

import icewidgets
from icewidgets import GAMES, IllegalMove, RecordError, house_rule, register_game
from icewidgets.analysis.simulate import InProcess
from icewidgets.core.house_rules import base_game, changed_rules, fingerprints
from icewidgets.core.pieces import size_of
from icewidgets.core.record import Record, loads_record
from icewidgets.games import Ascendancy, Dectana, IceFortress, IceTowers, Stacktics
from icewidgets.games.dectana.decktet import WYRMS
from icewidgets.games.icetowers import Mine


class RestingMines(IceTowers):
    """A mined piece is set down on the table: it may cap only by a later action."""

    def mine_places(self, state, tower, p):
        return [None]


class RestingMinesNoted(IceTowers):
    """The same rule with its comments and docstring reworded."""

    def mine_places(self, state, tower, p):
        """Where a mined piece may go: the table only."""
        # None is the table

        return [None]  # no capping while mining


def mine_places_edited(self, state, tower, p):
    return [None] if tower else []


class HeavyCaps(IceTowers):
    """A large pyramid may cap a medium top too."""

    def may_cap(self, p, top):
        return super().may_cap(p, top) or (size_of(p) == 3 and size_of(top) == 2)


class NoSplits(Ascendancy):
    """Nobody splits: a die that asks for a size you lack is passed."""

    def split_cuts(self, tower, player):
        return []


class FreeStacking(Stacktics):
    """A unit may land on any stack of its own army, whatever the sizes."""

    def may_stack(self, base_size, target):
        return True


class TameWyrms(Dectana):
    """Wyrms never attack: their power may not be used."""

    def may_use(self, state, move):
        return getattr(move, "suit", None) != WYRMS


class LooseSquares(IceFortress):
    """A die one off a white square's values still fits it."""

    def fits(self, square, dice, value):
        if square.kind != "link":
            return square.lo - 1 <= value <= square.hi + 1
        return super().fits(square, dice, value)


class DoublePips(IceTowers):
    """Every pip counts twice."""

    def pips_by_colour(self, state):
        return [2 * n for n in super().pips_by_colour(state)]


class TenfoldTowers(Ascendancy):
    """A tower is worth ten times its pieces."""

    def tower_points(self, tower):
        return 10 * super().tower_points(tower)


class EarlyWin(Stacktics):
    """The first capture wins."""

    def winning_army(self, state):
        return next((a for a in (0, 1) if state.captured[a]), None)


class CountedPyramids(Dectana):
    """Each pyramid on the board scores a point besides the territories."""

    def scores(self, state):
        return tuple(v + sum(p[2] == s for p in state.pyramids) for s, v in enumerate(super().scores(state)))


# registered while this module's tests run, so that no other test module sees them
HOUSE_RULES = {RestingMines: ("icetowers-resting-mines", "IceTowers, mined pieces rest"),
               HeavyCaps: ("icetowers-heavy-caps", None), NoSplits: ("ascendancy-no-splits", None),
               FreeStacking: ("stacktics-free-stacking", None), TameWyrms: ("dectana-tame-wyrms", None),
               LooseSquares: ("icefortress-loose-squares", None), DoublePips: ("icetowers-double-pips", None),
               TenfoldTowers: ("ascendancy-tenfold-towers", None), EarlyWin: ("stacktics-early-win", None),
               CountedPyramids: ("dectana-counted-pyramids", None)}


@pytest.fixture(autouse=True, scope="module")
def registered():
    for cls, (name, title) in HOUSE_RULES.items():
        house_rule(name, title=title)(cls)
    yield
    for name, _ in HOUSE_RULES.values():
        GAMES.pop(name, None)


HOUSE_CASES = [
    conformance.Case("icetowers-resting-mines", (("players", 2), ("trios", 3))),
    conformance.Case("icetowers-heavy-caps", (("players", 3), ("trios", 2))),
    conformance.Case("ascendancy-no-splits", ()),
    conformance.Case("stacktics-free-stacking", (("size", 3),)),
    conformance.Case("dectana-tame-wyrms", (("max_turns", 40),)),
    conformance.Case("icefortress-loose-squares", (("max_turns", 40),)),
]
SCORING_CASES = [
    conformance.Case("icetowers-double-pips", (("players", 2), ("trios", 3))),
    conformance.Case("ascendancy-tenfold-towers", (("players", 2),)),
    conformance.Case("stacktics-early-win", (("size", 3),)),
    conformance.Case("dectana-counted-pyramids", (("players", 2), ("max_turns", 30))),
]
house_cases = pytest.mark.parametrize("case", HOUSE_CASES, ids=str)


def position_with_a_mine(game=None, seed=0):
    """A state of a random two-player IceTowers game where a mine could cap (shipped rules)."""
    base = IceTowers(players=2, trios=3)
    rng = random.Random(seed)
    for _ in range(200):
        state = base.start()
        while not base.is_over(state):
            mines = [m for m in base.legal_moves(state) if type(m) is Mine and m.onto is not None]
            if mines:
                return state, mines[0]
            state = base.apply(state, rng.choice(list(base.legal_moves(state, rng.choice(base.wants_to_act(state))))))
    raise AssertionError("no position with a mine that caps")


# -- registered -----------------------------------------------------------------------------------


def test_a_house_rule_is_registered_under_its_name_and_knows_its_base():
    assert "icetowers-resting-mines" in icewidgets.games()
    game = icewidgets.make_game("icetowers-resting-mines", players=2)
    assert isinstance(game, RestingMines) and game.title == "IceTowers, mined pieces rest"
    assert base_game(RestingMines) is IceTowers and base_game(IceTowers) is None
    assert changed_rules(RestingMines) == ["mine_places"]
    assert NoSplits.title == "Ascendancy (ascendancy-no-splits)"
    for game_class in (IceTowers, Ascendancy, Stacktics, Dectana):
        assert game_class.rule_methods and all(callable(getattr(game_class, m)) for m in game_class.rule_methods)


def test_a_cell_run_again_replaces_its_class_but_another_class_may_not_take_the_name():
    first = RestingMines

    # the same cell, run again: a new class of the same module and name
    again = type("RestingMines", (IceTowers,), {"__module__": first.__module__, "__qualname__": first.__qualname__,
                                                "mine_places": first.mine_places})
    RestingMines2 = house_rule("icetowers-resting-mines", title="IceTowers, mined pieces rest")(again)
    try:
        assert GAMES["icetowers-resting-mines"] is RestingMines2

        class Other(IceTowers):
            name = "icetowers-resting-mines"
            title = "another"

        with pytest.raises(ValueError, match="taken"):
            register_game(Other)
    finally:
        GAMES["icetowers-resting-mines"] = first


def test_a_fast_path_is_taken_only_while_its_rule_methods_are_the_game_s_own():
    assert IceTowers().shipped("may_cap", "mine_places")
    assert not RestingMines().shipped("mine_places") and RestingMines().shipped("may_cap")
    assert not HeavyCaps().shipped("may_cap", "split_points") and HeavyCaps().shipped("split_points")
    assert not TenfoldTowers().shipped("tower_points") and NoSplits().shipped("tower_points")


def test_a_house_rule_needs_a_registered_base_and_a_name_of_its_own():
    with pytest.raises(ValueError, match="name of its own"):
        house_rule("icetowers")(type("Again", (IceTowers,), {}))
    with pytest.raises(TypeError, match="lower-case"):
        house_rule("Bad Name")
    with pytest.raises(TypeError, match="must subclass a registered game"):
        house_rule("nothing-at-all")(type("Lone", (icewidgets.Game,), {}))


# -- the override changes the moves, and the refusals agree -------------------------------------------


def test_overriding_mine_places_takes_the_capping_mines_out_of_the_legal_moves():
    state, mine = position_with_a_mine()
    base, house = IceTowers(players=2, trios=3), RestingMines(players=2, trios=3)
    assert base.is_legal(state, mine)
    mines = [m for m in house.legal_moves(state) if type(m) is Mine]
    assert mines and all(m.onto is None for m in mines)
    assert not house.is_legal(state, mine)
    assert "IceTowers, mined pieces rest" in house.why_illegal(state, mine)
    with pytest.raises(IllegalMove):
        house.play(state, mine)
    assert house.is_legal(state, mine._replace(onto=None))


def test_a_widening_override_allows_what_the_shipped_rules_refuse():
    game, base = HeavyCaps(players=3, trios=2), IceTowers(players=3, trios=2)
    state = game.play(game.start(), game.parse_move(game.start(), "g2>r2"))  # T1 topped by a medium
    heavy, small = game.parse_move(state, "b3>T1"), game.parse_move(state, "b1>T1")
    assert game.is_legal(state, heavy) and heavy in set(game.legal_moves(state, 2))
    assert not base.is_legal(state, heavy) and heavy not in set(base.legal_moves(state, 2))
    assert game.is_legal(state, small) and base.is_legal(state, small)
    onto_small = game.parse_move(state, "b3>r1")
    assert "IceTowers (icetowers-heavy-caps)" in game.why_illegal(state, onto_small)


@pytest.mark.parametrize("case", HOUSE_CASES + SCORING_CASES, ids=str)
def test_a_house_rule_s_scene_reads_its_rules(case):
    conformance.test_the_scene_reads_the_rules(case)


def test_a_house_rule_that_doubles_the_pips_doubles_the_score_panel():
    game, base = DoublePips(players=2, trios=2), IceTowers(players=2, trios=2)
    state = game.play(game.start(), game.parse_move(game.start(), "r1>g2"))
    panel = [p["score"] for p in game.scene(state)["players"]]
    assert panel == [2 * p["score"] for p in base.scene(state)["players"]] and panel[:2] == list(game.scores(state))


@house_cases
def test_a_house_rule_lists_distinct_moves_for_the_seats_that_may_act(case):
    conformance.test_legal_moves_are_distinct_and_belong_to_the_seats_that_may_act(case)


@house_cases
def test_a_house_rule_replays_from_its_move_texts(case):
    conformance.test_replaying_the_move_texts_of_a_game_reproduces_it(case)


@house_cases
def test_a_house_rule_s_is_legal_is_exact(case):
    conformance.test_is_legal_is_exact_for_legal_moves_and_near_misses(case)


@house_cases
def test_a_house_rule_s_click_paths_choose_its_legal_moves(case):
    conformance.test_every_click_path_chooses_one_legal_move_on_what_the_scene_draws(case)


def test_each_override_changes_the_moves_of_some_position():
    """Every house rule of the suite plays differently from its base somewhere on its lines."""
    for case in HOUSE_CASES:
        house, base = case.game, base_game(type(case.game))(case.game.variant)
        differs = any(set(house.legal_moves(s)) != set(base.legal_moves(s))
                      for ln in conformance.lines(case) for s in ln.sample(40))
        assert differs, case


# -- played, simulated, swept ---------------------------------------------------------------------


def test_a_house_rule_plays_in_a_board():
    board = icewidgets.play("icetowers-resting-mines", players=2, trios=3, seed=1)
    assert board.record.game.name == "icetowers-resting-mines"
    board.play("g1>r1")
    assert board.record.mainline()[-1].text == "g1>r1"


def test_a_house_rule_is_simulated_and_swept_the_same_in_this_process_and_in_worker_processes():
    frame = icewidgets.simulate("icetowers-resting-mines", "random", games=6, seed=3, executor=InProcess(),
                                progress=False, players=2, trios=3)
    assert set(frame["variant"]) == {"icetowers-resting-mines(players=2, trios=3, gus=auto, "
                                     "cap_other_colour_only=false, strict_mining=false, passed_players_wait=false)"}
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        again = icewidgets.simulate(RestingMines, "random", games=6, seed=3, executor=pool, progress=False,
                                    players=2, trios=3)
    assert frame.drop(columns=[]).equals(again)
    base = icewidgets.simulate("icetowers", "random", games=6, seed=3, executor=InProcess(), progress=False,
                               players=2, trios=3)
    import pandas as pd

    table = icewidgets.metrics(pd.concat([base, frame]))
    assert len(table) == 2  # the house rule's games are not mixed with the base game's
    swept = icewidgets.sweep("icetowers-resting-mines", {"strict_mining": [False, True]}, "random", games=3,
                             executor=InProcess(), progress=False, players=2, trios=2)
    assert list(swept["strict_mining"]) == [False] * 3 + [True] * 3


def test_a_house_rule_from_a_notebook_cell_is_refused_by_name_for_spawned_workers():
    cell = type("CellRule", (IceTowers,), {"__module__": "__main__", "mine_places": RestingMines.mine_places})
    house_rule("icetowers-cell-rule")(cell)
    main = sys.modules["__main__"]
    main.CellRule = cell  # as a notebook cell leaves it
    try:
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool, \
                pytest.raises(TypeError, match=r"CellRule \('icetowers-cell-rule'\) is defined in __main__ \(a notebook cell\)"):
            icewidgets.simulate("icetowers-cell-rule", "random", games=2, executor=pool, progress=False)
        frame = icewidgets.simulate("icetowers-cell-rule", "random", games=2, executor=InProcess(), progress=False)
        assert len(frame) == 2
    finally:
        del GAMES["icetowers-cell-rule"], main.CellRule


# -- records --------------------------------------------------------------------------------------


def random_record(game, plies=40, seed=2):
    record, rng = Record(game, seed), random.Random(seed)
    node = record.root
    for _ in range(plies):
        seats = [s for s in game.wants_to_act(node.state)]
        if not seats:
            break
        node = record.add(node, rng.choice(list(game.legal_moves(node.state, rng.choice(seats)))))
    return record


def test_a_record_names_the_house_rule_and_loads_back(tmp_path):
    board = icewidgets.play("icetowers-resting-mines", players=2, trios=3, seed=4)
    for text in ("g1>r1", "r1>T1", "g1>T1"):
        board.play(text)
    path = tmp_path / "game.json"
    board.save(path)
    data = json.loads(path.read_text())
    assert data["game"] == "icetowers-resting-mines"
    assert data["house_rule"] == {"base": "icetowers", "title": "IceTowers, mined pieces rest",
                                  "changes": ["mine_places"],
                                  "about": "A mined piece is set down on the table: it may cap only by a later action.",
                                  "fingerprints": {"mine_places": fingerprints(RestingMines)["mine_places"]}}
    again = icewidgets.load(path)
    assert type(again.record.game) is RestingMines
    assert [n.text for n in again.record.mainline()] == ["g1>r1", "r1>T1", "g1>T1"]
    assert "house_rule" not in json.loads(Record(IceTowers()).dumps())


def test_a_record_of_every_house_rule_round_trips():
    for case in HOUSE_CASES:
        record = random_record(case.game)
        again = loads_record(record.dumps())
        assert type(again.game) is type(case.game)
        assert [n.text for n in again.nodes] == [n.text for n in record.nodes]


def test_loading_a_record_whose_house_rule_is_not_registered_says_how_to_register_it():
    text = random_record(RestingMines(players=2, trios=3)).dumps()
    del GAMES["icetowers-resting-mines"]
    try:
        with pytest.raises(RecordError) as refused:
            loads_record(text)
    finally:
        GAMES["icetowers-resting-mines"] = RestingMines
    message = str(refused.value)
    for words in ("house rule 'icetowers-resting-mines'", "IceTowers, mined pieces rest", "'icetowers'",
                  "mine_places", "@icewidgets.house_rule('icetowers-resting-mines')", "register_game"):
        assert words in message, message


def test_a_record_whose_house_rule_changes_another_game_here_is_refused():
    data = json.loads(random_record(RestingMines(players=2, trios=3)).dumps())
    data["house_rule"]["base"] = "ascendancy"
    with pytest.raises(RecordError, match="a change to 'ascendancy', but 'icetowers-resting-mines' is registered "
                                          "here as a house rule of 'icetowers'"):
        loads_record(json.dumps(data))
    data["house_rule"] = "icetowers"
    with pytest.raises(RecordError, match="must be a JSON object"):
        loads_record(json.dumps(data))


def run_again(**methods):
    """RestingMines's cell run again, its methods as given: registered under the same name."""
    cls = type("RestingMines", (IceTowers,), {"__module__": RestingMines.__module__, "__doc__": RestingMines.__doc__,
                                               "__qualname__": RestingMines.__qualname__, **methods})
    return house_rule("icetowers-resting-mines", title="IceTowers, mined pieces rest")(cls)


def test_a_record_of_another_definition_of_its_house_rule_is_refused_by_name():
    """A designer edits the house rule and runs the cell again: the records played under the
    earlier rules are not replayed (and saved again) under the new ones."""
    played = random_record(RestingMines(players=2, trios=3))
    old = played.dumps()
    try:
        edited = run_again(mine_places=mine_places_edited)
        assert GAMES["icetowers-resting-mines"] is edited  # running the cell again works as ever
        new = random_record(edited(players=2, trios=3)).dumps()
        assert type(loads_record(new).game) is edited
        with pytest.raises(RecordError) as refused:
            loads_record(old)
        message = str(refused.value)
        for words in ("another definition of the house rule 'icetowers-resting-mines' (IceTowers, mined pieces "
                      "rest): the code of mine_places has changed since", "run the definition it was played under",
                      "a name of their own"):
            assert words in message, message
        run_again(mine_places=RestingMines.mine_places, may_cap=HeavyCaps.may_cap)
        with pytest.raises(RecordError, match="it overrode 'mine_places' and the one registered here overrides "
                                              "may_cap, mine_places"):
            loads_record(old)
        restored = run_again(mine_places=RestingMines.mine_places)  # the old definition back: its records read again
        again = loads_record(old)
        assert type(again.game) is restored
        assert [(n.text, n.state) for n in again.nodes] == [(n.text, n.state) for n in played.nodes]
    finally:
        GAMES["icetowers-resting-mines"] = RestingMines


def test_rewording_a_house_rule_s_comments_or_docstring_keeps_its_records():
    old = random_record(RestingMines(players=2, trios=3)).dumps()
    try:
        assert fingerprints(run_again(mine_places=mine_places_edited)) != fingerprints(RestingMines)
        noted = run_again(mine_places=RestingMinesNoted.mine_places)
        assert fingerprints(noted) == fingerprints(RestingMines)
        assert type(loads_record(old).game) is noted
    finally:
        GAMES["icetowers-resting-mines"] = RestingMines


def test_a_record_saved_before_records_kept_fingerprints_is_read_by_its_methods():
    data = json.loads(random_record(RestingMines(players=2, trios=3)).dumps())
    del data["house_rule"]["fingerprints"]
    assert type(loads_record(json.dumps(data)).game) is RestingMines
    data["house_rule"]["changes"] = ["may_cap"]
    with pytest.raises(RecordError, match="it overrode 'may_cap' and the one registered here overrides mine_places"):
        loads_record(json.dumps(data))
    del data["house_rule"]["changes"]
    with pytest.raises(RecordError, match='lists the methods it "changes"'):
        loads_record(json.dumps(data))
