"""Computer players on the Board: an agent answers a person's move, thinks in the background
with the page told so, can be stopped, and a hint shows an agent's preferences without playing."""

from __future__ import annotations

import threading

import pytest

import icewidgets
from icewidgets import IllegalMove
from icewidgets.agents import Agent, FunctionAgent


def send(board, content) -> None:
    board._handle_custom_msg(content, [])


def test_an_agent_answers_a_person_s_move_and_the_same_seed_answers_the_same():
    lines = []
    for _ in range(2):
        board = icewidgets.play("stacktics", size=3, seed=4, agents={1: "mcts:40"})
        assert board.seated == [[0, None], [1, "mcts:40"]] and board.agent_choices == ["random", "greedy", "mcts"]
        board.play("b1:0-b2")
        assert board.wait(60) and board.thinking == {}
        lines.append([n.text for n in board.record.mainline()])
    assert lines[0] == lines[1] and len(lines[0]) == 2 and lines[0][0] == "b1:0-b2"


def test_an_agent_seated_at_the_seat_to_act_plays_at_once_and_agents_play_on_alone():
    board = icewidgets.play("ascendancy", players=2, seed=2, agents={0: "random", 1: "greedy"})
    assert board.wait(60)
    assert board.game.is_over(board.state) and board.status.startswith("Game over")


def test_in_a_turnless_game_one_agent_answers_each_action_of_a_person():
    board = icewidgets.play("icetowers", players=3, seed=1, agents={1: "random", 2: "random"})
    assert len(board.record.nodes) == 1  # seating agents starts nothing: a person acts first
    board.play("r1>r1")
    board.wait(30)
    line = [n.text for n in board.record.mainline()]
    assert len(line) == 2 and line[1][0] in "gb"
    board.play(board.legal_moves(0)[0])
    board.wait(30)
    assert len(board.record.mainline()) == 4


