// A board of spaces (Dectana's): places by coordinates, territories and wastelands, pyramids
// standing and lying, suit marks as targets, and the names of all of them.
import { describe, expect, it } from "vitest";
import { resolveClick } from "../src/clicks";
import { sceneNames } from "../src/labels";
import { reconcile } from "../src/reconcile";
import type { Layout } from "../src/regions/common";
import * as spaces from "../src/regions/spaces";
import { drawScene } from "../src/scene";
import type { Card, Pyramid, Scene, Space, SpacesRegion } from "../src/types";
import { loose } from "./loose";

const card = (at: string, label: string, rank: string, suits: string[]): Card => ({
  id: `${at}/card`, label, detail: "", colour: null, hidden: false, rank,
  suits: suits.map((s) => ({ id: `${at}/card/${s}`, suit: s })),
});
const pyramid = (at: string, colour: string, size: number, facing: Pyramid["facing"], n = ""): Pyramid => ({
  id: `${at}/${colour[0]}${size}${facing[0]}${n}`, colour, size, facing,
});
const space = (x: number, y: number, c: Card | null, pieces: Pyramid[] = [], under = 0): Space => ({
  id: `${x},${y}`, x, y, label: `${x},${y}`, card: c, under, pieces,
});
const region = (list: Space[]): SpacesRegion => ({ kind: "spaces", id: "board", label: "Board", spaces: list });

/** The 3x3 board a game starts with, x and y from 0 to 2, and a wasteland east of it. */
const start = (): Space[] => [
  space(0, 0, card("0,0", "The Castle", "7", ["suns", "knots"])),
  space(1, 0, card("1,0", "The Mill", "8", ["waves", "leaves"])),
  space(0, 1, card("0,1", "The Desert", "2", ["suns", "wyrms"]), [pyramid("0,1", "red", 3, "e"), pyramid("0,1", "blue", 1, "up")], 2),
  space(1, 1, card("1,1", "The Huntress", "Crown", ["moons"])),
  space(2, 1, null, [pyramid("2,1", "green", 2, "w")]),
];

function draw(layout: Layout): SVGSVGElement {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  reconcile(s, layout.parts);
  return s;
}

