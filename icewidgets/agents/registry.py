"""The agents by name: filled by `register_agent`, read by `make_agent`, the board's seats, the
Explorer's seat pickers and the ladder's defaults.

An agent's options are its factory's keyword parameters (all but `seed`), so a spec such as
"mcts(simulations=400, depth=2)" reads the same for every agent; one whose factory takes
`simulations` (`seconds`) reads "name:500" ("name:2s") too. An agent made for one game alone (Ice
Fortress's planner) is registered with that game's name: it is offered there, and in that game's
house rules.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from ..core.errors import quoted
from ..core.game import AnyGame, Game
from .base import Agent, BadAgent, FunctionAgent

SpecValue: TypeAlias = int | float | str | bool | None
"""An option's value as a spec gives it: a number, text, True, False or None."""


@dataclass(frozen=True)
class RegisteredAgent:
    """An agent `make_agent` knows by name."""

    name: str
    factory: Callable[..., Agent]
    """What makes it (an Agent class or a function), called as `factory(seed=..., **options)`."""
    game: str | None
    """The name of the one game it plays, and that game's house rules (None for every game)."""
    offered: tuple[str, ...]
    """The specs the Explorer's seat pickers offer of it (by default its name alone)."""

    @property
    def options(self) -> dict[str, object]:
        """Its options and their defaults, as its factory's signature gives them."""
        return options_of(self.factory)


AGENTS: dict[str, RegisteredAgent] = {}
"""The agents `make_agent` knows by name, in the order they were registered."""


def options_of(factory: Callable[..., Agent]) -> dict[str, object]:
    """The options of an agent's factory and their defaults: its parameters that can be named,
    but `seed`."""
    parameters = inspect.signature(factory).parameters.values()
    return {p.name: p.default for p in parameters
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in ("seed", "self")}


def register_agent(name: str, factory: Callable[..., Agent], *, game: str | None = None,
                   offered: tuple[str, ...] | None = None) -> Callable[..., Agent]:
    """Make an agent playable by `name` wherever agents are named: `make_agent`, a board's seats,
    the Explorer's seat pickers (`offered`: the specs they list, by default the name) and the
    ladder's defaults. `factory` (an Agent class, or a function) is called as
    `factory(seed=..., **options)`; its keyword parameters are the options a spec may give. With
    `game` (a game's name) the agent is that game's own. A name taken by another factory is
    refused; the same one defined again (a notebook cell run twice) replaces it."""
    if not (isinstance(name, str) and name.isidentifier() and name == name.lower()):
        raise BadAgent(f"an agent's name is a lower-case word (letters, digits, _), not {quoted(name)}")
    if not callable(factory):
        raise BadAgent(f"register_agent needs an Agent class or a function making one, not {quoted(factory)}")
    if "seed" not in inspect.signature(factory).parameters:
        raise BadAgent(f"the agent {name}'s factory must take a seed, as factory(seed=0, ...)")
    taken = AGENTS.get(name)
    if taken is not None and taken.factory is not factory and not _redefines(factory, taken.factory):
        raise BadAgent(f"the agent name {quoted(name)} is taken by {_label(taken.factory)}")
    AGENTS[name] = RegisteredAgent(name, factory, game, offered or (name,))
    return factory


def _redefines(factory: Callable[..., Agent], taken: Callable[..., Agent]) -> bool:
    return (factory.__module__, factory.__qualname__) == (taken.__module__, taken.__qualname__)


def _label(factory: Callable[..., Agent]) -> str:
    return f"{factory.__module__}.{factory.__qualname__}"


def agents_for(game: AnyGame | type[AnyGame] | None = None) -> dict[str, RegisteredAgent]:
    """The agents that play `game` by name: every game's, and those registered for it (or for the
    game it is a house rule of); every game's alone without a game."""
    names = {vars(k).get("name") for k in type(game).__mro__} if isinstance(game, Game) else \
        {vars(k).get("name") for k in game.__mro__} if game is not None else set()
    return {name: entry for name, entry in AGENTS.items() if entry.game is None or entry.game in names}


def offered(game: AnyGame | type[AnyGame]) -> list[str]:
    """The specs the Explorer's seat pickers offer in `game`."""
    return [spec for entry in agents_for(game).values() for spec in entry.offered]


