"""A slow, independent Stacktics move generator, written straight from the rules text.

It shares no code with the engine: a position is a dict {(file, rank): [(army, size), ...]}
(bottom first), and for every base piece it tries every square of the board as a target, asking
the rules' questions one by one. Tests compare it with the engine's ray-walking generator.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefg"


@dataclass
class Slow:
    files: int
    ranks: int
    size: int  # game size
    pie: bool
    board: dict[tuple[int, int], list[tuple[int, int]]]
    turn: int = 0  # army to move
    ply: int = 0
    swapped: bool = False
    captured: tuple[int, int] = (0, 0)

    @classmethod
    def start(cls, files: int, ranks: int, size: int, pie: bool, start_files: str) -> Slow:
        board = {}
        for army, rank in ((0, 0), (1, ranks - 1)):
            for f in start_files:
                board[(FILES.index(f), rank)] = [(army, 3), (army, 2), (army, 1)]
        return cls(files, ranks, size, pie, board)

    def name(self, sq: tuple[int, int]) -> str:
        return f"{FILES[sq[0]]}{sq[1] + 1}"

    def over(self) -> bool:
        return max(self.captured) >= 3 * self.size or not self.moves()

    def moves(self) -> list[str]:
        if max(self.captured) >= 3 * self.size:
            return []
        out = []
        for frm, stack in sorted(self.board.items()):
            if stack[0][0] != self.turn:
                continue
            for base in range(len(stack)):
                for to in self.squares():
                    if self.legal(frm, base, to):
                        out.append(f"{self.name(frm)}:{base}-{self.name(to)}")
        if self.pie and self.ply == 1 and not self.swapped:
            out.append("swap")
        return out

    def squares(self):
        return [(f, r) for f in range(self.files) for r in range(self.ranks)]

    def legal(self, frm, base, to) -> bool:
        stack = self.board[frm]
        unit = stack[base:]
        base_size = unit[0][1]
        df, dr = to[0] - frm[0], to[1] - frm[1]
        if df == 0 and dr == 0:
            return False  # passing is prohibited
        straight = df == 0 or dr == 0
        diagonal = abs(df) == abs(dr)
        # the shape is set by the base piece only
        if base_size == 1 and not diagonal:
            return False
        if base_size == 2 and not straight:
            return False
        if base_size == 3 and not (straight or diagonal):
            return False
        distance = max(abs(df), abs(dr))
        if len(unit) > 1:  # not alone
            carried = sum(size for _, size in unit[1:])
            if carried < base_size:
                limit = 2 if self.size in (2, 3) else 3
            else:
                limit = 1
            if distance > limit:
                return False
        # never over other pieces
        sf = (df > 0) - (df < 0)
        sr = (dr > 0) - (dr < 0)
        for k in range(1, distance):
            if (frm[0] + k * sf, frm[1] + k * sr) in self.board:
                return False
        if to not in self.board:
            return True
        target = self.board[to]
        if target[0][0] == self.turn:
            return base_size <= target[-1][1]
        # a capture: a single piece, from the top of a stack of at least two
        return len(unit) == 1 and len(stack) >= 2

    def play(self, text: str) -> Slow:
        board = {sq: list(stack) for sq, stack in self.board.items()}
        nxt = Slow(self.files, self.ranks, self.size, self.pie, board, self.turn, self.ply + 1,
                   self.swapped, self.captured)
        if text == "swap":
            nxt.swapped = True
            return nxt
        frm_text, rest = text.split(":")
        base_text, to_text = rest.split("-")
        frm = (FILES.index(frm_text[0]), int(frm_text[1:]) - 1)
        to = (FILES.index(to_text[0]), int(to_text[1:]) - 1)
        base = int(base_text)
        unit = board[frm][base:]
        del board[frm][base:]
        if not board[frm]:
            del board[frm]
        if to in board and board[to][0][0] != self.turn:
            gained = sum(size for _, size in board[to])
            captured = list(self.captured)
            captured[self.turn] += gained
            nxt.captured = (captured[0], captured[1])
            del board[to]
        board.setdefault(to, []).extend(unit)
        nxt.turn = 1 - self.turn
        return nxt


def slow_perft(position: Slow, depth: int) -> int:
    moves = position.moves()
    if depth == 1:
        return len(moves)
    return sum(slow_perft(position.play(m), depth - 1) for m in moves)
