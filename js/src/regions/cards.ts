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

/** How a region's cards are sized: a card is wider and taller than CARD_W x CARD_H when the
 * region's texts need it (up to one line of cards in the room), so no text is cut. */
export interface CardSize {
  w: number;
  h: number;
  chars: number; // per line of the detail
  max: number; // lines of the detail
}

const DEFAULT_SIZE: CardSize = { w: CARD_W, h: CARD_H, chars: DETAIL_CHARS, max: 4 };
const WIDEST = 200;
const FEW_LINES = 5; // a card is widened until its detail takes no more lines than this
const MOST_LINES = 12;

/** The size of a region's cards. Suited (Decktet) and face-down cards keep CARD_W x CARD_H; cards
 * of words are as narrow as lets every detail fit in FEW_LINES lines (96 to 200 wide, no wider
 * than one line of them in `room`), and as tall as their longest label and detail, uncut. */
export function cardSize(cards: readonly Card[], room: number): CardSize {
  const shown = cards.filter((c) => c.hidden !== true);
  if (!shown.length || shown.some((c) => suitMarks(c))) return DEFAULT_SIZE;
  const perCard = Math.floor((Math.min(room, 2 * MAX_W) - 2 * PAD + GAP) / Math.max(1, cards.length)) - GAP;
  const widest = Math.max(CARD_W, Math.min(WIDEST, perCard));
  const linesAt = (w: number): number => Math.max(...shown.map((c) => wrap(str(c.detail), detailChars(w), 99).length));
  let w = CARD_W;
  while (w < widest && linesAt(w) > FEW_LINES) w = Math.min(widest, w + 8);
  const lines = Math.min(MOST_LINES, linesAt(w));
  const label = Math.max(1, ...shown.map((c) => wrap(str(c.label), labelChars(w), 2).length));
  return { w, h: 24 + label * 15 + lines * 14, chars: detailChars(w), max: lines };
}

function detailChars(w: number): number {
  return Math.floor((w - 14) / 6.2);
}

function labelChars(w: number): number {
  return Math.floor((w - 16) / 7.6);
}

function drawCard(c: Card, x: number, y: number, where: string, size: CardSize = DEFAULT_SIZE): SVGGElement {
  const hidden = c.hidden === true;
  const { w: CARD_W, h: CARD_H } = size;
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
  const labelLines = wrap(label, size === DEFAULT_SIZE ? LABEL_CHARS : labelChars(CARD_W), 2);
  labelLines.forEach((l, i) => g.append(svg("text", { class: "icw-card-label", x: x + 8, y: y + head + 20 + i * 15 }, l)));
  let top = y + head + 28 + labelLines.length * 15;
  if (suits) {
    suits.slice(0, 4).forEach((m, i) => g.append(drawSuitMark(m, x + 5 + i * (MARK + 2), top - 10, owner(label, where))));
    if (suits.length) top += MARK + 4;
  }
  wrap(detail, size.chars, suits ? 2 : size.max).forEach((l, i) => g.append(svg("text", { class: "icw-card-detail", x: x + 8, y: top + i * 14 }, l)));
  const what = suits ? [rank, suits.map((m) => str(m.suit)).join(", ")].filter(Boolean).join("; ") : "";
  tooltip(g, `${label}${what ? ` (${what})` : ""}${detail ? `: ${detail}` : ""}`);
  return g;
}

export function layout(region: CardsRegion, room: Room): Layout {
  const cards = objects<Card>(region.cards);
  if (region.folded === true) return { parts: [], width: MIN_W, height: LABEL_H - 2 };
  const size = cardSize(cards, room.width);
  const step = size.w + GAP;
  const n = perLine(Math.min(room.width, size === DEFAULT_SIZE ? MAX_W : 2 * MAX_W) + GAP, step);
  const rows = lines(cards, n);
  const where = str(region.label);
  const parts = rows.flatMap((line, r) => line.map((c, i) => part("card", drawCard, c, PAD + i * step, LABEL_H + PAD + r * (size.h + GAP), where, size)));
  const width = Math.max(MIN_W, 2 * PAD + Math.min(n, cards.length) * step - GAP);
  return { parts, width, height: LABEL_H + PAD + Math.max(1, rows.length) * (size.h + GAP) - GAP };
}

export function names(region: CardsRegion): [string, string][] {
  const where = str(region.label);
  return objects<Card>(region.cards).flatMap((c): [string, string][] => {
    const label = str(c.label) || str(c.id);
    const card: [string, string] = [str(c.id), c.hidden === true ? "face-down card" : label];
    return [card, ...(suitMarks(c) ?? []).map((m): [string, string] => [str(m.id), suitMarkName(m, owner(label, where))])];
  });
}
