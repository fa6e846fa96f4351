"""Hand-built Ice Fortress positions, written the way a player reads the table.

- Card sets: `make(tmp_path, rooms=..., characters=..., invaders=..., **options)` writes a small set of
  cards into a folder and returns the game playing it (`IceFortress(cards=folder)`), so each room has
  exactly the squares a test needs. Rooms are written compactly with `room(...)`: squares as
  `"a=* b=3 c=2-4 d=c+1 e=cx2 f=c/2 g=c-1"` (any, exact, range, and black squares linked to a white
  one with +, -, x or /), groups as `"g1=a,b g2=c"` (each carries the next size down).
  `TEST_ROOMS`, `TEST_CHARACTERS` and `TEST_INVADERS` are the set most tests play.
- Rooms in the fortress: `put("j-fire", "F1", dice="a=4 c=2", invaders="b=fire", earth="g2")` builds
  the room on foundation space F1; `put("l-water", "R1.g1")` on group g1 of the first room put.
  Fortress rooms are numbered R1, R2, ... in the order given, as the notation numbers them.
- The rest of the table: the supply (room ids), shards and spent shards (`"fire fire water"`), the bag
  (default: every figure not in the fortress, the supply or spent), the decks (default: every room
  not built nor in the supply, order unknown), the rolled dice, the unused dice (default: the 50 less
  those rolled, spent and standing as pillars), the shield, flipped and neutralized elements
  (`"fire air"`), the characters (`(name, (ability, ability), class)` by card id) and the script
  (`todo`; default: the current character's building step).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from icewidgets.games.icefortress import IceFortress, State
from icewidgets.games.icefortress.cards import ELEMENTS, SIZES
from icewidgets.games.icefortress.moves import NONE, Built, Deck, Hero
from icewidgets.games.icefortress.steps import Build, Landing

_SQUARE = re.compile(r"([a-z0-9]+)=(?:(\*)|([1-6])-([1-6])|([1-6])|([a-z0-9]+)([-+x/])([1-5]))")


def room(room_id: str, size: str, element: str, squares: str, groups: str = "", ice: bool = False) -> str:
    """One [[room]] table: squares as `a=* b=3 c=2-4 d=c+1`, groups as `g1=a,b g2=c`."""
    items = []
    for word in squares.split():
        m = _SQUARE.fullmatch(word)
        if m is None:
            raise ValueError(f"not a square: {word!r}")
        sid, anyd, lo, hi, exact, link, op, n = m.groups()
        if anyd:
            items.append(f'{{ id = "{sid}", any = true }}')
        elif lo:
            items.append(f'{{ id = "{sid}", range = [{lo}, {hi}] }}')
        elif exact:
            items.append(f'{{ id = "{sid}", exact = {exact} }}')
        else:
            items.append(f'{{ id = "{sid}", link = "{link}", op = "{op}", n = {n} }}')
    carries = SIZES[SIZES.index(size) + 1] if size != "small" else ""
    group_items = []
    for word in groups.split():
        gid, members = word.split("=")
        listed = ", ".join(f'"{s}"' for s in members.split(","))
        group_items.append(f'{{ id = "{gid}", carries = "{carries}", squares = [{listed}] }}')
    return (f'[[room]]\nid = "{room_id}"\nsize = "{size}"\nelement = "{element}"\nice = {str(ice).lower()}\n'
            f'squares = [{", ".join(items)}]\ngroups = [{", ".join(group_items)}]\n')


TEST_ROOMS = "\n".join([
    room("j-fire", "jumbo", "fire", "a=* b=3 c=2-4 d=c+1 e=1-3 f=e/2 g=ex2 h=e-1", "g1=a,b,c,d g2=e,f,g,h"),
    room("j-fire2", "jumbo", "fire", "a=* b=*", "g1=a g2=b"),
    room("j-water", "jumbo", "water", "a=* b=*", "g1=a g2=b"),
    room("j-earth", "jumbo", "earth", "a=* b=*", "g1=a g2=b"),
    room("j-air", "jumbo", "air", "a=* b=*", "g1=a g2=b"),
    room("l-fire", "large", "fire", "a=* b=*", "g1=a"),
    room("l-water", "large", "water", "a=1-3 b=ax2", "g1=a,b", ice=True),
    room("l-earth", "large", "earth", "a=* b=*", "g1=a g2=b"),
    room("l-air", "large", "air", "a=* b=*", "g1=a"),
    room("l-white", "large", "white", "a=*", "g1=a", ice=True),
    room("m-fire", "medium", "fire", "a=* b=*", "g1=a"),
    room("m-water", "medium", "water", "a=* b=*", "g1=a"),
    room("m-earth", "medium", "earth", "a=* b=*", "g1=a"),
    room("m-air", "medium", "air", "a=* b=*", "g1=a"),
    room("s-fire", "small", "fire", "a=*"),
    room("s-water", "small", "water", "a=*"),
    room("s-earth", "small", "earth", "a=*"),
    room("s-air", "small", "air", "a=*"),
    room("s-white", "small", "white", "a=*", ice=True),
])


def power(power_id: str, effects: str, cost: str = "{}") -> str:
    """An inline power table; `effects` is the TOML list's inside."""
    return f'{{ id = "{power_id}", text = "{power_id}", cost = {cost}, effects = [{effects}] }}'


