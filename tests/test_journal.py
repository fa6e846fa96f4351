"""The playtest journal: every record of a folder as DataFrames, a corrupt file listed with its
error, rows filtered and opened in a Board at their position."""

from __future__ import annotations

import json
import os
import random

import pytest

import icewidgets
from icewidgets import RecordError
from icewidgets.core.record import Node, loads_record

pd = pytest.importorskip("pandas")
pytestmark = pytest.mark.frontend


@pytest.fixture
def folder(tmp_path):
    """Two games autosaved by a board, one in the text form, a corrupt file, a file that is no
    record, and the temporary file an interrupted save leaves."""
    board = icewidgets.play("icetowers", players=3, seed=1, names=["Ann", "Ben", "Cy"], autosave=tmp_path)
    board.session(place="club night")
    for move in ("r3>g3", "g1>T1", "b1>T1"):
        board.play(move)
    board.annotate(2, mark="?", tags=["rules question", "fun"], arrows=[("free:g1", "T1")])
    board.comment("may a small cap a large?", 2)
    board.annotate(3, tags=["too long"])
    board.goto(1)
    board.play("g3>T1")  # a variation
    board.annotate(tags=["rules question"])
    for seat, fun in ((0, 4), (1, 2)):
        board.feedback(seat, fun=fun, tension=3, clarity=seat + 1, comment=f"seat {seat}")
    board.new_game(seed=2)
    board.play("g1>r2")
    stacktics = icewidgets.Record(icewidgets.make_game("stacktics", size=3), seed=3)
    node = stacktics.root
    while not stacktics.game.is_over(node.state):
        node = stacktics.add(node, next(iter(stacktics.game.legal_moves(node.state))))
    node.annotations = {"mark": "!!"}
    stacktics.save_text(tmp_path / "stacktics.txt")
    data = json.loads(board.record.dumps())
    data["nodes"][1]["move"] = "g1>zz"
    (tmp_path / "corrupt.json").write_text(json.dumps(data))
    (tmp_path / "notes.json").write_text("[1, 2")
    (tmp_path / ".icetowers.json.abc.saving").write_text("{half a rec")
    (tmp_path / "readme.md").write_text("not a record")
    return tmp_path


def test_the_journal_has_a_row_per_game_and_lists_the_files_that_do_not_load(folder):
    journal = icewidgets.journal(folder)
    games = journal.games
    assert len(games) == 5 and len(journal.errors) == 2
    assert list(journal.errors["name"]) == ["corrupt.json", "notes.json"]
    assert "node 1: move 'g1>zz'" in journal.errors["error"][0] and "not valid JSON" in journal.errors["error"][1]
    good = games[games.error == ""]
    first = good[good.plies == 3].iloc[0]
    assert first.game == "icetowers" and first.players == ["Ann", "Ben", "Cy"] and first.place == "club night"
    assert first.fun == 3 and first.clarity == 1.5 and first.result == "unfinished" and first.annotated == 3
    assert first.duration_s >= 0 and first.started[:10] == first.date
    assert first.feedback["1"] == {"fun": 2, "tension": 3, "clarity": 2, "comment": "seat 1"}
    played = good[good.game == "stacktics"].iloc[0]
    assert (played.result, played.winners, played.plies) == ("nobody wins", [], 200)
    assert played.ended == "draw: 200 plies without a capture"
    assert "3 files" not in repr(journal) and "2 files that do not load" in repr(journal)


def test_positions_tags_and_feedback_are_rows_to_filter(folder):
    journal = icewidgets.journal(folder)
    questions = journal.tags.query("tag == 'rules question'")
    assert sorted(questions["move"]) == ["g1>T1", "g3>T1"]
    pos = journal.positions.set_index("move").loc["g1>T1"]
    assert (pos.mark, pos.tags, pos.arrows, pos.highlights, pos.mainline) == ("?", ["rules question", "fun"], 1, 0, True)
    assert pos.comment == "may a small cap a large?"
    assert not journal.positions.set_index("move").loc["g3>T1"].mainline
    assert list(journal.positions[journal.positions.mark == "!!"]["game"]) == ["stacktics"]
    feedback = journal.feedback
    assert list(feedback["player"]) == ["Ann", "Ben"] and list(feedback["fun"]) == [4, 2]


def test_a_row_opens_in_a_board_at_its_position(folder):
    journal = icewidgets.journal(folder)
    row = journal.tags.query("tag == 'too long'").iloc[0]
    board = journal.open(row)
    assert board.node.text == "b1>T1" and board.node.annotations["tags"] == ["too long"]
    assert board.node.ply == 3 and board.record.players == ["Ann", "Ben", "Cy"]
    variation = icewidgets.open_position(journal.positions[~journal.positions.mainline].iloc[0])
    assert variation.node.text == "g3>T1" and not variation.node.is_mainline()
    game = icewidgets.open_position(journal.games[journal.games.game == "stacktics"].iloc[0])
    assert game.game.is_over(game.state)
    with pytest.raises(RecordError, match="names its file"):
        icewidgets.open_position({"node": 1})


