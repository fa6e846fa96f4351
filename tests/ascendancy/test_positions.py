"""Ascendancy positions against the rulebook: every position `validate` accepts obeys its placing
rules, every position random legal play reaches validates, and a position breaking a rule is
refused naming it (by the game, a record, the Board and the editor's Done).

The rules, from the rulebook: "A piece may only be placed on top of a piece of the same size or
larger, or placed alone on the table. A player cannot place a piece on his/her own colour." (a
split only cuts a tower, so every tower keeps both); each stash holds `trios` pieces of each
size; "The game ends when [a] player has placed all of their stash" (under `end="immediate"` a
set-up position with an empty stash would be over).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets.core.errors import BadPosition
from icewidgets.games.ascendancy import Ascendancy, AscendancyVariant
from icewidgets.games.ascendancy.variant import ENDS

from position_rules import BOUNDED, PLAYED, done_refused, played_positions, refused_everywhere

ON_SMALLER = "a piece is never placed on a smaller one"
OWN_COLOUR = "a piece is only placed on a top of another colour"
EMPTY_STASH = "stash is empty"


def rulebook_problems(variant: AscendancyVariant, towers: list[list[str]]) -> list[str]:
    """The rules the table breaks, read from the rulebook (pieces by name: colour initial, size)."""
    problems = []
    for tower in towers:
        for below, above in pairwise(tower):
            if int(above[1]) > int(below[1]):
                problems.append(ON_SMALLER)
            if above[0] == below[0]:
                problems.append(OWN_COLOUR)
    placed: dict[str, int] = {}
    for piece in (p for tower in towers for p in tower):
        placed[piece] = placed.get(piece, 0) + 1
    if any(n > variant.trios for n in placed.values()):
        problems.append("more pieces than a stash holds")
    initials = ["r", "g", "b", "y", "p"][:variant.players]
    emptied = [c for c in initials if all(placed.get(f"{c}{size}", 0) >= variant.trios for size in (1, 2, 3))]
    if variant.end == "immediate" and emptied:
        problems.append(EMPTY_STASH)
    return problems


@st.composite
def tables(draw: Any) -> tuple[Ascendancy, dict[str, Any]]:
    """A game and a table of its pieces: some of each stash, shuffled, cut into towers, each
    tower sorted largest first (as placing builds them) or left as it fell."""
    game = Ascendancy(players=draw(st.integers(2, 4)), trios=draw(st.integers(1, 3)), end=draw(st.sampled_from(ENDS)))
    names = game._piece_names()
    pieces = [p for p in names for _ in range(game.variant.trios)]
    pieces = draw(st.permutations(pieces))[:draw(st.integers(0, len(pieces)))]
    if draw(st.integers(0, 9)) == 0 and pieces:
        pieces = [*pieces, pieces[0]]
    towers, start = [], 0
    while start < len(pieces):
        size = draw(st.integers(1, 4))
        tower = list(pieces[start:start + size])
        start += size
        if draw(st.booleans()):
            tower.sort(key=lambda p: -int(p[1]))
        towers.append(tower)
    return game, {"towers": towers, "turn": draw(st.integers(0, game.variant.players - 1))}


@BOUNDED
@given(tables())
def test_validate_accepts_exactly_the_positions_the_rulebook_allows(table: tuple[Ascendancy, dict[str, Any]]) -> None:
    game, position = table
    broken = rulebook_problems(game.variant, position["towers"])
    try:
        state = game.position_from_json(position)
    except BadPosition as e:
        event("refused")
        assert broken, f"a position the rulebook allows is refused: {e}"
        for rule in (ON_SMALLER, OWN_COLOUR, EMPTY_STASH):
            assert (rule in broken) == (rule in str(e)), rule
        return
    event("accepted")
    assert not broken, f"validate accepts a position that breaks: {broken}"
    assert game.validate(state) == []


@PLAYED
@given(players=st.integers(2, 5), trios=st.integers(1, 4), end=st.sampled_from(ENDS), seed=st.integers(0, 10**6))
def test_positions_of_random_play_validate_and_obey_the_rulebook(players: int, trios: int, end: str,
                                                                 seed: int) -> None:
    game = Ascendancy(players=players, trios=trios, end=end)
    for position in played_positions(game, seed, plies=80):
        assert game.validate(position) == []
        assert rulebook_problems(game.variant, game.position_to_json(position)["towers"]) == []


@PLAYED
@given(seed=st.integers(0, 10**6))
def test_played_towers_broken_are_refused_naming_the_rule(seed: int) -> None:
    game = Ascendancy(players=3, trios=3, end="end_of_round")
    for position in played_positions(game, seed, plies=80, every=10):
        towers = game.position_to_json(position)["towers"]
        for i, tower in enumerate(towers):
            if len({p[1] for p in tower}) > 1:  # upside down: a smaller piece under a larger one
                problems = game.validate(position._replace(towers=_swap(position.towers, i, position.towers[i][::-1])))
                assert problems and all(p.startswith(f"T{i + 1}: ") and ON_SMALLER in p for p in problems)
            top = position.towers[i][-1]
            same = [p for p in range(3 * (top // 3), top + 1) if position.stash[p]]  # its colour, no larger
            if same:
                stash = list(position.stash)
                stash[same[0]] -= 1
                mutated = position._replace(stash=tuple(stash),
                                            towers=_swap(position.towers, i, (*position.towers[i], same[0])))
                assert [p for p in game.validate(mutated) if "stash is empty" not in p] == [
                    f"T{i + 1}: a {game._piece_words(same[0])} on a {game._piece_words(top)}: {OWN_COLOUR}"]


def _swap(towers: tuple[tuple[int, ...], ...], i: int, tower: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*towers[:i], tower, *towers[i + 1:])


def test_impossible_towers_are_refused_everywhere_and_by_the_editors_done() -> None:
    options = {"players": 2, "trios": 2}
    refused_everywhere("ascendancy", options, {"towers": [["g2", "r3"]], "turn": 0}, ON_SMALLER)
    refused_everywhere("ascendancy", options, {"towers": [["r2", "r1"]], "turn": 0}, OWN_COLOUR)
    done_refused("ascendancy", options, ["put g2 on the table", "put r3 on T1"], ON_SMALLER)
    done_refused("ascendancy", options, ["put r2 on the table", "put r1 on T1"], OWN_COLOUR)


class QueensClimb(Ascendancy):
    """A queen may go on any top of another colour."""

    def may_place_on(self, p, top):
        return super().may_place_on(p, top) or (p % 3 == 2 and p // 3 != top // 3)


class NoPawnBases(Ascendancy):
    """Nothing is placed on a pawn."""

    def may_place_on(self, p, top):
        return super().may_place_on(p, top) and top % 3 != 0


def test_a_set_up_position_is_possible_where_the_game_s_placing_rule_lets_each_piece_sit() -> None:
    """validate asks `may_place_on`, so a house rule's placing decides what a set-up tower may hold."""
    queen_on_pawn = {"towers": [["g1", "r3"]], "turn": 0}
    with pytest.raises(BadPosition, match=ON_SMALLER):
        Ascendancy(players=2).position_from_json(queen_on_pawn)
    assert QueensClimb(players=2).position_to_json(QueensClimb(players=2).position_from_json(queen_on_pawn)) == queen_on_pawn
    assert NoPawnBases(players=2).validate(Ascendancy(players=2).position_from_json({"towers": [["g1", "r1"]], "turn": 0})) == [
        "T1: a red pawn on a green pawn: the rules never place it there"]
    with pytest.raises(BadPosition, match=OWN_COLOUR):
        QueensClimb(players=2).position_from_json({"towers": [["r1", "r3"]], "turn": 0})
