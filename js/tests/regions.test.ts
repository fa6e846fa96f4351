// Each region module alone: its layout for a room, and the names of the ids it draws.
import { describe, expect, it } from "vitest";
import * as cards from "../src/regions/cards";
import { MAX_W, MIN_W, type Layout } from "../src/regions/common";
import * as deck from "../src/regions/deck";
import * as dice from "../src/regions/dice";
import * as grid from "../src/regions/grid";
import { regionKind } from "../src/regions/index";
import * as piles from "../src/regions/piles";
import { reconcile } from "../src/reconcile";
import * as towers from "../src/regions/towers";
import * as track from "../src/regions/track";
import type { CardsRegion, DeckRegion, DiceRegion, GridRegion, PilesRegion, TowersRegion, TrackRegion } from "../src/types";
import { loose } from "./loose";

const XSS = "<img src=x onerror=alert(1)>";

/** A layout's parts drawn into one <svg>, to look at. */
function draw(layout: Layout): SVGSVGElement {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  reconcile(s, layout.parts);
  return s;
}

const ids = (s: Element, sel = "[data-id]") => [...s.querySelectorAll(sel)].map((e) => e.getAttribute("data-id"));
/** The x of each item's hit rectangle, by id. */
const xOf = (s: Element, id: string) => Number(s.querySelector(`[data-id="${id}"] > .icw-hit`)!.getAttribute("x"));
const yOf = (s: Element, id: string) => Number(s.querySelector(`[data-id="${id}"] > .icw-hit`)!.getAttribute("y"));

describe("registry", () => {
  it("knows every kind of the scene vocabulary, and nothing else", () => {
    for (const kind of ["piles", "towers", "grid", "dice", "cards", "deck", "spaces", "fortress"]) expect(regionKind(kind), kind).toBeDefined();
    for (const kind of ["hexes", "toString", "__proto__", "", null, 3]) expect(regionKind(kind)).toBeUndefined();
  });
});

describe("piles side by side", () => {
  const stash = (players: number): PilesRegion => ({
    kind: "piles", id: "stash", label: "Stashes",
    rows: Array.from({ length: players }, (_, p) => ({ label: `P${p}`, colour: "red", piles: [1, 2, 3].map((size) => ({ id: `s${p}:${size}`, colour: "red", size, count: 3 })) })),
  });

  it("sets the rows side by side where the room holds several, balanced over the lines", () => {
    const wide = piles.layout(stash(5), { width: 600 });
    const tall = piles.layout(stash(5), { width: 240 });
    expect(wide.height).toBeLessThan(tall.height / 2);
    expect(wide.width).toBeLessThanOrEqual(600);
    const s = draw(wide);
    expect(yOf(s, "s1:1")).toBe(yOf(s, "s0:1"));
    expect(xOf(s, "s1:1")).toBeGreaterThan(xOf(s, "s0:3"));
    // five rows on two lines: three and two, not four and one
    expect(yOf(s, "s3:1")).toBeGreaterThan(yOf(s, "s0:1"));
    expect(yOf(s, "s2:1")).toBe(yOf(s, "s0:1"));
  });
});

describe("piles", () => {
  const region: PilesRegion = {
    kind: "piles", id: "free", label: "Free",
    rows: [{ label: "Ann, the red player", colour: "red", piles: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: `r${n}`, colour: "red", size: (n % 3) + 1, count: n })) }],
  };

  it("draws a pile per id with its count, behind a chip in the row's colour", () => {
    const s = draw(piles.layout(region, { width: MAX_W }));
    expect(ids(s)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]);
    expect(s.querySelector('[data-id="r5"] .icw-count')!.textContent).toBe("×5");
    expect(s.querySelector(".icw-chip text")!.textContent).toBe("Ann, the red player");
    expect(new Set(ids(s).map((id) => yOf(s, id!))).size).toBe(1); // one line
  });

  it("wraps piles onto more lines, and puts the chips above them, in a narrow room", () => {
    const l = piles.layout(region, { width: 240 });
    const s = draw(l);
    expect(l.width).toBeLessThanOrEqual(240);
    expect(yOf(s, "r8")).toBeGreaterThan(yOf(s, "r1"));
    const chip = s.querySelector(".icw-chip rect")!;
    expect(Number(chip.getAttribute("y")) + Number(chip.getAttribute("height"))).toBeLessThanOrEqual(yOf(s, "r1"));
  });

  it("names piles as a person reads them", () => {
    expect(piles.names(region).slice(0, 2)).toEqual([["r1", "red medium"], ["r2", "red large"]]);
  });
});

