// Cards in a row (a hand, a market, a discard pile's top), wrapping to fit the room: a rounded
// card with its label and a detail line, its edge tinted by its colour; a hidden card face down.
// A suited card (the Decktet's) also shows its rank, and its suits as symbols, each a target.

import { objects, str, svg } from "../dom";
import { paint } from "../palette";
import { part } from "../reconcile";
import { MARK, drawSuitMark, suitMarkName } from "../suits";
import type { Card, CardsRegion, SuitMark } from "../types";
import { LABEL_H, MAX_W, MIN_W, PAD, item, lines, perLine, tooltip, type Layout, type Room } from "./common";

export const CARD_W = 96;
export const CARD_H = 132;
const GAP = 8;
const LABEL_CHARS = 11; // per line of the 12px label ("The Watchman" is as wide as the card allows)
const DETAIL_CHARS = 14; // per line of the 11px detail

/** Words into at most `max` lines of `n` characters; what does not fit ends in an ellipsis. */
export function wrap(text: string, n: number, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= n) line = next;
    else {
      if (line) out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const cut = out.slice(0, max).map((l) => (l.length > n ? l.slice(0, n - 1) + "…" : l));
  if (out.length > max && cut.length) cut[max - 1] = cut[max - 1]!.replace(/.$|…$/, "") + "…";
  return cut;
}

/** A card's back at (x, y): what a hidden card and a deck show. */
export function drawBack(x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-card-back" });
  g.append(
    svg("rect", { class: "icw-card-back-body", x, y, width: CARD_W, height: CARD_H, rx: 7 }),
    svg("rect", { class: "icw-card-back-inlay", x: x + 7, y: y + 7, width: CARD_W - 14, height: CARD_H - 14, rx: 4 }),
  );
  return g;
}

/** A suited card's suit marks, if it has any to show. */
function suitMarks(c: Card): SuitMark[] | null {
  return c.hidden !== true && Array.isArray(c.suits) ? objects<SuitMark>(c.suits) : null;
}

/** Where "in Ann's hand" a card lies, for the names of its suit marks. */
function owner(label: string, region: string): string {
  return region ? `${label} in ${region}` : label;
}

function drawCard(c: Card, x: number, y: number, where: string): SVGGElement {
  const hidden = c.hidden === true;
  const g = item(c.id, hidden ? "icw-card icw-hidden" : "icw-card", x - 3, y - 3, CARD_W + 6, CARD_H + 6);
  if (hidden) {
    g.append(drawBack(x, y));
    tooltip(g, "a face-down card");
    return g;
  }
  const tinted = typeof c.colour === "string" && c.colour !== "";
  const edge = tinted ? { stroke: paint(c.colour).fill, "stroke-width": 3 } : { stroke: "#6b7280", "stroke-width": 1.2 };
  g.append(svg("rect", { class: "icw-card-face", x, y, width: CARD_W, height: CARD_H, rx: 7, ...edge }));
  const label = str(c.label);
  const detail = str(c.detail);
  const suits = suitMarks(c);
  const rank = str(c.rank);
  // A suited card: its rank on top, then its name, then its suits in a row, then the detail.
  const head = suits && rank ? 16 : 0;
  if (head) g.append(svg("text", { class: "icw-card-rank", x: x + 8, y: y + 18 }, rank));
  const labelLines = wrap(label, LABEL_CHARS, 2);
  labelLines.forEach((l, i) => g.append(svg("text", { class: "icw-card-label", x: x + 8, y: y + head + 20 + i * 15 }, l)));
  let top = y + head + 28 + labelLines.length * 15;
  if (suits) {
    suits.slice(0, 4).forEach((m, i) => g.append(drawSuitMark(m, x + 5 + i * (MARK + 2), top - 10, owner(label, where))));
    if (suits.length) top += MARK + 4;
  }
  wrap(detail, DETAIL_CHARS, suits ? 2 : 4).forEach((l, i) => g.append(svg("text", { class: "icw-card-detail", x: x + 8, y: top + i * 14 }, l)));
  const what = suits ? [rank, suits.map((m) => str(m.suit)).join(", ")].filter(Boolean).join("; ") : "";
  tooltip(g, `${label}${what ? ` (${what})` : ""}${detail ? `: ${detail}` : ""}`);
  return g;
}

export function layout(region: CardsRegion, room: Room): Layout {
  const cards = objects<Card>(region.cards);
  const step = CARD_W + GAP;
  const n = perLine(Math.min(room.width, MAX_W) + GAP, step);
  const rows = lines(cards, n);
  const where = str(region.label);
  const parts = rows.flatMap((line, r) => line.map((c, i) => part("card", drawCard, c, PAD + i * step, LABEL_H + PAD + r * (CARD_H + GAP), where)));
  const width = Math.max(MIN_W, 2 * PAD + Math.min(n, cards.length) * step - GAP);
  return { parts, width, height: LABEL_H + PAD + Math.max(1, rows.length) * (CARD_H + GAP) - GAP };
}

export function names(region: CardsRegion): [string, string][] {
  const where = str(region.label);
  return objects<Card>(region.cards).flatMap((c): [string, string][] => {
    const label = str(c.label) || str(c.id);
    const card: [string, string] = [str(c.id), c.hidden === true ? "face-down card" : label];
    return [card, ...(suitMarks(c) ?? []).map((m): [string, string] => [str(m.id), suitMarkName(m, owner(label, where))])];
  });
}
