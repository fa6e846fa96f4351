"""Records that are never lost: atomic saves under concurrency and kills, loads that cannot be
hung or crashed, text that could never be saved refused where it enters."""

from __future__ import annotations

import contextlib
import errno
import json
import multiprocessing
import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets import BadOption, IcewidgetsError, IllegalMove, RecordError
from icewidgets.core import files
from icewidgets.core.record import MAX_CONTAINERS, Record, load_record, loads_record

from strength import examples


def a_game(moves: int = 12, seed: int = 0) -> Record:
    game = icewidgets.make_game("icetowers", players=3)
    record = Record(game, seed=seed, players=["Ann", "Ben", "Cat"])
    node = record.root
    rng = random.Random(seed)
    for _ in range(moves):
        options = list(game.legal_moves(node.state))
        if not options:
            break
        node = record.add(node, rng.choice(options))
    return record


def leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".saving"))


# -- saving --------------------------------------------------------------------------------------


def test_a_save_keeps_the_file_s_permissions_and_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real.json"
    a_game(3).save(real)
    os.chmod(real, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    a_game(8).save(link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert len(load_record(real).nodes) == 9
    assert leftovers(tmp_path) == []


def test_a_failed_save_names_the_user_s_file_and_leaves_nothing_behind(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    target = folder / "game.json"
    a_game(2).save(target)
    before = target.read_bytes()
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user can write to a read-only folder (root): see the full-disk test")
        with pytest.raises(RecordError, match=r"cannot save .*game\.json"):
            a_game(5).save(target)
    finally:
        os.chmod(folder, 0o700)
    assert target.read_bytes() == before and leftovers(folder) == []


def test_a_save_on_a_full_disk_leaves_the_old_record_and_no_temporary_file(tmp_path):
    """/dev/full is a device that answers every write with "no space left"."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    script = textwrap.dedent(f"""
        import os, resource, icewidgets
        from icewidgets.core.record import Record
        record = Record(icewidgets.make_game("stacktics", size=3), seed=0)
        target = {str(tmp_path / "game.json")!r}
        record.save(target)
        record.metadata["big"] = "x" * 50_000
        # a file may grow to 4096 bytes here: the save of 50 KB fails as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        import signal; signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        try:
            record.save(target)
        except icewidgets.RecordError as e:
            print("refused:", e)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "refused: cannot save" in out.stdout and "game.json" in out.stdout
    assert load_record(tmp_path / "game.json").metadata == {}
    assert leftovers(tmp_path) == []


def test_a_save_never_writes_over_another_file_of_the_user_s(tmp_path):
    for name in ("game.json.tmp", ".game.json.saving", "game.json~"):
        (tmp_path / name).write_text("mine")
    a_game(4).save(tmp_path / "game.json")
    for name in ("game.json.tmp", ".game.json.saving", "game.json~"):
        assert (tmp_path / name).read_text() == "mine"


def test_saving_to_something_that_is_not_a_file_is_refused(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(RecordError, match="not a regular file"):
        a_game(1).save(tmp_path / "folder.json")
    for bad in (3, None, 1.5, True):
        with pytest.raises(RecordError, match="a record's path is a file name"):
            a_game(1).save(bad)


def _saver(path: str, moves: int, rounds: int) -> None:
    record = a_game(moves, seed=moves)
    for _ in range(rounds):
        record.save(path)


def test_threads_and_processes_saving_and_loading_one_file_never_see_half_a_record(tmp_path):
    path = str(tmp_path / "shared.json")
    a_game(1).save(path)
    sizes = {len(a_game(m, seed=m).nodes) for m in (5, 9, 13, 17)}
    problems: list[str] = []

    def reader(stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                n = len(load_record(path).nodes)
                if n not in sizes | {2}:
                    problems.append(f"a record of {n} nodes")
            except IcewidgetsError as e:
                problems.append(str(e))

    stop = threading.Event()
    readers = [threading.Thread(target=reader, args=(stop,)) for _ in range(2)]
    writers = [threading.Thread(target=_saver, args=(path, m, 30)) for m in (5, 9)]
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_saver, args=(path, m, 30)) for m in (13, 17)]
    for w in [*readers, *writers, *procs]:
        w.start()
    for w in [*writers, *procs]:
        w.join(120)
    stop.set()
    for r in readers:
        r.join(30)
    assert all(p.exitcode == 0 for p in procs)
    assert problems == []
    assert len(load_record(path).nodes) in sizes
    assert leftovers(tmp_path) == []


def _counter(path: str, times: int, start: float) -> None:
    """Add 1 to the count in the file `times` times, each a check-and-replace that retries when
    another process replaced the file between the read and the write."""
    time.sleep(max(0.0, start - time.time()))
    done = 0
    while done < times:
        raw = files.read_file(path, 1000)
        if files.replace_file_if(path, str(int(raw) + 1).encode(), files.fingerprint(raw)) == "written":
            done += 1


def test_processes_checking_and_replacing_one_file_lose_no_update(tmp_path):
    path = tmp_path / "count"
    path.write_text("0")
    ctx = multiprocessing.get_context("spawn")
    start = time.time() + 3  # once every process has started
    procs = [ctx.Process(target=_counter, args=(str(path), 25, start)) for _ in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(180)
    assert [p.exitcode for p in procs] == [0] * 4
    assert path.read_text() == "100" and leftovers(tmp_path) == []


def test_a_new_file_is_made_only_under_a_free_name_and_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    assert files.create_file(path, b"first") and path.read_bytes() == b"first"
    assert not files.create_file(path, b"second") and path.read_bytes() == b"first"
    (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")  # a dangling link is a name taken
    assert not files.create_file(tmp_path / "link.json", b"x") and not (tmp_path / "nowhere.json").exists()

    def no_links(src, dst):  # as a file system without hard links (FAT, some network shares) answers
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(files.os, "link", no_links)
    assert files.create_file(tmp_path / "other.json", b"third") and (tmp_path / "other.json").read_bytes() == b"third"
    assert not files.create_file(path, b"fourth") and path.read_bytes() == b"first"
    assert leftovers(tmp_path) == []


def test_a_replace_checks_the_file_still_holds_what_the_writer_left(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"mine")
    assert files.replace_file_if(path, b"new", files.fingerprint(b"mine")) == "written"
    assert files.replace_file_if(path, b"newer", files.fingerprint(b"mine")) == "changed"
    assert path.read_bytes() == b"new"
    path.unlink()
    assert files.replace_file_if(path, b"newer", files.fingerprint(b"new")) == "gone" and not path.exists()
    assert leftovers(tmp_path) == []


KILLED_SAVER = textwrap.dedent("""
    import sys, icewidgets
    from icewidgets.core.record import Record
    record = Record(icewidgets.make_game("icetowers", players=6, trios=10), seed=0)
    node = record.root
    for i in range(300):
        moves = list(record.game.legal_moves(node.state))
        if not moves:
            break
        node = record.add(node, moves[i % len(moves)])
    record.metadata["padding"] = "y" * 90_000
    print("ready", flush=True)
    while True:
        record.save(sys.argv[1])
""")


def test_a_process_killed_mid_save_leaves_the_old_record_or_the_new_one_whole(tmp_path):
    path = tmp_path / "game.json"
    old = a_game(6)
    old.save(path)
    rng = random.Random(5)
    seen = set()
    for _ in range(25):
        proc = subprocess.Popen([sys.executable, "-c", KILLED_SAVER, str(path)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        record = load_record(path)  # never half a file
        seen.add(len(record.nodes))
    assert seen <= {len(old.nodes), 301}
    # a killed save may leave its temporary file (unique names, never the user's): the next save of
    # the record removes them, but for an empty one made just now (a save may be about to fill it)
    old.save(path)
    assert [p.name for p in tmp_path.glob("*.saving") if p.stat().st_size] == []


# -- loading -------------------------------------------------------------------------------------


def test_a_named_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(fifo)


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd here to count open files")
def test_a_folder_is_refused_by_name_and_no_file_stays_open(tmp_path):
    folder = tmp_path / "game.json"
    folder.mkdir()
    before = open_files()
    for _ in range(300):
        with pytest.raises(RecordError, match=r"game\.json.* is a folder"):
            load_record(folder)
    with pytest.raises(RecordError, match="is a folder"):
        icewidgets.load(folder)
    (tmp_path / "ok.json").write_text(a_game(2).dumps())
    pd = pytest.importorskip("pandas")
    for _ in range(50):
        journal = icewidgets.journal(tmp_path)
    assert open_files() <= before
    assert list(journal.errors["name"]) == ["game.json"] and "is a folder" in journal.errors["error"][0]
    assert isinstance(journal.games, pd.DataFrame) and len(journal.games) == 2


@pytest.mark.parametrize("path", [0, 1, None, 2.5, True, b"", ""])
def test_a_path_that_is_not_a_file_name_is_refused(path):
    with pytest.raises(RecordError):
        load_record(path)
    with pytest.raises(RecordError):
        icewidgets.load(path)


def test_a_record_of_millions_of_empty_objects_is_refused_before_it_is_read():
    data = a_game(2).to_json()
    data["metadata"] = {"x": [{}] * (MAX_CONTAINERS + 10)}
    with pytest.raises(RecordError, match="JSON objects and lists"):
        loads_record(json.dumps(data))


def test_a_board_loading_deeply_nested_variations_keeps_working(tmp_path):
    game = icewidgets.make_game("icetowers", players=6, trios=10)
    record = Record(game, seed=0)
    node = record.root
    for _ in range(1000):  # each step a variation of the step before
        moves = list(game.legal_moves(node.state))
        if len(moves) < 2:
            break
        record.add(node, moves[0])
        node = record.add(node, moves[1])
    path = tmp_path / "deep.json"
    record.save(path)
    board = icewidgets.play("icetowers", seed=0)
    board.load(path)
    assert len(board.timeline) == len(board.record.nodes) == len(record.nodes) > 1000
    board.goto(0)
    board.play("r1>r1")
    assert board.node.text == "r1>r1"


# -- text that could never be saved -------------------------------------------------------------

SURROGATE = "bad \ud800 text"


def test_a_lone_surrogate_is_refused_where_it_enters_and_nothing_changes(tmp_path):
    board = icewidgets.play("icetowers", seed=0)
    board.play("r1>g1")
    with pytest.raises(IllegalMove, match="lone surrogate"):
        board.comment(SURROGATE)
    with pytest.raises(IllegalMove, match="lone surrogate"):
        board.annotate(note=SURROGATE)
    with pytest.raises(BadOption, match="lone surrogate"):
        icewidgets.play("icetowers", names=["Ann", SURROGATE, "Cat"])
    board._handle_custom_msg({"do": "comment", "node": 1, "text": SURROGATE}, [])
    assert "lone surrogate" in board.error and board.node.comment == ""
    board.play("g1>T1")  # later moves are unaffected
    board.save(tmp_path / "ok.json")
    record = json.loads((tmp_path / "ok.json").read_text())
    record["nodes"][1]["comment"] = SURROGATE
    (tmp_path / "bad.json").write_text(json.dumps(record))  # \\ud800 as a JSON escape
    with pytest.raises(RecordError, match="lone surrogate"):
        load_record(tmp_path / "bad.json")


HUGE = 10**5000  # a whole number Python holds but no JSON file may


@pytest.mark.parametrize("give", [
    lambda b: b.annotate(count=HUGE),
    lambda b: b.annotate(data={"n": [1, -HUGE]}),
    lambda b: b.annotate(count=10**700),
    lambda b: b.session(count=HUGE),
    lambda b: b.session(duration_s=HUGE),
    lambda b: b.feedback(0, fun=HUGE),
    lambda b: b.annotate(mark=HUGE),
    lambda b: b.annotate(tags=[HUGE]),
], ids=["note", "nested note", "700 digits", "session key", "duration", "rating", "mark", "tag"])
def test_a_number_too_long_to_save_is_refused_where_it_enters_and_saving_goes_on(tmp_path, give):
    board = icewidgets.play("icetowers", seed=0, autosave=tmp_path)
    board.play("r1>g1")
    before = board.record.dumps()
    with pytest.raises(IllegalMove, match=r"too long to save|whole number from 1 to 5|mark|tag") as e:
        give(board)
    assert len(str(e.value)) < 300
    assert board.record.dumps() == before
    board.play("g1>T1")  # later saves are unaffected
    assert load_record(board.autosave_path).dumps() == board.record.dumps()


def test_a_refused_number_names_its_key():
    board = icewidgets.play("icetowers", seed=0)
    with pytest.raises(IllegalMove, match=r"'data'.*more than 640 digits"):
        board.annotate(data={"n": [1, -HUGE]})
    with pytest.raises(IllegalMove, match=r"'count'.*more than 640 digits"):
        board.session(count=10**640)
    board.annotate(count=10**640 - 1)  # as long as a number may be
    board._handle_custom_msg({"do": "annotate", "node": 0, "mark": HUGE}, [])
    assert "mark" in board.error and len(board.error) < 300


@pytest.mark.parametrize("seed", ["abc", 1.5, True, None, 2**63])
def test_a_seed_that_could_not_be_loaded_is_refused_where_it_enters(seed):
    board = icewidgets.play("icetowers", seed=0)
    if seed is not None:  # None asks for a fresh seed
        with pytest.raises(BadOption, match="a seed is a whole number"):
            icewidgets.play("icetowers", seed=seed)
        with pytest.raises(BadOption, match="a seed is a whole number"):
            board.new_game(seed=seed)
    with pytest.raises(RecordError, match="seed"):
        data = json.loads(board.record.dumps())
        data["seed"] = seed
        loads_record(json.dumps(data))


def test_one_text_is_not_a_list_of_names():
    with pytest.raises(BadOption, match="a list of texts"):
        icewidgets.play("icetowers", names="abc")


def test_a_refusal_quotes_no_megabytes():
    board = icewidgets.play("icetowers", seed=0)
    huge = "r1>" + "9" * 10_000_000
    board._handle_custom_msg({"do": "text", "cursor": 0, "text": huge}, [])
    assert len(board.error) <= 500 and "too long to be a move" in board.error
    with pytest.raises(icewidgets.InvalidMoveText) as e:
        board.play(huge)
    assert len(str(e.value)) < 200


# -- fuzzing the reader -------------------------------------------------------------------------

VALID = [a_game(n, seed=n).dumps() for n in (0, 3, 9)]


@st.composite
def mutated(draw) -> bytes:
    raw = bytearray(draw(st.sampled_from(VALID)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "nest", "unicode"]))
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        if kind == "flip" and raw:
            raw[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del raw[at:]
        elif kind == "insert":
            raw[at:at] = draw(st.binary(max_size=8))
        elif kind == "nest":
            depth = draw(st.integers(1, 100_000))
            raw[at:at] = b"[" * depth + b"]" * draw(st.integers(0, depth))
        else:
            raw[at:at] = draw(st.text(max_size=4)).encode("utf-8", "surrogatepass")
    return bytes(raw)


@examples(300)
@given(mutated())
def test_every_mutated_record_loads_or_is_refused_with_an_icewidgets_error_quickly(raw):
    start = time.perf_counter()
    with contextlib.suppress(IcewidgetsError):
        loads_record(raw)
    assert time.perf_counter() - start < 5
