"""A kit game's scene: its lying pieces keep their facing and its grid's holes are left out, all
within the scene's types."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from icewidgets import kit
from icewidgets.core import scene as sc
from icewidgets.core.registry import GAMES
from icewidgets.core.scene_types import problems


@pytest.fixture
def holed() -> Iterator[kit.Game]:
    class Holed(kit.Game):
        """Pieces standing and lying on a board with holes."""

        title = "Holed Board Scene"
        table = kit.Grid(3, 3, holes=("b2", "c1"))

        def setup(self, pos: Any) -> Any:
            lying = kit.piece(1, 2, "e"), kit.piece(1, 1, "n")
            return pos.put(self.where("a1"), kit.piece(0, 3), *lying)

        def moves(self, pos: Any) -> Iterator[Any]:
            yield pos.own("wait")

    try:
        yield Holed()
    finally:  # the game is this test's alone: the registry's other users never see it
        GAMES.pop(Holed.name, None)


def test_a_kit_scene_draws_lying_pieces_and_leaves_out_holes(holed: kit.Game) -> None:
    scene = holed.scene(holed.start())
    assert problems(scene) == []
    grid = scene["regions"][0]
    assert grid["kind"] == "grid"
    assert grid.get("holes") == [(2, 0), (1, 1)]
    assert {c["id"] for c in grid["cells"]} == {"a1", "b1", "a2", "c2", "a3", "b3", "c3"}
    a1 = next(c for c in grid["cells"] if c["id"] == "a1")
    assert [p.get("facing") for p in a1["pieces"]] == [None, "e", "n"]


def test_the_builders_set_facing_and_holes_only_when_given() -> None:
    assert "facing" not in sc.piece("p", "red", 1)
    assert sc.piece("p", "red", 1, "w")["facing"] == "w"
    assert "holes" not in sc.grid_region("g", "Board", 2, 2, [])
    assert sc.grid_region("g", "Board", 2, 2, [], holes=[(0, 1)])["holes"] == [(0, 1)]


def test_a_facing_that_is_no_way_and_a_hole_that_is_no_square_are_problems() -> None:
    grid = sc.grid_region("g", "Board", 2, 2, [sc.cell("a1", 0, 0, [sc.piece("p", "red", 1, "n")])], holes=[(1, 1)])
    scene = sc.scene("t", [], [grid])
    assert problems(scene) == []
    grid["cells"][0]["pieces"][0]["facing"] = "up"
    grid["holes"] = [[1, 1], [1]]
    assert problems(scene) == [
        "scene.regions[0].cells[0].pieces[0].facing: expected \"n\" | \"e\" | \"s\" | \"w\", got 'up'",
        "scene.regions[0].holes[1]: expected [number, number], got [1]",
    ]
