"""Write the scenes that the front end's tests read (js/tests/fixtures/*.json), built by the games.

    python tests/write_fixtures.py           # write them
    python tests/write_fixtures.py --check   # list the files that differ, exit 1 if any

tests/test_scene_contract.py fails while a written file differs from what the games build now.
Each scene is a real position of a real game, except `cards-deck.json` (no shipped game has cards
yet: it is built with the vocabulary's builders) and `grid-dice.json` (a Stacktics grid and
Ascendancy dice in one scene). `dectana.json` is one seat's view (the other hand face down). `icefortress.json` is a game played by
Greedy agents (with edition 5's cards, whose free look at any deck brings jumbo rooms early) until
five rooms stand.
`schema.json` is a variant's `schema()`, as the new-game form receives it. `timeline.json` is not written here: its rows are built by the Board itself.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from icewidgets import make_game
from icewidgets.core import scene as sc
from icewidgets.core.game import Game

FIXTURES = Path(__file__).resolve().parent.parent / "js" / "tests" / "fixtures"
MARKUP_NAME = "<img src=x onerror=alert(1)>"  # a player's name is text from a record: never markup


def played(game: Game, texts: list[str], names: list[str] | None = None, viewer: int | None = None) -> dict[str, Any]:
    """The scene after a line of moves (legal ones: each is checked), the last one marked, as
    `viewer` sees it (None: everything)."""
    state = game.start()
    before = move = None
    for text in texts:
        move = game.parse_legal(state, text)
        before, state = state, game.play(state, move)
    return game.scene(state, last=move, before=before, names=names, viewer=viewer)


def icetowers_three() -> dict[str, Any]:
    """Three players, two trios each, three towers; Green's player has a name holding markup."""
    game = make_game("icetowers", players=3, trios=2)
    return played(game, ["g1>r3", "g1>b2", "b3>b3", "r1>T2"], names=["Red", MARKUP_NAME, "Blue"])


def icetowers_over() -> dict[str, Any]:
    """Two players who agreed to stop: Red wins."""
    game = make_game("icetowers", players=2, trios=1, gus=False)
    return played(game, ["r1>g3", "r:pass", "g:pass"], names=["Ann", "Ben"])


STACKTICS_LINE = ["c1:0-c2", "c5:0-c4", "c2:0-c3", "c4:1-d4", "c3:2-d4"]


def stacktics() -> dict[str, Any]:
    """The 5x5 board after a capture (a red small takes Blue's medium and small)."""
    return played(make_game("stacktics", size=3), STACKTICS_LINE)


ASCENDANCY_LINE = ["roll 5 2", "d1>table", "d2>table", "roll 3 6", "d1>T1", "d2>table",
                   "roll 1 4", "d1>T2", "d2>T3", "roll 5 2"]


def ascendancy() -> dict[str, Any]:
    """Three players, three towers, Red's dice just rolled (no longer settable: the roll is made)."""
    return played(make_game("ascendancy"), ASCENDANCY_LINE)


DECTANA_SETUP = ["lay pact on -1,1", "lay forest on 0,1", "lay cave on 1,1", "lay journey on -1,0",
                 "lay castle on 0,0", "lay soldier on 1,0", "lay desert on -1,-1", "lay origin on 0,-1",
                 "lay battle on 1,-1", "deal bard to red", "deal sea to red", "deal author to red",
                 "deal mill to blue", "deal darkness to blue", "deal merchant to blue",
                 "place 1,1 u", "place 0,0 u"]
DECTANA_LINE = ["0,0/suns 1u@0,0", "orient 1u@1,1 e", "done", "orient 1u@0,0 n", "done",
                "1,1/waves 1e@1,1 1", "bard/suns 1u@0,0", "orient 1u@2,1 w", "done", "orient 1u@0,0 e"]


def dectana() -> dict[str, Any]:
    """Two players at turn 7, as Ann (red) sees it, while she reorients: on the Castle (0,0) a red
    small standing, one lying north and one just turned east (the last move: 0,0 and 1,0 marked);
    Blue's small lying west on the wasteland 2,1 (moved there by the Cave's Waves); Ann's hand face
    up, Ben's face down; the Bard in the discards."""
    return played(make_game("dectana", players=2), DECTANA_SETUP + DECTANA_LINE, names=["Ann", "Ben"], viewer=0)


