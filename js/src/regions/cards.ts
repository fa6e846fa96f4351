// Cards in a row (a hand, a market), wrapping to fit the room: a rounded card with its label and
// its detail in full (the cards of a row grow taller together rather than cut a word, and cards
// of words wider: `cardSize`), its edge tinted by its colour; a hidden card face down. A suited card (the Decktet's) also shows its
// rank, and its suits as symbols, each a target. A pile (a discard pile) is one small stack with
// its count; its cards open as a list on demand (SceneView keeps which piles are open). A folded
// region is its label's line alone. A compact region is a column of small cards (a hand beside a
// board): each its rank and suits on one line and its name under them, the detail in its tooltip.

import { objects, str, svg } from "../dom";
import { paint } from "../palette";
import { part } from "../reconcile";
import { MARK, drawSuitMark, suitMarkName } from "../suits";
import type { Card, CardsRegion, SuitMark } from "../types";
import { CHAR, LABEL_H, MAX_W, MIN_W, PAD, count, item, lines, perLine, tooltip, type Layout, type Room } from "./common";

export const CARD_W = 96;
export const CARD_H = 132;
const GAP = 8;
const LABEL_CHARS = 11; // per line of the 12px label ("The Watchman" is as wide as the card allows)
const DETAIL_CHARS = 14; // per line of the 11px detail
const LABEL_STEP = 15; // between the label's lines
const DETAIL_STEP = 14; // between the detail's lines

/** Words into at most `max` lines of `n` characters (Infinity: as many as it takes); what does
 * not fit ends in an ellipsis. */
