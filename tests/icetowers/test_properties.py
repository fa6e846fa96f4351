"""Properties of IceTowers over random variants and random legal play (hypothesis): what holds of
this game alone. What every game promises (moves read back from their text, states never
changed, is_legal exact on near misses, click paths, records, replays) is checked for IceTowers
with every other game in tests/test_conformance.py.

Each test plays a line chosen by hypothesis: at every step it draws one of the seats that may act,
then one of that seat's legal moves (the loop of icewidgets/playout.py, with hypothesis choosing;
passes are drawn less often, so that lines grow towers worth mining and splitting).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets import IllegalMove
from icewidgets.games.icetowers import Cap, IceTowers, IceTowersVariant, Mine, Pass, Split, State
from icewidgets.games.icetowers.rules import colour_of, size_of

from strength import examples

# sized so that the whole file runs in a few seconds
CHEAP = examples(60)
SETTINGS = examples(40)

variants = st.builds(
    IceTowersVariant,
    players=st.integers(2, 6),
    trios=st.integers(1, 5),
    gus=st.sampled_from([None, True, False]),
    cap_other_colour_only=st.booleans(),
    strict_mining=st.booleans(),
    passed_players_wait=st.booleans(),
)


def random_line(data, game: IceTowers, max_steps: int = 40):
    """A random legal line from the start: the states, first one included, and the moves between
    them. The seat is drawn among those who may act, then one of its moves."""
    state = game.start()
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
    _, states, _ = game_and_line(data, max_steps=60)
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


# -- actions ----------------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_each_acting_seat_may_pass_once_last_and_a_pass_alone_has_no_click_and_marks_nothing(data):
    game, states, moves = game_and_line(data, max_steps=30)
    for state in states:
        for seat in game.to_act(state):
            moves_here = list(game.legal_moves(state, seat))
            passes = [type(m) for m in moves_here].count(Pass)
            assert passes == (0 if state.passed >> seat & 1 else 1)
            assert type(moves_here[-1]) is Pass or passes == 0
            for move in moves_here:
                assert (game.move_paths(state, move) == []) is (type(move) is Pass)
    for before, move, after in zip(states, moves, states[1:], strict=False):
        marks = game.scene(after, last=move, before=before)["marks"]
        assert (marks == []) is (type(move) is Pass)


@SETTINGS
@given(st.data())
def test_texts_read_with_any_case_and_spaces(data):
    game, states, _ = game_and_line(data, max_steps=30)
    for state in states[-3:]:
        for move in game.legal_moves(state):
            text = game.move_text(state, move)
            assert game.parse_move(state, f" {text.upper()} ") == move, text
            assert game.parse_move(state, " ".join(text)) == move, text


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


def candidates(game: IceTowers, state, player: int):
    """Every action of a player that names things on the table (and one past it): legal or not."""
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
def test_is_legal_agrees_with_the_legal_moves_on_every_action_that_names_the_table(data):
    """Every cap, mine, split and pass a player could name here (the conformance suite tries near
    misses of every game; this tries them all)."""
    game, states, _ = game_and_line(data, max_steps=30)
    state = states[-1]
    legal = set(game.legal_moves(state))
    players = range(game.variant.players)
    for player in {data.draw(st.sampled_from(players)), data.draw(st.sampled_from(players))}:
        for move in candidates(game, state, player):
            expected = move in legal
            assert game.is_legal(state, move) is expected, game.move_text(state, move)
            if not expected:
                try:
                    game.play(state, move)
                except IllegalMove as e:
                    assert str(e)
                else:
                    raise AssertionError(f"{game.move_text(state, move)} was played but is illegal")


def test_no_seat_has_legal_moves_once_nobody_can_act():
    game = IceTowers(players=2, trios=1)  # Gus is on the table
    state = State(free=(0, 0, 0, 0, 0, 0, 1, 1, 0), towers=((8, 4), (2, 5, 1), (3, 0)), passed=0)
    assert game.is_over(state) and game.to_act(state) == ()
    assert game.outcome(state).reason == "nobody can act"
    assert [list(game.legal_moves(state, seat)) for seat in (0, 1)] == [[], []]
