"""Autosave: the record is written after every change, atomically, one file per game; a process
killed between writing and renaming leaves the previous file whole, and `load` resumes it."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import icewidgets
from icewidgets.core import files
from icewidgets.core.record import load_record

pytestmark = pytest.mark.frontend


def moves(path: Path) -> list[str]:
    return [n.text for n in load_record(path).mainline()]


def test_every_change_is_written_to_one_file_per_game(tmp_path):
    folder = tmp_path / "playtests"
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    assert board.autosave_path is None and list(folder.iterdir()) == []  # nothing to keep yet
    board.play("r3>g3")
    path = board.autosave_path
    assert path is not None and path.parent == folder.resolve() and path.name.startswith("icetowers-")
    assert moves(path) == ["r3>g3"]
    board.comment("why?")
    assert load_record(path).nodes[1].comment == "why?"
    board.annotate(mark="?!", tags=["rules question"])
    assert load_record(path).nodes[1].annotations == {"mark": "?!", "tags": ["rules question"]}
    board.feedback(2, fun=3, comment="slow")
    assert load_record(path).metadata["feedback"]["2"]["fun"] == 3
    board.back()  # moving the cursor changes nothing: nothing written
    before = path.stat().st_mtime_ns
    board.forward()
    assert path.stat().st_mtime_ns == before
    board.new_game(seed=6)
    board.play("g1>r2")
    second = board.autosave_path
    assert second != path and moves(second) == ["g1>r2"] and moves(path) == ["r3>g3"]
    assert sorted(p.name for p in folder.iterdir()) == sorted([path.name, second.name])


def test_chance_rolled_by_the_board_and_agents_moves_are_saved(tmp_path):
    board = icewidgets.play("ascendancy", players=2, seed=1, autosave=tmp_path, agents={0: "random", 1: "random"})
    assert board.wait(60)  # the agents play the game out, the board rolling the dice
    saved = moves(board.autosave_path)
    assert saved == [n.text for n in board.record.mainline()] and len(saved) > 10
    assert saved[0].startswith("roll") and board.game.is_over(board.state)


def test_load_resumes_and_keeps_writing_the_same_file(tmp_path):
    board = icewidgets.play("stacktics", size=3, seed=2, autosave=tmp_path)
    board.play(board.legal_moves()[0])
    path = board.autosave_path
    resumed = icewidgets.load(path, autosave=True)
    assert resumed.node.ply == 1
    resumed.play(resumed.legal_moves()[0])
    assert resumed.autosave_path == path and len(moves(path)) == 2
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    elsewhere = icewidgets.load(path)  # without autosave: nothing written
    elsewhere.play(elsewhere.legal_moves()[0])
    assert len(moves(path)) == 2


def test_the_session_clock_runs_from_the_start_to_the_last_move(tmp_path):
    board = icewidgets.play("icetowers", players=2, seed=3, names=["Ann", "Ben"], autosave=tmp_path)
    time.sleep(0.3)
    board.play("r3>g3")
    session = board.record.metadata["session"]
    assert session["seats"] == ["Ann", "Ben"] and session["date"] == session["started"][:10]
    assert 0.2 <= session["duration_s"] < 30
    time.sleep(0.3)
    board.comment("a comment is no move: the clock is not read")
    assert board.record.metadata["session"]["duration_s"] == session["duration_s"]
    board.play("g1>r3")
    assert board.record.metadata["session"]["duration_s"] >= 0.5
    resumed = icewidgets.load(board.autosave_path, autosave=True)
    resumed.play(resumed.legal_moves()[0])
    again = resumed.record.metadata["session"]
    assert again["started"] == session["started"] and again["duration_s"] >= 0.5


def test_the_atomic_writer_writes_a_temporary_file_flushes_it_and_renames_it(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text("old")
    seen: list[tuple[str, object]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        seen.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}")))
        return real_fsync(fd)

    def replace(src, dst):
        seen.append(("replace", (Path(src).read_bytes(), path.read_text())))  # the new file whole, the old one kept
        return real_replace(src, dst)

    monkeypatch.setattr(files.os, "fsync", fsync)
    monkeypatch.setattr(files.os, "replace", replace)
    files.write_file(path, b"new")
    assert [kind for kind, _ in seen] == ["fsync", "replace", "fsync"]
    assert Path(str(seen[0][1])).name.startswith(".game.json.") and seen[1][1] == (b"new", "old")
    assert seen[2][1] == str(tmp_path)  # the folder's entry of the renamed file
    assert path.read_text() == "new" and [p.name for p in tmp_path.iterdir()] == ["game.json"]


CHILD = textwrap.dedent("""
    import os, sys, time
    import icewidgets
    folder, marker = sys.argv[1], sys.argv[2]
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    board.play("r3>g3")
    board.comment("kept")

    def stuck(src, dst):  # the new record is written and flushed; the rename never comes
        with open(marker + ".tmp", "w") as f:
            f.write(src)
        os.rename(marker + ".tmp", marker)
        time.sleep(600)

    os.replace = stuck
    board.play("g1>r2")
