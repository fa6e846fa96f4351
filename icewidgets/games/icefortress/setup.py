"""Ice Fortress set-up positions: the fortress (rooms, pillars, invaders), the supply, the shield,
the beacon cards, the characters, and whose turn it is.

A set-up position is the start of a character's turn: its roll is due (todo = the script that
`StartTurn(hero)` makes: `Roll(n), Build(hero)`, or `Build(hero)` alone where no die is rolled).
No die is rolled or spent and no shard spent; what is not on the table is counted, not listed: the
bag holds every figure of the box that is neither in the fortress nor a supply shard, the unused
dice every die that is no pillar, and each deck every room of its size that is nowhere else (its
order unknown, so draws stay chance events) after the rooms put at its bottom, which are listed.
Destroyed rooms leave no gap: the fortress's rooms are numbered R1, R2, ... in the order they
stand on one another.

The supply of the editor is the game's own: the decks (laid out face up), the unused dice (one of
each face to pick), the bag and the character cards not dealt. An edit builds a deck's room on a
free foundation space (a jumbo) or on a group that carries its size and could carry a room now
(every square with a pillar, no invader on it or its squares), or puts it in the supply; takes a
room with nothing on it (or a supply room) back to its deck; puts a die of a face that fits on a
square with neither pillar nor invader (a white square by its constraint, a black one by its
anchor's pillar, so a black square needs its anchor first), or takes a pillar no room stands on;
puts an invader from the bag where it could have landed (in a room of its element; an earth
invader on a free group while earth's harm is on), or takes it back; puts a shard in the supply or
takes it back; deals another invader card, name, ability or class; flips or neutralizes an
element; raises or lowers the shield; gives the turn to a character.

What cannot be is named by `validate`: more figures of an element or more pillars than the box
holds; a room card in two places, in the deck of another size, or in play while it is one of the
extra rooms without `rooms_112`; a jumbo off the foundation or another size on it, a room on a
group that carries another size, on a group with a square lacking its pillar or holding an
invader, on a group an earth invader occupies, two rooms on one place; a pillar no die could be
(outside a white square's values, or a black square's value no pillar on its anchor could give);
an invader in a room of another element, under a room, a fire invader standing on a pillar while
fire's harm is on (it melts the pillar it lands on), an earth invader on a square while earth's
harm is on (it occupies a group); four rooms of an element stacked with its card not flipped, the
names not flipped with a beacon lit (or flipped without one); all four beacons lit or an empty
shield (a finished game); characters without their cards, or one card dealt twice. A black
square's pillar with its anchor empty is possible (a fire invader melted the anchor, or a power
destroyed it), and so is a pillar that does not agree with a newer anchor pillar: neither is
refused. The supply may hold more rooms and shards than the difficulty: the limit applies at the
round's end.

Position JSON::

    {"fortress": [{"room": "jumbo-fire-1", "on": "F1", "dice": {"a": 4, "c": 2},
                   "invaders": {"b": "fire"}, "earth": []},
                  {"room": "large-earth-2", "on": "R1.g1"}],     # dice, invaders, earth optional
     "supply": ["small-air-3"], "shards": {"water": 1},            # optional
     "bottom": {"large": ["large-air-1"]},                          # optional: each deck's bottom, in order
     "shield": 7,                                                   # optional: the difficulty
     "invader_cards": ["fire-1", "water-1", "earth-1", "air-1"],   # optional: the first of each
     "flipped": [], "neutralized": [], "names_flipped": false,      # optional
     "characters": [{"name": "autumn", "abilities": ["fierce", "cunning"], "class": "banisher"}],
     "turn": 0,                                                     # the character to play (0: the first)
     "turns": 0}                                                    # optional: turns played
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ...core import scene as sc
from ...core.errors import BadPosition, quoted
from ...core.game import Names
from ...core.json_types import JSON, JSONObject
from ...core.scene import Scene
from ...core.setup import Edit, read_bool, read_choice, read_int, read_list, read_mapping, read_object
from .cards import ELEMENTS, SIZES, Character, Room
from .lost_causes import dead_end, stalled
from .moves import EARTH, FIRE, JUMBO, NONE, Built, Deck, Hero, State
from .notation import hero_title, room_ref
from .rules import covered_squares, group_ready, harm_on, link_value, rooms_in_play, script, topmost
from .scene import ELEMENT_COLOURS, build_scene, element_name, room_detail, square_text
from .steps import StartTurn
from .variant import IceFortressVariant

if TYPE_CHECKING:
    from . import IceFortress
    from .cards import CardSet

MAX_SHIELD = 1000
T = TypeVar("T")


class IceFortressSetup:
    """The editor's side of Ice Fortress (mixed into the Game)."""

    variant: IceFortressVariant
    cards: CardSet
    foundation_spaces: int
    difficulty: int

    if TYPE_CHECKING:
        def check_position(self, state: State) -> State: ...  # Game's

        def shield_after(self, cubes: int) -> int: ...

    def _game(self) -> IceFortress:
        """This game, as the Game it is the editor's side of (the mixin is IceFortress's alone)."""
        return cast("IceFortress", self)

    # -- JSON ---------------------------------------------------------------------------------
    def position_to_json(self, state: State) -> JSONObject:
        cards = self.cards
        fortress: list[JSON] = []
        for b in state.fortress:
            if b is None:
                continue  # a set-up position has no gaps (validate says so); JSON lists what stands
            room = cards.rooms[b.room]
            fortress.append({
                "room": room.id, "on": self._place_name(state, b),
                "dice": {room.squares[k].id: d for k, d in enumerate(b.dice) if d},
                "invaders": {room.squares[k].id: ELEMENTS[e] for k, e in enumerate(b.invaders) if e != NONE},
                "earth": [room.groups[g].id for g, e in enumerate(b.occupiers) if e != NONE],
            })
        return {
            "fortress": fortress,
            "supply": [cards.rooms[r].id for r in state.supply],
            "shards": {ELEMENTS[e]: n for e, n in enumerate(state.shards) if n},
            "bottom": {SIZES[s]: [cards.rooms[r].id for r in d.bottom] for s, d in enumerate(state.decks) if d.bottom},
            "shield": state.shield,
            "invader_cards": [cards.invaders[c].id if c != NONE else None for c in state.invader_cards],
            "flipped": [ELEMENTS[e] for e, f in enumerate(state.flipped) if f],
            "neutralized": [ELEMENTS[e] for e, f in enumerate(state.neutralized) if f],
            "names_flipped": state.names_flipped,
            "characters": [{"name": _card_id(cards.names, h.name), "abilities": [_card_id(cards.abilities, a)
                                                                                  for a in h.abilities],
                            "class": _card_id(cards.classes, h.klass)} for h in state.heroes],
            "turn": state.current,
            "turns": state.turns,
        }

    def _place_name(self, state: State, b: Built) -> str:
        if b.parent == -1:
            return f"F{b.slot + 1}"
        parent = state.fortress[b.parent]
        groups = self.cards.rooms[parent.room].groups if parent is not None else ()
        return f"{room_ref(b.parent)}.{groups[b.slot].id if 0 <= b.slot < len(groups) else b.slot}"

    def position_from_json(self, given: JSON) -> State:
        v, cards = self.variant, self.cards
        data = read_object(given, "an Ice Fortress position", ("characters", "turn"),
                           ("fortress", "supply", "shards", "bottom", "shield", "invader_cards", "flipped",
                            "neutralized", "names_flipped", "turns"))
        room_ids = [r.id for r in cards.rooms]
        fortress: list[Built] = []
        for i, raw in enumerate(read_list(data.get("fortress", []), "fortress", len(cards.rooms))):
            fortress.append(self._read_room(raw, room_ref(i), fortress, room_ids))
        supply = tuple(sorted(read_choice(r, "a supply room", room_ids)
                              for r in read_list(data.get("supply", []), "supply", len(cards.rooms))))
        shards = _read_counts(data.get("shards", {}), "shards", 10 * cards.board.figures_per_element)
        bottoms = read_object(data.get("bottom", {}), "bottom", optional=SIZES)
        bottom = [tuple(read_choice(r, f"a room at the bottom of the {size} deck", room_ids)
                        for r in read_list(bottoms.get(size, []), f"the bottom of the {size} deck", len(cards.rooms)))
                  for size in SIZES]
        shield = read_int(data.get("shield", self.shield_after(self.difficulty)), "shield", 0, MAX_SHIELD)
        invader_ids = [c.id for c in cards.invaders]
        raw_cards = read_list(data.get("invader_cards", [self._first_invader_card(e) for e in range(4)]),
                              "invader_cards", 4)
        if len(raw_cards) != 4:
            raise BadPosition(f"invader_cards lists {len(raw_cards)} cards: one per element (fire, water, earth, air)")
        invader_cards = tuple(read_choice(c, f"the {ELEMENTS[e]} invader card", invader_ids)
                              for e, c in enumerate(raw_cards))
        flipped = _read_elements(data.get("flipped", []), "flipped")
        neutralized = _read_elements(data.get("neutralized", []), "neutralized")
        names_flipped = read_bool(data.get("names_flipped", any(flipped)), "names_flipped")
        raw_heroes = read_list(data["characters"], "characters", 4)
        if len(raw_heroes) != v.characters:
            raise BadPosition(f"characters lists {len(raw_heroes)} characters: this game has {v.characters}"
                              + (" (solo plays two)" if v.players == 1 else ""))
        heroes = tuple(self._read_hero(raw, h) for h, raw in enumerate(raw_heroes))
        current = read_int(data["turn"], "turn", 0, v.characters - 1)
        turns = read_int(data.get("turns", 0), "turns", 0, 1_000_000)
        state = State(
            fortress=tuple(fortress), supply=supply, shards=shards, bag=(0,) * 4,
            decks=tuple(Deck((), b) for b in bottom), unused_dice=0, rolled=(), spent_dice=0,
            spent_shards=(0,) * 4, shield=shield, invader_cards=invader_cards, flipped=flipped,
            neutralized=neutralized, names_flipped=names_flipped, heroes=heroes, current=current, turns=turns,
            used=(), todo=(), ended="")
        return self.check_position(self._settled(state))

    def _read_room(self, raw: object, ref: str, before: list[Built], room_ids: list[str]) -> Built:
        cards = self.cards
        item = read_object(raw, f"fortress room {ref}", ("room", "on"), ("dice", "invaders", "earth"))
        r = read_choice(item["room"], f"{ref}'s room", room_ids)
        room = cards.rooms[r]
        on = item["on"]
        if not isinstance(on, str) or len(on) > 60:
            raise BadPosition(f"{ref} must stand on a foundation space (F1) or a group (R1.g1), not {on!r:.40}")
        if on.startswith("F") and on[1:].isdigit():
            parent, slot, level = -1, int(on[1:]) - 1, 1
            if not 0 <= slot < self.foundation_spaces:
                raise BadPosition(f"{ref} stands on {on}: the foundation spaces are F1 to F{self.foundation_spaces}")
        else:
            head, _, group = on.partition(".")
            if not (head.startswith("R") and head[1:].isdigit()) or not group:
                raise BadPosition(f"{ref} must stand on a foundation space (F1) or a group (R1.g1), not {quoted(on)}")
            parent = int(head[1:]) - 1
            if not 0 <= parent < len(before):
                raise BadPosition(f"{ref} stands on {head}, which is not listed before it: list a room after the "
                                  "one it stands on")
            below = cards.rooms[before[parent].room]
            slot = read_choice(group, f"the group {ref} stands on", [g.id for g in below.groups])
            level = before[parent].level + 1
        square_ids = [s.id for s in room.squares]
        dice = [0] * len(room.squares)
        for key, value in read_mapping(item.get("dice", {}), f"{ref}'s dice", len(square_ids)).items():
            dice[read_choice(key, f"a square of {ref}", square_ids)] = read_int(value, f"the pillar on {ref}.{key}", 1, 6)
        invaders = [NONE] * len(room.squares)
        for key, value in read_mapping(item.get("invaders", {}), f"{ref}'s invaders", len(square_ids)).items():
            invaders[read_choice(key, f"a square of {ref}", square_ids)] = read_choice(
                value, f"the invader on {ref}.{key}", ELEMENTS)
        occupiers = [NONE] * len(room.groups)
        for earth in read_list(item.get("earth", []), f"{ref}'s earth invaders", len(room.groups)):
            occupiers[read_choice(earth, f"a group of {ref}", [g.id for g in room.groups])] = EARTH
        return Built(r, parent, slot, level, tuple(dice), tuple(invaders), tuple(occupiers))

    def _read_hero(self, raw: object, h: int) -> Hero:
        cards, where = self.cards, f"character {h + 1}"
        item = read_object(raw, where, ("name", "abilities", "class"))
        name = read_choice(item["name"], f"{where}'s name", [c.id for c in cards.names])
        abilities = read_list(item["abilities"], f"{where}'s abilities", 2)
        if len(abilities) != 2:
            raise BadPosition(f"{where} has {len(abilities)} abilities: a character keeps two")
        ability_ids = [c.id for c in cards.abilities]
        kept = tuple(read_choice(a, f"{where}'s ability", ability_ids) for a in abilities)
        klass = read_choice(item["class"], f"{where}'s class", [c.id for c in cards.classes])
        return Hero(name, kept, klass)

    def _first_invader_card(self, e: int) -> str:
        return next(c.id for c in self.cards.invaders if c.element == e)

    # -- what is counted, not listed ----------------------------------------------------------
    def _settled(self, state: State) -> State:
        """The bag, the unused dice and the decks' unknown parts counted from what is on the table
        (figures or dice beyond the box's go below zero, which `validate` names); no die rolled,
        nothing spent; the script of the start of the current character's turn."""
        cards, board = self.cards, self.cards.board
        bag = [board.figures_per_element - n for n in state.shards]
        pillars, placed = 0, set(state.supply)
        for b in state.fortress:
            if b is None:
                continue
            placed.add(b.room)
            pillars += sum(1 for d in b.dice if d)
            for e in (*b.invaders, *b.occupiers):
                if e != NONE:
                    bag[e] -= 1
        for d in state.decks:
            placed.update(d.bottom)
        in_play = rooms_in_play(cards, self.variant)
        decks = tuple(Deck(tuple(r for r in in_play if cards.rooms[r].size == s and r not in placed),
                           state.decks[s].bottom) for s in range(len(SIZES)))
        state = state._replace(bag=tuple(bag), decks=decks, unused_dice=board.dice - pillars, rolled=(), spent_dice=0,
                               spent_shards=(0,) * 4, used=(), ended="",
                               todo=(StartTurn(state.current),) if 0 <= state.current < len(state.heroes) else ())
        return script.advance(self._game(), state) if state.todo else state

    def setup_position(self, state: State) -> State:
        """The start of the current character's turn: dice rolled or spent and shards spent go
        back, an invader being pulled back to the bag, rooms being looked at back to their deck;
        destroyed rooms' numbers closed up; cards not dealt yet dealt (the first free ones)."""
        return self._settled(self._dealt(state._replace(fortress=_closed_up(state.fortress))))

    def _dealt(self, state: State) -> State:
        """Every character with a name, two abilities and a class, every element with its card:
        those dealt kept (the first two abilities where more were dealt), the first free cards of
        the set for the rest."""
        cards = self.cards
        invader_cards = tuple(c if c != NONE else next(i for i, card in enumerate(cards.invaders) if card.element == e)
                              for e, c in enumerate(state.invader_cards))
        heroes = [h._replace(abilities=h.abilities[:2]) for h in state.heroes]
        for h, hero in enumerate(heroes):
            if hero.name == NONE:
                hero = hero._replace(name=_free(len(cards.names), [x.name for x in heroes]))
            while len(hero.abilities) < 2:
                taken = [a for x in heroes for a in x.abilities] + list(hero.abilities)
                hero = hero._replace(abilities=(*hero.abilities, _free(len(cards.abilities), taken)))
            if hero.klass == NONE:
                hero = hero._replace(klass=_free(len(cards.classes), [x.klass for x in heroes]))
            heroes[h] = hero
        return state._replace(invader_cards=invader_cards, heroes=tuple(heroes))

    # -- what cannot be -------------------------------------------------------------------------
    def validate(self, state: State) -> list[str]:
        v, board = self.variant, self.cards.board
        if (len(state.shards) != 4 or len(state.bag) != 4 or len(state.decks) != len(SIZES)
                or len(state.invader_cards) != 4 or len(state.flipped) != 4 or len(state.neutralized) != 4):
            return ["the supply, bag, decks or element cards do not fit the four elements and four sizes"]
        problems = self._card_problems(state) + self._fortress_problems(state)
        pillars = sum(1 for b in state.fortress if b is not None for d in b.dice if d)
        if pillars > board.dice:
            problems.append(f"{pillars} pillars stand: the box holds {board.dice} dice")
        for e, name in enumerate(ELEMENTS):
            if state.bag[e] < 0:
                out = board.figures_per_element - state.bag[e]
                problems.append(f"{out} {name} figures are out (in the fortress and the supply): the box holds "
                                f"{board.figures_per_element} of each element")
        if state.shield < 1:
            problems.append("the ice shield has no cube left: the game is lost")
        elif v.shield_cap and state.shield > v.shield_cap:
            problems.append(f"the shield holds {state.shield} cubes: at most {v.shield_cap} (shield_cap)")
        if all(state.flipped):
            problems.append("all four beacons are lit: the game is won")
        if state.names_flipped != any(state.flipped):
            problems.append("the name cards flip with the first beacon lit" if any(state.flipped) else
                            "the name cards are flipped, but no beacon is lit: they flip with the first")
        if v.max_turns and state.turns >= v.max_turns:
            problems.append(f"{state.turns} turns played: the game stops after {v.max_turns} (max_turns)")
        lost = "" if problems else dead_end(self._game(), state._replace(ended="")) or stalled(self._game(), state)
        if lost:
            problems.append(f"the game can no longer be won: {lost}")
        if not 0 <= state.current < len(state.heroes):
            problems.append(f"character {state.current + 1} is to play, but there are {len(state.heroes)}")
        elif not lost and (state.rolled or state.spent_dice or any(state.spent_shards) or state.used or state.ended
              or state != self._settled(state)):
            problems.append("a set-up position is the start of a character's turn, its roll due, with the bag, "
                            "dice and decks holding the rest")
        return problems

    def _card_problems(self, state: State) -> list[str]:
        v, cards, problems = self.variant, self.cards, []
        for e, c in enumerate(state.invader_cards):
            if not 0 <= c < len(cards.invaders) or cards.invaders[c].element != e:
                problems.append(f"the {ELEMENTS[e]} invader card is not one of {ELEMENTS[e]}'s cards")
        if len(state.heroes) != v.characters:
            return [*problems, f"{len(state.heroes)} characters: this game has {v.characters}"]
        for kind, pool, picks in (("name", cards.names, [h.name for h in state.heroes]),
                                  ("ability", cards.abilities, [a for h in state.heroes for a in h.abilities]),
                                  ("class", cards.classes, [h.klass for h in state.heroes])):
            if any(not 0 <= c < len(pool) for c in picks):
                problems.append(f"a character lacks a {kind} card")
                continue
            for c in sorted(set(picks)):
                if picks.count(c) > 1:
                    problems.append(f"the {kind} card {pool[c].id} is dealt {picks.count(c)} times: there is one")
        for h, hero in enumerate(state.heroes):
            if len(hero.abilities) != 2:
                problems.append(f"character {h + 1} has {len(hero.abilities)} abilities: a character keeps two")
        places: dict[int, list[str]] = {}
        for i, b in enumerate(state.fortress):
            if b is not None:
                places.setdefault(b.room, []).append(room_ref(i))
        for r in state.supply:
            places.setdefault(r, []).append("the supply")
        for s, d in enumerate(state.decks):
            for r in (*d.unseen, *d.bottom):
                places.setdefault(r, []).append(f"the {SIZES[s]} deck")
                if 0 <= r < len(cards.rooms) and cards.rooms[r].size != s:
                    problems.append(f"{cards.rooms[r].id}, a {SIZES[cards.rooms[r].size]} room, is in the {SIZES[s]} "
                                    "deck: each size of room has a deck of its own")
        for r in sorted(places):
            where = places[r]
            if not 0 <= r < len(cards.rooms):
                problems.append("a room that is no card of this set")
                continue
            if len(where) > 1:
                problems.append(f"{cards.rooms[r].id} is in {len(where)} places ({', '.join(where)}): there is one card")
            if cards.rooms[r].extra and not v.rooms_112:
                problems.append(f"{cards.rooms[r].id} is in {where[0]}, but it is one of the extra rooms, in play only "
                                "with rooms_112")
        return problems

    def _fortress_problems(self, state: State) -> list[str]:
        game = self._game()
        problems: list[str] = []
        fortress = state.fortress
        on_place: dict[str, str] = {}
        for i, b in enumerate(fortress):
            ref = room_ref(i)
            if b is None:
                problems.append(f"{ref} was destroyed: a set-up position numbers its rooms without gaps")
                continue
            if not 0 <= b.room < len(self.cards.rooms):
                problems.append(f"{ref} is no room of this card set")
                continue
            room = self.cards.rooms[b.room]
            problems += self._stands_on(state, i, b, room, on_place)
            problems += self._square_problems(state, i, b, room)
            if room.element is not None and not state.flipped[room.element] and game.is_beacon(state, i):
                problems.append(f"four {ELEMENTS[room.element]} rooms stand stacked up to {ref}, but the "
                                f"{ELEMENTS[room.element]} beacon card is not flipped: it flips as the beacon is lit")
        return problems

    def _stands_on(self, state: State, i: int, b: Built, room: Room, on_place: dict[str, str]) -> list[str]:
        """Where room i stands: a jumbo on a foundation space, any other on a group of an earlier
        room that carries its size, complete and free of invaders (R14)."""
        ref, size = room_ref(i), SIZES[room.size]
        problems: list[str] = []
        if b.parent == -1:
            place = f"F{b.slot + 1}"
            if room.size != JUMBO:
                problems.append(f"{ref}, a {size} room, stands on {place}: only jumbo rooms stand on the foundation")
            if not 0 <= b.slot < self.foundation_spaces:
                problems.append(f"{ref} stands on {place}: the foundation spaces are F1 to F{self.foundation_spaces}")
            if b.level != 1:
                problems.append(f"{ref} stands on the foundation at level {b.level}: it is level 1")
        else:
            below = state.fortress[b.parent] if 0 <= b.parent < i else None
            if below is None:
                return [f"{ref} stands on no room built before it"]
            under = self.cards.rooms[below.room]
            if not 0 <= b.slot < len(under.groups):
                return [f"{ref} stands on a group {room_ref(b.parent)} does not have"]
            group = under.groups[b.slot]
            place = f"{room_ref(b.parent)}.{group.id}"
            if room.size == JUMBO:
                problems.append(f"{ref}, a jumbo room, stands on {place}: jumbo rooms stand on the foundation")
            elif group.carries != room.size:
                problems.append(f"{ref}, a {size} room, stands on {place}, which carries a {SIZES[group.carries]} room")
            missing = [under.squares[k].id for k in group.squares if not below.dice[k]]
            if missing:
                problems.append(f"{ref} stands on {place}, whose square{'s' if len(missing) > 1 else ''} "
                                f"{', '.join(missing)} lack{'' if len(missing) > 1 else 's'} a pillar: a room goes "
                                "on a complete group")
            invaded = [under.squares[k].id for k in group.squares if below.invaders[k] != NONE]
            if invaded:
                problems.append(f"{ref} stands on {place}, with an invader on {', '.join(invaded)}: a room goes on "
                                "a group free of invaders, and the squares under it are safe")
            if below.occupiers[b.slot] != NONE:
                problems.append(f"{ref} stands on {place}, which an earth invader occupies: a room goes on a free "
                                "group, and a group under a room is safe")
            if b.level != below.level + 1:
                problems.append(f"{ref} is at level {b.level} on a room at level {below.level}")
        if place in on_place:
            problems.append(f"{on_place[place]} and {ref} both stand on {place}")
        on_place.setdefault(place, ref)
        return problems

    def _square_problems(self, state: State, i: int, b: Built, room: Room) -> list[str]:
        problems: list[str] = []
        halve = self.variant.halve_rounds_down
        for k, square in enumerate(room.squares):
            where = f"{room_ref(i)}.{square.id}"
            d, e = b.dice[k], b.invaders[k]
            if d and not _could_be(room, k, d, halve):
                problems.append(f"a {d} on {where} ({square_text(square)}{_anchor_text(room, k)}): no die placed "
                                "there shows it")
            if e == NONE:
                continue
            if room.element != e:
                problems.append(f"{_article(ELEMENTS[e])} {ELEMENTS[e]} invader on {where}, a {element_name(room.element)} room: invaders "
                                "land only in rooms of their element")
            if e == FIRE and d and harm_on(state, FIRE):
                problems.append(f"a fire invader stands on the pillar on {where}: while fire's harm is on, a fire "
                                "invader melts the pillar it lands on")
            if e == EARTH and harm_on(state, EARTH) and not self.variant.earth_fallback_to_squares:
                problems.append(f"an earth invader on the square {where}: while earth's harm is on, earth invaders "
                                "occupy pillar groups")
        for g, e in enumerate(b.occupiers):
            if e != NONE and (e != EARTH or room.element != EARTH):
                problems.append(f"{_article(ELEMENTS[e])} {ELEMENTS[e]} invader occupies {room_ref(i)}.{room.groups[g].id}: only earth "
                                "invaders occupy groups, in earth rooms")
        return problems

    # -- the editor -------------------------------------------------------------------------
    def setup_actions(self, state: State) -> list[Edit]:
        edits = self._room_edits(state) + self._die_edits(state) + self._invader_edits(state)
        return edits + self._card_edits(state) + self._button_edits(state)

    def _room_edits(self, state: State) -> list[Edit]:
        cards, edits = self.cards, []
        used = {b.slot for b in state.fortress if b is not None and b.parent == -1}
        spaces = [s for s in range(self.foundation_spaces) if s not in used]
        carried = {(b.parent, b.slot) for b in state.fortress if b is not None}
        groups: dict[int, list[tuple[int, int, str]]] = {}
        for i, b in enumerate(state.fortress):
            if b is None:
                continue
            room = cards.rooms[b.room]
            for g, group in enumerate(room.groups):
                if (i, g) not in carried and group_ready(room, b, g):
                    groups.setdefault(group.carries, []).append((i, g, f"{room_ref(i)}.{group.id}"))
        for s, deck in enumerate(state.decks):
            for r in deck.unseen:
                rid = cards.rooms[r].id
                if s == JUMBO:
                    for slot in spaces:
                        edits.append(Edit(f"build {rid} on F{slot + 1}", (f"room:{rid}", f"F{slot + 1}"), "put",
                                          change=("build", r, (-1, slot))))
                for i, g, name in groups.get(s, []):
                    edits.append(Edit(f"build {rid} on {name}", (f"room:{rid}", name), "put",
                                      change=("build", r, (i, g))))
                edits.append(Edit(f"put {rid} in the supply", (f"room:{rid}", "supply"), "put",
                                  change=("supply", r, None)))
        for i in topmost(state.fortress):
            edits.append(Edit(f"take {room_ref(i)}", (room_ref(i),), "take", change=("unbuild", i, None)))
        for r in sorted(set(state.supply)):
            rid = cards.rooms[r].id
            edits.append(Edit(f"take {rid} from the supply", (f"supply:{rid}",), "take", change=("unsupply", r, None)))
        return edits

    def _die_edits(self, state: State) -> list[Edit]:
        game = self._game()
        edits: list[Edit] = []
        for i, b in enumerate(state.fortress):
            if b is None:
                continue
            room = self.cards.rooms[b.room]
            covered = covered_squares(self.cards, state.fortress, i)
            for k, square in enumerate(room.squares):
                where = f"{room_ref(i)}.{square.id}"
                if b.invaders[k] != NONE or k in covered:
                    continue  # a click on the square takes the invader first; a room stands on it
                if b.dice[k]:
                    edits.append(Edit(f"take the pillar from {where}", (where,), "take", change=("undie", i, k)))
                elif state.unused_dice > 0:
                    for value in range(1, 7):
                        if game.fits(square, b.dice, value):
                            edits.append(Edit(f"put {value} on {where}", (f"pillar:{value}", where), "put",
                                              change=("die", (i, k), value)))
        return edits

    def _invader_edits(self, state: State) -> list[Edit]:
        edits = []
        for i, b in enumerate(state.fortress):
            if b is None:
                continue
            room = self.cards.rooms[b.room]
            covered = covered_squares(self.cards, state.fortress, i)
            on = {x.slot for x in state.fortress if x is not None and x.parent == i}
            for k, square in enumerate(room.squares):
                if b.invaders[k] != NONE:
                    where = f"{room_ref(i)}.{square.id}"
                    edits.append(Edit(f"take the invader from {where}", (where,), "take", change=("uninvade", i, k)))
            for g, group in enumerate(room.groups):
                if b.occupiers[g] != NONE:
                    where = f"{room_ref(i)}.{group.id}"
                    edits.append(Edit(f"take the invader from {where}", (where,), "take", change=("unoccupy", i, g)))
            e = room.element
            if e is None or state.bag[e] <= 0:
                continue
            name, article = ELEMENTS[e], _article(ELEMENTS[e])
            occupying = e == EARTH and harm_on(state, EARTH)
            if occupying:
                for g, group in enumerate(room.groups):
                    if g not in on and b.occupiers[g] == NONE:
                        where = f"{room_ref(i)}.{group.id}"
                        edits.append(Edit(f"put {article} {name} invader on {where}", (f"bag:{name}", where), "put",
                                          change=("occupy", i, g)))
            if occupying and not self.variant.earth_fallback_to_squares:
                continue
            for k, square in enumerate(room.squares):
                melts = e == FIRE and harm_on(state, FIRE) and b.dice[k]
                if b.invaders[k] == NONE and k not in covered and not melts:
                    where = f"{room_ref(i)}.{square.id}"
                    edits.append(Edit(f"put {article} {name} invader on {where}", (f"bag:{name}", where), "put",
                                      change=("invade", i, k)))
        for e, name in enumerate(ELEMENTS):
            article = _article(name)
            if state.bag[e] > 0:
                edits.append(Edit(f"put {article} {name} shard in the supply", (f"bag:{name}", f"shard:{name}"), "put",
                                  change=("shard", e, 1)))
            if state.shards[e] > 0:
                edits.append(Edit(f"take {article} {name} shard", (f"shard:{name}",), "take", change=("shard", e, -1)))
        return edits

    def _card_edits(self, state: State) -> list[Edit]:
        cards, edits = self.cards, []
        for e, c in enumerate(state.invader_cards):
            for n, card in enumerate(cards.invaders):
                if card.element == e and n != c:
                    edits.append(Edit(f"deal {card.id}", (f"invader-card:{card.id}",), "put",
                                      change=("invader_card", e, n)))
        taken = {"name": {h.name for h in state.heroes}, "class": {h.klass for h in state.heroes},
                 "ability": {a for h in state.heroes for a in h.abilities}}
        for h in range(len(state.heroes)):
            slot = f"slot:{h + 1}"
            for kind, pool in (("name", cards.names), ("ability", cards.abilities), ("class", cards.classes)):
                for n, character in enumerate(pool):
                    if n in taken[kind]:
                        continue
                    if kind != "ability":
                        edits.append(Edit(f"deal {character.id} to hero {h + 1}", (f"{kind}:{character.id}", f"{slot}:{kind}"),
                                          "put", change=(kind, h, n)))
                        continue
                    for a in (1, 2):
                        edits.append(Edit(f"deal {character.id} to hero {h + 1} as ability {a}",
                                          (f"ability:{character.id}", f"{slot}:ability{a}"), "put",
                                          change=("ability", h, (a - 1, n))))
        return edits

    def _button_edits(self, state: State) -> list[Edit]:
        edits = []
        if not self.variant.shield_cap or state.shield < self.variant.shield_cap:
            edits.append(Edit("shield +1", (), "put", "Shield +1", change=("shield", 1, None)))
        if state.shield > 1:
            edits.append(Edit("shield -1", (), "take", "Shield -1", change=("shield", -1, None)))
        for e, name in enumerate(ELEMENTS):
            word = "unflip" if state.flipped[e] else "flip"
            edits.append(Edit(f"{word} {name}", (), "turn", f"{word.capitalize()} the {name} beacon card",
                              change=("flip", e, None)))
            word = "unneutralize" if state.neutralized[e] else "neutralize"
            edits.append(Edit(f"{word} {name}", (), "turn", f"{word.capitalize()} {name}", change=("neutralize", e, None)))
        for h in range(len(state.heroes)):
            if h != state.current:
                edits.append(Edit(f"turn hero {h + 1}", (), "turn", f"{hero_title(self._game(), state, h)} to play",
                                  change=("turn", h, None)))
        return edits

    def edit_position(self, state: State, edit: Edit) -> State:
        what, a, b = edit.change
        fortress = list(state.fortress)
        if what == "build":
            parent, slot = b
            below = fortress[parent] if parent >= 0 else None
            level = 1 if below is None else below.level + 1
            room = self.cards.rooms[a]
            fortress.append(Built(a, parent, slot, level, (0,) * len(room.squares), (NONE,) * len(room.squares),
                                  (NONE,) * len(room.groups)))
            state = state._replace(fortress=tuple(fortress))
        elif what == "supply":
            state = state._replace(supply=tuple(sorted((*state.supply, a))))
        elif what == "unbuild":
            fortress[a] = None
            state = state._replace(fortress=_closed_up(tuple(fortress)))
        elif what == "unsupply":
            supply = list(state.supply)
            supply.remove(a)
            state = state._replace(supply=tuple(supply))
        elif what in ("die", "undie", "invade", "uninvade", "occupy", "unoccupy"):
            state = self._edit_room(state, what, a, b)
        elif what == "shard":
            state = state._replace(shards=_add(state.shards, a, b))
        elif what == "invader_card":
            state = state._replace(invader_cards=_set(state.invader_cards, a, b))
        elif what in ("name", "ability", "class"):
            hero = state.heroes[a]
            if what == "name":
                hero = hero._replace(name=b)
            elif what == "class":
                hero = hero._replace(klass=b)
            else:
                hero = hero._replace(abilities=_set(hero.abilities, *b))
            state = state._replace(heroes=_set(state.heroes, a, hero))
        elif what == "shield":
            state = state._replace(shield=state.shield + a)
        elif what == "flip":
            flipped = _set(state.flipped, a, not state.flipped[a])
            state = state._replace(flipped=flipped, names_flipped=any(flipped))
        elif what == "neutralize":
            state = state._replace(neutralized=_set(state.neutralized, a, not state.neutralized[a]))
        else:
            state = state._replace(current=a)
        return self._settled(state)

    def _edit_room(self, state: State, what: str, a: Any, b: Any) -> State:
        if what == "die":
            (i, k), value = a, b
        else:
            i, k, value = a, b, 0
        built = state.fortress[i]
        assert built is not None
        if what in ("die", "undie"):
            built = built._replace(dice=_set(built.dice, k, value))
        elif what in ("invade", "uninvade"):
            element = self.cards.rooms[built.room].element if what == "invade" else NONE
            built = built._replace(invaders=_set(built.invaders, k, NONE if element is None else element))
        else:
            built = built._replace(occupiers=_set(built.occupiers, k, EARTH if what == "occupy" else NONE))
        return state._replace(fortress=_set(state.fortress, i, built))

    def setup_scene(self, state: State, names: Names = None) -> Scene:
        """The designer's view: the game's scene, with the decks laid out face up, a die of each
        face, the character and invader cards not dealt, and each character's card slots."""
        cards = self.cards
        game = self._game()
        scene = build_scene(game, state, names=names)
        extra: list[sc.Region] = []
        if state.unused_dice > 0:
            extra.append(sc.dice_region("pillars", f"Dice for pillars ({state.unused_dice} unused)",
                                        [sc.die(f"pillar:{v}", v) for v in range(1, 7)]))
        extra.append(sc.cards_region("rooms", "The decks, face up: click a room, then where it goes", [
            sc.card(f"room:{cards.rooms[r].id}", cards.rooms[r].id, room_detail(game, r),
                    colour=ELEMENT_COLOURS[element_name(cards.rooms[r].element)])
            for d in state.decks for r in d.unseen]))
        dealt = set(state.invader_cards)
        extra.append(sc.cards_region("invader-cards", "Invader/Beacon cards not dealt: click one to deal it", [
            sc.card(f"invader-card:{c.id}", c.id, c.ability.text, colour=ELEMENT_COLOURS[ELEMENTS[c.element]])
            for n, c in enumerate(cards.invaders) if n not in dealt]))
        taken = {("name", h.name) for h in state.heroes} | {("class", h.klass) for h in state.heroes}
        taken |= {("ability", a) for h in state.heroes for a in h.abilities}
        free = [sc.card(f"{kind}:{c.id}", c.title, "; ".join(p.text for p in c.powers))
                for kind, pool in (("name", cards.names), ("ability", cards.abilities), ("class", cards.classes))
                for n, c in enumerate(pool) if (kind, n) not in taken]
        extra.append(sc.cards_region("character-cards", "Character cards not dealt: click one, then a slot", free))
        for h, hero in enumerate(state.heroes):
            slot = f"slot:{h + 1}"
            slots = [sc.card(f"{slot}:name", _title(cards.names, hero.name), "name")]
            slots += [sc.card(f"{slot}:ability{a + 1}", _title(cards.abilities, hero.abilities[a] if a < len(hero.abilities)
                                                                else NONE), f"ability {a + 1}") for a in (0, 1)]
            slots.append(sc.card(f"{slot}:class", _title(cards.classes, hero.klass), "class"))
            extra.append(sc.cards_region(slot, f"Character {h + 1}'s cards", slots))
        regions = [r for r in scene["regions"] if r["id"] != "roll"]  # the roll is due once the game starts
        scene["regions"] = [*regions[:1], *extra, *regions[1:]]
        return scene

    def explain_setup(self, state: State, path: tuple[str, ...]) -> str:
        if len(path) > 1:
            return f"{path[-1]} is no place for it: click a highlighted space, group, square or slot"
        return ("editing: click a room of the decks, then a foundation space, a group or the supply; a die, then a "
                "square; a bag pile, then a square, a group or the supply's shards; a character card, then a slot; "
                "click a room, pillar, invader or shard to take it back; the buttons flip, neutralize, set the "
                "shield and give the turn")


