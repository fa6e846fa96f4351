"""The engines run where no widget library is: a worker of a process pool or a Dask cluster, a
script. Proved in a fresh interpreter whose import system refuses the widget stack. So do a
board's session, its playtests, publishing and analysis (tests/test_layers.py reads the imports
that keep it so)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKED = ("anywidget", "ipywidgets", "IPython", "traitlets", "comm", "jupyter_client",
           "jupyterlab", "ipykernel", "pandas", "matplotlib")

REFUSE = textwrap.dedent(f"""
    import importlib.abc, sys

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {BLOCKED!r}:
                raise ImportError(f"{{name}} is blocked in this test")
            return None

    sys.meta_path.insert(0, Refuse())
""")

SCRIPT = textwrap.dedent(f"""
    import importlib.abc, sys

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {BLOCKED!r}:
                raise ImportError(f"{{name}} is blocked in this test")
            return None

    sys.meta_path.insert(0, Refuse())

    import icewidgets
    from icewidgets.playout import random_playout
    from icewidgets.core.record import Record, loads_record

    for name in icewidgets.games():
        game = icewidgets.make_game(name)
        state, n = random_playout(game, seed=1)
        assert n > 0, name
        record = Record(game, seed=1)
        node = record.root
        for _ in range(5):
            if game.is_over(node.state):
                break
            if game.to_act(node.state) == (icewidgets.CHANCE,):
                node = record.roll(node)
            else:
                node = record.add(node, next(game.legal_moves(node.state)))
        again = loads_record(record.dumps())
        assert again.root.end().state == node.state, name
    try:
        icewidgets.Board
    except ImportError as e:
        print("board:", e)
    print("loaded:", sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r}))
""")


def test_engines_and_records_need_no_widget_library():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "loaded: []" in out.stdout
    # asking for the widget is what loads the widget stack, and says so when it is missing
    assert "board: anywidget is blocked in this test" in out.stdout


def test_the_package_names_every_game_class_and_error_a_user_meets():
    import icewidgets

    for name in ("IceTowers", "Ascendancy", "Stacktics", "Dectana", "IceFortress", "BadPosition", "CardError",
                 "RecordError", "IllegalMove", "BadOption"):
        assert name in icewidgets.__all__ and getattr(icewidgets, name)
    assert issubclass(icewidgets.CardError, icewidgets.IcewidgetsError)
    assert issubclass(icewidgets.BadPosition, icewidgets.IcewidgetsError)


PUBLISHING = REFUSE + textwrap.dedent(f"""
    import icewidgets
    from icewidgets.analysis import metrics, plots, simulate, sweep
    from icewidgets.core.record import Record
    from icewidgets.playtest import board_view, journal, recording
    from icewidgets.publishing import board_files, drawing, errors, kernel, notebooks, page, payload, sanitize, saved
    from icewidgets.session import Session

    session = Session(Record(icewidgets.make_game("stacktics", size=3), 1))
    session.play(session.legal_moves()[0])
    session.receive({{"do": "comment", "node": 1, "text": "from a page"}})
    session.new_game(seed=2)
    state = {{"_records": session.shown["_records"], "_timeline": session.shown["_timeline"],
              "cursor": session.node.id, "game_index": 1, "viewer": None}}
    assert saved.rebuilt_board(state) == payload.board_published(session)
    print("loaded:", sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r} or m.startswith("icewidgets.widget")))
""")


def test_a_session_publishing_and_analysis_need_no_widget_library():
    out = subprocess.run([sys.executable, "-c", PUBLISHING], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "loaded: []" in out.stdout