describe("towers", () => {
  const many: TowersRegion = {
    kind: "towers", id: "table", label: "Table",
    towers: Array.from({ length: 12 }, (_, i) => ({ id: `T${i}`, label: `T${i}`, owner: "red", points: i, pieces: [{ id: `T${i}.0`, colour: "red", size: 2 }] })),
  };

  it("lays out as many towers on a line as the room takes (at most MAX_W)", () => {
    const perLine = (width: number) => {
      const s = draw(towers.layout(many, { width }));
      const first = s.querySelector('[data-id="T0"]')!.getAttribute("transform");
      const y = (id: string) => s.querySelector(`[data-id="${id}"]`)!.getAttribute("transform")!.split(",")[1];
      return ids(s, ".icw-tower").filter((id) => y(id!) === first!.split(",")[1]).length;
    };
    expect(perLine(320)).toBeLessThan(perLine(MAX_W));
    expect(perLine(2000)).toBe(perLine(MAX_W));
    expect(towers.layout(many, { width: 320 }).width).toBeLessThanOrEqual(320);
  });

  it("names towers by label and their pieces by what they are and where", () => {
    expect(towers.names(loose({ kind: "towers", id: "t", towers: [{ id: "T1", label: "T1", pieces: [{ id: "T1.0", colour: "green", size: 3 }] }] })))
      .toEqual([["T1", "T1"], ["T1.0", "green large in T1"]]);
  });
});

describe("grid", () => {
  const board = (files: number) => loose<GridRegion>({ kind: "grid", id: "b", files, ranks: files, file_labels: [], rank_labels: [], cells: [{ id: "a1", file: 0, rank: 0, pieces: [] }] });
  const square = (l: Layout) => Number(draw(l).querySelector('[data-id="a1"] > .icw-hit')!.getAttribute("width"));

  it("shrinks its squares to fit the room, down to a size that stays readable", () => {
    expect(square(grid.layout(board(7), { width: MAX_W }))).toBe(64);
    const narrow = grid.layout(board(7), { width: 300 });
    expect(narrow.width).toBeLessThanOrEqual(300);
    expect(square(narrow)).toBeLessThan(64);
    expect(square(grid.layout(board(20), { width: 300 }))).toBe(36); // then the board scrolls
  });

  it("names cells by id and the pieces on them", () => {
    expect(grid.names(loose({ kind: "grid", id: "b", cells: [{ id: "c3", file: 2, rank: 2, pieces: [{ id: "c3.0", colour: "purple", size: 1 }] }] })))
      .toEqual([["c3", "c3"], ["c3.0", "purple small on c3"]]);
  });
});

describe("dice", () => {
  const region = loose<DiceRegion>({ kind: "dice", id: "dice", dice: [{ id: "die0", label: "d1", face: 3, used: true, note: "pawn" }, { id: "die1", face: 4, used: false, note: "" }] });

  it("fades a used die's face but keeps its name and note as they are", () => {
    const s = draw(dice.layout(region, { width: MAX_W }));
    const used = s.querySelector('[data-id="die0"]')!;
    expect(used.classList.contains("icw-used")).toBe(true);
    expect(used.querySelector(".icw-die-label")!.textContent).toBe("d1");
    expect(used.querySelector(".icw-die-note")!.textContent).toBe("pawn");
    expect(used.querySelector(":scope > title")!.textContent).toContain("used");
  });

  it("wraps dice in a narrow room", () => {
    const six = loose<DiceRegion>({ kind: "dice", id: "d", dice: Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, face: i + 1, note: "a long note here" })) });
    const s = draw(dice.layout(six, { width: 240 }));
    expect(yOf(s, "d5")).toBeGreaterThan(yOf(s, "d0"));
  });

  it("names dice by label, else by the face shown", () => {
    expect(dice.names(region)).toEqual([["die0", "d1"], ["die1", "a 4"]]);
  });
});

