"""IceTowers positions against the rulebook: every position `validate` accepts obeys its stacking
rules, every position random legal play reaches validates, and a position breaking a rule is
refused naming it (by the game, a record, the Board and the editor's Done).

The rules, from the rulebook: "An IceTower is a stack of pyramids sorted by size, with the
largest ones on the bottom"; "A pyramid can never be placed atop a smaller one"; each player's
colour (and Gus's) has its trios of pyramids, all on the table; a tower holds two or more pieces
(a lone one is freestanding).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets.core.errors import BadPosition
from icewidgets.games.icetowers import IceTowers, IceTowersVariant

from position_rules import BOUNDED, PLAYED, done_refused, played_positions, refused_everywhere

ATOP_SMALLER = "a pyramid is never placed atop a smaller one"
SIZES = {"1": 1, "2": 2, "3": 3}


def rulebook_problems(variant: IceTowersVariant, towers: list[list[str]]) -> list[str]:
    """The rules the towers break, read from the rulebook (pieces by name: colour letter, size)."""
    problems = []
    for tower in towers:
        if len(tower) < 2:
            problems.append("a tower of one piece")
        sizes = [SIZES[piece[1]] for piece in tower]
        if any(above > below for below, above in pairwise(sizes)):
            problems.append(ATOP_SMALLER)
    placed: dict[str, int] = {}
    for piece in (p for tower in towers for p in tower):
        placed[piece] = placed.get(piece, 0) + 1
    if any(n > variant.trios for n in placed.values()):
        problems.append("more pieces than the trios")
    return problems


def names(game: IceTowers) -> list[str]:
    return game._piece_names()


@st.composite
def tables(draw: Any) -> tuple[IceTowers, list[list[str]]]:
    """A game and towers of its pieces: shuffled, cut into stacks, each stack sorted (as a tower
    the rules build) or left as it fell; now and then a piece more than the trios hold."""
    game = IceTowers(players=draw(st.integers(2, 4)), trios=draw(st.integers(1, 3)))
    pieces = [p for p in names(game) for _ in range(game.variant.trios)]
    pieces = draw(st.permutations(pieces))
    if draw(st.integers(0, 9)) == 0:
        pieces = [*pieces, pieces[0]]
    towers, start = [], 0
    while start < len(pieces):
        size = draw(st.integers(1, 5))
        stack = list(pieces[start:start + size])
        start += size
        if draw(st.booleans()):
            stack.sort(key=lambda p: -SIZES[p[1]])
        if len(stack) > 1:
            towers.append(stack)
    return game, towers


@BOUNDED
@given(tables())
def test_validate_accepts_exactly_the_positions_the_rulebook_allows(table: tuple[IceTowers, list[list[str]]]) -> None:
    game, towers = table
    broken = rulebook_problems(game.variant, towers)
    try:
        state = game.position_from_json({"towers": towers})
    except BadPosition as e:
        event("refused")
        assert broken, f"a position the rulebook allows is refused: {e}"
        if ATOP_SMALLER in broken:
            assert ATOP_SMALLER in str(e)
        return
    event("accepted")
    assert not broken, f"validate accepts a position that breaks: {broken}"
    assert game.validate(state) == []


@PLAYED
@given(players=st.integers(2, 5), trios=st.integers(1, 4), cap_other=st.booleans(), strict=st.booleans(),
       seed=st.integers(0, 10**6))
def test_positions_of_random_play_validate_and_obey_the_rulebook(players: int, trios: int, cap_other: bool,
                                                                 strict: bool, seed: int) -> None:
    game = IceTowers(players=players, trios=trios, cap_other_colour_only=cap_other, strict_mining=strict)
    for position in played_positions(game, seed, plies=60):
        assert game.validate(position) == []
        assert rulebook_problems(game.variant, game.position_to_json(position)["towers"]) == []


@PLAYED
@given(seed=st.integers(0, 10**6))
def test_a_played_tower_turned_upside_down_is_refused_naming_the_rule(seed: int) -> None:
    game = IceTowers(players=3, trios=3)
    for position in played_positions(game, seed, plies=80, every=10):
        towers = game.position_to_json(position)["towers"]
        for i, tower in enumerate(towers):
            if len({p[1] for p in tower}) > 1:
                broken = [*towers[:i], tower[::-1], *towers[i + 1:]]
                problems = game.validate(_unchecked(game, broken))
                assert problems and all(p.startswith(f"T{i + 1}: ") and ATOP_SMALLER in p for p in problems)


def _unchecked(game: IceTowers, towers: list[list[str]]) -> Any:
    """The state of towers (JSON names), without the check `position_from_json` makes."""
    from icewidgets.games.icetowers import State

    index = {name: p for p, name in enumerate(names(game))}
    stacks = tuple(tuple(index[p] for p in tower) for tower in towers)
    used = [0] * len(index)
    for tower in stacks:
        for p in tower:
            used[p] += 1
    return State(tuple(game.variant.trios - n for n in used), stacks, 0)


def test_a_large_on_a_medium_is_refused_everywhere_and_by_the_editors_done() -> None:
    refused_everywhere("icetowers", {"players": 3}, {"towers": [["g2", "r3"]]}, ATOP_SMALLER)
    done_refused("icetowers", {"players": 3}, ["put r3 on g2"], ATOP_SMALLER)