""")


def test_a_process_killed_between_the_write_and_the_rename_leaves_the_previous_file_whole(tmp_path):
    folder, marker = tmp_path / "playtests", tmp_path / "renaming"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(marker)])
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert child.poll() is None, "the writing process ended before its second save"
            assert time.monotonic() < deadline, "the writing process never reached its second save"
            time.sleep(0.05)
        temporary = Path(marker.read_text())
        assert temporary.name.startswith(".") and temporary.exists()
        assert [n["move"] for n in json.loads(temporary.read_text())["nodes"][1:]] == ["r3>g3", "g1>r2"]
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert child.returncode == -signal.SIGKILL
    [path] = [p for p in folder.iterdir() if not p.name.startswith(".")]
    record = load_record(path)  # the previous record, whole: its last move and comment
    assert [n.text for n in record.mainline()] == ["r3>g3"] and record.nodes[1].comment == "kept"
    board = icewidgets.load(path, autosave=True)  # resumed where the file left off
    board.play("g1>r2")
    assert moves(path) == ["r3>g3", "g1>r2"]
    journal = pytest.importorskip("pandas") and icewidgets.journal(folder)
    assert list(journal.games["name"]) == [path.name] and journal.errors.empty  # the leftover is no record


def test_a_failed_autosave_keeps_the_move_and_says_so(tmp_path):
    folder = tmp_path / "playtests"
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    board.play("r3>g3")
    path = board.autosave_path
    path.unlink()
    folder.rmdir()
    folder.write_text("not a folder any more")
    with pytest.warns(RuntimeWarning, match="autosave failed"):
        board.play("g1>r2")
    assert [n.text for n in board.record.mainline()] == ["r3>g3", "g1>r2"]
    assert board.error.startswith("autosave failed: cannot save")


def test_autosave_must_be_a_folder(tmp_path):
    with pytest.raises(icewidgets.RecordError, match="autosave is a folder"):
        icewidgets.play("icetowers", autosave=3)
    (tmp_path / "file").write_text("")
    with pytest.raises(icewidgets.RecordError, match="cannot autosave in"):
        icewidgets.play("icetowers", autosave=tmp_path / "file")


# -- several boards and processes on one folder ---------------------------------------------------

PLAYER = textwrap.dedent("""
    import json, sys, time, warnings
    import icewidgets
    folder, k, resume = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    print("ready", flush=True)
    start = float(sys.stdin.readline())
    time.sleep(max(0.0, start - time.time()))
    if resume:
        board = icewidgets.load(resume, autosave=True)
    else:
        board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    print(board.record.root.end().ply, flush=True)
    sys.stdin.readline()  # every board is made: now all move at once
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        for ply in range(8):
            options = board.legal_moves()
            board.play(options[k % len(options)] if ply == 0 else options[0])
    session = board.record.metadata["session"]
    print(json.dumps({"path": str(board.autosave_path), "moves": [n.text for n in board.record.mainline()],
                      "said": [str(w.message) for w in said], "started": session.get("started")}))