const get = (s: Element, id: string): Element => {
  const el = s.querySelector(`[data-id="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};

/** Where a space's group is placed: its translate. */
function at(s: Element, id: string): [number, number] {
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(get(s, id).getAttribute("transform") ?? "");
  if (!m) throw new Error(`${id} is not placed`);
  return [Number(m[1]), Number(m[2])];
}

/** The points of a polygon. */
const points = (el: Element): [number, number][] =>
  el.getAttribute("points")!.trim().split(/\s+/).map((p) => p.split(",").map(Number) as [number, number]);

/** A rect's box: [x, y, width, height]. */
const box = (el: Element): [number, number, number, number] => ["x", "y", "width", "height"].map((a) => Number(el.getAttribute(a))) as [number, number, number, number];

describe("places", () => {
  it("puts x to the east and y to the north, a space's step apart", () => {
    const s = draw(spaces.layout(region(start())));
    const [x00, y00] = at(s, "0,0");
    expect(at(s, "1,0")).toEqual([x00 + spaces.STEP, y00]);
    expect(at(s, "0,1")).toEqual([x00, y00 - spaces.STEP]); // north is up the page
    expect(at(s, "2,1")).toEqual([x00 + 2 * spaces.STEP, y00 - spaces.STEP]);
  });

  it("keeps the spaces' places relative to each other when the board grows west and south", () => {
    const before = draw(spaces.layout(region(start())));
    const grown = draw(spaces.layout(region([...start(), space(-2, 0, card("-2,0", "The Sea", "Crown", ["waves"])), space(-1, 0, null, [pyramid("-1,0", "red", 1, "up")]), space(0, -1, card("0,-1", "The Bard", "Pawn", ["suns"]))])));
    const offset = (s: Element, a: string, b: string) => [at(s, b)[0] - at(s, a)[0], at(s, b)[1] - at(s, a)[1]];
    for (const id of ["1,0", "0,1", "1,1", "2,1"]) expect(offset(grown, "0,0", id), id).toEqual(offset(before, "0,0", id));
    expect(offset(grown, "0,0", "-2,0")).toEqual([-2 * spaces.STEP, 0]);
    expect(offset(grown, "0,0", "0,-1")).toEqual([0, spaces.STEP]);
    // the board's west and north edges are the region's: nothing is drawn left of its padding
    expect(at(grown, "-2,0")[0]).toBe(at(before, "0,0")[0]);
    expect(at(grown, "0,1")[1]).toBe(at(before, "0,1")[1]);
  });

  it("sizes the region to the board's bounding box", () => {
    const three = spaces.layout(region(start()));
    const wider = spaces.layout(region([...start(), space(-1, 0, card("-1,0", "The Sea", "Crown", ["waves"])), space(-2, 0, null, [pyramid("-2,0", "red", 1, "up")])]));
    expect(wider.width - three.width).toBe(2 * spaces.STEP);
    const taller = spaces.layout(region([...start(), space(0, 4, card("0,4", "The Sea", "Crown", ["waves"]))]));
    // two rows with nothing in them between: narrow
    expect(taller.height - three.height).toBe(spaces.STEP + 2 * (spaces.THIN + spaces.GAP));
  });

  it("redraws in place: a board grown west moves the spaces it keeps", () => {
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    reconcile(s, spaces.layout(region(start())).parts);
    const kept = get(s, "0,1");
    reconcile(s, spaces.layout(region([space(-1, 0, null), ...start()])).parts);
    expect(get(s, "0,1")).toBe(kept);
    expect(at(s, "0,1")[0]).toBe(at(s, "-1,0")[0] + spaces.THIN + spaces.GAP);
  });

  it("draws a row or column of empty wastelands narrow, and full size once it holds a card or a pyramid", () => {
    // the ring of wastelands about one card
    const ring = [space(0, 0, card("0,0", "The Castle", "7", ["suns"])), space(1, 0, null), space(-1, 0, null), space(0, 1, null), space(0, -1, null)];
    const l = spaces.layout(region(ring));
    expect(l.width).toBe(Math.max(240, 2 * 8 + spaces.CELL + 2 * (spaces.THIN + spaces.GAP)));
    const s = draw(l);
    expect(box(get(s, "1,0").querySelector(".icw-hit")!)).toEqual([0, 0, spaces.THIN, spaces.CELL]);
    expect(box(get(s, "0,1").querySelector(".icw-hit")!)).toEqual([0, 0, spaces.CELL, spaces.THIN]);
    expect(box(get(s, "0,1").querySelector(".icw-waste-outline")!)).toEqual([4, 4, spaces.CELL - 8, spaces.THIN - 8]);
    expect(at(s, "0,0")[1] - at(s, "0,1")[1]).toBe(spaces.THIN + spaces.GAP);
    // a pyramid on a wasteland gives its row and column their full size
    const held = draw(spaces.layout(region([...ring.slice(0, 4), space(0, -1, null, [pyramid("0,-1", "red", 2, "up")])])));
    expect(box(get(held, "0,-1").querySelector(".icw-hit")!)).toEqual([0, 0, spaces.CELL, spaces.CELL]);
    expect(at(held, "0,-1")[1] - at(held, "0,0")[1]).toBe(spaces.STEP);
  });

  it("stands cards upright and lays them across by the parity of x + y", () => {
    expect([spaces.upright(0, 0), spaces.upright(1, 0), spaces.upright(-1, 0), spaces.upright(-1, -1)]).toEqual([true, false, false, true]);
    const s = draw(spaces.layout(region(start())));
    const face = (id: string) => box(get(s, `${id}/card`).querySelector(".icw-card-face")!);
    expect(face("0,0")[3]).toBeGreaterThan(face("0,0")[2]); // taller than wide
    expect(face("1,0")[2]).toBeGreaterThan(face("1,0")[3]); // wider than tall
  });

  it("skips spaces without integer coordinates, and says when there are none", () => {
    const odd = loose<SpacesRegion>({ kind: "spaces", id: "b", spaces: [{ id: "a", x: "one", y: 0 }, { id: "b", x: 0.5, y: 0 }, null, { id: "0,0", x: 0, y: 0, card: null, pieces: null }] });
    const s = draw(spaces.layout(odd));
    expect([...s.querySelectorAll(".icw-space")].map((e) => e.getAttribute("data-id"))).toEqual(["0,0"]);
    const none = draw(spaces.layout(loose({ kind: "spaces", id: "b" })));
    expect(none.textContent).toContain("no spaces");
  });

  it("draws no board larger than a set span, whatever coordinates it is sent", () => {
    const l = spaces.layout(region([space(0, 0, null), space(1e9, 0, null), space(0, -1e9, null)]));
    expect(l.width).toBeLessThan(100 * spaces.STEP);
    expect(l.height).toBeLessThan(100 * spaces.STEP);
  });
});

describe("territories and wastelands", () => {
  it("draws a territory's top card: rank, name, coordinates, suit marks and the count beneath", () => {
    const s = draw(spaces.layout(region(start())));
    const c = get(s, "0,1/card");
    expect(c.parentElement).toBe(get(s, "0,1"));
    expect(c.classList.contains("icw-card")).toBe(true);
    expect(c.querySelector(".icw-card-rank")!.textContent).toBe("2");
    expect(c.querySelector(".icw-card-label")!.textContent).toBe("The Desert");
    expect(c.querySelector(".icw-card-coord")!.textContent).toBe("0,1");
    expect(c.querySelector(".icw-card-under-count")!.textContent).toBe("+2");
    expect(c.querySelectorAll(".icw-card-under")).toHaveLength(2);
    expect(get(s, "0,0/card").querySelector(".icw-card-under-count")).toBeNull();
    expect([...c.querySelectorAll(".icw-suit")].map((e) => e.getAttribute("data-id"))).toEqual(["0,1/card/suns", "0,1/card/wyrms"]);
  });

  it("makes every space, card, suit mark and pyramid an item of its own, each with its hit rectangle first", () => {
    const s = draw(spaces.layout(region(start())));
    for (const id of ["0,1", "0,1/card", "0,1/card/suns", "0,1/r3e", "0,1/b1u", "2,1", "2,1/g2w"]) {
      expect(get(s, id).firstElementChild!.classList.contains("icw-hit"), id).toBe(true);
    }
    const ids = [...s.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws a wasteland faintly, as a dashed square that is a place to click", () => {
    const s = draw(spaces.layout(region(start())));
    const w = get(s, "2,1");
    expect(w.classList.contains("icw-wasteland")).toBe(true);
    expect(w.querySelector(".icw-card")).toBeNull();
    expect(w.querySelector(".icw-waste-outline")).not.toBeNull();
    expect(w.querySelector(".icw-coord")!.textContent).toBe("2,1");
    const hit = box(w.firstElementChild!);
    expect(hit).toEqual([0, 0, spaces.CELL, spaces.CELL]); // the whole space is its target area
    expect(get(s, "0,0").classList.contains("icw-territory")).toBe(true);
  });

  it("shows a face-down card as its back, with no text of it", () => {
    const secret = { id: "0,0/card", label: "The Castle", detail: "secret", hidden: true, rank: "7", suits: [{ id: "0,0/card/suns", suit: "suns" }] };
    const s = draw(spaces.layout(region([loose<Space>(space(0, 0, loose(secret)))])));
    const c = get(s, "0,0/card");
    expect(c.classList.contains("icw-hidden")).toBe(true);
    expect(c.querySelector(".icw-card-back")).not.toBeNull();
    expect(c.querySelector("text")).toBeNull();
    expect(c.querySelector("[data-id]")).toBeNull(); // no suit marks either
    expect(s.textContent).not.toMatch(/Castle|secret|suns/i);
    expect(spaces.names(region([space(0, 0, loose(secret))]))).toEqual([["0,0", "0,0 (face-down card)"], ["0,0/card", "face-down card on 0,0"]]);
  });

  it("sets text as text", () => {
    const xss = "<img src=x onerror=alert(1)>";
    const s = draw(spaces.layout(region([{ ...space(0, 0, card("0,0", xss, xss, [])), label: xss }])));
    expect(s.querySelector("img")).toBeNull();
    expect(s.textContent).toContain("<img");
  });
});

describe("pyramids", () => {
  /** The apex of a lying pyramid and the midpoint of its base, in the space's coordinates. */
  function pointing(s: Element, id: string): { dx: number; dy: number } {
    const g = get(s, id);
    const body = g.querySelector(".icw-pyr-flat .icw-pyr-body")!;
    const scale = /scale\(([\d.]+)\)/.exec(body.closest("g[transform]")!.getAttribute("transform")!);
    expect(Number(scale![1])).toBeGreaterThan(0); // a plain scale: it does not turn the shape
    const [apex, b1, b2] = points(body);
    const mid = [(b1![0] + b2![0]) / 2, (b1![1] + b2![1]) / 2];
    return { dx: apex![0] - mid[0]!, dy: apex![1] - mid[1]! };
  }

  it("draws a lying pyramid as a triangle whose apex points its way (north up the page)", () => {
    const facings: Pyramid["facing"][] = ["n", "e", "s", "w"];
    const s = draw(spaces.layout(region([space(0, 0, null, facings.map((f) => pyramid("0,0", "red", 3, f)))])));
    const n = pointing(s, "0,0/r3n");
    const e = pointing(s, "0,0/r3e");
    const so = pointing(s, "0,0/r3s");
    const w = pointing(s, "0,0/r3w");
    expect(n.dy).toBeLessThan(0);
    expect(Math.abs(n.dx)).toBeLessThan(0.2);
    expect(e.dx).toBeGreaterThan(0);
    expect(Math.abs(e.dy)).toBeLessThan(0.2);
    expect(so.dy).toBeGreaterThan(0);
    expect(w.dx).toBeLessThan(0);
    // as long as the standing pyramid is tall (42 for a large one)
    expect(Math.hypot(e.dx, e.dy)).toBeCloseTo(42, 0);
    expect(get(s, "0,0/r3e").querySelector(".icw-pyr-flat")!.getAttribute("data-facing")).toBe("e");
  });

  it("draws a standing pyramid from above: its square base, the faces meeting at the apex, its size in pips", () => {
    const s = draw(spaces.layout(region([space(0, 0, null, [pyramid("0,0", "blue", 2, "up")])])));
    const g = get(s, "0,0/b2u");
    expect(g.querySelector(".icw-pyr-flat")).toBeNull();
    const corners = points(g.querySelector(".icw-pyr-top .icw-pyr-body")!);
    expect(corners).toHaveLength(4);
    const xs = corners.map((c) => c[0]!);
    const ys = corners.map((c) => c[1]!);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(Math.max(...ys) - Math.min(...ys), 5); // a square
    expect(g.querySelector(".icw-pyr-top")!.getAttribute("data-facing")).toBe("up");
    expect(g.querySelector(".icw-pips")!.getAttribute("data-pips")).toBe("2");
    expect(g.querySelector(".icw-pyr-body")!.getAttribute("fill")).toBe("#2a6ad6");
  });

  it("tells an upright pyramid from one lying pointing north at a glance: a square against a long, narrow triangle", () => {
    const s = draw(spaces.layout(region([space(0, 0, null, [pyramid("0,0", "red", 3, "up"), pyramid("0,0", "red", 3, "n")])])));
    const extent = (id: string): [number, number] => {
      const ps = points(get(s, id).querySelector(".icw-pyr-body")!);
      const xs = ps.map((p) => p[0]!);
      const ys = ps.map((p) => p[1]!);
      return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
    };
    const [uw, uh] = extent("0,0/r3u");
    const [nw, nh] = extent("0,0/r3n");
    expect(uh / uw).toBeCloseTo(1, 5);
    expect(nh / nw).toBeGreaterThanOrEqual(2.5); // at least two and a half times as long as it is wide
    expect(points(get(s, "0,0/r3u").querySelector(".icw-pyr-body")!)).toHaveLength(4);
    expect(points(get(s, "0,0/r3n").querySelector(".icw-pyr-body")!)).toHaveLength(3);
  });

  it("fits nine pyramids of five players in a space, each with a hit square of its own", () => {
    const colours = ["red", "blue", "green", "yellow", "purple"];
    const facings: Pyramid["facing"][] = ["up", "n", "e", "s", "w"];
    const nine = Array.from({ length: 9 }, (_, i) => pyramid("0,0", colours[i % 5]!, (i % 3) + 1, facings[i % 5]!, `#${i}`));
    const s = draw(spaces.layout(region([space(0, 0, card("0,0", "The Castle", "7", ["suns", "knots"]), nine)])));
    const hits = nine.map((p) => box(get(s, p.id).firstElementChild!));
    for (const [x, y, w, h] of hits) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(spaces.CELL);
      expect(y + h).toBeLessThanOrEqual(spaces.CELL);
      expect(w).toBeGreaterThanOrEqual(20); // still a thing to click
    }
    // below the card's suit marks, and apart from each other
    const suitBottom = Math.max(...["suns", "knots"].map((s2) => { const [, y, , h] = box(get(s, `0,0/card/${s2}`).firstElementChild!); return y + h; }));
    for (const [, y] of hits) expect(y).toBeGreaterThanOrEqual(suitBottom);
    for (let i = 0; i < hits.length; i++) {
      for (let j = i + 1; j < hits.length; j++) {
        const [ax, ay, aw, ah] = hits[i]!;
        const [bx, by, bw, bh] = hits[j]!;
        expect(ax + aw <= bx || bx + bw <= ax || ay + ah <= by || by + bh <= ay, `${i} and ${j} overlap`).toBe(true);
      }
    }
  });

  it("keeps one or two pyramids at their full size", () => {
    const { q } = spaces.slots(2, 79);
    expect(q).toBeGreaterThanOrEqual(44);
    expect(spaces.slots(9, 79).q).toBeLessThan(q);
    expect(spaces.slots(0, 79).centres).toEqual([]);
  });
});

