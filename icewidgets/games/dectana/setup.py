"""Dectana set-up positions: cards on the spaces, pyramids with their facings, hands, the draw
pile and the discards, and whose turn it is.

Every card of the decks in play is somewhere, as on a real table: on the board, in a hand, in
the draw pile or in the discards. A position lists the board and the hands, and the pile or the
discards or both: what it leaves out of the two is the rest of the decks (no pile given: the pile
is every card found nowhere else; a pile but no discards: the discards are), and with both given
each card's copies must all be found. The pile's order is unknown (a draw is chance) unless the
position gives its top cards in order (`pile_top`, the next drawn first; each must be in the
pile): those are drawn first, as chance events of probability 1, and no seat is shown them.

The supply is the draw pile and each player's stash. An edit puts a card from the draw pile on a
space (on top of its pile), into a hand or on the discards, takes one back (a space's top card, a
hand's card, a discard), puts a pyramid from a stash on a space facing a way (three clicks: the
stash, the space, the facing), takes a pyramid back, or gives the turn to a seat. A set-up
position is the start of that seat's turn (todo = (Turn(seat),)).

What cannot be is named: more copies of a card than the decks hold, copies found nowhere, or a
card of the extended deck in a basic game; a known top card the pile does not hold; a card on one
of no higher value (Leaves puts only a card of larger value on a territory, and the other ways a
card reaches the board lay it on a space with none, so every pile rises in value from the
bottom); more pyramids of a size than a player's nests; a pyramid in the void; a hand over the
limit; a board with no card.

Position JSON::

    {"cards": {"0,0": ["castle", "ace-moons"]},   # each territory's pile, bottom first
     "pyramids": [[0, 0, 1, 2, "n"]],              # x, y, seat, size, facing (u n e s w)
     "hands": [["castle"], []],                     # one per seat
     "pile": ["sea", "mill"],                       # optional: the draw pile's cards, in any order
     "pile_top": ["mill"],                          # optional: its top cards in order, the next first
     "discard": {"ace-suns": 1},                    # optional: the discards, by card
     "reshuffles": 0, "turns": 0,                   # optional: piles reshuffled, turns played
     "turn": 0}
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

from ...core import scene as sc
from ...core.errors import BadPosition, quoted
from ...core.game import Names
from ...core.json_types import JSON, JSONObject
from ...core.scene import Scene
from ...core.setup import Edit, read_choice, read_int, read_list, read_mapping, read_object
from .decktet import CARDS, COPIES, SUITS
from .moves import COLOURS, FACINGS, KnotEnd, Lay, Move, Spent, State, Step, Turn, Window, freeze
from .rules import HAND_LIMIT
from .scene import FACING_KEYS, card_id, hand_id, piece_key, space_id
from .table import NESTS, Table
from .variant import DectanaVariant

MAX_COORD = 60  # a board is at most as wide as its cards laid in a row, and there are at most 90
SHORTS = [c.short for c in CARDS]


def supply_id(card: int) -> str:
    return f"supply:{CARDS[card].short}"


class DectanaSetup:
    """The editor's side of Dectana (mixed into the Game)."""

    variant: DectanaVariant

    if TYPE_CHECKING:  # the Game's
        def check_position(self, state: State) -> State: ...
        def seat_name(self, seat: int, names: Names = None) -> str: ...
        def scene(self, state: State, *, last: Move | None = None, before: State | None = None,
                  names: Names = None, viewer: int | None = None) -> Scene: ...

        @property
        def seats(self) -> int: ...

    # -- JSON ---------------------------------------------------------------------------------
    def position_to_json(self, state: State) -> JSONObject:
        step = state.todo[0] if state.todo else None
        data: JSONObject = {
            "cards": {space_id(*sp): [SHORTS[c] for c in pile] for sp, pile in state.cards},
            "pyramids": [[x, y, seat, size, FACINGS[facing]] for x, y, seat, size, facing in state.pyramids],
            "hands": [[SHORTS[c] for c in hand] for hand in state.hands],
            "discard": {SHORTS[c]: n for c, n in enumerate(state.discard) if n},
            "reshuffles": state.reshuffles,
            "turns": state.turns,
            "turn": named_seat(step) or 0,
        }
        if state.deck_top:  # the pile is the rest of the decks, as the discards are all listed
            data["pile_top"] = [SHORTS[c] for c in state.deck_top]
        return data

    def position_from_json(self, given: JSON) -> State:
        v = self.variant
        data = read_object(given, "a Dectana position", ("cards", "hands", "turn"),
                           ("pyramids", "pile", "pile_top", "discard", "reshuffles", "turns"))
        cards: dict[tuple[int, int], tuple[int, ...]] = {}
        for key, pile in read_mapping(data["cards"], "cards", 2 * len(CARDS)).items():
            sp = _space(key)
            if sp in cards:
                raise BadPosition(f"cards lists space {space_id(*sp)} twice")
            cards[sp] = tuple(read_choice(c, f"a card on {key}", SHORTS) for c in read_list(pile, f"the pile on {key}", 2 * len(CARDS)))
            if not cards[sp]:
                raise BadPosition(f"the pile on {key} is empty: leave the space out (it is a wasteland or void)")
        pyramids = []
        for i, raw in enumerate(read_list(data.get("pyramids", []), "pyramids", NESTS * 3 * v.players + 1)):
            fields = read_list(raw, f"pyramid {i}", 5)
            if len(fields) != 5:
                raise BadPosition(f"pyramid {i} must be [x, y, seat, size, facing], not {len(fields)} values")
            x = read_int(fields[0], f"pyramid {i}'s x", -MAX_COORD, MAX_COORD)
            y = read_int(fields[1], f"pyramid {i}'s y", -MAX_COORD, MAX_COORD)
            seat = read_int(fields[2], f"pyramid {i}'s seat", 0, v.players - 1)
            size = read_int(fields[3], f"pyramid {i}'s size", 1, 3)
            facing = read_choice(fields[4], f"pyramid {i}'s facing", list(FACINGS))
            pyramids.append((x, y, seat, size, facing))
        hands_raw = read_list(data["hands"], "hands", v.players)
        if len(hands_raw) != v.players:
            raise BadPosition(f"hands lists {len(hands_raw)} hands for {v.players} seats")
        hands = tuple(tuple(sorted(read_choice(c, f"a card in hand {s}", SHORTS)
                                   for c in read_list(h, f"hand {s}", 2 * len(CARDS))))
                      for s, h in enumerate(hands_raw))
        discard = [0] * len(CARDS)
        raw_discard = data.get("discard", {})
        for short, n in read_object(raw_discard, "discard", optional=SHORTS).items():
            discard[SHORTS.index(short)] = read_int(n, f"discarded {short}", 0, 2 * COPIES)
        top = tuple(read_choice(c, "a card of the pile's top", SHORTS)
                    for c in read_list(data.get("pile_top", []), "pile_top", 2 * len(CARDS)))
        reshuffles = read_int(data.get("reshuffles", 0), "reshuffles", 0, 10_000)
        turns = read_int(data.get("turns", 0), "turns", 0, 1_000_000)
        seat = read_int(data["turn"], "turn", 0, v.players - 1)
        state = State(freeze(cards), tuple(sorted(pyramids)), hands, (0,) * len(CARDS), tuple(discard),
                      reshuffles, turns, (Turn(seat),), "", top)
        if "pile" not in data:  # the pile is the rest
            return self.check_position(state._replace(deck=self._rest(state)))
        deck = [0] * len(CARDS)
        for c in read_list(data["pile"], "pile", 2 * len(CARDS)):
            deck[read_choice(c, "a card in the draw pile", SHORTS)] += 1
        state = state._replace(deck=tuple(deck))
        if "discard" not in data:  # the discards are the rest
            out = self._cards_out(state)
            state = state._replace(discard=tuple(max(0, self._copies(c) - deck[c] - out.count(c))
                                                 for c in range(len(CARDS))))
        return self.check_position(state)

    def _copies(self, card: int) -> int:
        """How many copies of a card the decks in play hold."""
        return COPIES if card in self.variant.kinds else 0

    def _rest(self, state: State) -> tuple[int, ...]:
        """Every card of the decks in play that is nowhere else (counts may go below zero, which
        `validate` names)."""
        deck = [self._copies(c) for c in range(len(CARDS))]
        for c in self._cards_out(state):
            deck[c] -= 1
        return tuple(deck)

    def _with_deck(self, state: State) -> State:
        """The state with the rest of the decks as its draw pile, and as much of the pile's known
        top as that still holds (after an edit, or from a game in play)."""
        deck = self._rest(state)
        return state._replace(deck=deck, deck_top=held_top(state.deck_top, deck))

    def _cards_out(self, state: State) -> list[int]:
        """The cards out of the draw pile: on the board, in the hands and in the discards."""
        out = [c for _, pile in state.cards for c in pile] + [c for hand in state.hands for c in hand]
        return out + [c for c, n in enumerate(state.discard) for _ in range(n)]

    # -- what cannot be -------------------------------------------------------------------------
    def validate(self, state: State) -> list[str]:
        v, problems = self.variant, []
        if len(state.hands) != v.players or len(state.deck) != len(CARDS) or len(state.discard) != len(CARDS):
            return ["the hands, draw pile or discards do not fit this game's seats and deck"]
        counts = [0] * len(CARDS)
        for c in self._cards_out(state):
            counts[c] += 1
        for c, n in enumerate(counts):
            have, pile = self._copies(c), state.deck[c]
            if c not in v.kinds and (n or pile > 0):
                problems.append(f"{CARDS[c].name} is in play, but it belongs to the extended deck "
                                "(extended_deck=False)")
            elif pile < 0 or (n > have and not pile):
                problems.append(f"{n} copies of {CARDS[c].name} are out: the decks hold {have}")
            elif n + pile > have:
                problems.append(f"{n} copies of {CARDS[c].name} are out and {pile} in the draw pile: the decks "
                                f"hold {have}")
            elif n + pile < have:
                problems.append(f"{have - n - pile} copies of {CARDS[c].name} are nowhere: every card is on the "
                                "board, in a hand, in the draw pile or in the discards")
        for c, k in sorted(Counter(state.deck_top).items()):
            if not 0 <= c < len(CARDS):
                problems.append("the pile's top names a card that is no card of the deck")
            elif k > max(state.deck[c], 0):
                problems.append(f"the pile's top (pile_top) lists {k} of {CARDS[c].name}, but the draw pile "
                                f"holds {max(state.deck[c], 0)}")
        if not state.cards:
            problems.append("the board has no card: Dectana is played on a board of cards")
        problems += self._covered_by_lower(state)
        table = Table.of(state)
        for x, y, seat, size, facing in state.pyramids:
            if not 0 <= seat < v.players or not 1 <= size <= 3 or not 0 <= facing < len(FACINGS):
                problems.append(f"a pyramid ({x}, {y}, {seat}, {size}, {facing}) is no pyramid of this game")
            elif table.void((x, y)):
                problems.append(f"a {COLOURS[seat]} size-{size} pyramid on {space_id(x, y)} is in the void "
                                "(no card there nor next to it), where it would be destroyed")
        for seat in range(v.players):
            for size in (1, 2, 3):
                n = sum(1 for p in state.pyramids if p[2] == seat and p[3] == size)
                if n > NESTS:
                    problems.append(f"{n} {COLOURS[seat]} size-{size} pyramids on the board: each player "
                                    f"has {NESTS}")
            if len(state.hands[seat]) > HAND_LIMIT:
                problems.append(f"the hand of {self.seat_name(seat)} holds {len(state.hands[seat])} cards: a hand over "
                                f"{HAND_LIMIT} is discarded down to {HAND_LIMIT}")
        if len(state.todo) != 1 or type(state.todo[0]) is not Turn or not 0 <= state.todo[0].seat < v.players:
            problems.append("a set-up position starts a player's turn (todo = (Turn(seat),))")
        if state.ended:
            problems.append("a set-up position is not a finished game")
        return problems

    def _covered_by_lower(self, state: State) -> list[str]:
        """A card goes onto a territory only by Leaves, and "the new card must be larger in value
        than the old card": every pile rises in value from its bottom card."""
        return [f"on {space_id(*sp)}, {CARDS[above].name} ({_value(above)}) lies on {CARDS[below].name} "
                f"({_value(below)}): a card put on a territory must be larger in value than the card it covers"
                for sp, pile in state.cards for below, above in pairwise(pile)
                if 0 <= below < len(CARDS) and 0 <= above < len(CARDS) and CARDS[above].value <= CARDS[below].value]

    def setup_position(self, state: State) -> State:
        """The start of the turn of whoever acts now (seat 0 while the set-up deals); a card
        that is being used goes to the discards, as it would once its uses are done."""
        step = state.todo[0] if state.todo else None
        seat = step.order[0] if isinstance(step, Window) else named_seat(step) or 0
        spent = [s.card for s in state.todo if type(s) is Spent]
        discard = list(state.discard)
        for c in spent:
            discard[c] += 1
        return self._with_deck(state._replace(discard=tuple(discard), todo=(Turn(seat),), ended=""))

    # -- the editor -------------------------------------------------------------------------
    def setup_actions(self, state: State) -> list[Edit]:
        v, edits = self.variant, []
        table = Table.of(state)
        spaces = table.spaces() or [(0, 0)]
        hands = state.hands
        for c, n in enumerate(state.deck):
            if n <= 0:
                continue
            short = SHORTS[c]
            for sp in spaces:
                edits.append(Edit(f"put {short} on {space_id(*sp)}", (supply_id(c), space_id(*sp)), "put",
                                  change=("card", c, sp)))
            for seat in range(v.players):
                if len(hands[seat]) < HAND_LIMIT:
                    edits.append(Edit(f"put {short} in hand {seat}", (supply_id(c), f"hand:{seat}"), "put",
                                      change=("card", c, seat)))
            edits.append(Edit(f"put {short} on the discards", (supply_id(c), "discards"), "put",
                              change=("card", c, None)))
        for sp, _pile in state.cards:
            edits.append(Edit(f"take the card on {space_id(*sp)}", (card_id(*sp),), "take", change=("untop", sp, None)))
        for seat, hand in enumerate(hands):
            for c in sorted(set(hand)):
                edits.append(Edit(f"take {SHORTS[c]} from hand {seat}", (hand_id(seat, c),), "take",
                                  change=("unhand", c, seat)))
        for c, n in enumerate(state.discard):
            if n:
                edits.append(Edit(f"take {SHORTS[c]} from the discards", (f"discard:{SHORTS[c]}",), "take",
                                  change=("undiscard", c, None)))
        for seat in range(v.players):
            for size in (1, 2, 3):
                if sum(1 for p in state.pyramids if p[2] == seat and p[3] == size) >= NESTS:
                    continue
                for sp in spaces:
                    for facing, key in enumerate(FACING_KEYS):
                        pyr = (*sp, seat, size, facing)
                        edits.append(Edit(f"put {_pyramid(pyr)} on {space_id(*sp)}", (f"stash:{seat}:{size}", space_id(*sp), key),
                                          "put", change=("pyramid", pyr, None)))
        for p in sorted(set(state.pyramids)):
            edits.append(Edit(f"take {_pyramid(p)} from {space_id(p[0], p[1])}", (piece_key(p),), "take",
                              change=("unpyramid", p, None)))
        step = state.todo[0] if state.todo else None
        for seat in range(v.players):
            if named_seat(step) != seat:
                edits.append(Edit(f"turn {seat}", (), "turn", f"{self.seat_name(seat)} to play",
                                  change=("turn", seat, None)))
        return edits

    def edit_position(self, state: State, edit: Edit) -> State:
        what, a, b = edit.change
        cards = dict(state.cards)
        hands = list(state.hands)
        discard = list(state.discard)
        pyramids = list(state.pyramids)
        todo = state.todo
        if what == "card":
            if isinstance(b, tuple):
                cards[b] = (*cards.get(b, ()), a)
            elif b is None:
                discard[a] += 1
            else:
                hands[b] = tuple(sorted((*hands[b], a)))
        elif what == "untop":
            pile = cards[a][:-1]
            if pile:
                cards[a] = pile
            else:
                del cards[a]
        elif what == "unhand":
            hand = list(hands[b])
            hand.remove(a)
            hands[b] = tuple(hand)
        elif what == "undiscard":
            discard[a] -= 1
        elif what == "pyramid":
            pyramids.append(a)
        elif what == "unpyramid":
            pyramids.remove(a)
        else:
            todo = (Turn(a),)
        return self._with_deck(state._replace(cards=freeze(cards), hands=tuple(hands), discard=tuple(discard),
                                              pyramids=tuple(sorted(pyramids)), todo=todo))

    def setup_scene(self, state: State, names: Names = None) -> Scene:
        """The designer's view, with the draw pile laid out face up as the supply of cards."""
        scene = self.scene(state, names=names, viewer=None)
        supply = [sc.card(supply_id(c), CARDS[c].name, f"{n} in the pile", rank=CARDS[c].rank,
                          suits=[SUITS[s] for s in CARDS[c].suits])
                  for c, n in enumerate(state.deck) if n > 0]
        scene["regions"].insert(1, sc.cards_region("supply", "Supply: the draw pile, face up", supply))
        return scene

    def explain_setup(self, state: State, path: tuple[str, ...]) -> str:
        if len(path) > 1:
            return f"{path[-1]} is no place for it: click a highlighted space, hand or facing"
        return ("editing: click a card of the supply, then a space, a hand or the discards; a stash, then "
                "a space and a facing; click a card or pyramid to take it back; the buttons give the turn")


