"""Why a Dectana move is not legal: the first rule it breaks, checked directly (one check per
rule, in the rulebook's order), or None for a legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.chance import CHANCE
from ...core.errors import quoted
from ...core.game import Names
from . import powers, rules
from .decktet import CARDS, KNOTS, LEAVES, MOONS, SUITS, SUNS, WAVES, WYRMS
from .moves import (
    MOVE_KINDS,
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
    Move,
    Orient,
    Pass,
    Place,
    Placing,
    Play,
    Push,
    Pushing,
    Pyr,
    Renew,
    Reorienting,
    SeatMove,
    State,
    Step,
    Turn,
    Use,
    Uses,
    Wait,
    Window,
    hand_remove,
)
from .notation import pyramid_words, space_text
from .table import Table, own

if TYPE_CHECKING:
    from . import Dectana

STEP_WORDS: dict[type, str] = {
    Turn: "choose an option for the turn", Placing: "place a small pyramid", Uses: "use the Crown again, or stop",
    Pushing: "push", Attacking: "hit", Reorienting: "reorient another pyramid, or stop",
    Limit: "discard down to six cards", Window: "end the game or wait", Lay: "a card is laid", Deal: "a card is drawn"}

MUST_CHANGE = "a pass is not allowed in this variant, so reorienting must change the position"


def illegal_reason(game: Dectana, state: State, move: Move, names: Names = None) -> str | None:
    if game.is_over(state):
        return "the game is over"
    if type(move) not in MOVE_KINDS or not all(type(f) is int for f in move):
        return f"{quoted(move)} is not a Dectana move"
    step = state.todo[0]
    player = game.move_player(move)
    if player != rules.script.actor(game, state):
        return f"{game.seat_name(player, names)} may not act now" if player != CHANCE else "chance does not act now"
    if isinstance(move, (LayCard, DrawCard)):
        return refuse_draw(state, move, step)
    if not 0 <= player < game.seats:
        return f"seat {player} is not at the table"
    if isinstance(move, Place):
        return refuse_place(game, state, move, step, names)
    if isinstance(step, Placing):
        return not_now(game, move, step, names)
    match move:
        case Play() | Activate() | Again():
            return refuse_use(game, state, move, step, names)
        case Orient():
            return refuse_orient(game, state, move, step, names)
        case Push():
            return refuse_push(game, state, move, step) if isinstance(step, Pushing) else not_now(game, move, step, names)
        case Hit():
            return refuse_hit(game, state, move, step) if isinstance(step, Attacking) else not_now(game, move, step, names)
        case Discard():
            return refuse_discard(game, state, move, step, names)
        case Done():
            return refuse_done(game, state, move, step, names)
        case Pass():
            return refuse_pass(game, move, step, names)
        case Renew():
            return None if isinstance(step, Turn) else not_now(game, move, step, names)
        case End():
            return refuse_end(game, state, move, step, names)
        case Wait():
            return None if isinstance(step, Window) else not_now(game, move, step, names)
    return f"{quoted(move)} is not a Dectana move"


def not_now(game: Dectana, move: SeatMove, step: Step, names: Names) -> str:
    """A move of another kind than the step asks for."""
    return f"now {game.seat_name(move.player, names)} must {STEP_WORDS.get(type(step), 'act')}"


def refuse_draw(state: State, move: LayCard | DrawCard, step: Step) -> str | None:
    """Chance draws a card of the pile (its top card, where the order is known): laid on the space due,
    or dealt to the seat drawing."""
    if not 0 <= move.card < len(CARDS) or not state.deck[move.card]:
        return "that card is not in the draw pile"
    if state.deck_top and move.card != state.deck_top[0]:
        return f"the draw pile's order is known: {CARDS[state.deck_top[0]].name} is drawn next"
    if isinstance(move, LayCard):
        if not isinstance(step, Lay) or (move.x, move.y) != (step.x, step.y):
            return "no card is being laid there"
    elif not isinstance(step, Deal) or move.to != step.seat:
        return "no card is being drawn by that player"
    return None


def refuse_place(game: Dectana, state: State, move: Place, step: Step, names: Names) -> str | None:
    """Set-up, or option 4 (only with no pyramid on the board): on a territory or wasteland."""
    v = game.variant
    if isinstance(step, Turn) and own(state.pyramids, move.player):
        return "option 4 is only for a player with no pyramid on the board"
    if not isinstance(step, (Turn, Placing)):
        return not_now(game, move, step, names)
    if move.facing not in rules.placement_facings(game):
        return "pyramids are placed upright in this variant" if v.placement_upright else "no such facing"
    if not rules.can_place(Table.of(state), (move.x, move.y)):
        return f"{space_text(move.x, move.y)} is in the void: place on a territory or a wasteland"
    return None


def refuse_use(game: Dectana, state: State, move: Use, step: Step, names: Names) -> str | None:
    """A power used: the card, its suit, the acting pyramid, then the power's own conditions."""
    v, seat = game.variant, move.player
    table = Table.of(state)
    hand = state.hands[seat]
    actors: list[Pyr]
    if isinstance(move, Again):
        if not isinstance(step, Uses):
            return not_now(game, move, step, names)
        suit, spare = step.suit, hand
        actors = rules.crown_actors(state, step)
    else:
        if not isinstance(step, Turn):
            return not_now(game, move, step, names)
        if not 0 <= move.suit < len(SUITS):
            return "a suit is one of " + ", ".join(SUITS)
        suit = move.suit
        mine = own(state.pyramids, seat)
        if isinstance(move, Play):
            if not 0 <= move.card < len(CARDS) or move.card not in hand:
                return f"that card is not in the hand of {game.seat_name(seat, names)}"
            card, spare, actors = CARDS[move.card], hand_remove(hand, move.card), mine
        else:
            sp = (move.cx, move.cy)
            if not table.territory(sp):
                return f"there is no card on {space_text(*sp)}"
            if not any((p[0], p[1]) == sp for p in mine):
                return f"no pyramid of {game.seat_name(seat, names)} stands on the card on {space_text(*sp)}"
            card, spare = CARDS[table.top(sp)], hand
            actors = [p for p in mine if (p[0], p[1]) == sp] if v.board_actor == "on_card" else mine
        if suit not in card.suits:
            return f"{card.name} has no {SUITS[suit]}" if card.suits else "the Excuse has no suit to use"
    if not (1 <= move.size <= 3 and 0 <= move.facing < 5):
        return "no such pyramid"
    actor = (move.x, move.y, seat, move.size, move.facing)
    if actor not in state.pyramids:
        return f"{pyramid_words(move.size, move.facing, move.x, move.y)} is no pyramid of {game.seat_name(seat, names)}"
    if actor not in actors:
        return ("that pyramid was not on the Crown's card when it was used" if isinstance(move, Again)
                else "the card on a space is used by one of your pyramids on it")
    if powers.is_use(game, state, table, suit, actor, move.arg, spare):
        return None
    return power_needs(game, state, table, suit, actor, move.arg, spare)


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


