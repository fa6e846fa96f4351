"""A board's session, in plain Python: the games it holds and the cursor of each, whose view is
shown, the set-up editor, the computer players, the playtest side (clocks and autosave), hints
and the last refusal; and everything a front end shows of them, as plain data (`shown`).

It holds no rules: it asks the game for the legal moves, the scene and the status. Any front end
drives it: through the public methods (a refusal raises, naming the problem, and the game in
hand is kept as it was), or with the page's messages (`receive`: a refusal shows in the `error`
field). Each action, also one an agent's thread makes, ends by telling the listeners once what it
set (`sync.py`), so a front end sends one message per action.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeGuard

from ..agents import make_agent
from ..agents.base import answer_problem, percent, percents, position_words
from ..core.chance import CHANCE, new_seed
from ..core.errors import AgentError, BadOption, BadPosition, IcewidgetsError, IllegalMove, cut, quoted
from ..core.game import PUBLIC, Game, Outcome
from ..core.json_types import JSON, JSONObject
from ..core.record import Node, Record, check_comment
from ..core.registry import game_class
from ..playtest.board_view import feedback_form, node_notes
from ..playtest.recording import Playtest, Source, feedback_entry, noted, read_source, session_with
from . import view
from .computer import Computer, Later
from .handlers import dispatch
from .protocol import FILTER, MAX_FILTER, NO_GAME, NO_SEAT
from .setup_editor import Editor
from .sync import Listener, Sync
from .timeline import FIELDS

log = logging.getLogger(__name__)


class Session:
    """The games of a board and all it shows of them; see the module's docstring."""

    def __init__(self, record: Record, *, auto_chance: bool = True, background: bool | Later = True,
                 autosave: str | os.PathLike[str] | None = None, source: Source | None = None,
                 think_seconds: float | None = None, on_page: bool = False, seed_hidden: bool = False) -> None:
        """`autosave`: a folder where each game's record is written after every change; `source`:
        the file the record was read from (path and bytes), written again if it lies in that
        folder; `background`: agents think in a thread of their own (or, given a function, in what it
        runs later: a host's event loop); `think_seconds`: the most an
        MCTS seated by name searches a move (its simulations are then not counted); `on_page`: a
        published page's reader drives the board (its refusals speak to them, not to Python);
        `seed_hidden`: the front end is told no seed (a seat's page, where the seed would show
        the other seats' cards)."""
        self.on_page = on_page
        self.seed_hidden = seed_hidden
        self.auto_chance = auto_chance
        self._sync = Sync()
        self.shown = self._sync.shown
        """The fields a front end shows, by name (the Board's traits)."""
        self._records = [record]
        self._cursors = [record.root]  # where each game was left (the game shown: see _node)
        self._node = record.root
        self._paths: view.Paths = {}  # the move of each click path the page was offered
        self._listed: view.Listed = []  # the moves the page was offered, in order
        self._schema_of: Record | None = None  # the game that variant_schema and seed show
        self._computer = Computer(background, think_seconds)
        self._lock = threading.RLock()  # an agent's answer comes from its own thread
        self._editor: Editor | None = None  # the position being set up, while the editor is open
        self._playtest = Playtest(autosave)
        self._playtest.track(record, source)
        self._depth = 0  # actions under way (an action may call others)
        self._view_unlocked = False  # the page may leave hot-seat's view of the seat to act
        self._session_fields: JSONObject = {}  # what the session of a game begun here holds
        self._move_filter = ""  # the words the move list is filtered by
        self._moves_open = False  # the legal-move list folded: only its count is sent
        with self._acting():
            self._go(record.root)

    def __repr__(self) -> str:
        return f"<Session {self.game.variant} at node {self._node.id} of {len(self.record.nodes)}>"

    def listen(self, listener: Listener) -> None:
        """Tell `listener` the fields each action sets from now on (see `Listener`)."""
        self._sync.listen(listener)

    # -- what is shown ------------------------------------------------------------------------
    @property
    def record(self) -> Record:
        """The record of the game in hand."""
        return self._records[self.game_index]

    @property
    def records(self) -> list[Record]:
        """Every game this board holds, oldest first. A new game or a loaded file keeps the earlier
        ones reachable (`switch_game`)."""
        return list(self._records)

    @property
    def cursors(self) -> list[Node]:
        """The node each game is at (the game in hand's cursor, and where the others were left)."""
        return [self._node if i == self.game_index else node for i, node in enumerate(self._cursors)]

    @property
    def game(self) -> Game:
        """The rules of the game in hand."""
        return self.record.game

    @property
    def agent_choices(self) -> list[str]:
        """The agents the page may seat, by name: every game's, and the game's own."""
        return Computer.choices(self.game)

    @property
    def node(self) -> Node:
        """The node at the cursor."""
        return self._node

    @property
    def state(self) -> object:
        """The game state at the cursor (an immutable value)."""
        return self._node.state

    @property
    def editor(self) -> Editor | None:
        """The position being set up, while the editor is open."""
        return self._editor

    @property
    def game_index(self) -> int:
        return int(self.shown["game_index"])

    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown (None: the designer's view of everything)."""
        seat: int | None = self.shown["viewer"]
        return seat

    @property
    def timeline(self) -> list[JSONObject]:
        """The record as the move list shows it, in reading order, each row with `id`, `parent`,
        `ply`, `label` (the move in words as the viewer may read them), `colour` (of the mover),
        `depth` (variation nesting) and `comment`."""
        return [dict(zip(FIELDS, row, strict=True)) for row in self.shown["_timeline"]]

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """The texts of the legal moves at the cursor, of one seat or of all who may act."""
        state = self.state
        return [self.game.move_text(state, m) for m in self.game.legal_moves(state, seat)]

    def outcome(self) -> Outcome | None:
        """The outcome at the cursor (None while the game goes on)."""
        return self.game.outcome(self.state, self.record.players)

    # -- acting -----------------------------------------------------------------------------
    def play(self, text: str) -> Node:
        """Play a move by its text at the cursor. Past the end of a line it extends the line;
        at an earlier node it starts a variation (the main line is kept). An agent seated at the
        seat to act then answers."""
        with self._acting():
            self._not_thinking()
            return self._person_moved(self.record.add_text(self._node, text))

    def roll(self) -> Node:
        """Let the seeded generator decide the chance event due at the cursor."""
        with self._acting():
            self._not_thinking()
            return self._person_moved(self.record.roll(self._node))

    def set_chance(self, values: Sequence[object], replace: bool | str = False) -> Node:
        """Set the chance event by hand: dice faces (`[5, 6]`) or what is drawn (`["castle"]`).
        Where chance is due at the cursor it is played. Where the cursor was reached by a chance
        event that nothing has followed yet (one the board rolled by itself), `replace=True`
        replaces that event: the hand-set one takes its place in the line, and the replaced one
        is dropped unless it carries notes. Without it that call is refused, naming the event it
        would replace (`replace` may also be that event's text, as the page sends it)."""
        at, replaced = self._node, None
        game, record = self.game, self.record
        if not isinstance(replace, (bool, str)):
            raise IllegalMove("replace is True, False or the text of the chance event it replaces")
        if game.to_act(at.state) != (CHANCE,):
            if not view.replaceable(game, at):
                raise IllegalMove("no chance event is due here, and this position was not reached by one")
            viewer = view.viewer_for(game, self.viewer)
            said = view.label(game, at, viewer, record.players)
            if not replace:
                raise IllegalMove(f"no chance event is due here: this position was reached by {said!r} "
                                  f"(move {at.ply}), which nothing follows yet; set_chance(values, "
                                  f"replace=True) replaces it")
            if isinstance(replace, str) and replace != view.text(game, at, viewer):
                raise IllegalMove(f"this position was reached by {said!r}, not by the chance event the page "
                                  f"showed: nothing was replaced")
            assert at.parent is not None  # a chance event led here
            at, replaced = at.parent, at
        if not isinstance(values, (list, tuple)) or not all(
            isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in values
        ):
            raise IllegalMove("chance values are a list of whole numbers (dice) or names (draws)")
        move = game.chance_from_values(at.state, list(values))
        with self._acting():
            self._not_thinking()
            new = record.add(at, move) if replaced is None else self._replace_chance(replaced, move)
            return self._person_moved(new, roll=False)

    def _replace_chance(self, replaced: Node, move: object) -> Node:
        """The node of a hand-set chance event that takes the place of `replaced` (a leaf)."""
        record, at = self.record, replaced.parent
        assert at is not None
        text = self.game.move_text(at.state, move)
        same = next((c for c in at.children if c.text == text), None)
        if same is replaced:
            return replaced
        if replaced.comment or replaced.annotations:  # a noted roll stays, as a variation
            new = same or record.add(at, move)
            if same is None:
                at.children.remove(new)
                at.children.insert(at.children.index(replaced), new)
                self._reshape()  # the order changed: the lists are sent whole
            return new
        if same is not None:  # the event set is a line here already
            record.remove(replaced)
            self._reshape()
            return same
        record.replace(replaced, move)
        self._sync.touched.append(replaced)
        return replaced

    def back(self) -> Node:
        """Show the node before the cursor's."""
        with self._acting():
            return self._go(self._node.parent or self._node)

    def forward(self) -> Node:
        """Show the next node of the line (the first child)."""
        with self._acting():
            return self._go(self._node.children[0] if self._node.children else self._node)

    def goto(self, node: Node | int) -> Node:
        """Show a node of the record, by node or id."""
        with self._acting():
            if not isinstance(node, Node):
                node = self.record.node(node)
            return self._go(self.pick(node))

    def comment(self, text: str, node: Node | int | None = None) -> None:
        """Attach a plain-text comment to a node (the cursor's by default); "" removes it."""
        with self._acting():
            target = self.pick(node)
            check_comment(text)
            target.comment = text
            self._noted(target)

    def annotate(self, node: Node | int | None = None, *, arrows: JSON = None, highlights: JSON = None,
                 mark: str | None = None, tags: JSON = None, **other: JSON) -> None:
        """Annotate a node (the cursor's by default): `arrows` as (from, to) pairs of scene ids,
        `highlights` (scene ids), a move `mark` ("!", "?", "!!", "??", "!?", "?!") and free
        `tags`; any other keyword is stored as a JSON value. None keeps what is there, [] or ""
        clears it. A bad value is refused and the node keeps its notes."""
        with self._acting():
            target = self.pick(node)
            target.annotations = noted(target, arrows, highlights, mark, tags, other)
            self._noted(target)

    def tag(self, *tags: str, node: Node | int | None = None) -> None:
        """Add free tags to a node (the cursor's by default): `board.tag("rules question")`."""
        with self._acting():
            target = self.pick(node)
            self.annotate(target, tags=[*target.annotations.get("tags", []), *tags])

    def mark(self, glyph: str, node: Node | int | None = None) -> None:
        """Mark the move that led to a node: "!", "?", "!!", "??", "!?", "?!" ("" for none)."""
        self.annotate(node, mark=glyph)

    def session(self, **fields: JSON) -> JSONObject:
        """Set the playtest session of the game in hand (None removes a field): `seats` (who
        played which seat), `date` ("YYYY-MM-DD"), `place`, and keys of your own; `started` and
        `duration_s` are kept by the board as the game is played. Returns the session."""
        with self._acting():
            record = self.record
            record.metadata["session"] = session_with(record, fields)
            self._changed(record)
            return dict(record.metadata["session"])

    def begin_playtest(self, **fields: JSON) -> None:
        """Make every game this board holds, and every one begun on it, a new playtest session
        from now on: each one's session holds only `fields` (the page it was played on, say), and
        says it started at its next move. A published page's reader begins so."""
        with self._acting():
            self._session_fields = dict(fields)
            for record in self._records:
                self._begun(record)
                self._playtest.restart(record)

    def _begun(self, record: Record) -> Record:
        """A game begun on this board: its session holds the fields `begin_playtest` gave."""
        record.metadata.pop("session", None)
        if self._session_fields:
            record.metadata["session"] = session_with(record, self._session_fields)
        return record

    def feedback(self, seat: int, fun: int | None = None, tension: int | None = None,
                 clarity: int | None = None, comment: str = "") -> dict[str, object]:
        """A player's feedback on the game in hand: fun, tension and clarity from 1 to 5 (None:
        not rated) and a comment; it replaces the seat's earlier answers. Returns them."""
        with self._acting():
            record = self.record
            entry = feedback_entry(record, seat, {"fun": fun, "tension": tension, "clarity": clarity}, comment)
            answers = dict(record.metadata.get("feedback", {}))
            answers[str(seat)] = entry
            record.metadata["feedback"] = dict(sorted(answers.items(), key=lambda kv: int(kv[0])))
            self._changed(record)
            return dict(entry)

    @property
    def autosave_path(self) -> Path | None:
        """The file the game in hand is autosaved to (None without autosave, or before its first
        change)."""
        return self._playtest.path(self.record)

    def promote(self, node: Node | int | None = None) -> None:
        """Make the line through a node (the cursor's by default) the main line."""
        with self._acting():
            self.record.promote(self.pick(node))
            self._noted()

    def new_game(self, *, seed: int | None = None, names: list[str] | None = None, **options: object) -> None:
        """Start a new game; options change the current variant (unknown or bad ones are refused
        and the game in hand is kept). The game in hand stays reachable (`records`,
        `switch_game`). Without a seed the new game gets a fresh one; player names carry over
        while the number of players stays."""
        game = type(self.game)(self.game.variant.replace(**options))
        kept = names
        if kept is None and game.seats == len(self.record.players):
            kept = self.record.players
        self._add_record(self._begun(Record(game, new_seed() if seed is None else seed, kept)))

    # -- set-up positions -----------------------------------------------------------------
    def setup(self, position: object = None, *edits: str, seed: int | None = None) -> None:
        """Start a new game from a set-up position: `position` is the game's position JSON (see
        its `position_to_json`) or a state, by default the position shown; `edits` are editor
        edits made in order ("put r3 on T1", "turn 1"). The record starts there and keeps it. An
        impossible position is refused (BadPosition naming every problem) and the game in hand
        is kept; it stays reachable after a new game too (`switch_game`)."""
        game = self.game
        if position is None:
            state = game.setup_position(self.state)
        elif isinstance(position, dict):
            state = game.position_from_json(position)
        else:
            try:
                state = game.setup_position(position)
                game.validate(state)
            except (TypeError, AttributeError, IndexError, KeyError, ValueError) as e:
                if isinstance(e, IcewidgetsError):
                    raise
                raise BadPosition(f"that is no {game.title} position ({type(e).__name__}: {e})") from None
        for edit in edits:
            state = game.apply_setup(state, edit)
        self._start_from(game.check_position(state), seed)

    def edit(self, *edits: str) -> None:
        """Open the editor at the position shown (the page's Edit button), and make `edits` there
        ("put r3 on T1"); `edit_done()` then starts a new game from it, `edit_cancel()` leaves it."""
        with self._acting():
            if self._editor is None:
                if not self.game.editable:
                    raise IllegalMove(f"{self.game.title} has no set-up editor")
                self._not_thinking()
                if self.viewer is not None and self.game.hidden_information:
                    raise IllegalMove("the editor shows every secret: switch to the designer's view first")
                editor = Editor(self.game, self.state, self.record.players)
            else:
                editor = self._editor
            for text in edits:
                editor.apply(text)
            self._editor = editor
            self._put("editing", True)
            self._show()

    def edit_done(self, seed: int | None = None) -> None:
        """Start a new game from the position in the editor; an impossible one is refused
        (BadPosition naming every problem) and the editor stays open to fix it."""
        if self._editor is None:
            raise IllegalMove("the editor is not open (board.edit() opens it)")
        self._start_from(self.game.check_position(self._editor.state), seed)

    def edit_cancel(self) -> None:
        """Close the editor; the game in hand is as it was."""
        if self._editor is not None:
            with self._acting():
                self._close_editor()
                self._show()

    def _start_from(self, state: object, seed: int | None) -> None:
        record = self.record
        new = Record(self.game, new_seed() if seed is None else seed, record.players, setup=state)
        with self._acting():
            self._close_editor()
            self._add_record(self._begun(new))

    def switch_game(self, index: int) -> None:
        """Show another game this board holds (0 is the first), where it was left."""
        if not is_int(index) or not 0 <= index < len(self._records):
            raise IllegalMove(NO_GAME.format(last_game=len(self._records) - 1, value=quoted(index)))
        with self._acting():
            self._cursors[self.game_index] = self._node
            self._put("game_index", index)
            self._go(self._cursors[index], roll=False)

    def view(self, seat: int | None = None, *, follow: bool = False) -> None:
        """Show the board as one seat sees it (None: the designer's view of everything); with
        `follow`, the view follows the seat to act (hot-seat play). Only where information is
        hidden does the view change what is shown."""
        self.check_seat(seat, none=True)
        if not isinstance(follow, bool):
            raise IllegalMove("follow is true or false")
        if not self.game.hidden_information and (seat is not None or follow):
            raise IllegalMove(f"{self.game.title} hides nothing: every seat sees the whole board")
        with self._acting():
            self._put("viewer", seat)
            self._put("follow_turn", follow)
            self._put("curtain", "")
            self._go(self._node, roll=False)

    @property
    def agents(self) -> dict[int, str]:
        """The computer players seated, by seat, each by the name it was seated with ("greedy",
        "mcts:200"), or the agent's own name where it was given as an object or a function."""
        return dict(self._computer.specs)

    @property
    def follow_turn(self) -> bool:
        """Whether the view follows the seat to act (hot-seat play)."""
        return bool(self.shown["follow_turn"])

    @property
    def view_unlocked(self) -> bool:
        """Whether `unlock_view()` lets the page leave hot-seat play's view."""
        return self._view_unlocked

    @property
    def view_locked(self) -> bool:
        """Whether the page may not leave the seat to act's view: while the board follows the turn
        in a game that hides information, unless `unlock_view()` was called."""
        return bool(self.shown["follow_turn"]) and self.game.hidden_information and not self._view_unlocked

    def unlock_view(self, unlocked: bool = True) -> None:
        """Let the page's "View as" leave hot-seat play for the designer's view (or another
        seat's) while the board follows the turn; `unlock_view(False)` locks it again. Python's
        own `view()` is never locked."""
        if not isinstance(unlocked, bool):
            raise IllegalMove("unlock_view takes true or false")
        with self._acting():
            self._view_unlocked = unlocked
            self._put("view_locked", self.view_locked)

    def view_from_page(self, seat: int | None, follow: bool) -> None:
        """The page's "View as": as `view`, but while the view is locked (`view_locked`) the view
        stays the seat to act's, following the turn, so a player cannot peek at another's hand."""
        if self.view_locked and (not follow or seat != self.viewer):
            self.check_seat(seat, none=True)
            whose = "the designer's view" if seat is None else f"the view of {self.record.players[seat]}"
            why = ("on this page" if self.on_page else
                   "while the board follows the turn (board.unlock_view() in Python allows it)")
            raise IllegalMove(f"hot-seat play keeps each hand hidden: {whose} is not shown {why}")
        self.view(seat, follow=follow)

    def lift_curtain(self) -> None:
        """Show the seat to act its view, once the screen has been passed to them (hot-seat
        play following the turn)."""
        if self.shown["curtain"]:
            with self._acting():
                self._put("curtain", "")
                self._show()

    # -- computer players ----------------------------------------------------------------------
    def seat_agent(self, seat: int, agent: object) -> None:
        """Seat a computer player: "random", "greedy", "mcts", "mcts:500" (simulations a move),
        one of the game's own agents (Ice Fortress: "fortressbot"), an `icewidgets.agents.Agent`,
        or a function `fn(game, state, seat, rng)`; None gives the seat back to a person. When
        that seat is to act, the agent answers at once."""
        self.check_seat(seat)
        with self._acting():
            self._computer.seat(seat, agent, seed=self.record.seed * 31 + seat, game=self.game)
            self._put("seated", view.seated(self.game, self._computer.specs))
            self._show_actors()
            self._computer.answered = 1  # in a turnless game it waits for a person's action
            self._answer()

    def stop(self) -> None:
        """Stop the agent that is thinking: its answer is dropped and its seat goes back to a
        person."""
        with self._acting():
            seat = self.shown["thinking"].get("seat")
            if seat is None:
                return
            self._computer.stop()
            self._computer.seat(seat, None, 0, self.game)
            self._put("seated", view.seated(self.game, self._computer.specs))
            self._put("thinking", {})
            self._show_actors()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no agent is thinking, nor a hint the page asked for (in scripts and
        notebooks, before the next move from Python); False if one still is after `timeout`
        seconds."""
        return self._computer.wait(timeout)

    def hint(self, seat: int | None = None, agent: object = None) -> list[JSONObject]:
        """An agent's preferences at the position shown, without playing: its best few moves,
        best first, drawn on the board (`hints`) and returned. Each has its `text`, its `label`
        (in words, as its button says it), its `path`, its `share` of the agent's preference (of
        MCTS's simulations), its `value` (the agent's estimate of the seat's chance of winning
        after it, in a cooperative game the team's, in [0, 1]; None where the agent makes none),
        that value as the board labels it (`value_text`, "64%") and its figures in words (`note`:
        "wins 64% (120 of 200 simulations)"). `seat`: whose moves (default: the viewer, else the
        seat to act); `agent`: any agent `seat_agent` takes, by default the game's `hint_agent`
        (its strongest player that answers within 2 seconds)."""
        return self._hint_at(self.record, self._node, self._hinted_seat(seat), agent)

    def _hinted_seat(self, seat: int | None) -> int:
        """The seat a hint at the position shown is for (see `hint`), or why there is none."""
        self.check_seat(seat, none=True)
        seats = [s for s in self.game.to_act(self.state) if s != CHANCE]
        if seat is None:
            seat = self.viewer if self.viewer in seats else (seats[0] if seats else None)
        if seat is None or seat not in seats:
            raise IllegalMove("no seat may act here, so there is nothing to hint"
                              if seat is None else f"{self.record.players[seat]} may not act here")
        return seat

    def _hint_at(self, record: Record, node: Node, seat: int, agent: object) -> list[JSONObject]:
        """The hint for `seat` at `node` of `record`, drawn if that is still the position shown."""
        game, state, names = record.game, node.state, record.players
        advisor = make_agent(game.hint_agent if agent is None else agent,
                             seed=record.seed * 31 + node.ply, game=game)
        found = advisor.appraise(game, state, seat)
        for appraisal in found:
            wrong = answer_problem(game, state, seat, appraisal.move, names)
            if wrong is not None:
                raise AgentError(f"the hint's agent ({advisor.name}) {wrong}", agent=advisor.name,
                                 seat=seat, move=appraisal.move, ply=node.ply)
        values = [None if a.value is None else min(1.0, max(0.0, float(a.value))) for a in found]
        hints: list[JSONObject] = []
        for appraisal, value, value_text in zip(found, values, percents(values), strict=True):
            move = appraisal.move
            paths = game.move_paths(state, move)
            hints.append({"text": game.move_text(state, move), "label": game.move_label(state, move, names),
                          "path": list(paths[0]) if paths else [],
                          "share": round(appraisal.share, 4), "value": None if value is None else round(value, 4),
                          "value_text": value_text, "note": appraisal.note or percent(appraisal.share)})
        with self._acting():
            if self._node is node:  # drawn for the position they were asked at
                self._put("hints", hints)
        return hints

    def hint_soon(self, seat: int | None = None) -> None:
        """`hint` as the page's Hint button asks for it: searched where the agents search (a
        thread of its own, a web page's worker), so that the board answers other clicks meanwhile;
        the hints are drawn when found, a refusal said in `error`. `wait` waits for it."""
        record, node, seat = self.record, self._node, self._hinted_seat(seat)  # the position shown now

        def run() -> None:
            try:
                self._hint_at(record, node, seat, None)
            except IcewidgetsError as e:
                self.say(str(e))
            except Exception as e:  # a designer's hint agent may fail: the board says so
                log.exception("icewidgets: the hint failed")
                self.say(f"internal error: {e}")

        self._computer.aside(run, "icewidgets hint")

    # -- files ----------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the record as JSON (a picture or a page of the board is publishing's:
        `publishing.board_files`)."""
        self.record.save(path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Show the game of a record file at the end of its main line; a bad file is refused and
        nothing changes. The game in hand stays reachable (`switch_game`). With autosave, a
        file from the autosave folder is written again as the game goes on. Draws marked as
        rolled that the seed does not give are said (`say_draw_problems`)."""
        record, source = read_source(path)
        with self._acting():
            self._playtest.track(record, source)
            self._add_record(record)
            self.say_draw_problems()

    def say_draw_problems(self) -> list[str]:
        """Say in the error line, and as a RuntimeWarning, each chance event of the game in hand
        marked as rolled from the seed that its seed does not give (`Record.draw_problems`, in
        words the viewer may read); returns them."""
        problems = self.record.draw_problems_for(self._seen_by())
        if problems:
            said = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
            with self._acting():
                self._put("error", clip(said))
            warnings.warn(f"icewidgets: {said}", RuntimeWarning, stacklevel=3)
        return problems

    # -- what a front end sends ----------------------------------------------------------------
    def receive(self, content: object) -> None:
        """Act on a message from the page (`protocol.Message`). A refusal leaves the game as it
        was and says why in `error`, or for the new-game form in `form_error`."""
        try:
            with self._acting():
                dispatch(self, content)
        except BadOption as e:
            with self._acting():
                if isinstance(content, dict) and content.get("do") == "new_game":
                    self._put("form_error", {"option": e.option and clip(e.option, 200), "message": clip(str(e))})
                else:
                    self._put("error", clip(str(e)))
        except IcewidgetsError as e:
            self.say(str(e))
        except Exception as e:  # never let a front end's message break the session
            log.exception("icewidgets: message %s failed", quoted(content))
            self.say(f"internal error: {e}")

    def say(self, text: str) -> None:
        """Show a line in `error` (a refusal, or why a click is no move)."""
        with self._acting():
            self._put("error", clip(text))

    def refusal_words(self) -> JSONObject:
        """What the refusals of the page's messages may say of the board."""
        return {"last_seat": self.game.seats - 1, "last_game": len(self._records) - 1,
                "agents": ", ".join(self.agent_choices)}

    def play_path(self, seat: object, path: object) -> None:
        """Play the move the page offered `seat` with these clicks."""
        with self._acting():
            self._not_thinking()
            if not isinstance(path, list) or not all(isinstance(p, str) for p in path):
                raise IllegalMove("a move path is a list of target ids")
            move = self._paths.get((seat, tuple(path))) if is_int(seat) else None
            if move is None:
                raise IllegalMove(f"no legal move of seat {quoted(seat)} has the clicks "
                                  f"{cut(' then '.join(path), 300) or 'none'}")
            self._person_moved(self.record.add(self._node, move))

    def play_offered(self, text: str) -> None:
        """Play a move by its text, as the page's buttons do. Where a seat is viewed or agents
        are seated, only the moves the page was offered are accepted: not another seat's, nor an
        agent's."""
        offered = any(text == button[0] for actor in self.shown["actors"] for button in actor["buttons"])
        if not offered and isinstance(text, str) and (self.viewer is not None or self._computer.agents):
            raise IllegalMove(f"{quoted(text, 40)} is not a move this board offers: it is another seat's")
        self.play(text)

    def explain(self, seat: int | str | None, path: object) -> str:
        """Why a click path of the page names no move: the rule the move would break, or what to
        click (in the editor: why it names no edit)."""
        if not isinstance(path, list) or not path or not all(isinstance(p, str) and len(p) <= 200 for p in path):
            raise IllegalMove("a click path is a non-empty list of target ids")
        if self._editor is not None:
            return self.game.explain_setup(self._editor.state, tuple(path))
        offered = [a["seat"] for a in self.shown["actors"]]
        if isinstance(seat, str) or (seat is not None and seat not in offered):  # a seat's name: the editor's
            raise IllegalMove(f"seat {quoted(seat)} cannot act on this board now")
        if seat is None and self.viewer is not None:
            seat = self.viewer
        return self.game.explain_path(self.state, seat, tuple(path), self.record.players, self.shown["scene"])

    def edit_by(self, path: object = None, text: object = None) -> None:
        """Make the edit the page offered with these clicks, or by its text (the editor's
        buttons)."""
        with self._acting():
            if self._editor is None:
                raise IllegalMove("the editor is not open (board.edit() opens it)")
            if text is None:
                self._editor.apply_path(path)
            else:
                self._editor.apply_text(text)
            self._show()

    # -- helpers ----------------------------------------------------------------------------
    @contextmanager
    def _acting(self) -> Iterator[None]:
        """An action: under the lock; the outermost one ends by telling the listeners what it
        showed."""
        with self._lock:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._flush()

    def _put(self, name: str, value: object) -> None:
        self._sync.put(name, value)

    def _flush(self) -> None:
        """Bring the spliced fields up to date and tell the listeners what the action set."""
        self._sync.timeline(self.record, self._seen_by())
        self._sync.records(self._records, self.cursors, self.game_index, self.viewer)
        self._sync.tell()

    def check_seat(self, seat: object, none: bool = False) -> None:
        """Refuse what is not a seat of the game (with `none`: None too, the whole board's view)."""
        if (seat is not None or not none) and (not is_int(seat) or not 0 <= seat < self.game.seats):
            raise IllegalMove(NO_SEAT.format(value=quoted(seat), last_seat=self.game.seats - 1))

    def pick(self, node: Node | int | None) -> Node:
        """A node of this board's record: the cursor's, or one given by node or id."""
        if node is None:
            return self._node
        if isinstance(node, Node):
            nodes = self.record.nodes
            if node.id >= len(nodes) or nodes[node.id] is not node:
                raise IllegalMove("that node is not in this board's record")
            return node
        return self.record.node(node)

    def _noted(self, node: Node | None = None) -> None:
        """A note changed (on `node`, or anywhere: promote): show it, and the last refusal is
        past."""
        with self._acting():
            self._put("error", "")
            if node is None:
                self._reshape()
            else:
                self._sync.touched.append(node)
            self._changed()

    def _reshape(self) -> None:
        """The record's tree changed shape: its move list and its carried form are sent whole."""
        self._sync.reshaped.add(id(self.record))

    def _not_thinking(self) -> None:
        thinking = self.shown["thinking"]
        if thinking:
            raise IllegalMove(f"{thinking['name']} ({thinking['agent']}) is thinking: wait for "
                              "the move, or stop it (the Stop button, or board.stop())")

    def _person_moved(self, node: Node, roll: bool = True) -> Node:
        self._computer.answered = 0
        node = self._go(node, roll)
        self._changed(moved=True)
        self._answer()
        return node

    def _changed(self, record: Record | None = None, *, moved: bool = False) -> str:
        """A game's record changed: keep its session's clock (after a move) and autosave it. A
        failed autosave does not undo the change: it is said in the error line and as a warning,
        as is a game that goes on in a new file. Returns what was said. Every write of the board's
        files comes through here, under the board's lock, so they land in the order made."""
        with self._acting():
            record = self.record if record is None else record
            self._sync.changed.add(id(record))
            if record is self.record:
                self._show_journal()
            if moved:
                self._playtest.moved(record)
            try:
                said = self._playtest.save(record)
            except IcewidgetsError as e:  # a RecordError: the file could not be written
                said = f"autosave failed: {e}"
            if said:
                self._put("error", clip(said))
                warnings.warn(f"icewidgets: {said}", RuntimeWarning, stacklevel=4)
            return clip(said or "")

    def _answer(self) -> None:
        """If an agent is to act at the cursor, ask it for its move."""
        computer, node, record = self._computer, self._node, self.record  # under the lock
        seat = computer.next_seat(self.game, node, record.seed)
        if seat is None or self.shown["thinking"]:
            return
        agent = computer.agents[seat]
        self._put("thinking", {"seat": seat, "name": record.players[seat], "agent": computer.specs[seat]})

        def done(ticket: int, move: object) -> None:
            with self._acting():
                if not computer.wanted(ticket):
                    return
                self._put("thinking", {})
                try:
                    child = record.add(node, move)
                except IcewidgetsError as e:
                    self._put("error", clip(f"the agent of {record.players[seat]}: {e}"))
                    return
                computer.answered += 1
                said = self._changed(record, moved=True)
                if self._node is node and self.record is record:
                    self._go(child)
                    self._answer()
                if said:  # showing the move cleared the error line
                    self._put("error", said)

        def failed(ticket: int, what: str) -> None:
            with self._acting():
                if not computer.wanted(ticket):
                    return
                self._put("thinking", {})
                moves = [n.text for n in reversed(list(_line_to(node)))]
                message = (f"the agent of {record.players[seat]} ({computer.specs[seat]}) {what} "
                           f"({position_words(moves)}); the seat is given back to a person.")
                computer.seat(seat, None, 0, self.game)
                self._put("seated", view.seated(self.game, computer.specs))
                self._show_actors()
                self._put("error", clip(message))
                warnings.warn(f"icewidgets: {message}", RuntimeWarning, stacklevel=2)

        computer.think(agent, self.game, node.state, seat, record.players, done, failed)

    def _add_record(self, record: Record) -> None:
        """Show a new game, keeping the one in hand reachable; if it cannot be shown, nothing
        changes."""
        with self._acting():
            kept = (self.game_index, self._node)
            self._cursors[self.game_index] = self._node
            self._records.append(record)
            self._cursors.append(record.root)
            self._playtest.track(record)
            try:
                self._put("game_index", len(self._records) - 1)
                self._put("form_error", {})
                self._go(record.root.end())
            except BaseException:
                self._records.pop()
                self._cursors.pop()
                self._put("game_index", kept[0])
                self._node = kept[1]
                self._go(self._node, roll=False)
                raise

    def _close_editor(self) -> None:
        self._editor = None
        self._put("editing", False)

    def _go(self, node: Node, roll: bool = True) -> Node:
        """Show a node; where chance is due there and auto_chance is on, roll first (the seeded
        generator, recorded as a move, so stepping back shows the roll). The editor closes: the
        board moved."""
        with self._acting():
            self._close_editor()
            rolled = False
            if roll and self.auto_chance and not node.children:
                while self.game.to_act(node.state) == (CHANCE,) and not node.children:
                    node, rolled = self.record.roll(node), True
            self._node = node
            self._show()
            if rolled:
                self._changed(moved=True)
            return node

    def _seen_by(self) -> int | None:
        """Whom the game in hand is drawn for: PUBLIC while the screen is being passed."""
        viewer = view.viewer_for(self.game, self.viewer)
        return PUBLIC if self.shown["curtain"] and viewer is not None else viewer

    def _show(self) -> None:
        """Everything a front end draws for the cursor's node."""
        game, node, record = self.game, self._node, self.record
        if self.shown["follow_turn"]:
            seats = [s for s in game.to_act(node.state) if s != CHANCE and s not in self._computer.agents]
            if len(seats) == 1 and seats[0] != self.viewer:
                self._put("viewer", seats[0])
                self._put("curtain", f"Pass the screen to {game.seat_name(seats[0], record.players)}.")
        viewer = self._seen_by()
        self._put("title", game.title)
        before = node.parent.state if node.parent is not None else None
        scene = game.scene(node.state, last=node.move, before=before, names=record.players, viewer=viewer)
        self._put("scene", scene)
        self._show_actors()
        self._put("chance_replace", {} if self._editor is not None else view.chance_replace(record, node, viewer, scene))
        self._put("status", game.status(node.state, record.players))
        self._put("error", "")
        if record is not self._schema_of:  # these change only with the game shown
            self._schema_of = record
            self._put("variant_schema", game.variant.schema())
            self._put("seed", None if self.seed_hidden else record.seed)
            self._put("agent_choices", self.agent_choices)
            self._put("viewers", view.viewers(record))
            self._put("games", [[i, view.game_label(i, r, not self.seed_hidden)] for i, r in enumerate(self._records)])
            self._put("seated", view.seated(game, self._computer.specs))
        self._show_journal()
        self._put("hints", [])
        self._put("cursor", node.id)
        self._put("editable", game.editable)
        self._put("view_locked", self.view_locked)
        if self._editor is not None:
            self._paths, self._listed = {}, []
            self._put("scene", self._editor.scene())
            self._put("actors", [self._editor.actor()])
            self._put("status", self._editor.status())

    def _show_actors(self) -> None:
        actors, self._paths, self._listed = view.actors(self.game, self.state, self.record.players,
                                                        self._seen_by(), self._computer.agents)
        self._put("actors", actors)
        self._show_move_list()

    def _show_move_list(self) -> None:
        listed = [] if self._editor is not None else self._listed
        if not self._moves_open:  # folded: how many moves, not the moves (a step sends less)
            self._put("move_list", {"rows": [], "count": len(listed), "filter": self._move_filter, "open": False})
            return
        shown = view.move_list(self.game, self.state, self.record.players, listed, self._move_filter)
        self._put("move_list", {**shown, "open": True})

    def show_moves(self, open: bool = True) -> JSONObject:
        """Open the legal-move list beside the board (its moves are listed, in words, at each
        step), or fold it (it says only how many there are); returns the list as shown."""
        if not isinstance(open, bool):
            raise IllegalMove("open is true or false")
        with self._acting():
            self._moves_open = open
            self._show_move_list()
            return dict(self.shown["move_list"])

    def filter_moves(self, words: str = "") -> JSONObject:
        """Show in the move list beside the board (opening it) only the legal moves whose words
        hold every word of `words` (any case; "" shows them all); returns the list as shown."""
        if not isinstance(words, str) or len(words) > MAX_FILTER:
            raise IllegalMove(FILTER)
        with self._acting():
            self._move_filter = words
            self._moves_open = True
            self._show_move_list()
            return dict(self.shown["move_list"])

    def _show_journal(self) -> None:
        """The notes of the node shown (none over the editor's scene) and the feedback form."""
        node = self._node
        self._put("annotations", node_notes(node) if self._editor is None else node_notes(None))
        self._put("feedback_form", feedback_form(self.record, node))


def new_record(game: str, *, seed: int | None = None, names: list[str] | None = None, **options: object) -> Record:
    """The record of a new game: `new_record("icetowers", players=3)`; without a seed, a fresh one."""
    cls = game_class(game)
    return Record(cls(cls.variant_type.make(**options)), new_seed() if seed is None else seed, names)


def _line_to(node: Node) -> Iterator[Node]:
    """The nodes from `node` back to the first move (the root left out)."""
    while node.parent is not None:
        yield node
        node = node.parent


def clip(message: str, most: int = 500) -> str:
    """A refusal short enough for one line of the page (it may quote what was sent)."""
    return message if len(message) <= most else message[: most - 1] + "…"


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
