"""icewidgets.kit: a new pyramid game's rules in plain Python, playable at once.

    from icewidgets import kit


    class PyramidDuel(kit.Game):
        \"\"\"Place pyramids on empty squares of a 4x4 board; a piece placed captures the smaller enemy
        pieces beside it. When no piece can be placed, the most pips captured wins.\"\"\"

        title = "Pyramid Duel"
        table = kit.Grid(4, 4)
        stash = {1: 3, 2: 3, 3: 2}

        def moves(self, pos):
            for piece in pos.stash():
                for sq in self.table.places:
                    if not pos.stacks[sq]:
                        yield pos.place(piece, sq)

        def after(self, before, move, pos):
            stacks, taken = list(pos.stacks), list(pos.captured[move.player])
            for sq in self.table.neighbours(move.to, kit.ORTHOGONAL):
                top = pos.top(sq)
                if top is not None and kit.colour(top) != move.player and kit.size(top) < kit.size(move.piece):
                    taken += stacks[sq]
                    stacks[sq] = ()
            captured = list(pos.captured)
            captured[move.player] = tuple(taken)
            return pos.replace(stacks=tuple(stacks), captured=tuple(captured))

        def stuck(self, pos):
            return kit.by_score("no piece can be placed")

    print(kit.check(PyramidDuel))     # random games checked move by move
    icewidgets.play("pyramid-duel")   # a board to click on

A subclass of `kit.Game` declares its table, its pieces and its counters, and writes its moves
with the position's vocabulary (place, move, stack, capture, turn a piece, pass, or a move of its
own); see `kit.Game` for every declaration and rule. Defining the class registers the game under
a name made from its title; running the cell again replaces it, and a record played under an
earlier definition is refused by name. The board, the clicks, the notation, the refusals, the
position JSON and the set-up editor, records, the computer players and the analysis come with it;
`kit.check(PyramidDuel)` runs the checks every game of the package passes and says what fails.
"""

from ..core.variant import option
from .check import Report, check
from .game import Game, Result, by_score, draw, loss, win
from .moves import Capture, Move, Own, Pass, Place, Roll, Stack, Turn, colour, facing, piece, pips, size, upright
from .position import Position
from .slips import DesignSlip
from .table import DIAGONAL, EVERY_WAY, ORTHOGONAL, Free, Grid

__all__ = ["DIAGONAL", "EVERY_WAY", "ORTHOGONAL", "Capture", "DesignSlip", "Free", "Game", "Grid", "Move", "Own",
           "Pass", "Place", "Position", "Report", "Result", "Roll", "Stack", "Turn", "by_score", "check", "colour", "draw",
           "facing", "loss", "option", "piece", "pips", "size", "upright", "win"]
