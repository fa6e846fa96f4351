"""A board's session without any widget: driven through its methods and the page's messages, it
works out what a front end shows, tells a listener what each action set (once per action, also
for an agent's move from its thread), keeps its long lists current by splices a front end can
apply, carries its records so that they read back whole, hides a seat's secrets from another
seat's view, and refuses a message whose fields are of another type before anything acts."""

from __future__ import annotations

import copy
import json
import threading
from typing import Any

import pytest

import icewidgets
from icewidgets import IllegalMove, register_game
from icewidgets.core.chance import CHANCE
from icewidgets.core.record import Record, load_record
from icewidgets.session import Session, carried
from icewidgets.session.sync import SHOWN, SPLICED

from hidden_game import HighCards

register_game(HighCards)


class Page:
    """What a front end holds: every field as last set, the spliced lists with every splice
    applied, as js/src/splices.ts applies them; and the thread each action was told in."""

    def __init__(self, session: Session) -> None:
        self.fields = copy.deepcopy(session.shown)
        self.actions: list[set[str]] = []
        self.threads: list[str] = []
        session.listen(self.told)

    def told(self, fields: dict[str, Any], splices: dict[str, list[Any]]) -> None:
        self.actions.append(set(fields) | set(splices))
        self.threads.append(threading.current_thread().name)
        self.fields.update(copy.deepcopy(fields))
        for at, removed, rows in splices.get("_timeline", []):
            self.fields["_timeline"][at:at + removed] = copy.deepcopy(rows)
        for game, what, *args in copy.deepcopy(splices.get("_records", [])):
            records = self.fields["_records"]
            if what == "entry":
                records[game:game + 1] = [args[0]]
            elif what == "nodes":
                start, removed, rows = args
                records[game]["nodes"][start:start + removed] = rows
            else:
                records[game][what] = args[0]


def session(name: str = "icetowers", seed: int = 1, **options: Any) -> Session:
    return Session(Record(icewidgets.make_game(name, **options), seed))


def same(page: Page, session: Session) -> bool:
    return json.dumps(page.fields, sort_keys=True, default=str) == json.dumps(session.shown, sort_keys=True, default=str)


# -- what a front end is told ----------------------------------------------------------------------


def test_a_session_shows_the_start_and_holds_every_field_a_board_shows():
    s = session(players=3)
    assert set(s.shown) == set(SHOWN) and set(SPLICED) <= set(SHOWN)
    assert s.shown["title"] == "IceTowers" and s.shown["cursor"] == 0 and s.shown["error"] == ""
    assert s.shown["status"] == "No turns: any player may act."
    assert [a["seat"] for a in s.shown["actors"]] == [0, 1, 2]
    assert s.timeline == [{"id": 0, "parent": None, "ply": 0, "label": "start", "colour": "", "depth": 0,
                           "comment": "", "mark": "", "tags": []}]


def test_each_action_tells_the_listener_once_and_the_page_s_copy_stays_the_session_s():
    s = session(players=3)
    page = Page(s)
    s.play("r3>g3")
    s.receive({"do": "text", "cursor": 1, "text": "g1>r2"})
    s.receive({"do": "path", "cursor": 2, "seat": 2, "path": ["free:b1", "free:r2"]})
    s.back()
    s.play("b1>b2")  # a variation
    s.comment("why not cap?", node=2)
    s.annotate(1, mark="?!", tags=["fun"])
    s.promote(4)
    s.receive({"do": "goto", "node": 0})
    assert len(page.actions) == 9 and all(page.actions)
    assert same(page, s)
    assert [r[3] for r in page.fields["_timeline"]] == [
        "start", "red large onto the green large", "green small onto the red medium", "blue small onto the blue medium",
        "blue small onto the red medium"]
    s.receive({"do": "explode"})  # a refusal is one action too: it sets the error line
    assert page.actions[-1] == {"error"} and s.shown["error"] == "the board does not know the message 'explode'"


def test_a_valid_click_after_a_refusal_clears_the_error_line():
    s = session(players=3)
    s.receive({"do": "explain", "cursor": 0, "seat": 0, "path": ["T1"]})
    assert s.shown["error"]
    page = Page(s)
    s.receive({"do": "clear_error"})
    assert page.actions == [{"error"}] and s.shown["error"] == ""
    assert s.node.id == 0 and s.shown["cursor"] == 0  # the board stays where it was


