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

import random
import re
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets import IllegalMove
from icewidgets.core.errors import BadPosition
from icewidgets.core.record import Record, loads_record
from icewidgets.games.dectana import Dectana, DectanaVariant
from icewidgets.games.dectana.decktet import BASIC, BY_SHORT, CARDS
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


def card(short: str) -> int:
    return BY_SHORT[short]


def pile_of(counts: tuple[int, ...]) -> list[str]:
    return sorted(SHORTS[c] for c, n in enumerate(counts) for _ in range(n))


def hand_of(state: State, seat: int) -> list[str]:
    return sorted(SHORTS[c] for c in state.hands[seat])


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


# -- the draw pile of a set-up position ---------------------------------------------------------------


RED_TO_RENEW = {"cards": {"0,0": ["ace-moons"]}, "pyramids": [[0, 0, 0, 1, "u"]], "hands": [[], []], "turn": 0}


def deck_label(scene: Any) -> str:
    return next(r["label"] for r in scene["regions"] if r["id"] == "deck")


def draws(game: Dectana, state: State) -> list[tuple[str, float]]:
    return sorted((game.move_text(state, m), p) for m, p in game.chance_outcomes(state))


def test_a_short_pile_is_what_is_drawn_and_the_rest_of_the_decks_are_the_discards() -> None:
    game = Dectana(players=2)
    state = game.position_from_json({**RED_TO_RENEW, "pile": ["sea", "mill", "sea"]})
    assert pile_of(state.deck) == ["mill", "sea", "sea"] and state.deck_top == ()
    assert sum(state.discard) == 72 - 1 - 3 and state.discard[card("sea")] == 0
    assert state.discard[card("ace-moons")] == 1 and state.discard[card("castle")] == 2
    after = game.play(state, game.parse_legal(state, "renew"))  # red draws one
    assert draws(game, after) == [("deal mill to red", 1 / 3), ("deal sea to red", 2 / 3)]
    assert game.position_from_json(game.position_to_json(state)) == state  # written with every discard


def test_an_empty_pile_with_discards_is_reshuffled_at_the_next_draw() -> None:
    game = Dectana(players=2)
    state = game.position_from_json({**RED_TO_RENEW, "pile": [], "reshuffles": 2})
    assert sum(state.deck) == 0 and sum(state.discard) == 71 and state.reshuffles == 2
    after = game.play(state, game.parse_legal(state, "renew"))
    assert after.reshuffles == 3 and sum(after.deck) == 71 and sum(after.discard) == 0
    assert len(draws(game, after)) == 36  # every card of the decks but one Ace of Moons, on the board


def test_a_pile_with_its_top_in_order_deals_those_cards_first_and_no_seat_is_shown_them() -> None:
    game = Dectana(players=2)
    position = {**RED_TO_RENEW, "hands": [["author"], []], "pile": ["sea", "mill", "castle"], "pile_top": ["mill", "sea"]}
    state = game.position_from_json(position)
    assert state.deck_top == (card("mill"), card("sea"))
    after = game.play(state, game.parse_legal(state, "renew"))  # the Author discarded, two drawn
    assert draws(game, after) == [("deal mill to red", 1.0)]
    assert [game.move_text(after, m) for m in game.legal_moves(after)] == ["deal mill to red"]
    assert game.why_illegal(after, game.parse_move(after, "deal castle to red")) == (
        "the draw pile's order is known: The Mill is drawn next")
    with pytest.raises(IllegalMove, match="The Mill is drawn next"):
        game.chance_from_values(after, ["castle"])
    # the seats do not know the order: their views and the states they imagine leave it out
    assert deck_label(game.scene(after)) == "Draw pile, next: The Mill, The Sea"
    assert deck_label(game.scene(after, viewer=1)) == deck_label(game.scene(after, viewer=0)) == "Draw pile"
    guess = game.resample(after, 1, random.Random(1))
    assert guess.deck_top == () and game.observation(guess, 1) == game.observation(after, 1)
    after = game.play(after, game.chance_from_values(after, ["mill"]))
    assert draws(game, after) == [("deal sea to red", 1.0)]
    after = game.play(after, game.parse_legal(after, "deal sea to red"))
    assert hand_of(after, 0) == ["mill", "sea"] and after.deck_top == () and pile_of(after.deck) == ["castle"]
    # a record started there replays (its set-up keeps the order)
    record = Record(game, 0, setup=state)
    node = record.add_text(record.add_text(record.add_text(record.root, "renew"), "deal mill to red"),
                           "deal sea to red")
    again = loads_record(record.dumps())
    assert again.setup == state and again.mainline()[-1].state == node.state


def test_the_known_top_may_be_given_without_the_pile() -> None:
    game = Dectana(players=2)
    state = game.position_from_json({**RED_TO_RENEW, "pile_top": ["castle", "castle"]})
    assert state.deck_top == (card("castle"), card("castle")) and sum(state.deck) == 71
    assert game.position_to_json(state)["pile_top"] == ["castle", "castle"]
    assert "pile_top" not in game.position_to_json(game.position_from_json(RED_TO_RENEW))  # as before


@pytest.mark.parametrize(("change", "problem"), [
    ({"pile": ["castle"], "pile_top": ["sea"]},
     "the pile's top (pile_top) lists 1 of The Sea, but the draw pile holds 0"),
    ({"pile_top": ["ace-moons", "ace-moons"]},
     "the pile's top (pile_top) lists 2 of Ace of Moons, but the draw pile holds 1"),
    ({"pile": ["ace-moons", "ace-moons"]}, "1 copies of Ace of Moons are out and 2 in the draw pile: the decks hold 2"),
    ({"pile": ["castle"], "discard": {"sea": 2}}, "1 copies of The Castle are nowhere: every card is on the board"),
    ({"pile": ["harvest"]}, "The Harvest is in play, but it belongs to the extended deck"),
])
def test_a_pile_that_cannot_be_is_refused_naming_the_problem(change: dict[str, Any], problem: str) -> None:
    game = Dectana(players=2)
    with pytest.raises(BadPosition, match=re.escape(problem)):
        game.position_from_json({**RED_TO_RENEW, **change})


def test_a_pile_that_is_no_list_of_cards_is_refused() -> None:
    game = Dectana(players=2)
    with pytest.raises(BadPosition, match="pile must be a JSON list"):
        game.position_from_json({**RED_TO_RENEW, "pile": "castle"})
    with pytest.raises(BadPosition, match="a card in the draw pile must be one of"):
        game.position_from_json({**RED_TO_RENEW, "pile": ["dragon"]})
    with pytest.raises(BadPosition, match="a card of the pile's top must be one of"):
        game.position_from_json({**RED_TO_RENEW, "pile_top": [3]})
