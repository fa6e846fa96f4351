"""The scene contract: the TypedDicts of core/scene.py, the TypeScript written from them, the
fixtures the front end's tests read, and the scenes every game builds, all agree."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import write_types

from icewidgets.core import scene as sc
from icewidgets.core.chance import CHANCE
from icewidgets.core.scene_types import problems
from icewidgets.games import GAMES, make_game

ROOT = Path(__file__).resolve().parent.parent
TS_FILE = ROOT / "js" / "src" / "scene-types.ts"
FIXTURES = ROOT / "js" / "tests" / "fixtures"
NOT_SCENES = {"schema.json", "timeline.json"}


def _load_writer() -> Any:
    path = Path(__file__).with_name("write_fixtures.py")
    spec = importlib.util.spec_from_file_location("write_fixtures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


writer = _load_writer()


# -- the written files are what Python writes now ------------------------------------------------


def test_the_typescript_types_are_the_ones_the_typeddicts_give():
    assert TS_FILE.read_text(encoding="utf-8") == write_types.scene_types(), f"out of date: run `{write_types.COMMAND}`"


def test_the_typescript_exports_the_names_the_front_end_imports():
    exported = set(re.findall(r"^export (?:interface|type) (\w+)", write_types.scene_types(), re.M))
    assert exported == {"Scene", "ScenePlayer", "Mark", "Piece", "Pile", "PileRow", "Tower", "Cell", "Die",
                        "Card", "PilesRegion", "TowersRegion", "GridRegion", "DiceRegion", "CardsRegion",
                        "DeckRegion", "Region", "SuitMark", "Pyramid", "Space", "SpacesRegion", "PillarSquare",
                        "PillarGroup", "FortRoom", "FoundationSpace", "FortressRegion",
                        "TrackRegion"}


def test_the_typescript_maps_each_kind_of_hint():
    ts = write_types.scene_types()
    assert "  owner: string | null;\n" in ts
    assert "  label?: string;\n" in ts  # a die's optional label
    assert '  kind: "grid";\n' in ts
    assert "  choices: [string, string][];\n" in ts
    assert "  winner: boolean;\n" in ts
    assert ("export type Region = PilesRegion | TowersRegion | GridRegion | DiceRegion | CardsRegion"
            " | DeckRegion | SpacesRegion | FortressRegion | TrackRegion;") in ts
    assert "  regions: Region[];\n" in ts


def test_the_fixtures_are_the_ones_the_games_write():
    stale = writer.stale()
    assert not stale, f"out of date: {', '.join(stale)}; run `python tests/write_fixtures.py`"


# -- every scene fits the TypedDicts ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.json") if p.name not in NOT_SCENES))
def test_every_scene_fixture_fits_the_types(name):
    assert problems(json.loads((FIXTURES / name).read_text(encoding="utf-8"))) == []


VARIANTS: dict[str, list[dict[str, Any]]] = {
    "icetowers": [{}, {"players": 2}, {"players": 4, "trios": 2}],
    "ascendancy": [{}, {"players": 2, "dice": 3}, {"players": 4, "trios": 2, "end": "end_of_round"}],
    "stacktics": [{}, {"size": 2}, {"size": 2, "board": "3x5", "no_moves": "draw"}],
    "dectana": [{"max_turns": 25}, {"players": 5, "max_turns": 30, "extended_deck": True}],
    "icefortress": [{"max_turns": 30}, {"players": 1, "difficulty": 3, "max_turns": 30}],
}
NAMES = ["Ann", "<b>Ben</b>", "Cat", "Dee", "Eve", "Flo"]


def random_line(game: Any, seed: int, max_plies: int = 250) -> list[tuple[Any, Any, Any]]:
    """(before, move, after) along a random game from its start."""
    rng = random.Random(seed)
    state, line = game.start(seed), []
    for _ in range(max_plies):
        seats = game.wants_to_act(state)
        if not seats:
            break
        if seats == (CHANCE,):
            move = game.chance_move(state, rng)
        else:
            move = rng.choice(list(game.legal_moves(state, rng.choice(seats))))
        before, state = state, game.apply(state, move)
        line.append((before, move, state))
    return line


def test_the_vocabulary_and_its_checker_import_only_the_standard_library():
    for module in ("scene.py", "scene_types.py"):
        source = (ROOT / "icewidgets" / "core" / module).read_text(encoding="utf-8")
        imported = re.findall(r"^(?:from|import) ([\w.]+)", source, re.M)
        outside = [name for name in imported if name != "." and name.split(".")[0] not in sys.stdlib_module_names]
        assert outside == [], f"{module} imports {outside}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_scenes_of_random_games_fit_the_types_and_mark_the_winners(name):
    ended_with_winners = 0
    for options in VARIANTS.get(name, [{}]):
        game = make_game(name, **options)
        names = NAMES[: game.seats]
        for seed in range(3):
            start = game.start(seed)
            assert problems(game.scene(start, names=names)) == []
            for before, move, after in random_line(game, seed):
                drawn = game.scene(after, last=move, before=before, names=names)
                where = f"{game.variant}, seed {seed}, after {game.move_text(before, move)}"
                assert problems(drawn) == [], where
                outcome = game.outcome(after)
                winners = set(outcome.winners) if outcome else set()
                seats = [p for p in drawn["players"] if p["seat"] < game.seats]  # not Gus's panel
                assert [p["winner"] for p in seats] == [p["seat"] in winners for p in seats], where
                ended_with_winners += bool(winners)
    # random play never wins a cooperative game: tests/icefortress draws a won game's flags by hand
    assert ended_with_winners or game.cooperative, f"no random {name} game ended with a winner: the winner flags went untested"


# -- the checker finds what breaks the contract ------------------------------------------------------


def good() -> Any:
    """A scene that fits, as JSON gives it back (so the tests below may break it at will)."""
    return json.loads(json.dumps(writer.cards_deck()))


def test_a_good_scene_has_no_problems():
    assert problems(writer.cards_deck()) == []
    assert problems(good()) == []  # the deck's (value, label) pairs come back as lists


def test_a_missing_key_an_unknown_key_and_a_wrong_type_are_named_by_their_path():
    scene = good()
    del scene["players"][1]["winner"]
    scene["regions"][3]["count"] = "12"
    scene["regions"][0]["cards"][0]["suit"] = "moons"
    assert problems(scene) == [
        "scene.players[1]: no 'winner' (ScenePlayer)",
        "scene.regions[0].cards[0]: unknown key 'suit' (Card)",
        "scene.regions[3].count: expected number, got '12'",
    ]


def test_a_region_is_checked_as_the_kind_it_names():
    scene = good()
    scene["regions"][0]["kind"] = "deck"  # a row of cards that calls itself a deck
    found = problems(scene)
    assert "scene.regions[0]: unknown key 'cards' (DeckRegion)" in found
    assert "scene.regions[0]: no 'count' (DeckRegion)" in found
    scene["regions"][0]["kind"] = "hand"
    assert problems(scene) == [
        "scene.regions[0]: kind 'hand' is none of 'piles', 'towers', 'grid', 'dice', 'cards', 'deck', 'spaces', 'fortress', 'track'"]


def test_booleans_nulls_and_optional_keys_are_told_apart():
    die = sc.die("die0", 5)
    assert "label" not in die and problems(die, sc.Die) == []
    assert problems({**die, "face": None}, sc.Die) == []
    assert problems({**die, "face": True}, sc.Die) == ["Die.face: expected number | null, got True"]
    assert problems({**die, "used": 0}, sc.Die) == ["Die.used: expected boolean, got 0"]
    assert problems(sc.player_panel(0, "Ann", "red", 2.5), sc.ScenePlayer) == []
    assert problems(sc.tower("T1", "T1", [], None, 0), sc.Tower) == []
    assert problems(sc.mark("T1"), sc.Mark) == []


def test_hidden_cards_and_unsettable_decks_carry_nothing_to_read():
    assert sc.card("c", "The Castle", "7", colour="red", hidden=True) == {
        "id": "c", "label": "", "detail": "", "colour": None, "hidden": True}
    assert sc.deck_region("deck", "Deck", 3, choices=[("castle", "The Castle")])["choices"] == []
