"""Ice Fortress positions against the rulebook: every position `validate` accepts obeys its
building and landing rules, every position legal play reaches validates, and a position breaking
a rule is refused naming it (by the game, a record, the Board and the editor's Done).

The rules, from the rulebook (and the readings docs/rules/icefortress.md numbers R1 to R35):
- rooms: jumbo rooms go on the foundation's spaces, no pillars needed; another room goes on a
  pillar group "the same size" as it, "all pillars within that area must be filled", not "if any
  of the pillars (or the group itself) has an invader on it"; one room on a space or group;
- pillars: a white square's die within its constraint, a black square's the modifier applied to
  its anchor's pillar (which may have gone since, R12);
- invaders: each "will try to enter a room of the matching element"; fire invaders "melt
  (destroy) the pillars that they land on" and earth invaders "occupy pillar groups, rather than
  pillars or pillar squares", each while its harm is on; only earth invaders occupy groups;
- beacons: a stack of four rooms of one element flips its card, and the first beacon flips the
  name cards; all four lit wins, an empty shield loses (no set-up position is a finished game);
- the box: its dice (50), 10 figures of each element, one of each card; "Shuffle each of the four room
  card sizes into their own face-down decks" (a destroyed room goes to the bottom of its deck);
  the six extra rooms only with `rooms_112` (R1).
"""

from __future__ import annotations

import copy
import functools
import random
import re
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from icewidgets import CHANCE
from icewidgets.core.errors import BadPosition
from icewidgets.games.icefortress import IceFortress
from icewidgets.games.icefortress.bot import FortressBot
from icewidgets.games.icefortress.cards import ELEMENTS, Room

from position_rules import BOUNDED, PLAYED, done_refused, played_positions, refused_everywhere

