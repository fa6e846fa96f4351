// Ice Fortress's table on one screen: the characters not acting folded to a line that opens on a
// click, and the whole table of a game the game wrote, its regions side by side where the room
// allows, within a screen's height.
import { describe, expect, it } from "vitest";
import { PAD } from "../src/regions/common";
import * as fortress from "../src/regions/fortress";
import { SceneView } from "../src/scene";
import type { Region, Scene } from "../src/types";
import fixture from "./fixtures/icefortress.json";

const NARROW = 240; // a region a row

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
    view.draw(scene(true), NARROW);
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

    view.draw(scene(true), NARROW); // the same scene again (a move elsewhere): it stays open
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

describe("the fortress, the table's centrepiece", () => {
  const spaces = [1, 2, 3, 4].map((i) => ({ id: `F${i}`, label: `foundation space ${i}` }));
  const scene = {
    title: "t", players: [], marks: [],
    regions: [
      { kind: "fortress", id: "fortress", label: "The fortress", spaces, rooms: [] },
      { kind: "track", id: "shield", label: "Ice shield", value: 3, most: 10, colour: "ghost" },
      { kind: "dice", id: "dice", label: "Rolled dice", dice: [{ id: "die:0", value: 3 }] },
      { kind: "cards", id: "hand", label: "Hand", cards: [{ id: "c1", label: "Eve", detail: "Draw a room.", hidden: false }] },
    ],
  } as unknown as Scene;
  const view = new SceneView();
  view.draw(scene, 816);
  const width = Number(view.svg.getAttribute("viewBox")!.split(" ")[2]);
  const body = view.svg.querySelector('.icw-region[data-id="fortress"] > .icw-region-body')!;
  const place = (el: Element): number[] => /translate\(([-\d.]+),([-\d.]+)\)(?: scale\(([\d.]+)\))?/.exec(el.getAttribute("transform")!)!.slice(1).map(Number);

  it("is drawn larger than its cards, at most BIG times", () => {
    const [, , scale] = place(body.querySelector(".icw-fort-plan")!);
    expect(scale).toBeGreaterThan(1.3);
    expect(scale).toBeLessThanOrEqual(fortress.BIG);
  });

  it("stands in the middle of a row of its own, the other regions under it", () => {
    const [middle] = place(body);
    const [plan, , scale] = place(body.querySelector(".icw-fort-plan")!);
    const drawn = 2 * plan! + scale! * Math.max(...[...body.querySelectorAll(".icw-fort-space")].map((g) => place(g)[0]! + 96));
    expect(middle).toBeGreaterThan(8);
    expect(Math.abs(middle! + drawn / 2 - width / 2)).toBeLessThan(2);
    for (const id of ["shield", "dice", "hand"]) expect(place(view.svg.querySelector(`.icw-region[data-id="${id}"]`)!)[1]).toBeGreaterThan(100);
  });

  it("is as many levels high as its rooms (one, with none built), its air drawn over the foundation", () => {
    const air = body.querySelector(".icw-fort-air")!;
    const levels = Math.round((Number(air.getAttribute("height")) - 2) / fortress.LEVEL_H);
    expect(levels).toBe(1); // no empty level over the rooms
    expect(body.querySelectorAll(".icw-fort-level")).toHaveLength(levels - 1);
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
    const drawn = Number(fortress.querySelector(".icw-fort-air")!.getAttribute("width"));
    expect(drawn).toBeGreaterThan(Math.max(...spaces.map((m) => Number(m[1]))));
    expect(width).toBeLessThanOrEqual(Math.max(816, drawn + 2 * PAD));
    expect(regionBox("fortress")).toEqual([0, 0]);
  });

  it("folds every character but the acting one, and draws decks as small piles", () => {
    const folded = table.regions.filter((r) => "folded" in r && r.folded === true).map((r) => r.id);
    expect(folded.length).toBe(table.regions.filter((r) => r.id.startsWith("hero:")).length - 1);
    for (const id of folded) expect(view.svg.querySelector(`[data-fold="${id}"]`)).not.toBeNull();
    for (const deck of view.svg.querySelectorAll(".icw-region-deck")) expect(deck.querySelectorAll(".icw-card-back")).toHaveLength(0);
  });

  it("gives the fortress a row of its own at the top, the widest fortress drawn at its own size", () => {
    expect(regionBox("shield")[0]).toBe(0);
    expect(regionBox("shield")[1]).toBeGreaterThan(0);
    const plan = view.svg.querySelector('.icw-region[data-id="fortress"] .icw-fort-plan')!.getAttribute("transform")!;
    expect(plan).not.toContain("scale");
  });
  it("is about one screen tall, not a column of panels (844 units for this five-room fortress at 816 wide)", () => {
    expect(height).toBeLessThan(960);
  });
});