# -- helpers ----------------------------------------------------------------------------------------


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _card_id(pool: Sequence[Character], n: int) -> str | None:
    return pool[n].id if 0 <= n < len(pool) else None


def _title(pool: Sequence[Character], n: int) -> str:
    return pool[n].title if 0 <= n < len(pool) else "(none)"


def _free(n: int, taken: list[int]) -> int:
    return next(i for i in range(n) if i not in taken)


def _set(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1:])


def _add(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return _set(values, i, values[i] + n)


def _closed_up(fortress: tuple[Built | None, ...]) -> tuple[Built | None, ...]:
    """The fortress without destroyed rooms' gaps, each room's `parent` renumbered."""
    if None not in fortress:
        return fortress
    index: dict[int, int] = {}
    for i, b in enumerate(fortress):
        if b is not None:
            index[i] = len(index)
    return tuple(b._replace(parent=index.get(b.parent, b.parent) if b.parent >= 0 else -1)
                 for b in fortress if b is not None)


def _read_counts(data: object, where: str, most: int) -> tuple[int, ...]:
    counts = read_object(data, where, optional=ELEMENTS)
    return tuple(read_int(counts.get(e, 0), f"{where}: {e}", 0, most) for e in ELEMENTS)


def _read_elements(data: object, where: str) -> tuple[bool, ...]:
    chosen = {read_choice(e, f"an element in {where}", ELEMENTS) for e in read_list(data, where, 4)}
    return tuple(e in chosen for e in range(len(ELEMENTS)))


def _could_be(room: Room, k: int, value: int, halve: bool) -> bool:
    """A pillar some placing made: a white square's value, or a black square's value that a pillar
    its anchor could hold gives (the anchor may have changed since)."""
    square = room.squares[k]
    if square.kind != "link":
        return square.lo <= value <= square.hi
    anchor = room.squares[square.link]
    return any(link_value(square.op, square.n, a, halve) == value for a in range(anchor.lo, anchor.hi + 1))


def _anchor_text(room: Room, k: int) -> str:
    square = room.squares[k]
    return f" of {room.squares[square.link].id}" if square.kind == "link" else ""
