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

/** The CSS width to draw a scene laid out `width` units wide (and `height` tall) at, in a box
 * `box` pixels wide. Fit: the box's width, but a scene is enlarged past its own size (up to
 * MAX_SCALE) only while it stays within `tall` pixels, so that what lies under it stays in the
 * first view; its text is never drawn smaller than its own size for that. 125 and 150: larger
 * than fitted by a quarter or a half. */
export function drawnWidth(zoom: Zoom, width: number, box: number, height = 0, tall = Infinity): number {
  const widest = Math.min(box > 0 ? box : width, width * MAX_SCALE);
  const filling = height > 0 && tall > 0 ? Math.max(width, (width * tall) / height) : Infinity;
  const fit = Math.max(1, Math.floor(Math.min(widest, filling)));
  return zoom === "fit" ? fit : Math.round((fit * Number(zoom)) / 100);
}

/** The share of the column beside the moves (and of the first view's height) a scene must fit in
 * for the moves to go back beside it. */
export const SPARE = 0.9;

/** How tall a board's first view is taken to be: what the player to act needs is drawn within it. */
export const FOLD = 800;

/** Whether the moves go under the board (one column) rather than beside it: when the scene, laid
 * out for the column beside them (`beside` pixels), is wider than that column (its text would be
 * drawn smaller than its own size), or, fitted, taller than `tall` (the first view under the
 * controls) where the whole width (`whole`) would show it shorter. `size(room)`: the scene's size
 * laid out for that room. `stacked`: the moves are under the board now; they go back beside it only
 * with room to spare (SPARE), so that a scene growing and shrinking by a part from move to move
 * does not move the layout back and forth. */
export function stacks(beside: number, whole: number, size: (room: number) => [number, number], tall = FOLD, stacked = false): boolean {
  const room = stacked ? Math.floor(beside * SPARE) : beside;
  const [w, h] = size(room);
  if (w > room + 1) return true;
  const high = (width: number, [sw, sh]: [number, number]) => (sh * drawnWidth("fit", sw, width, sh, tall)) / sw;
  const shown = high(room, [w, h]);
  if (shown <= (stacked ? tall * SPARE : tall)) return false;
  return high(whole, size(whole)) < shown;
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
