"""The golden playthroughs (tests/playthroughs/*.txt) are what the games play now: a change to the
rules, the order of the legal moves or the notation fails here until the files are written again
(`python tests/playthroughs.py`), so the change shows in review as a diff of positions."""

from __future__ import annotations

import pytest

from icewidgets import make_game

from playthroughs import FOLDER, PLAYTHROUGHS, playthrough


@pytest.mark.parametrize(("name", "game", "options"), PLAYTHROUGHS, ids=[p[0] for p in PLAYTHROUGHS])
def test_the_game_plays_as_its_golden_playthrough(name, game, options):
    path = FOLDER / f"{name}.txt"
    assert path.is_file(), f"{path.name} is missing: run `python tests/playthroughs.py`"
    want = path.read_text().splitlines()
    got = playthrough(make_game(game, **options)).splitlines()
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        assert a == b, (f"{path.name} line {i + 1} differs (run `python tests/playthroughs.py` if the change "
                        f"is meant):\n  written: {a[:300]}\n  now:     {b[:300]}")
    assert len(want) == len(got), f"{path.name}: {len(want)} lines written, {len(got)} now"
