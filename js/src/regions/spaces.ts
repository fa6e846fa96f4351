// A board of spaces at integer coordinates (Dectana's board of cards, which grows and shrinks):
// each listed space is a square at a place computed from (x, y) within the board's bounding box,
// x to the east (right) and y to the north (up), so spaces keep their places relative to each
// other as the board grows on any side. A territory shows its top card (rank, name, suit
// symbols, "+N" for the cards beneath); cards stand upright and lie across by the parity of
// x + y, as the cards of the real board alternate, so corner neighbours (never adjacent) look
// apart. A wasteland is a faint dashed square. The pyramids on a space share its lower part. A
// row or column that holds no card and no pyramid (the ring of wastelands around the cards) is
// drawn narrow, THIN across, so a board takes the room of its cards.

import { objects, r1, str, svg } from "../dom";
import { FACING_NAMES, drawFlatPyramid, drawTopPyramid, isFacing } from "../flat-pyramid";
import { paint } from "../palette";
import { HEIGHT, SIZE_NAMES, clampSize } from "../pyramid";
import { group, part, type Part } from "../reconcile";
import type { Card, Pyramid, Space, SpacesRegion } from "../types";
import { MARK, drawSuitMark, suitMarkName } from "../suits";
import { CHAR, LABEL_H, MIN_W, PAD, drawText, hitRect, idAttrs, item, title, truncate, type Layout } from "./common";
import { wrap } from "./cards";

export const CELL = 128; // a space: a card's rank, name and suits above up to ~9 pyramids
export const GAP = 6; // between spaces, so each reads as a square of its own
export const STEP = CELL + GAP;
export const THIN = 40; // across a row or column of empty wastelands
const MAX_SPAN = 40; // spaces further from the board's west or south edge are not drawn
const LONG = CELL - 8; // a card's long side
const SHORT = CELL - 24; // and its short side; what a card shows lies in a SHORT square
const IN = (CELL - SHORT) / 2 + 4; // the inset of a card's text from the space's edge
const NAME_CHARS = Math.floor((CELL - 2 * IN) / (CHAR * 1.1)); // per line of the 12px name
const RANK_Y = 26; // baselines of the rank and coordinates, and of the name's first line
const NAME_Y = 40;
const NAME_STEP = 13;
const SUITS_TOP = 57;
const PIECES_TOP = 79; // the pyramids' part of a territory; a wasteland's starts under its label
const WASTE_PIECES_TOP = 26;
const PIECES_BOTTOM = CELL - 5;
const SLOT = 46; // the most room a pyramid takes: the largest lying one fits
const LARGEST = HEIGHT[3];

/** A space's coordinates, if they are integers. */
function place(sp: Space): [number, number] | null {
  const x = Number(sp.x);
  const y = Number(sp.y);
  return Number.isSafeInteger(x) && Number.isSafeInteger(y) ? [x, y] : null;
}

/** Cards stand upright on spaces of even x + y and lie across on the others. */
export function upright(x: number, y: number): boolean {
  return (((x + y) % 2) + 2) % 2 === 0;
}

function spaceLabel(sp: Space): string {
  return str(sp.label) || str(sp.id);
}

function cardOf(sp: Space): Card | null {
  return sp.card !== null && typeof sp.card === "object" && !Array.isArray(sp.card) ? sp.card : null;
}

function cardName(c: Card): string {
  return c.hidden === true ? "face-down card" : str(c.label) || str(c.rank) || str(c.id);
}

/** A pyramid as a person names it: "red large pointing east", "blue small upright". */
export function pyramidName(p: Pyramid): string {
  const how = isFacing(p.facing) ? `pointing ${FACING_NAMES[p.facing]}` : "upright";
  return `${str(p.colour)} ${SIZE_NAMES[clampSize(p.size)]} ${how}`;
}

/** Where the pyramids of a space go: `n` slots of side `q` in rows, within the space's lower part. */
export function slots(n: number, top: number): { q: number; centres: [number, number][] } {
  const width = CELL - 12;
  const height = PIECES_BOTTOM - top;
  let best = { q: 0, cols: 1 };
  for (let rows = 1; rows <= Math.max(1, n); rows++) {
    const cols = Math.ceil(n / rows);
    const q = Math.min(SLOT, width / cols, height / rows);
    if (q > best.q) best = { q, cols };
  }
  const { q, cols } = best;
  const centres: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, n - row * cols);
    centres.push([r1(CELL / 2 + (i % cols - (inRow - 1) / 2) * q), r1(top + (row + 0.5) * q)]);
  }
  return { q, centres };
}

