// A deck: a face-down pile that chance draws from, drawn as a few stacked card backs over its
// count (a compact one: a small back with its count beside it). It has no id of its own: the region is the deck (and a target by its id).

import { svg } from "../dom";
import { part, type Part } from "../reconcile";
import type { DeckRegion } from "../types";
import { str } from "../dom";
import { CHAR, LABEL_H, MIN_W, PAD, count, type Layout } from "./common";
import { CARD_H, CARD_W, drawBack } from "./cards";

const OFFSET = 3; // between the backs of the stack

function drawStack(cards: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-deck icw-region-item" });
  if (cards === 0) g.append(svg("rect", { class: "icw-deck-empty", x, y, width: CARD_W, height: CARD_H, rx: 7 }));
  const shown = Math.min(3, cards);
  for (let i = shown - 1; i >= 0; i--) g.append(drawBack(x + i * OFFSET, y + i * OFFSET));
  return g;
}

function drawCount(cards: number, x: number, y: number, anchor = "middle"): SVGTextElement {
  const text = cards === 0 ? "empty" : cards === 1 ? "1 card" : `${cards} cards`;
  return svg("text", { class: "icw-deck-count icw-region-item", x, y, "text-anchor": anchor }, text);
}

/** A compact deck: one small back with its count beside it, under the region's label. */
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
const LABEL_CHAR = 7.4; // of the region's bold 12px label

function compactLayout(region: DeckRegion, cards: number): Layout {
  const y = LABEL_H + 2;
  const parts: Part[] = [
    part("deck", drawSmall, cards, PAD, y),
    part("count", drawCount, cards, PAD + SMALL_W + 8, y + 17, "start"),
  ];
  const text = cards === 0 ? 5 : String(cards).length + 6;
  const width = Math.ceil(Math.max(2 * PAD + str(region.label).length * LABEL_CHAR, 2 * PAD + SMALL_W + 12 + text * CHAR));
  return { parts, width, height: y + SMALL_H + 2 };
}

export function layout(region: DeckRegion): Layout {
  const cards = count(region.count, 0, 1e6, 0);
  if (region.compact === true) return compactLayout(region, cards);
  const y = LABEL_H + PAD;
  const x = PAD + 2 * OFFSET;
  const textY = y + CARD_H + 2 * OFFSET + 16;
  const parts: Part[] = [
    part("deck", drawStack, cards, x, y),
    part("count", drawCount, cards, x + CARD_W / 2, textY),
  ];
  return { parts, width: MIN_W, height: textY + 6 };
}

/** The deck's only id is the region's, named by the region's label. */
export function names(): [string, string][] {
  return [];
}
