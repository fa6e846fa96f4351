"""Dectana's scene: the board of spaces with its cards and pyramids, the hands (the viewer's face
up), the draw pile, the discards and the stashes (the clicks that choose moves are in clicks.py).

Ids: a space `x,y`; its top card `x,y/card` (suits `x,y/card/suns`); a pyramid `x,y/r3e` (owner's
initial, size, facing; `#2` for a second one alike); a hand card `hand:<seat>:castle` (`#2` for a
second copy; a hidden card `hand:<seat>:<i>`); choices with no place on the board are buttons
(`point east`, `2 spaces`, `1 point`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from ...core import scene as sc
from ...core.chance import CHANCE
from ...core.game import Names
from ...core.scene import Scene
from .decktet import CARDS, SUITS
from .moves import (
    COLOURS,
    FACINGS,
    UP,
    Activate,
    Again,
    Attacking,
    Deal,
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
    Turn,
    Uses,
    Window,
    ahead,
)
from .rules import pyramids_on_board
from .table import Table, stash

if TYPE_CHECKING:
    from . import Dectana

FACING_WORDS: tuple[Literal["up", "n", "e", "s", "w"], ...] = ("up", "n", "e", "s", "w")
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
    board = board_region(table)
    regions: list[sc.Region] = [board]
    for s in range(game.seats):
        regions.append(hand_region(game, state, s, viewer, names))
    regions.append(deck_region(state, acting, viewer))
    regions.append(sc.cards_region("discards", f"Discards ({sum(state.discard)})", [
        sc.card(f"discard:{CARDS[c].short}", CARDS[c].name, f"x{n}" if n > 1 else "", rank=CARDS[c].rank,
                suits=[SUITS[s] for s in CARDS[c].suits])
        for c, n in enumerate(state.discard) if n], pile=sum(state.discard)))
    regions.append(sc.piles_region("stash", "Stashes", [
        sc.pile_row(game.seat_name(s, names), COLOURS[s],
                    [sc.pile(f"stash:{s}:{size}", COLOURS[s], size, stash(state.pyramids, s, size))
                     for size in (1, 2, 3)])
        for s in range(game.seats)]))
    drawn = {sp["id"] for sp in board["spaces"]} | {p["id"] for sp in board["spaces"] for p in sp["pieces"]}
    marks = [i for i in touched(state if before is None else before, last) if i in drawn] if last is not None else []
    return sc.scene(game.title, players, regions, sc.marks(marks))


def deck_region(state: State, acting: tuple[int, ...], viewer: int | None) -> sc.DeckRegion:
    """The draw pile, face down; whoever sees everything may set the draw due, and is told the
    pile's known top cards where a set-up position gave its order."""
    label = f"Draw pile (reshuffled {state.reshuffles} times)" if state.reshuffles else "Draw pile"
    if viewer is None and state.deck_top:
        label += ", next: " + ", ".join(CARDS[c].name for c in state.deck_top)
    cards = state.deck_top[:1] or [c for c, n in enumerate(state.deck) if n]
    return sc.deck_region("deck", label, sum(state.deck), due=acting == (CHANCE,),
                          settable=viewer is None and acting == (CHANCE,),
                          choices=[(CARDS[c].short, CARDS[c].name) for c in cards])


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
                                     FACING_WORDS[p[4]]))
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
    label = f"Hand: {game.seat_name(seat, names)}"
    if viewer is not None and viewer != seat:
        return sc.cards_region(f"hand:{seat}", label, [sc.card(f"hand:{seat}:{i}", hidden=True) for i in range(len(hand))],
                               compact=True)
    seen: Counter[int] = Counter()
    cards = []
    for c in hand:
        seen[c] += 1
        info = CARDS[c]
        cards.append(sc.card(hand_id(seat, c, seen[c]), info.name, detail(c), colour=COLOURS[seat], rank=info.rank,
                             suits=[SUITS[s] for s in info.suits]))
    return sc.cards_region(f"hand:{seat}", label, cards, compact=True)


def touched(state: State, move: Move) -> list[str]:
    """The ids a move touched, in the position before it (for marking the last move)."""
    match move:
        case Play() | Activate() | Again() | Orient():
            out = [space_id(move.x, move.y)]
            if move.facing != UP:
                out.append(space_id(*ahead(move.x, move.y, move.facing)))
            if isinstance(move, Activate):
                out.append(space_id(move.cx, move.cy))
            return out
        case Place() | LayCard():
            return [space_id(move.x, move.y)]
        case Push() | Hit():
            step = state.todo[0] if state.todo else None
            if isinstance(step, (Pushing, Attacking)):
                return [space_id(step.x, step.y)]
    return []


def step_text(game: Dectana, state: State, names: Names) -> str:
    """The status line: the chance event due, or whose decision it is and what it is (a name
    reads as `Game.status` says)."""
    step = state.todo[0]
    if isinstance(step, Lay):
        return f"Chance: a card is laid on {space_id(step.x, step.y)}."
    if isinstance(step, Deal):
        return f"Chance: a card is dealt to {game.seat_name(step.seat, names)} ({step.n} to draw)."
    who = game.seat_name(game.to_act(state)[0], names)
    match step:
        case Turn():
            return f"{who}: play turn {state.turns + 1}."
        case Placing():
            return f"{who}: place a small pyramid (set-up)."
        case Uses():
            return f"{who}: use {SUITS[step.suit].capitalize()} again ({step.left} left), or stop."
        case Pushing():
            return f"{who}: push from {space_id(step.x, step.y)} ({plural(step.points, 'point')} left)."
        case Attacking():
            return f"{who}: shrink pyramids on {space_id(step.x, step.y)} ({plural(step.points, 'point')} left)."
        case Reorienting():
            return f"{who}: reorient one more pyramid, or Done."
        case Limit():
            return f"{who}: discard down to six cards."
        case Window():
            return f"{who}: end the game by discarding three Aces, or not now."
    return f"To act: {who}."