# each rule, and the words validate names it by
RULES = {
    "jumbo on the foundation only": "stand on the foundation",
    "a group carries its size": "which carries a",
    "a complete group": "a room goes on a complete group",
    "a group free of invaders": "a room goes on a group free of invaders",
    "a group no earth invader occupies": "which an earth invader occupies",
    "one room on a place": "both stand on",
    "a die fits its square": "no die placed there shows it",
    "invaders enter rooms of their element": "invaders land only in rooms of their element",
    "fire melts the pillar it lands on": "melts the pillar it lands on",
    "earth occupies groups": "earth invaders occupy pillar groups",
    "only earth occupies groups": "only earth invaders occupy groups",
    "a beacon flips its card": "beacon card is not flipped",
    "the first beacon flips the names": "the name cards",
    "all four beacons win": "the game is won",
    "an empty shield loses": "the game is lost",
    "the dice in the box": "pillars stand: the box holds",
    "10 figures of each element": "figures are out",
    "one of each room": "there is one card",
    "a deck per size": "has a deck of its own",
    "the extra rooms with rooms_112": "in play only with rooms_112",
    "a beacon can still be built": "the game can no longer be won",
}
OPS = {"+": lambda a, n: a + n, "-": lambda a, n: a - n, "x": lambda a, n: a * n,
       "/": lambda a, n: a // n if a % n == 0 else 0}
GAME = IceFortress(players=2, difficulty=10)


def rulebook_problems(game: IceFortress, position: dict[str, Any]) -> set[str]:
    """The rules a position (JSON) breaks, read from the rulebook."""
    cards, problems = game.cards, set()
    rooms = {room.id: room for room in cards.rooms}
    flipped, neutralized = set(position["flipped"]), set(position["neutralized"])

    def harm_on(element: str) -> bool:
        return element not in flipped and element not in neutralized

    fortress = position["fortress"]
    places: dict[str, int] = {}
    for i, item in enumerate(fortress):
        room: Room = rooms[item["room"]]
        dice, invaders = item.get("dice", {}), item.get("invaders", {})
        on = item["on"]
        if on.startswith("F"):
            if room.size != 0:
                problems.add("jumbo on the foundation only")
        else:
            ref, group_id = on.split(".")
            below = fortress[int(ref[1:]) - 1]
            group = next(g for g in rooms[below["room"]].groups if g.id == group_id)
            squares = [rooms[below["room"]].squares[k].id for k in group.squares]
            if room.size == 0:
                problems.add("jumbo on the foundation only")
            elif group.carries != room.size:
                problems.add("a group carries its size")
            if any(s not in below.get("dice", {}) for s in squares):
                problems.add("a complete group")
            if any(s in below.get("invaders", {}) for s in squares):
                problems.add("a group free of invaders")
            if group_id in below.get("earth", []):
                problems.add("a group no earth invader occupies")
        if on in places:
            problems.add("one room on a place")
        places[on] = i
        for square_id, die in dice.items():
            square = next(s for s in room.squares if s.id == square_id)
            if square.kind == "link":
                anchor = room.squares[square.link]
                allowed = {OPS[square.op](a, square.n) for a in range(anchor.lo, anchor.hi + 1)}
            else:
                allowed = set(range(square.lo, square.hi + 1))
            if die not in allowed:
                problems.add("a die fits its square")
        for square_id, element in invaders.items():
            if room.element is None or ELEMENTS[room.element] != element:
                problems.add("invaders enter rooms of their element")
            if element == "fire" and square_id in dice and harm_on("fire"):
                problems.add("fire melts the pillar it lands on")
            if element == "earth" and harm_on("earth"):
                problems.add("earth occupies groups")
        if item.get("earth") and room.element != ELEMENTS.index("earth"):
            problems.add("only earth occupies groups")
    for i, item in enumerate(fortress):  # four rooms of one element, each on the one before
        element, run, j = rooms[item["room"]].element, 0, i
        while element is not None and rooms[fortress[j]["room"]].element == element:
            run += 1
            if fortress[j]["on"].startswith("F"):
                break
            j = int(fortress[j]["on"].split(".")[0][1:]) - 1
        if run >= 4 and ELEMENTS[element] not in flipped:  # type: ignore[index]
            problems.add("a beacon flips its card")
    if position["names_flipped"] != bool(flipped):
        problems.add("the first beacon flips the names")
    if len(flipped) == 4:
        problems.add("all four beacons win")
    if position["shield"] < 1:
        problems.add("an empty shield loses")
    if sum(len(item.get("dice", {})) for item in fortress) > cards.board.dice:
        problems.add("the dice in the box")
    for element in ELEMENTS:
        out = position["shards"].get(element, 0) + sum(
            list(item.get("invaders", {}).values()).count(element) for item in fortress)
        out += sum(len(item.get("earth", [])) for item in fortress) if element == "earth" else 0
        if out > cards.board.figures_per_element:
            problems.add("10 figures of each element")
    placed = [item["room"] for item in fortress] + position["supply"]
    for size, bottom in position["bottom"].items():
        placed += bottom
        if any(rooms[r].size != ["jumbo", "large", "medium", "small"].index(size) for r in bottom):
            problems.add("a deck per size")
    if any(placed.count(r) > 1 for r in placed):
        problems.add("one of each room")
    if any(rooms[r].extra for r in placed) and not game.variant.rooms_112:
        problems.add("the extra rooms with rooms_112")
    if not problems and not any(hero["class"] == "mason" for hero in position["characters"]) and not \
            beacons_buildable(game, position):  # Mason's is the set's one power that destroys a fortress room
        problems.add("a beacon can still be built")
    return problems


def beacons_buildable(game: IceFortress, position: dict[str, Any]) -> bool:
    """Whether each unlit element can still stack its beacon: on a jumbo room of its own on the
    foundation that can carry the rest, or on a free foundation space, one per element."""
    rooms = {room.id: room for room in game.cards.rooms}
    fortress = position["fortress"]
    standing = {item["room"] for item in fortress}

    def left(element: int, size: int) -> bool:
        return any(r.element == element and r.size == size and r.id not in standing
                   and (game.variant.rooms_112 or not r.extra) for r in rooms.values())

    def carries(i: int, element: int) -> bool:
        room = rooms[fortress[i]["room"]]
        on = {item["on"].split(".")[1]: j for j, item in enumerate(fortress) if item["on"].startswith(f"R{i + 1}.")}
        for group in room.groups:
            if group.id not in on:
                if left(element, group.carries):
                    return True
            elif rooms[fortress[on[group.id]]["room"]].element == element and (
                    rooms[fortress[on[group.id]]["room"]].size == 3 or carries(on[group.id], element)):
                return True
        return False

    homeless = 0
    for e, name in enumerate(ELEMENTS):
        if name in position["flipped"]:
            continue
        if any(item["on"].startswith("F") and rooms[item["room"]].element == e and carries(i, e)
               for i, item in enumerate(fortress)):
            continue
        if not left(e, 0):
            return False
        homeless += 1
    return homeless <= game.foundation_spaces - sum(item["on"].startswith("F") for item in fortress)


# -- positions to start from: legal play, some of it by a bot that builds high ---------------------------

def bot_positions(game: IceFortress, seed: int, plies: int = 500, every: int = 25) -> list[Any]:
    rng, bot, state, seen = random.Random(seed), FortressBot(seed, depth=1, beam=0), game.start(seed), []
    for ply in range(plies):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, game.chance_move(state, rng) if seat == CHANCE else bot.choose(game, state, seat))
        if ply % every == 0 and not game.is_over(state):
            seen.append(game.setup_position(state))
    return seen


