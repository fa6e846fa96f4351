"""The text form of a record (core/text_form.py): exact round trips for every game, fuzzed with
hypothesis, and refusals that name the line."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets import CHANCE, RecordError
from icewidgets.core.annotations import MARKS
from icewidgets.core.record import Record, load_record, loads_record, loads_text

from strength import examples

FUZZ = examples(40)
TRICKY = st.text(alphabet=st.sampled_from(list("ab }{\\[]%()!?\"'\n\t-> .:1é😀\u2028")), max_size=12)


def sample() -> Record:
    record = Record(icewidgets.make_game("icetowers", players=3), seed=7, players=["Ann", "Ben", "Cy"],
                    metadata={"session": {"date": "2024-05-01", "place": "club night"}, "event": "spring"})
    record.root.comment = "a quiet start"
    a = record.add_text(record.root, "r3>g3")
    record.add_text(record.root, "b1>b2")
    b = record.add_text(a, "g1>T1")
    record.add_text(a, "g3>T1")
    record.add_text(b, "b1>T1")
    b.annotations = {"arrows": [["free:g1", "T1"]], "mark": "!?", "tags": ["rules question"]}
    b.comment = "may a small cap a large?"
    return record


EXPECTED = """\
[Game "icetowers"]
[Variant "icetowers(players=3, trios=5, gus=auto, cap_other_colour_only=false, strict_mining=false, passed_players_wait=false)"]
[Seed 7]
[Players "Ann" "Ben" "Cy"]
[Date "2024-05-01"]
[Place "club night"]
[Meta "event" "spring"]

{a quiet start} 1. r3>g3 (1. b1>b2) 2. g1>T1!?
{[%arrows free:g1->T1] [%tags "rules question"] may a small cap a large?} (2. g3>T1)
3. b1>T1
"""


def test_a_record_reads_as_pgn_does_and_back():
    record = sample()
    assert record.to_text() == EXPECTED
    again = loads_text(EXPECTED)
    assert again.dumps() == record.dumps()
    assert [n.id for n in again.nodes] == [n.id for n in loads_record(record.dumps()).nodes]


def test_a_text_file_is_saved_and_loaded_like_a_record(tmp_path):
    sample().save_text(tmp_path / "game.txt")
    assert load_record(tmp_path / "game.txt").dumps() == sample().dumps()
    assert icewidgets.loads_text((tmp_path / "game.txt").read_bytes()).dumps() == sample().dumps()


def test_moves_with_spaces_are_quoted_and_fields_beyond_the_standard_ones_kept():
    record = Record(icewidgets.make_game("ascendancy", players=2), seed=3)
    node = record.roll(record.root)
    node.annotations = {"highlights": ["d1", "odd id", 'q"uote'], "eval": {"x": [1, None, "}"]}}
    text = record.to_text()
    assert f'1. "{node.text}"' in text and '[%highlights d1 "odd id" "q\\"uote"]' in text
    assert loads_text(text).dumps() == record.dumps()


@st.composite
def records(draw) -> Record:
    name = draw(st.sampled_from(sorted(icewidgets.games())))
    game = icewidgets.make_game(name)
    names = draw(st.lists(st.text(max_size=8), min_size=game.seats, max_size=game.seats))
    record = Record(game, seed=draw(st.integers(-(2**63), 2**63 - 1)), players=names)
    rng = random.Random(draw(st.integers(0, 2**32)))

    def extend(node, plies):
        for _ in range(plies):
            seats = game.to_act(node.state)
            if not seats:
                break
            if seats == (CHANCE,) and rng.random() < 0.5:
                node = record.roll(node)  # marked as rolled
                continue
            if seats == (CHANCE,):
                move = game.chance_move(node.state, rng)  # as if set by hand
            else:
                move = rng.choice(list(game.legal_moves(node.state, rng.choice(seats))))
            node = record.add(node, move)

    extend(record.root, draw(st.integers(0, 12)))
    for _ in range(draw(st.integers(0, 3))):
        extend(rng.choice(record.nodes), draw(st.integers(1, 4)))
    ids = st.text(min_size=1, max_size=6)
    for node in record.nodes:
        if draw(st.booleans()):
            continue
        node.comment = draw(TRICKY)
        notes = {"arrows": draw(st.lists(st.lists(ids | TRICKY.filter(bool), min_size=2, max_size=2), max_size=3)),
                 "highlights": draw(st.lists(ids, max_size=3)),
                 "tags": draw(st.lists(st.text(min_size=1, max_size=40), max_size=3, unique=True)),
                 "mark": "" if node.parent is None else draw(st.sampled_from(["", *MARKS])),
                 draw(TRICKY): draw(st.none() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TRICKY)}
        node.annotations = {k: v for k, v in notes.items() if draw(st.booleans())}
    if draw(st.booleans()):
        record.metadata["session"] = {"seats": list(names), "date": "2024-02-29", "place": draw(TRICKY),
                                      "started": "2024-02-29T10:00:00+01:00", "duration_s": 61.5, draw(TRICKY): [1]}
    for seat in range(game.seats):
        if draw(st.booleans()):
            record.metadata.setdefault("feedback", {})[str(seat)] = {
                "fun": draw(st.none() | st.integers(1, 5)), "tension": 3, "clarity": None, "comment": draw(TRICKY)}
    if draw(st.booleans()):
        record.metadata[draw(TRICKY)] = draw(TRICKY)
    return record


@FUZZ
@given(records())
def test_every_record_of_every_game_reads_back_the_same(record):
    text = record.to_text()
    again = loads_text(text)
    assert again.dumps() == record.dumps()
    assert [n.rolled for n in again.nodes] == [n.rolled for n in loads_record(record.dumps()).nodes]


def dice() -> Record:
    """Ascendancy's dice: the first roll set by hand, a variation rolled by the seed, then the
    main line's next roll rolled too, with a comment."""
    record = Record(icewidgets.make_game("ascendancy", players=2), seed=3)
    by_hand = record.add_text(record.root, "roll 5 2")
    rolled = record.roll(record.root)
    node = by_hand
    for text in ("d1>table", "d2>table"):
        node = record.add_text(node, text)
    record.roll(node).comment = "a note"
    rolled.annotations = {"mark": "!", "tags": ["lucky"]}
    return record


