"""Ice Fortress's scene: the fortress in elevation, the rolled dice, the supply, the decks, the bag,
the shield and beacons, and each character's cards with their powers; and the status line.

Ids: foundation spaces `F1`..; built rooms `R1`..; their squares and groups `R2.b`, `R1.g1`; rolled
dice `die:0`..; supply rooms `supply:<room id>`; decks `deck:<size>`; shards in the supply
`shard:<element>`; powers `power:<id>`; elements `element:<element>` (clicks.py reads them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import scene as sc
from ...core.game import Names
from ...core.scene import Scene
from .cards import ELEMENTS, SIZES, Power, Room, Square
from .effects import EFFECTS
from .moves import NONE, BuildRoom, Dealt, Land, Move, Place, State
from .notation import (
    card_title,
    dealt_card,
    group_words,
    hero_title,
    power_titles,
    room_ref,
    room_title,
    square_ref,
    square_words,
)
from .rules import (
    carried,
    choosing_pool,
    covered_squares,
    deal_candidates,
    deck_draws,
    harm_on,
    hero_powers,
    invaders_in,
)
from .steps import (
    Build,
    Choosing,
    Deal,
    Do,
    DrawRoom,
    DrawShard,
    FirstTurn,
    Flooding,
    KeepOne,
    Landing,
    Limit,
    Peek,
    Pull,
    Roll,
)

if TYPE_CHECKING:
    from . import IceFortress

ELEMENT_COLOURS = {"fire": "orange", "water": "blue", "earth": "green", "air": "purple", "white": "ghost"}
HARMS = {"fire": "melts the pillar it lands on", "water": "floods a supply room",
         "earth": "occupies a pillar group", "air": "costs a die at every roll"}


def square_text(square: Square) -> str:
    if square.kind == "link":
        return f"{square.op}{square.n}"
    if square.kind == "any":
        return "any"
    return str(square.lo) if square.lo == square.hi else f"{square.lo}-{square.hi}"


def element_name(e: int | None) -> str:
    return "white" if e is None else ELEMENTS[e]


def build_scene(game: IceFortress, state: State, *, last: Move | None = None, before: State | None = None,
                names: Names = None, viewer: int | None = None) -> Scene:
    cards = game.cards
    outcome = game.outcome(state)
    acting = game.to_act(state)
    players = [sc.player_panel(s, game.seat_name(s, names), game.seat_colour(s), game.scores(state)[s],
                               note=heroes_of(game, state, s), badges=["to act"] if s in acting else [],
                               winner=bool(outcome and s in outcome.winners)) for s in range(game.seats)]
    most = max(state.shield, game.variant.shield_cap or cards.board.shield_cubes)
    regions: list[sc.Region] = [
        fortress_region(game, state),
        sc.track_region("shield", f"Ice shield: {cubes(state.shield)}", state.shield, most, "ghost")]
    due = state.todo[0] if state.todo else None
    regions.append(sc.dice_region(
        "dice", f"Rolled dice: {len(state.rolled)} left",
        [sc.die(f"die:{k}", v) for k, v in enumerate(state.rolled)]))
    if isinstance(due, Roll):  # the next die: rolled, or set by hand
        regions.append(sc.dice_region("roll", f"Rolling: {dice_count(due.n)} to roll",
                                      [sc.die("roll:0", None)], due=True, settable=True))
    for s, size in enumerate(SIZES):
        deck = state.decks[s]
        drawing = isinstance(due, DrawRoom | Peek) and due.size == s
        regions.append(sc.deck_region(f"deck:{size}", f"{size.capitalize()} rooms", deck.size, due=drawing,
                                      settable=drawing, compact=True, choices=[
                                          (cards.rooms[r].id, room_title(cards.rooms[r])) for r in deck_draws(deck)]))
    if isinstance(due, Pull | DrawShard):
        regions.append(sc.deck_region("bag", "The bag: an invader is pulled" if isinstance(due, Pull) else
                                      "The bag: a shard is drawn", sum(state.bag), due=True, settable=True, compact=True,
                                      choices=[(e, e) for i, e in enumerate(ELEMENTS) if state.bag[i]]))
    if isinstance(due, Deal):
        options = [Dealt(due.kind, due.to, c) for c in deal_candidates(game, state, due)]
        regions.append(sc.deck_region("deal", f"Dealing: {DEAL_WORDS[due.kind]}", len(options), due=True,
                                      settable=True, compact=True,
                                      choices=[(dealt_card(game, o).id, card_title(game, o)) for o in options]))
    if isinstance(due, FirstTurn):
        heroes = [f"hero {h + 1}" for h in range(len(state.heroes))]
        regions.append(sc.deck_region("first", "Who plays first", len(heroes), due=True, settable=True,
                                      compact=True, choices=[(f"hero {h + 1}", hero_title(game, state, h)) for h in range(len(heroes))]))
    regions.append(supply_region(game, state))
    if (offered := rooms_offered(game, state)) is not None:
        regions.append(offered)
    acting_hero = due.hero if isinstance(due, Choosing) else state.current
    if isinstance(due, Choosing):
        pool = choosing_pool(state, due)
        regions.append(sc.cards_region("abilities", "Abilities dealt: keep two", [
            sc.card(f"ability:{cards.abilities[a].id}", cards.abilities[a].title,
                    "; ".join(p.text for p in cards.abilities[a].powers)) for a in pool]))

    def hero_region(h: int) -> sc.CardsRegion:
        titles = power_titles(game, state, h)
        return sc.cards_region(f"hero:{h}", hero_title(game, state, h), [
            sc.card(f"power:{p.id}", titles[p.id], power_detail(p, p.id in state.used),
                    colour=game.seat_colour(game.seat_of(h)))
            for p in dict.fromkeys(hero_powers(game, state, h))], folded=h != acting_hero)

    # what a player acts on first (the acting character's cards), then what they watch, then the
    # other characters, a line each
    if acting_hero < len(state.heroes):
        regions.append(hero_region(acting_hero))
    regions.append(sc.cards_region("defence", "The elements: invaders and beacons", [
        sc.card(f"element:{e}", e.capitalize() + (": beacon lit" if state.flipped[i] else ""), element_detail(game, state, i),
                colour=ELEMENT_COLOURS[e])
        for i, e in enumerate(ELEMENTS)]))
    rows = [sc.pile_row(f"supply ({sum(state.shards)} of {game.difficulty})", "ghost",
                        [sc.pile(f"shard:{e}", ELEMENT_COLOURS[e], 1, state.shards[i]) for i, e in enumerate(ELEMENTS)])]
    if any(state.spent_shards):
        rows.append(sc.pile_row("spent", "ghost", [
            sc.pile(f"spent:{e}", ELEMENT_COLOURS[e], 1, state.spent_shards[i]) for i, e in enumerate(ELEMENTS)]))
    rows.append(sc.pile_row("bag", "ghost",
                            [sc.pile(f"bag:{e}", ELEMENT_COLOURS[e], 1, state.bag[i]) for i, e in enumerate(ELEMENTS)]))
    regions.append(sc.piles_region("figures", "Shards and invaders", rows))
    regions += [hero_region(h) for h in range(len(state.heroes)) if h != acting_hero]
    marks = touched(game, state if before is None else before, last) if last is not None else []
    return sc.scene(game.title, players, regions, sc.marks(marks))


def cubes(n: int) -> str:
    return "1 cube" if n == 1 else f"{n} cubes"


def supply_region(game: IceFortress, state: State) -> sc.FortressRegion:
    """The supply's rooms, each drawn as its card: pillar squares, groups, element and ice."""
    rooms = [room_card(game.cards.rooms[r], f"supply:{game.cards.rooms[r].id}" + (f"#{n}" if n else ""))
             for n, r in numbered(state.supply)]
    return sc.fortress_region("supply", f"Supply rooms ({len(state.supply)} of {game.difficulty})", [], rooms)


