// Pieces stacked bottom first, as towers and grid cells show them: each later piece sits on the
// lower part of the one below, drawn after it, so every piece shows its colour, size and pips. A
// lying piece is drawn as seen from above, pointing its way (north up the page).

import { r1, str } from "../dom";
import { drawFlatPyramid, flatSize, isFacing } from "../flat-pyramid";
import { drawPyramid, pyramidHeight, pyramidWidth } from "../pyramid";
import { part, type Part } from "../reconcile";
import type { Piece } from "../types";
import { describe, item, tooltip } from "./common";

const STEP = 0.6; // a stacked upright piece leaves this fraction of the one below it visible

/** The width and height a piece takes in a stack: a lying one's as drawn the way it points. */
export function pieceBox(p: Piece): { width: number; height: number } {
  if (!isFacing(p.facing)) return { width: pyramidWidth(p.size), height: pyramidHeight(p.size) };
  const { length, breadth } = flatSize(p.size);
  return p.facing === "e" || p.facing === "w" ? { width: length, height: breadth } : { width: breadth, height: length };
}

/** The height each piece of a stack shows, bottom first: all but the top one show their lower
 * part, except a lying piece, whose pips may be at either end: it shows whole. */
export function shownHeights(pieces: Piece[]): number[] {
  return pieces.map((p, i) => pieceBox(p).height * (i < pieces.length - 1 && !isFacing(p.facing) ? STEP : 1));
}

export function stackHeight(pieces: Piece[]): number {
  return shownHeights(pieces).reduce((a, b) => a + b, 0);
}

/** A piece of a stack centred on x = 0, its base at y = `base`, showing `shown` of its height. */
export function drawPiece(p: Piece, base: number, shown: number): SVGGElement {
  const { width: w, height } = pieceBox(p);
  const pg = item(p.id, "icw-piece", -w / 2 - 1, base - shown, w + 2, shown);
  const colour = str(p.colour);
  pg.append(isFacing(p.facing) ? drawFlatPyramid(colour, p.size, 0, r1(base - height / 2), p.facing) : drawPyramid(colour, p.size, 0, r1(base)));
  tooltip(pg, `${describe(p)}${p.id ? ` (${str(p.id)})` : ""}`);
  return pg;
}

/** A stack on the origin as parts, one per piece. */
export function stackParts(pieces: Piece[]): Part[] {
  let base = 0;
  return shownHeights(pieces).map((shown, i) => {
    const piece = part("piece", drawPiece, pieces[i]!, r1(base), shown);
    base -= shown;
    return piece;
  });
}

/** A stack on the origin as elements, one per piece. */
export function stackElements(pieces: Piece[]): SVGGElement[] {
  let base = 0;
  return shownHeights(pieces).map((shown, i) => {
    const g = drawPiece(pieces[i]!, r1(base), shown);
    base -= shown;
    return g;
  });
}
