"""Properties of IceTowers over random variants and random legal play (hypothesis).

Each test plays a line chosen by hypothesis: at every step it draws one of the seats that may act,
then one of that seat's legal moves (the loop of icewidgets/playout.py, with hypothesis choosing;
passes are drawn less often, so that lines grow towers worth mining and splitting).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from icewidgets import IllegalMove
from icewidgets.core.record import Record, load_record, loads_record
from icewidgets.games.icetowers import Cap, IceTowers, IceTowersVariant, Mine, Pass, Split, State
from icewidgets.games.icetowers.rules import colour_of, size_of

# sized so that the whole file runs in about half a minute
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]
CHEAP = settings(max_examples=100, deadline=None, suppress_health_check=_HEALTH)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=_HEALTH)
COSTLY = settings(max_examples=30, deadline=None, suppress_health_check=_HEALTH)

variants = st.builds(
    IceTowersVariant,
    players=st.integers(2, 6),
    trios=st.integers(1, 5),
    gus=st.sampled_from([None, True, False]),
    cap_other_colour_only=st.booleans(),
    strict_mining=st.booleans(),
    passed_players_wait=st.booleans(),
)


def key(move) -> tuple:
    """Moves are NamedTuples, and Cap(0, 1, 2) == Split(0, 1, 2) as tuples: compare with the type."""
    return (type(move).__name__, *move)


def random_line(data, game: IceTowers, max_steps: int = 40, start=None):
    """A random legal line from the start (or from `start`): the states, first one included, and
    the moves between them. The seat is drawn among those who may act, then one of its moves."""
    state = game.start() if start is None else start
    states, moves = [state], []
    for _ in range(data.draw(st.integers(max_steps // 4, max_steps), label="steps")):
        seats = game.to_act(state)
        if not seats:
            break
        seat = seats[data.draw(st.integers(0, len(seats) - 1), label="seat")]
        legal = list(game.legal_moves(state, seat))
        # a pass only when a separate draw asks for one
        if data.draw(st.integers(0, 4), label="pass?") != 2:
            legal = [m for m in legal if type(m) is not Pass] or legal
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        event(type(move).__name__)
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


def game_and_line(data, max_steps: int = 40):
    game = IceTowers(data.draw(variants, label="variant"))
    states, moves = random_line(data, game, max_steps)
    return game, states, moves


# -- the table ----------------------------------------------------------------------------------


@CHEAP
@given(st.data())
def test_every_piece_is_somewhere_and_pips_are_conserved(data):
    game, states, _ = game_and_line(data, max_steps=60)
    v = game.variant
    for state in states:
        count = Counter()
        for p, n in enumerate(state.free):
            count[p] += n
        for tower in state.towers:
            count.update(tower)
        assert len(state.free) == 3 * v.colours
        assert all(n >= 0 for n in state.free)
        assert count == Counter({p: v.trios for p in range(3 * v.colours)})
        pips = [0] * v.colours
        for p, n in count.items():
            pips[colour_of(p)] += size_of(p) * n
        assert pips == [6 * v.trios] * v.colours


@CHEAP
@given(st.data())
def test_towers_are_sorted_and_hold_two_or_more_pieces(data):
    game, states, _ = game_and_line(data, max_steps=60)
    for state in states:
        for tower in state.towers:
            assert len(tower) >= 2
            sizes = [size_of(p) for p in tower]
            assert sizes == sorted(sizes, reverse=True), f"a larger piece on a smaller one: {tower}"


@CHEAP
@given(st.data())
def test_scores_add_up_to_every_pip_on_the_table(data):
    game, states, _ = game_and_line(data, max_steps=60)
    v = game.variant
    for state in states:
        scores = game.scores(state)
        assert len(scores) == v.players
        if v.has_gus:
            assert sum(scores) + game.gus_score(state) == 6 * v.trios * (v.players + 1)
        else:
            assert game.gus_score(state) is None
            assert sum(scores) == 6 * v.trios * v.players


# -- moves --------------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_every_legal_move_applies_without_changing_the_old_state(data):
    game, states, _ = game_and_line(data, max_steps=30)
    for state in states:
        snapshot = repr(state)
        for move in game.legal_moves(state):
            after = game.apply(state, move)
            assert immutable(after)
            assert game.play(state, move) == after
        assert repr(state) == snapshot


def immutable(value) -> bool:
    """Tuples and ints all the way down (so no move can change a state another node holds)."""
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    return type(value) is int


@SETTINGS
@given(st.data())
def test_move_text_reads_back_to_the_same_legal_move(data):
    game, states, _ = game_and_line(data, max_steps=30)
    for state in states:
        for move in game.legal_moves(state):
            text = game.move_text(state, move)
            parsed = game.parse_move(state, text)
            assert key(parsed) == key(move), text
            assert key(game.parse_legal(state, text)) == key(move), text
            assert key(game.parse_move(state, f" {text.upper()} ")) == key(move), text


@SETTINGS
@given(st.data())
def test_legal_moves_are_distinct_and_belong_to_their_seat(data):
    game, states, _ = game_and_line(data, max_steps=30)
    for state in states:
        acting = game.to_act(state)
        assert (acting == ()) is game.is_over(state)
        every = [key(m) for m in game.legal_moves(state)]
        assert len(every) == len(set(every))
        by_seat = [key(m) for s in acting for m in game.legal_moves(state, s)]
        assert by_seat == every
        for seat in range(game.variant.players):
            if seat not in acting and not game.is_over(state):  # (at the end: see the test below)
                assert list(game.legal_moves(state, seat)) == []
        for seat in acting:
            moves = list(game.legal_moves(state, seat))
            assert {game.move_player(m) for m in moves} == {seat}
            passes = [type(m) for m in moves].count(Pass)
            assert passes == (0 if state.passed >> seat & 1 else 1)
            assert type(moves[-1]) is Pass or passes == 0


def test_no_seat_has_legal_moves_once_nobody_can_act():
    game = IceTowers(players=2, trios=1)  # Gus is on the table
    state = State(free=(0, 0, 0, 0, 0, 0, 1, 1, 0), towers=((8, 4), (2, 5, 1), (3, 0)), passed=0)
    assert game.is_over(state) and game.to_act(state) == ()
    assert game.outcome(state).reason == "nobody can act"
    assert [list(game.legal_moves(state, seat)) for seat in (0, 1)] == [[], []]


def candidates(game: IceTowers, state, player: int):
    """Every move of a player that names things on the table (and one past it): legal or not."""
    v = game.variant
    towers = range(len(state.towers) + 1)
    places = [*towers, *(~q for q in range(3 * v.colours))]
    own = range(3 * player, 3 * player + 3)
    yield Pass(player)
    for p in own:
        for onto in places:
            yield Cap(player, p, onto)
    for i in towers:
        tower = state.towers[i] if i < len(state.towers) else ()
        for p in own:
            for at in {*(k for k, q in enumerate(tower) if q == p), 0, len(tower)}:
                for onto in [None, *places]:
                    yield Mine(player, i, at, p, onto)
        height = len(state.towers[i]) if i < len(state.towers) else 2
        for cut in range(height + 1):
            yield Split(player, i, cut)


@SETTINGS
@given(st.data())
def test_every_piece_a_player_may_mine_can_be_taken_to_the_table(data):
    """Mining, straight from the rule: from a tower not topped by your colour that holds two or
    more of yours, any one of them may come out. Each such tower left behind is reached by a legal
    mine (to the table, or under strict_mining to wherever the piece must go)."""
    game, states, _ = game_and_line(data, max_steps=40)
    for state in states[-3:]:
        for player in game.to_act(state):
            left = {(m.tower, state.towers[m.tower][:m.at] + state.towers[m.tower][m.at + 1:])
                    for m in game.legal_moves(state, player) if type(m) is Mine}
            for i, tower in enumerate(state.towers):
                ours = [k for k, q in enumerate(tower) if colour_of(q) == player]
                if colour_of(tower[-1]) == player or len(ours) < 2:
                    continue
                for k in ours:
                    assert (i, tower[:k] + tower[k + 1:]) in left, (tower, k)


@COSTLY
@given(st.data())
def test_is_legal_and_play_agree_with_the_legal_moves(data):
    game, states, _ = game_and_line(data, max_steps=30)
    state = states[-1]
    legal = {key(m) for m in game.legal_moves(state)}
    players = range(game.variant.players)
    for player in {data.draw(st.sampled_from(players)), data.draw(st.sampled_from(players))}:
        for move in candidates(game, state, player):
            expected = key(move) in legal
            assert game.is_legal(state, move) is expected, game.move_text(state, move)
            if expected:
                assert game.play(state, move) == game.apply(state, move)
            else:
                try:
                    game.play(state, move)
                except IllegalMove as e:
                    assert str(e)  # a reason
                else:
                    raise AssertionError(f"{game.move_text(state, move)} was played but is illegal")


@SETTINGS
@given(st.data())
def test_move_paths_choose_one_move_each(data):
    game, states, _ = game_and_line(data, max_steps=30)
    for state in states:
        ids = scene_ids(game.scene(state))
        for seat in game.to_act(state):
            owner: dict[tuple[str, ...], tuple] = {}
            for move in game.legal_moves(state, seat):
                paths = game.move_paths(state, move)
                assert (paths == []) is (type(move) is Pass)
                for path in paths:
                    assert path and set(path) <= ids, path
                    assert owner.setdefault(path, key(move)) == key(move), f"{path} is shared"
            for a in owner:
                for b in owner:
                    assert a == b or a != b[: len(a)], f"{a} is a prefix of {b}"


@CHEAP
@given(st.data())
def test_the_marks_of_the_last_move_are_on_the_scene(data):
    game, states, moves = game_and_line(data, max_steps=60)
    for before, move, after in zip(states, moves, states[1:]):
        scene = game.scene(after, last=move, before=before)
        marks = [m["id"] for m in scene["marks"]]
        assert set(marks) <= scene_ids(scene), (game.move_text(before, move), marks)
        assert (marks == []) is (type(move) is Pass)


def scene_ids(scene: dict) -> set[str]:
    ids = set()
    for region in scene["regions"]:
        ids.add(region["id"])
        for row in region.get("rows", []):
            ids.update(pile["id"] for pile in row["piles"])
        for tower in region.get("towers", []):
            ids.add(tower["id"])
            ids.update(piece["id"] for piece in tower["pieces"])
    return ids


# -- records and replay -------------------------------------------------------------------------


def reading_order(root):
    order, stack = [], [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(node.children))
    return order


@CHEAP
@given(st.data())
def test_replaying_the_move_texts_gives_the_same_states(data):
    game, states, moves = game_and_line(data, max_steps=60)
    texts = [game.move_text(s, m) for s, m in zip(states, moves)]
    fresh = IceTowers(IceTowersVariant.parse(str(game.variant)))
    state = fresh.start()
    assert state == states[0]
    for text, expected in zip(texts, states[1:]):
        state = fresh.play(state, fresh.parse_legal(state, text))
        assert state == expected, text


@CHEAP
@given(st.data())
def test_a_record_with_variations_saves_and_loads_to_the_same_states(data):
    game, states, moves = game_and_line(data, max_steps=25)
    record = Record(game, seed=data.draw(st.integers(0, 2**63 - 1), label="seed"))
    node = record.root
    for move in moves:
        node = record.add(node, move)
        assert node.state == states[node.ply]
    for _ in range(data.draw(st.integers(0, 3), label="variations")):
        at = record.nodes[data.draw(st.integers(0, len(record.nodes) - 1), label="branch at")]
        _, branch = random_line(data, game, max_steps=5, start=at.state)
        for move in branch:
            at = record.add(at, move)
        if at.comment == "":
            at.comment = f"variation end {at.id}"
            at.annotations = {"n": at.id, "marks": ["T1"]}

    text = record.dumps()
    loaded = loads_record(text)
    assert loaded.to_json() == json.loads(text)
    original = reading_order(record.root)
    assert len(loaded.nodes) == len(original)
    for mine, theirs in zip(loaded.nodes, original):
        assert mine.text == theirs.text
        assert mine.state == theirs.state
        assert (mine.comment, mine.annotations) == (theirs.comment, theirs.annotations)
        assert [c.text for c in mine.children] == [c.text for c in theirs.children]

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.json")
        record.save(path)
        again = load_record(path)
    assert [n.state for n in again.nodes] == [n.state for n in original]
    assert again.game.variant == game.variant and again.seed == record.seed