def test_a_step_sends_one_row_and_one_node_not_the_whole_lists():
    s = session("stacktics", size=3)
    splices: list[dict[str, Any]] = []
    s.listen(lambda fields, sent: splices.append(sent))
    for _ in range(20):
        s.play(s.legal_moves()[0])
    for sent in splices:
        assert [len(rows) for _, _, rows in sent["_timeline"]] == [1]
        assert [p[:2] for p in sent["_records"] if p[1] != "metadata"] == [[0, "nodes"]]


def test_the_records_carried_read_back_whole_with_the_board_s_node_ids(tmp_path):
    s = session(players=3)
    page = Page(s)
    for text in ("r3>g3", "g1>r2", "b1>b2"):
        s.play(text)
    s.goto(1)
    s.play("b1>b3")  # a variation, made after the main line: its id is not its place in a file
    s.promote()  # and then the main line
    s.comment("the line kept", node=4)
    s.session(place="club")
    s.feedback(0, fun=4)
    s.new_game(seed=9)
    s.play("r1>r2")
    s.switch_game(0)
    assert same(page, s)
    first, second = page.fields["_records"]
    record, node = carried.read(first)
    assert record.dumps() == s.records[0].dumps() and node.id == s.node.id
    assert [n.id for n in record.nodes] == [n.id for n in s.records[0].nodes]
    assert [c.id for c in record.nodes[1].children] == [c.id for c in s.records[0].nodes[1].children] == [4, 2]
    again, at = carried.read(second)
    assert again.dumps() == s.records[1].dumps() and at.id == 1  # where the second game was left


@pytest.mark.parametrize("junk", [None, [], {"head": {}}, {"head": {}, "metadata": {}, "nodes": [], "order": {},
                                                          "cursor": 0}])
def test_a_carried_record_that_is_not_one_is_refused_by_the_record_reader(junk):
    with pytest.raises(icewidgets.RecordError):
        carried.read(junk)


def test_a_carried_record_with_a_move_these_rules_refuse_is_refused():
    s = session(players=3)
    s.play("r3>g3")
    entry = copy.deepcopy(s.shown["_records"][0])
    entry["nodes"][1][1] = "g3>T9"
    with pytest.raises(icewidgets.RecordError, match="g3>T9"):
        carried.read(entry)
    entry["nodes"][1][1] = "r3>g3"
    entry["order"] = {"0": [1, 1]}
    with pytest.raises(icewidgets.RecordError, match="order"):
        carried.read(entry)


# -- agents ---------------------------------------------------------------------------------------


def test_agents_answer_in_their_own_thread_and_the_listener_hears_it_there():
    s = session("stacktics", seed=2, size=3)
    page = Page(s)
    s.seat_agent(1, "random")
    s.play(s.legal_moves()[0])
    assert s.wait(30)
    assert s.record.root.end().ply >= 2 and s.node.ply == 2  # the agent answered, and it is shown
    assert any(name.startswith("icewidgets agent") for name in page.threads)
    assert s.shown["thinking"] == {} and s.shown["seated"] == [[0, None], [1, "random"]]
    assert same(page, s)


def test_a_move_from_the_page_while_an_agent_thinks_is_refused():
    release = threading.Event()

    def slow(game: Any, state: Any, seat: int, rng: Any) -> Any:
        release.wait(10)
        return next(game.legal_moves(state, seat))

    s = session("stacktics", seed=2, size=3)
    s.seat_agent(1, slow)
    s.play(s.legal_moves()[0])
    assert s.shown["thinking"]["seat"] == 1
    s.receive({"do": "path", "cursor": s.node.id, "seat": 0, "path": ["b1.2", "a2"]})
    assert "is thinking" in s.shown["error"]
    release.set()
    assert s.wait(10) and s.node.ply == 2


# -- the editor ---------------------------------------------------------------------------------------


def test_the_editor_takes_clicks_as_edits_and_done_starts_a_game_that_keeps_its_set_up():
    s = session("stacktics", size=3)
    page = Page(s)
    s.receive({"do": "edit", "on": True})
    assert s.shown["editing"] and s.shown["actors"][0]["seat"] == "editor"
    s.receive({"do": "path", "cursor": 0, "seat": "editor", "path": ["b1.2"]})  # take a piece off
    assert s.shown["error"] == ""
    s.receive({"do": "back"})
    assert "press Done" in s.shown["error"]
    s.receive({"do": "edit_done"})
    assert not s.shown["editing"] and len(s.records) == 2 and s.record.setup is not None
    record, _ = carried.read(page.fields["_records"][1])
    assert record.dumps() == s.record.dumps() and record.setup == s.record.setup


# -- hidden information -----------------------------------------------------------------------------