def make_agent(spec: object, seed: int | None = 0, game: AnyGame | type[AnyGame] | None = None) -> Agent:
    """An Agent from a spec: a registered name ("random", "greedy", "mcts", or one of `game`'s
    own agents), with its options as in "mcts(simulations=400, depth=2)" or "mcts(rollout=random)"
    (its factory's keyword parameters, each named once; a value is a number, True, False, None or a
    word, quoted or not), or with a budget, "mcts:500" (simulations a move) or "mcts:2s" (seconds
    a move); an Agent (returned as it is), an Agent class (made with `seed`) or a strategy function
    `fn(game, state, seat, rng)` (wrapped in a FunctionAgent)."""
    known = agents_for(game)
    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, type):
        if issubclass(spec, Agent):
            return spec(seed=seed)
        raise BadAgent(f"{spec.__name__} is not an Agent class")
    if isinstance(spec, str):
        name, options = read_spec(spec, known)
        try:
            return known[name].factory(seed=seed, **options)
        except BadAgent as error:
            raise BadAgent(f"{quoted(spec)}: {error}", error.option) from None
        except (TypeError, ValueError) as error:  # a factory that checks its options its own way
            raise BadAgent(f"{quoted(spec)}: {name} refuses its options: {error}") from None
    if callable(spec):
        return FunctionAgent(spec, seed=seed)
    raise BadAgent(f"cannot make an agent of {type(spec).__name__} {quoted(spec)}: give a name "
                   f"({', '.join(known)}), an Agent or a function fn(game, state, seat, rng)")


SPEC_LENGTH = 200
"""The characters an agent spec may have at most."""
_WORDS = {"true": True, "false": False, "none": None}


def read_spec(spec: str, agents: dict[str, RegisteredAgent]) -> tuple[str, dict[str, SpecValue]]:
    """An agent spec's name and options, checked against `agents` and each one's options (read
    by Python's parser, never run: a value must be a literal or a bare word)."""
    text = spec.strip()
    if len(text) > SPEC_LENGTH:
        raise BadAgent(f"an agent spec has at most {SPEC_LENGTH} characters, not {len(text)}: {quoted(spec)}")
    head, colon, arg = text.partition(":")
    name = head.partition("(")[0].strip().lower()
    if name not in agents:
        raise BadAgent(f"no agent called {quoted(spec)}; the agents are {', '.join(agents)} "
                       f"(and 'mcts:N' for N simulations a move)")
    allowed = agents[name].options
    if colon and "(" not in head:
        return name, _budget(spec, name, arg.strip().lower(), allowed)
    if "(" not in text:
        return name, {}
    try:
        call = ast.parse(text[text.index("("):].join([name, ""]), mode="eval").body
    except SyntaxError as error:
        raise BadAgent(f"cannot read the agent spec {quoted(spec)}: {error.msg}; write it as in "
                       f"'mcts(simulations=400, depth=2)'") from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name) or call.func.id != name:
        raise BadAgent(f"cannot read the agent spec {quoted(spec)}: write it as in 'mcts(simulations=400, depth=2)'")
    if call.args:
        raise BadAgent(f"{quoted(spec)}: name each option, as in 'mcts(simulations=400)'")
    options: dict[str, SpecValue] = {}
    for keyword in call.keywords:
        key = keyword.arg
        if key is None:
            raise BadAgent(f"{quoted(spec)}: name each option, as in 'mcts(simulations=400)'")
        if key not in allowed:
            known = f"its options are {', '.join(allowed)}" if allowed else "it takes no options"
            raise BadAgent(f"{quoted(spec)}: {name} has no option {quoted(key)}; {known}", key)
        if key in options:
            raise BadAgent(f"{quoted(spec)}: the option {key} is given twice", key)
        options[key] = _literal(spec, key, keyword.value)
    return name, options


def _literal(spec: str, key: str, node: ast.expr) -> SpecValue:
    """An option's value: a number, text, True, False or None, or a bare word as text."""
    if isinstance(node, ast.Name):
        return _WORDS.get(node.id.lower(), node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        node = ast.Constant(-node.operand.value) if isinstance(node.operand.value, (int, float)) else node
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool, type(None))):
        return node.value
    raise BadAgent(f"{quoted(spec)}: the value of {key} must be a number, a word, True, False or None", key)


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _budget(spec: str, name: str, arg: str, allowed: Mapping[str, object]) -> dict[str, SpecValue]:
    """The budget of "mcts:500" (simulations a move) or "mcts:2s" (seconds a move), for an agent
    that takes `simulations` (`seconds`)."""
    seconds = _number(arg[:-1]) if arg.endswith("s") else None
    if seconds is not None and "seconds" in allowed:
        if not 0 < seconds < float("inf"):
            raise BadAgent(f"{quoted(spec)}: the seconds a move must be a number above 0, as in 'mcts:2s'",
                           "seconds")
        return {"seconds": seconds}
    if "simulations" not in allowed:
        raise BadAgent(f"{quoted(spec)}: {name} takes no number of simulations a move; only an agent with a "
                       f"budget does, as in 'mcts:500'")
    if not arg.isdigit() or int(arg) < 1:
        raise BadAgent(f"{quoted(spec)}: the simulations a move must be a whole number of at least 1",
                       "simulations")
    return {"simulations": int(arg)}
