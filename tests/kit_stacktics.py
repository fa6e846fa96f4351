"""Stacktics written with the kit, from its rules (docs/rules/stacktics.md), to be checked against
the shipped engine: the same legal moves and outcome in every position."""

from icewidgets import kit

BOARDS = {"4x4": (4, 4, "bc"), "3x5": (3, 5, "ac"), "5x5": (5, 5, "bcd"), "6x6": (6, 6, "bcde"),
          "7x6": (7, 6, "bcdef"), "7x7": (7, 7, "bcdef")}
BOARD_OF_SIZE = {2: "4x4", 3: "5x5", 4: "6x6", 5: "7x6"}
SHAPES = {1: kit.DIAGONAL, 2: kit.ORTHOGONAL, 3: kit.EVERY_WAY}


class KitStacktics(kit.Game):
    """Two armies of pyramid trees, moving in stacks; capture half the opposing force by pips."""

    title = "Kit Stacktics"
    colours = ("red", "blue")
    counters = {"swapped": 0, "quiet": 0, "ply": 0}
    options = {
        "size": kit.option(3, "trees per player", low=2, high=5),
        "board": kit.option("auto", "files x ranks (auto: by size)", choices=("auto", *BOARDS)),
        "pie_rule": kit.option(None, "the second seat may swap after the first move (auto: size 2)",
                               choices=(None, True, False)),
        "no_moves": kit.option("loss", "a seat with no move loses, or draws", choices=("loss", "draw")),
        "max_quiet_plies": kit.option(200, "draw after this many plies without a capture (0: never)",
                                      low=0, high=100_000),
    }

    def table(self):
        v = self.variant
        self.files, self.ranks, self.start_files = BOARDS[BOARD_OF_SIZE[v.size] if v.board == "auto" else v.board]
        self.pie = v.size == 2 if v.pie_rule is None else v.pie_rule
        self.loaded_reach = 2 if v.size <= 3 else 3
        self.winning_pips = 3 * v.size
        return kit.Grid(self.files, self.ranks)

    def setup(self, pos):
        """Each army's trees (large, medium, small) stand on its home rank, Red on rank 1."""
        for army, rank in ((0, 0), (1, self.ranks - 1)):
            for f in self.start_files:
                pos = pos.put(self.where(f"{f}{rank + 1}"), *(kit.piece(army, s) for s in (3, 2, 1)))
        return pos

    def seat_colour_in(self, pos, seat):
        return self.colours[seat ^ pos.swapped]

    def reach(self, stack, base):
        """Alone: any distance; loaded (weight under the base's pips): the loaded reach; else 1."""
        if base == len(stack) - 1:
            return None
        return self.loaded_reach if kit.pips(stack[base + 1:]) < kit.size(stack[base]) else 1

    def moves(self, pos):
        army = pos.turn ^ pos.swapped
        stacks = pos.stacks
        for frm in self.table.places:
            stack = stacks[frm]
            if not stack or kit.colour(stack[0]) != army:
                continue
            for base in range(len(stack)):
                size, far = kit.size(stack[base]), self.reach(stack, base)
                captures = base == len(stack) - 1 and len(stack) >= 2
                for way in SHAPES[size]:
                    for distance, to in enumerate(self.table.ray(frm, way), 1):
                        if far is not None and distance > far:
                            break
                        target = stacks[to]
                        if not target:
                            yield pos.move(frm, to, base)
                            continue
                        if kit.colour(target[0]) == army:
                            if size <= kit.size(target[-1]):
                                yield pos.stack(frm, to, base)
                        elif captures:
                            yield pos.capture(frm, to, base)
                        break
        if self.pie and pos.ply == 1 and not pos.swapped:
            yield pos.own("swap")

    def label(self, pos, move):
        return "swap armies (the pie rule)"

    def after(self, before, move, pos):
        quiet = 0 if isinstance(move, kit.Capture) else pos.quiet + 1
        swapped = 1 if isinstance(move, kit.Own) else pos.swapped
        return pos.replace(quiet=quiet, ply=pos.ply + 1, swapped=swapped)

    def result(self, pos):
        for seat in (0, 1):
            if self.score(pos, seat) >= self.winning_pips:
                return kit.win(seat, f"{self.winning_pips} pips captured")
        limit = self.variant.max_quiet_plies
        if limit and pos.quiet >= limit:
            return kit.draw(f"{limit} plies without a capture")
        return None

    def stuck(self, pos):
        if self.variant.no_moves == "draw":
            return kit.draw("no legal move")
        return kit.loss(pos.turn, "no legal move")