@functools.cache
def bases() -> tuple[dict[str, Any], ...]:
    positions = [p for seed in range(5) for p in bot_positions(GAME, seed)]
    positions += [p for seed in range(3) for p in played_positions(GAME, seed, plies=300, every=20)]
    return tuple(GAME.position_to_json(p) for p in positions)


# -- mutations, each what a careless or hostile edit of the JSON might do --------------------------------

def place(draw: Any, fortress: list[dict[str, Any]], before: int) -> str:
    """A foundation space or a group of a room listed before."""
    rooms = {room.id: room for room in GAME.cards.rooms}
    groups = [f"R{k + 1}.{g.id}" for k in range(before) for g in rooms[fortress[k]["room"]].groups]
    spaces = [f"F{n}" for n in range(1, GAME.foundation_spaces + 1)]
    return draw(st.sampled_from(groups + spaces if groups and draw(st.booleans()) else spaces))


def fitting(room: Room, k: int, dice: dict[str, int]) -> int:
    """A die that fits square k now, or 0."""
    square = room.squares[k]
    if square.kind != "link":
        return square.lo
    anchor = dice.get(room.squares[square.link].id, room.squares[square.link].lo)
    value = OPS[square.op](anchor, square.n)
    return value if 1 <= value <= 6 else 0


@st.composite
def mutated(draw: Any) -> dict[str, Any]:
    position = copy.deepcopy(draw(st.sampled_from(bases())))
    rooms = {room.id: room for room in GAME.cards.rooms}
    room_ids = sorted(rooms)
    fortress = position["fortress"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["die", "invader", "earth", "move", "card", "build", "fill", "supply",
                                     "bottom", "flip", "neutralize", "names", "shield", "shards"]))
        event(kind)
        if kind in ("die", "invader", "earth", "move", "card", "fill") and not fortress:
            kind = "build"
        if kind in ("die", "invader", "earth", "move", "card", "fill"):
            i = draw(st.integers(0, len(fortress) - 1))
            item, room = fortress[i], rooms[fortress[i]["room"]]
            square = draw(st.sampled_from([s.id for s in room.squares]))
            if kind == "die":
                item.setdefault("dice", {})[square] = draw(st.integers(1, 6))
                if draw(st.booleans()):
                    del item["dice"][square]
            elif kind == "invader":
                item.setdefault("invaders", {})[square] = draw(st.sampled_from(ELEMENTS))
                if draw(st.integers(0, 3)) == 0:
                    del item["invaders"][square]
            elif kind == "earth" and room.groups:
                group = draw(st.sampled_from([g.id for g in room.groups]))
                earth = item.setdefault("earth", [])
                earth.remove(group) if group in earth else earth.append(group)
            elif kind == "move":
                item["on"] = place(draw, fortress, i)
            elif kind == "card" and not any(other["on"].startswith(f"R{i + 1}.") for other in fortress):
                fortress[i] = {"room": draw(st.sampled_from(room_ids)), "on": item["on"]}
            elif kind == "fill" and room.groups:
                group = draw(st.sampled_from(room.groups))
                dice = item.setdefault("dice", {})
                for k in group.squares:
                    if value := fitting(room, k, dice):
                        dice[room.squares[k].id] = value
        elif kind == "build":
            fortress.append({"room": draw(st.sampled_from(room_ids)), "on": place(draw, fortress, len(fortress))})
        elif kind == "supply":
            position["supply"].append(draw(st.sampled_from(room_ids)))
        elif kind == "bottom":
            position["bottom"].setdefault(draw(st.sampled_from(["jumbo", "large", "medium", "small"])), []).append(
                draw(st.sampled_from(room_ids)))
        elif kind in ("flip", "neutralize"):
            chosen = position["flipped" if kind == "flip" else "neutralized"]
            element = draw(st.sampled_from(ELEMENTS))
            chosen.remove(element) if element in chosen else chosen.append(element)
            if kind == "flip" and draw(st.integers(0, 3)):
                position["names_flipped"] = bool(chosen)  # the editor flips the names with the first
        elif kind == "names":
            position["names_flipped"] = not position["names_flipped"]
        elif kind == "shield":
            position["shield"] = draw(st.integers(0, 12))
        else:
            position["shards"][draw(st.sampled_from(ELEMENTS))] = draw(st.integers(0, 10))
    return position


