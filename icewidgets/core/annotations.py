"""The annotations a playtest leaves: what the known keys of a node's notes and of a record's
session metadata may hold, and the order a record writes them in.

A node's `annotations` is free JSON, but four keys have a meaning the board draws and the text
form writes:

- "arrows": `[from_id, to_id]` pairs of scene ids, at most 64;
- "highlights": scene ids, at most 128;
- "mark": a move mark after chess's: one of `MARKS` ("" or absent: none; the start has none);
- "tags": distinct free tags ("rules question", "fun"), 1 to 40 characters each, at most 20.

A record's metadata may hold a playtest `session` (who played which seat, the date, the place,
when it started and how long it took, and the designer's own keys) and each seat's `feedback`
(fun, tension and clarity from 1 to 5, and a comment). Everything else stays free JSON.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Mapping

from .errors import IcewidgetsError, IllegalMove, quoted, quoted_list
from .json_types import JSON, JSONObject

MARKS = ("!", "?", "!!", "??", "!?", "?!")
MAX_ARROWS = 64
MAX_HIGHLIGHTS = 128
MAX_TAGS = 20
MAX_TAG = 40
MAX_ID = 200
MAX_PLACE = 200
KNOWN = ("arrows", "highlights", "mark", "tags")  # the order a record writes them in, before the rest
SESSION = ("seats", "date", "place", "started", "duration_s")
RATINGS = ("fun", "tension", "clarity")
FEEDBACK = (*RATINGS, "comment")
MAX_COMMENT = 100_000

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _scene_id(value: object, what: str, error: type[IcewidgetsError]) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ID:
        raise error(f"{what} must be scene ids: texts of 1 to {MAX_ID} characters, not {quoted(value, 60)}")
    return value


def check_node_annotations(notes: Mapping[str, object], where: str = "annotations",
                           error: type[IcewidgetsError] = IllegalMove, *, start: bool = False) -> None:
    """Refuse a known key holding what it may not (the rest is checked as free JSON elsewhere).
    `start`: the notes of the start position, which no move reached, so it has no mark."""
    if "arrows" in notes:
        arrows = notes["arrows"]
        if not isinstance(arrows, list) or len(arrows) > MAX_ARROWS:
            raise error(f"{where}: arrows are a list of at most {MAX_ARROWS} [from, to] pairs")
        for arrow in arrows:
            if not isinstance(arrow, list) or len(arrow) != 2:
                raise error(f"{where}: an arrow is a [from, to] pair of scene ids, not {quoted(arrow, 60)}")
            for end in arrow:
                _scene_id(end, f"{where}: an arrow's ends", error)
    if "highlights" in notes:
        marked = notes["highlights"]
        if not isinstance(marked, list) or len(marked) > MAX_HIGHLIGHTS:
            raise error(f"{where}: highlights are a list of at most {MAX_HIGHLIGHTS} scene ids")
        for item in marked:
            _scene_id(item, f"{where}: highlights", error)
    if "mark" in notes:
        mark = notes["mark"]
        if mark != "" and mark not in MARKS:
            raise error(f"{where}: a move mark is one of {' '.join(MARKS)} (or \"\" for none), not {quoted(mark, 60)}")
        if start and mark:
            raise error(f"{where}: the start position was reached by no move, so it takes no move mark")
    if "tags" in notes:
        tags = notes["tags"]
        if not isinstance(tags, list) or len(tags) > MAX_TAGS:
            raise error(f"{where}: tags are a list of at most {MAX_TAGS} texts")
        for tag in tags:
            if not isinstance(tag, str) or not 1 <= len(tag) <= MAX_TAG:
                raise error(f"{where}: a tag is a text of 1 to {MAX_TAG} characters, not {quoted(tag, 60)}")
        if len(set(tags)) != len(tags):
            raise error(f"{where}: a tag is given twice")


def canonical_node_annotations(notes: Mapping[str, JSON]) -> JSONObject:
    """The notes as a record writes them: the known keys first in a fixed order, the empty ones
    left out (an empty list or "" means none), then the free keys as they were."""
    out = {key: notes[key] for key in KNOWN if key in notes and notes[key] not in ("", [])}
    out.update((k, v) for k, v in notes.items() if k not in KNOWN)
    return out


def check_metadata(metadata: Mapping[str, object], seats: int, error: type[IcewidgetsError] = IllegalMove) -> None:
    """Refuse a `session` or `feedback` entry that does not hold what those keys mean."""
    if "session" in metadata:
        check_session(metadata["session"], seats, error)
    if "feedback" in metadata:
        feedback = metadata["feedback"]
        if not isinstance(feedback, dict):
            raise error("feedback is an object of each seat's answers, by seat number")
        for seat, answers in feedback.items():
            if not (_is_seat_key(seat) and int(seat) < seats):
                raise error(f"feedback is given by seat number, 0 to {seats - 1}, not {quoted(seat, 60)}")
            check_feedback(answers, int(seat), error)


def check_session(session: object, seats: int, error: type[IcewidgetsError] = IllegalMove) -> None:
    if not isinstance(session, dict):
        raise error("the session is an object (seats, date, place, started, duration_s, and your own keys)")
    if "seats" in session:
        names = session["seats"]
        if not isinstance(names, list) or len(names) != seats or not all(
                isinstance(n, str) and len(n) <= MAX_PLACE for n in names):
            raise error(f"the session's seats are {seats} names, one per seat (texts of at most {MAX_PLACE} characters)")
    if "date" in session:
        date = session["date"]
        if not isinstance(date, str) or not _DATE.fullmatch(date) or not _is_date(date):
            raise error(f"the session's date is a date written YYYY-MM-DD, not {quoted(date, 60)}")
    if "place" in session and (not isinstance(session["place"], str) or len(session["place"]) > MAX_PLACE):
        raise error(f"the session's place is a text of at most {MAX_PLACE} characters")
    if "started" in session:
        started = session["started"]
        if not isinstance(started, str) or len(started) > 40 or not _is_time(started):
            raise error(f"the session's start is a date and time in ISO form (2024-05-01T19:30:00), not {quoted(started, 60)}")
    if "duration_s" in session:
        seconds = session["duration_s"]
        if (not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not math.isfinite(seconds)
                or seconds < 0):
            raise error(f"the session's duration_s is a number of seconds, 0 or more, not {quoted(seconds, 60)}")


def check_feedback(answers: object, seat: int, error: type[IcewidgetsError] = IllegalMove) -> None:
    if not isinstance(answers, dict):
        raise error(f"seat {seat}'s feedback is an object: fun, tension, clarity (1 to 5) and a comment")
    unknown = sorted(set(answers) - set(FEEDBACK))
    if unknown:
        raise error(f"seat {seat}'s feedback has no {quoted_list(unknown)}: it holds "
                    "fun, tension, clarity (1 to 5) and a comment")
    for name in RATINGS:
        value = answers.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 5):
            raise error(f"seat {seat}'s {name} is a whole number from 1 to 5 (or none), not {quoted(value, 60)}")
    comment = answers.get("comment", "")
    if not isinstance(comment, str) or len(comment) > MAX_COMMENT:
        raise error(f"seat {seat}'s feedback comment is a text of at most {MAX_COMMENT} characters")


def canonical_metadata(metadata: Mapping[str, JSON]) -> JSONObject:
    """The metadata as a record writes it: the session's known keys first, in a fixed order, each
    seat's feedback by seat number and in a fixed order; the rest as it was."""
    out = dict(metadata)
    session = out.get("session")
    if isinstance(session, dict):
        known = {k: session[k] for k in SESSION if k in session}
        out["session"] = {**known, **{k: v for k, v in session.items() if k not in SESSION}}
    feedback = out.get("feedback")
    if isinstance(feedback, dict) and all(_is_seat_key(k) for k in feedback):
        out["feedback"] = {
            k: ({n: v[n] for n in FEEDBACK if n in v} if isinstance(v, dict) and set(v) <= set(FEEDBACK) else v)
            for k, v in sorted(feedback.items(), key=lambda kv: int(kv[0]))
        }
    return out


def _is_seat_key(key: object) -> bool:
    """A seat number as a JSON key: "0", "1", ... (no sign, no leading zero)."""
    return isinstance(key, str) and 0 < len(key) <= 4 and key.isascii() and key.isdigit() and key == str(int(key))


def _is_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_time(text: str) -> bool:
    try:
        dt.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True