# One ability per effect (its id names what it does), each showing one die; the name card shows 2
# dice (3 on its advanced side, which adds a power); the class shows none.
_ABILITIES = {
    "draw-any": ('{ power = "draw_room", size = "any", n = 1 }', "{}"),
    "draw-small2": ('{ power = "draw_room", size = "small", n = 2 }', "{}"),
    "search-any": ('{ power = "search_room", size = "any" }', "{}"),
    "look2": ('{ power = "look_rooms", n = 2 }', "{}"),
    "look-small": ('{ power = "look_rooms", size = "small", n = 2 }', "{}"),
    "shard2": ('{ power = "draw_shard", n = 2 }', "{}"),
    "repel-one": ('{ power = "repel", scope = "one", element = "any" }', "{}"),
    "repel-room": ('{ power = "repel", scope = "room", element = "any" }', "{}"),
    "crystal-fire": ('{ power = "crystallize", scope = "all_of_element", element = "fire" }', "{}"),
    "crystal-all": ('{ power = "crystallize", scope = "all_of_element", element = "any" }', "{}"),
    "smash": ('{ power = "destroy_pillar", n = 2 }', "{}"),
    "flood-own": ('{ power = "destroy_room", where = "supply" }', "{}"),
    "wreck": ('{ power = "destroy_room", where = "fortress" }', "{}"),
    "wreck-jumbo": ('{ power = "destroy_room", where = "fortress", size = "jumbo" }', "{}"),
    "boost": ('{ power = "boost_shield", n = 1 }', '{ shards = ["any", "any"] }'),
    "calm": ('{ power = "neutralize" }', '{ shards = ["water"] }'),
    "nudge": ('{ power = "adjust_die", by = 1 }', "{}"),
    "set-any": ('{ power = "set_die", value = 0 }', '{ dice = [{ range = [1, 6] }] }'),
    "set-six": ('{ power = "set_die", value = 6 }', "{}"),
    "reroll2": ('{ power = "reroll", n = 2 }', "{}"),
    "more": ('{ power = "extra_dice", n = 2 }', '{ dice = [{ exact = 1 }] }'),
    "three": ('{ power = "draw_shard", n = 1 }', '{ dice = [{ exact = 3 }] }'),
    "fiery": ('{ power = "draw_shard", n = 1 }', '{ shards = ["fire"] }'),
}


def characters_toml(abilities: dict[str, tuple[str, str]] = _ABILITIES) -> str:
    """Two name cards, the abilities given (id: (effects, cost)) and two classes."""
    boost, shard = '{ power = "boost_shield" }', '{ power = "draw_shard" }'
    tester = power("tester", boost, '{ shards = ["earth"] }')
    other = power("other", shard, '{ shards = ["air"] }')
    plain = power("plain", boost, "{ dice = [{ exact = 6 }] }")
    heavy = power("heavy", shard, "{ dice = [{ exact = 5 }] }")
    parts = [
        f'[[name]]\nid = "tester"\ntitle = "Tester"\ndice = 2\npowers = [{tester}]\n'
        f'[name.advanced]\ndice = 3\npowers = ["tester", {power("tester-2", shard)}]\n',
        f'[[name]]\nid = "other"\ntitle = "Other"\ndice = 1\npowers = [{other}]\n'
        '[name.advanced]\ndice = 1\npowers = ["other"]\n',
    ]
    for ability_id, (effects, cost) in abilities.items():
        parts.append(f'[[ability]]\nid = "{ability_id}"\ntitle = "{ability_id}"\ndice = 1\n'
                     f'powers = [{power(ability_id, effects, cost)}]\n')
    parts.append(f'[[class]]\nid = "plain"\ntitle = "Plain"\ndice = 0\npowers = [{plain}]\n')
    parts.append(f'[[class]]\nid = "heavy"\ntitle = "Heavy"\ndice = 3\npowers = [{heavy}]\n')
    return "\n".join(parts)