class Held:
    """An agent that thinks until it is let go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()

    def __call__(self, game, state, seat, rng):
        self.asked.set()
        self.go.wait(30)
        return next(game.legal_moves(state, seat))


def test_while_an_agent_thinks_moves_are_refused_and_stop_gives_the_seat_back():
    held = Held()
    board = icewidgets.play("stacktics", size=3, seed=0, agents={1: FunctionAgent(held, name="slow")})
    board.play("b1:0-b2")
    assert held.asked.wait(10)
    assert board.thinking == {"seat": 1, "name": "Player 2", "agent": "slow"}
    with pytest.raises(IllegalMove, match=r"Player 2 \(slow\) is thinking: wait for the move, or stop it"):
        board.play("b5:1-b4")
    send(board, {"do": "path", "cursor": board.cursor, "seat": 1, "path": ["b5.1", "b4"]})
    assert "is thinking" in board.error
    send(board, {"do": "stop"})
    assert board.thinking == {} and board.seated == [[0, None], [1, None]]
    held.go.set()
    assert board.wait(10)
    assert [n.text for n in board.record.mainline()] == ["b1:0-b2"]  # the late answer is dropped
    board.play("b5:1-b4")  # the person plays that seat now
    assert board.node.text == "b5:1-b4"


def test_a_failing_agent_is_named_on_the_board_and_the_game_is_kept():
    def broken(game, state, seat, rng):
        raise RuntimeError("no idea")

    board = icewidgets.play("stacktics", size=3, seed=0, agents={1: broken})
    with pytest.warns(RuntimeWarning, match="failed: RuntimeError: no idea"):
        board.play("b1:0-b2")
        board.wait(10)
    assert board.error.startswith("the agent of Player 2 (broken) failed: RuntimeError: no idea (after 1 move: b1:0-b2)")
    assert board.error.endswith("the seat is given back to a person.")
    assert board.thinking == {} and board.seated == [[0, None], [1, None]]
    assert len(board.record.nodes) == 2


@pytest.mark.parametrize("answer, word", [
    (lambda game, state, seat: None, "chose None, which is not a move of IceTowers"),
    (lambda game, state, seat: next(iter(game.legal_moves(state, 0))), "a move of Red, not of Green"),
    (lambda game, state, seat: "r1>r1", "chose 'r1>r1', which is not a move of IceTowers"),
])
def test_an_agent_s_bad_answer_is_refused_named_and_nothing_is_played(answer, word):
    class Answers(Agent):
        name = "odd"

        def choose(self, game, state, seat):
            return answer(game, state, seat)

    board = icewidgets.play("icetowers", players=2, seed=1, agents={1: Answers()})
    with pytest.warns(RuntimeWarning, match=word):
        board.play("r1>r1")
        assert board.wait(10)
    assert word in board.error and board.error.startswith("the agent of Green (odd) chose")
    assert board.thinking == {} and board.seated == [[0, None], [1, None]]
    assert [n.text for n in board.record.mainline()] == ["r1>r1"]
    board.play(board.legal_moves(1)[0])  # the person plays the seat now


def test_seating_from_the_page_and_its_refusals():
    board = icewidgets.play("stacktics", size=3, seed=0)
    send(board, {"do": "seat_agent", "seat": 1, "agent": "greedy"})
    assert board.seated == [[0, None], [1, "greedy"]] and board.error == ""
    send(board, {"do": "seat_agent", "seat": 1, "agent": "deep-blue"})
    assert board.error == "no agent called 'deep-blue'; the agents are random, greedy, mcts"
    send(board, {"do": "seat_agent", "seat": 7, "agent": "random"})
    assert board.error == "there is no seat 7: the seats are 0 to 1"
    send(board, {"do": "seat_agent", "seat": 1, "agent": None})
    assert board.seated == [[0, None], [1, None]]
    send(board, {"do": "seat_agent", "seat": 1, "agent": "fortressbot"})  # Ice Fortress's own
    assert board.error == "no agent called 'fortressbot'; the agents are random, greedy, mcts"


def test_ice_fortress_offers_its_own_agent_and_it_plays_the_team():
    board = icewidgets.play("icefortress", players=2, seed=3)
    assert board.agent_choices == ["random", "greedy", "mcts", "fortressbot"]
    send(board, {"do": "seat_agent", "seat": 0, "agent": "fortressbot"})
    send(board, {"do": "seat_agent", "seat": 1, "agent": "fortressbot"})
    assert board.error == "" and board.seated == [[0, "fortressbot"], [1, "fortressbot"]]
    assert board.wait(120)
    assert len(board.record.mainline()) > 20  # the team played on
    board.new_game(players=1)
    assert board.agent_choices == ["random", "greedy", "mcts", "fortressbot"]


def test_a_hint_shades_the_best_moves_without_playing_and_clears_when_the_board_moves():
    board = icewidgets.play("stacktics", size=3, seed=0)
    before = len(board.record.nodes)
    hints = board.hint(agent="mcts:100")
    assert hints == board.hints and len(hints) >= 2 and len(board.record.nodes) == before
    shares = [h["share"] for h in hints]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    legal = board.legal_moves()
    for h in hints:
        assert h["text"] in legal and len(h["path"]) == 2
        assert h["note"] == f"wins {h['value_text']} ({round(h['share'] * 100)} of 100 simulations)"
        assert 0 <= h["value"] <= 1 and h["value_text"].endswith("%")
    board.play(hints[0]["text"])
    assert board.hints == []
    send(board, {"do": "hint", "cursor": board.cursor})  # searched in the background
    assert board.wait(30)
    assert board.hints and board.error == ""
    send(board, {"do": "hint", "cursor": 0})
    assert "earlier view" in board.error


def test_a_hint_needs_a_seat_that_may_act():
    board = icewidgets.play("stacktics", size=3, seed=0)
    with pytest.raises(IllegalMove, match="Player 2 may not act here"):
        board.hint(seat=1)


def test_a_hint_agent_s_bad_answer_is_refused_by_name():
    board = icewidgets.play("stacktics", size=3, seed=0)
    with pytest.raises(icewidgets.AgentError, match=r"the hint's agent \(nothing\) chose None, which is not a move"):
        board.hint(agent=FunctionAgent(lambda game, state, seat, rng: None, name="nothing"))
    assert board.hints == []


def test_a_hint_names_its_move_as_the_move_s_button_does():
    board = icewidgets.play("icefortress", players=2, seed=4)
    hints = board.hint(agent="greedy")
    assert hints and all(h["label"] == board.game.move_label(board.state, board.game.parse_move(board.state, h["text"]),
                                                             board.record.players) for h in hints)
    assert hints[0]["label"].startswith("keep ") and hints[0]["label"] != hints[0]["text"]


def test_the_page_s_hint_is_searched_in_the_background_and_a_move_meanwhile_drops_it():
    import time

    board = icewidgets.play("stacktics", size=3, seed=0)  # its hint: MCTS for 1.5 s
    start = time.monotonic()
    send(board, {"do": "hint", "cursor": board.cursor})
    assert time.monotonic() - start < 0.5 and board.hints == []  # the message is answered at once
    assert board.wait(30) and board.hints and board.error == ""
    send(board, {"do": "hint", "cursor": board.cursor})
    board.play(board.legal_moves()[0])  # the position changes while the hint searches
    assert board.wait(30) and board.hints == []  # found for a position no longer shown: not drawn
