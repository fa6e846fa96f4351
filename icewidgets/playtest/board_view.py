"""What the board's page shows of a playtest journal: the notes of the node shown (its arrows,
highlighted places, move mark and tags) and, once the game shown is over, the feedback form with
each player's answers so far. Read defensively: a record's notes are free JSON."""

from __future__ import annotations

from typing import Any

from ..core.record import Node, Record

RATINGS = ("fun", "tension", "clarity")


def _texts(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def node_notes(node: Node | None) -> dict[str, Any]:
    """The `annotations` trait: the node's arrows, highlights, mark and tags (empty when none,
    and for no node)."""
    notes = node.annotations if node is not None else {}
    arrows = notes.get("arrows", [])
    mark = notes.get("mark", "")
    return {
        "arrows": [list(a) for a in arrows if isinstance(a, (list, tuple)) and len(a) == 2
                   and all(isinstance(end, str) for end in a)] if isinstance(arrows, list) else [],
        "highlights": _texts(notes.get("highlights", [])),
        "mark": mark if isinstance(mark, str) else "",
        "tags": _texts(notes.get("tags", [])),
    }


def feedback_form(record: Record, node: Node) -> dict[str, Any]:
    """The `feedback_form` trait: `{}` while the game at `node` goes on; once it is over, each
    seat's name and the feedback it has given (`given`, the ratings, the comment)."""
    game = record.game
    if not game.is_over(node.state):
        return {}
    answers = record.metadata.get("feedback", {})
    answers = answers if isinstance(answers, dict) else {}
    seats = []
    for seat in range(game.seats):
        given = answers.get(str(seat))
        entry = given if isinstance(given, dict) else {}
        ratings = {name: entry.get(name) if _rating(entry.get(name)) else None for name in RATINGS}
        comment = entry.get("comment", "")
        seats.append({"seat": seat, "name": game.seat_name(seat, record.players), "given": isinstance(given, dict),
                      **ratings, "comment": comment if isinstance(comment, str) else ""})
    return {"seats": seats}


def _rating(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5
