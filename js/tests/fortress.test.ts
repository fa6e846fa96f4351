// Ice Fortress's fortress in elevation: rooms stacked over the pillar groups they rest on, dice as
// pips, black squares linked to their anchors, invaders, covered squares, the foundation's spaces,
// every id a target of its own with its name, and a 30-room fortress laid out without overlaps.
import { describe, expect, it } from "vitest";
import { resolveClick } from "../src/clicks";
import { sceneNames } from "../src/labels";
import { paint } from "../src/palette";
import { reconcile } from "../src/reconcile";
import * as fortress from "../src/regions/fortress";
import { regionKind } from "../src/regions/index";
import { drawScene } from "../src/scene";
import type { FortRoom, FortressRegion, FoundationSpace, PillarGroup, PillarSquare } from "../src/scene-types";
import { textWidth } from "../src/regions/common";
import { loose } from "./loose";

const COLOURS: Record<string, string> = { fire: "orange", water: "blue", earth: "green", air: "purple", white: "ghost" };

const sq = (id: string, text: string, more: Partial<PillarSquare> = {}): PillarSquare => ({
  id, label: "", text, linked: null, die: null, invader: null, covered: false, ...more,
});
const grp = (id: string, carries: string, squares: string[], more: Partial<PillarGroup> = {}): PillarGroup => ({
  id, label: "", carries, squares, invader: null, built: false, ...more,
});
const room = (id: string, size: string, element: string, level: number, on: string, squares: PillarSquare[], groups: PillarGroup[], more: Partial<FortRoom> = {}): FortRoom => ({
  id, label: `${size}-${element}-1`, element, colour: COLOURS[element]!, size, level, on, ice: false, ice_section: false, squares, groups, ...more,
});
const spaces = (n: number): FoundationSpace[] => Array.from({ length: n }, (_, i) => ({ id: `F${i + 1}`, label: `foundation space ${i + 1}` }));
const region = (rooms: FortRoom[], n = 4): FortressRegion => ({ kind: "fortress", id: "fortress", label: "The fortress", spaces: spaces(n), rooms });

/** A jumbo earth room on F2: two large groups of four squares, g1's full (one black square linked
 * to a), a large water room on g1 whose one medium group carries a medium air room. */
function tower(): FortRoom[] {
  const r1 = room("R1", "jumbo", "earth", 1, "F2", [
    sq("R1.a", "4-5", { die: 4, covered: true }), sq("R1.b", "4-5", { die: 5, covered: true }),
    sq("R1.c", "3", { die: 3, covered: true }), sq("R1.d", "+1", { linked: "R1.a", die: 5, covered: true }),
    sq("R1.e", "any", { invader: "orange" }), sq("R1.f", "1-3"), sq("R1.g", "4-5", { die: 1 }), sq("R1.h", "x2", { linked: "R1.f" }),
  ], [grp("R1.g1", "large", ["R1.a", "R1.b", "R1.c", "R1.d"], { built: true }), grp("R1.g2", "large", ["R1.e", "R1.f", "R1.g", "R1.h"])]);
  const r2 = room("R2", "large", "water", 2, "R1.g1", [
    sq("R2.a", "1-3", { die: 2, covered: true }), sq("R2.b", "4-5", { die: 5, covered: true }), sq("R2.c", "any", { die: 6 }),
  ], [grp("R2.g1", "medium", ["R2.a", "R2.b"], { built: true })], { ice: true, ice_section: true });
  const r3 = room("R3", "medium", "air", 3, "R2.g1", [sq("R3.a", "any"), sq("R3.b", "2-4")], [grp("R3.g1", "small", ["R3.a", "R3.b"], { invader: "green" })]);
  return [r1, r2, r3];
}

function draw(r: FortressRegion, width = 900): SVGSVGElement {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  reconcile(s, fortress.layout(r, { width }).parts);
  return s;
}

