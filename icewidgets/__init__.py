"""icewidgets: Jupyter widgets for designing, playtesting and studying Icehouse games.

    import icewidgets
    board = icewidgets.play("icetowers", players=3)   # a Board: click to play
    board.play("g1>r2"); board.back(); board.comment("why not cap T1?")
    board.save("game.json"); board = icewidgets.load("game.json")

The engines run headless: `import icewidgets` and `icewidgets.make_game(...)` need no widget
library; the Board (anywidget, ipywidgets) is imported only when it is first asked for.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .agents import MCTS, Agent, FunctionAgent, GameResult, Greedy, Random, make_agent, play_game, register_agent
from .core import (
    CHANCE,
    GAMES,
    AgentError,
    AmbiguousMove,
    BadOption,
    BadPosition,
    FilesChanged,
    Game,
    IcewidgetsError,
    IllegalMove,
    InvalidMoveText,
    MoveError,
    Node,
    Outcome,
    Position,
    Record,
    RecordError,
    SimulationError,
    UnknownGame,
    Variant,
    game_class,
    house_rule,
    load_record,
    loads_text,
    make_game,
    register_game,
)
from .core.pictures import draws_scenes
from .core.scene import Scene
from .core.version import VERSION
from .games import Ascendancy, Dectana, IceFortress, IceTowers, Stacktics  # registers the shipped games
from .games.icefortress import (
    CardError,
    bot,  # noqa: F401  (Ice Fortress's own agent registers itself as "fortressbot")
)

if TYPE_CHECKING:
    from .analysis.compare import compare
    from .analysis.ladder import ladder, plot_ladder
    from .analysis.metrics import metrics
    from .analysis.plots import plot_heatmap, plot_lengths, plot_win_rates
    from .analysis.simulate import simulate
    from .analysis.sweep import sweep
    from .playtest.journal import Journal
    from .widget import Board
    from .widget.explorer import Explorer

__version__ = VERSION


def play(game: str, *, seed: int | None = None, names: list[str] | None = None,
         auto_chance: bool = True, agents: dict[int, object] | None = None,
         autosave: str | os.PathLike[str] | None = None, **options: object) -> Board:
    """A Board with a new game, e.g. `play("icetowers", players=3, strict_mining=True)`.
    Without a seed the game gets a fresh one (kept in its record). `agents` seats computer
    players: `play("stacktics", size=3, agents={1: "mcts"})`. `autosave="playtests/"` writes
    each game's record to a file of its own in that folder after every change."""
    from .widget import new_board

    return new_board(game, seed=seed, names=names, auto_chance=auto_chance, agents=agents, autosave=autosave,
                     **options)


def load(path: str | os.PathLike[str], *, autosave: bool | str | os.PathLike[str] = False,
         key: str | os.PathLike[str] | None = None) -> Board:
    """A Board with the game of a record file (JSON or the text form, checked through and
    through before it is shown), at the end of its main line. `autosave=True` resumes a game:
    the file is written again after every change (a folder: the game is saved there; a sealed
    file is kept as it is, the game going on in a new one). A chance event marked as rolled
    from the seed that the seed does not give is named in the board's error line and as a
    RuntimeWarning (`record.draw_problems`). A record a one-seat page sealed for you is opened
    with your key, or with the private key in the file `key`."""
    from .playtest.recording import read_source
    from .widget import Board

    record, source = read_source(path, key)
    folder = (os.path.dirname(os.path.abspath(path)) if autosave is True else autosave) or None
    board = Board(record, autosave=folder, source=source)
    board.goto(board.record.root.end())
    board._session.say_draw_problems()
    return board


def journal(folder: str | os.PathLike[str], *, key: str | os.PathLike[str] | None = None) -> Journal:
    """Every record in a folder as pandas DataFrames: `.games` (one row per game, with its
    feedback and the page it was played on), `.positions` (one row per annotated position),
    `.tags`, `.feedback` and `.errors` (the files that do not load, with why). Records sealed
    for you by one-seat pages are opened with your key, or the private key in the file `key`.
    `journal.open(row)` shows a row in a Board."""
    from .playtest.journal import read_journal

    return read_journal(folder, opener=_board_at, key=key)


def open_position(row: Any) -> Board:
    """A Board with a journal row's game, at its position (a game's row: the end of its main
    line)."""
    from .playtest.journal import position_of

    return _board_at(*position_of(row))


