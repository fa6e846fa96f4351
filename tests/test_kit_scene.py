"""A kit game's scene: its lying pieces keep their facing, within the scene's types."""

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


def test_a_kit_scene_draws_lying_pieces(holed: kit.Game) -> None:
    scene = holed.scene(holed.start())
    assert problems(scene) == []
    grid = scene["regions"][0]
    assert grid["kind"] == "grid"
    a1 = next(c for c in grid["cells"] if c["id"] == "a1")
    assert [p.get("facing") for p in a1["pieces"]] == [None, "e", "n"]


def test_the_builder_sets_facing_only_when_given() -> None:
    assert "facing" not in sc.piece("p", "red", 1)
    assert sc.piece("p", "red", 1, "w")["facing"] == "w"


def test_a_facing_that_is_no_way_is_a_problem() -> None:
    grid = sc.grid_region("g", "Board", 2, 2, [sc.cell("a1", 0, 0, [sc.piece("p", "red", 1, "n")])])
    scene = sc.scene("t", [], [grid])
    assert problems(scene) == []
    grid["cells"][0]["pieces"][0]["facing"] = "up"
    assert problems(scene) == [
        "scene.regions[0].cells[0].pieces[0].facing: expected \"n\" | \"e\" | \"s\" | \"w\", got 'up'",
    ]
