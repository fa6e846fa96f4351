"""Properties of Ascendancy over random variants, random dice and random legal play (hypothesis):
what holds of this game alone. What every game promises (moves read back from their text, click
paths, records, replays, chance outcomes, is_legal on near misses) is checked for Ascendancy with
every other game in tests/test_conformance.py.

Each line is played from the start: where a roll is due hypothesis either lets the seeded generator
roll or sets the faces by hand; otherwise it picks one of the legal moves of the player on turn.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets import CHANCE
from icewidgets.core.chance import chance_rng
from icewidgets.core.record import Record
from icewidgets.games.ascendancy import Ascendancy, AscendancyVariant, Pass, Place, Split, State
from icewidgets.games.ascendancy import rules as r
from icewidgets.games.ascendancy.rules import die_size
from icewidgets.playout import random_playout

from strength import examples

SETTINGS = examples(60)


@st.composite
def variants(draw) -> AscendancyVariant:
    players = draw(st.integers(2, 5))
    return AscendancyVariant(
        players=players,
        trios=draw(st.integers(1, 4)),
        dice=draw(st.integers(1, 3)),
        end=draw(st.sampled_from(["immediate", "end_of_turn", "end_of_round"])),
        first=draw(st.integers(1, players)),
        pawn_points=draw(st.integers(0, 3)),
        split_leaves_solitary=draw(st.booleans()),
        supremacy_without_towers=draw(st.booleans()),
    )


def random_record(data, game: Ascendancy, max_steps: int = 80) -> Record:
    """A record of a random legal line: rolls by the seeded generator or set by hand."""
    record = Record(game, seed=data.draw(st.integers(0, 2**16), label="seed"))
    node = record.root
    for _ in range(data.draw(st.integers(max_steps // 4, max_steps), label="steps")):
        actors = game.to_act(node.state)
        if not actors:
            break
        if actors == (CHANCE,):
            if data.draw(st.booleans(), label="by hand?"):
                faces = data.draw(st.lists(st.integers(1, 6), min_size=game.variant.dice,
                                           max_size=game.variant.dice), label="faces")
                node = record.add(node, game.chance_from_values(node.state, faces))
            else:
                node = record.roll(node)
            continue
        legal = list(game.legal_moves(node.state))
        node = record.add(node, legal[data.draw(st.integers(0, len(legal) - 1), label="move")])
    return record


def game_and_record(data, max_steps: int = 80) -> tuple[Ascendancy, Record]:
    game = Ascendancy(data.draw(variants(), label="variant"))
    return game, random_record(data, game, max_steps)


# -- the table ----------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_every_piece_is_in_a_stash_or_on_the_table(data):
    game, record = game_and_record(data)
    v = game.variant
    for node in record.nodes:
        state = node.state
        count = Counter({p: n for p, n in enumerate(state.stash) if n})
        for tower in state.towers:
            assert tower, "an empty tower"
            count.update(tower)
        assert all(n >= 0 for n in state.stash)
        assert count == Counter({p: v.trios for p in range(3 * v.players)})


@SETTINGS
@given(st.data())
def test_no_piece_is_ever_on_a_smaller_one_or_on_its_own_colour(data):
    _, record = game_and_record(data)
    for node in record.nodes:
        for tower in node.state.towers:
            sizes = [p % 3 for p in tower]
            assert sizes == sorted(sizes, reverse=True), f"a larger piece on a smaller one: {tower}"
            assert all(a // 3 != b // 3 for a, b in pairwise(tower)), f"own colour on own: {tower}"


@SETTINGS
@given(st.data())
def test_scores_never_exceed_the_points_under_the_tops(data):
    game, record = game_and_record(data)
    points = game.variant.points
    for node in record.nodes:
        state = node.state
        under_tops = sum(points[p % 3] for tower in state.towers for p in tower[:-1])
        scores = game.scores(state)
        assert len(scores) == game.seats and all(s >= 0 for s in scores)
        assert sum(scores) <= under_tops


# -- moves --------------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_a_die_of_a_held_size_only_places_and_any_other_die_may_be_passed(data):
    game, record = game_and_record(data, max_steps=40)
    for node in record.nodes:
        state = node.state
        if game.to_act(state) in ((), (CHANCE,)):
            continue
        by_die: dict[int, set[type]] = {}
        for move in game.legal_moves(state):
            by_die.setdefault(move.die, set()).add(type(move))
        for die, kinds in by_die.items():
            held = state.stash[3 * state.seat + die_size(state.dice[die]) - 1] > 0
            assert (kinds == {Place}) if held else (Pass in kinds and Place not in kinds)
            assert Split not in kinds or not held


# -- chance and the end --------------------------------------------------------------------------


@SETTINGS
@given(variants(), st.integers(0, 2**32), st.integers(0, 500))
def test_the_seeded_roll_depends_only_on_the_seed_and_the_ply(variant, seed, ply):
    game = Ascendancy(variant)
    state = game.start()
    roll = game.chance_move(state, chance_rng(seed, ply))
    assert roll == game.chance_move(state, chance_rng(seed, ply))
    assert len(roll.faces) == variant.dice and all(1 <= f <= 6 for f in roll.faces)


@examples(30)
@given(variants(), st.integers(0, 2**16))
def test_random_games_end_with_a_stash_placed(variant, seed):
    game = Ascendancy(variant)
    state, actions = random_playout(game, seed)
    assert game.is_over(state) and actions < 10_000
    assert any(not any(state.stash[3 * s:3 * s + 3]) for s in range(variant.players))
    outcome = game.outcome(state)
    assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


# -- is_legal on every move a die could name ---------------------------------------------------------

COLOURLESS = st.integers(0, 2)  # a size index: pawn, drone, queen


@st.composite
def tables(draw) -> tuple[Ascendancy, State]:
    """A table as the rules allow it (no piece on a smaller one or on its own colour), random
    stashes with sizes used up, and the dice of the turn, some already resolved: positions where
    splits of every kind are on offer, which random play rarely reaches. Half the pieces on the
    table are the seat's on turn, where the rules allow."""
    game = Ascendancy(draw(variants(), label="variant"))
    v = game.variant
    seat = draw(st.integers(0, v.players - 1), label="seat")
    towers = []
    for _ in range(draw(st.integers(0, 6), label="towers")):
        tower: list[int] = []
        for _ in range(draw(st.integers(1, 6), label="height")):
            below = tower[-1] if tower else None
            colours = [c for c in range(v.players) if below is None or c != below // 3]
            mine = seat in colours and draw(st.booleans(), label="the seat's?")
            colour = seat if mine else draw(st.sampled_from(colours), label="colour")
            size = draw(st.integers(0, 2 if below is None else below % 3), label="size")
            tower.append(3 * colour + size)
        towers.append(tuple(tower))
    stash = tuple(draw(st.sampled_from([0, 0, 1, 2]), label="in stash") for _ in range(3 * v.players))
    dice = tuple(draw(st.integers(1, 6), label="face") for _ in range(v.dice))
    used = draw(st.integers(0, 2**v.dice - 1), label="used") & ~1  # d1 stays open
    return game, State(stash, tuple(towers), seat, dice, used, False, False)


def die_candidates(game: Ascendancy, state: State):
    """Every place, split and pass any seat could name with any die (and one past each)."""
    height = max((len(t) for t in state.towers), default=0)
    for seat in range(game.seats):
        for die in range(game.variant.dice + 1):
            yield Pass(seat, die)
            for onto in [None, *range(len(state.towers) + 1)]:
                yield Place(seat, die, onto)
            for tower in range(len(state.towers) + 1):
                for cut in range(height + 1):
                    yield Split(seat, die, tower, cut)


@examples(150)
@given(tables())
def test_is_legal_agrees_with_the_legal_moves_on_every_move_a_die_could_name(table):
    game, state = table
    legal = set(game.legal_moves(state))
    assert legal == set(r.die_actions(game, state))
    for move in die_candidates(game, state):
        assert game.is_legal(state, move) is (move in legal), (game.move_text(state, move), game.why_illegal(state, move))
    event("a split is legal" if any(type(m) is Split for m in legal) else "no split is legal")
