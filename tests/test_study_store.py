"""The games examples/variants.ipynb and examples/icefortress.ipynb read from their store are the
games today's code plays: each shelf is keyed by this version (and by the text of the card folder
it names), and its first game, played again, ends the same. A shelf that no longer matches would
make the notebooks play every game again (about 50 minutes) or show stale games."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import icewidgets
from icewidgets import make_game
from icewidgets.analysis import InProcess, simulate
from icewidgets.analysis.store import file_hashes
from icewidgets.core.registry import game_class

RUNS = Path(__file__).resolve().parent.parent / "examples" / "runs"
SHELVES = sorted(p for p in RUNS.iterdir() if (p / "key.json").is_file())


def test_the_study_ships_one_compacted_shelf_a_run():
    assert len(SHELVES) >= 10
    for shelf in SHELVES:
        assert len(list(shelf.glob("part-*.parquet"))) == 1, f"{shelf.name}: run compact_store('examples/runs')"
        assert not [p for p in shelf.iterdir() if p.suffix in (".tmp", ".corrupt")], shelf.name


@pytest.mark.parametrize("shelf", SHELVES, ids=[p.name for p in SHELVES])
def test_a_shelf_of_the_study_holds_the_games_this_code_plays(shelf, monkeypatch):
    key = json.loads((shelf / "key.json").read_text(encoding="utf-8"))
    assert key["icewidgets"] == icewidgets.__version__, (
        f"{shelf.name} holds games of icewidgets {key['icewidgets']}: run the notebooks again "
        "with examples/runs/ emptied, then compact_store('examples/runs')")
    monkeypatch.chdir(RUNS.parent)  # a card folder is named as the notebook names it
    game = make_game(key["game"], **game_class(key["game"]).variant_type.read_options(key["variant"]))
    files = game.variant_files()
    assert (file_hashes(files) if files else None) == key.get("variant_files"), (
        f"{shelf.name}: its card folder holds other cards now")
    start = key["start"].removeprefix("moves: ").split(", ") if key["start"] else None
    played = simulate(game, key["agents"], games=1, seed=key["seed"], start=start, max_plies=key["max_plies"],
                      executor=InProcess(), progress=False).iloc[0]
    (part,) = shelf.glob("part-*.parquet")
    kept = pd.read_parquet(part).set_index("game").loc[0]
    assert (played["plies"], list(played["winners"]), list(played["scores"])) == (
        kept["plies"], json.loads(kept["winners"]), json.loads(kept["scores"])), shelf.name