describe("cards", () => {
  const region: CardsRegion = {
    kind: "cards", id: "hand", label: "Hand",
    cards: [
      { id: "c1", label: "The Castle", detail: "7 · moons, knots", colour: "red", hidden: false },
      { id: "c2", label: XSS, detail: XSS, colour: null, hidden: false },
      { id: "c3", label: "secret", detail: "secret", hidden: true },
    ],
  };

  it("draws each card as a target by its id: label, detail, an edge tinted by its colour", () => {
    const s = draw(cards.layout(region, { width: MAX_W }));
    expect(ids(s)).toEqual(["c1", "c2", "c3"]);
    const c1 = s.querySelector('[data-id="c1"]')!;
    expect(c1.firstElementChild!.classList.contains("icw-hit")).toBe(true);
    expect(c1.querySelector(".icw-card-face")!.getAttribute("rx")).toBe("7");
    expect(c1.querySelector(".icw-card-face")!.getAttribute("stroke")).toBe("#d3372a");
    expect(c1.querySelector(".icw-card-label")!.textContent).toBe("The Castle");
    expect([...c1.querySelectorAll(".icw-card-detail")].map((t) => t.textContent).join(" ")).toBe("7 · moons, knots");
  });

  it("sets text as text", () => {
    const s = draw(cards.layout(region, { width: MAX_W }));
    expect(s.querySelector("img")).toBeNull();
    expect(s.querySelector('[data-id="c2"]')!.textContent).toContain("<img");
  });

  it("draws a hidden card face down, with no text of it", () => {
    const c3 = draw(cards.layout(region, { width: MAX_W })).querySelector('[data-id="c3"]')!;
    expect(c3.classList.contains("icw-hidden")).toBe(true);
    expect(c3.querySelector(".icw-card-back")).not.toBeNull();
    expect(c3.querySelector("text")).toBeNull();
    expect(c3.textContent).not.toContain("secret");
  });

  it("wraps cards onto more lines in a narrow room", () => {
    const l = cards.layout(region, { width: 240 });
    const s = draw(l);
    expect(l.width).toBeLessThanOrEqual(240);
    expect(yOf(s, "c3")).toBeGreaterThan(yOf(s, "c1"));
    expect(xOf(s, "c3")).toBe(xOf(s, "c1"));
  });

  it("draws a compact region as a column of small cards: rank and suits, then the name; the detail in the tooltip", () => {
    const hand: CardsRegion = {
      kind: "cards", id: "hand:0", label: "Hand: Ann", compact: true,
      cards: [
        { id: "h1", label: "The Castle", detail: "worth 7", colour: "red", hidden: false, rank: "7", suits: [{ id: "h1/suns", suit: "suns" }, { id: "h1/knots", suit: "knots" }] },
        { id: "h2", label: "The Chance Meeting", detail: "worth 9", colour: "red", hidden: false, rank: "9", suits: [{ id: "h2/moons", suit: "moons" }] },
        { id: "h3", label: "secret", detail: "secret", hidden: true },
      ],
    };
    const l = cards.layout(hand, { width: MAX_W });
    expect(l.width).toBe(cards.TILE_W + 16);
    const s = draw(l);
    expect(ids(s)).toEqual(["h1", "h1/suns", "h1/knots", "h2", "h2/moons", "h3"]);
    expect(xOf(s, "h2")).toBe(xOf(s, "h1"));
    expect(yOf(s, "h2")).toBeGreaterThan(yOf(s, "h1"));
    const h1 = s.querySelector('[data-id="h1"]')!;
    expect(h1.querySelector(".icw-card-rank")!.textContent).toBe("7");
    expect([...s.querySelectorAll('[data-id="h2"] .icw-card-label')].map((t) => t.textContent)).toEqual(["The Chance", "Meeting"]);
    expect(h1.querySelector(":scope > title")!.textContent).toBe("The Castle (7; suns, knots): worth 7");
    expect(h1.querySelector(".icw-card-detail")).toBeNull();
    // every card of the column as tall as the tallest, and the face-down one shows nothing of it
    const face = (id: string) => Number(s.querySelector(`[data-id="${id}"] .icw-card-face, [data-id="${id}"] .icw-card-back-body`)!.getAttribute("height"));
    expect(face("h1")).toBe(face("h2"));
    expect(face("h3")).toBe(face("h1"));
    expect(s.querySelector('[data-id="h3"]')!.textContent).not.toContain("secret");
    // within its own width
    for (const m of s.querySelectorAll('[data-id="h1"] .icw-suit .icw-hit')) expect(Number(m.getAttribute("x")) + Number(m.getAttribute("width"))).toBeLessThanOrEqual(8 + cards.TILE_W);
  });

  it("wraps long labels into lines, cutting what does not fit", () => {
    expect(cards.wrap("The Very Long Name of a Card", 12, 2)).toEqual(["The Very", "Long Name o…"]);
    expect(cards.wrap("Short", 12, 2)).toEqual(["Short"]);
    expect(cards.wrap("Supercalifragilistic", 12, 2)).toEqual(["Supercalifr…"]);
    expect(cards.wrap("", 12, 2)).toEqual([]);
  });

  const long = "Swap two rooms of the fortress, then roll a die for each invader on them and move every invader that rolled a six to the bag";
  const row: CardsRegion = { kind: "cards", id: "a", label: "Abilities", cards: [
    { id: "a1", label: "Builder", detail: long, hidden: false },
    { id: "a2", label: "Short", detail: "x", hidden: false },
  ] };

  it("widens cards of words, together, until every detail takes five lines at most", () => {
    const s = draw(cards.layout(row, { width: MAX_W }));
    const widths = ["a1", "a2"].map((id) => Number(s.querySelector(`[data-id="${id}"] .icw-card-face`)!.getAttribute("width")));
    expect(widths[0]).toBeGreaterThan(cards.CARD_W);
    expect(widths[1]).toBe(widths[0]);
    expect(s.querySelectorAll('[data-id="a1"] .icw-card-detail').length).toBeLessThanOrEqual(5);
    expect(cards.cardSize(row.cards, MAX_W).w).toBe(widths[0]);
    // suited cards keep their size
    expect(cards.cardSize([{ ...row.cards[0]!, suits: [] }], MAX_W).w).toBe(cards.CARD_W);
  });

  it("shows a card's whole text: in a narrow room the cards of a row grow taller together rather than cut it", () => {
    const l = cards.layout(row, { width: MIN_W });
    const s = draw(l);
    const shown = [...s.querySelectorAll('[data-id="a1"] .icw-card-detail')].map((t) => t.textContent).join(" ");
    expect(shown).toBe(long);
    expect(s.textContent).not.toContain("…");
    const heights = ["a1", "a2"].map((id) => Number(s.querySelector(`[data-id="${id}"] .icw-card-face`)!.getAttribute("height")));
    expect(heights[0]).toBeGreaterThan(cards.CARD_H);
    expect(heights[1]).toBe(heights[0]);
    expect(l.height).toBeGreaterThan(cards.CARD_H + 20);
    // and the last line of text stays inside the card
    const face = s.querySelector('[data-id="a1"] .icw-card-face')!;
    const lastY = Math.max(...[...s.querySelectorAll('[data-id="a1"] text')].map((t) => Number(t.getAttribute("y"))));
    expect(lastY).toBeLessThanOrEqual(Number(face.getAttribute("y")) + heights[0]! - 4);
    expect(cards.wrap("Supercalifragilistic", 12, Infinity)).toEqual(["Supercalifr-", "agilistic"]);
  });

  const suited: CardsRegion = {
    kind: "cards", id: "hand:0", label: "Ann's hand",
    cards: [
      { id: "hand:castle", label: "The Castle", detail: "", hidden: false, rank: "7", suits: [{ id: "hand:castle/suns", suit: "suns" }, { id: "hand:castle/knots", suit: "knots" }] },
      { id: "hand:excuse", label: "The Excuse", detail: "", hidden: false, rank: "Excuse", suits: [] },
    ],
  };

  it("draws a suited card's rank and its suits as symbols, each a target of its own inside the card", () => {
    const s = draw(cards.layout(suited, { width: MAX_W }));
    const castle = s.querySelector('[data-id="hand:castle"]')!;
    expect(castle.querySelector(".icw-card-rank")!.textContent).toBe("7");
    expect(castle.querySelector(".icw-card-label")!.textContent).toBe("The Castle");
    const marks = [...castle.querySelectorAll(".icw-suit")];
    expect(marks.map((m) => m.getAttribute("data-id"))).toEqual(["hand:castle/suns", "hand:castle/knots"]);
    for (const m of marks) expect(m.firstElementChild!.classList.contains("icw-hit")).toBe(true);
    expect(marks.map((m) => m.querySelector(".icw-suit-symbol")!.getAttribute("data-suit"))).toEqual(["suns", "knots"]);
    expect(xOf(s, "hand:castle/knots")).toBeGreaterThan(xOf(s, "hand:castle/suns"));
    expect(castle.querySelector(":scope > title")!.textContent).toBe("The Castle (7; suns, knots)");
    // the Excuse has a rank and no suits
    const excuse = s.querySelector('[data-id="hand:excuse"]')!;
    expect(excuse.querySelector(".icw-card-rank")!.textContent).toBe("Excuse");
    expect(excuse.querySelector(".icw-suit")).toBeNull();
  });

  it("draws a card without suits as before: no rank line, no suit marks", () => {
    const s = draw(cards.layout(region, { width: MAX_W }));
    expect(s.querySelector(".icw-suit, .icw-card-rank")).toBeNull();
    expect(Number(s.querySelector('[data-id="c1"] .icw-card-label')!.getAttribute("y")) - yOf(s, "c1")).toBe(23);
  });

  it("names suit marks by their suit, their card and where it lies", () => {
    expect(cards.names(suited)).toEqual([
      ["hand:castle", "The Castle"],
      ["hand:castle/suns", "Suns of The Castle in Ann's hand"],
      ["hand:castle/knots", "Knots of The Castle in Ann's hand"],
      ["hand:excuse", "The Excuse"],
    ]);
    const secret = loose<CardsRegion>({ kind: "cards", id: "h", cards: [{ id: "h:0", label: "", hidden: true, suits: [{ id: "h:0/suns", suit: "suns" }] }] });
    expect(cards.names(secret)).toEqual([["h:0", "face-down card"]]);
    expect(draw(cards.layout(secret, { width: MAX_W })).querySelector(".icw-suit")).toBeNull();
  });

  it("names cards by label; a face-down card is named so, not by its secret", () => {
    expect(cards.names(region)).toEqual([["c1", "The Castle"], ["c2", XSS], ["c3", "face-down card"]]);
    expect(cards.names(loose({ kind: "cards", id: "h", cards: [{ id: "h:0", label: "", hidden: true }] }))).toEqual([["h:0", "face-down card"]]);
  });
});

