"""Why a Dectana move is not legal: the first rule it breaks, checked directly (one check per
rule, in the rulebook's order), or None for a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.chance import CHANCE
from ...core.errors import quoted
from . import powers, turn
from .decktet import CARDS, KNOTS, LEAVES, MOONS, SUITS, SUNS, WAVES, WYRMS
from .notation import piece_text, space_text
from .rules import (
    UP,
    Activate,
    Again,
    Attacking,
    Deal,
    Discard,
    Done,
    DrawCard,
    End,
    Hit,
    Lay,
    LayCard,
    Limit,
    Orient,
    Pass,
    Place,
    Placing,
    Play,
    Push,
    Pushing,
    Renew,
    Reorienting,
    State,
    Table,
    Turn,
    Uses,
    Wait,
    Window,
    can_place,
    hand_remove,
    may_end,
    own,
    placement_facings,
)

if TYPE_CHECKING:
    from . import Dectana

KINDS = (LayCard, DrawCard, Place, Play, Activate, Again, Orient, Push, Hit, Discard, Done, Pass, Renew, End, Wait)
STEP_WORDS = {Turn: "choose an option for the turn", Placing: "place a small pyramid",
              Uses: "use the Crown again, or stop", Pushing: "push", Attacking: "hit",
              Reorienting: "reorient another pyramid, or stop", Limit: "discard down to six cards",
              Window: "end the game or wait", Lay: "a card is laid", Deal: "a card is drawn"}


def _ints(move: Any) -> bool:
    return all(type(f) is int for f in move)


def illegal_reason(game: Dectana, state: State, move: Any, names: Any = None) -> str | None:
    if type(move) not in KINDS or not _ints(move):
        return f"{quoted(move)} is not a Dectana move"
    step = state.todo[0]
    player = game.move_player(move)
    actor = turn.actor_of(step)
    if player != actor:
        return f"{game.seat_name(player, names)} may not act now" if player != CHANCE else "chance does not act now"
    v = game.variant
    kind = type(move)
    if kind in (LayCard, DrawCard):
        return chance_reason(state, move, step)
    if not 0 <= player < game.seats:
        return f"seat {player} is not at the table"
    wanted = f"now {game.seat_name(player, names)} must {STEP_WORDS.get(type(step), 'act')}"
    if kind is Place:
        if type(step) is Turn and own(state.pyramids, player):
            return "option 4 is only for a player with no pyramid on the board"
        if type(step) not in (Turn, Placing):
            return wanted
        if move.facing not in placement_facings(v):
            return "pyramids are placed upright in this variant" if v.placement_upright else "no such facing"
        if not can_place(Table.of(state), (move.x, move.y)):
            return f"{space_text(move.x, move.y)} is in the void: place on a territory or a wasteland"
        return None
    if type(step) is Placing:
        return wanted
    if kind in (Play, Activate, Again):
        return use_reason(game, state, move, step, wanted, names)
    if kind is Orient:
        if type(step) not in (Turn, Reorienting):
            return wanted
        p = (move.x, move.y, player, move.size, move.facing)
        if not 0 <= move.to < 5 or not 0 <= move.facing < 5:
            return "a facing is one of u, n, e, s, w"
        if p not in state.pyramids:
            return f"{game.seat_name(player, names)} has no pyramid {piece_text(move.size, move.facing, move.x, move.y)}"
        if move.to == move.facing:
            return "reorienting must change the pyramid's facing"
        done = step.done if type(step) is Reorienting else ()
        if state.pyramids.count(p) <= done.count(p):
            return "that pyramid has been reoriented this turn already"
        return None
    if kind is Push:
        if type(step) is not Pushing:
            return wanted
        return victim_reason(game, state, move, step, names)
    if kind is Hit:
        if type(step) is not Attacking:
            return wanted
        return victim_reason(game, state, move, step, names)
    if kind is Discard:
        if type(step) is not Limit:
            return wanted
        if move.card not in state.hands[player]:
            return f"{game.seat_name(player, names)} does not hold that card"
        return None
    if kind is Done:
        if type(step) is Pushing and not step.moved:
            return "push at least one pyramid first"
        if type(step) is Attacking:
            if not step.struck:
                return "hit at least one pyramid first"
            if v.wyrm_full and any(turn.hit_moves(v, state, step)):
                return "all the points that can be spent must be spent in this variant"
            return None
        return None if type(step) in (Uses, Pushing, Reorienting) else wanted
    if kind is Pass:
        if type(step) is not Turn:
            return wanted
        return None if v.allow_pass else "a pass is not allowed in this variant: reorient at least one pyramid"
    if kind is Renew:
        return None if type(step) is Turn else wanted
    if kind is End:
        if type(step) is Window:
            return None
        if type(step) is Turn and v.end_window == "own_turn":
            return None if may_end(state, player) else "the game may end only after a reshuffle, with three Aces in hand"
        return wanted
    if kind is Wait:
        return None if type(step) is Window else wanted
    return f"{quoted(move)} is not a Dectana move"


def chance_reason(state: State, move: Any, step: object) -> str | None:
    if not 0 <= move.card < len(CARDS) or not state.deck[move.card]:
        return "that card is not in the draw pile"
    if type(move) is LayCard:
        if type(step) is not Lay or (move.x, move.y) != (step.x, step.y):
            return "no card is being laid there"
    elif type(step) is not Deal or move.to != step.seat:
        return "no card is being drawn by that player"
    return None


def use_reason(game: Dectana, state: State, move: Any, step: object, wanted: str, names: Any = None) -> str | None:
    """A power used: the card, its suit, the acting pyramid, then the power's own conditions."""
    v, seat = game.variant, move.player
    table = Table.of(state)
    hand = state.hands[seat]
    if type(move) is Again:
        if type(step) is not Uses:
            return wanted
        suit, spare = step.suit, hand
        actors = turn.crown_actors(state, step)
    else:
        if type(step) is not Turn:
            return wanted
        if not 0 <= move.suit < len(SUITS):
            return "a suit is one of " + ", ".join(SUITS)
        suit = move.suit
        mine = own(state.pyramids, seat)
        if type(move) is Play:
            if not 0 <= move.card < len(CARDS) or move.card not in hand:
                return f"{game.seat_name(seat, names)} does not hold that card"
            card, spare, actors = CARDS[move.card], hand_remove(hand, move.card), mine
        else:
            sp = (move.cx, move.cy)
            if not table.territory(sp):
                return f"there is no card on {space_text(*sp)}"
            if not any((p[0], p[1]) == sp for p in mine):
                return f"{game.seat_name(seat, names)} does not occupy the card on {space_text(*sp)}"
            card, spare = CARDS[table.top(sp)], hand
            actors = [p for p in mine if (p[0], p[1]) == sp] if v.board_actor == "on_card" else mine
        if suit not in card.suits:
            return f"{card.name} has no {SUITS[suit]}" if card.suits else "the Excuse has no suit to use"
    if not (1 <= move.size <= 3 and 0 <= move.facing < 5):
        return "no such pyramid"
    actor = (move.x, move.y, seat, move.size, move.facing)
    if actor not in state.pyramids:
        return f"{game.seat_name(seat, names)} has no pyramid {piece_text(move.size, move.facing, move.x, move.y)}"
    if actor not in actors:
        return ("that pyramid was not on the Crown's card when it was used" if type(move) is Again
                else "the card on a space is used by one of your pyramids on it")
    if powers.is_use(v, state, table, suit, actor, move.arg, spare):
        return None
    return power_reason(v, state, table, suit, actor, move.arg, spare)


