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
from typing import Any

from ...core.errors import InvalidMoveText, quoted
from .decktet import BY_SHORT, CARDS, LEAVES, SUITS, WAVES
from .rules import (
    COLOURS,
    FACINGS,
    UP,
    Activate,
    Again,
    Discard,
    Done,
    DrawCard,
    End,
    Hit,
    LayCard,
    Orient,
    Pass,
    Place,
    Play,
    Push,
    Renew,
    Wait,
)

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
_WORDS = {"done": Done, "pass": Pass, "renew": Renew, "end": End, "wait": Wait}


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


def move_text(move: Any, crown_suit: int | None = None) -> str:
    """A move's text (`crown_suit`: the suit of the Crown whose next use `again` is)."""
    kind = type(move)
    if kind is Play:
        m = move
        return (f"{card_text(m.card)}/{SUITS[m.suit]} {piece_text(m.size, m.facing, m.x, m.y)}"
                f"{arg_text(m.suit, m.facing, m.arg)}")
    if kind is Activate:
        m = move
        return (f"{space_text(m.cx, m.cy)}/{SUITS[m.suit]} {piece_text(m.size, m.facing, m.x, m.y)}"
                f"{arg_text(m.suit, m.facing, m.arg)}")
    if kind is Again:
        m = move
        suit = -1 if crown_suit is None else crown_suit
        return f"again {piece_text(m.size, m.facing, m.x, m.y)}{arg_text(suit, m.facing, m.arg)}"
    if kind is Place:
        return f"place {space_text(move.x, move.y)} {FACINGS[move.facing]}"
    if kind is Orient:
        m = move
        return f"orient {piece_text(m.size, m.facing, m.x, m.y)} {FACINGS[m.to]}"
    if kind is Push or kind is Hit:
        m = move
        word = "push" if kind is Push else "hit"
        return f"{word} {COLOURS[m.owner][0]}{m.size}{FACINGS[m.facing]} {m.k}"
    if kind is Discard:
        return f"discard {card_text(move.card)}"
    if kind is LayCard:
        return f"lay {card_text(move.card)} on {space_text(move.x, move.y)}"
    if kind is DrawCard:
        return f"deal {card_text(move.card)} to {COLOURS[move.to]}"
    return kind.__name__.lower()


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


def parse(text: str, player: int, players: int) -> Any:
    """Read a move of `player` (chance moves name their own seat and space)."""
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