""")


def players_at_once(folder: Path, n: int, resume: Path | None = None) -> list[dict]:
    """`n` processes that each make a board at the start of one second, then play their own moves
    all at once, autosaving into `folder` (or each resuming the file `resume`)."""
    procs = [subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), str(k), str(resume or "")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(Path(icewidgets.__file__).parents[1])})
             for k in range(n)]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready"
        start = int(time.time()) + 1.02
        for p in procs:
            p.stdin.write(f"{start}\n")
            p.stdin.flush()
        for p in procs:
            assert p.stdout.readline().strip()  # its board is made
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        results = [json.loads(p.communicate(timeout=180)[0]) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert all(p.returncode == 0 for p in procs)
    return results


def test_processes_autosaving_into_one_folder_at_once_each_keep_their_whole_game(tmp_path):
    games = players_at_once(tmp_path, 6)
    assert len({g["started"] for g in games}) < 6  # boards made in the same second: one name for them
    assert len({tuple(g["moves"]) for g in games}) == 6  # six different games
    assert len({g["path"] for g in games}) == 6
    for g in games:
        assert moves(Path(g["path"])) == g["moves"] and len(g["moves"]) == 8 and g["said"] == []
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 6 and all(n.startswith("icetowers-") and n.endswith(".json") for n in names)


def test_processes_resuming_one_file_at_once_each_keep_their_whole_game(tmp_path):
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=tmp_path)
    board.play("r3>g3")
    path = board.autosave_path
    games = players_at_once(tmp_path, 4, resume=path)
    for g in games:  # each game whole in a file of its own: the file resumed, or a new one
        assert g["moves"][0] == "r3>g3" and moves(Path(g["path"])) == g["moves"] and len(g["moves"]) == 9
    assert len({g["path"] for g in games}) == 4 and str(path) in {g["path"] for g in games}
    forked = [g for g in games if g["path"] != str(path)]
    assert all(len(g["said"]) == 1 and path.name in g["said"][0] and Path(g["path"]).name in g["said"][0]
               for g in forked)
    assert len(list(tmp_path.iterdir())) == 4


def test_boards_started_in_one_second_write_files_of_their_own(tmp_path):
    boards = [icewidgets.play("icetowers", players=3, seed=5, autosave=tmp_path) for _ in range(3)]
    for board, move in zip(boards, ("r3>g3", "g1>r2", "r1>g1"), strict=True):
        board.play(move)
    paths = [b.autosave_path for b in boards]
    assert len(set(paths)) == 3 and [moves(p) for p in paths] == [["r3>g3"], ["g1>r2"], ["r1>g1"]]
    for board, path in zip(boards, paths, strict=True):  # the game and when it started, then -2, -3
        started = board.record.metadata["session"]["started"][:19].replace(":", "").replace("T", "-")
        assert re.fullmatch(rf"icetowers-{started}(-[23])?\.json", path.name)


# -- a file changed under the board --------------------------------------------------------------


def test_a_record_edited_by_hand_is_kept_and_the_game_goes_on_in_a_new_file(tmp_path):
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=tmp_path)
    board.play("r3>g3")
    path = board.autosave_path
    edited = load_record(path)
    edited.nodes[1].comment = "written by hand"
    edited.save(path)
    with pytest.warns(RuntimeWarning, match="changed on disk") as said:
        board.play("g1>r2")
    new = board.autosave_path
    assert new != path and new.parent == path.parent
    assert str(path) in str(said[0].message) and str(new) in str(said[0].message)
    assert path.name in board.error and new.name in board.error
    assert load_record(path).nodes[1].comment == "written by hand" and moves(path) == ["r3>g3"]
    assert moves(new) == ["r3>g3", "g1>r2"]
    board.comment("and on")  # the game goes on in its new file, with nothing more to say
    assert load_record(new).nodes[2].comment == "and on" and board.error == ""
    assert load_record(path).nodes[2:] == []


def test_two_boards_resuming_one_file_both_keep_their_games(tmp_path):
    board = icewidgets.play("stacktics", size=3, seed=2, autosave=tmp_path)
    board.play(board.legal_moves()[0])
    path = board.autosave_path
    first, second = icewidgets.load(path, autosave=True), icewidgets.load(path, autosave=True)
    first.play(first.legal_moves()[0])
    with pytest.warns(RuntimeWarning, match="changed on disk"):
        second.play(second.legal_moves()[1])
    first.comment("first's")
    second.comment("second's")
    assert first.autosave_path == path and second.autosave_path not in (None, path)
    assert load_record(path).dumps() == first.record.dumps()
    assert load_record(second.autosave_path).dumps() == second.record.dumps()


def test_a_board_that_loads_its_own_file_again_keeps_both_games(tmp_path):
    board = icewidgets.play("stacktics", size=3, seed=2, autosave=tmp_path)
    board.play(board.legal_moves()[0])
    path = board.autosave_path
    board.load(path)  # the same game again, as a second record of this board
    board.play(board.legal_moves()[0])
    board.switch_game(0)
    with pytest.warns(RuntimeWarning, match="changed on disk"):
        board.play(board.legal_moves()[1])
    first, second = board.records
    assert board.autosave_path != path and load_record(board.autosave_path).dumps() == first.dumps()
    assert load_record(path).dumps() == second.dumps()


# -- one ordered writer --------------------------------------------------------------------------


def watch(board, stop: threading.Event, seen: list[tuple[int, int]]) -> None:
    """Read the board's file until stopped: its number of nodes and the start's count, each time."""
    while not stop.is_set():
        path = board.autosave_path
        if path is not None and path.exists():
            data = json.loads(path.read_text())
            seen.append((len(data["nodes"]), data["nodes"][0].get("annotations", {}).get("count", 0)))


def test_notes_written_while_the_agents_play_never_leave_an_older_record_on_disk(tmp_path):
    """The agents play in their thread while notes are written from this one: a watcher reading
    the file sees the moves and the count only grow, and the file ends as the game in memory."""
    went_back, stale, notes = [], 0, 0
    for game in range(3):
        board = icewidgets.play("stacktics", size=4, seed=game, autosave=tmp_path / str(game),
                                agents={0: "random", 1: "random"})
        stop, seen = threading.Event(), []
        watcher = threading.Thread(target=watch, args=(board, stop, seen))
        watcher.start()
        for i in range(1, 41):  # while they play (the notes may outlast them: then they end the game)
            board.comment(f"note {i}", node=0)
            board.annotate(0, count=i)
            notes += 1
            if board.wait(0):
                break
        assert board.wait(60)
        stop.set()
        watcher.join(30)
        went_back += [(a, b) for a, b in itertools.pairwise(seen) if b[0] < a[0] or b[1] < a[1]]
        stale += board.autosave_path.read_text() != board.record.dumps()
    assert went_back == [] and stale == 0 and notes > 30


# -- the text form, and what a killed save leaves ------------------------------------------------


def test_a_resumed_text_form_record_is_written_in_the_text_form(tmp_path):
    board = icewidgets.play("icetowers", players=3, seed=5)
    board.play("r3>g3")
    path = tmp_path / "club night.txt"
    board.record.save_text(path)
    resumed = icewidgets.load(path, autosave=True)
    resumed.play("g1>r2")
    resumed.comment("still text")
    assert resumed.autosave_path == path.resolve()
    assert path.read_text() == resumed.record.to_text() and path.read_text().startswith("[Game ")
    assert moves(path) == ["r3>g3", "g1>r2"]
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


STUCK_MID_SAVE = textwrap.dedent("""
    import os, sys, time
    import icewidgets
    path, marker, how = sys.argv[1], sys.argv[2], sys.argv[3]
    board = icewidgets.load(path, autosave=how == "autosave")

    def stuck(src, dst):  # the new record is written and flushed; the rename never comes
        with open(marker + ".tmp", "w") as f:
            f.write(src)
        os.rename(marker + ".tmp", marker)
        time.sleep(600)

    os.replace = stuck
    board.play(board.legal_moves()[0])
    if how == "save":
        board.save(path)
