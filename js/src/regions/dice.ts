// Dice in a row, each named above its face and with its note whole below, in a column wide enough
// for its note. A used die fades its face only: its name and note keep their contrast.

import { objects, str, svg } from "../dom";
import { part } from "../reconcile";
import type { DiceRegion, Die } from "../types";
import { LABEL_H, MAX_W, MIN_W, PAD, item, lines, perLine, tooltip, truncate, type Layout, type Room } from "./common";

const DIE = 34;
const DIE_LABEL_H = 14; // a die's name above it
const NOTE_H = 24; // a die's note below it
const NOTE_CHAR = 6.1; // rough width of a die note's character
const NOTE_CHARS = 18; // longest die note shown whole

/** Pip positions on a die face, in thirds of its half-width. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function drawDie(d: Die, x: number, y: number, col: number, labelled: boolean): SVGGElement {
  const used = d.used === true;
  const label = str(d.label);
  const top = labelled ? y + DIE_LABEL_H : y;
  const dg = item(d.id, used ? "icw-die icw-used" : "icw-die", x - 3, y - 3, col - 6, top - y + DIE + NOTE_H);
  const cx = x + col / 2 - 6;
  if (label) dg.append(svg("text", { class: "icw-die-label", x: cx, y: y + 10 }, truncate(label, 8)));
  dg.append(svg("rect", { class: "icw-die-face", x: cx - DIE / 2, y: top, width: DIE, height: DIE, rx: 5 }));
  const face = d.face;
  const pips = typeof face === "number" ? PIPS[face] : undefined;
  if (pips) for (const [dx, dy] of pips) dg.append(svg("circle", { class: "icw-die-pip", cx: cx + dx * 9, cy: top + DIE / 2 + dy * 9, r: 3 }));
  else dg.append(svg("text", { class: "icw-die-text", x: cx, y: top + DIE / 2 + 5 }, face === null || face === undefined ? "?" : str(face)));
  const note = str(d.note);
  if (note) dg.append(svg("text", { class: "icw-die-note", x: cx, y: top + DIE + 15 }, truncate(note, NOTE_CHARS)));
  const shown = label ? `${label}: ${face ?? "not rolled"}` : face === null || face === undefined ? "a die not rolled" : `a die showing ${face}`;
  tooltip(dg, `${shown}${used ? ", used" : ""}${note ? `, ${note}` : ""}`);
  return dg;
}

export function layout(region: DiceRegion, room: Room): Layout {
  const dice = objects<Die>(region.dice);
  const longest = dice.reduce((m, d) => Math.max(m, Math.min(NOTE_CHARS, str(d.note).length)), 0);
  const col = Math.round(Math.max(DIE + 14, NOTE_CHAR * longest + 12));
  const labelled = dice.some((d) => str(d.label) !== "");
  const lineH = (labelled ? DIE_LABEL_H : 0) + DIE + (longest ? NOTE_H : 8); // room for notes only where a die has one
  const n = perLine(Math.min(room.width, MAX_W), col);
  const rows = lines(dice, n);
  const parts = rows.flatMap((line, r) => line.map((d, i) => part("die", drawDie, d, PAD + i * col, LABEL_H + PAD + r * lineH, col, labelled)));
  return { parts, width: Math.max(MIN_W, 2 * PAD + Math.min(n, dice.length) * col), height: LABEL_H + PAD + Math.max(1, rows.length) * lineH };
}

export function names(region: DiceRegion): [string, string][] {
  // An unlabelled die is called by the face it shows ("a 3"), never by its id.
  const called = (d: Die): string => str(d.label) || (typeof d.face === "number" ? `a ${d.face}` : str(d.id));
  return objects<Die>(region.dice).map((d) => [str(d.id), called(d)]);
}