/** A pyramid in a slot of side q centred on (cx, cy), scaled to fit it: its hit square is the slot. */
function drawPiece(p: Pyramid, cx: number, cy: number, q: number, where: string): SVGGElement {
  const g = item(p.id, "icw-piece icw-space-piece", cx - q / 2 + 0.5, cy - q / 2 + 0.5, q - 1, q - 1);
  const k = Math.min(1, (q - 3) / LARGEST);
  const at = svg("g", { transform: `translate(${cx},${cy}) scale(${r1(k * 100) / 100})` });
  const colour = str(p.colour);
  at.append(isFacing(p.facing) ? drawFlatPyramid(colour, p.size, 0, 0, p.facing) : drawTopPyramid(colour, p.size, 0, 0));
  g.append(at, title(`${pyramidName(p)} on ${where}`));
  return g;
}

/** A card's back in the rectangle given: a face-down card shows nothing else. */
function drawBackAt(x: number, y: number, w: number, h: number): SVGGElement {
  const g = svg("g", { class: "icw-card-back" });
  g.append(
    svg("rect", { class: "icw-card-back-body", x, y, width: w, height: h, rx: 6 }),
    svg("rect", { class: "icw-card-back-inlay", x: x + 6, y: y + 6, width: w - 12, height: h - 12, rx: 3 }),
  );
  return g;
}

/** A space's top card, standing or lying across the space, with `under` cards peeking beneath. */
function drawSpaceCard(c: Card, under: number, where: string, standing: boolean): SVGGElement {
  const w = standing ? SHORT : LONG;
  const h = standing ? LONG : SHORT;
  const x = (CELL - w) / 2;
  const y = (CELL - h) / 2;
  const hidden = c.hidden === true;
  const g = item(c.id, hidden ? "icw-card icw-space-card icw-hidden" : "icw-card icw-space-card", x - 2, y - 2, w + 4, h + 4);
  for (let i = Math.min(2, under); i >= 1; i--) {
    g.append(svg("rect", { class: "icw-card-under", x: x + 2 * i, y: y + 2 * i, width: w, height: h, rx: 6 }));
  }
  if (hidden) {
    g.append(drawBackAt(x, y, w, h), title(`a face-down card on ${where}`));
    return g;
  }
  const tinted = typeof c.colour === "string" && c.colour !== "";
  const edge = tinted ? { stroke: paint(c.colour).fill, "stroke-width": 3 } : { stroke: "#6b7280", "stroke-width": 1.2 };
  g.append(svg("rect", { class: "icw-card-face", x, y, width: w, height: h, rx: 6, ...edge }));
  const rank = str(c.rank);
  if (rank) g.append(drawText("icw-card-rank", IN, RANK_Y, truncate(rank, 7)));
  g.append(drawText("icw-card-coord", CELL - IN, RANK_Y, truncate(where, 9), "end"));
  const name = str(c.label);
  wrap(name, NAME_CHARS, 2).forEach((l, i) => g.append(drawText("icw-card-label", IN, NAME_Y + i * NAME_STEP, l)));
  const suits = objects<{ id: string; suit: string }>(c.suits);
  suits.slice(0, 4).forEach((m, i) => g.append(drawSuitMark(m, IN - 3 + i * (MARK + 1), SUITS_TOP, `${cardName(c)} on ${where}`)));
  if (under > 0) g.append(drawText("icw-card-under-count", CELL - IN, SUITS_TOP + 14, `+${under}`, "end"));
  const what = [rank, suits.map((m) => str(m.suit)).join(", ")].filter(Boolean).join("; ");
  const below = under > 0 ? `, ${under} more beneath` : "";
  g.append(title(`${name || rank || "a card"}${what ? ` (${what})` : ""} on ${where}${below}`));
  return g;
}

/** A wasteland `w` by `h`: a faint dashed rectangle with its coordinates. */
function drawWaste(where: string, w: number, h: number): SVGGElement {
  const g = svg("g", { class: "icw-waste" });
  g.append(
    svg("rect", { class: "icw-waste-outline", x: 4, y: 4, width: w - 8, height: h - 8, rx: 6 }),
    drawText("icw-coord", w / 2, 18, truncate(where, Math.floor((w - 8) / CHAR))),
  );
  return g;
}

/** The inside of a space `w` by `h` (CELL, or THIN in a row or column of empty wastelands) about
 * its top left corner. */