def test_opening_a_row_of_a_file_that_changed_since_says_so(folder):
    journal = icewidgets.journal(folder)
    row = journal.positions[journal.positions.move == "b1>T1"].iloc[0]
    record = icewidgets.load_record(row.file)
    record.promote(record.add_text(record.root, "b1>b2"))  # a new main line: the nodes after it move
    record.save(row.file)
    with pytest.raises(RecordError, match="has changed since the journal was read"):
        journal.open(row)


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(RecordError, match="is not a folder"):
        icewidgets.journal(tmp_path / "nowhere")


def test_a_game_whose_rules_fail_on_its_record_is_listed_and_the_others_read(folder):
    """A house rule that raises (here in `is_over`, on the last position only) costs its own file."""

    class TallTowersEnd(icewidgets.IceTowers):
        slips = False  # set once the game is played and saved

        def is_over(self, state):
            if self.slips and any(len(tower) >= 4 for tower in state.towers):
                raise ZeroDivisionError("a designer's slip")
            return super().is_over(state)

    icewidgets.house_rule("icetowers-tall-towers-end")(TallTowersEnd)
    try:
        board = icewidgets.play("icetowers-tall-towers-end", players=2, trios=3, seed=4)
        for text in ("g1>r1", "r1>T1", "g1>T1"):
            board.play(text)
        board.save(folder / "house-rule.json")
        TallTowersEnd.slips = True
        journal = icewidgets.journal(folder)
    finally:
        del icewidgets.GAMES["icetowers-tall-towers-end"]
    assert list(journal.errors["name"]) == ["corrupt.json", "house-rule.json", "notes.json"]
    assert journal.errors["error"][1] == "ZeroDivisionError: a designer's slip"
    assert len(journal.games[journal.games.error == ""]) == 3
    assert "house-rule.json" not in set(journal.positions["name"]) | set(journal.feedback["name"])


def test_a_file_name_that_is_not_utf8_is_shown_and_opened(tmp_path):
    name = os.fsdecode(b"caf\xe9 \xff.json")  # Latin-1 bytes: not UTF-8
    record = icewidgets.Record(icewidgets.make_game("icetowers", players=2), seed=1)
    record.add_text(record.root, "g1>r1").comment = "a note"
    try:
        record.save(tmp_path / name)
    except RecordError:
        pytest.skip("this file system takes only UTF-8 names")
    journal = icewidgets.journal(tmp_path)
    for frame in (journal.games, journal.positions, journal.tags, journal.feedback, journal.errors):
        repr(frame).encode("utf-8")
        frame.to_html().encode("utf-8")
    assert list(journal.games["name"]) == ["caf\\xe9 \\xff.json"] and journal.errors.empty
    board = journal.open(journal.positions.iloc[0])
    assert board.node.comment == "a note"


def test_the_main_line_is_walked_once_however_many_positions_are_annotated(tmp_path, monkeypatch):
    """Whether each annotated position is on the main line is read from the main line, found
    once: the journal of a long annotated game takes time linear in its length."""
    game = icewidgets.make_game("dectana")
    record = icewidgets.Record(game, seed=4)
    rng, node = random.Random(4), record.root
    while node.ply < 300:
        if game.to_act(node.state) == (icewidgets.CHANCE,):
            node = record.roll(node)
        else:
            moves = list(game.legal_moves(node.state, rng.choice(game.wants_to_act(node.state))))
            node = record.add(node, rng.choice([m for m in moves if not game.is_over(game.apply(node.state, m))]))
        node.comment = f"ply {node.ply}"
    record.save(tmp_path / "long.json")
    walked = []
    for method in ("line", "is_mainline"):
        original = getattr(Node, method)
        monkeypatch.setattr(Node, method, lambda self, _o=original: walked.append(self.ply) or _o(self))
    journal = icewidgets.journal(tmp_path)
    assert len(journal.positions) == 300 and journal.positions["mainline"].all()
    assert sum(walked) <= 2 * 300, sum(walked)


def test_a_game_whose_draws_do_not_follow_its_seed_is_read_and_names_them(tmp_path):
    """A deal edited by hand (another card the pile held) loads, and its game's row names it."""
    board = icewidgets.play("dectana", seed=5)  # the board lays and deals the cards from the seed
    board.save(tmp_path / "dealt.json")
    data = json.loads(board.record.dumps())
    dealt = board.record.nodes[18]
    card = next(text for text in (board.game.move_text(dealt.parent.state, move)
                                  for move, _ in board.game.chance_outcomes(dealt.parent.state)) if text != dealt.text)
    data["nodes"][18]["move"] = card
    (tmp_path / "edited.json").write_text(json.dumps(data))
    loads_record(json.dumps(data)).save_text(tmp_path / "edited.txt")
    journal = icewidgets.journal(tmp_path)
    problems = dict(zip(journal.games["name"], journal.games["draw_problems"], strict=True))
    said = (f"node 18 (move 18, {card!r}) is marked as rolled from the seed, but seed 5 gives {dealt.text!r}")
    assert problems == {"dealt.json": [], "edited.json": [said], "edited.txt": [said]}
    assert journal.errors.empty and list(journal.games["error"]) == ["", "", ""]
    assert repr(journal).endswith("0 files that do not load, 2 whose draws do not follow their seed>")
