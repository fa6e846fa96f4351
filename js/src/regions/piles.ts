// Rows of interchangeable pieces: one pile per colour and size, drawn as a pyramid over its count,
// each row behind a chip in its colour. Piles wrap onto more lines when the room is narrow.

import { objects, str, svg } from "../dom";
import { paint } from "../palette";
import { drawPyramid } from "../pyramid";
import { group, part, type Part } from "../reconcile";
import type { Pile, PileRow, PilesRegion } from "../types";
import { LABEL_H, MIN_W, PAD, describe, drawText, hitRect, idAttrs, lines, perLine, title, tooltip, truncate, type Layout, type Room } from "./common";

const CELL = 36; // one pile
const ROW_H = 64; // one line of piles
const CHIP_H = 20;
const CHIP_CHARS = 26; // longest row label shown whole

/** A coloured chip with a label on it, in the colour's own ink. */
function chip(label: string, colour: unknown, x: number, y: number, w: number): SVGGElement {
  const p = paint(colour);
  const g = svg("g", { class: "icw-chip" });
  g.append(
    svg("rect", { x, y, width: w, height: CHIP_H, rx: 4, fill: p.fill, stroke: p.stroke }),
    svg("text", { x: x + 6, y: y + 14, fill: p.ink }, truncate(label, CHIP_CHARS)),
  );
  if (label.length > CHIP_CHARS) tooltip(g, label);
  return g;
}

function chipWidth(label: string): number {
  return Math.round(Math.max(44, 6.8 * Math.min(label.length, CHIP_CHARS) + 14));
}

/** One pile, its pyramid over its count, centred on cx: a group, so that a new count redraws
 * only the count and the tooltip. */
function pilePart(pile: Pile, cx: number, y: number): Part {
  const count = Number(pile.count) || 0;
  const parts = (): Part[] => [
    part("hit", hitRect, cx - CELL / 2 + 1, y, CELL - 2, ROW_H - 4),
    part("pyramid", drawPyramid, str(pile.colour), pile.size, cx, y + 45),
    part("text", drawText, "icw-count", cx, y + 58, `×${count}`),
    part("title", title, `${describe(pile)} ×${count} (${str(pile.id)})`),
  ];
  return group(idAttrs(pile.id, count > 0 ? "icw-pile" : "icw-pile icw-empty"), parts, { from: [pile, cx, y] });
}

export function layout(region: PilesRegion, room: Room): Layout {
  const rows = objects<PileRow>(region.rows);
  const parts: Part[] = [];
  const chipW = rows.reduce((m, row) => Math.max(m, row.label ? chipWidth(str(row.label)) : 0), 0);
  // The chips stand beside their piles when three piles still fit, else above them.
  const beside = chipW === 0 || PAD + chipW + 8 + 3 * CELL + PAD <= room.width;
  const x0 = beside && chipW ? PAD + chipW + 8 : PAD;
  const n = perLine(room.width, CELL, x0);
  const grid = gridOf(rows, beside ? x0 - PAD : 0, n, room.width);
  if (grid) return layoutGrid(rows, chipW, x0, grid);
  let y = LABEL_H + PAD;
  let width = MIN_W;
  for (const row of rows) {
    if (row.label) parts.push(part("chip", chip, str(row.label), row.colour, PAD, beside ? y + 24 : y, chipW));
    if (row.label && !beside) y += CHIP_H + 4;
    const piles = lines(objects<Pile>(row.piles), n);
    if (!piles.length) piles.push([]);
    for (const line of piles) {
      line.forEach((pile, j) => parts.push(pilePart(pile, x0 + j * CELL + CELL / 2, y)));
      width = Math.max(width, x0 + line.length * CELL + PAD);
      y += ROW_H;
    }
  }
  if (!rows.length) y += ROW_H;
  return { parts, width: Math.max(width, beside ? 0 : chipW + 2 * PAD), height: y };
}

const BLOCK_GAP = 16; // between the rows of piles set side by side

/** Where every row fits on one line beside its chip and the room holds several: how many rows
 * go side by side (balanced over the lines they take), and how wide each is. */
function gridOf(rows: PileRow[], chip: number, n: number, room: number): { cols: number; block: number } | null {
  const most = rows.reduce((m, row) => Math.max(m, objects<Pile>(row.piles).length), 0);
  if (rows.length < 2 || most === 0 || most > n) return null;
  const block = chip + most * CELL;
  const fit = Math.min(rows.length, Math.floor((room - 2 * PAD + BLOCK_GAP) / (block + BLOCK_GAP)));
  if (fit < 2) return null;
  const lineCount = Math.ceil(rows.length / fit);
  return { cols: Math.ceil(rows.length / lineCount), block };
}

function layoutGrid(rows: PileRow[], chipW: number, x0: number, { cols, block }: { cols: number; block: number }): Layout {
  const parts: Part[] = [];
  rows.forEach((row, i) => {
    const dx = (i % cols) * (block + BLOCK_GAP);
    const y = LABEL_H + PAD + Math.floor(i / cols) * ROW_H;
    if (row.label) parts.push(part("chip", chip, str(row.label), row.colour, PAD + dx, y + 24, chipW));
    objects<Pile>(row.piles).forEach((pile, j) => parts.push(pilePart(pile, dx + x0 + j * CELL + CELL / 2, y)));
  });
  const lineCount = Math.ceil(rows.length / cols);
  return { parts, width: Math.max(MIN_W, 2 * PAD + cols * block + (cols - 1) * BLOCK_GAP), height: LABEL_H + PAD + lineCount * ROW_H };
}

export function names(region: PilesRegion): [string, string][] {
  return objects<PileRow>(region.rows).flatMap((row) => objects<Pile>(row.piles).map((p): [string, string] => [str(p.id), describe(p)]));
}
