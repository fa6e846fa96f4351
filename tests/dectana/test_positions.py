"""Dectana positions against the rulebook: every position `validate` accepts obeys its placing
rules, every position random legal play reaches validates, and a position breaking a rule is
refused naming it (by the game, a record, the Board and the editor's Done).

The rules, from the rulebook: two Decktets shuffled together (each card twice; the extended cards
only with `extended_deck`); a card goes onto a territory only by Leaves, and "The new card must be
larger in value than the old card" (Suns and a Waves card move lay a card on a space with none);
"Pyramids and cards cannot be played [in the void], and any pyramid in the void is immediately
destroyed" (a pyramid stands on a territory, a space with a card, or a wasteland, a space next to
one); each player has three nests (three pyramids of each size); "The maximum 'cards in hand'
limit is six"; the game is played on a board of cards.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets.core.errors import BadPosition
from icewidgets.games.dectana import Dectana, DectanaVariant
from icewidgets.games.dectana.decktet import BASIC, CARDS
from icewidgets.games.dectana.moves import State, Turn

from position_rules import BOUNDED, PLAYED, done_refused, played_positions, refused_everywhere

LOWER_COVERS = "must be larger in value than the card it covers"
VOID = "in the void"
NESTS = "each player has 3"
HAND = "a hand over 6"
COPIES = "copies of"
NO_CARD = "the board has no card"
SHORTS = [c.short for c in CARDS]
VALUE = {c.short: c.value for c in CARDS}


def turn_starts(state: State) -> bool:
    """A player's turn begins: no hand waits to be discarded down to the limit."""
    return bool(state.todo) and type(state.todo[0]) is Turn


def rulebook_problems(variant: DectanaVariant, position: dict[str, Any]) -> list[str]:
    """The rules the position breaks, read from the rulebook (cards by short name)."""
    problems = []
    piles = {tuple(map(int, key.split(","))): pile for key, pile in position["cards"].items()}
    if not piles:
        problems.append(NO_CARD)
    if any(VALUE[above] <= VALUE[below] for pile in piles.values() for below, above in pairwise(pile)):
        problems.append(LOWER_COVERS)
    out = [c for pile in piles.values() for c in pile] + [c for hand in position["hands"] for c in hand]
    if any(out.count(c) > 2 for c in set(out)):
        problems.append(COPIES)
    for x, y, _seat, _size, _facing in position["pyramids"]:
        if not any((x + dx, y + dy) in piles for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))):
            problems.append(VOID)
    for seat in range(variant.players):
        if any(sum(1 for p in position["pyramids"] if p[2] == seat and p[3] == size) > 3 for size in (1, 2, 3)):
            problems.append(NESTS)
        if len(position["hands"][seat]) > 6:
            problems.append(HAND)
    return problems


@st.composite
def tables(draw: Any) -> tuple[Dectana, dict[str, Any]]:
    """A game and a table: piles of basic cards on spaces near the middle (mostly rising in value,
    as Leaves builds them, else as they fell), hands, and pyramids on spaces near the board."""
    game = Dectana(players=draw(st.integers(2, 3)))
    basic = [SHORTS[c] for c in BASIC]
    cards: dict[str, list[str]] = {}
    for _ in range(draw(st.integers(0, 6))):
        pile = draw(st.lists(st.sampled_from(basic), min_size=1, max_size=3))
        if draw(st.integers(0, 3)):
            pile = sorted(set(pile), key=lambda c: VALUE[c])
            pile = [c for c, d in zip(pile, [None, *pile], strict=False) if d is None or VALUE[c] > VALUE[d]]
        cards[f"{draw(st.integers(-2, 2))},{draw(st.integers(-2, 2))}"] = pile
    hands = [draw(st.lists(st.sampled_from(basic), max_size=draw(st.sampled_from([5, 5, 5, 7]))))
             for _ in range(game.variant.players)]
    reach = draw(st.sampled_from([2, 2, 3, 4]))  # mostly on or next to the piles
    pyramids = draw(st.lists(st.tuples(st.integers(-reach, reach), st.integers(-reach, reach),
                                       st.integers(0, game.variant.players - 1), st.integers(1, 3),
                                       st.sampled_from("unesw")).map(list), max_size=8))
    return game, {"cards": cards, "hands": hands, "pyramids": pyramids, "turn": 0}


@BOUNDED
@given(tables())
def test_validate_accepts_exactly_the_positions_the_rulebook_allows(table: tuple[Dectana, dict[str, Any]]) -> None:
    game, position = table
    broken = rulebook_problems(game.variant, position)
    try:
        state = game.position_from_json(position)
    except BadPosition as e:
        event("refused")
        assert broken, f"a position the rulebook allows is refused: {e}"
        for rule in (LOWER_COVERS, VOID, NESTS, HAND, COPIES, NO_CARD):
            assert (rule in broken) == (rule in str(e)), rule
        return
    event("accepted")
    assert not broken, f"validate accepts a position that breaks: {broken}"
    assert game.validate(state) == []


@PLAYED
@given(players=st.integers(2, 4), extended=st.booleans(), pile=st.booleans(), seed=st.integers(0, 10**6))
def test_positions_of_random_play_validate_and_obey_the_rulebook(players: int, extended: bool, pile: bool,
                                                                 seed: int) -> None:
    game = Dectana(players=players, extended_deck=extended, wave_moves_pile=pile)
    for position in played_positions(game, seed, plies=120, every=3, between=turn_starts):
        assert game.validate(position) == []
        if not extended:
            assert rulebook_problems(game.variant, game.position_to_json(position)) == []


@PLAYED
@given(seed=st.integers(0, 10**6))
def test_played_piles_and_pyramids_broken_are_refused_naming_the_rule(seed: int) -> None:
    game = Dectana(players=2)
    for position in played_positions(game, seed, plies=150, every=5, between=turn_starts):
        cards = dict(position.cards)
        for sp, pile in cards.items():
            if len(pile) > 1:  # upside down: a card on one of higher value
                upside_down = tuple(sorted({**cards, sp: pile[::-1]}.items()))
                problems = game.validate(position._replace(cards=upside_down))
                assert problems and all(p.startswith(f"on {sp[0]},{sp[1]}, ") and LOWER_COVERS in p for p in problems)
        for i, (_x, _y, seat, size, facing) in enumerate(position.pyramids):  # carried out into the void
            far = (*position.pyramids[:i], (99, 99, seat, size, facing), *position.pyramids[i + 1:])
            problems = game.validate(position._replace(pyramids=tuple(sorted(far))))
            assert len(problems) == 1 and "on 99,99 is in the void" in problems[0]


def test_impossible_positions_are_refused_everywhere_and_by_the_editors_done() -> None:
    options = {"players": 2}
    refused_everywhere("dectana", options, {"cards": {"0,0": ["castle", "ace-moons"]}, "hands": [[], []], "turn": 0},
                       LOWER_COVERS)
    refused_everywhere("dectana", options, {"cards": {"0,0": ["castle", "castle"]}, "hands": [[], []], "turn": 0},
                       LOWER_COVERS)
    refused_everywhere("dectana", options, {"cards": {"0,0": ["castle"]}, "hands": [[], []], "turn": 0,
                                            "pyramids": [[0, 2, 0, 1, "u"]]}, VOID)
    done_refused("dectana", options, ["put ace-moons on 0,0", "put ace-suns on 0,0"], LOWER_COVERS)
