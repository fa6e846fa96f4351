"""The agents by name: `register_agent` makes an agent of one's own playable wherever agents are
named (specs, a board's seats, the Explorer's pickers, the ladder), its options read from its
factory's signature; a game's own agent is offered in that game alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import icewidgets
from icewidgets import make_game
from icewidgets.agents import AGENTS, MCTS, BadAgent, Random, make_agent, register_agent
from icewidgets.agents.registry import agents_for, offered
from icewidgets.analysis.ladder import default_agents
from icewidgets.session.computer import Computer


@pytest.fixture(autouse=True)
def registry() -> Iterator[None]:
    """Each test's registrations are undone after it."""
    kept = dict(AGENTS)
    yield
    AGENTS.clear()
    AGENTS.update(kept)


class Patient(Random):
    """A random player with options of its own, which it checks."""

    def __init__(self, seed: int | None = 0, simulations: int = 10, patience: float = 1.0) -> None:
        if not isinstance(patience, (int, float)) or patience <= 0:
            raise BadAgent(f"Patient's patience is a number above 0, not {patience!r}", "patience")
        super().__init__(seed)
        self.simulations = simulations
        self.patience = patience


def test_a_registered_agent_is_made_by_name_with_the_options_of_its_signature() -> None:
    register_agent("patient", Patient)
    assert isinstance(make_agent("patient"), Patient)
    agent = make_agent("patient(patience=2.5, simulations=7)", seed=4)
    assert (agent.patience, agent.simulations, agent.seed) == (2.5, 7, 4)
    assert make_agent("patient:30").simulations == 30  # it takes simulations: a budget reads too
    assert AGENTS["patient"].options == {"simulations": 10, "patience": 1.0}


def test_a_factory_function_is_an_agent_too() -> None:
    def deep(seed: int | None = 0, depth: int = 1) -> MCTS:
        return MCTS(simulations=20, depth=depth, seed=seed)

    register_agent("deep", deep)
    assert make_agent("deep(depth=3)").depth == 3
    with pytest.raises(BadAgent, match="'deep:2s': deep takes no number of simulations"):
        make_agent("deep:2s")


@pytest.mark.parametrize("spec, words", [
    ("patient(hurry=1)", "'patient\\(hurry=1\\)': patient has no option 'hurry'; its options are simulations, "
                         "patience"),
    ("patient(seed=1)", "patient has no option 'seed'"),
    ("patient(patience=-1)", "'patient\\(patience=-1\\)': Patient's patience is a number above 0, not -1"),
])
def test_a_bad_option_or_value_is_refused_by_name(spec: str, words: str) -> None:
    register_agent("patient", Patient)
    with pytest.raises(BadAgent, match=words) as refused:
        make_agent(spec)
    assert refused.value.option in ("hurry", "seed", "patience", "agent")


def test_a_factory_that_refuses_its_own_way_is_named_with_the_spec() -> None:
    def fussy(seed: int | None = 0, width: int = 1) -> Random:
        return Random(seed) if width > 0 else int("wide")  # type: ignore[return-value]

    register_agent("fussy", fussy)
    with pytest.raises(BadAgent, match="'fussy\\(width=0\\)': fussy refuses its options: invalid literal"):
        make_agent("fussy(width=0)")


def test_registration_refuses_what_could_not_be_named_or_made() -> None:
    with pytest.raises(BadAgent, match="lower-case word"):
        register_agent("Deep Blue", Patient)
    with pytest.raises(BadAgent, match="must take a seed"):
        register_agent("seedless", lambda depth=1: Random())
    with pytest.raises(BadAgent, match=r"'mcts' is taken by icewidgets\.agents\.mcts\.MCTS"):
        register_agent("mcts", Patient)
    register_agent("patient", Patient)
    register_agent("patient", Patient)  # the same again (a cell run twice) is no clash


def test_a_registered_agent_is_offered_wherever_agents_are_named() -> None:
    register_agent("patient", Patient, offered=("patient", "patient:50"))
    game = make_game("stacktics", size=3)
    assert list(agents_for(game))[-1] == "patient"
    assert Computer.choices(game)[-1] == "patient"  # a board's seats
    assert offered(type(game))[-2:] == ["patient", "patient:50"]  # the Explorer's pickers
    assert default_agents(game)["patient"] == "patient"  # the ladder's defaults
    board = icewidgets.play("stacktics", size=3, agents={1: "patient:5"})
    assert board.agent_choices[-1] == "patient" and board.seated[1] == [1, "patient:5"]


def test_the_explorer_offers_a_registered_agent() -> None:
    pytest.importorskip("ipywidgets")
    register_agent("patient", Patient, offered=("patient:5", "patient"))
    pickers = icewidgets.explore("stacktics").seat_pickers
    assert list(pickers[0].options)[:5] == ["random", "greedy", "mcts:50", "mcts", "mcts:500"]
    assert list(pickers[0].options)[5:] == ["patient:5", "patient"]


def test_a_game_s_own_agent_is_offered_in_that_game_and_its_house_rules_alone() -> None:
    register_agent("stacker", Patient, game="stacktics")
    stacktics, towers = make_game("stacktics", size=3), make_game("icetowers")

    @icewidgets.house_rule("stacktics_own_test")
    class Quiet(type(stacktics)):  # type: ignore[misc]
        pass

    try:
        assert "stacker" in agents_for(stacktics) and "stacker" in agents_for(Quiet)
        assert "stacker" not in agents_for(towers) and "stacker" not in agents_for()
        assert "stacker" in default_agents(stacktics) and "stacker" not in default_agents(towers)
        assert isinstance(make_agent("stacker", game=stacktics), Patient)
        with pytest.raises(BadAgent, match="no agent called 'stacker'; the agents are random, greedy, mcts"):
            make_agent("stacker", game=towers)
    finally:
        icewidgets.core.registry.GAMES.pop("stacktics_own_test")


def test_ice_fortress_s_planner_is_its_own_agent_by_the_same_registry() -> None:
    fortress = make_game("icefortress", players=2)
    assert AGENTS["fortressbot"].game == "icefortress"
    assert list(agents_for(fortress)) == ["random", "greedy", "mcts", "fortressbot"]
    assert make_agent("fortressbot(beam=2)", game=fortress).name == "fortressbot(beam=2)"
    with pytest.raises(BadAgent, match="fortressbot has no option 'width'; its options are depth, beam, steps"):
        make_agent("fortressbot(width=2)", game=fortress)
