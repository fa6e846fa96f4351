"""A position being set up on a Board: the edits the game offers, as the page clicks them.

The editor holds no rules: the game lists its edits (`setup_actions`) with their click paths, and
they reach the page as one actor's trie and buttons, so the front end picks edits as it picks
moves. What is sent back is looked up among those edits; anything else is refused.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalMove, quoted
from ..core.game import Game
from ..core.setup import Edit

EDITOR = "editor"
"""The seat the page sees for the editor's clicks (no player's)."""


class Editor:
    """The position being edited, and the edits offered in it."""

    def __init__(self, game: Game, state: object, names: list[str]) -> None:
        self.game = game
        self.names = names
        self.state = game.setup_position(state)
        self._edits: list[Edit] = []
        self._by_path: dict[tuple[str, ...], Edit] = {}
        self._by_text: dict[str, Edit] = {}
        self._offer()

    def _offer(self) -> None:
        self._edits = self.game.setup_actions(self.state)
        self._by_path = {e.path: e for e in self._edits if e.path}
        self._by_text = {e.text: e for e in self._edits}

    def apply(self, edit: Edit | str) -> None:
        """Make an edit (one offered here, or its text)."""
        self.state = self.game.apply_setup(self.state, edit)
        self._offer()

    def apply_path(self, path: object) -> None:
        if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
            raise IllegalMove("an edit's clicks are a list of target ids")
        edit = self._by_path.get(tuple(path))
        if edit is None:
            raise IllegalMove(f"no edit has the clicks {' then '.join(path) or 'none'}")
        self.apply(edit)

    def apply_text(self, text: object) -> None:
        edit = self._by_text.get(text) if isinstance(text, str) else None
        if edit is None:
            raise IllegalMove(f"{quoted(str(text), 40)} is not an edit this board offers")
        self.apply(edit)

    def problems(self) -> list[str]:
        return self.game.validate(self.state)

    # -- what the page shows ----------------------------------------------------------------
    def actor(self) -> dict[str, object]:
        """The editor as the page's one actor: the trie of edit paths, and the buttons."""
        tree: dict[str, Any] = {}
        for edit in self._edits:
            if not edit.path:
                continue
            branch = tree
            for key in edit.path[:-1]:
                branch = branch.setdefault(key, {})
            branch[edit.path[-1]] = edit.kind
        buttons = [[e.text, e.label or e.text] for e in self._edits if not e.path]
        return {"seat": EDITOR, "name": "Editor", "colour": "grey", "tree": tree, "buttons": buttons}

    def scene(self) -> dict[str, Any]:
        """The designer's view with the supply; no roll or draw is offered while editing."""
        scene: dict[str, Any] = dict(self.game.setup_scene(self.state, self.names))
        for region in scene["regions"]:
            if region["kind"] in ("dice", "deck"):
                region["due"] = False
                region["settable"] = False
                if region["kind"] == "deck":
                    region["choices"] = []
        return scene

    def status(self) -> str:
        problems = self.problems()
        if problems:
            shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
            return f"Editing the position. Not possible yet: {shown}."
        turn = self.game.status(self.state, self.names)
        return f"Editing the position ({turn.rstrip('.')}). Done starts a new game from here."
