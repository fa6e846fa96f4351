"""Properties of Dectana over random legal play in several variants: every card and every pyramid
is accounted for at every step, and no legal move fails to apply or is refused by the rules'
checks. What every game promises (notation, records, click paths, chance) is checked for Dectana
with the other games in tests/test_conformance.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from icewidgets import CHANCE, make_game
from icewidgets.games.dectana import Dectana, State
from icewidgets.games.dectana.decktet import COPIES
from icewidgets.games.dectana.moves import Spent, Turn
from icewidgets.games.dectana.rules import HAND_LIMIT
from icewidgets.games.dectana.table import NESTS, Table

VARIANTS = [
    {"players": 2},
    {"players": 3, "extended_deck": True, "board_actor": "any", "wave_void": "pass", "push_own": False},
    {"players": 4, "wyrm_single_victim": True, "wyrm_substitute": "none", "end_window": "own_turn",
     "allow_pass": False},
    {"players": 5, "wyrm_full": True, "wave_moves_pile": True, "knot_destroys_pile": True, "wave_void": "forbid",
     "reshuffle_on_empty": True, "end_window": "any_step", "create_in_wasteland": True},
    {"players": 2, "extended_deck": True, "placement_upright": True, "reshuffle_on_empty": True},
]
SEEDS = (1, 2, 3, 4)
STEPS = 600


def cards_everywhere(state: State) -> Counter[int]:
    """Every card: the draw pile, the discards, the board's piles, the hands, and a card used
    from a hand that waits in the script to be discarded."""
    found: Counter[int] = Counter()
    for c, n in enumerate(state.deck):
        found[c] += n
    for c, n in enumerate(state.discard):
        found[c] += n
    for _, pile in state.cards:
        found.update(pile)
    for hand in state.hands:
        found.update(hand)
    found.update(step.card for step in state.todo if type(step) is Spent)
    return found


def check(game: Dectana, state: State) -> None:
    v = game.variant
    assert +cards_everywhere(state) == Counter({c: COPIES for c in v.kinds})
    assert all(n >= 0 for n in state.deck) and all(n >= 0 for n in state.discard)
    assert all(pile for _, pile in state.cards)
    assert list(state.pyramids) == sorted(state.pyramids)
    assert all(list(h) == sorted(h) for h in state.hands)
    table = Table.of(state)
    on_board = Counter((p[2], p[3]) for p in state.pyramids)
    for seat in range(v.players):
        for size in (1, 2, 3):
            assert on_board[(seat, size)] <= NESTS  # the stash is never negative
    for x, y, seat, size, facing in state.pyramids:
        assert 0 <= seat < v.players and 1 <= size <= 3 and 0 <= facing < 5
        assert not table.void((x, y)), "a pyramid in the void"
    if state.todo and type(state.todo[0]) is Turn:
        assert all(len(h) <= HAND_LIMIT for h in state.hands)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_cards_and_pyramids_are_conserved_and_legal_moves_apply(options):
    game = make_game("dectana", max_turns=250, **options)
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.start(seed)
        for _ in range(STEPS):
            check(game, state)
            if game.is_over(state):
                outcome = game.outcome(state)
                assert outcome is not None and outcome.winners
                break
            if game.to_act(state) == (CHANCE,):
                move = game.chance_move(state, rng)
            else:
                moves = list(game.legal_moves(state))
                assert moves, "a player to act with no legal move"
                for m in rng.sample(moves, min(len(moves), 8)):
                    assert game.illegal_reason(state, m) is None, game.move_text(state, m)
                    game.apply(state, m)  # never raises
                # reorientations outnumber the rest: mostly use a power (and push or hit)
                powers = [m for m in moves if type(m).__name__ in ("Play", "Activate", "Again", "Push", "Hit")]
                move = rng.choice(powers if powers and rng.random() < 0.8 else moves)
            kinds[type(move).__name__] += 1
            state = game.play(state, move)
    # the random lines reach the turn's main decisions
    assert {"Play", "Activate", "Orient", "Renew", "Discard", "Push", "Hit"} <= set(kinds), kinds