describe("clicks", () => {
  const s = draw(spaces.layout(region(start())));
  const symbol = get(s, "0,1/card/suns").querySelector(".icw-suit-symbol path")!;
  const body = get(s, "0,1/r3e").querySelector(".icw-pyr-body")!;

  it("the innermost target wins: a suit mark inside a card inside a space", () => {
    expect(resolveClick(symbol, s, () => true)).toEqual({ kind: "target", id: "0,1/card/suns" });
    expect(resolveClick(symbol, s, (id) => id === "0,1/card")).toEqual({ kind: "target", id: "0,1/card" });
    expect(resolveClick(symbol, s, (id) => id === "0,1")).toEqual({ kind: "target", id: "0,1" });
    expect(resolveClick(symbol, s, () => false)).toEqual({ kind: "item", id: "0,1/card/suns" });
  });

  it("a pyramid drawn over the card is its own target, never the card's", () => {
    expect(resolveClick(body, s, () => true)).toEqual({ kind: "target", id: "0,1/r3e" });
    expect(resolveClick(body, s, (id) => id === "0,1/card" || id === "0,1")).toEqual({ kind: "target", id: "0,1" });
  });
});

describe("names", () => {
  it("names spaces, cards, suit marks and pyramids as a person reads them", () => {
    const names = new Map(spaces.names(region([...start(), space(2, 2, card("2,2", "The Castle", "7", ["suns"]), [pyramid("2,2", "red", 3, "e"), pyramid("2,2", "red", 3, "e", "#2")])])));
    expect(names.get("0,1")).toBe("0,1 (The Desert)");
    expect(names.get("2,1")).toBe("2,1 (wasteland)");
    expect(names.get("0,1/card")).toBe("The Desert on 0,1");
    expect(names.get("0,1/card/suns")).toBe("Suns of The Desert on 0,1");
    expect(names.get("0,1/r3e")).toBe("red large pointing east on 0,1");
    expect(names.get("0,1/b1u")).toBe("blue small upright on 0,1");
    expect(names.get("2,1/g2w")).toBe("green medium pointing west on 2,1");
    expect(names.get("2,2/r3e#2")).toBe("red large pointing east on 2,2");
  });

  it("gives every id a scene draws a name, the hand's suit marks too", () => {
    const scene: Scene = {
      title: "Dectana",
      players: [],
      regions: [
        region(start()),
        { kind: "cards", id: "hand:0", label: "Ann's hand", cards: [{ id: "hand:castle", label: "The Castle", detail: "", hidden: false, rank: "7", suits: [{ id: "hand:castle/suns", suit: "suns" }, { id: "hand:castle/knots", suit: "knots" }] }] },
      ],
      marks: [{ id: "0,1/r3e", kind: "last" }],
    };
    const { svg, byId } = drawScene(scene);
    const names = sceneNames(scene);
    const ids = [...svg.querySelectorAll("[data-id]")].map((e) => e.getAttribute("data-id")!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(names.has(id), id).toBe(true);
    expect(names.get("board")).toBe("Board");
    expect(names.get("hand:castle/suns")).toBe("Suns of The Castle in Ann's hand");
    expect(byId.get("0,1/r3e")!.classList.contains("icw-mark-last")).toBe(true);
    expect(svg.querySelector('[data-id="0,1/r3e"] title')!.textContent).toBe("red large pointing east on 0,1");
  });
});
