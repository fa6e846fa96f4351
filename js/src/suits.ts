// The Decktet's six suits as symbols drawn in SVG (no fonts, no emoji): a crescent moon, a sun
// with rays, waves, a leaf, a serpent, a knot. Each has its own shape and its own colour, dark
// enough to read at 3:1 or more on a card's face (tests/suits.test.ts), so neither is needed alone.
// A suit mark on a card is an item of its own (a target by its id).

import { str, svg } from "./dom";
import { item, tooltip } from "./regions/common";
import type { SuitMark } from "./types";

export const SUITS = ["moons", "suns", "waves", "leaves", "wyrms", "knots"] as const;
export type Suit = (typeof SUITS)[number];

/** Each suit's colour on a card's face. */
export const SUIT_COLOURS: Readonly<Record<Suit, string>> = {
  moons: "#4a4fb0",
  suns: "#b45a00",
  waves: "#1d69a8",
  leaves: "#2e7d32",
  wyrms: "#b3261e",
  knots: "#6d4c41",
};

/** The side of the box a symbol is drawn in, and of its item's hit square. */
export const SYMBOL = 16;
export const MARK = 19;

export function isSuit(s: unknown): s is Suit {
  return typeof s === "string" && (SUITS as readonly string[]).includes(s);
}

/** "suns" -> "Suns"; an unknown suit is named as given. */
export function suitName(s: unknown): string {
  const t = str(s);
  return t ? t[0]!.toUpperCase() + t.slice(1) : "a suit";
}

// Each shape in a box of -8..8 about the origin. Filled shapes take the colour as fill, stroked
// ones as stroke: `fill` says which parts are filled.
const SHAPES: Record<Suit, { fill?: string; stroke?: string; width?: number }> = {
  // outer arc on the left, a shallower inner arc back: a crescent opening to the right
  moons: { fill: "M2,-6.7A7,7 0 1,0 2,6.7A7,7 0 0,1 2,-6.7Z" },
  // a disc and eight rays
  suns: {
    fill: "M0,-3.6a3.6,3.6 0 1,0 0.01,0Z",
    stroke: "M0,-5.3V-7.8M0,5.3V7.8M-5.3,0H-7.8M5.3,0H7.8M3.7,-3.7L5.5,-5.5M-3.7,-3.7L-5.5,-5.5M3.7,3.7L5.5,5.5M-3.7,3.7L-5.5,5.5",
    width: 1.6,
  },
  // three rolling lines
  waves: {
    stroke: "M-7.5,-4q1.9,-2.6 3.75,0t3.75,0t3.75,0t3.75,0M-7.5,0.5q1.9,-2.6 3.75,0t3.75,0t3.75,0t3.75,0M-7.5,5q1.9,-2.6 3.75,0t3.75,0t3.75,0t3.75,0",
    width: 1.5,
  },
  // a pointed leaf with its stalk and midrib (the rib is cut out of the fill by evenodd: see below)
  leaves: { fill: "M-5,5C-6.5,-2 -1,-7.5 7.5,-7.5C7.5,1 2,6.5 -5,5Z", stroke: "M-7.5,7.5L3.5,-3.5", width: 1.3 },
  // an S-shaped body with a head
  wyrms: { fill: "M4.2,-7.6a2.6,2.6 0 1,0 0.01,0Z", stroke: "M-6.5,6.5C1,8 5,3.5 0,0.5S-4.5,-6.5 3.2,-5.2", width: 2.4 },
  // a looped square (St John's arms): four loops joined by a square's sides carried on
  knots: {
    stroke:
      "M-2.2,-4.8V4.8M2.2,-4.8V4.8M-4.8,-2.2H4.8M-4.8,2.2H4.8" +
      "M7.1,4.8a2.3,2.3 0 1,0 -4.6,0a2.3,2.3 0 1,0 4.6,0M-2.5,4.8a2.3,2.3 0 1,0 -4.6,0a2.3,2.3 0 1,0 4.6,0" +
      "M7.1,-4.8a2.3,2.3 0 1,0 -4.6,0a2.3,2.3 0 1,0 4.6,0M-2.5,-4.8a2.3,2.3 0 1,0 -4.6,0a2.3,2.3 0 1,0 4.6,0",
    width: 1.4,
  },
};

/** A suit's symbol centred on (cx, cy), SYMBOL wide; an unknown suit is a grey ring. */
export function drawSymbol(suit: unknown, cx: number, cy: number): SVGGElement {
  const known = isSuit(suit);
  const g = svg("g", {
    class: `icw-suit-symbol icw-suit-${known ? suit : "unknown"}`,
    "data-suit": str(suit),
    transform: `translate(${cx},${cy})`,
  });
  if (!known) {
    g.append(svg("circle", { r: 6, fill: "none", stroke: "#6b7280", "stroke-width": 1.6 }));
    return g;
  }
  const colour = SUIT_COLOURS[suit];
  const shape = SHAPES[suit];
  if (shape.fill) g.append(svg("path", { class: "icw-suit-fill", d: shape.fill, fill: colour }));
  if (shape.stroke) {
    // the leaf's rib is drawn in the card's face colour over its fill, the other strokes in the suit's
    const ink = suit === "leaves" ? "#fffdf7" : colour;
    g.append(svg("path", { class: "icw-suit-line", d: shape.stroke, fill: "none", stroke: ink, "stroke-width": shape.width ?? 1.5 }));
    if (suit === "leaves") g.append(svg("path", { class: "icw-suit-line", d: "M-7.5,7.5L-4.6,4.6", stroke: colour, "stroke-width": 1.5 }));
  }
  return g;
}

/** A suit mark: an item by its id (a MARK square at (x, y)) holding its symbol. */
export function drawSuitMark(mark: SuitMark, x: number, y: number, owner: string): SVGGElement {
  const g = item(mark.id, "icw-suit", x, y, MARK, MARK);
  g.append(drawSymbol(mark.suit, x + MARK / 2, y + MARK / 2));
  tooltip(g, suitMarkName(mark, owner));
  return g;
}

/** What a person calls a suit mark: "Suns of The Castle". */
export function suitMarkName(mark: SuitMark, owner: string): string {
  return `${suitName(mark.suit)} of ${owner}`;
}