FLAT_NEEDS = {
    MOONS: "pyramids ahead it can push (a point per pip per space), or an empty territory ahead",
    SUNS: "an empty wasteland ahead, and a card left to draw",
    WAVES: "a space ahead to move to, or an empty territory ahead",
    LEAVES: "an empty territory ahead, and a card in hand worth more than its card",
    WYRMS: "opposing pyramids ahead it can shrink, or an empty territory ahead",
    KNOTS: "an empty territory ahead",
}
UPRIGHT_NEEDS = {
    SUNS: "a territory to stand on, and a small pyramid in your stash",
    LEAVES: "the pyramid one size larger in your stash",
    KNOTS: "a card left to draw",
}


def power_reason(v: Any, state: State, table: Table, suit: int, actor: tuple[int, int, int, int, int], arg: int,
                 spare: tuple[int, ...]) -> str:
    """What a power needs that this use lacks (nothing may be done to a card with pyramids on it)."""
    name = SUITS[suit].capitalize()
    if powers.ARGS[suit](v, state, table, actor, spare):
        return f"{name} cannot be used that way here ({arg} is not one of its choices)"
    if actor[4] == UP:
        if suit not in UPRIGHT_NEEDS:
            return f"{name} needs a flat pyramid"
        return f"{name} with an upright pyramid needs {UPRIGHT_NEEDS[suit]}"
    return f"{name} with a flat pyramid needs {FLAT_NEEDS[suit]}"


def victim_reason(game: Dectana, state: State, move: Any, step: Any, names: Any) -> str | None:
    """A push or a hit: a pyramid on the space pointed at, and points it may take."""
    v, table = game.variant, Table.of(state)
    if not (0 <= move.owner < game.seats and 1 <= move.size <= 3 and 0 <= move.facing < 5):
        return "no such pyramid"
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    if victim not in state.pyramids:
        return f"there is no such pyramid on {space_text(step.x, step.y)}"
    if type(step) is Pushing:
        if victim not in powers.pushable(v, table, (step.x, step.y), step.seat):
            return "you may not push your own pyramids in this variant"
        if move.k not in powers.push_distances(table, step, move.size):
            return (f"{step.points} points push a {move.size}-pip pyramid at most {step.points // move.size} "
                    "spaces (and no farther than the void)")
        return None
    if move.owner == step.seat:
        return "Wyrms shrinks only other players' pyramids"
    victims = powers.unhit(table, step)
    if victim not in victims:
        return "that pyramid has been hit already"
    if move.k not in powers.hit_points(v, state, step, victims, victim):
        return f"that pyramid cannot take {move.k} points here ({step.points} left)"
    return None
