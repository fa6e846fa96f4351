// A deck: a face-down pile that chance draws from, drawn as a few small stacked card backs with
// its count beside them (a compact one: one tiny back, for a table with many decks). It has no id
// of its own: the region is the deck (and a target by its id).

import { svg } from "../dom";
import { part, type Part } from "../reconcile";
import type { DeckRegion } from "../types";
import { CHAR, LABEL_H, PAD, count, type Layout } from "./common";
import { drawBack } from "./cards";

const OFFSET = 3; // between the backs of the stack
const SCALE = 0.5; // of a full card
const BACK_W = 96 * SCALE;
const BACK_H = 132 * SCALE;

function drawStack(cards: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-deck icw-region-item" });
  if (cards === 0) g.append(svg("rect", { class: "icw-deck-empty", x, y, width: BACK_W, height: BACK_H, rx: 4 }));
  const shown = Math.min(3, cards);
  const backs = svg("g", { transform: `translate(${x},${y}) scale(${SCALE})` });
  for (let i = shown - 1; i >= 0; i--) backs.append(drawBack((i * OFFSET) / SCALE, (i * OFFSET) / SCALE));
  if (shown) g.append(backs);
  return g;
}

function drawCount(cards: number, x: number, y: number): SVGTextElement {
  const text = cards === 0 ? "empty" : cards === 1 ? "1 card" : `${cards} cards`;
  return svg("text", { class: "icw-deck-count icw-region-item", x, y }, text);
}

/** A compact deck: one small back with its count beside it, under the region's label (the scene
 * makes a region as wide as its label). */
function drawSmall(cards: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-deck icw-region-item" });
  if (cards === 0) g.append(svg("rect", { class: "icw-deck-empty", x, y, width: SMALL_W, height: SMALL_H, rx: 3 }));
  for (let i = Math.min(2, cards) - 1; i >= 0; i--) {
    g.append(svg("rect", { class: "icw-card-back-body", x: x + i * 2, y: y + i * 2, width: SMALL_W, height: SMALL_H, rx: 3 }));
  }
  return g;
}

const SMALL_W = 18;
const SMALL_H = 24;

function compactLayout(cards: number): Layout {
  const y = LABEL_H + 2;
  const parts: Part[] = [
    part("deck", drawSmall, cards, PAD, y),
    part("count", drawCount, cards, PAD + SMALL_W + 8, y + 17),
  ];
  const text = cards === 0 ? 5 : String(cards).length + 6;
  return { parts, width: Math.ceil(2 * PAD + SMALL_W + 12 + text * CHAR), height: y + SMALL_H + 2 };
}

export function layout(region: DeckRegion): Layout {
  const cards = count(region.count, 0, 1e6, 0);
  if (region.compact === true) return compactLayout(cards);
  const y = LABEL_H + PAD;
  const x = PAD;
  const parts: Part[] = [
    part("deck", drawStack, cards, x, y),
    part("count", drawCount, cards, x + BACK_W + 3 * OFFSET + 10, y + 16),
  ];
  return { parts, width: 170, height: y + BACK_H + 2 * OFFSET + 6 };
}

/** The deck's only id is the region's, named by the region's label. */
export function names(): [string, string][] {
  return [];
}
