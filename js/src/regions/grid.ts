// A board of squares, rank 0 at the bottom, less its holes (squares left out, not drawn, so the
// board shows its shape). Each listed cell is an item with its stack, shrunk to fit the square;
// squares get smaller (down to a size that stays readable) to fit a narrow room.

import { list, objects, r1, str, svg } from "../dom";
import { part } from "../reconcile";
import type { Cell, GridRegion, Piece } from "../types";
import { LABEL_H, PAD, count, describe, item, tooltip, type Layout, type Room } from "./common";
import { pieceBox, stackElements, stackHeight } from "./stack";

const SQ = 64; // one square: a tree of three pieces stays readable in it
const MIN_SQ = 36; // a square in a narrow room
const RANK_W = 16; // the rank labels' column
const FILE_H = 16; // the file labels' line

/** A square's key among the holes. */
function at(file: number, rank: number): string {
  return `${file},${rank}`;
}

function onBoard(f: number, rk: number, files: number, ranks: number): boolean {
  return Number.isInteger(f) && Number.isInteger(rk) && f >= 0 && f < files && rk >= 0 && rk < ranks;
}

/** The keys of the holes that are squares of a `files` x `ranks` board. */
function holeKeys(holes: unknown, files: number, ranks: number): string[] {
  return list<unknown>(holes).flatMap((h) => {
    const [f = NaN, rk = NaN] = list<unknown>(h).map(Number);
    return onBoard(f, rk, files, ranks) ? [at(f, rk)] : [];
  });
}

/** The squares of a board, less its holes, and its coordinates. */
function drawSquares(files: number, ranks: number, sq: number, fileLabels: string[], rankLabels: string[], x0: number, y0: number, holes: string[]): SVGGElement {
  const top = (rank: number): number => y0 + (ranks - 1 - rank) * sq;
  const g = svg("g");
  for (let f = 0; f < files; f++) {
    for (let rk = 0; rk < ranks; rk++) {
      if (!holes.includes(at(f, rk))) g.append(svg("rect", { class: (f + rk) % 2 ? "icw-sq" : "icw-sq icw-sq-alt", x: x0 + f * sq, y: top(rk), width: sq, height: sq }));
    }
    if (fileLabels[f] !== undefined) g.append(svg("text", { class: "icw-coord", x: x0 + f * sq + sq / 2, y: y0 + ranks * sq + 13 }, fileLabels[f]));
  }
  rankLabels.slice(0, ranks).forEach((l, rk) => g.append(svg("text", { class: "icw-coord", x: PAD + 6, y: top(rk) + sq / 2 + 4 }, l)));
  return g;
}

/** A listed cell, with its stack shrunk to fit the square. */
function drawCell(c: Cell, x: number, y: number, sq: number): SVGGElement {
  const cg = item(c.id, "icw-cell", x, y, sq, sq);
  const pieces = objects<Piece>(c.pieces);
  if (pieces.length) {
    const k = Math.min(1, (sq - 8) / stackHeight(pieces), (sq - 6) / Math.max(...pieces.map((p) => pieceBox(p).width)));
    const stack = svg("g", { transform: `translate(${x + sq / 2},${y + sq - 4}) scale(${r1(k * 100) / 100})` });
    stack.append(...stackElements(pieces));
    cg.append(stack);
  }
  tooltip(cg, `${str(c.id)}${pieces.length ? `: ${pieces.map(describe).join(", ")}` : ""}`);
  return cg;
}

export function layout(region: GridRegion, room: Room): Layout {
  const files = count(region.files, 1, 32, 8);
  const ranks = count(region.ranks, 1, 32, 8);
  const fileLabels = list<unknown>(region.file_labels).map(str);
  const rankLabels = list<unknown>(region.rank_labels).map(str);
  const x0 = PAD + (rankLabels.length ? RANK_W : 0);
  const y0 = LABEL_H + PAD;
  const sq = Math.max(MIN_SQ, Math.min(SQ, Math.floor((room.width - x0 - PAD) / files)));
  const holes = holeKeys(region.holes, files, ranks);
  const parts = [part("squares", drawSquares, files, ranks, sq, fileLabels, rankLabels, x0, y0, holes)];
  for (const c of objects<Cell>(region.cells)) {
    const f = Number(c.file);
    const rk = Number(c.rank);
    if (!onBoard(f, rk, files, ranks)) continue;
    parts.push(part("cell", drawCell, c, x0 + f * sq, y0 + (ranks - 1 - rk) * sq, sq));
  }
  return { parts, width: x0 + files * sq + PAD, height: y0 + ranks * sq + (fileLabels.length ? FILE_H : 0) };
}

export function names(region: GridRegion): [string, string][] {
  return objects<Cell>(region.cells).flatMap((c) => [
    [str(c.id), str(c.id)] as [string, string],
    ...objects<Piece>(c.pieces).map((p): [string, string] => [str(p.id), `${describe(p)} on ${str(c.id)}`]),
  ]);
}
