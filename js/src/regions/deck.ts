// A deck: a face-down pile that chance draws from, drawn as a few stacked card backs over its
// count. It has no id of its own: the region is the deck (and a target by its id).

import { svg } from "../dom";
import { part, type Part } from "../reconcile";
import type { DeckRegion } from "../types";
import { LABEL_H, MIN_W, PAD, count, type Layout } from "./common";
import { CARD_H, CARD_W, drawBack } from "./cards";

const OFFSET = 3; // between the backs of the stack

function drawStack(cards: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-deck icw-region-item" });
  if (cards === 0) g.append(svg("rect", { class: "icw-deck-empty", x, y, width: CARD_W, height: CARD_H, rx: 7 }));
  const shown = Math.min(3, cards);
  for (let i = shown - 1; i >= 0; i--) g.append(drawBack(x + i * OFFSET, y + i * OFFSET));
  return g;
}

function drawCount(cards: number, x: number, y: number): SVGTextElement {
  const text = cards === 0 ? "empty" : cards === 1 ? "1 card" : `${cards} cards`;
  return svg("text", { class: "icw-deck-count icw-region-item", x, y, "text-anchor": "middle" }, text);
}

export function layout(region: DeckRegion): Layout {
  const cards = count(region.count, 0, 1e6, 0);
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
