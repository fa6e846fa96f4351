"""Hints that tell moves apart: each game's default hint (its `hint_agent`, its strongest player
that answers within 2 seconds) ranks first the move a hand-built position makes clearly best, and
gives every hinted move the agent's estimate of it (`value`, the seat's or the team's chance of
winning, `value_text` as the board labels it, and the figures in words, `note`), not only its
share of a search.

The positions (each game's own position helpers, as its tests build them):

- Stacktics: Blue's small on e5 threatens Red's lone large on a1 along the long diagonal, and
  that capture would win; of Red's 22 moves only the small from c1 to b2, which blocks the
  diagonal with a single pip, avoids losing at once.
- IceTowers: Green has passed and Red leads, so Red's pass ends the game won.
- Ascendancy: Red's last piece is a queen, and both dice ask for one: on T1, over Green's queen
  that tops Red's, it ends the game with Red controlling T1 (3 points to 0); alone on the table
  it ends the game level.
- Dectana: Red sits alone on the Pact (9), Blue on the Castle (7), after a reshuffle; Red holds
  three Aces, so "end" (the end declared on Red's own turn) wins.
- Ice Fortress: three beacons lit and the fire tower one small room short, with the room in the
  supply: building it wins at once, among pillars that would win only a decision later.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from dectana.positions import pos as dectana_pos
from icefortress.positions import make as fortress_cards
from icefortress.positions import pos as fortress_pos
from icefortress.positions import put
from stacktics.helpers import pos as stacktics_pos

import icewidgets
from icewidgets.agents import MCTS, make_agent
from icewidgets.agents.base import percent, percents
from icewidgets.core.game import Game
from icewidgets.core.record import Record
from icewidgets.session import Session


def hinted(session: Session, seat: int | None = None) -> list[dict[str, Any]]:
    """The default hint, timed: it answers within 2 seconds on a quiet machine (MCTS searches for
    1.5 s at most); 2.5 here, where other tests share the cores."""
    start = time.perf_counter()
    hints = session.hint(seat)
    assert time.perf_counter() - start < 2.5
    assert hints and hints == session.shown["hints"]
    for h in hints:
        assert set(h) == {"text", "label", "path", "share", "value", "value_text", "note"}
        assert h["value"] is None or 0 <= h["value"] <= 1
        assert h["note"]
    return hints


def texts(hints: list[dict[str, Any]]) -> list[str]:
    return [h["text"] for h in hints]


def test_stacktics_hints_the_one_move_that_avoids_losing_at_once() -> None:
    game = icewidgets.make_game("stacktics", size=3)
    session = Session(Record(game, 1))
    session.setup(stacktics_pos(game, {"e5": "b3 b1", "a2": "b2", "b1": "b3", "e1": "b3",
                                       "a1": "r3", "c1": "r2 r1", "e2": "r3 r2 r1"}))
    state = session.state
    # by the rules: every move but c1:1-b2 leaves Blue a capture that wins
    safe = []
    for move in game.legal_moves(state):
        after = game.apply(state, move)
        if not any(game.outcome(game.apply(after, reply)) is not None for reply in game.legal_moves(after)):
            safe.append(game.move_text(state, move))
    assert safe == ["c1:1-b2"] and len(list(game.legal_moves(state))) == 22
    hints = hinted(session)
    assert hints[0]["text"] == "c1:1-b2" and hints[0]["share"] > 0.5
    assert hints[0]["label"] == "the small from c1 to b2"
    # the others are the losses the search proved
    assert all(h["value"] == 0 and "a forced loss found" in h["note"] for h in hints[1:]) and len(hints) == 5
    assert hints[0]["value"] > 0 and hints[0]["note"].startswith(f"wins {hints[0]['value_text']} (")


def test_icetowers_hints_the_pass_that_ends_the_game_won() -> None:
    game = icewidgets.make_game("icetowers", players=2, trios=1, gus=False)
    session = Session(Record(game, 1))
    session.setup({"towers": [["g3", "r3"], ["g2", "g1"]]})
    session.play("g:pass")
    assert game.scores(session.state) == (9, 3)
    hints = hinted(session, 0)
    assert hints[0]["text"] == "r:pass" and hints[0]["value"] == 1
    assert hints[0]["note"] == "wins 100% (a forced win found)" and hints[0]["value_text"] == "100%"
    # the other moves follow, as the heuristic judged them: none certain
    assert len(hints) == 5 and all(h["value"] < 1 and "not searched" in h["note"] for h in hints[1:])


def test_ascendancy_hints_the_last_queen_that_takes_the_tower() -> None:
    game = icewidgets.make_game("ascendancy", players=2, trios=2)
    session = Session(Record(game, 1), auto_chance=False)
    session.setup({"towers": [["r3", "g3"], ["r1"], ["r1"], ["r2"], ["r2"], ["g1"]], "turn": 0})
    session.set_chance([5, 5])
    hints = hinted(session)
    assert sorted(texts(hints)) == ["d1>T1", "d1>table", "d2>T1", "d2>table"]
    assert {h["text"][3:] for h in hints[:2]} == {"T1"}  # either die: the win
    assert [h["value"] for h in hints] == [1, 1, 0.5, 0.5]
    assert [h["value_text"] for h in hints] == ["100%", "100%", "50%", "50%"]


def test_dectana_hints_the_end_that_wins() -> None:
    game = icewidgets.make_game("dectana", players=2, end_window="own_turn")
    session = Session(Record(game, 1))
    aces = ["ace-moons", "ace-suns", "ace-waves"]
    session.setup(dectana_pos(game, {(0, 0): ["castle"], (1, 0): ["pact"]}, ["b1u@0,0", "r1u@1,0"], [aces, []],
                              reshuffles=1))
    assert game.scores(session.state) == (9, 7) and "end" in session.legal_moves()
    hints = hinted(session)
    assert hints[0]["text"] == "end" and hints[0]["value"] == 1 and hints[0]["share"] > 0.5
    assert all(h["value"] < 1 for h in hints[1:]) and len(hints) == 5
    assert "simulations)" in hints[0]["note"]


def test_icefortress_hints_the_room_that_lights_the_last_beacon(tmp_path: Path) -> None:
    game = fortress_cards(tmp_path / "cards")
    heroes = [("tester", ("draw-any", "nudge"), "plain"), ("other", ("look2", "shard2"), "heavy")]
    state = fortress_pos(game, put("j-fire", dice="a=6 b=3 c=3 d=4"), put("l-fire", "R1.g1", dice="a=2"),
                         put("m-fire", "R2.g1", dice="a=5"), supply=["s-fire", "s-water"], heroes=heroes, shield=4,
                         flipped="water earth air", rolled=[1, 2, 6])
    session = Session(Record(game, 1))
    session.setup(state)
    hints = hinted(session)
    assert hints[0]["text"] == "build s-fire on R3.g1" and hints[0]["share"] == 1
    assert hints[0]["note"] == "the team wins with this move" and hints[0]["value"] == 1
    # the pillars would win too, a decision later: the planner prefers the win now
    assert all(h["note"] == "the team wins by its best line of 2 decisions" and h["share"] == 0 for h in hints[1:])


# -- the default hint agents and their figures -------------------------------------------------------


@pytest.mark.parametrize(("name", "agent"), [("stacktics", "mcts:1.5s"), ("icetowers", "mcts:1.5s"),
                                             ("ascendancy", "mcts:1.5s"), ("dectana", "mcts:1.5s"),
                                             ("icefortress", "fortressbot")])
def test_each_game_declares_its_hint_agent(name: str, agent: str) -> None:
    game = icewidgets.make_game(name)
    assert game.hint_agent == agent
    made = make_agent(game.hint_agent, game=game)
    assert made.name == agent


def test_a_hint_without_an_agent_asks_the_game_s_own(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []

    def spy(spec: Any, seed: int | None = 0, game: Game | None = None) -> Any:
        asked.append(spec)
        return make_agent("greedy", seed, game)

    monkeypatch.setattr("icewidgets.session.session.make_agent", spy)
    session = Session(Record(icewidgets.make_game("icefortress", players=2), 4))
    session.hint()
    session.hint(agent="random")
    assert asked == ["fortressbot", "random"]


def test_ice_fortress_s_planner_tells_the_moves_of_a_turn_apart() -> None:
    """Where MCTS's visits spread evenly (21 / 21 / 20 / 20 / 19% of 200 simulations), the planner
    gives each move the team's chance after the best line of the turn it opens."""
    session = Session(Record(icewidgets.make_game("icefortress", players=2), 7))
    while "end building" not in session.legal_moves():
        session.play(session.legal_moves()[0])
    hints = hinted(session)
    values = [h["value"] for h in hints]
    assert values == sorted(values, reverse=True) and len(set(values)) > 1
    assert all(h["value_text"] and h["note"].startswith(f"the team wins {h['value_text']} by the evaluation after ")
               for h in hints)


