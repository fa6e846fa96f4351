"""Dectana's move notation: short texts that read back into the same moves.

- Spaces are `x,y` (x east, y north; the first board is -1..1 both ways), so a coordinate keeps
  its meaning as the board grows in any direction.
- Cards are short names: `castle`, `chance-meeting`, `ace-moons` (decktet.csv).
- A pyramid is its size and facing, `3e` (large, pointing east; `u` is upright), at a space:
  `3e@0,1`. Another player's pyramid on the space being pushed or attacked is written with its
  colour's initial: `b2n`.

| move | text |
|---|---|
| set-up or option 4: place a small | `place 0,1 u` |
| option 1: activate the card on a space for a suit | `0,1/knots 2u@0,1` |
| option 2: use a card from the hand for a suit | `castle/suns 1u@0,0` |
| Waves: move that far, or slide the card | `sea/waves 3n@0,0 2`, `cave/waves 2e@0,0 card` |
| Leaves flat: the card put down | `sailor/leaves 2e@0,0 castle` |
| a Crown's next use | `again 3n@0,1 2` |
| option 3: reorient one pyramid, or none | `orient 2n@0,1 e`, `pass` |
| Moons: push a pyramid k spaces | `push b2n 1` |
| Wyrms: k points on a pyramid | `hit b3e 2` |
| stop reorienting, pushing, attacking or using a Crown | `done` |
| option 5 | `renew` |
| the hand limit | `discard castle` |
| end the game with three Aces, or not now | `end`, `wait` |
| chance: a card laid, a card drawn | `lay castle on 0,1`, `deal castle to red` |
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.errors import IllegalMove, InvalidMoveText, quoted
from ...core.game import Names
from .decktet import BY_SHORT, CARDS, LEAVES, SUITS, WAVES
from .moves import (
    COLOURS,
    FACINGS,
    UP,
    Activate,
    Again,
    Deal,
    Discard,
    Done,
    DrawCard,
    End,
    Hit,
    Lay,
    LayCard,
    Move,
    Orient,
    Pass,
    Place,
    Play,
    Push,
    Renew,
    State,
    Uses,
    Wait,
)

if TYPE_CHECKING:
    from . import Dectana

_INT = r"-?\d{1,4}"
_SPACE = rf"({_INT}),({_INT})"
_PIECE = rf"([123])([{FACINGS}])@{_SPACE}"
_ARG = r"(?: (\S+))?"
_USE = re.compile(rf"(\S+)/([a-z]+) {_PIECE}{_ARG}")
_AGAIN = re.compile(rf"again {_PIECE}{_ARG}")
_PLACE = re.compile(rf"place {_SPACE} ([{FACINGS}])")
_ORIENT = re.compile(rf"orient {_PIECE} ([{FACINGS}])")
_VICTIM = re.compile(rf"(push|hit) ([a-z])([123])([{FACINGS}]) (\d{{1,2}})")
_LAY = re.compile(rf"lay (\S+) on {_SPACE}")
_DEAL = re.compile(r"deal (\S+) to ([a-z]+)")
_DISCARD = re.compile(r"discard (\S+)")
_WORDS: dict[str, type[Done | Pass | Renew | End | Wait]] = {"done": Done, "pass": Pass, "renew": Renew, "end": End,
                                                             "wait": Wait}
LABELS: dict[type, str] = {Done: "Done", Pass: "Pass (reorient none)", Renew: "Renew hand (option 5)",
          End: "End the game (discard three Aces)", Wait: "Do not end the game"}


def space_text(x: int, y: int) -> str:
    return f"{x},{y}"


def piece_text(size: int, facing: int, x: int, y: int) -> str:
    return f"{size}{FACINGS[facing]}@{x},{y}"


def card_text(card: int) -> str:
    return CARDS[card].short


def arg_text(suit: int, facing: int, arg: int) -> str:
    """What follows the pyramid in a use: the Waves distance or `card`, the card Leaves puts
    down, or nothing."""
    if suit == WAVES:
        return " card" if arg == 0 else f" {arg}"
    if suit == LEAVES and facing != UP:
        return f" {card_text(arg)}"
    return f" {arg}" if arg else ""


def move_text(game: Dectana, state: State, move: Move) -> str:
    """A move's text (`again` is written for the suit of the Crown being used)."""
    match move:
        case Play():
            return (f"{card_text(move.card)}/{SUITS[move.suit]} {piece_text(move.size, move.facing, move.x, move.y)}"
                    f"{arg_text(move.suit, move.facing, move.arg)}")
        case Activate():
            return (f"{space_text(move.cx, move.cy)}/{SUITS[move.suit]} "
                    f"{piece_text(move.size, move.facing, move.x, move.y)}{arg_text(move.suit, move.facing, move.arg)}")
        case Again():
            suit = crown_suit(state)
            return f"again {piece_text(move.size, move.facing, move.x, move.y)}{arg_text(suit, move.facing, move.arg)}"
        case Place():
            return f"place {space_text(move.x, move.y)} {FACINGS[move.facing]}"
        case Orient():
            return f"orient {piece_text(move.size, move.facing, move.x, move.y)} {FACINGS[move.to]}"
        case Push() | Hit():
            word = "push" if isinstance(move, Push) else "hit"
            return f"{word} {COLOURS[move.owner][0]}{move.size}{FACINGS[move.facing]} {move.k}"
        case Discard():
            return f"discard {card_text(move.card)}"
        case LayCard():
            return f"lay {card_text(move.card)} on {space_text(move.x, move.y)}"
        case DrawCard():
            return f"deal {card_text(move.card)} to {COLOURS[move.to]}"
    return type(move).__name__.lower()


