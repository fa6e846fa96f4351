// Pieces lying in stacks: a grid's cells and towers.
import { describe, expect, it } from "vitest";
import { flatSize } from "../src/flat-pyramid";
import { pyramidHeight } from "../src/pyramid";
import { reconcile } from "../src/reconcile";
import { stackElements, stackHeight } from "../src/regions/stack";
import * as towers from "../src/regions/towers";
import type { Piece, TowersRegion } from "../src/types";

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