def grid_dice() -> sc.Scene:
    """A Stacktics grid with a stack of three on c3 (the last move), and Ascendancy's dice."""
    grid_scene = played(make_game("stacktics", size=3), STACKTICS_LINE[:3])
    dice = ascendancy()["regions"][0]
    return sc.scene("Grid and dice", grid_scene["players"], [grid_scene["regions"][0], dice],
                    grid_scene["marks"])


def cards_deck() -> sc.Scene:
    """Two hands (the viewer's face up, the other's face down), a market and a deck due to draw."""
    hand = sc.cards_region("hand:0", "Ann's hand", [
        sc.card("hand:0:castle", "The Castle", "7 · moons, knots", colour="red"),
        sc.card("hand:0:7k", "7 of knots", "knots"),
    ])
    other = sc.cards_region("hand:1", "Ben's hand", [sc.card(f"hand:1:{i}", hidden=True) for i in range(3)])
    market = sc.cards_region("market", "Market", [sc.card("market:2m", "2 of moons", "moons", colour="blue")])
    deck = sc.deck_region("deck", "Draw pile", 12, due=True, settable=True,
                          choices=[("castle", "The Castle"), ("7k", "7 of knots"), ("2m", "2 of moons")])
    players = [sc.player_panel(0, "Ann", "red", 7, "2 in hand"),
               sc.player_panel(1, "Ben", "blue", 4, "3 in hand", badges=["dealer"])]
    return sc.scene("Cards and deck", players, [hand, other, market, deck], [sc.mark("market:2m")])


def schema() -> list[dict[str, Any]]:
    """Stacktics' options (an int range, a str choice, an auto/yes/no), two of them changed."""
    return make_game("stacktics", size=3, board="5x5", max_quiet_plies=100).variant.schema()


def icefortress() -> dict[str, Any]:
    """Two players some turns in, built by Greedy agents with seeded chance: rooms on the
    foundation and on the groups of the rooms below, pillars, invaders, the rolled dice."""
    import random

    from icewidgets import CHANCE
    from icewidgets.agents import Greedy

    game = make_game("icefortress", players=2, difficulty=10, edition=5)  # Autumn's look at any deck: a wide fortress
    rng, agent = random.Random(1), Greedy(seed=1)
    state, before, move = game.start(1), None, None
    for _ in range(400):
        if game.is_over(state):
            break
        seats = game.to_act(state)
        move = game.chance_move(state, rng) if seats == (CHANCE,) else agent.choose(game, state, seats[0])
        before, state = state, game.apply(state, move)
        if sum(1 for b in state.fortress if b is not None) >= 5 and type(state.todo[0]).__name__ == "Build":
            break
    return game.scene(state, last=move, before=before, names=["Ann", "Ben"])


BUILDERS: dict[str, Callable[[], Any]] = {
    "scene3.json": icetowers_three,
    "icetowers-over.json": icetowers_over,
    "stacktics.json": stacktics,
    "ascendancy.json": ascendancy,
    "dectana.json": dectana,
    "icefortress.json": icefortress,
    "grid-dice.json": grid_dice,
    "cards-deck.json": cards_deck,
    "schema.json": schema,
}


def fixtures() -> dict[str, str]:
    """Each fixture file's name and its text as the games write it now."""
    return {name: dumps(build()) for name, build in BUILDERS.items()}


def dumps(value: Any, indent: str = "", lead: int = 0) -> str:
    """JSON with what fits on a line kept on it (a piece, a pile, a short list), the rest nested;
    `lead` is how much of the line the key before the value takes."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or not value or len(indent) + lead + len(flat) <= 100:
        return flat if indent else flat + "\n"
    inner = indent + "  "
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = json.dumps(k, ensure_ascii=False) + ": "
            items.append(inner + key + dumps(v, inner, len(key)))
        text = "{\n" + ",\n".join(items) + f"\n{indent}}}"
    else:
        text = "[\n" + ",\n".join(inner + dumps(v, inner) for v in value) + f"\n{indent}]"
    return text if indent else text + "\n"


def stale() -> list[str]:
    """The fixture files that differ from what the games write now (or are missing)."""
    return [name for name, text in fixtures().items()
            if not (FIXTURES / name).exists() or (FIXTURES / name).read_text(encoding="utf-8") != text]


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        names = stale()
        for name in names:
            print(f"out of date: js/tests/fixtures/{name}")
        return 1 if names else 0
    if argv:
        print(__doc__)
        return 2
    for name, text in fixtures().items():
        (FIXTURES / name).write_text(text, encoding="utf-8")
        print(f"wrote js/tests/fixtures/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
