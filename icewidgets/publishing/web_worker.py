"""The board of a playable page, run in the reader's browser (the page's web worker, on Pyodide):
a Session built from the records the page carries (`play.playable`), told the page's messages
as the widget's are (`Session.receive`), whose fields go back to the page as JSON after every
action. Agents answer in the worker itself, each search run from its event loop once the action
that asked for it has been told (so the page draws a person's move, then the agent thinking),
MCTS within a time budget. The reader's games are a playtest session of their own, named by the
page they were played on.

A page for one seat shows only that seat's view and deals its games itself, from the browser's
cryptographic randomness: no update or download holds the seed, the view cannot be changed nor
the editor opened, a chance event cannot be set by hand, and a new game takes no seed. Where the
game hides information its records leave the page sealed for the designer (`download`: the
worker's script seals them with the page's key before the page sees them, `core/sealed.py`).

Every message is answered: one the worker cannot read (not JSON, nested too deeply, of the wrong
shape, or one the board cannot act on) is refused in the board's error line, the game kept."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from ..core.chance import new_seed
from ..core.errors import cut
from ..core.record import Record, record_from_json
from ..core.record_format import MAX_FILE_BYTES
from ..session import view
from ..session.computer import Later
from ..session.session import Session
from .shipped_code import run_codes

THINK_SECONDS = 1.5
"""The most an MCTS seated in the page searches a move: it answers within 2 s."""
NOT_SENT = ("_records",)
"""Fields the page does not use: the records stay in the worker (Download asks for them)."""
SEAT_ONLY = {"viewer": "the view is set", "edit": "the editor would show every secret",
             "edit_done": "the editor would show every secret", "edit_cancel": "the editor would show every secret",
             "seat_agent": "the players are set", "set_chance": "the deals and dice are the browser's to make"}
"""What a page for one seat refuses, and why."""
MAX_DEPTH = 32
"""How deeply a message's JSON may nest (a page's messages nest a few levels)."""


def too_deep(text: str) -> bool:
    """Whether JSON text nests its objects and lists more than MAX_DEPTH deep (strings aside), read
    without recursion: a reader that recursed would overflow the worker's stack first."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]', text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif mark in "]}":
            depth -= 1
    return False


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "seat"


