"""The turn-script engine (core/script.py) on a small game of its own: a pile of counters, each turn
a die says how many a player may take at most, and a player over three counters in hand must drop
one. Decisions, steps that run by themselves, a step that is a decision only sometimes, chance, and
steps of different kinds that never compare equal."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from icewidgets import CHANCE
from icewidgets.core.script import Script, push, step_kind


class Table(NamedTuple):
    pile: int
    hands: tuple[int, ...]
    die: int
    todo: tuple[object, ...]
    ended: str = ""


@step_kind
class Turn(NamedTuple):
    seat: int


@step_kind
class EndTurn(NamedTuple):
    seat: int


@step_kind
class Roll(NamedTuple):
    seat: int


@step_kind
class Limit(NamedTuple):
    seat: int


@step_kind
class Take(NamedTuple):
    seat: int
    n: int


@step_kind
class Drop(NamedTuple):
    seat: int


@step_kind
class Rolled(NamedTuple):
    face: int


script: Script[None, Table, object] = Script()


@script.decision(Roll, by=lambda game, state, step: CHANCE)
def roll_moves(game: None, state: Table, step: Roll) -> list[Rolled]:
    return [Rolled(f) for f in (1, 2, 3)]


@script.decision(Turn, by=lambda game, state, step: step.seat)
def turn_moves(game: None, state: Table, step: Turn) -> list[Take]:
    return [Take(step.seat, n) for n in range(1, min(state.die, state.pile) + 1)]


@script.decision(Limit, by=lambda game, state, step: step.seat)
def limit_moves(game: None, state: Table, step: Limit) -> list[Drop]:
    return [Drop(step.seat)]


@script.runs(Limit)
def limit(game: None, state: Table, step: Limit) -> Table | None:
    return None if state.hands[step.seat] > 3 else state


@script.runs(EndTurn)
def end_turn(game: None, state: Table, step: EndTurn) -> Table:
    if not state.pile:
        return state._replace(ended=f"seat {step.seat} took the last counter")
    return push(state, Roll(1 - step.seat), Turn(1 - step.seat))


@script.does(Rolled)
def rolled(game: None, state: Table, step: object, move: Rolled) -> Table:
    return state._replace(die=move.face)


@script.does(Take)
def take(game: None, state: Table, step: object, move: Take) -> Table:
    hands = list(state.hands)
    hands[move.seat] += move.n
    return push(state._replace(pile=state.pile - move.n, hands=tuple(hands)), Limit(move.seat), EndTurn(move.seat))


@script.does(Drop)
def drop(game: None, state: Table, step: Limit, move: Drop) -> Table:
    hands = list(state.hands)
    hands[move.seat] -= 1
    return push(state._replace(hands=tuple(hands)), step)  # asked again while still over


def start(pile: int = 7) -> Table:
    return script.advance(None, Table(pile, (0, 0), 0, (Roll(0), Turn(0))))


def test_the_script_waits_at_each_decision_and_says_who_decides():
    state = start()
    assert state.todo == (Roll(0), Turn(0)) and script.actor(None, state) == CHANCE
    assert list(script.moves(None, state)) == [Rolled(1), Rolled(2), Rolled(3)]
    state = script.apply(None, state, Rolled(3))
    assert state.todo == (Turn(0),) and script.actor(None, state) == 0
    assert list(script.moves(None, state)) == [Take(0, 1), Take(0, 2), Take(0, 3)]


def test_steps_that_run_by_themselves_run_up_to_the_next_decision():
    state = script.apply(None, script.apply(None, start(), Rolled(2)), Take(0, 2))
    # the hand limit is not due (2 counters): it and the end of the turn ran, the next turn's roll waits
    assert state.todo == (Roll(1), Turn(1)) and state.pile == 5 and state.hands == (2, 0)


def test_a_step_that_is_a_decision_only_sometimes_waits_while_it_is_due():
    state = start()
    for move in (Rolled(3), Take(0, 3), Rolled(1), Take(1, 1), Rolled(2), Take(0, 2)):
        state = script.apply(None, state, move)
    assert state.hands == (5, 1) and state.todo[0] == Limit(0) and script.actor(None, state) == 0
    state = script.apply(None, state, Drop(0))
    assert state.todo[0] == Limit(0) and state.hands == (4, 1)  # still over three
    state = script.apply(None, state, Drop(0))
    assert state.hands == (3, 1) and state.todo == (Roll(1), Turn(1))


def test_the_script_ends_where_a_step_ends_the_game():
    state = start(pile=2)
    state = script.apply(None, script.apply(None, state, Rolled(3)), Take(0, 2))
    assert state.ended == "seat 0 took the last counter" and state.todo == ()


def test_steps_and_moves_of_different_kinds_never_compare_equal():
    assert Turn(1) != EndTurn(1) and Turn(1) != Limit(1) and Turn(1) == Turn(1)
    assert len({Turn(1), EndTurn(1), Limit(1), Roll(1)}) == 4
    assert Turn(1) != (1,)


def test_a_kind_declared_twice_or_a_step_the_script_does_not_know_is_refused():
    with pytest.raises(ValueError, match="Turn is declared twice"):
        script.decision(Turn, by=lambda game, state, step: 0)(turn_moves)
    with pytest.raises(TypeError, match="Rolled is neither a decision nor a step"):
        script.advance(None, Table(1, (0, 0), 0, (Rolled(1),)))


def test_what_runs_before_each_step():
    seen: list[object] = []
    counting: Script[None, Table, object] = Script()
    counting.decision(Turn, by=lambda game, state, step: step.seat)(turn_moves)
    counting.runs(EndTurn)(end_turn)
    counting.decision(Roll, by=lambda game, state, step: CHANCE)(roll_moves)

    @counting.before_each_step
    def note(game: None, state: Table) -> Table:
        seen.append(state.todo[0])
        return state

    counting.advance(None, Table(3, (0, 0), 1, (EndTurn(0),)))
    assert seen == [EndTurn(0), Roll(1)]
