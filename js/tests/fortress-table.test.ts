// Ice Fortress's table on one screen: the regions packed side by side where the room allows
// (the layout arithmetic of placeRegions), the characters not acting folded to a line that opens
// on a click, and the whole table of a game the game wrote within a screen's height.
import { describe, expect, it } from "vitest";
import { placeRegions, SceneView } from "../src/scene";
import type { Layout } from "../src/regions/common";
import type { Region, Scene } from "../src/types";
import fixture from "./fixtures/icefortress.json";

const PAD = 8;
const GAP = 8;

/** Regions of given widths and heights (`beside` where marked), laid out by their sizes alone. */
function boxes(specs: [number, number, boolean][]): Region[] {
  return specs.map(([w, h, beside], i) => ({ kind: "track", id: `r${i}`, label: "", value: w, most: h, colour: "", ...(beside ? { beside: true } : {}) }) as Region);
}
const lay = (r: Region, room: { width: number }): Layout => {
  const t = r as unknown as { value: number; most: number };
  return { parts: [], width: Math.min(Math.max(t.value, 100), Math.max(room.width, t.value)), height: t.most };
};

describe("placeRegions: regions in rows", () => {
  it("puts a region marked beside to the right of the one before when it fits, else under it", () => {
    const placed = placeRegions(boxes([[300, 50, false], [200, 80, true], [400, 30, true], [100, 20, false]]), 820, lay);
    expect(placed.map((p) => [p.x, p.y])).toEqual([
      [0, 0], // first row: 300 + 8 + 200 fit in 820, then 400 does not (516 + 8 + 400 > 820)
      [308, 0],
      [0, 80 + PAD + GAP], // under the taller of the row
      [0, 80 + PAD + GAP + 30 + PAD + GAP], // not beside: its own row
    ]);
  });

  it("stretches each row's last region to the scene's width, and a region alone to all of it", () => {
    const placed = placeRegions(boxes([[300, 50, false], [200, 80, true], [600, 30, false]]), 820, lay);
    const width = Math.max(...placed.map((p) => p.x + p.layout.width));
    expect(width).toBe(600);
    expect(placed[1]!.x + placed[1]!.width).toBe(width);
    expect(placed[0]!.width).toBe(300);
    expect(placed[2]!.width).toBe(600);
  });

  it("lays a region beside another out for the room left, and never past the room", () => {
    const seen: number[] = [];
    const spy = (r: Region, room: { width: number }): Layout => {
      seen.push(room.width);
      return lay(r, room);
    };
    placeRegions(boxes([[500, 10, false], [250, 10, true]]), 820, spy);
    expect(seen).toEqual([820, 820 - 500 - GAP]);
    const placed = placeRegions(boxes([[700, 10, false], [250, 10, true]]), 820, lay);
    expect(placed[1]!.x).toBe(0); // 700 + 8 + 250 > 820: under
  });
});

describe("folded panels", () => {
  const scene = (folded: boolean): Scene => ({
    title: "t", players: [], marks: [],
    regions: [
      { kind: "cards", id: "hero:0", label: "Autumn, the fierce Banisher", cards: [{ id: "power:a", label: "Autumn", detail: "Look at two rooms.", hidden: false }] },
      { kind: "cards", id: "hero:1", label: "Eve, the clever Builder", folded, cards: [{ id: "power:b", label: "Eve", detail: "Draw a room.", hidden: false }] },
    ],
  } as Scene);

  it("draws a folded region as its label's line, a button that opens it and folds it again", () => {
    const view = new SceneView();
    const opened: number[] = [];
    view.onFold = () => opened.push(1);
    view.draw(scene(true), 820);
    const button = view.svg.querySelector('[data-fold="hero:1"]')!;
    expect(button.getAttribute("role")).toBe("button");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.textContent).toContain("Eve, the clever Builder");
    expect(view.svg.querySelector('[data-id="power:b"]')).toBeNull();
    expect(view.svg.querySelector('[data-id="power:a"]')).not.toBeNull();
    const height = (): number => Number(view.svg.getAttribute("viewBox")!.split(" ")[3]);
    const folded = height();

    expect(view.fold(button.querySelector("text"))).toBe(true);
    expect(view.svg.querySelector('[data-id="power:b"]')).not.toBeNull();
    expect(view.svg.querySelector('[data-fold="hero:1"]')!.getAttribute("aria-expanded")).toBe("true");
    expect(height()).toBeGreaterThan(folded + 60);
    expect(opened).toHaveLength(1);

    view.draw(scene(true), 820); // the same scene again (a move elsewhere): it stays open
    expect(view.svg.querySelector('[data-id="power:b"]')).not.toBeNull();
    view.fold(view.svg.querySelector('[data-fold="hero:1"]'));
    expect(view.svg.querySelector('[data-id="power:b"]')).toBeNull();
    expect(view.fold(view.svg.querySelector('[data-id="power:a"]'))).toBe(false); // not a fold's label
  });

  it("forgets a person's choice once the scene folds the region the other way (the turn passed)", () => {
    const view = new SceneView();
    view.draw(scene(true), 820);
    view.fold(view.svg.querySelector('[data-fold="hero:1"]'));
    view.draw(scene(false), 820); // now the acting character's: open as the scene says
    view.draw(scene(true), 820); // and folded again when the turn moves on
    expect(view.svg.querySelector('[data-id="power:b"]')).toBeNull();
  });
});

describe("the table of a game the game wrote", () => {
  const table = fixture as unknown as Scene;
  const view = new SceneView();
  view.draw(table, 816);
  const [, , width, height] = view.svg.getAttribute("viewBox")!.split(" ").map(Number);
  const regionBox = (id: string): [number, number] => {
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(view.svg.querySelector(`.icw-region[data-id="${id}"]`)!.getAttribute("transform") ?? "")!;
    return [Number(m[1]), Number(m[2])];
  };

  it("is as wide as the room or the fortress, whichever is wider (the fortress's foundation never wraps)", () => {
    const fortress = view.svg.querySelector('.icw-region[data-id="fortress"] .icw-region-body')!;
    const spaces = [...fortress.querySelectorAll(".icw-fort-space")].map((g) => /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute("transform")!)!);
    expect(new Set(spaces.map((m) => m[2])).size).toBe(1);
    const right = Math.max(...spaces.map((m) => Number(m[1])));
    expect(width).toBeLessThanOrEqual(Math.max(816, right + 300));
    expect(regionBox("fortress")).toEqual([0, 0]);
  });

  it("folds every character but the acting one, and draws decks as small piles", () => {
    const folded = table.regions.filter((r) => "folded" in r && r.folded === true).map((r) => r.id);
    expect(folded.length).toBe(table.regions.filter((r) => r.id.startsWith("hero:")).length - 1);
    for (const id of folded) expect(view.svg.querySelector(`[data-fold="${id}"]`)).not.toBeNull();
    for (const deck of view.svg.querySelectorAll(".icw-region-deck")) expect(deck.querySelectorAll(".icw-card-back")).toHaveLength(0);
  });

  it("is about one screen tall, not a column of panels (929 units for this five-room fortress at 816 wide)", () => {
    expect(height).toBeLessThan(960);
  });
});
