"""The board of a playable page, run in the reader's browser (the page's web worker, on Pyodide):
a Session built from the records the page carries (`play.play_data`), told the page's messages
as the widget's are (`Session.receive`), whose fields go back to the page as JSON after every
action. Agents answer in the worker itself, each search run from its event loop once the action
that asked for it has been told (so the page draws a person's move, then the agent thinking),
MCTS within a time budget. A page for one seat shows only that seat's view: the view cannot be changed, nor the
editor opened (it shows every secret)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from ..core.chance import new_seed
from ..core.record import MAX_FILE_BYTES, record_from_json
from ..session.computer import Later
from ..session.session import Session

THINK_SECONDS = 1.5
"""The most an MCTS seated in the page searches a move: it answers within 2 s."""
NOT_SENT = ("_records",)
"""Fields the page does not use: the records stay in the worker (Download asks for them)."""
SEAT_ONLY = frozenset({"viewer", "edit", "edit_done", "edit_cancel", "seat_agent"})
"""What a page for one seat refuses: another view, the editor, changing who plays."""


class Player:
    """A playable page's session; `post` gets each update as JSON text."""

    def __init__(self, data: str, post: Callable[[str], None], later: Later | None = None) -> None:
        """`later`: how an agent's search is run once the action that asked for it has been told
        to the page (default: the running event loop's call_soon, Pyodide's in the worker)."""
        config = json.loads(data)
        self.seat: int | None = config.get("seat")
        records = config["records"]
        if self.seat is not None:  # a fresh deal, made here: the page held no seed
            records = [{**records[0], "seed": new_seed()}]
        read = [record_from_json(r) for r in records]
        shown = config.get("shown", 0)
        self.session = Session(read[0], background=later or _call_soon, think_seconds=THINK_SECONDS)
        for record in read[1:]:
            self.session._add_record(record)
        cursors = [] if self.seat is not None else config.get("cursors", [])  # a fresh deal starts dealt
        for i, (record, cursor) in enumerate(zip(read, cursors, strict=False)):
            self.session.switch_game(i)
            self.session.goto(record.nodes[cursor] if 0 <= cursor < len(record.nodes) else record.root)
        self.session.switch_game(shown)
        viewer = config.get("viewer")
        if self.seat is not None:
            if self.session.game.hidden_information:
                self.session.view(self.seat)
        elif viewer is not None or self.session.game.hidden_information:
            self.session.view(None, follow=True) if viewer is None else self.session.view(viewer)
        for seat, agent in config.get("agents", {}).items():
            self.session.seat_agent(int(seat), agent)
        self.post = post
        self.session.listen(self._tell)
        post(json.dumps({"fields": self._sent(self.session.shown), "splices": {}}))

    def _sent(self, fields: dict[str, Any]) -> dict[str, Any]:
        sent = {k: v for k, v in fields.items() if k not in NOT_SENT}
        if self.seat is not None:  # no control to change the view or the players is offered
            sent.update({k: [] for k in ("viewers", "agent_choices", "seated") if k in sent})
        return sent

    def _tell(self, fields: dict[str, Any], splices: dict[str, list[Any]]) -> None:
        self.post(json.dumps({"fields": self._sent(fields),
                              "splices": {k: v for k, v in splices.items() if k not in NOT_SENT}}))

    def receive(self, text: str) -> None:
        """A message from the page, as JSON text."""
        if len(text) > MAX_FILE_BYTES:
            self.session.say("the message is too long")
            return
        try:
            message = json.loads(text)
        except ValueError:
            self.session.say("the message is not JSON")
            return
        if self.seat is not None and isinstance(message, dict) and message.get("do") in SEAT_ONLY:
            self.session.say("this page is for one seat: the view and the players are set")
            return
        self.session.receive(message)

    def download(self) -> str:
        """The record of the game shown, with its notes, session and feedback: the file's name,
        its JSON and its text form."""
        record = self.session.record
        name = f"{record.game.name}-{record.seed}"
        return json.dumps({"name": name, "json": record.dumps(), "text": record.to_text()})



def _call_soon(run: Callable[[], None]) -> None:
    asyncio.get_event_loop().call_soon(run)