DICE = """\
1. "roll 5 2" (1. "roll 2 3"! {[%rolled] [%tags lucky]}) 2. d1>table
3. d2>table 4. "roll 2 1" {[%rolled] a note}
"""


def test_a_roll_the_seed_decided_is_marked_in_the_text_and_read_back():
    record = dice()
    text = record.to_text()
    assert text.endswith("\n\n" + DICE)
    again = loads_text(text)
    assert again.dumps() == record.dumps()
    assert [n.text for n in again.nodes if n.rolled] == ["roll 2 1", "roll 2 3"]  # the main line first
    assert again.draw_problems == []


def test_an_edited_roll_in_the_text_is_named():
    text = dice().to_text().replace('4. "roll 2 1"', '4. "roll 6 6"')
    assert loads_text(text).draw_problems == [
        "node 4 (move 4, 'roll 6 6') is marked as rolled from the seed, but seed 3 gives 'roll 2 1'"]
    unmarked = loads_text(text.replace("{[%rolled] a note}", "{a note}"))
    assert unmarked.draw_problems == [] and not unmarked.nodes[4].rolled


@FUZZ
@given(st.text(max_size=300) | st.text(alphabet=st.sampled_from(list('[]{}()"\\ \n.1!?%aGme')), max_size=200))
def test_garbage_is_a_record_error_and_nothing_else(text):
    with pytest.raises(RecordError):
        loads_text(text)


@FUZZ
@given(st.data())
def test_a_spoiled_text_is_read_or_refused_and_nothing_else(data):
    text = sample().to_text()
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + text[at + data.draw(st.integers(1, 5)):]
        else:
            text = text[:at] + data.draw(st.sampled_from([*'[]{}()"\\ \n.!?%', "1.", "[%tags", "->"])) + text[at:]
    try:
        record = loads_text(text)
    except RecordError:
        return
    assert loads_text(record.to_text()).dumps() == record.dumps()


HEADER = EXPECTED.split("\n\n")[0] + "\n\n"