def crown_suit(state: State) -> int:
    """The suit of the Crown being used (-1 when none is)."""
    step = state.todo[0] if state.todo else None
    return step.suit if isinstance(step, Uses) else -1


def move_text_for(game: Dectana, state: State, move: Move, viewer: int | None) -> str:
    """A card drawn into another seat's hand reads as a card drawn."""
    if isinstance(move, DrawCard) and viewer is not None and viewer != move.to:
        return f"deal a card to {COLOURS[move.to]}"
    return move_text(game, state, move)


def move_label_for(game: Dectana, state: State, move: Move, viewer: int | None, names: Names = None) -> str:
    """A move in words as `viewer` may read them: a card drawn into another seat's hand reads as
    a card dealt."""
    if isinstance(move, DrawCard) and viewer is not None and viewer != move.to:
        return f"a card dealt to {game.seat_name(move.to, names)}"
    return move_label(game, state, move, names)


def move_label(game: Dectana, state: State, move: Move, names: Names = None) -> str:
    """A move in words: a button's for a move with no place on the board; using a card (a
    Crown's next uses too), placing, turning, pushing and striking a pyramid as a player says
    them; a card by its name, a player by theirs."""
    match move:
        case Play() | Activate():
            card = CARDS[move.card].name if isinstance(move, Play) else f"the card on {space_text(move.cx, move.cy)}"
            return f"{card}: {SUITS[move.suit].capitalize()} by {by_words(move)}{arg_words(move.suit, move.facing, move.arg)}"
        case Again():
            suit = crown_suit(state)
            power = SUITS[suit].capitalize() if suit >= 0 else "The Crown"
            return f"{power} again by {by_words(move)}{arg_words(suit, move.facing, move.arg)}"
        case Place():
            return f"place a small on {space_text(move.x, move.y)}, {facing_words(move.facing)}"
        case Orient():
            return (f"turn the {SIZE_WORDS[move.size]} on {space_text(move.x, move.y)} "
                    f"({facing_words(move.facing)}) to {facing_words(move.to)}")
        case Push():
            return (f"push the {COLOURS[move.owner]} {SIZE_WORDS[move.size]} ({facing_words(move.facing)}) "
                    f"{move.k} space{'s' if move.k > 1 else ''}")
        case Hit():
            return (f"{move.k} point{'s' if move.k > 1 else ''} on the {COLOURS[move.owner]} "
                    f"{SIZE_WORDS[move.size]} ({facing_words(move.facing)})")
        case Discard():
            return f"discard {CARDS[move.card].name}"
        case LayCard():
            return f"{CARDS[move.card].name} laid on {space_text(move.x, move.y)}"
        case DrawCard():
            return f"{CARDS[move.card].name} dealt to {game.seat_name(move.to, names)}"
    return LABELS.get(type(move)) or move_text(game, state, move)


SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}


def pyramid_words(size: int, facing: int, x: int, y: int) -> str:
    """A pyramid on the board as a player says it: "the large on 0,0 (pointing east)"."""
    return f"the {SIZE_WORDS[size]} on {space_text(x, y)} ({facing_words(facing)})"


def by_words(move: Play | Activate | Again) -> str:
    """The pyramid a card's power is used by."""
    return pyramid_words(move.size, move.facing, move.x, move.y)


def arg_words(suit: int, facing: int, arg: int) -> str:
    """What a use's argument says: how far Waves moves (or the card it slides), the card Leaves
    puts down."""
    if suit == WAVES:
        return ", sliding the card" if arg == 0 else f", {arg} space{'s' if arg > 1 else ''}"
    if suit == LEAVES and facing != UP:
        return f", putting down {CARDS[arg].name}"
    return f", {arg}" if arg else ""


def facing_words(facing: int) -> str:
    """"upright", or "pointing north" (east, south, west)."""
    return "upright" if facing == UP else f"pointing {('north', 'east', 'south', 'west')[facing - 1]}"