def room_card(room: Room, ref: str) -> sc.FortRoom:
    """A room on no foundation (in the supply, or offered to choose from) drawn as its card, its
    squares and groups named by their place on it."""
    called = room_title(room)
    squares = [sc.pillar_square(f"{ref}.{sq.id}", square_text(sq), label=square_words(called, room, k),
                                linked=f"{ref}.{room.squares[sq.link].id}" if sq.kind == "link" else None)
               for k, sq in enumerate(room.squares)]
    groups = [sc.pillar_group(f"{ref}.{g.id}", SIZES[g.carries], [f"{ref}.{room.squares[k].id}" for k in g.squares],
                              label=group_words(called, room, gi))
              for gi, g in enumerate(room.groups)]
    element = element_name(room.element)
    return sc.fort_room(ref, called, element, ELEMENT_COLOURS[element], SIZES[room.size], 1, "",
                        squares, groups, ice=room.ice, ice_section=room.ice_section)


def rooms_offered(game: IceFortress, state: State) -> sc.FortressRegion | None:
    """The rooms a player chooses among that are on no table: those looked at from a deck (one
    goes to the supply), or a deck searched; each drawn as its card (`choose:<room id>`, which a
    click on it chooses). None when no such choice is due."""
    step = state.todo[0] if state.todo else None
    if isinstance(step, KeepOne):
        label, offered = "Rooms looked at: choose one for the supply", sorted(set(step.seen))
    elif isinstance(step, Do) and step.effect.name == "search_room":
        targets = EFFECTS["search_room"].targets
        choices = (targets(game, state, **step.effect.kwargs()) if targets else None) or []
        label, offered = "The deck searched: choose a room for the supply", [r for _, r in choices]
    else:
        return None
    rooms = [room_card(game.cards.rooms[r], offered_ref(game, r)) for r in offered]
    return sc.fortress_region("choose", label, [], rooms)


