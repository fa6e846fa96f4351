// Rows of interchangeable pieces: one pile per colour and size, drawn as a pyramid over its count,
// each row behind a chip in its colour. Piles wrap onto more lines when the room is narrow.

import { objects, str, svg } from "../dom";
import { paint } from "../palette";
import { drawPyramid } from "../pyramid";
import { part, type Part } from "../reconcile";
import type { Pile, PileRow, PilesRegion } from "../types";
import { LABEL_H, MIN_W, PAD, describe, item, lines, perLine, tooltip, truncate, type Layout, type Room } from "./common";

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

/** One pile, its pyramid over its count, centred on cx. */
function drawPile(pile: Pile, cx: number, y: number): SVGGElement {
  const count = Number(pile.count) || 0;
  const pg = item(pile.id, count > 0 ? "icw-pile" : "icw-pile icw-empty", cx - CELL / 2 + 1, y, CELL - 2, ROW_H - 4);
  pg.append(drawPyramid(str(pile.colour), pile.size, cx, y + 45), svg("text", { class: "icw-count", x: cx, y: y + 58 }, `×${count}`));
  tooltip(pg, `${describe(pile)} ×${count} (${str(pile.id)})`);
  return pg;
}

export function layout(region: PilesRegion, room: Room): Layout {
  const rows = objects<PileRow>(region.rows);
  const parts: Part[] = [];
  const chipW = rows.reduce((m, row) => Math.max(m, row.label ? chipWidth(str(row.label)) : 0), 0);
  // The chips stand beside their piles when three piles still fit, else above them.
  const beside = chipW === 0 || PAD + chipW + 8 + 3 * CELL + PAD <= room.width;
  const x0 = beside && chipW ? PAD + chipW + 8 : PAD;
  const n = perLine(room.width, CELL, x0);
  let y = LABEL_H + PAD;
  let width = MIN_W;
  for (const row of rows) {
    if (row.label) parts.push(part("chip", chip, str(row.label), row.colour, PAD, beside ? y + 24 : y, chipW));
    if (row.label && !beside) y += CHIP_H + 4;
    const piles = lines(objects<Pile>(row.piles), n);
    if (!piles.length) piles.push([]);
    for (const line of piles) {
      line.forEach((pile, j) => parts.push(part("pile", drawPile, pile, x0 + j * CELL + CELL / 2, y)));
      width = Math.max(width, x0 + line.length * CELL + PAD);
      y += ROW_H;
    }
  }
  if (!rows.length) y += ROW_H;
  return { parts, width: Math.max(width, beside ? 0 : chipW + 2 * PAD), height: y };
}

export function names(region: PilesRegion): [string, string][] {
  return objects<PileRow>(region.rows).flatMap((row) => objects<Pile>(row.piles).map((p): [string, string] => [str(p.id), describe(p)]));
}