def _board_at(record: Record, node: Node) -> Board:
    from .widget import Board

    board = Board(record)
    board.goto(node)
    return board


def explore(game: str | type[Game] | Game, **options: object) -> Explorer:
    """The Explorer: pick option values, agents and a number of games, run the sweep and watch
    the table and the charts fill in; open any sampled game in a Board."""
    from .widget.explorer import explore as make_explorer

    return make_explorer(game, **options)


def publish(source: str | os.PathLike[str], target: str | os.PathLike[str], *, execute: bool = True,
            timeout: int = 600, title: str = "icewidgets notebooks", jobs: int = 1, trust: bool = False,
            play: bool = False, seat: int | None = None, agent: str = "greedy",
            remote_images: bool = False, seal_to: str | os.PathLike[str] | None = None) -> list[Any]:
    """Publish notebooks (a notebook, or a folder of them) as offline HTML in `target`: one page per
    notebook and an index page, every script and style inlined, each board stepping through its
    record with no kernel. `execute`: run each notebook first (else use its saved outputs); `jobs`:
    how many run at once; `trust`: publish the notebooks' HTML and scripts as they are (else they
    are sanitized, a page runs only its boards' viewer and fetches nothing: a picture from
    elsewhere becomes a link to it); `remote_images`: sanitized pages keep their http and https
    pictures. A notebook that fails is named in the `NotebooksFailed` raised after the other
    pages and the index are written. `play`: readers
    play on the boards, the rules running in their browser (the site served over http; its
    runtime, written once in `target`/icewidgets-play, comes from the front end's npm install);
    `seat`: each board is for that seat in a fresh game dealt in the reader's browser, the others
    played by `agent`; where the game hides information the readers' records are sealed for you
    (to your key, made on first use, or to the public key in the PEM file `seal_to`), and `load`
    and `journal` open them. Needs the `publish` extra (`pip install "icewidgets[publish]"`).
    Returns the pages written."""
    from .publishing.notebooks import publish as publish_notebooks

    return list(publish_notebooks(source, target, execute=execute, timeout=timeout, title=title, jobs=jobs,
                                  trust=trust, play=play, seat=seat, agent=agent, remote_images=remote_images,
                                  seal_to=seal_to))


def games() -> list[str]:
    """The names of the games icewidgets plays."""
    return list(GAMES)


@draws_scenes
def _scene_svg(scene: Scene, notes: Mapping[str, object]) -> str:
    """Games, records and nodes draw themselves in a notebook with the board's own drawing code."""
    from .publishing.drawing import scene_svg

    return scene_svg(scene, notes=notes)


ANALYSIS = ("compare", "ladder", "metrics", "plot_heatmap", "plot_ladder", "plot_lengths", "plot_win_rates",
            "simulate", "sweep")


def __getattr__(name: str) -> Any:
    # The widget classes load on first use, so that engines run where no widget library is; the
    # self-play analysis too (its process pools), so that a playable page's worker starts sooner.
    if name == "Board":
        from .widget import Board

        return Board
    if name in ANALYSIS:
        from . import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module 'icewidgets' has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "GAMES",
    "MCTS",
    "Agent",
    "AgentError",
    "AmbiguousMove",
    "Ascendancy",
    "BadOption",
    "BadPosition",
    "Board",
    "CardError",
    "Dectana",
    "FilesChanged",
    "FunctionAgent",
    "Game",
    "GameResult",
    "Greedy",
    "IceFortress",
    "IceTowers",
    "IcewidgetsError",
    "IllegalMove",
    "InvalidMoveText",
    "MoveError",
    "Node",
    "Outcome",
    "Position",
    "Random",
    "Record",
    "RecordError",
    "SimulationError",
    "Stacktics",
    "UnknownGame",
    "Variant",
    "compare",
    "explore",
    "game_class",
    "games",
    "house_rule",
    "journal",
    "ladder",
    "load",
    "load_record",
    "loads_text",
    "make_agent",
    "make_game",
    "metrics",
    "open_position",
    "play",
    "play_game",
    "plot_heatmap",
    "plot_ladder",
    "plot_lengths",
    "plot_win_rates",
    "publish",
    "register_agent",
    "register_game",
    "simulate",
    "sweep",
]
