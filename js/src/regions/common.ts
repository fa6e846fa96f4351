// What the region modules share: the layout contract, sizes, and the item groups every scene id
// is drawn as. Every element for a scene id is a <g data-id> whose first child is a transparent
// hit rectangle (class icw-hit): it widens the click area and is what the CSS outlines for
// targets, selections and marks.

import { r1, str, svg } from "../dom";
import { FACING_NAMES, isFacing } from "../flat-pyramid";
import { SIZE_NAMES, clampSize } from "../pyramid";
import type { Attrs, Part } from "../reconcile";
import type { Piece } from "../types";

export const PAD = 8; // inside a region
export const LABEL_H = 20; // the region's label line
export const MIN_W = 240; // the narrowest a region is drawn
export const MAX_W = 620; // rows of towers, dice and cards wrap past this width even when there is more room
export const CHAR = 6.3; // rough width of a character of scene text (11px)

/** The room a region may take: its width in scene units (a CSS pixel at the smallest scale). */
export interface Room {
  width: number;
  /** A pile region whose list the player opened. */
  open?: boolean;
}

/** A region laid out at the origin: its parts, in drawing order, and its size. */
export interface Layout {
  parts: Part[];
  width: number;
  height: number;
  /** The table's centrepiece: drawn on a row of its own, in the middle of it. */
  centre?: boolean;
}

/** What a region module provides: its layout, and the readable names of the ids it draws (what
 * the hint and assistive technology call them). */
export interface RegionKind<R> {
  layout(region: R, room: Room): Layout;
  names(region: R): [string, string][];
}

/** How many items of `size` fit in one line of `width`, with the region's padding (at least one). */
export function perLine(width: number, size: number, start = PAD): number {
  return Math.max(1, Math.floor((width - start - PAD) / size));
}

/** Split items into lines of `n`. */
export function lines<T>(items: readonly T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/** A scene id's attributes for its group (no data-id when the id is empty). */
export function idAttrs(id: unknown, cls: string): Attrs {
  return { class: cls, "data-id": str(id) || null };
}

/** The hit rectangle of an item: first child of its group. */
export function hitRect(x: number, y: number, w: number, hgt: number): SVGRectElement {
  return svg("rect", { class: "icw-hit", x: r1(x), y: r1(y), width: r1(w), height: r1(hgt), rx: 3 });
}

/** A group for scene id `id`, with its hit rectangle. */
export function item(id: unknown, cls: string, x: number, y: number, w: number, hgt: number): SVGGElement {
  const g = svg("g", idAttrs(id, cls));
  g.append(hitRect(x, y, w, hgt));
  return g;
}

export function title(text: string): SVGTitleElement {
  return svg("title", {}, text);
}

export function tooltip(g: SVGElement, text: string): void {
  g.append(title(text));
}

/** About how wide `text` is drawn in bold at `px` pixels, in the widest usual sans-serif (DejaVu
 * Sans Bold), measured letter by letter: "Medium rooms" at 12px takes 100, not twelve average
 * letters' 86. (A layout is worked out without a page to measure on: an exported scene too.) */
export function textWidth(text: string, px = 12): number {
  let w = 0;
  for (const ch of text) w += /[ijlI .,:;'!|]/.test(ch) ? 4.3 : /[frt()-]/.test(ch) ? 5.8 : /[mwMW]/.test(ch) ? 12.5 : /[A-Z]/.test(ch) ? 9.2 : 8.3;
  return (w * px) / 12;
}

export function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, Math.max(1, n - 1)) + "…" : s;
}

export function drawText(cls: string, x: number, y: number, text: string, anchor: string | null = null): SVGTextElement {
  return svg("text", { class: cls, x, y, "text-anchor": anchor }, text);
}

/** A piece as a person names it: "red small", "red small lying, pointing east". */
export function describe(p: Piece): string {
  const lying = isFacing(p.facing) ? ` lying, pointing ${FACING_NAMES[p.facing]}` : "";
  return `${str(p.colour)} ${SIZE_NAMES[clampSize(p.size)]}${lying}`;
}

/** An integer from untrusted JSON, kept within [low, high]. */
export function count(v: unknown, low: number, high: number, fallback: number): number {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) ? Math.max(low, Math.min(high, n)) : fallback;
}
