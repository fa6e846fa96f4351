"""The page's side of a playable board's worker, in CPython: what the worker posts, kept as the
page's model keeps it, and the boards a published page carries."""

from __future__ import annotations

import json
import re

from icewidgets.publishing.page import BOARD_TYPE
from icewidgets.publishing.web_worker import Player


class Page:
    """The page's side of a Player: the fields as the worker model keeps them."""

    def __init__(self, data: dict) -> None:
        self.posts: list[str] = []
        self.fields: dict = {}
        self.later: list = []  # the agents' searches, run as the worker's event loop runs them
        self.player = Player(json.dumps(data), self.post, self.later.append)
        self.settle()

    def settle(self) -> None:
        """Run what the worker's event loop would run next, until nothing is left."""
        while self.later:
            self.later.pop(0)()

    def post(self, text: str) -> None:
        self.posts.append(text)
        update = json.loads(text)
        self.fields.update(update["fields"])
        for start, removed, rows in update["splices"].get("_timeline", []):
            self.fields["_timeline"][start:start + removed] = rows

    def send(self, **message) -> None:
        self.player.receive(json.dumps(message))
        self.settle()

    def click(self, text: str) -> None:
        """Play a move by its click path, as the page's picker sends it."""
        session = self.player.session
        paths = session.game.move_paths(session.state, session.game.parse_move(session.state, text))
        seat = self.fields["actors"][0]["seat"]
        self.send(do="path", cursor=self.fields["cursor"], seat=seat, path=list(paths[0]))


def boards_in(page: str) -> list[dict]:
    return [json.loads(m) for m in re.findall(f'<script type="{re.escape(BOARD_TYPE)}">(.*?)</script>', page, re.S)]
