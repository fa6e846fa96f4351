// A track: a count drawn as a row of boxes, so many of them filled (Ice Fortress's shield cubes),
// with the count in words beside it. The region's id is its only id.

import { r1, str, svg } from "../dom";
import { paint } from "../palette";
import { part, type Part } from "../reconcile";
import type { TrackRegion } from "../types";
import { CHAR, LABEL_H, MIN_W, PAD, count, title, type Layout, type Room } from "./common";

const BOX = 12;
const STEP = BOX + 2;
const MOST = 40; // boxes drawn at most; a longer track says its count in words only

/** The boxes, the filled ones first; a colour other than "ghost" paints them, else they are ice. */
function drawBoxes(filled: number, most: number, colour: string): SVGGElement {
  const g = svg("g", { class: "icw-track icw-region-item" });
  const p = colour && colour !== "ghost" ? paint(colour) : null;
  for (let i = 0; i < Math.min(most, MOST); i++) {
    const on = i < filled;
    g.append(svg("rect", {
      class: on ? "icw-track-box icw-track-on" : "icw-track-box",
      x: r1(PAD + i * STEP), y: LABEL_H + 2, width: BOX, height: BOX, rx: 2,
      fill: on && p ? p.fill : null, stroke: on && p ? p.stroke : null,
    }));
  }
  g.append(title(`${filled} of ${most}`));
  return g;
}

function drawCount(text: string, x: number): SVGTextElement {
  return svg("text", { class: "icw-track-count icw-region-item", x, y: LABEL_H + 13 }, text);
}

/** The count in words after the boxes: "6 of 10". */
export function trackText(value: number, most: number): string {
  return `${value} of ${most}`;
}

export function layout(region: TrackRegion, room: Room): Layout {
  const most = count(region.most, 0, 1e6, 0);
  const value = count(region.value, 0, 1e6, 0);
  const boxes = Math.min(Math.max(most, value), MOST);
  const text = trackText(value, Math.max(most, value));
  const x = PAD + boxes * STEP + 4;
  const parts: Part[] = [part("boxes", drawBoxes, value, Math.max(most, value), str(region.colour)), part("count", drawCount, text, x)];
  const need = x + text.length * CHAR + PAD; // the scene makes a region as wide as its label
  return { parts, width: Math.ceil(Math.min(Math.max(need, 120), Math.max(MIN_W, room.width))), height: LABEL_H + BOX + 4 };
}

/** The track's only id is the region's, named by its label. */
export function names(): [string, string][] {
  return [];
}
