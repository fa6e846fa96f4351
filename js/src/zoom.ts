// How large the scene is drawn: fitted to the width the board has (the default: never a sideways
// scroll; the board grows taller rather than shrink its text), or larger than that by a quarter or
// a half; only a zoom the player chooses makes the board scroll.

import { h } from "./dom";

export type Zoom = "fit" | "125" | "150";

export const ZOOMS: readonly [Zoom, string, string][] = [
  ["fit", "Fit", "Fit the board to the width it has"],
  ["125", "125%", "The board a quarter larger than fitted (it scrolls)"],
  ["150", "150%", "The board half as large again as fitted (it scrolls)"],
];

/** The widest a fitted scene is drawn, as a multiple of its own size: small scenes are not blown up. */
export const MAX_SCALE = 1.6;

/** The CSS width to draw a scene laid out `width` units wide at, in a box `box` pixels wide. */
export function drawnWidth(zoom: Zoom, width: number, box: number): number {
  const fit = Math.max(1, Math.floor(Math.min(box > 0 ? box : width, width * MAX_SCALE)));
  return zoom === "fit" ? fit : Math.round((fit * Number(zoom)) / 100);
}

/** How tall a board's first view is taken to be: what the player to act needs is drawn within it. */
export const FOLD = 800;

/** Whether the moves go under the board (one column) rather than beside it: when the scene, laid
 * out for the column beside them (`beside` pixels), is wider than that column (its text would be
 * drawn smaller than its own size), or taller than FOLD where the whole width (`whole`) would show
 * it shorter. `size(room)`: the scene's size laid out for that room. */
export function stacks(beside: number, whole: number, size: (room: number) => [number, number]): boolean {
  const [w, h] = size(beside);
  if (w > beside + 1) return true;
  const tall = h * Math.min(beside / w, MAX_SCALE);
  if (tall <= FOLD) return false;
  const [ww, wh] = size(whole);
  return wh * Math.min(whole / ww, MAX_SCALE) < tall;
}

/** Whether a zoom is one of ours (what a view keeps). */
export function isZoom(v: unknown): v is Zoom {
  return ZOOMS.some(([z]) => z === v);
}

/** The zoom control: a group of three buttons, the pressed one the zoom in use. */
export function drawZoom(zoom: Zoom): HTMLElement {
  const el = h("div", "icw-zoom", undefined, { role: "group", "aria-label": "zoom" });
  for (const [z, text, title] of ZOOMS) {
    el.append(h("button", "", text, { type: "button", "data-zoom": z, title, "aria-pressed": String(z === zoom) }));
  }
  return el;
}