def offered_ref(game: IceFortress, room: int) -> str:
    """The id of a room drawn among the rooms offered (`rooms_offered`), which clicks.py makes the
    click path of choosing it."""
    return f"choose:{game.cards.rooms[room].id}"


DEAL_WORDS = ("an invader card", "a name card", "an ability card", "a class card")


def dice_count(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def numbered(items: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each item with its copy number (0 for the first of its kind)."""
    seen: dict[int, int] = {}
    out = []
    for x in items:
        out.append((seen.get(x, 0), x))
        seen[x] = seen.get(x, 0) + 1
    return out


def room_detail(game: IceFortress, r: int) -> str:
    room = game.cards.rooms[r]
    parts = [f"{SIZES[room.size]} {element_name(room.element)}"]
    parts += [f"carries {SIZES[g.carries]} on {len(g.squares)} pillars" for g in room.groups]
    if room.ice:
        parts.append("ice crystal")
    return "; ".join(parts)


def element_detail(game: IceFortress, state: State, e: int) -> str:
    name = ELEMENTS[e]
    card = state.invader_cards[e]
    harm = HARMS[name] if harm_on(state, e) else "no harm"
    n = invaders_in(state, e)
    out = f"{n} invader{'' if n == 1 else 's'} in the fortress; {harm}"
    if state.neutralized[e]:
        out += " (neutralized)"
    if state.flipped[e] and card != NONE:
        out += f"; ability: {game.cards.invaders[card].ability.text}"
    return out


def power_detail(p: Power, used: bool) -> str:
    cost = [f"a die {lo}-{hi}" if lo != hi else f"a die showing {lo}" for lo, hi in p.cost.dice]
    cost += ["a shard" if e is None else f"a {ELEMENTS[e]} shard" for e in p.cost.shards]
    out = p.text + (f" (costs {' and '.join(cost)})" if cost else "")
    return out + (" - used this turn" if used else "")


def heroes_of(game: IceFortress, state: State, seat: int) -> str:
    return "; ".join(hero_title(game, state, h) for h in range(len(state.heroes)) if game.seat_of(h) == seat)


def fortress_region(game: IceFortress, state: State) -> sc.FortressRegion:
    cards = game.cards
    spaces = [sc.foundation_space(f"F{s + 1}", f"foundation space {s + 1}") for s in range(game.foundation_spaces)]
    rooms = []
    for i, b in enumerate(state.fortress):
        if b is None:
            continue
        room = cards.rooms[b.room]
        covered = covered_squares(cards, state.fortress, i)
        on_groups = carried(state.fortress, i)
        ref = room_ref(i)
        squares = [sc.pillar_square(
            f"{ref}.{sq.id}", square_text(sq), label=square_words(ref, room, k),
            linked=f"{ref}.{room.squares[sq.link].id}" if sq.kind == "link" else None,
            die=b.dice[k] or None, invader=ELEMENT_COLOURS[ELEMENTS[b.invaders[k]]] if b.invaders[k] != NONE else None,
            covered=k in covered) for k, sq in enumerate(room.squares)]
        groups = [sc.pillar_group(
            f"{ref}.{g.id}", SIZES[g.carries], [f"{ref}.{room.squares[k].id}" for k in g.squares],
            label=group_words(ref, room, gi),
            invader=ELEMENT_COLOURS[ELEMENTS[b.occupiers[gi]]] if b.occupiers[gi] != NONE else None,
            built=gi in on_groups) for gi, g in enumerate(room.groups)]
        on = f"F{b.slot + 1}" if b.parent == -1 else square_ref(game, state, b.parent, b.slot, True)
        element = element_name(room.element)
        rooms.append(sc.fort_room(ref, room_title(room), element, ELEMENT_COLOURS[element], SIZES[room.size], b.level, on,
                                  squares, groups, ice=room.ice, ice_section=room.ice_section))
    return sc.fortress_region("fortress", f"The fortress (difficulty {game.difficulty})", spaces, rooms)


def touched(game: IceFortress, state: State, move: Move) -> list[str]:
    if isinstance(move, Place):
        return [square_ref(game, state, move.room, move.square)]
    if isinstance(move, BuildRoom):
        return [room_ref(len(state.fortress))]
    if isinstance(move, Land):
        return [square_ref(game, state, move.room, move.at, move.group)]
    return []


def step_text(game: IceFortress, state: State, names: Names) -> str:
    """The status line: the chance event due, or whose decision it is and what it is (a name
    reads as `Game.status` says)."""
    step = state.todo[0]
    if isinstance(step, Deal):
        return "Chance: the cards are dealt."
    if isinstance(step, FirstTurn):
        return "Chance: who plays first is drawn."
    if isinstance(step, Roll):
        return f"Chance: {dice_count(step.n)} to roll."
    if isinstance(step, Pull):
        return f"Chance: {step.n} invaders to pull from the bag."
    if isinstance(step, DrawRoom | Peek):
        return f"Chance: a {SIZES[step.size]} room is drawn."
    if isinstance(step, DrawShard):
        return "Chance: a shard is drawn from the bag."
    who = game.seat_name(game.to_act(state)[0], names)
    hero = hero_title(game, state, state.current)
    if isinstance(step, Build):
        return (f"{who} ({hero}): build ({dice_count(len(state.rolled))} left, shield {state.shield}, "
                f"turn {state.turns + 1}).")
    if isinstance(step, Do):
        spec = EFFECTS[step.effect.name]
        return f"{who}: choose for {step.effect.name.replace('_', ' ')}" + (f" ({spec.help})" if spec.help else "") + "."
    if isinstance(step, KeepOne):
        return f"{who}: choose a room for the supply; the others go to the bottom of the deck."
    if isinstance(step, Choosing):
        return f"{who}: keep two of the abilities dealt to {hero_title(game, state, step.hero)}."
    if isinstance(step, Landing):
        return f"{who}: choose where the {ELEMENTS[step.element]} invader lands."
    if isinstance(step, Flooding):
        return f"{who}: a water invader floods a supply room: choose which."
    if isinstance(step, Limit):
        return f"{who}: the supply holds at most {game.difficulty} rooms and shards: discard."
    return f"To act: {who}."