def power_needs(game: Dectana, state: State, table: Table, suit: int, actor: Pyr, arg: int,
                spare: tuple[int, ...]) -> str:
    """What a power needs that this use lacks (nothing may be done to a card with pyramids on it)."""
    name = SUITS[suit].capitalize()
    if powers.ARGS[suit](game, state, table, actor, spare):
        return f"{name} cannot be used that way here ({arg} is not one of its choices)"
    if actor[4] == UP:
        if suit not in UPRIGHT_NEEDS:
            return f"{name} needs a flat pyramid"
        return f"{name} with an upright pyramid needs {UPRIGHT_NEEDS[suit]}"
    return f"{name} with a flat pyramid needs {FLAT_NEEDS[suit]}"


def refuse_orient(game: Dectana, state: State, move: Orient, step: Step, names: Names) -> str | None:
    """Option 3: one of your pyramids, to another orientation, each at most once a turn."""
    if not isinstance(step, (Turn, Reorienting)):
        return not_now(game, move, step, names)
    p = (move.x, move.y, move.player, move.size, move.facing)
    if not 0 <= move.to < 5 or not 0 <= move.facing < 5:
        return "a facing is one of u, n, e, s, w"
    if not 1 <= move.size <= 3:
        return "no such pyramid"
    if p not in state.pyramids:
        return (f"{pyramid_words(move.size, move.facing, move.x, move.y)} is no pyramid of "
                f"{game.seat_name(move.player, names)}")
    if move.to == move.facing:
        return "reorienting must change the pyramid's facing"
    done = step.done if isinstance(step, Reorienting) else ()
    if state.pyramids.count(p) <= done.count(p):
        return "that pyramid has been reoriented this turn already"
    if isinstance(step, Reorienting) and not game.variant.allow_pass and rules.restores(state, step, move):
        return f"{MUST_CHANGE}: this would put your pyramids back as they stood"
    return None