def _card(word: str, text: str) -> int:
    if word.lower() not in BY_SHORT:
        raise InvalidMoveText(f"{quoted(text)}: {quoted(word)} is not a card's short name (such as castle, ace-moons)")
    return BY_SHORT[word.lower()]


def _arg(word: str | None, text: str) -> int:
    if word is None or word == "card":
        return 0
    if re.fullmatch(r"\d{1,2}", word):
        return int(word)
    return _card(word, text)


def parse_move(game: Dectana, state: State, text: str) -> Move:
    """Read a move of the seat to act (chance moves name their own seat and space)."""
    if not isinstance(text, str):
        raise InvalidMoveText(f"a move must be text, not {type(text).__name__}")
    actors = [s for s in game.to_act(state) if s != CHANCE]
    return parse(text, actors[0] if actors else 0, game.seats)


def parse(text: str, player: int, players: int) -> Move:
    """Read a move of `player` at a table of `players`."""
    t = text.strip()
    if t.lower() in _WORDS:
        return _WORDS[t.lower()](player)
    if m := _USE.fullmatch(t):
        source, suit = m.group(1), m.group(2)
        if suit not in SUITS:
            raise InvalidMoveText(f"{quoted(text)}: {quoted(suit)} is not a suit ({', '.join(SUITS)})")
        size, facing, x, y = int(m.group(3)), FACINGS.index(m.group(4)), int(m.group(5)), int(m.group(6))
        arg = _arg(m.group(7), text)
        if sm := re.fullmatch(_SPACE, source):
            return Activate(player, int(sm.group(1)), int(sm.group(2)), SUITS.index(suit), x, y, size, facing, arg)
        return Play(player, _card(source, text), SUITS.index(suit), x, y, size, facing, arg)
    if m := _AGAIN.fullmatch(t):
        return Again(player, int(m.group(3)), int(m.group(4)), int(m.group(1)), FACINGS.index(m.group(2)),
                     _arg(m.group(5), text))
    if m := _PLACE.fullmatch(t):
        return Place(player, int(m.group(1)), int(m.group(2)), FACINGS.index(m.group(3)))
    if m := _ORIENT.fullmatch(t):
        return Orient(player, int(m.group(3)), int(m.group(4)), int(m.group(1)), FACINGS.index(m.group(2)),
                      FACINGS.index(m.group(5)))
    if m := _VICTIM.fullmatch(t):
        initials = [c[0] for c in COLOURS[:players]]
        if m.group(2) not in initials:
            raise InvalidMoveText(f"{quoted(text)}: {quoted(m.group(2))} is no player's colour ({', '.join(initials)})")
        kind = Push if m.group(1) == "push" else Hit
        return kind(player, initials.index(m.group(2)), int(m.group(3)), FACINGS.index(m.group(4)), int(m.group(5)))
    if m := _DISCARD.fullmatch(t):
        return Discard(player, _card(m.group(1), text))
    if m := _LAY.fullmatch(t):
        return LayCard(int(m.group(2)), int(m.group(3)), _card(m.group(1), text))
    if m := _DEAL.fullmatch(t):
        if m.group(2) not in COLOURS[:players]:
            raise InvalidMoveText(f"{quoted(text)}: {quoted(m.group(2))} is no player's colour ({', '.join(COLOURS[:players])})")
        return DrawCard(COLOURS.index(m.group(2)), _card(m.group(1), text))
    raise InvalidMoveText(
        f"cannot read {quoted(text)}: write a use as 'castle/suns 1u@0,0' (a hand card) or '0,1/knots 2u@0,1' "
        "(the card on a space), or place, orient, push, hit, again, discard, done, pass, renew, end, wait")


def chance_draw(game: Dectana, state: State, values: list[object]) -> LayCard | DrawCard:
    """The card a designer names for the draw due (`["castle"]`); IllegalMove if it cannot be
    drawn."""
    if len(values) != 1 or not isinstance(values[0], str):
        raise IllegalMove("name the one card drawn by its short name, e.g. ['castle']")
    short = values[0].strip().lower()
    if short not in BY_SHORT:
        raise IllegalMove(f"{quoted(values[0])} is not a card's short name (such as castle, ace-moons)")
    card = BY_SHORT[short]
    if not state.deck[card]:
        raise IllegalMove(f"{CARDS[card].name} is not in the draw pile")
    if state.deck_top and card != state.deck_top[0]:
        raise IllegalMove(f"the draw pile's order is known: {CARDS[state.deck_top[0]].name} is drawn next")
    step = state.todo[0]
    if isinstance(step, Lay):
        return LayCard(step.x, step.y, card)
    if isinstance(step, Deal):
        return DrawCard(step.seat, card)
    raise IllegalMove("no card is being drawn now")