@BOUNDED
@given(mutated())
def test_validate_accepts_exactly_the_positions_the_rulebook_allows(position: dict[str, Any]) -> None:
    broken = rulebook_problems(GAME, position)
    try:
        state = GAME.position_from_json(position)
    except BadPosition as e:
        message = str(e)
        assert message.startswith("impossible Ice Fortress position"), message
        event("refused")
        assert broken, f"a position the rulebook allows is refused: {message}"
        for rule in broken:
            event(f"breaks: {rule}")
        for rule, words in RULES.items():
            assert (rule in broken) == (words in message), (rule, message)
        return
    event("accepted")
    assert not broken, f"validate accepts a position that breaks: {broken}"
    assert GAME.validate(state) == []


def test_the_positions_to_start_from_obey_the_rulebook() -> None:
    assert len(bases()) > 20 and max(len(p["fortress"]) for p in bases()) >= 8
    for position in bases():
        assert rulebook_problems(GAME, position) == set()


@PLAYED
@given(players=st.integers(1, 4), difficulty=st.integers(3, 10), rooms_112=st.booleans(), seed=st.integers(0, 10**6))
def test_positions_of_random_play_validate_and_obey_the_rulebook(players: int, difficulty: int, rooms_112: bool,
                                                                 seed: int) -> None:
    game = IceFortress(players=players, difficulty=difficulty, rooms_112=rooms_112)
    for position in played_positions(game, seed, plies=300, every=7):
        assert game.validate(position) == []
        assert rulebook_problems(game, game.position_to_json(position)) == set()


def test_the_editor_offers_the_extra_rooms_only_with_rooms_112() -> None:
    for rooms_112 in (False, True):
        game = IceFortress(players=2, rooms_112=rooms_112)
        texts = [e.text for e in game.setup_actions(game.setup_position(game.start(3)))]
        assert ("put large-white-7 in the supply" in texts) == rooms_112


CHARACTERS = [{"name": "autumn", "abilities": ["fierce", "cunning"], "class": "banisher"},
              {"name": "eve", "abilities": ["brave", "clever"], "class": "architect"}]


def test_impossible_positions_are_refused_everywhere_and_by_the_editors_done() -> None:
    options = {"players": 2}
    empty = {"turn": 0, "characters": CHARACTERS}
    refused_everywhere("icefortress", options, {**empty, "supply": ["large-white-7"]}, RULES["the extra rooms with rooms_112"])
    refused_everywhere("icefortress", options, {**empty, "bottom": {"large": ["small-air-1"]}}, RULES["a deck per size"])
    refused_everywhere("icefortress", options, {**empty, "fortress": [{"room": "large-fire-1", "on": "F1"}]},
                       RULES["jumbo on the foundation only"])
    done_refused("icefortress", options, ["build jumbo-earth-1 on F1", "flip earth", "put an earth invader on R1.a",
                                          "unflip earth"], RULES["earth occupies groups"])


# -- one rule broken at a time, on a fortress with a beacon lit ------------------------------------------

def tower(element: str, space: int, first: int) -> list[dict[str, Any]]:
    """Four rooms of an element stacked from foundation space `space` (the first numbered R`first`),
    each group under a room filled with dice that fit."""
    items: list[dict[str, Any]] = []
    on = f"F{space}"
    for size in range(4):
        room = next(r for r in GAME.cards.rooms if r.size == size and r.element == ELEMENTS.index(element)
                    and (size == 3 or r.groups) and not r.extra)
        items.append({"room": room.id, "on": on, "dice": {}})
        if size < 3:
            group = room.groups[0]
            for k in group.squares:
                items[-1]["dice"][room.squares[k].id] = fitting(room, k, items[-1]["dice"])
            on = f"R{first + size}.{group.id}"
    return items


def lit() -> dict[str, Any]:
    """A water beacon on F1, a fire and an earth jumbo room on F2 and F3, each with a pillar on a
    square no room covers, water's card flipped."""
    fortress = tower("water", 1, 1)
    for element, space in (("fire", 2), ("earth", 3)):
        room = next(r for r in GAME.cards.rooms if r.size == 0 and r.element == ELEMENTS.index(element))
        fortress.append({"room": room.id, "on": f"F{space}", "dice": {room.squares[0].id: fitting(room, 0, {})}})
    return {"fortress": fortress, "supply": [], "shards": {}, "bottom": {}, "shield": 5, "flipped": ["water"],
            "neutralized": [], "names_flipped": True, "characters": CHARACTERS, "turn": 0}