def on_attacked_space(game: Dectana, state: State, move: Push | Hit, step: Pushing | Attacking) -> str | None:
    """A push or a hit is on a pyramid on the space pointed at."""
    if not (0 <= move.owner < game.seats and 1 <= move.size <= 3 and 0 <= move.facing < 5):
        return "no such pyramid"
    if (step.x, step.y, move.owner, move.size, move.facing) not in state.pyramids:
        return f"there is no such pyramid on {space_text(step.x, step.y)}"
    return None


def refuse_push(game: Dectana, state: State, move: Push, step: Pushing) -> str | None:
    """Moons: a pyramid pushed a point per pip per space, within the points left."""
    if (reason := on_attacked_space(game, state, move, step)) is not None:
        return reason
    table = Table.of(state)
    if (step.x, step.y, move.owner, move.size, move.facing) not in powers.pushable(game, table, (step.x, step.y), step.seat):
        return "you may not push your own pyramids in this variant"
    if move.k not in powers.push_distances(table, step, move.size):
        return (f"{step.points} points push a {move.size}-pip pyramid at most {step.points // move.size} "
                "spaces (and no farther than the void)")
    return None


def refuse_hit(game: Dectana, state: State, move: Hit, step: Attacking) -> str | None:
    """Wyrms: another player's pyramid, not struck yet, takes points it may take."""
    if (reason := on_attacked_space(game, state, move, step)) is not None:
        return reason
    if move.owner == step.seat:
        return "Wyrms shrinks only other players' pyramids"
    victim = (step.x, step.y, move.owner, move.size, move.facing)
    victims = powers.unhit(Table.of(state), step)
    if victim not in victims:
        return "that pyramid has been hit already"
    if move.k not in powers.hit_points(game, state, step, victims, victim):
        return f"that pyramid cannot take {move.k} points here ({step.points} left)"
    return None


def refuse_discard(game: Dectana, state: State, move: Discard, step: Step, names: Names) -> str | None:
    """The hand limit: a card of the hand."""
    if not isinstance(step, Limit):
        return not_now(game, move, step, names)
    if move.card not in state.hands[move.player]:
        return f"that card is not in the hand of {game.seat_name(move.player, names)}"
    return None


def refuse_done(game: Dectana, state: State, move: Done, step: Step, names: Names) -> str | None:
    """Stop: a push after one pyramid pushed, an attack after one struck (with `wyrm_full`, with
    no point left to spend), reorienting or a Crown's uses at any time."""
    if isinstance(step, Pushing) and not step.moved:
        return "push at least one pyramid first"
    if isinstance(step, Attacking):
        if not step.struck:
            return "hit at least one pyramid first"
        if game.variant.wyrm_full and any(powers.hit_moves(game, state, step)):
            return "all the points that can be spent must be spent in this variant"
        return None
    if isinstance(step, Reorienting) and not game.variant.allow_pass and not rules.changed(state, step):
        return f"{MUST_CHANGE}: your pyramids stand as they did (alike pyramids that swap facings change nothing)"
    return None if isinstance(step, (Uses, Pushing, Reorienting)) else not_now(game, move, step, names)


def refuse_pass(game: Dectana, move: Pass, step: Step, names: Names) -> str | None:
    """Option 3 with no pyramid reoriented: a pass, where `allow_pass`."""
    if not isinstance(step, Turn):
        return not_now(game, move, step, names)
    return None if game.variant.allow_pass else "a pass is not allowed in this variant: reorient at least one pyramid"


def refuse_end(game: Dectana, state: State, move: End, step: Step, names: Names) -> str | None:
    """Three Aces discarded, after a reshuffle: when asked, or in your turn (`end_window` "own_turn")."""
    if isinstance(step, Window):
        return None
    if isinstance(step, Turn) and game.variant.end_window == "own_turn":
        return None if rules.may_end(state, move.player) else "the game may end only after a reshuffle, with three Aces in hand"
    return not_now(game, move, step, names)
