// Pieces lying in stacks (a grid's cells, towers) and grids with squares left out.
import { describe, expect, it } from "vitest";
import { flatSize } from "../src/flat-pyramid";
import { pyramidHeight } from "../src/pyramid";
import * as grid from "../src/regions/grid";
import { reconcile } from "../src/reconcile";
import { stackElements, stackHeight } from "../src/regions/stack";
import * as towers from "../src/regions/towers";
import { drawScene } from "../src/scene";
import type { GridRegion, Piece, TowersRegion } from "../src/types";

const lying: Piece = { id: "p0", colour: "red", size: 3, facing: "e" };
const upright: Piece = { id: "p1", colour: "blue", size: 1 };

describe("a lying piece in a stack", () => {
  it("is drawn lying, pointing its way, its pips still shown", () => {
    const [g] = stackElements([lying]);
    const pyr = g!.querySelector(".icw-pyr")!;
    expect(pyr.classList.contains("icw-pyr-flat")).toBe(true);
    expect(pyr.getAttribute("data-facing")).toBe("e");
    expect(g!.querySelector(".icw-pips")!.getAttribute("data-pips")).toBe("3");
  });

  it("an upright one is drawn as before", () => {
    const [g] = stackElements([upright]);
    expect(g!.querySelector(".icw-pyr")!.classList.contains("icw-pyr-flat")).toBe(false);
    expect(g!.querySelector(".icw-pyr")!.hasAttribute("data-facing")).toBe(false);
  });

  it("takes its lying height, as drawn the way it points, whole under the piece on it", () => {
    const { length, breadth } = flatSize(3);
    expect(stackHeight([lying])).toBe(breadth);
    expect(stackHeight([{ ...lying, facing: "n" }])).toBe(length);
    expect(stackHeight([lying, upright])).toBe(breadth + pyramidHeight(1));
  });

  it("sits on the one below it, its hit area its own", () => {
    const [under, over] = stackElements([upright, lying]);
    const hit = (g: SVGGElement) => g.querySelector(".icw-hit")!;
    const top = (g: SVGGElement) => Number(hit(g).getAttribute("y"));
    const bottom = (g: SVGGElement) => top(g) + Number(hit(g).getAttribute("height"));
    expect(bottom(over!)).toBeCloseTo(top(under!), 0);
    expect(Number(hit(over!).getAttribute("width"))).toBeGreaterThanOrEqual(flatSize(3).length);
  });

  it("is named lying and pointing its way, in its tooltip and in the region's names", () => {
    const t: TowersRegion = { kind: "towers", id: "table", label: "Table", towers: [{ id: "T", label: "T", owner: null, points: 4, pieces: [upright, lying] }] };
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    reconcile(s, towers.layout(t, { width: 400 }).parts);
    expect(s.querySelector('[data-id="p0"] title')!.textContent).toBe("red large lying, pointing east (p0)");
    expect(towers.names(t)).toContainEqual(["p0", "red large lying, pointing east in T"]);
    expect(towers.names(t)).toContainEqual(["p1", "blue small in T"]);
  });
});

describe("a grid with holes", () => {
  const board: GridRegion = {
    kind: "grid", id: "g", label: "Board", files: 3, ranks: 2, file_labels: ["a", "b", "c"], rank_labels: ["1", "2"],
    cells: [{ id: "a1", file: 0, rank: 0, pieces: [lying] }, { id: "c2", file: 2, rank: 1, pieces: [] }],
    holes: [[1, 0], [1, 1]],
  };

  it("draws no square where the board has a hole", () => {
    const { svg } = drawScene({ regions: [board] });
    const squares = [...svg.querySelectorAll(".icw-sq")].map((r) => [r.getAttribute("x"), r.getAttribute("y")]);
    expect(squares).toHaveLength(4);
    const xs = new Set(squares.map(([x]) => x));
    expect(xs.size).toBe(2); // files a and c only
  });

  it("keeps the board's size and its cells' places", () => {
    const whole = grid.layout({ ...board, holes: [] }, { width: 600 });
    const holed = grid.layout(board, { width: 600 });
    expect([holed.width, holed.height]).toEqual([whole.width, whole.height]);
    const { byId } = drawScene({ regions: [board] });
    expect(byId.has("a1")).toBe(true);
    expect(byId.get("a1")!.querySelector(".icw-pyr-flat")).not.toBeNull();
  });

  it("ignores holes that are no squares of it", () => {
    const { svg } = drawScene({ regions: [{ ...board, holes: [[7, 7], [-1, 0]] }] });
    expect(svg.querySelectorAll(".icw-sq")).toHaveLength(6);
  });
});
