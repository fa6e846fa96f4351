"""The move list kept by splices: after any sequence of actions the rows the page holds (the rows
sent first, with every splice sent since applied) are the rows of the record read afresh, and
a step at the end of a long game sends one row."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets.core.record import Node
from icewidgets.session.timeline import Timeline, reading_order

from strength import examples


def recursive_order(root: Node) -> list[tuple[int, int, int]]:
    """The reading order as the rulebook of move lists has it, written recursively."""
    out = [(root.id, 0, 0)]

    def line(node: Node, ply: int, depth: int) -> None:
        while node.children:
            main, *others = node.children
            ply += 1
            out.append((main.id, ply, depth))
            for other in others:
                out.append((other.id, ply, depth + 1))
                line(other, ply, depth + 1)
            node = main

    line(root, 0, 0)
    return out


class Page:
    """What the page holds: the whole list when it is synced, then the splices applied."""

    def __init__(self, board) -> None:
        self.board = board
        self.rows = copy.deepcopy(board._timeline)
        self.sent = 0
        board.observe(self._whole, names="_timeline")
        board.observe(self._spliced, names="_splices")  # what travels to the page with a step

    def _whole(self, change) -> None:
        self.rows = copy.deepcopy(change["new"])

    def _spliced(self, change) -> None:
        for at, removed, rows in change["new"]["timeline"]:
            self.rows[at:at + removed] = copy.deepcopy(rows)
            self.sent += len(rows)


def fresh_rows(board) -> list:
    lines = board._lines
    return Timeline(board.record.root, lines.row_of).rows


actions = st.lists(st.tuples(st.sampled_from(["play", "goto", "comment", "promote", "back"]),
                             st.integers(0, 10_000)), min_size=1, max_size=40)


@examples(60)
@given(actions)
def test_splices_keep_the_page_s_rows_equal_to_the_record_read_afresh(steps):
    board = icewidgets.play("icetowers", players=2, seed=0)
    page = Page(board)
    for kind, n in steps:
        if kind == "play":
            moves = board.legal_moves()
            if moves:
                board.play(moves[n % len(moves)])
        elif kind == "goto":
            board.goto(n % len(board.record.nodes))
        elif kind == "comment":
            board.comment(f"note {n}")
        elif kind == "promote":
            board.promote()
        else:
            board.back()
        assert page.rows == board._timeline == fresh_rows(board)
        assert [(r[0], r[2], r[5]) for r in board._timeline] == recursive_order(board.record.root)


def test_reading_order_needs_no_recursion_for_deep_variations():
    # each node has a main move and a variation, and the next level hangs from the variation:
    # 5,000 levels of variations inside variations
    root = Node(0, None, None, "", None)
    nodes, node = [root], root
    for _ in range(5000):
        main = Node(len(nodes), node, None, "m", None)
        other = Node(len(nodes) + 1, node, None, "v", None)
        node.children += [main, other]
        nodes += [main, other]
        node = other
    order = list(reading_order(root))
    assert [n.id for n, _, _ in order[:5]] == [0, 1, 2, 3, 4]
    assert len(order) == len(nodes) and order[-1][2] == 5000


def test_dice_set_by_hand_change_one_row():
    board = icewidgets.play("ascendancy", players=2, seed=0)
    page = Page(board)
    board.set_chance([5, 6], replace=True)
    assert page.rows == board._timeline == fresh_rows(board)
    assert len(board.record.nodes) == 2 and board.node.text == "roll 5 6"


def test_a_step_at_the_end_of_a_long_game_sends_one_row():
    board = icewidgets.play("stacktics", size=3, seed=0)
    page = Page(board)
    for _ in range(60):
        moves = board.legal_moves()
        if not moves:
            break
        before = page.sent
        board.play(moves[0])
        assert page.sent - before == 1
    assert page.rows == board._timeline