""")


def stuck_mid_save(path: Path, how: str) -> tuple[subprocess.Popen, Path]:
    """A process stuck in a save of `path` (its autosave, or a plain save) between the write of
    its temporary file and the rename, and that file."""
    marker = path.parent.parent / f"marker-{time.monotonic_ns()}"
    child = subprocess.Popen([sys.executable, "-c", STUCK_MID_SAVE, str(path), str(marker), how])
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert child.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    return child, Path(marker.read_text())


def test_the_temporary_files_of_killed_saves_are_cleared_by_the_next_save_of_the_record(tmp_path):
    folder = tmp_path / "playtests"
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    board.play("r3>g3")
    path = board.autosave_path
    other = folder / ".other.json.abcd1234.saving"  # another record's: not this one's to clear
    other.write_text("{")
    children, temporaries = [], []
    try:
        for how in ("autosave", "autosave", "autosave", "save"):  # three killed, one still saving
            child, temporary = stuck_mid_save(path, how)
            children.append(child)
            temporaries.append(temporary)
            if how == "autosave":
                child.kill()
                child.wait(30)
        assert all(t.exists() and t.name.startswith(f".{path.name}.") for t in temporaries)
        board.play("g1>r2")
        assert [t.exists() for t in temporaries] == [False, False, False, True]  # a live save's is kept
        assert other.exists() and moves(path) == ["r3>g3", "g1>r2"]
    finally:
        for child in children:
            child.kill()
            child.wait(30)
    board.comment("after")
    assert sorted(p.name for p in folder.iterdir()) == sorted([path.name, other.name])


def test_a_save_that_hangs_holding_the_file_does_not_hang_the_board(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "LOCK_WAIT_S", 0.5)
    folder = tmp_path / "playtests"
    board = icewidgets.play("icetowers", players=3, seed=5, autosave=folder)
    board.play("r3>g3")
    path = board.autosave_path
    child, _ = stuck_mid_save(path, "autosave")  # holds the file's lock, for ten minutes
    try:
        with pytest.warns(RuntimeWarning, match="is being written by another board"):
            board.play("g1>r2")
    finally:
        child.kill()
        child.wait(30)
    assert board.autosave_path != path and moves(board.autosave_path) == ["r3>g3", "g1>r2"]
    assert moves(path) == ["r3>g3"]
