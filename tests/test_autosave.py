"""Autosave: the record is written after every change, atomically, one file per game; a process
killed between writing and renaming leaves the previous file whole, and `load` resumes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import icewidgets
from icewidgets.core import files
from icewidgets.core.record import load_record

BUNDLE = Path(icewidgets.__file__).parent / "static" / "board.js"
pytestmark = pytest.mark.skipif(not BUNDLE.is_file(), reason="the front end is not built (run `npm run build` in js/)")


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