describe("a pile of cards", () => {
  const pile = (n: number): CardsRegion => ({
    kind: "cards", id: "discards", label: `Discards (${n + 1})`, pile: n ? n + 1 : 0, // the first card twice
    cards: Array.from({ length: n }, (_, i) => ({ id: `d${i}`, label: `Card ${i}`, detail: i ? "" : "x2", hidden: false, rank: String(i + 1), suits: [{ id: `d${i}/suns`, suit: "suns" }] })),
  });

  it("is one small stack with its count and a button to list it, however many cards it holds", () => {
    const small = cards.layout(pile(3), { width: MAX_W });
    const big = cards.layout(pile(29), { width: MAX_W });
    expect(big.height).toBe(small.height);
    expect(big.height).toBeLessThan(cards.CARD_H);
    const s = draw(big);
    expect(s.querySelector(".icw-deck-count")!.textContent).toBe("30 cards");
    expect(s.querySelector("[data-id]")).toBeNull(); // no card drawn while it is closed
    const toggle = s.querySelector("[data-pile-toggle]")!;
    expect(toggle.getAttribute("data-pile-toggle")).toBe("discards");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("role")).toBe("button");
  });

  it("lists its cards on demand, one line each, each card a target with its name, rank and suits", () => {
    const l = cards.layout(pile(5), { width: MAX_W, open: true });
    const s = draw(l);
    expect(ids(s)).toEqual(["d0", "d0/suns", "d1", "d1/suns", "d2", "d2/suns", "d3", "d3/suns", "d4", "d4/suns"]);
    expect(new Set(ids(s))).toEqual(new Set(cards.names(pile(5)).map(([id]) => id))); // every id it names, drawn
    expect(s.querySelector('[data-id="d0"] .icw-pile-line-text')!.textContent).toBe("Card 0 (1; suns) x2");
    expect(s.querySelector('[data-id="d0"] > title')!.textContent).toBe("Card 0 (1; suns): x2");
    expect(s.querySelector("[data-pile-toggle]")!.getAttribute("aria-expanded")).toBe("true");
    expect(l.height).toBeGreaterThan(cards.layout(pile(5), { width: MAX_W }).height + 5 * 15);
  });

  it("says it is empty, with nothing to list", () => {
    const s = draw(cards.layout(pile(0), { width: MAX_W, open: true }));
    expect(s.querySelector(".icw-deck-count")!.textContent).toBe("empty");
    expect(s.querySelector("[data-pile-toggle], [data-id]")).toBeNull();
  });
});