class Player:
    """A playable page's session; `post` gets each update as JSON text."""

    def __init__(self, data: str, post: Callable[[str], None], later: Later | None = None,
                 deal: int | None = None) -> None:
        """`data`: the board's start (`play.started`), as JSON text; `later`: how an agent's
        search is run once the action that asked for it has been told to the page (default: the
        running event loop's call_soon, Pyodide's in the worker); `deal`: the seed a seat's page
        deals from (default: a fresh one)."""
        config = json.loads(data)
        self.seat: int | None = config.get("seat")
        self.sealed = config.get("seal") is not None
        records = config["records"]
        run_codes(config.get("code"))  # a designer's game the page ships, defined before its records are read
        if self.seat is not None:  # a fresh deal, made here: the page held no seed
            records = [{**records[0], "seed": new_seed() if deal is None else deal}]
        read = [record_from_json(r) for r in records]
        shown = config.get("shown", 0)
        hidden = read[shown].game.hidden_information if 0 <= shown < len(read) else False
        self.session = Session(read[0], background=later or _call_soon, think_seconds=THINK_SECONDS, on_page=True,
                               seed_hidden=self.seat is not None or hidden)
        for record in read[1:]:
            self.session._add_record(record)
        cursors = [] if self.seat is not None else config.get("cursors", [])  # a fresh deal starts dealt
        for i, (record, cursor) in enumerate(zip(read, cursors, strict=False)):
            self.session.switch_game(i)
            self.session.goto(record.nodes[cursor] if 0 <= cursor < len(record.nodes) else record.root)
        self.session.switch_game(shown)
        self._show_hands(config)
        for seat, agent in config.get("agents", {}).items():
            self.session.seat_agent(int(seat), agent)
        page = config.get("page") or ""
        self.session.begin_playtest(**({"page": page} if page else {}))
        self.tag = secrets.token_hex(2)  # the reader's files apart from another reader's
        self.post = post
        self.session.listen(self._tell)
        post(json.dumps({"fields": self._sent(self.session.shown), "splices": {}}))

    def _show_hands(self, config: dict[str, Any]) -> None:
        """Hidden hands as the page shows them: the seat's own on a seat's page; else following the
        turn (locked, unless the designer unlocked it), or the one seat the board showed."""
        if not self.session.game.hidden_information:
            return
        if self.seat is not None:
            self.session.view(self.seat)
        elif config.get("follow") or config.get("viewer") is None:
            self.session.view(None, follow=True)
            self.session.unlock_view(bool(config.get("unlocked")))
        else:
            self.session.view(config["viewer"])

    def _sent(self, fields: dict[str, Any]) -> dict[str, Any]:
        sent = {k: v for k, v in fields.items() if k not in NOT_SENT}
        if self.seat is not None:  # no control to change the view or the players
            sent.update({k: [] for k in ("viewers", "agent_choices", "seated") if k in sent})
        return sent

    def _tell(self, fields: dict[str, Any], splices: dict[str, list[Any]]) -> None:
        self.post(json.dumps({"fields": self._sent(fields),
                              "splices": {k: v for k, v in splices.items() if k not in NOT_SENT}}))

    def receive(self, text: str) -> None:
        """A message from the page, as JSON text: acted on, or refused in the error line."""
        refused = self._refusal(text)
        if refused:
            self.session.say(refused)
            return
        try:
            self.session.receive(json.loads(text))
        except Exception as e:  # the session names what it refuses; whatever else it met is said here
            self.session.say(f"the board could not act on that message ({cut(str(e) or type(e).__name__, 200)})")

    def _refusal(self, text: str) -> str:
        """Why a message is refused before the board reads it, or ""."""
        if not isinstance(text, str):
            return "the message is not text"
        if len(text) > MAX_FILE_BYTES:
            return "the message is too long"
        if too_deep(text):
            return f"the message nests more than {MAX_DEPTH} levels deep"
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return "the message is not JSON"
        if self.seat is None or not isinstance(message, dict):
            return ""
        do = message.get("do")
        if do in SEAT_ONLY:
            return f"this page is for one seat: {SEAT_ONLY[do]}"
        if do == "new_game" and message.get("seed") is not None:
            return "this page is for one seat: each game is dealt afresh, with no seed to choose"
        return ""

    def download(self) -> str:
        """The record of the game shown, with its notes, session and feedback: the file's name
        (the game, when the reader began, the seat's player or the players, and a tag of this
        page's reader, so that readers' files never take each other's names),
        and either its JSON and text form, or, on a page that seals, the record and what the seat
        saw, for the worker's script to seal."""
        record = self.session.record
        name = self.file_name(record)
        if self.sealed and self.seat is not None:
            return json.dumps({"name": name, "seal": {"record": record.dumps(), "seen": json.dumps(self.seen(record))}})
        return json.dumps({"name": name, "json": record.dumps(), "text": record.to_text()})

    def file_name(self, record: Record) -> str:
        session = record.metadata.get("session", {})
        started = session.get("started") or dt.datetime.now().astimezone().isoformat(timespec="seconds")
        when = started[:19].replace(":", "").replace("T", "-")
        who = slug(record.players[self.seat] if self.seat is not None else "-".join(record.players))
        return f"{record.game.name}-{when}-{who}-{self.tag}"

    def seen(self, record: Record) -> dict[str, Any]:
        """What the seat saw of its game, kept in the clear beside the sealed record."""
        game, seat = record.game, self.seat
        line = record.mainline()
        return {"game": game.name, "title": game.title, "variant": str(game.variant), "players": record.players,
                "seat": seat, "metadata": record.metadata,
                "moves": [[view.text(game, node, seat), node.comment] for node in line[1:]]}


def _call_soon(run: Callable[[], None]) -> None:
    asyncio.get_event_loop().call_soon(run)