const get = (s: Element, id: string): SVGGElement => {
  const el = s.querySelector<SVGGElement>(`[data-id="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};

const num = (el: Element, a: string): number => Number(el.getAttribute(a));

/** The sum of the translates from `el` up to the svg: where its own coordinates start. */
function origin(el: Element): [number, number] {
  let x = 0;
  let y = 0;
  for (let n: Element | null = el; n && n.tagName.toLowerCase() !== "svg"; n = n.parentElement) {
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(n.getAttribute("transform") ?? "");
    if (m) {
      x += Number(m[1]);
      y += Number(m[2]);
    }
  }
  return [x, y];
}

/** An item's hit rectangle in the svg's coordinates: [left, top, right, bottom]. */
function box(s: Element, id: string): [number, number, number, number] {
  const g = get(s, id);
  const hit = g.firstElementChild!;
  expect(hit.classList.contains("icw-hit"), id).toBe(true);
  const [x, y] = origin(g);
  return [x + num(hit, "x"), y + num(hit, "y"), x + num(hit, "x") + num(hit, "width"), y + num(hit, "y") + num(hit, "height")];
}

const overlaps = (a: number[], b: number[]): boolean => a[0]! < b[2]! - 0.01 && b[0]! < a[2]! - 0.01 && a[1]! < b[3]! - 0.01 && b[1]! < a[3]! - 0.01;

describe("the fortress in elevation", () => {
  it("is a region kind the board knows", () => {
    expect(regionKind("fortress")).toBe(fortress);
  });

  it("stands a jumbo room across its foundation space, and each room over the group it rests on, a level higher", () => {
    const s = draw(region(tower()));
    const [f2, r1, g1, g2, r2, r2g1, r3] = ["F2", "R1", "R1.g1", "R1.g2", "R2", "R2.g1", "R3"].map((id) => box(s, id));
    // the jumbo spans its space and stands on its strip
    expect(r1![0]).toBeCloseTo(f2![0]!, 0);
    expect(r1![2]).toBeCloseTo(f2![2]!, 0);
    expect(r1![3]).toBeLessThanOrEqual(f2![1]! + 0.01);
    // its two groups share its face between them
    expect(g1![0] - r1![0]).toBeLessThan(5);
    expect(r1![2] - g2![2]).toBeLessThan(5);
    expect(g2![0] - g1![2]).toBeLessThan(5);
    // R2 sits over R1's g1 and nowhere over g2; R3 over R2's g1
    expect(r2![0]).toBeGreaterThanOrEqual(g1![0]! - 0.01);
    expect(r2![2]).toBeLessThanOrEqual(g1![2]! + 0.01);
    expect(r2![2]).toBeLessThanOrEqual(g2![0]!);
    expect(r2![2] - r2![0]).toBeCloseTo(g1![2]! - g1![0]!, 0); // stretched over its group's part of the room
    expect(r3![0]).toBeGreaterThanOrEqual(r2g1![0]! - 0.01);
    expect(r3![2]).toBeLessThanOrEqual(r2g1![2]! + 0.01);
    // one level apart, each on top of the one below
    expect(r1![1] - r2![1]).toBeCloseTo(fortress.LEVEL_H, 5);
    expect(r2![1] - r3![1]).toBeCloseTo(fortress.LEVEL_H, 5);
    expect(r2![3]).toBeLessThanOrEqual(r1![1]!);
    expect(r3![3]).toBeLessThanOrEqual(r2![1]!);
  });

  it("widens a group's part of a room to carry a room wider than its squares", () => {
    const narrow = [room("R1", "medium", "fire", 1, "F1", [sq("R1.a", "any")], [grp("R1.g1", "small", ["R1.a"], { built: true })])];
    const wide = room("R2", "small", "fire", 2, "R1.g1", ["a", "b", "c", "d"].map((l) => sq(`R2.${l}`, "any")), []);
    const s = draw(region([...narrow, wide], 1));
    const [g1, r2] = [box(s, "R1.g1"), box(s, "R2")];
    expect(g1[2] - g1[0]).toBeGreaterThanOrEqual(4 * fortress.COL);
    expect(r2[0]).toBeGreaterThanOrEqual(g1[0] - 0.01);
    expect(r2[2]).toBeLessThanOrEqual(g1[2] + 0.01);
  });

  it("stretches a room to its space, its parts sharing the room it gets", () => {
    const s = draw(region([room("R1", "jumbo", "fire", 1, "F1", [sq("R1.a", "any"), sq("R1.b", "3")], [grp("R1.g1", "large", ["R1.a"]), grp("R1.g2", "large", ["R1.b"])])]));
    const [f1, r1, g1, g2] = ["F1", "R1", "R1.g1", "R1.g2"].map((id) => box(s, id));
    expect(r1![2] - r1![0]).toBeCloseTo(f1![2]! - f1![0]!, 0);
    expect(g1![2] - g1![0]).toBeCloseTo(g2![2]! - g2![0]!, 5);
    expect(r1![2] - g2![2]).toBeLessThan(5);
    expect(g2![0] - g1![2]).toBeLessThan(5);
  });

  it("draws a die on a square as a face with its pips, and a value with no face as a number", () => {
    const s = draw(region(tower()));
    const pips = (id: string) => get(s, id).querySelectorAll(".icw-fort-pip").length;
    expect([pips("R1.a"), pips("R1.b"), pips("R1.c"), pips("R1.g"), pips("R2.c")]).toEqual([4, 5, 3, 1, 6]);
    expect(get(s, "R1.f").querySelector(".icw-fort-die")).toBeNull();
    const odd = draw(region([room("R1", "jumbo", "fire", 1, "F1", [sq("R1.a", "any", { die: 9 })], [])]));
    expect(get(odd, "R1.a").querySelector(".icw-fort-die-text")!.textContent).toBe("9");
  });

  it("draws a square's constraint under it, and a black square dark with its modifier and a line to its anchor", () => {
    const s = draw(region(tower()));
    const caption = (id: string) => get(s, id).querySelector(".icw-fort-caption")!.textContent;
    expect([caption("R1.a"), caption("R1.c"), caption("R1.e"), caption("R1.d"), caption("R1.h")]).toEqual(["4-5", "3", "any", "+1", "x2"]);
    expect(get(s, "R1.d").classList.contains("icw-fort-linked")).toBe(true);
    expect(get(s, "R1.a").classList.contains("icw-fort-linked")).toBe(false);
    const centre = (id: string) => {
      const b = get(s, id).querySelector(".icw-fort-box")!;
      return num(b, "x") + num(b, "width") / 2;
    };
    const links = [...get(s, "R1").querySelectorAll(":scope > .icw-fort-link")].map((p) => {
      const m = /^M([-\d.]+),[-\d.]+C.* ([-\d.]+),[-\d.]+$/.exec(p.getAttribute("d")!)!;
      return [Number(m[1]), Number(m[2])];
    });
    expect(links).toHaveLength(2);
    expect(links[0]![0]).toBeCloseTo(centre("R1.d"), 0);
    expect(links[0]![1]).toBeCloseTo(centre("R1.a"), 0);
    expect(links[1]![0]).toBeCloseTo(centre("R1.h"), 0);
    expect(links[1]![1]).toBeCloseTo(centre("R1.f"), 0);
  });

  it("draws an invader as a figure in its colour on its square, and an earth invader on its group's outline", () => {
    const s = draw(region(tower()));
    const fig = get(s, "R1.e").querySelector(".icw-fort-invader")!;
    expect(fig.querySelector("circle:not(.icw-fort-invader-halo)")!.getAttribute("fill")).toBe(paint("orange").fill);
    expect(get(s, "R1.f").querySelector(".icw-fort-invader")).toBeNull();
    const g = get(s, "R3.g1");
    const earth = g.querySelector(":scope > .icw-fort-invader")!;
    expect(earth.querySelector("path:not(.icw-fort-invader-halo)")!.getAttribute("fill")).toBe(paint("green").fill);
    const outline = g.querySelector(".icw-fort-group-outline")!;
    const feet = Number(/L[-\d.]+,([-\d.]+) Z/.exec(earth.querySelector("path")!.getAttribute("d")!)![1]);
    const top = num(outline, "y");
    expect(Math.abs(feet - top)).toBeLessThan(8); // it sits on the outline's top edge
    for (const q of g.querySelectorAll(".icw-fort-square")) expect(q.querySelector(".icw-fort-invader")).toBeNull();
  });

  it("dims covered squares and outlines groups with a dotted line labelled with the size they carry", () => {
    const s = draw(region(tower()));
    for (const id of ["R1.a", "R1.b", "R1.c", "R1.d", "R2.a", "R2.b"]) expect(get(s, id).classList.contains("icw-fort-covered"), id).toBe(true);
    for (const id of ["R1.e", "R1.h", "R2.c", "R3.a"]) expect(get(s, id).classList.contains("icw-fort-covered"), id).toBe(false);
    expect(get(s, "R1.g1").querySelector(".icw-fort-group-label")!.textContent).toBe("large");
    expect(get(s, "R2.g1").querySelector(".icw-fort-group-label")!.textContent).toBe("medium");
    expect(get(s, "R1.g1").querySelector(".icw-fort-group-outline")).not.toBeNull();
  });

  it("draws a room in its element's colour, an ice crystal icon and an ice section", () => {
    const s = draw(region(tower()));
    expect(get(s, "R1").querySelector(".icw-fort-card")!.getAttribute("fill")).toBe(paint("green").fill);
    expect(get(s, "R2").querySelector(".icw-fort-card")!.getAttribute("fill")).toBe(paint("blue").fill);
    expect(get(s, "R2").querySelector(".icw-fort-ice-icon")).not.toBeNull();
    expect(get(s, "R2").querySelector(".icw-fort-ice-section")).not.toBeNull();
    expect(get(s, "R1").querySelector(".icw-fort-ice-icon, .icw-fort-ice-section")).toBeNull();
    const white = draw(region([room("R1", "jumbo", "white", 1, "F1", [sq("R1.a", "any")], [])]));
    expect(get(white, "R1").querySelector(".icw-fort-card")!.getAttribute("fill")).toBe(paint("ghost").fill);
  });

  it("makes every space, room, group and square an item of its own, the innermost winning a click", () => {
    const s = draw(region(tower()));
    const ids = [...s.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id"));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(fortress.names(region(tower())).map(([id]) => id)));
    for (const id of ids) expect(get(s, id!).firstElementChild!.classList.contains("icw-hit"), id!).toBe(true);
    // a square lies in its group, the group in its room
    expect(get(s, "R1.a").parentElement).toBe(get(s, "R1.g1"));
    expect(get(s, "R1.g1").parentElement).toBe(get(s, "R1"));
    const pip = get(s, "R1.b").querySelector(".icw-fort-pip")!;
    expect(resolveClick(pip, s, (id) => ["R1", "R1.g1", "R1.b"].includes(id))).toEqual({ kind: "target", id: "R1.b" });
    expect(resolveClick(pip, s, (id) => ["R1", "R1.g1"].includes(id))).toEqual({ kind: "target", id: "R1.g1" });
    expect(resolveClick(pip, s, (id) => id === "R1")).toEqual({ kind: "target", id: "R1" });
    expect(resolveClick(pip, s, () => false)).toEqual({ kind: "item", id: "R1.b" });
    // a room's card and a square's box do not reach into the items beside them
    expect(overlaps(box(s, "R1.a"), box(s, "R1.b"))).toBe(false);
    expect(overlaps(box(s, "R1.g1"), box(s, "R1.g2"))).toBe(false);
    expect(overlaps(box(s, "R1"), box(s, "F2"))).toBe(false);
  });

  it("names rooms, squares, groups and spaces as a person reads them", () => {
    const names = sceneNames({ regions: [region(tower())] });
    expect(names.get("R2")).toBe("R2 (large water room)");
    expect(names.get("R1.b")).toBe("square b of R1 (4-5, a 5 on it, covered)");
    expect(names.get("R2.c")).toBe("square c of R2 (any, a 6 on it)");
    expect(names.get("R1.f")).toBe("square f of R1 (1-3, no die)");
    expect(names.get("R1.d")).toBe("square d of R1 (a's die +1, a 5 on it, covered)");
    expect(names.get("R1.e")).toBe("square e of R1 (any, no die, a fire invader)");
    expect(names.get("R1.g1")).toBe("group g1 of R1 (carries a large room, R2 built on it)");
    expect(names.get("R1.g2")).toBe("group g2 of R1 (carries a large room)");
    expect(names.get("R3.g1")).toBe("group g1 of R3 (carries a small room, an earth invader on it)");
    expect(names.get("F2")).toBe("foundation space F2 (R1, jumbo earth room)");
    const odd = sceneNames({ regions: [region([room("R1", "jumbo", "air", 1, "F1", [sq("R1.a", "any", { die: 8, invader: "purple" })], [])])] });
    expect(odd.get("R1.a")).toBe("square a of R1 (any, an 8 on it, an air invader)");
    expect(names.get("F1")).toBe("foundation space F1 (empty)");
    expect(names.get("fortress")).toBe("The fortress");
    // the title of a drawn item says the same
    const s = draw(region(tower()));
    expect(get(s, "R1.b").querySelector(":scope > title")!.textContent).toBe(names.get("R1.b"));
    expect(get(s, "R1.g1").querySelector(":scope > title")!.textContent).toBe(names.get("R1.g1"));
  });

  it("draws an empty foundation as slots, each space a target reaching over its slot", () => {
    const r = region([], 4);
    const s = draw(r);
    for (const id of ["F1", "F2", "F3", "F4"]) {
      const sp = get(s, id);
      expect(sp.classList.contains("icw-fort-empty")).toBe(true);
      expect(sp.querySelector(".icw-fort-slot-text")!.textContent).toBe("empty");
      expect(sp.querySelector(".icw-fort-space-label")!.textContent).toBe(id);
      const b = box(s, id);
      expect(b[3] - b[1]).toBeGreaterThan(fortress.CARD_H); // the slot and the strip
    }
    const [f1, f2] = [box(s, "F1"), box(s, "F2")];
    expect(f1[1]).toBe(f2[1]);
    expect(f2[0]).toBeGreaterThan(f1[2]); // side by side along the bottom
    expect(fortress.names(r)).toEqual([1, 2, 3, 4].map((i) => [`F${i}`, `foundation space F${i} (empty)`]));
    expect(draw(region(tower())).querySelector('[data-id="F2"] .icw-fort-slot')).toBeNull();
    expect(draw(loose({ kind: "fortress", id: "f" })).textContent).toContain("no foundation spaces");
  });

  it("draws a room resting on nothing it knows once, in a column of its own, and survives odd data", () => {
    const lost = room("R9", "large", "fire", 2, "R7.g1", [sq("R9.a", "any")], []);
    const odd = loose<FortressRegion>({ kind: "fortress", id: "f", spaces: [null, { id: "F1" }], rooms: [
      ...tower().map((r) => ({ ...r, on: r.id === "R1" ? "F1" : r.on })), lost, { id: "" }, 7,
      { id: "R5", on: "R5.g1", squares: null, groups: [{ id: "R5.g1", squares: "x" }] },
    ] });
    const s = draw(odd);
    for (const id of ["R1", "R2", "R3", "R9", "R5", "R5.g1"]) expect(s.querySelectorAll(`[data-id="${id}"]`), id).toHaveLength(1);
    expect(box(s, "R9")[0]).toBeGreaterThan(box(s, "F1")[2]);
  });

  it("lays out a fortress of 30 rooms on four spaces, four levels high, without overlaps, its foundation on one line", () => {
    const rooms = big();
    expect(rooms).toHaveLength(30);
    const widths = new Map<number, number>();
    for (const width of [1600, 620]) {
      const r = region(rooms);
      const l = fortress.layout(r, { width });
      const s = draw(r, width);
      // the foundation board is one strip: its spaces never wrap under each other, whatever the room
      expect(new Set(["F1", "F2", "F3", "F4"].map((id) => box(s, id)[1])).size, `at ${width}`).toBe(1);
      const cards = rooms.map((rm) => box(s, rm.id));
      for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) expect(overlaps(cards[i]!, cards[j]!), `${rooms[i]!.id} ${rooms[j]!.id} at ${width}`).toBe(false);
      for (const rm of rooms) expect(box(s, rm.id)[2]).toBeLessThanOrEqual(l.width);
      widths.set(width, l.width);
      // every square keeps its size, whatever the width
      for (const b of s.querySelectorAll(".icw-fort-box")) expect(num(b, "width")).toBe(fortress.BOX);
    }
    // narrower room: the same drawing (the board's zoom scales it down), not a rearranged one
    expect(widths.get(620)).toBe(widths.get(1600));
    expect(widths.get(620)).toBeGreaterThan(620);
  });

  it("redraws in place: a die placed on a square leaves the other rooms' elements as they were", () => {
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    const before = tower();
    reconcile(s, fortress.layout(region(before), { width: 900 }).parts);
    const r2 = get(s, "R2");
    const r1e = get(s, "R1.e");
    const after = tower();
    after[2] = { ...after[2]!, squares: [sq("R3.a", "any", { die: 3 }), sq("R3.b", "2-4")] };
    reconcile(s, fortress.layout(region(after), { width: 900 }).parts);
    expect(get(s, "R2")).toBe(r2);
    expect(get(s, "R1.e")).toBe(r1e);
    expect(get(s, "R3.a").querySelectorAll(".icw-fort-pip")).toHaveLength(3);
  });

  it("sets text as text, and draws through the scene with the board's targets", () => {
    const xss = "<img src=x onerror=alert(1)>";
    const rooms = tower();
    rooms[0] = { ...rooms[0]!, label: xss, squares: [sq("R1.a", xss), ...rooms[0]!.squares.slice(1)] };
    const { svg, byId } = drawScene({ title: "Ice Fortress", players: [], regions: [region(rooms)], marks: [] });
    expect(svg.querySelector("img")).toBeNull();
    expect(svg.textContent).toContain("<img");
    for (const id of ["fortress", "F1", "R1", "R1.g1", "R1.a", "R3"]) expect(byId.has(id), id).toBe(true);
  });
});

/** 30 rooms: four jumbos, each tower built up to four levels on some of its groups. */
function big(): FortRoom[] {
  const out: FortRoom[] = [];
  let n = 0;
  const next: Record<string, string> = { jumbo: "large", large: "medium", medium: "small" };
  const per: Record<string, number> = { jumbo: 4, large: 3, medium: 2, small: 0 };
  const elements = ["fire", "water", "earth", "air", "white"];
  const make = (size: string, on: string, level: number, spread: number[]): void => {
    const id = `R${++n}`;
    const element = elements[n % elements.length]!;
    const squares: PillarSquare[] = [];
    const groups: PillarGroup[] = [];
    const letters = "abcdefghij";
    let k = 0;
    const ngroups = size === "small" ? 0 : 2;
    for (let gi = 0; gi < ngroups; gi++) {
      const ids: string[] = [];
      for (let i = 0; i < per[size]!; i++) {
        const sid = `${id}.${letters[k++]}`;
        squares.push(sq(sid, i === 0 ? "4-5" : "any", { die: (k % 6) + 1, linked: i === per[size]! - 1 && i > 1 ? ids[0]! : null }));
        ids.push(sid);
      }
      groups.push(grp(`${id}.g${gi + 1}`, next[size]!, ids));
    }
    if (size === "small") for (let i = 0; i < 2; i++) squares.push(sq(`${id}.${letters[k++]}`, "any"));
    out.push(room(id, size, element, level, on, squares, groups, { ice: element === "white" }));
    const carry = spread[0] ?? 0;
    for (let gi = 0; gi < Math.min(carry, groups.length); gi++) {
      groups[gi]!.built = true;
      make(next[size]!, groups[gi]!.id, level + 1, spread.slice(1));
    }
  };
  make("jumbo", "F1", 1, [2, 1, 1]); // 1 + 2 + 2 + 2 = 7
  make("jumbo", "F2", 1, [2, 2]); // 1 + 2 + 4 = 7
  make("jumbo", "F3", 1, [2, 1, 2]); // 1 + 2 + 2 + 4 = 9
  make("jumbo", "F4", 1, [2, 1, 1]); // 7
  return out;
}

describe("room names measured as they are drawn", () => {
  it("widens a supply room's card to its name in bold, wide letters and all", () => {
    const name = "Medium water 1"; // three wide letters: 102 px in bold 11px, not 14 letters at 7 px (98)
    const supply: FortressRegion = { kind: "fortress", id: "supply", label: "Supply rooms", spaces: [], rooms: [
      room("supply:medium-water-1", "medium", "water", 0, "", [sq("supply:medium-water-1.a", "any")], [], { label: name }),
    ] };
    const s = draw(supply);
    const [left, , right] = box(s, "supply:medium-water-1");
    expect(right - left).toBeGreaterThanOrEqual(textWidth(name, 11) + 14);
    expect(s.querySelector(".icw-fort-room-label")!.textContent).toBe(name);
  });

  it("names a built room by its id alone where its id and name would not fit as drawn", () => {
    expect(fortress.roomLabel("R2", "Medium water 1", 200)).toBe("R2 Medium water 1");
    expect(fortress.roomLabel("R2", "Medium water 1", 120)).toBe("R2"); // 17 letters (119 at 7 px), but 122 px
    expect(fortress.roomLabel("supply:medium-water-1", "Medium water 1", 10)).toBe("Medium water 1");
  });
});

describe("squares and groups named as a person reads them", () => {
  it("takes a square's and a group's label for their names, a linked square's too", () => {
    const squares = [sq("R1.a", "any", { label: "R1's 1st square" }), sq("R1.b", "+1", { label: "R1's 2nd square", linked: "R1.a", die: 5 })];
    const groups = [grp("R1.g1", "large", ["R1.a", "R1.b"], { label: "R1's group" })];
    const named = new Map(fortress.names(region([room("R1", "jumbo", "earth", 1, "F1", squares, groups)])));
    expect(named.get("R1.a")).toBe("R1's 1st square (any, no die)");
    expect(named.get("R1.b")).toBe("R1's 2nd square (R1's 1st square's die +1, a 5 on it)");
    expect(named.get("R1.g1")).toBe("R1's group (carries a large room)");
  });

  it("falls back to the square's place in its room without a label", () => {
    const named = new Map(fortress.names(region([room("R1", "jumbo", "earth", 1, "F1", [sq("R1.a", "any")], [])])));
    expect(named.get("R1.a")).toBe("square a of R1 (any, no die)");
  });
});