def free_square(item: dict[str, Any]) -> str:
    return next(s.id for s in GAME.cards.rooms[[r.id for r in GAME.cards.rooms].index(item["room"])].squares
                if s.id not in item.get("dice", {}))


def _break(rule: str) -> dict[str, Any]:
    p = lit()
    water, fire, earth = p["fortress"][0], p["fortress"][4], p["fortress"][5]
    square = next(iter(fire["dice"]))
    breaks = {
        "jumbo on the foundation only": lambda: p["fortress"][1].update(on="F4"),
        "a group carries its size": lambda: _build_on(p, 4, "small-fire-1"),
        "a complete group": lambda: water["dice"].popitem(),
        "a group free of invaders": lambda: water.update(invaders={next(iter(water["dice"])): "water"}),
        "a group no earth invader occupies": lambda: (_build_on(p, 5, "large-air-1"), earth.update(earth=[_group(earth)])),
        "one room on a place": lambda: p["fortress"].append({"room": "jumbo-air-1", "on": "F2"}),
        "a die fits its square": lambda: fire["dice"].update({square: _misfit(fire, square)}),
        "invaders enter rooms of their element": lambda: fire.update(invaders={free_square(fire): "air"}),
        "fire melts the pillar it lands on": lambda: fire.update(invaders={square: "fire"}),
        "earth occupies groups": lambda: earth.update(invaders={free_square(earth): "earth"}),
        "only earth occupies groups": lambda: fire.update(earth=[_group(fire)]),
        "a beacon flips its card": lambda: p.update(flipped=["fire"]),
        "the first beacon flips the names": lambda: p.update(names_flipped=False),
        "all four beacons win": lambda: p.update(flipped=list(ELEMENTS)),
        "an empty shield loses": lambda: p.update(shield=0),
        "10 figures of each element": lambda: (p.update(shards={"fire": 10}), fire.update(invaders={free_square(fire): "fire"})),
        "one of each room": lambda: p["supply"].append(fire["room"]),
        "a deck per size": lambda: p["bottom"].update(large=["small-air-1"]),
        "the extra rooms with rooms_112": lambda: p["supply"].append("large-white-7"),
    }
    breaks[rule]()
    return p


def _build_on(position: dict[str, Any], i: int, room_id: str) -> None:
    """Fills the last group of room i with dice that fit and builds `room_id` on it."""
    item = position["fortress"][i]
    room = next(r for r in GAME.cards.rooms if r.id == item["room"])
    for k in room.groups[-1].squares:
        item["dice"][room.squares[k].id] = fitting(room, k, item["dice"])
    position["fortress"].append({"room": room_id, "on": f"R{i + 1}.{room.groups[-1].id}"})


def _group(item: dict[str, Any]) -> str:
    return next(r for r in GAME.cards.rooms if r.id == item["room"]).groups[-1].id


def _misfit(item: dict[str, Any], square_id: str) -> int:
    square = next(s for s in next(r for r in GAME.cards.rooms if r.id == item["room"]).squares if s.id == square_id)
    return next(v for v in range(1, 7) if not square.lo <= v <= square.hi)


def test_the_lit_fortress_is_possible() -> None:
    position = lit()
    assert rulebook_problems(GAME, position) == set()
    assert GAME.validate(GAME.position_from_json(position)) == []


@pytest.mark.parametrize("rule", [r for r in RULES if r not in ("the dice in the box", "a beacon can still be built")])
def test_each_rule_broken_alone_is_refused_naming_it(rule: str) -> None:
    position = _break(rule)
    assert rulebook_problems(GAME, position) == {rule}
    with pytest.raises(BadPosition, match=re.escape(RULES[rule])):
        GAME.position_from_json(position)


def test_more_pillars_than_the_dice_in_the_box_are_refused(tmp_path: Any) -> None:
    (tmp_path / "board.toml").write_text("dice = 3\n")
    game = IceFortress(players=2, cards=str(tmp_path))
    position = lit()
    assert rulebook_problems(game, position) == {"the dice in the box"}
    with pytest.raises(BadPosition, match=re.escape(RULES["the dice in the box"])):
        game.position_from_json(position)