function spaceParts(sp: Space, standing: boolean, w: number, h: number): Part[] {
  const where = spaceLabel(sp);
  const c = cardOf(sp);
  const under = Math.max(0, Math.floor(Number(sp.under)) || 0);
  const pieces = objects<Pyramid>(sp.pieces);
  const parts: Part[] = [part("hit", hitRect, 0, 0, w, h)];
  parts.push(c ? part("card", drawSpaceCard, c, under, where, standing) : part("waste", drawWaste, where, w, h));
  const { q, centres } = slots(pieces.length, c ? PIECES_TOP : WASTE_PIECES_TOP);
  pieces.forEach((p, i) => parts.push(part("piece", drawPiece, p, centres[i]![0], centres[i]![1], q, where)));
  const on = pieces.length ? `: ${pieces.map(pyramidName).join(", ")}` : "";
  parts.push(part("title", title, `${spaceName(sp)}${on}`));
  return parts;
}

/** What a person calls a space: its coordinates and what lies there ("0,1 (The Castle)"). */
function spaceName(sp: Space): string {
  const c = cardOf(sp);
  return `${spaceLabel(sp)} (${c ? cardName(c) : "wasteland"})`;
}

/** The listed spaces with integer coordinates, and the board's west and north edges. */
function placed(region: SpacesRegion): { spaces: [Space, number, number][]; west: number; north: number; cols: number; rows: number } {
  const all = objects<Space>(region.spaces).flatMap((sp): [Space, number, number][] => {
    const at = place(sp);
    return at ? [[sp, at[0], at[1]]] : [];
  });
  if (!all.length) return { spaces: [], west: 0, north: 0, cols: 0, rows: 0 };
  const west = Math.min(...all.map((s) => s[1]));
  const south = Math.min(...all.map((s) => s[2]));
  const spaces = all.filter(([, x, y]) => x - west < MAX_SPAN && y - south < MAX_SPAN);
  const north = Math.max(...spaces.map((s) => s[2]));
  const cols = Math.max(...spaces.map((s) => s[1])) - west + 1;
  return { spaces, west, north, cols, rows: north - south + 1 };
}

/** Where each of `n` rows or columns starts, and their whole extent: a line is CELL across, or
 * THIN where `empty` says it holds no card and no pyramid. */
function tracks(n: number, empty: (i: number) => boolean): { at: number[]; sizes: number[]; extent: number } {
  const at: number[] = [];
  const sizes: number[] = [];
  let next = 0;
  for (let i = 0; i < n; i++) {
    at.push(next);
    sizes.push(empty(i) ? THIN : CELL);
    next += sizes[i]! + GAP;
  }
  return { at, sizes, extent: Math.max(0, next - GAP) };
}

export function layout(region: SpacesRegion): Layout {
  const { spaces, west, north, cols, rows } = placed(region);
  const top = LABEL_H + PAD;
  const filled = spaces.filter(([sp]) => cardOf(sp) || objects<Pyramid>(sp.pieces).length);
  const across = tracks(cols, (i) => !filled.some(([, x]) => x - west === i));
  const down = tracks(rows, (i) => !filled.some(([, , y]) => north - y === i));
  const parts = spaces.map(([sp, x, y]) => {
    const standing = upright(x, y);
    const cls = `icw-space ${cardOf(sp) ? "icw-territory" : "icw-wasteland"}`;
    const [i, j] = [x - west, north - y];
    const [w, h] = [across.sizes[i]!, down.sizes[j]!];
    return group(idAttrs(sp.id, cls), () => spaceParts(sp, standing, w, h), {
      place: [PAD + across.at[i]!, top + down.at[j]!],
      from: [sp, standing, w, h],
    });
  });
  if (!spaces.length) parts.push(part("text", drawText, "icw-muted", PAD, top + 12, "(no spaces)"));
  return { parts, width: Math.max(MIN_W, 2 * PAD + across.extent), height: top + Math.max(24, down.extent) };
}

export function names(region: SpacesRegion): [string, string][] {
  return objects<Space>(region.spaces).flatMap((sp) => {
    const where = spaceLabel(sp);
    const out: [string, string][] = [[str(sp.id), spaceName(sp)]];
    const c = cardOf(sp);
    if (c) {
      out.push([str(c.id), `${cardName(c)} on ${where}`]);
      if (c.hidden !== true) for (const m of objects<{ id: string; suit: string }>(c.suits)) out.push([str(m.id), suitMarkName(m, `${cardName(c)} on ${where}`)]);
    }
    for (const p of objects<Pyramid>(sp.pieces)) out.push([str(p.id), `${pyramidName(p)} on ${where}`]);
    return out;
  });
}