def held_top(top: tuple[int, ...], deck: tuple[int, ...]) -> tuple[int, ...]:
    """The longest start of a known top that a pile of these counts holds."""
    left = list(deck)
    for i, c in enumerate(top):
        if left[c] <= 0:
            return top[:i]
        left[c] -= 1
    return top


def named_seat(step: Step | None) -> int | None:
    """The seat a step names (None for a window, which names the seats to ask, and for the steps
    of no seat)."""
    return None if step is None or isinstance(step, (Lay, Window, KnotEnd, Spent)) else step.seat


def _pyramid(p: tuple[int, int, int, int, int]) -> str:
    """A pyramid as the edits name it: its owner's initial, size and facing (`r1u`, `b2n`)."""
    return f"{COLOURS[p[2]][0]}{p[3]}{FACINGS[p[4]]}"


def _value(card: int) -> str:
    """A card's value as the rules count it (the Excuse is below every other card)."""
    return "the lowest" if CARDS[card].value < 0 else str(CARDS[card].value)


def _space(key: object) -> tuple[int, int]:
    """`x,y` as a space."""
    parts = key.split(",") if isinstance(key, str) and len(key) <= 12 else []
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise BadPosition(f"{quoted(str(key), 20)} is not a space: write x,y (such as 0,-1)") from None
    if not (-MAX_COORD <= x <= MAX_COORD and -MAX_COORD <= y <= MAX_COORD):
        raise BadPosition(f"space {key} is too far out: x and y lie from {-MAX_COORD} to {MAX_COORD}")
    return x, y