export function wrap(text: string, n: number, max: number): string[] {
  const out: string[] = [];
  let line = "";
  const words = text.split(/\s+/).filter(Boolean);
  // With room for every line, a word longer than a line is broken with a hyphen, not cut.
  const all = max === Infinity ? words.flatMap((w) => hyphenate(w, n)) : words;
  for (const word of all) {
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

function hyphenate(word: string, n: number): string[] {
  const out: string[] = [];
  let rest = word;
  while (rest.length > n && n > 1) {
    out.push(rest.slice(0, n - 1) + "-");
    rest = rest.slice(n - 1);
  }
  return [...out, rest];
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

/** How a region's cards are sized: wider than CARD_W when the region's texts need it (up to one
 * line of cards in the room), and as tall as the longest text, so no text is cut. */
export interface CardSize {
  w: number;
  h: number;
  /** Cards of words (no suits), which may take two MAX_W of room. */
  words: boolean;
}

const WIDEST = 200;
const FEW_LINES = 5; // a card of words is widened until its detail takes no more lines than this

/** Characters per line of a card `w` wide: [label, detail]. */
function chars(w: number): [number, number] {
  return [Math.floor((LABEL_CHARS * w) / CARD_W), Math.floor((DETAIL_CHARS * w) / CARD_W)];
}

/** What a face-up card `w` wide shows, line by line, and the height its text needs. */
function faceText(c: Card, w: number = CARD_W): { head: number; label: string[]; detail: string[]; suits: SuitMark[] | null; height: number } {
  const suits = suitMarks(c);
  const head = suits && str(c.rank) ? 16 : 0;
  const [labelChars, detailChars] = chars(w);
  const label = wrap(str(c.label), labelChars, Infinity);
  const detail = wrap(str(c.detail), detailChars, Infinity);
  const height = head + 28 + label.length * LABEL_STEP + (suits?.length ? MARK + 4 : 0) + detail.length * DETAIL_STEP - 4;
  return { head, label, detail, suits, height };
}

/** The size of a region's cards. Suited (Decktet) and face-down cards are CARD_W wide; cards of
 * words are as narrow as lets every detail fit in FEW_LINES lines (CARD_W to WIDEST, no wider
 * than one line of them in `room`). All are as tall as the longest text needs, and at least
 * CARD_H unless all are cards of words (a card's back is CARD_H). */
export function cardSize(cards: readonly Card[], room: number): CardSize {
  const shown = cards.filter((c) => c.hidden !== true);
  const words = shown.length > 0 && !shown.some((c) => suitMarks(c));
  let w = CARD_W;
  if (words) {
    const perCard = Math.floor((Math.min(room, 2 * MAX_W) - 2 * PAD + GAP) / Math.max(1, cards.length)) - GAP;
    const widest = Math.max(CARD_W, Math.min(WIDEST, perCard));
    const linesAt = (at: number): number => Math.max(...shown.map((c) => wrap(str(c.detail), chars(at)[1], Infinity).length));
    while (w < widest && linesAt(w) > FEW_LINES) w = Math.min(widest, w + 8);
  }
  const least = words && shown.length === cards.length ? 0 : CARD_H;
  return { w, h: shown.reduce((m, c) => Math.max(m, faceText(c, w).height), least), words };
}

function drawCard(c: Card, x: number, y: number, where: string, size: CardSize): SVGGElement {
  const hidden = c.hidden === true;
  const { w, h: height } = size;
  const g = item(c.id, hidden ? "icw-card icw-hidden" : "icw-card", x - 3, y - 3, w + 6, height + 6);
  if (hidden) {
    g.append(drawBack(x, y));
    tooltip(g, "a face-down card");
    return g;
  }
  const tinted = typeof c.colour === "string" && c.colour !== "";
  const edge = tinted ? { stroke: paint(c.colour).fill, "stroke-width": 3 } : { stroke: "#6b7280", "stroke-width": 1.2 };
  g.append(svg("rect", { class: "icw-card-face", x, y, width: w, height, rx: 7, ...edge }));
  const label = str(c.label);
  const rank = str(c.rank);
  // A suited card: its rank on top, then its name, then its suits in a row, then the detail.
  const face = faceText(c, w);
  const { head, suits } = face;
  if (head) g.append(svg("text", { class: "icw-card-rank", x: x + 8, y: y + 18 }, rank));
  face.label.forEach((l, i) => g.append(svg("text", { class: "icw-card-label", x: x + 8, y: y + head + 20 + i * LABEL_STEP }, l)));
  let top = y + head + 28 + face.label.length * LABEL_STEP;
  if (suits) {
    suits.slice(0, 4).forEach((m, i) => g.append(drawSuitMark(m, x + 5 + i * (MARK + 2), top - 10, owner(label, where))));
    if (suits.length) top += MARK + 4;
  }
  face.detail.forEach((l, i) => g.append(svg("text", { class: "icw-card-detail", x: x + 8, y: top + i * DETAIL_STEP }, l)));
  tooltip(g, cardText(c));
  return g;
}

/** A card in words: "The Castle (7; suns, knots): worth 7". */
function cardText(c: Card): string {
  if (c.hidden === true) return "a face-down card";
  const suits = suitMarks(c);
  const what = suits ? [str(c.rank), suits.map((m) => str(m.suit)).join(", ")].filter(Boolean).join("; ") : "";
  const detail = str(c.detail);
  return `${str(c.label) || str(c.id)}${what ? ` (${what})` : ""}${detail ? `: ${detail}` : ""}`;
}

// -- a pile: a small stack with its count, its cards listed on demand

const MINI_W = 40;
const MINI_H = 54;
const LINE_H = MARK + 3;

function drawMiniStack(cards: number, x: number, y: number): SVGGElement {
  const g = svg("g", { class: "icw-pile-stack" });
  if (cards === 0) g.append(svg("rect", { class: "icw-deck-empty", x, y, width: MINI_W, height: MINI_H, rx: 4 }));
  for (let i = Math.min(3, cards) - 1; i >= 0; i--) {
    g.append(svg("rect", { class: "icw-card-face", x: x + i * 3, y: y + i * 3, width: MINI_W, height: MINI_H, rx: 4, stroke: "#6b7280", "stroke-width": 1.2 }));
  }
  return g;
}

/** The button that opens and closes a pile's list (index.ts answers it, not the move picker). */
function drawToggle(id: string, open: boolean, x: number, y: number): SVGGElement {
  const text = open ? "▾ hide the list" : "▸ list them";
  const g = svg("g", { class: "icw-pile-toggle", "data-pile-toggle": id, role: "button", tabindex: 0, "aria-expanded": String(open) });
  g.append(svg("rect", { class: "icw-pile-toggle-bg", x: x - 4, y: y - 12, width: text.length * CHAR + 8, height: 17, rx: 3 }), svg("text", { x, y }, text));
  return g;
}

/** A pile's card on one line: its suit marks (each a target, as on a card), then its words. */
function drawLine(c: Card, x: number, y: number, width: number, column: number, where: string): SVGGElement {
  const g = item(c.id, "icw-card icw-pile-line", x - 3, y, width, LINE_H);
  (suitMarks(c) ?? []).forEach((m, i) => g.append(drawSuitMark(m, x + i * (MARK + 1), y + (LINE_H - MARK) / 2, owner(str(c.label), where))));
  g.append(svg("text", { class: "icw-pile-line-text", x: x + column, y: y + LINE_H - 6 }, cardLine(c)));
  tooltip(g, cardText(c));
  return g;
}

/** A pile's card on one line: "Ace of Waves (Ace; waves) x2". */
function cardLine(c: Card): string {
  const suits = suitMarks(c);
  const what = suits ? [str(c.rank), suits.map((m) => str(m.suit)).join(", ")].filter(Boolean).join("; ") : "";
  return [str(c.label) || str(c.id), what ? `(${what})` : "", str(c.detail)].filter(Boolean).join(" ");
}

function layoutPile(region: CardsRegion, room: Room): Layout {
  const cards = objects<Card>(region.cards);
  const id = str(region.id);
  const y = LABEL_H + PAD;
  const n = count(region.pile, 0, 1e6, cards.length);
  const open = room.open === true && cards.length > 0;
  const parts = [
    part("stack", drawMiniStack, n, PAD, y),
    part("count", (t: string) => svg("text", { class: "icw-deck-count", x: PAD + MINI_W + 16, y: y + 16 }, t), n === 0 ? "empty" : n === 1 ? "1 card" : `${n} cards`),
  ];
  if (cards.length) parts.push(part("toggle", drawToggle, id, open, PAD + MINI_W + 16, y + 40));
  let width = 170;
  let height = y + MINI_H + 6;
  if (open) {
    const column = cards.reduce((m, c) => Math.max(m, (suitMarks(c)?.length ?? 0) * (MARK + 1)), 0) + (cards.some((c) => suitMarks(c)?.length) ? 4 : 0);
    const w = column + Math.max(...cards.map((c) => cardLine(c).length)) * CHAR + 2 * PAD;
    width = Math.max(width, w + 2 * PAD);
    const where = str(region.label);
    cards.forEach((c, i) => parts.push(part("line", drawLine, c, PAD + 3, height + 4 + i * LINE_H, w, column, where)));
    height += 8 + cards.length * LINE_H;
  }
  return { parts, width, height };
}

// -- a compact region: a column of small cards

export const TILE_W = 128;
const TILE_IN = 8; // the inset of a small card's text
const TILE_CHARS = 13; // per line of a small card's 12px name
const TILE_GAP = 6;

/** The lines of a small card's name, and the height of a small card whose name takes `n` lines. */
const tileName = (c: Card): string[] => wrap(str(c.label) || str(c.id), TILE_CHARS, 3);
const tileHeight = (n: number): number => 36 + Math.max(1, n) * LABEL_STEP - 8;

function drawTile(c: Card, x: number, y: number, h: number, where: string): SVGGElement {
  const hidden = c.hidden === true;
  const g = item(c.id, hidden ? "icw-card icw-tile icw-hidden" : "icw-card icw-tile", x - 3, y - 3, TILE_W + 6, h + 6);
  if (hidden) {
    g.append(
      svg("rect", { class: "icw-card-back-body", x, y, width: TILE_W, height: h, rx: 5 }),
      svg("rect", { class: "icw-card-back-inlay", x: x + 5, y: y + 5, width: TILE_W - 10, height: h - 10, rx: 3 }),
    );
    tooltip(g, "a face-down card");
    return g;
  }
  const tinted = typeof c.colour === "string" && c.colour !== "";
  const edge = tinted ? { stroke: paint(c.colour).fill, "stroke-width": 3 } : { stroke: "#6b7280", "stroke-width": 1.2 };
  g.append(svg("rect", { class: "icw-card-face", x, y, width: TILE_W, height: h, rx: 5, ...edge }));
  const rank = str(c.rank);
  if (rank) g.append(svg("text", { class: "icw-card-rank", x: x + TILE_IN, y: y + 18 }, rank));
  const suits = (suitMarks(c) ?? []).slice(0, 3);
  suits.forEach((m, i) => g.append(drawSuitMark(m, x + TILE_W - TILE_IN + 2 - (suits.length - i) * (MARK + 1), y + 4, owner(str(c.label), where))));
  tileName(c).forEach((l, i) => g.append(svg("text", { class: "icw-card-label", x: x + TILE_IN, y: y + 36 + i * LABEL_STEP }, l)));
  tooltip(g, cardText(c));
  return g;
}

function layoutTiles(region: CardsRegion): Layout {
  const cards = objects<Card>(region.cards);
  const h = tileHeight(Math.max(1, ...cards.map((c) => (c.hidden === true ? 1 : tileName(c).length))));
  const where = str(region.label);
  const top = LABEL_H + PAD;
  const parts = cards.map((c, i) => part("card", drawTile, c, PAD, top + i * (h + TILE_GAP), h, where));
  return { parts, width: TILE_W + 2 * PAD, height: top + Math.max(1, cards.length) * (h + TILE_GAP) - TILE_GAP };
}

export function layout(region: CardsRegion, room: Room): Layout {
  if (typeof region.pile === "number") return layoutPile(region, room);
  const cards = objects<Card>(region.cards);
  if (region.folded === true) return { parts: [], width: MIN_W, height: LABEL_H - 2 };
  if (region.compact === true) return layoutTiles(region);
  const size = cardSize(cards, room.width);
  const step = size.w + GAP;
  const n = perLine(Math.min(room.width, size.words ? 2 * MAX_W : MAX_W) + GAP, step);
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