def test_a_seat_s_view_holds_none_of_another_seat_s_secrets_and_carries_no_record():
    s = Session(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        s.set_chance([card])
    page = Page(s)
    s.view(0)
    shown = json.dumps(page.fields)
    assert "Castle" not in shown and "Mill" not in shown and "Ace" in shown and "Crown" in shown
    assert page.fields["_records"] == [None]
    s.receive({"do": "viewer", "seat": None, "follow": False})
    assert "Castle" in json.dumps(page.fields) and carried.read(page.fields["_records"][0])[0].dumps() == s.record.dumps()


def test_while_the_screen_is_passed_no_seat_s_moves_or_hand_are_shown():
    s = Session(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        s.set_chance([card])
    s.view(0, follow=True)
    s.play("P1 plays Ace")
    s.set_chance(["author"])
    assert s.shown["curtain"] == "Pass the screen to Ben." and s.shown["actors"] == []
    s.seat_agent(0, None)  # a change of seats while the curtain is up shows no moves either
    assert s.shown["actors"] == [] and "Castle" not in json.dumps(s.shown)


# -- autosave ----------------------------------------------------------------------------------------


def test_a_session_autosaves_each_change_through_its_one_writer(tmp_path):
    s = Session(Record(icewidgets.make_game("icetowers", players=3), 5), autosave=tmp_path)
    s.play("r3>g3")
    s.comment("why?")
    path = s.autosave_path
    assert path is not None and load_record(path).dumps() == s.record.dumps()


# -- the page's protocol ------------------------------------------------------------------------------

MISTYPED = {
    "a node by text": ({"do": "goto", "node": "1"}, "there is no node '1' in this record"),
    "a path that is text": ({"do": "path", "cursor": 0, "seat": 0, "path": "free:r3"},
                            "a move path is a list of target ids"),
    "a seat that is a list": ({"do": "path", "cursor": 0, "seat": [0], "path": ["free:r3"]},
                              "no legal move of seat [0] has these clicks"),
    "a cursor that is text": ({"do": "roll", "cursor": "0"}, "that was done on an earlier view of the board"),
    "no cursor": ({"do": "hint"}, "that was done on an earlier view of the board"),
    "tags as text": ({"do": "annotate", "node": 0, "tags": "fun"}, "annotations: tags are a list of at most 20 texts"),
    "a mark that is a number": ({"do": "annotate", "node": 0, "mark": 1}, "annotations: a move mark is one of"),
    "a die that is true": ({"do": "set_chance", "cursor": 0, "values": [True]}, "chance values are a list of"),
    "on as text": ({"do": "edit", "on": "yes"}, "the page's edit message: on is boolean, not 'yes'"),
    "a hint's seat as text": ({"do": "hint", "cursor": 0, "seat": "0"}, "there is no seat '0': the seats are 0 to 2"),
    "a rating as text": ({"do": "feedback", "seat": 2, "tension": "high"},
                         "seat 2's tension is a whole number from 1 to 5 (or none), not 'high'"),
    "no comment text": ({"do": "comment", "node": 0}, "comment must be text of at most 100000 characters"),
    "an agent by number": ({"do": "seat_agent", "seat": 0, "agent": 7}, "no agent called 7; the agents are random"),
    "a hint's seat that is not there": ({"do": "hint", "cursor": 0, "seat": 9}, "there is no seat 9: the seats are 0 to 2"),
    "a game by text": ({"do": "switch_game", "index": "1"}, "this board holds games 0 to 0, not '1'"),
    "options as a list": ({"do": "new_game", "options": []}, "new game options must be a mapping"),
}


@pytest.mark.parametrize("message, said", MISTYPED.values(), ids=MISTYPED.keys())
def test_a_field_of_another_type_is_refused_by_name_before_anything_acts(message, said):
    s = session(players=3)
    before = (s.record.dumps(), {k: v for k, v in s.shown.items() if k != "error"})
    s.receive(message)
    assert s.shown["error"].startswith(said)
    assert (s.record.dumps(), {k: v for k, v in s.shown.items() if k != "error"}) == before


def test_a_seed_of_another_type_is_refused_beside_the_form_s_seed_field():
    s = session(players=3)
    s.receive({"do": "new_game", "options": {}, "seed": 1.5})
    assert s.shown["form_error"] == {"option": "seed", "message": "a seed is a whole number from -2**63 to "
                                     "2**63 - 1, not 1.5 (leave the seed blank for a fresh one)"}
    assert len(s.records) == 1 and s.shown["error"] == ""


def test_a_field_the_annotate_message_does_not_declare_is_refused_and_others_are_left_unread():
    s = session(players=3)
    s.play("r3>g3")
    s.receive({"do": "annotate", "node": 1, "mark": "!", "colour": "red"})
    assert s.shown["error"] == "the board takes arrows, highlights, a mark and tags from the page, not 'colour'"
    assert s.record.nodes[1].annotations == {}
    s.receive({"do": "goto", "node": 0, "cursor": 7, "why": "left unread"})
    assert s.shown["error"] == "" and s.node.id == 0


def test_python_calls_raise_what_the_page_is_told():
    s = session(players=3)
    with pytest.raises(IllegalMove, match=r"^there is no seat 'x': the seats are 0 to 2$"):
        s.view("x")  # type: ignore[arg-type]
    s.receive({"do": "viewer", "seat": "x"})
    assert s.shown["error"] == "there is no seat 'x': the seats are 0 to 2"
    assert CHANCE not in [a["seat"] for a in s.shown["actors"]]


# -- the legal-move list -------------------------------------------------------------------------------


def test_the_move_list_holds_every_legal_move_in_words_and_what_the_page_sends_to_play_it():
    s = Session(Record(icewidgets.make_game("icefortress", players=2), seed=4))
    texts = s.legal_moves()
    # folded until the page opens it: how many moves there are, and no more sent at each step
    assert s.shown["move_list"] == {"rows": [], "count": len(texts), "filter": "", "open": False}
    s.receive({"do": "show_moves", "open": True})
    listed = s.shown["move_list"]
    assert listed["open"] is True
    assert listed["count"] == len(texts) and [row[3] for row in listed["rows"]] == texts and listed["filter"] == ""
    state = s.state
    for seat, words, path, text in listed["rows"]:
        move = s.game.parse_move(state, text)
        assert words == s.game.move_label(state, move, s.record.players) and seat == s.game.move_player(move)
        assert path == list(next(iter(s.game.move_paths(state, move)), []))
    seat, words, path, text = listed["rows"][0]
    assert path == [] and words.startswith("keep ") and words != text  # the cards by their titles
    s.receive({"do": "text", "cursor": s.node.id, "text": text})
    assert s.node.text == text and s.shown["error"] == ""


def test_a_move_of_the_list_with_a_place_on_the_board_is_played_by_its_clicks():
    s = session("stacktics")
    seat, _, path, text = s.show_moves()["rows"][5]
    s.receive({"do": "path", "cursor": 0, "seat": seat, "path": path})
    assert s.node.ply == 1 and s.node.text == text


def test_the_move_list_is_cut_at_its_most_and_counts_every_move_and_the_filter_narrows_it(monkeypatch):
    from icewidgets.session import view

    s = session("icetowers", players=3)
    every = s.legal_moves()
    monkeypatch.setattr(view, "MOVE_LIST_MOST", 5)
    page = Page(s)
    s.receive({"do": "filter_moves", "text": ""})
    assert len(page.fields["move_list"]["rows"]) == 5 and page.fields["move_list"]["count"] == len(every)
    s.receive({"do": "filter_moves", "text": "  R1  >G1 "})
    listed = page.fields["move_list"]
    assert [row[3] for row in listed["rows"]] == [t for t in every if "r1>g1" in t.casefold()][:5]
    assert listed["count"] == sum("r1>g1" in t.casefold() for t in every) and listed["filter"] == "  R1  >G1 "
    game, state, names = s.game, s.state, s.record.players
    assert all(row[1] == f"{names[row[0]]}: {game.move_label(state, game.parse_move(state, row[3]), names)}"
               for row in listed["rows"])  # several seats act: each move says whose it is
    assert listed["rows"][0][1] == "Red: red small onto the green small"
    s.receive({"do": "filter_moves", "text": "red onto purple"})
    assert s.shown["move_list"]["count"] == 0  # three players: no purple piece to cap
    s.receive({"do": "filter_moves", "text": "  R1  >G1 "})
    s.play(every[0])  # the filter holds at the next position
    assert s.shown["move_list"]["filter"] == "  R1  >G1 "
    s.receive({"do": "filter_moves", "text": "x" * 201})
    assert s.shown["error"] == "a move filter is a text of at most 200 characters"
    s.receive({"do": "filter_moves", "text": 7})
    assert s.shown["error"] == "a move filter is a text of at most 200 characters"


def test_the_move_list_is_empty_in_the_editor_and_for_an_agent_s_seat():
    s = session("stacktics")
    s.show_moves()
    s.edit()
    assert s.shown["move_list"]["rows"] == [] and s.shown["move_list"]["count"] == 0
    s.edit_cancel()
    assert s.shown["move_list"]["count"] > 0
    s.seat_agent(1, "random")
    s.seat_agent(0, None)
    s.play(s.legal_moves()[0])
    s.wait(30)
    rows = s.shown["move_list"]["rows"]
    assert rows and {row[0] for row in rows} == {0}
    s.receive({"do": "show_moves", "open": "yes"})
    assert s.shown["error"] == "open is true or false" and s.shown["move_list"]["open"] is True
    assert s.show_moves(False) == {"rows": [], "count": len(rows), "filter": "", "open": False}


# -- hot-seat keeps secrets --------------------------------------------------------------------------


def test_hot_seat_play_refuses_the_page_the_designer_s_view_until_unlocked_from_python():
    s = Session(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        s.set_chance([card])
    assert not s.shown["view_locked"]
    s.view(0, follow=True)
    assert s.shown["view_locked"] and s.viewer == 0
    s.receive({"do": "viewer", "seat": 0, "follow": True})  # as it is: nothing to refuse
    assert s.shown["error"] == "" and s.viewer == 0 and s.shown["follow_turn"]
    for seat, follow in ((None, False), (1, False), (None, True), (1, True)):
        s.receive({"do": "viewer", "seat": seat, "follow": follow})
        whose = "the designer's view" if seat is None else "the view of Ben"
        assert s.shown["error"] == (f"hot-seat play keeps each hand hidden: {whose} is not shown while the board "
                                    "follows the turn (board.unlock_view() in Python allows it)")
        assert s.viewer == 0 and s.shown["follow_turn"] and "Castle" not in json.dumps(s.shown)
    s.unlock_view()
    assert not s.shown["view_locked"]
    s.receive({"do": "viewer", "seat": None, "follow": False})
    assert s.shown["error"] == "" and s.viewer is None and "Castle" in json.dumps(s.shown)
    assert not s.shown["view_locked"]  # not following: nothing to lock
    s.unlock_view(False)
    s.view(1, follow=True)  # Python's own view is never locked
    assert s.shown["view_locked"]
    s.view(None)
    assert s.viewer is None and not s.shown["view_locked"]


def test_a_game_that_hides_nothing_is_never_locked():
    s = session("icetowers")
    assert not s.shown["view_locked"]


# -- refusals in a player's words ----------------------------------------------------------------------


def _drawn_ids(scene: Any) -> set[str]:
    """The ids a scene draws, but those it labels with themselves (Dectana's spaces by where)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("id"), str) and x.get("label") != x["id"]:
                found.add(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(scene["regions"])
    return found


@pytest.mark.parametrize("name", ["dectana", "icefortress"])
def test_a_click_that_is_no_move_is_explained_without_ids(name):
    import random
    import re

    s = Session(Record(icewidgets.make_game(name), seed=5))
    rng = random.Random(2)
    said = []
    for _ in range(12):
        actor = s.shown["actors"][0]
        ids = sorted(_drawn_ids(s.shown["scene"]))
        for first in [None, *list(actor["tree"])[:2]]:
            offered = actor["tree"] if first is None else actor["tree"][first]
            for clicked in rng.sample(ids, min(8, len(ids))):
                if not isinstance(offered, dict) or clicked in offered:
                    continue
                said.append(s.explain(actor["seat"], [clicked] if first is None else [first, clicked]))
        s.play(rng.choice(s.legal_moves()))
    ids = {i for i in _drawn_ids(s.shown["scene"]) if re.search(r"[:/.,]", i)}
    assert len(said) > 50
    for line in said:
        assert not [i for i in ids if re.search(rf"(?<![\w:/.,-]){re.escape(i)}(?![\w:/.,-])", line)], line


def test_the_words_for_a_click_are_the_scene_s_own():
    from icewidgets.core.scene import name_in

    s = Session(Record(HighCards(), seed=3, players=["Ann", "Ben"]), auto_chance=False)
    for card in ("ace", "castle", "crown", "mill"):
        s.set_chance([card])
    s.view(0)
    scene = s.shown["scene"]
    hidden = next(c["id"] for r in scene["regions"] for c in r.get("cards", []) if c["hidden"])
    assert name_in(scene, hidden) == "a face-down card"  # never what the designer's view would say
    assert name_in(scene, "nothing here") is None and name_in(scene, scene["regions"][0]["id"]) is None
    assert name_in(session("stacktics").shown["scene"], "c1.0") == "the red large"  # a piece by colour and size
    assert name_in(session("dectana", seed=1).shown["scene"], "0,0") == "0,0 (The Penitent)"  # a space as drawn