TEST_CHARACTERS = characters_toml()

# The beacon side of each element's card: an Immediately effect and a new ability.
TEST_INVADERS = """
[[card]]
id = "fire-b"
element = "fire"
immediately = [{ power = "boost_shield", n = 2 }]
ability = { id = "fire-gift", text = "fire gift", cost = {}, effects = [{ power = "draw_shard", n = 1 }] }

[[card]]
id = "water-b"
element = "water"
immediately = [{ power = "draw_room", size = "small", n = 1 }]
ability = { id = "water-gift", text = "water gift", cost = {}, effects = [{ power = "boost_shield", n = 1 }] }

[[card]]
id = "earth-b"
element = "earth"
immediately = []
ability = { id = "earth-gift", text = "earth gift", cost = { dice = [{ range = [4, 6] }] }, effects = [{ power = "boost_shield", n = 1 }] }

[[card]]
id = "air-b"
element = "air"
immediately = [{ power = "boost_shield", n = 1 }]
ability = { id = "air-gift", text = "air gift", cost = {}, effects = [{ power = "boost_shield", n = 1 }] }
"""


def make(folder: Path, rooms: str = TEST_ROOMS, characters: str | None = TEST_CHARACTERS,
         invaders: str | None = TEST_INVADERS, **options: Any) -> IceFortress:
    """The game playing these card files (None: the shipped file) from a fresh folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rooms.toml").write_text(rooms)
    if characters is not None:
        (folder / "characters.toml").write_text(characters)
    if invaders is not None:
        (folder / "invaders.toml").write_text(invaders)
    return IceFortress(cards=str(folder), **options)


# -- positions ---------------------------------------------------------------------------------------


class Put(NamedTuple):
    room: str
    on: str
    dice: str
    invaders: str
    earth: str


def put(room_id: str, on: str = "F1", dice: str = "", invaders: str = "", earth: str = "") -> Put:
    """A room in the fortress: on a foundation space (`F1`) or a built room's group (`R1.g1`), with
    pillars (`a=4 c=2`), invaders on squares (`b=fire`) and earth invaders on groups (`g1 g2`)."""
    return Put(room_id, on, dice, invaders, earth)


def counts(words: str | Iterable[str]) -> tuple[int, ...]:
    """Per element, how often its name occurs (`"fire fire water"`)."""
    out = [0] * 4
    for w in words.split() if isinstance(words, str) else words:
        out[ELEMENTS.index(w)] += 1
    return tuple(out)


def flags(words: str) -> tuple[bool, ...]:
    named = set(words.split())
    return tuple(e in named for e in ELEMENTS)


def room_index(game: IceFortress, room_id: str) -> int:
    return [r.id for r in game.cards.rooms].index(room_id)


def pos(game: IceFortress, *fortress: Put, supply: Sequence[str] = (), shards: str = "", bag: str | None = None,
        decks: Sequence[Sequence[str]] | None = None, rolled: Sequence[int] = (), unused: int | None = None,
        spent_dice: int = 0, spent_shards: str = "", shield: int = 7, flipped: str = "", neutralized: str = "",
        names_flipped: bool | None = None, heroes: Sequence[tuple[str, tuple[str, ...], str]] | None = None,
        current: int = 0, used: Sequence[str] = (), todo: tuple[object, ...] | None = None,
        invader_cards: Sequence[str] | None = None, turns: int = 0) -> State:
    """A table set by hand (see the module's docstring)."""
    cards = game.cards
    built: list[Built | None] = []
    for p in fortress:
        r = room_index(game, p.room)
        room_ = cards.rooms[r]
        if p.on.startswith("F"):
            parent, slot, level = -1, int(p.on[1:]) - 1, 1
        else:
            ref, gid = p.on.split(".")
            parent = int(ref[1:]) - 1
            below = built[parent]
            assert below is not None
            slot = [g.id for g in cards.rooms[below.room].groups].index(gid)
            level = below.level + 1
        sids = [s.id for s in room_.squares]
        dice = [0] * len(sids)
        for word in p.dice.split():
            sid, value = word.split("=")
            dice[sids.index(sid)] = int(value)
        inv = [NONE] * len(sids)
        for word in p.invaders.split():
            sid, element = word.split("=")
            inv[sids.index(sid)] = ELEMENTS.index(element)
        gids = [g.id for g in room_.groups]
        occ = [NONE] * len(gids)
        for gid in p.earth.split():
            occ[gids.index(gid)] = ELEMENTS.index("earth")
        built.append(Built(r, parent, slot, level, tuple(dice), tuple(inv), tuple(occ)))
    supply_ids = tuple(sorted(room_index(game, s) for s in supply))
    if decks is None:
        taken = {b.room for b in built if b is not None} | set(supply_ids)
        deck_tuple = tuple(Deck(tuple(i for i, r in enumerate(cards.rooms) if r.size == s and i not in taken), ())
                           for s in range(4))
    else:
        deck_tuple = tuple(Deck(tuple(sorted(room_index(game, r) for r in d)), ()) for d in decks)
    shard_counts, spent = counts(shards), counts(spent_shards)
    in_fortress = [sum(b.invaders.count(e) + b.occupiers.count(e) for b in built if b is not None) for e in range(4)]
    n = cards.board.figures_per_element
    bag_counts = counts(bag) if bag is not None else tuple(
        n - shard_counts[e] - spent[e] - in_fortress[e] for e in range(4))
    pillars = sum(1 for b in built if b is not None for d in b.dice if d)
    unused_dice = cards.board.dice - len(rolled) - spent_dice - pillars if unused is None else unused
    if heroes is None:
        k = game.variant.characters
        heroes = [(cards.names[h % len(cards.names)].id, (cards.abilities[2 * h].id, cards.abilities[2 * h + 1].id),
                   cards.classes[h % len(cards.classes)].id) for h in range(k)]
    ids = {kind: [c.id for c in pool] for kind, pool in
           (("name", cards.names), ("ability", cards.abilities), ("class", cards.classes))}
    hero_tuple = tuple(Hero(ids["name"].index(n_), tuple(ids["ability"].index(a) for a in abil),
                            ids["class"].index(c)) for n_, abil, c in heroes)
    if invader_cards is None:
        inv_cards = tuple(next(i for i, c in enumerate(cards.invaders) if c.element == e) for e in range(4))
    else:
        inv_cards = tuple([c.id for c in cards.invaders].index(x) for x in invader_cards)
    flip = flags(flipped)
    return State(
        fortress=tuple(built), supply=supply_ids, shards=shard_counts, bag=bag_counts, decks=deck_tuple,
        unused_dice=unused_dice, rolled=tuple(sorted(rolled)), spent_dice=spent_dice, spent_shards=spent,
        shield=shield, invader_cards=inv_cards, flipped=flip, neutralized=flags(neutralized),
        names_flipped=any(flip) if names_flipped is None else names_flipped, heroes=hero_tuple,
        current=current, turns=turns, used=tuple(used), todo=(Build(current),) if todo is None else todo,
        ended="")


def landing(element: str, *after: object) -> tuple[object, ...]:
    """A script whose next step is an invader of this element waiting to land."""
    return (Landing(ELEMENTS.index(element)), *after)


# -- reading positions ---------------------------------------------------------------------------------


def legal(game: IceFortress, state: State) -> list[str]:
    """The texts of the legal moves, sorted."""
    return sorted(game.move_text(state, m) for m in game.legal_moves(state))


def legal_starting(game: IceFortress, state: State, prefix: str) -> list[str]:
    return [t for t in legal(game, state) if t.startswith(prefix)]


def play(game: IceFortress, state: State, *texts: str) -> State:
    """Each move read from its text, checked, and played (chance moves too: `roll 5`)."""
    for t in texts:
        state = game.play(state, game.parse_legal(state, t))
    return state


def dice(game: IceFortress, state: State, ref: str) -> str:
    """A fortress room's pillars as `a=4 c=2` (`R1`)."""
    b = state.fortress[int(ref[1:]) - 1]
    assert b is not None
    squares = game.cards.rooms[b.room].squares
    return " ".join(f"{s.id}={d}" for s, d in zip(squares, b.dice, strict=True) if d)


def invaders(game: IceFortress, state: State, ref: str) -> str:
    """A fortress room's invaders: on squares `b=fire`, on groups `g1=earth`."""
    b = state.fortress[int(ref[1:]) - 1]
    assert b is not None
    room_ = game.cards.rooms[b.room]
    on_squares = [f"{s.id}={ELEMENTS[e]}" for s, e in zip(room_.squares, b.invaders, strict=True) if e != NONE]
    on_groups = [f"{g.id}={ELEMENTS[e]}" for g, e in zip(room_.groups, b.occupiers, strict=True) if e != NONE]
    return " ".join(on_squares + on_groups)


def supply(game: IceFortress, state: State) -> list[str]:
    return sorted(game.cards.rooms[r].id for r in state.supply)


def names(words: tuple[int, ...]) -> str:
    """Counts per element as words: (2, 0, 1, 0) -> 'fire fire earth'."""
    return " ".join(ELEMENTS[e] for e in range(4) for _ in range(words[e]))
