// How large the scene is drawn: fitted to the room the board has (the default: never a sideways
// scroll, and no taller than the window where that keeps the text readable), at its own size, or
// larger; only a zoom the player chooses makes the board scroll.

import { h } from "./dom";

export type Zoom = "fit" | "100" | "150";

export const ZOOMS: readonly [Zoom, string, string][] = [
  ["fit", "Fit", "Fit the board to the room it has"],
  ["100", "100%", "The board at its own size (it scrolls where it is wider than its room)"],
  ["150", "150%", "The board larger (it scrolls)"],
];

/** The widest a fitted scene is drawn, as a multiple of its own size: small scenes are not blown up. */
export const MAX_SCALE = 1.6;
/** The smallest a fitted scene is made to keep it within the window's height (the width always fits). */
export const MIN_TALL_SCALE = 0.45;

/** The CSS width to draw a scene laid out `width` x `height` at, in a box `box` pixels wide with
 * `tall` pixels of the window's height for it (0: unknown). */
export function drawnWidth(zoom: Zoom, width: number, height: number, box: number, tall: number): number {
  if (zoom === "100") return width;
  if (zoom === "150") return Math.round(width * 1.5);
  let fit = Math.min(box > 0 ? box : width, width * MAX_SCALE);
  if (tall > 0 && height > 0) fit = Math.min(fit, Math.max(width * MIN_TALL_SCALE, (tall * width) / height));
  return Math.max(1, Math.floor(fit));
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
