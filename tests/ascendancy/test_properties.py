"""Properties of Ascendancy over random variants, random dice and random legal play (hypothesis).

Each line is played from the start: where a roll is due hypothesis either lets the seeded generator
roll or sets the faces by hand; otherwise it picks one of the legal moves of the player on turn.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from icewidgets import CHANCE
from icewidgets.core.chance import chance_rng
from icewidgets.core.record import Record, loads_record
from icewidgets.games.ascendancy import Ascendancy, AscendancyVariant, Pass, Place, Split
from icewidgets.games.ascendancy.rules import die_size
from icewidgets.playout import random_playout

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


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


def key(move) -> tuple:
    """Moves are NamedTuples and compare as tuples: compare them with their type."""
    return (type(move).__name__, *move)


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
            assert all(a // 3 != b // 3 for a, b in zip(tower, tower[1:])), f"own colour on own: {tower}"


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
def test_legal_moves_read_back_from_their_text_and_their_clicks(data):
    game, record = game_and_record(data, max_steps=40)
    for node in record.nodes:
        state = node.state
        if game.to_act(state) in ((), (CHANCE,)):
            continue
        legal = list(game.legal_moves(state))
        assert legal, "the player on turn always has a move"
        clicks = {}
        for move in legal:
            text = game.move_text(state, move)
            assert key(game.parse_legal(state, text)) == key(move)
            for path in game.move_paths(state, move):
                assert path not in clicks, f"{path} chooses both {clicks[path]} and {text}"
                clicks[path] = text


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


# -- chance and replay --------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_a_saved_record_with_rolled_and_hand_set_dice_replays_exactly(data):
    game, record = game_and_record(data)
    loaded = loads_record(record.dumps())
    assert [(n.text, n.state) for n in loaded.nodes] == [(n.text, n.state) for n in record.nodes]
    assert loaded.dumps() == record.dumps()


@SETTINGS
@given(variants(), st.integers(0, 2**32), st.integers(0, 500))
def test_the_seeded_roll_depends_only_on_the_seed_and_the_ply(variant, seed, ply):
    game = Ascendancy(variant)
    state = game.start()
    roll = game.chance_move(state, chance_rng(seed, ply))
    assert roll == game.chance_move(state, chance_rng(seed, ply))
    assert len(roll.faces) == variant.dice and all(1 <= f <= 6 for f in roll.faces)


@settings(max_examples=30, deadline=None)
@given(variants(), st.integers(0, 2**16))
def test_random_games_end_with_a_stash_placed(variant, seed):
    game = Ascendancy(variant)
    state, actions = random_playout(game, seed)
    assert game.is_over(state) and actions < 10_000
    assert any(not any(state.stash[3 * s:3 * s + 3]) for s in range(variant.players))
    outcome = game.outcome(state)
    assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
