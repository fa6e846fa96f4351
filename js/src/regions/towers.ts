// Towers: stacks drawn side-on, bottom first, each over its label and its owner and points. They
// wrap onto more lines to fit the room. The region itself is a target too ("on the table").

import { objects, str, svg } from "../dom";
import { paint } from "../palette";
import { group, part, type Part } from "../reconcile";
import type { Piece, Tower, TowersRegion } from "../types";
import { CHAR, LABEL_H, MAX_W, MIN_W, PAD, describe, drawText, hitRect, idAttrs, lines, perLine, title, truncate, type Layout, type Room } from "./common";
import { stackHeight, stackParts } from "./stack";

const COL = 46; // one tower, at least: wider when its labels are long
const FOOT = 34; // tower label and owner/points under a tower

function towerLabel(t: Tower): string {
  return str(t.label ?? t.id);
}

function drawOwner(colour: unknown, cx: number): SVGCircleElement {
  const p = paint(colour);
  return svg("circle", { class: "icw-owner", cx, cy: 25, r: 4.5, fill: p.fill, stroke: p.stroke });
}

function drawEmptyTower(): SVGLineElement {
  return svg("line", { class: "icw-tower-empty", x1: -12, x2: 12, y1: 0, y2: 0 });
}

/** A tower, drawn about its base centre: a group placed at (cx, baseline) whose hit area reaches
 * up to `top`, so all towers of a line have the same target area. */
function towerPart(tower: Tower, cx: number, top: number, baseline: number, col: number): Part {
  const height = baseline - top;
  return group(idAttrs(tower.id, "icw-tower"), () => towerParts(tower, height, col), { place: [cx, baseline], from: [tower, height, col] });
}

/** The inside of a tower about its base centre, its hit area `height` + FOOT high. */
function towerParts(tower: Tower, height: number, col: number): Part[] {
  const pieces = objects<Piece>(tower.pieces);
  const label = towerLabel(tower);
  const parts = [part("hit", hitRect, -col / 2 + 2, -height, col - 4, height + FOOT)];
  if (!pieces.length) parts.push(part("empty", drawEmptyTower));
  parts.push(...stackParts(pieces));
  parts.push(part("text", drawText, "icw-tower-label", 0, 14, truncate(label, Math.floor((col - 6) / CHAR))));
  const hasOwner = tower.owner !== null && tower.owner !== undefined && tower.owner !== "";
  const hasPoints = tower.points !== null && tower.points !== undefined;
  const pts = hasPoints ? str(tower.points) : "";
  const x = hasOwner && pts ? -3.2 * pts.length - 1 : 0;
  if (hasOwner) parts.push(part("owner", drawOwner, tower.owner, pts ? x - 6 : 0));
  if (pts) parts.push(part("text", drawText, "icw-points", hasOwner ? x + 1 : 0, 29, pts, hasOwner ? "start" : "middle"));
  const owner = hasOwner ? `, owner ${str(tower.owner)}` : "";
  const points = hasPoints ? `, ${str(tower.points)} points` : "";
  const order = pieces.length ? `, bottom to top: ${pieces.map(describe).join(", ")}` : ", empty";
  parts.push(part("title", title, `${label}${order}${owner}${points}`));
  return parts;
}

export function layout(region: TowersRegion, room: Room): Layout {
  const towers = objects<Tower>(region.towers);
  const parts: Part[] = [];
  const longest = towers.reduce((m, t) => Math.max(m, towerLabel(t).length), 0);
  const col = Math.round(Math.min(96, Math.max(COL, CHAR * longest + 8)));
  const n = perLine(Math.min(room.width, MAX_W), col);
  let y = LABEL_H + PAD;
  for (const line of lines(towers, n)) {
    const tallest = line.reduce((m, t) => Math.max(m, stackHeight(objects<Piece>(t.pieces))), 24);
    const baseline = y + tallest + 4;
    line.forEach((t, i) => parts.push(towerPart(t, PAD + i * col + col / 2, y, baseline, col)));
    y = baseline + FOOT + 4;
  }
  const width = Math.max(MIN_W, Math.min(towers.length, n) * col + 2 * PAD);
  return { parts, width, height: towers.length ? y : y + 40 };
}

export function names(region: TowersRegion): [string, string][] {
  return objects<Tower>(region.towers).flatMap((t) => [
    [str(t.id), towerLabel(t)] as [string, string],
    ...objects<Piece>(t.pieces).map((p): [string, string] => [str(p.id), `${describe(p)} in ${towerLabel(t)}`]),
  ]);
}