def test_greedy_and_an_agent_without_estimates_hint_too() -> None:
    session = Session(Record(icewidgets.make_game("stacktics", size=3), 0))
    hints = session.hint(agent="greedy")
    assert all(h["note"].endswith(("its choice", "not its choice")) and 0 <= h["value"] <= 1 for h in hints)
    assert [h["value"] for h in hints] == sorted((h["value"] for h in hints), reverse=True)
    (chosen,) = session.hint(agent="random")  # an agent that judges nothing: its choice, no value
    assert (chosen["share"], chosen["value"], chosen["value_text"], chosen["note"]) == (1, None, "", "its choice")


def test_mcts_with_both_budgets_stops_at_whichever_comes_first() -> None:
    game = icewidgets.make_game("stacktics", size=3)
    state = game.start(0)
    found = MCTS(simulations=50, seconds=30).search(game, state, 0)
    assert sum(entry[1] for entry in found) == 50
    start = time.perf_counter()
    MCTS(simulations=10**9, seconds=0.2).search(game, state, 0)
    assert time.perf_counter() - start < 1.5
    assert MCTS(simulations=50, seconds=30).name == 'mcts(seconds=30, simulations=50)'
    # a time budget too short for anything still searches once, so there is a move to give
    assert MCTS(seconds=1e-9).choose(game, state, 0) in list(game.legal_moves(state))


def test_percentages_tell_values_apart() -> None:
    assert [percent(x) for x in (0, 0.004, 0.64, 0.996, 1)] == ["0%", "<1%", "64%", ">99%", "100%"]
    assert percents([0.64, 0.31, None]) == ["64%", "31%", ""]
    assert percents([0.062, 0.055, 1.0]) == ["6.2%", "5.5%", "100%"]  # both 6% at whole percents
    assert percents([0.5, 0.5]) == ["50%", "50%"]
