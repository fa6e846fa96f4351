"""High Cards: a small game of hidden hands, for testing the core's hidden-information and
chance seams (it is not shipped).

Nine named cards worth 1 to 9. Chance deals each player a hand, one secret card at a time, from
the cards nobody has seen. Then, in turn, a player plays a card face up and is dealt a new one
while the deck lasts. When every hand is empty, the most points played wins (ties share).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from icewidgets.core import scene as sc
from icewidgets.core.chance import CHANCE
from icewidgets.core.errors import BadOption, IllegalMove, InvalidMoveText, quoted
from icewidgets.core.game import Game, Names, move_kind
from icewidgets.core.variant import Variant, option

CARDS = ("Ace", "Author", "Desert", "Mountain", "Forest", "Lunatic", "Castle", "Mill", "Crown")
COLOURS = ("red", "green", "blue")


@dataclass(frozen=True)
class HighCardsVariant(Variant):
    game = "highcards"
    players: int = option(2, "players", low=2, high=3)
    hand: int = option(2, "cards in a hand", low=1, high=3)


class State(NamedTuple):
    deck: frozenset[int]  # the cards nobody has seen (no order: a deal is a chance choice)
    hands: tuple[tuple[int, ...], ...]
    table: tuple[tuple[int, int], ...]  # (seat, card) played face up, in order
    turn: int
    due: int | None  # the seat a card is being dealt to, or None


@move_kind
class Deal(NamedTuple):
    to: int
    card: int

    @property
    def player(self) -> int:
        return CHANCE


@move_kind
class Play(NamedTuple):
    player: int
    card: int


def card_id(card: int) -> str:
    return CARDS[card].lower()


class HighCards(Game[State, Any]):
    name = "highcards"
    title = "High Cards"
    variant_type = HighCardsVariant
    variant: HighCardsVariant
    hidden_information = True
    chance = True

    def seat_colour(self, seat: int) -> str:
        return COLOURS[seat]

    def default_seat_name(self, seat: int) -> str:
        return f"P{seat + 1}"

    # -- the rules --------------------------------------------------------------------------
    def start(self, seed: int = 0) -> State:
        if self.variant.players * (self.variant.hand + 1) > len(CARDS):
            raise BadOption("not enough cards for these hands")
        return State(frozenset(range(len(CARDS))), ((),) * self.variant.players, (), 0, 0)

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.due is not None:
            return (CHANCE,)
        return () if self.is_over(state) else (state.turn,)

    def legal_moves(self, state: State, player: int | None = None) -> Iterator[Any]:
        if state.due is not None:
            if player in (None, CHANCE):
                yield from (Deal(state.due, c) for c in sorted(state.deck))
            return
        if not self.is_over(state) and player in (None, state.turn):
            yield from (Play(state.turn, c) for c in state.hands[state.turn])

    def apply(self, state: State, move: Any) -> State:
        hands = list(state.hands)
        if type(move) is Deal:
            hands[move.to] = tuple(sorted(hands[move.to] + (move.card,)))
            return state._replace(deck=state.deck - {move.card}, hands=tuple(hands),
                                  due=self._next_deal(tuple(hands), state.deck - {move.card}, state.table))
        hands[move.player] = tuple(c for c in hands[move.player] if c != move.card)
        table = (*state.table, (move.player, move.card))
        due = move.player if state.deck else None
        turn = self._next_turn(tuple(hands), move.player, due is not None)
        return state._replace(hands=tuple(hands), table=table, turn=turn, due=due)

    def _next_deal(self, hands: tuple[tuple[int, ...], ...], deck: frozenset[int],
                   table: tuple[tuple[int, int], ...]) -> int | None:
        """While the first hands are dealt, the next seat short of a full hand."""
        if table or not deck:
            return None
        short = [s for s, h in enumerate(hands) if len(h) < self.variant.hand]
        return min(short, key=lambda s: (len(hands[s]), s)) if short else None

    def _next_turn(self, hands: tuple[tuple[int, ...], ...], played: int, refilled: bool) -> int:
        n = self.variant.players
        for step in range(1, n + 1):
            seat = (played + step) % n
            if hands[seat] or (refilled and seat == played):
                return seat
        return played

    def is_over(self, state: State) -> bool:
        return state.due is None and not any(state.hands)

    def scores(self, state: State) -> tuple[float, ...]:
        points = [0] * self.variant.players
        for seat, card in state.table:
            points[seat] += card + 1
        return tuple(points)

    def illegal_reason(self, state: State, move: Any, names: Names = None) -> str | None:
        if type(move) is Deal:
            if state.due != move.to:
                return f"no card is being dealt to P{move.to + 1}"
            return None if move.card in state.deck else "that card is not in the deck"
        if type(move) is not Play or not 0 <= move.player < self.seats or not 0 <= move.card < len(CARDS):
            return f"{quoted(move)} is not a High Cards move"
        if state.due is not None or self.is_over(state) or move.player != state.turn:
            return f"{self.seat_name(move.player, names)} may not play now"
        if move.card not in state.hands[move.player]:
            return f"{self.seat_name(move.player, names)} does not hold {CARDS[move.card]}"
        return None

    # -- chance and hidden information ---------------------------------------------------------
    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if state.due is None:
            return []
        return [(Deal(state.due, c), 1 / len(state.deck)) for c in sorted(state.deck)]

    def chance_from_values(self, state: State, values: list[Any]) -> Deal:
        if state.due is None:
            raise IllegalMove("no card is being dealt")
        if len(values) != 1 or not isinstance(values[0], str):
            raise IllegalMove("name the one card dealt, e.g. ['castle']")
        card = self._card(values[0])
        if card not in state.deck:
            raise IllegalMove(f"{CARDS[card]} is not in the deck")
        return Deal(state.due, card)

    def observation(self, state: State, seat: int | None) -> Any:
        if seat is None:
            return state
        sizes = tuple(len(h) for h in state.hands)
        return (state.hands[seat], sizes, state.table, len(state.deck), state.turn, state.due)

    def resample(self, state: State, seat: int, rng: random.Random) -> State:
        unseen = sorted(state.deck | {c for s, h in enumerate(state.hands) if s != seat for c in h})
        rng.shuffle(unseen)
        hands = []
        for s, hand in enumerate(state.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[:len(hand)])))
                unseen = unseen[len(hand):]
        return state._replace(hands=tuple(hands), deck=frozenset(unseen))

    # -- notation ---------------------------------------------------------------------------
    def move_text(self, state: State, move: Any) -> str:
        if type(move) is Deal:
            return f"deal {CARDS[move.card]} to P{move.to + 1}"
        return f"P{move.player + 1} plays {CARDS[move.card]}"

    def move_text_for(self, state: State, move: Any, viewer: int | None) -> str:
        if type(move) is Deal and viewer is not None and viewer != move.to:
            return f"deal a card to P{move.to + 1}"
        return self.move_text(state, move)

    def parse_move(self, state: State, text: str) -> Any:
        words = text.split() if isinstance(text, str) else []
        if len(words) == 4 and words[0] == "deal" and words[2] == "to":
            return Deal(self._seat(words[3], text), self._card(words[1]))
        if len(words) == 3 and words[1] == "plays":
            return Play(self._seat(words[0], text), self._card(words[2]))
        raise InvalidMoveText(f"cannot read {quoted(text)}: write 'P1 plays Castle' or 'deal Castle to P2'")

    def _seat(self, word: str, text: str) -> int:
        if word[:1] == "P" and word[1:].isdigit() and 1 <= int(word[1:]) <= self.seats:
            return int(word[1:]) - 1
        raise InvalidMoveText(f"{quoted(text)}: {quoted(word)} is not a seat (P1 to P{self.seats})")

    def _card(self, word: str) -> int:
        names = [c.lower() for c in CARDS]
        if word.lower() not in names:
            raise InvalidMoveText(f"{quoted(word)} is not a card; the cards are {', '.join(CARDS)}")
        return names.index(word.lower())

    def move_player(self, move: Any) -> int:
        return move.player

    def move_paths(self, state: State, move: Any) -> list[tuple[str, ...]]:
        return [(f"hand:{move.player}:{card_id(move.card)}",)] if type(move) is Play else []

    def path_move(self, state: State, seat: int, path: tuple[str, ...]) -> Any:
        names = [f"hand:{seat}:{card_id(c)}" for c in range(len(CARDS))]
        return Play(seat, names.index(path[0])) if len(path) == 1 and path[0] in names else None

    # -- the view -----------------------------------------------------------------------------
    def scene(self, state: State, *, last: Any = None, before: State | None = None,
              names: Names = None, viewer: int | None = None) -> dict[str, Any]:
        scores = self.scores(state)
        outcome = self.outcome(state)
        players = [sc.player_panel(s, self.seat_name(s, names), COLOURS[s], scores[s],
                                   winner=bool(outcome and s in outcome.winners))
                   for s in range(self.seats)]
        regions: list[dict[str, Any]] = [sc.deck_region(
            "deck", "Deck", len(state.deck), due=state.due is not None,
            settable=viewer is None and state.due is not None,
            choices=[[card_id(c), CARDS[c]] for c in sorted(state.deck)] if viewer is None else [])]
        for s, hand in enumerate(state.hands):
            shown = viewer is None or viewer == s
            cards = [sc.card(f"hand:{s}:{card_id(c)}", CARDS[c], detail=str(c + 1), colour=COLOURS[s])
                     if shown else sc.card(f"hand:{s}:{i}", "", hidden=True)
                     for i, c in enumerate(hand)]
            regions.append(sc.cards_region(f"hand:{s}", f"{self.seat_name(s, names)}'s hand", cards))
        regions.append(sc.cards_region("table", "Played", [
            sc.card(f"table:{i}", CARDS[c], detail=str(c + 1), colour=COLOURS[s])
            for i, (s, c) in enumerate(state.table)]))
        return sc.scene(self.title, players, regions)
