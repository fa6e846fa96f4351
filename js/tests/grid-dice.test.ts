import { describe, expect, it } from "vitest";
import { drawChance, readChance } from "../src/chance";
import { SceneView, drawScene } from "../src/scene";
import type { Cell, DiceRegion, GridRegion, Region, Scene } from "../src/types";
import fixture from "./data/grid-dice.json";
import { loose } from "./loose";
import { names } from "../src/regions/dice";

const scene = loose<Scene>(fixture);

/** x and y of a square's rect, by its position among the squares (files outer, ranks inner). */
function cellBox(el: Element): { x: number; y: number } {
  const r = el.querySelector(".icw-hit")!;
  return { x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")) };
}

describe("grid region", () => {
  const { svg, byId } = drawScene(scene);

  it("draws every square with its coordinates", () => {
    expect(svg.querySelectorAll(".icw-sq")).toHaveLength(25);
    expect([...svg.querySelectorAll(".icw-coord")].map((t) => t.textContent)).toEqual(["a", "b", "c", "d", "e", "1", "2", "3", "4", "5"]);
  });

  it("places cells by file and rank, rank 0 at the bottom", () => {
    const a1 = cellBox(byId.get("a1")!);
    const c3 = cellBox(byId.get("c3")!);
    const e5 = cellBox(byId.get("e5")!);
    expect(c3.x).toBeGreaterThan(a1.x);
    expect(e5.x).toBeGreaterThan(c3.x);
    expect(a1.y).toBeGreaterThan(c3.y); // lower on screen
    expect(c3.y).toBeGreaterThan(e5.y);
    expect(byId.has("off")).toBe(false); // outside the board: skipped
  });

  it("stacks a cell's pieces bottom first, each with its id", () => {
    const c3 = byId.get("c3")!;
    expect([...c3.querySelectorAll(".icw-piece")].map((p) => p.getAttribute("data-id"))).toEqual(["c3.0", "c3.1", "c3.2"]);
    expect(c3.querySelector('[data-id="c3.1"] .icw-pyr')!.getAttribute("data-colour")).toBe("purple");
    expect(c3.classList.contains("icw-mark-last")).toBe(true);
    expect(byId.get("e5")!.querySelectorAll(".icw-pyr")).toHaveLength(0);
  });
});

describe("dice region", () => {
  const { byId } = drawScene(scene);

  it("draws each die with its face as pips, used dice faded, notes as text", () => {
    const d0 = byId.get("die0")!;
    expect(d0.querySelectorAll(".icw-die-pip")).toHaveLength(5);
    expect(d0.querySelector(".icw-die-note")!.textContent).toBe("queen");
    expect(byId.get("die1")!.querySelectorAll(".icw-die-pip")).toHaveLength(2);
    expect(byId.get("die1")!.classList.contains("icw-used")).toBe(true);
  });

  it("names each die above it and shows its note whole, in a column wide enough for it", () => {
    const d = drawScene({ regions: [{ kind: "dice", id: "d", dice: [
      { id: "a", label: "d1", face: 1, note: "pawn: none left" }, { id: "b", label: "d2", face: 6, note: "queen" }] }] });
    expect(d.byId.get("a")!.querySelector(".icw-die-label")!.textContent).toBe("d1");
    expect(d.byId.get("a")!.querySelector(".icw-die-note")!.textContent).toBe("pawn: none left");
    const left = (id: string) => Number(d.byId.get(id)!.querySelector(".icw-die-face")!.getAttribute("x"));
    expect(left("b") - left("a")).toBeGreaterThanOrEqual(5.6 * "pawn: none left".length);
  });

  it("names a die by its label, else by the face it shows, as a player would say it", () => {
    const dice = [{ id: "die:0", face: 3 }, { id: "d", label: "d2", face: 6 }, { id: "roll:0", face: null }];
    expect(names({ kind: "dice", id: "r", label: "Rolled", dice } as DiceRegion)).toEqual([["die:0", "a 3"], ["d", "d2"], ["roll:0", "roll:0"]]);
  });

  it("shows faces beyond six and unrolled dice as text", () => {
    const d = drawScene({ regions: [{ kind: "dice", id: "d", dice: [{ id: "x", face: 11 }, { id: "y", face: null }] }] });
    expect(d.byId.get("x")!.querySelector(".icw-die-text")!.textContent).toBe("11");
    expect(d.byId.get("y")!.querySelector(".icw-die-text")!.textContent).toBe("?");
  });
});

describe("chance controls", () => {
  const dice = scene.regions![1]!;

  it("offers nothing when the dice are neither due nor settable", () => {
    expect(drawChance([{ ...dice, settable: false, due: false }])).toHaveLength(0);
    expect(drawChance(scene.regions!.slice(0, 1))).toHaveLength(0);
  });

  it("offers a face per die when settable, starting at the shown faces", () => {
    const [box] = drawChance([dice]);
    expect(box!.querySelector(".icw-roll")).toBeNull();
    const selects = box!.querySelectorAll("select[data-die]");
    expect(selects).toHaveLength(2);
    expect(selects[0]!.querySelectorAll("option")).toHaveLength(6);
    expect(readChance(box!)).toEqual([5, 2]);
    (selects[1] as HTMLSelectElement).value = "6";
    expect(readChance(box!)).toEqual([5, 6]);
  });

  it("offers Roll when a roll is due", () => {
    const [box] = drawChance([{ ...dice, settable: false, due: true } as Region]);
    expect(box!.querySelector("button.icw-roll")).not.toBeNull();
    expect(box!.querySelector("select")).toBeNull();
  });
});

describe("redrawn in place", () => {
  it("moves a piece between cells and changes a die as a fresh drawing would, keeping the rest", () => {
    const view = new SceneView();
    const first = view.draw(scene);
    const next = structuredClone(scene);
    const [grid, dice] = next.regions! as [GridRegion, DiceRegion];
    const cells = grid.cells as Cell[];
    cells[2]!.pieces = [cells[1]!.pieces!.pop()!]; // c3's top piece to e5
    dice.dice![1] = { id: "die1", face: 6, used: false, note: "" };
    next.marks = [{ id: "e5", kind: "last" }];
    const d = view.draw(next);
    expect(view.svg.outerHTML).toBe(drawScene(next).svg.outerHTML);
    expect(d.byId.get("a1")).toBe(first.byId.get("a1"));
    expect(d.byId.get("die0")).toBe(first.byId.get("die0"));
    expect(d.byId.get("die1")).not.toBe(first.byId.get("die1"));
    expect(view.svg.querySelector(".icw-sq")).toBe(first.svg.querySelector(".icw-sq")); // the squares stay
    expect([...view.svg.querySelectorAll(".icw-mark-last")].map((e) => e.getAttribute("data-id"))).toEqual(["e5"]);
  });
});

describe("a die's tooltip", () => {
  it("names a die by its label, or by the face it shows, never by its id", () => {
    const region: DiceRegion = { kind: "dice", id: "dice", label: "Dice", settable: false, due: false,
      dice: [{ id: "die:0", face: 5, used: false, note: "" }, { id: "die:1", face: null, used: false, note: "" },
        { id: "d1", label: "d1", face: 3, used: true, note: "" }] } as unknown as DiceRegion;
    const tips = [...drawScene({ regions: [region] }).svg.querySelectorAll(".icw-die > title")].map((t) => t.textContent);
    expect(tips).toEqual(["a die showing 5", "a die not rolled", "d1: 3, used"]);
  });
});