describe("track", () => {
  const shield = (value: number, most: number): TrackRegion => ({ kind: "track", id: "shield", label: "Ice shield", value, most, colour: "ghost" });

  it("draws `most` boxes, `value` of them filled, and the count in words", () => {
    const s = draw(track.layout(shield(6, 10), { width: MAX_W }));
    expect(s.querySelectorAll(".icw-track-box")).toHaveLength(10);
    expect(s.querySelectorAll(".icw-track-on")).toHaveLength(6);
    expect(s.querySelector(".icw-track-count")!.textContent).toBe("6 of 10");
    expect(s.querySelectorAll("[data-id]")).toHaveLength(0); // the region's id is its only one
  });

  it("draws at most 40 boxes, counting past them in words, and a value over `most` all filled", () => {
    const s = draw(track.layout(shield(3, 500), { width: MAX_W }));
    expect(s.querySelectorAll(".icw-track-box")).toHaveLength(40);
    expect(s.querySelector(".icw-track-count")!.textContent).toBe("3 of 500");
    const over = draw(track.layout(shield(12, 10), { width: MAX_W }));
    expect(over.querySelectorAll(".icw-track-on")).toHaveLength(12);
    expect(over.querySelector(".icw-track-count")!.textContent).toBe("12 of 12");
  });
});

describe("deck", () => {
  const region = (count: unknown) => loose<DeckRegion>({ kind: "deck", id: "deck", label: "Draw pile", count });

  it("draws a small stack of backs beside its count, with no id of its own", () => {
    const l = deck.layout(region(12));
    expect(l.height).toBeLessThan(110);
    const s = draw(l);
    expect(s.querySelectorAll(".icw-card-back")).toHaveLength(3);
    expect(s.querySelector(".icw-deck-count")!.textContent).toBe("12 cards");
    expect(s.querySelector("[data-id]")).toBeNull();
    expect(deck.names()).toEqual([]);
  });

  it("says one card, and shows an empty deck as an outline", () => {
    expect(draw(deck.layout(region(1))).querySelectorAll(".icw-card-back")).toHaveLength(1);
    expect(draw(deck.layout(region(1))).querySelector(".icw-deck-count")!.textContent).toBe("1 card");
    const empty = draw(deck.layout(region("lots")));
    expect(empty.querySelector(".icw-deck-empty")).not.toBeNull();
    expect(empty.querySelector(".icw-deck-count")!.textContent).toBe("empty");
  });
});