@pytest.mark.parametrize(("text", "message"), [
    (HEADER + "1. r3>g3 2. zz9", "line 9: node 2: move 'zz9' after node 1"),
    (HEADER + "1. r3>g3\n3. g1>T1", "line 10: move number 3 where 2 comes"),
    (HEADER + "1. r3>g3 (2. g1>T1)", "line 9: move number 2 where 1 comes"),
    (HEADER + "1. r3>g3\n\n(", "line 11: a variation is not closed"),
    (HEADER + "1. r3>g3 )", "line 9: a ) closes no variation"),
    (HEADER + "( 1. r3>g3 )", "line 9: a variation comes after the move it replaces"),
    (HEADER + "1. r3>g3 {a} {b}", "line 9: a comment follows a move"),
    (HEADER + "1. r3>g3 {unclosed", "line 9: a comment is not closed"),
    (HEADER + "1. r3>g3 {[%arrows a b]}", "line 9: an arrow is from->to"),
    (HEADER + "1. r3>g3 {[%boom 1]}", "line 9: unknown or repeated command [%boom]"),
    (HEADER + "1. r3>g3 {[%rolled]}", "line 9: node 1: only a chance event may be marked 'rolled', and 'r3>g3' is not one"),
    (HEADER + "{[%rolled]}\n1. r3>g3", "line 9: node 0: only a chance event may be marked 'rolled', and the start is not"),
    (HEADER + "1. r3>g3 2. g1>T1\n{[%rolled] [%rolled]}", "line 10: unknown or repeated command [%rolled]"),
    (HEADER + "1. r3>g3 {[%rolled true]}", "line 9: [%rolled] does not end with ]"),
    (HEADER + "1. r3>g3!!!", "line 9: unexpected '!' after the move 'r3>g3'"),
    (HEADER + '1. r3>g3 {[%tags "' + "x" * 41 + '"]}', "line 9: node 1 annotations: a tag is a text of 1 to 40"),
    (HEADER + "1. r3>g3 (1. r3>g3)", "line 9: node 2: move 'r3>g3' repeats a sibling"),
    (HEADER + "1. r3>g3 {[%data \"x\" NaN]}", "line 9: NaN is not a JSON number"),
    (HEADER + "1. r3>g3 {[%data \"x\" " + "[" * 100_000 + "]}", "line 9:"),
    (HEADER.replace("[Seed 7]", "[Seed 7]\n[Seed 8]"), "line 4: [Seed] is given twice (line 3 too)"),
    (HEADER.replace("[Seed 7]", "[Seed 1" + "0" * 5000 + "]"), "line 3: a JSON value that cannot be read"),
    (HEADER.replace("[Seed 7]", "[Seed \"7\"]"), "line 3: record field 'seed' must be int"),
    (HEADER.replace("[Seed 7]", "[Colour \"red\"]"), "line 3: unknown header line [Colour]"),
    (HEADER.replace("[Seed 7]\n", ""), "the header has no [Seed ...] line"),
    (HEADER.replace('[Place "club night"]', '[Date "2024-02-30"]'), "line 6: [Date] is given twice"),
    (HEADER.replace('[Place "club night"]', "[Duration -3]"), "line 5: the session's duration_s is a number"),
    (HEADER.replace("players=3", "players=9"), "line 2: icetowers option 'players' cannot be 9"),
    (HEADER.replace('"icetowers"]', '"chess"]'), "line 1: bad game or variant: "),
    (HEADER.replace("[Seed 7]", "[Seed 7] x"), "line 3: text after the header line's ]"),
    (HEADER.replace('[Meta "event" "spring"]', '[Feedback 5 {"fun": 3}]'), "line 7: feedback is given by seat number, 0 to 2"),
])
def test_malformed_text_is_refused_naming_the_line(text, message):
    with pytest.raises(RecordError) as e:
        loads_text(text)
    assert str(e.value).startswith(message), str(e.value)


STACKTICS = Record(icewidgets.make_game("stacktics", size=2), seed=1).to_text()


@pytest.mark.parametrize(("old", "new", "message"), [
    ('board=\\"auto\\"', 'board=\\"5x5\\"', "line 2: stacktics board '5x5' is for game size 3; size 2 plays"),
    ('board=\\"auto\\"', 'board=\\"\\\\x\\"', "line 2: stacktics option 'board': '\"\\\\x\"' is not a JSON string"),
    ("size=2", "size=2, size=3", "line 2: option 'size' is given twice"),
    ("size=2", "size=two", "line 2: stacktics option 'size' must be int"),
])
def test_a_variant_line_that_does_not_read_is_refused_naming_its_line(old, new, message):
    """Never the default variant in its place, whatever the option's refusal says."""
    assert old in STACKTICS
    with pytest.raises(RecordError) as e:
        loads_text(STACKTICS.replace(old, new))
    assert str(e.value).startswith(message), str(e.value)


class CountingText(str):
    """Text that adds up how many characters `count` was asked to look through."""

    looked = 0

    def count(self, sub, start=None, end=None):
        start = 0 if start is None else start
        end = len(self) if end is None else end
        CountingText.looked += max(0, end - start)
        return super().count(sub, start, end)


def test_the_reader_looks_through_the_text_once_to_number_its_lines():
    """Line numbers are counted on as the text is read, not from the start for every move: a
    record of thousands of moves reads in time linear in its length."""
    record = Record(icewidgets.make_game("icetowers", players=6, trios=10), seed=5)
    rng = random.Random(5)
    while len(record.nodes) < 3000:
        node = rng.choice(record.nodes)
        moves = list(record.game.legal_moves(node.state))
        if moves:
            record.add(node, rng.choice(moves))
    text = CountingText(record.to_text())
    CountingText.looked = 0
    assert loads_text(text).dumps() == record.dumps()
    assert CountingText.looked <= 2 * len(text), (CountingText.looked, len(text))


def test_sizes_are_bounded():
    with pytest.raises(RecordError, match="longer than"):
        loads_text("[" * (32 * 1024 * 1024 + 1))
    with pytest.raises(RecordError, match="more than 2000 lines"):
        loads_text("[Meta \"a\" 1]\n" * 2001)


def test_names_and_comments_of_any_text_stay_exact():
    record = sample()
    record.players[0] = 'A "quoted" name\nwith a break'
    record.nodes[1].comment = "[%tags x] is not a command here } \\ {"
    record.nodes[2].comment = "\\"
    text = record.to_text()
    assert loads_text(text).dumps() == record.dumps()
    assert all(c in string.printable or ord(c) > 127 for c in text)
