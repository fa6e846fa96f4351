"""Dectana's scene: the board of spaces with its cards and pyramids, the hands (the viewer's face
up), the draw pile, the discards and the stashes; and the click paths of the moves.

Ids: a space `x,y`; its top card `x,y/card` (suits `x,y/card/suns`); a pyramid `x,y/r3e` (owner's
initial, size, facing; `#2` for a second one alike); a hand card `hand:<seat>:castle` (`#2` for a
second copy; a hidden card `hand:<seat>:<i>`); choices with no place on the board are buttons
(`point east`, `2 spaces`, `1 point`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core import scene as sc
from ...core.chance import CHANCE
from ...core.game import Names
from ...core.scene import Scene
from .decktet import CARDS, SUITS, WAVES
from .rules import (
    COLOURS,
    FACINGS,
    STEP,
    UP,
    Activate,
    Again,
    Attacking,
    Deal,
    Discard,
    Hit,
    Lay,
    LayCard,
    Limit,
    Move,
    Orient,
    Place,
    Placing,
    Play,
    Push,
    Pushing,
    Pyr,
    Reorienting,
    State,
    Table,
    Turn,
    Uses,
    Window,
    ahead,
    placement_facings,
    pyramids_on_board,
    stash,
)

if TYPE_CHECKING:
    from . import Dectana

FACING_WORDS = ("up", "n", "e", "s", "w")
FACING_KEYS = ("upright", "point north", "point east", "point south", "point west")


def space_id(x: int, y: int) -> str:
    return f"{x},{y}"


def card_id(x: int, y: int) -> str:
    return f"{x},{y}/card"


def piece_key(p: Pyr) -> str:
    return f"{p[0]},{p[1]}/{COLOURS[p[2]][0]}{p[3]}{FACINGS[p[4]]}"


def hand_id(seat: int, card: int, copy: int = 1) -> str:
    return f"hand:{seat}:{CARDS[card].short}" + (f"#{copy}" if copy > 1 else "")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def steps_key(k: int, unit: str) -> str:
    return f"{k} {unit}" + ("s" if k > 1 else "")


# -- the scene ------------------------------------------------------------------------------------


def build_scene(game: Dectana, state: State, *, last: Move | None = None, before: State | None = None,
                names: Names = None, viewer: int | None = None) -> Scene:
    table = Table.of(state)
    outcome = game.outcome(state)
    acting = game.to_act(state)
    points = game.scores(state)
    players = [sc.player_panel(
        s, game.seat_name(s, names), COLOURS[s], points[s],
        note=f"{plural(len(state.hands[s]), 'card')} in hand, {plural(pyramids_on_board(state, s), 'pyramid')} on the board",
        badges=["to act"] if s in acting else [], winner=bool(outcome and s in outcome.winners))
        for s in range(game.seats)]
    regions: list[Any] = [board_region(table)]
    for s in range(game.seats):
        regions.append(hand_region(game, state, s, viewer, names))
    regions.append(sc.deck_region(
        "deck", f"Draw pile (reshuffled {state.reshuffles} times)" if state.reshuffles else "Draw pile",
        sum(state.deck), due=acting == (CHANCE,), settable=viewer is None and acting == (CHANCE,),
        choices=[(CARDS[c].short, CARDS[c].name) for c, n in enumerate(state.deck) if n]))
    regions.append(sc.cards_region("discards", f"Discards ({sum(state.discard)})", [
        sc.card(f"discard:{CARDS[c].short}", CARDS[c].name, f"x{n}" if n > 1 else "", rank=CARDS[c].rank,
                suits=[SUITS[s] for s in CARDS[c].suits])
        for c, n in enumerate(state.discard) if n]))
    regions.append(sc.piles_region("stash", "Stashes", [
        sc.pile_row(game.seat_name(s, names), COLOURS[s],
                    [sc.pile(f"stash:{s}:{size}", COLOURS[s], size, stash(state.pyramids, s, size))
                     for size in (1, 2, 3)])
        for s in range(game.seats)]))
    drawn = {sp["id"] for sp in regions[0]["spaces"]} | {p["id"] for sp in regions[0]["spaces"] for p in sp["pieces"]}
    marks = [i for i in touched(state if before is None else before, last) if i in drawn] if last is not None else []
    return sc.scene(game.title, players, regions, sc.marks(marks))


def board_region(table: Table) -> sc.SpacesRegion:
    by_space: dict[tuple[int, int], list[Pyr]] = {}
    for p in table.pyramids:
        by_space.setdefault((p[0], p[1]), []).append(p)
    spaces = []
    for x, y in table.spaces():
        pile = table.cards.get((x, y))
        card = None
        if pile:
            info = CARDS[pile[-1]]
            card = sc.card(card_id(x, y), info.name, detail(pile[-1]), rank=info.rank,
                           suits=[SUITS[s] for s in info.suits])
        seen: Counter[str] = Counter()
        pieces = []
        for p in by_space.get((x, y), []):
            key = piece_key(p)
            seen[key] += 1
            pieces.append(sc.pyramid(key + (f"#{seen[key]}" if seen[key] > 1 else ""), COLOURS[p[2]], p[3],
                                     FACING_WORDS[p[4]]))  # type: ignore[arg-type]
        spaces.append(sc.space(space_id(x, y), x, y, space_id(x, y), card, pieces, under=len(pile) - 1 if pile else 0))
    return sc.spaces_region("board", "Board", spaces)


def detail(card: int) -> str:
    info = CARDS[card]
    if info.crown:
        return "Crown: three uses, worth 0"
    if info.rank == "Excuse":
        return "no suit, worth nothing"
    return f"worth {info.score}"


def hand_region(game: Dectana, state: State, seat: int, viewer: int | None, names: Names) -> sc.CardsRegion:
    hand = state.hands[seat]
    label = f"{game.seat_name(seat, names)}'s hand"
    if viewer is not None and viewer != seat:
        return sc.cards_region(f"hand:{seat}", label, [sc.card(f"hand:{seat}:{i}", hidden=True) for i in range(len(hand))])
    seen: Counter[int] = Counter()
    cards = []
    for c in hand:
        seen[c] += 1
        info = CARDS[c]
        cards.append(sc.card(hand_id(seat, c, seen[c]), info.name, detail(c), colour=COLOURS[seat], rank=info.rank,
                             suits=[SUITS[s] for s in info.suits]))
    return sc.cards_region(f"hand:{seat}", label, cards)


def touched(state: State, move: Move) -> list[str]:
    """The ids a move touched, in the position before it (for marking the last move)."""
    kind = type(move)
    if kind in (Play, Activate, Again, Orient):
        x, y, facing = move.x, move.y, move.facing  # type: ignore[union-attr]
        out = [space_id(x, y)]
        if facing != UP:
            out.append(space_id(*ahead(x, y, facing)))
        if kind is Activate:
            out.append(space_id(move.cx, move.cy))  # type: ignore[union-attr]
        return out
    if kind in (Place, LayCard):
        return [space_id(move.x, move.y)]  # type: ignore[union-attr]
    if kind in (Push, Hit) and state.todo and type(state.todo[0]) in (Pushing, Attacking):
        step = state.todo[0]
        return [space_id(step.x, step.y)]  # type: ignore[attr-defined]
    return []


def step_text(game: Dectana, state: State, names: Names) -> str:
    """The status line: who decides what, now."""
    step = state.todo[0]
    kind = type(step)
    if kind is Lay:
        return f"Chance: a card is laid on {space_id(step.x, step.y)}."  # type: ignore[attr-defined]
    if kind is Deal:
        return f"Chance: {game.seat_name(step.seat, names)} draws a card ({step.n} to draw)."  # type: ignore[attr-defined]
    who = game.seat_name(game.to_act(state)[0], names)
    if kind is Turn:
        return f"{who} to play: turn {state.turns + 1}."
    if kind is Placing:
        return f"{who} places a small pyramid (set-up)."
    if kind is Uses:
        return f"{who} may use {SUITS[step.suit].capitalize()} again ({step.left} left), or stop."  # type: ignore[attr-defined]
    if kind is Pushing:
        return f"{who} pushes from {space_id(step.x, step.y)}: {step.points} {'point' if step.points == 1 else 'points'} left."  # type: ignore[attr-defined]
    if kind is Attacking:
        return f"{who} shrinks pyramids on {space_id(step.x, step.y)}: {step.points} {'point' if step.points == 1 else 'points'} left."  # type: ignore[attr-defined]
    if kind is Reorienting:
        return f"{who} reorients pyramids: one more, or Done."
    if kind is Limit:
        return f"{who} discards down to six cards."
    if kind is Window:
        return f"{who} may end the game by discarding three Aces."
    return f"To act: {who}."


# -- click paths ----------------------------------------------------------------------------------


def move_paths(game: Dectana, state: State, move: Move) -> list[tuple[str, ...]]:
    kind = type(move)
    if kind is Place:
        key = (space_id(move.x, move.y),)  # type: ignore[union-attr]
        return [key] if len(placement_facings(game.variant)) == 1 else [(*key, FACING_KEYS[move.facing])]  # type: ignore[union-attr]
    if kind in (Play, Activate, Again):
        return [use_path(state, move)]  # type: ignore[arg-type]
    if kind is Orient:
        return [(piece_key((move.x, move.y, move.player, move.size, move.facing)), FACING_KEYS[move.to])]  # type: ignore[union-attr]
    if kind in (Push, Hit):
        step = state.todo[0]
        victim = (step.x, step.y, move.owner, move.size, move.facing)  # type: ignore[attr-defined, union-attr]
        return [(piece_key(victim), steps_key(move.k, "space" if kind is Push else "point"))]  # type: ignore[union-attr]
    if kind is Discard:
        return [(hand_id(move.player, move.card),)]  # type: ignore[union-attr]
    return []


def use_path(state: State, move: Play | Activate | Again) -> tuple[str, ...]:
    seat = move.player
    actor = (move.x, move.y, seat, move.size, move.facing)
    if type(move) is Play:
        start: tuple[str, ...] = (hand_id(seat, move.card), f"{hand_id(seat, move.card)}/{SUITS[move.suit]}")
        suit = move.suit
    elif type(move) is Activate:
        start = (card_id(move.cx, move.cy), f"{card_id(move.cx, move.cy)}/{SUITS[move.suit]}")
        suit = move.suit
    else:
        start, suit = (), state.todo[0].suit  # type: ignore[attr-defined]
    return (*start, piece_key(actor), *target_keys(state, move, suit))


def target_keys(state: State, move: Play | Activate | Again, suit: int) -> tuple[str, ...]:
    """The clicks after the acting pyramid: the space or card it acts on, the card Leaves puts
    down, or nothing for an upright power."""
    if move.facing == UP:
        return ()
    s = ahead(move.x, move.y, move.facing)
    table = Table.of(state)
    if suit == WAVES:
        if move.arg == 0:
            return (card_id(*s),)
        dx, dy = STEP[move.facing]
        dest = (move.x + move.arg * dx, move.y + move.arg * dy)
        return (space_id(*dest) if not table.void(dest) else f"into the void at {space_id(*dest)}",)
    if suit == 3:  # Leaves: the card put down (a second copy of the card in use, if it is that one)
        copy = 2 if type(move) is Play and move.card == move.arg else 1
        return (card_id(*s), hand_id(move.player, move.arg, copy))
    return (space_id(*s),) if table.occupied(s) else (card_id(*s),)


def path_move(game: Dectana, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
    """The move a click path names: a legal one, or one built from the clicks (for saying which
    rule refuses it)."""
    from .turn import legal

    if not state.todo or seat not in game.to_act(state):
        return None
    for move in legal(game.variant, state):
        if path in move_paths(game, state, move):
            return move
    return built_move(game, state, seat, path)


def built_move(game: Dectana, state: State, seat: int, path: tuple[str, ...]) -> Move | None:
    """Place, orient, discard or a hand card's use read from clicks, legal or not (None if a
    legal move: its path would have been found)."""
    move: Move | None = None
    hand_cards = {hand_id(seat, c, k): c for c in set(state.hands[seat]) for k in (1, 2)}
    if len(path) == 2 and path[1] in FACING_KEYS:
        xy = _space(path[0])
        facing = FACING_KEYS.index(path[1])
        if xy is not None:
            move = Place(seat, *xy, facing)
        elif (p := _piece(path[0], seat)) is not None:
            move = Orient(seat, p[0], p[1], p[3], p[4], facing)
    elif len(path) == 1 and path[0] in hand_cards and type(state.todo[0]) is Limit:
        move = Discard(seat, hand_cards[path[0]])
    elif len(path) == 3 and path[0] in hand_cards and path[1].startswith(path[0] + "/"):
        suit_word, p = path[1].rsplit("/", 1)[1], _piece(path[2], seat)
        if suit_word in SUITS and p is not None:
            move = Play(seat, hand_cards[path[0]], SUITS.index(suit_word), p[0], p[1], p[3], p[4], 0)
    if move is None or game.is_legal(state, move):
        return None
    return move


def _space(key: str) -> tuple[int, int] | None:
    parts = key.split(",")
    if len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts):
        return int(parts[0]), int(parts[1])
    return None


def _piece(key: str, seat: int) -> Pyr | None:
    """The pyramid of `seat` a piece id names."""
    where, _, what = key.partition("/")
    what = what.split("#")[0]
    xy = _space(where)
    if xy is None or len(what) != 3 or what[0] != COLOURS[seat][0] or what[1] not in "123" or what[2] not in FACINGS:
        return None
    return xy[0], xy[1], seat, int(what[1]), FACINGS.index(what[2])

